/**
 * The local stand-ins' pages (Stripe's Checkout and portal, the marketplaces' consent screens, their dashboards) share
 * one plain frame: readable on a phone, keyboard-usable, marked as a test stand-in by a banner of their own.
 */
export const esc = (s: unknown) => String(s ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1a1f36;background:#f6f9fc}
.banner{background:#ffe8cc;color:#6b3200;text-align:center;font-size:14px;padding:6px 12px}
main{max-width:760px;margin:0 auto;padding:24px 16px}
.card{background:#fff;border:1px solid #e3e8ee;border-radius:10px;padding:20px;margin:0 0 16px}
h1{font-size:22px;margin:0 0 12px}h2{font-size:18px;margin:0 0 10px}
.amount{font-size:32px;font-weight:700;margin:4px 0}
.muted{color:#4f566b}.small{font-size:14px}
label{display:block;font-weight:600;font-size:14px;margin:12px 0 4px}
input{width:100%;padding:10px;border:1px solid #a3acb9;border-radius:6px;font:inherit;background:#f6f9fc}
.actions{display:flex;flex-wrap:wrap;gap:10px;margin-top:18px}
button,.btn{font:inherit;font-weight:600;border-radius:6px;padding:10px 18px;border:1px solid #3c4257;background:#fff;color:#1a1f36;cursor:pointer;text-decoration:none;display:inline-block}
button.primary{background:#4f46e5;border-color:#4f46e5;color:#fff;flex:1 1 200px}
button.danger{border-color:#b42318;color:#b42318}
button:focus-visible,.btn:focus-visible,a:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
table{width:100%;border-collapse:collapse;font-size:14px}th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #e3e8ee;vertical-align:top}
.table{overflow-x:auto}code{font-size:13px;word-break:break-all}
.ok{color:#05603a;font-weight:600}.bad{color:#b42318;font-weight:600}
form.inline{display:inline}
`;

/** A page function for one stand-in, every page of it under `banner`. */
export function pagesUnder(banner: string) {
  return (title: string, body: string, status = 200): Response => {
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head><body><p class="banner" role="note">${esc(banner)}</p><main>${body}</main></body></html>`;
    return new Response(html, { status, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
  };
}

export const redirect = (location: string) => new Response(null, { status: 303, headers: { Location: location } });

/** A time on the stand-in's clock, as its pages show it: '19 Dec 2026, 14:03 UTC'. */
export function when(sec: number | null): string {
  if (sec === null) return "—";
  return `${new Date(sec * 1000).toLocaleString("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "UTC" })} UTC`;
}
