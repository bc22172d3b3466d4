/**
 * The one mailer: every message the product sends (verification, password reset, lost-parcel
 * notices, admin compose/reply) goes through sendMail over the `send_email` binding.
 * Locally miniflare writes each message under .wrangler/tmp/ and lists it at
 * /cdn-cgi/local/explorer/api/local/email/sending.
 */
export interface OutgoingMail {
  to: string | string[];
  cc?: string[];
  bcc?: string[];
  subject: string;
  text: string;
  html?: string;
  /** Defaults to MAIL_FROM; with a display name: { name, email }. */
  from?: string | EmailAddress;
  replyTo?: string;
  headers?: Record<string, string>;
}

export async function sendMail(env: Pick<Env, "EMAIL" | "MAIL_FROM">, mail: OutgoingMail) {
  const to = Array.isArray(mail.to) ? mail.to : [mail.to];
  return env.EMAIL.send({
    from: mail.from ?? env.MAIL_FROM,
    to,
    ...(mail.cc?.length ? { cc: mail.cc } : {}),
    ...(mail.bcc?.length ? { bcc: mail.bcc } : {}),
    subject: mail.subject,
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    ...(mail.headers ? { headers: mail.headers } : {}),
  });
}

/** Escapes text for the HTML part of a message. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);
}

/**
 * A plain, readable HTML mail body in the product's style: a heading, paragraphs, one button. A mail sent for a
 * seller (to their buyer) carries the seller's name and colour instead of the product's (`brand.color` a checked
 * #rrggbb, `brand.textColor` the same darkened to read on white), and small print under it.
 */
export function simpleHtmlMail(opts: {
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  brand?: { name: string; color: string; textColor: string };
  footer?: { text: string; link?: { label: string; url: string } }[];
}) {
  const brand = opts.brand ?? { name: "Parcelhive", color: "#d97706", textColor: "#b45309" };
  const p = opts.paragraphs.map((t) => `<p style="margin:0 0 14px;line-height:1.5">${escapeHtml(t)}</p>`).join("");
  const button = opts.action
    ? `<p style="margin:22px 0"><a href="${escapeHtml(opts.action.url)}" style="background:${opts.brand ? brand.textColor : brand.color};color:#fff;padding:11px 18px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(opts.action.label)}</a></p><p style="font-size:13px;color:#555">Or paste this link into your browser:<br>${escapeHtml(opts.action.url)}</p>`
    : "";
  const footer = (opts.footer ?? [])
    .map((f) => `<p style="margin:0 0 8px;font-size:12px;color:#57534e">${escapeHtml(f.text)}${f.link ? ` <a href="${escapeHtml(f.link.url)}" style="color:#57534e">${escapeHtml(f.link.label)}</a>` : ""}</p>`)
    .join("");
  const top = opts.brand ? `border-top:6px solid ${brand.color};` : "";
  return `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#1c1917;background:#fafaf9;padding:24px"><div style="max-width:520px;margin:auto;background:#fff;border:1px solid #e7e5e4;${top}border-radius:12px;padding:28px"><p style="font-weight:700;color:${brand.textColor};margin:0 0 18px">${escapeHtml(brand.name)}</p><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(opts.heading)}</h1>${p}${button}</div>${footer ? `<div style="max-width:520px;margin:16px auto 0">${footer}</div>` : ""}</body></html>`;
}

/**
 * Sends a message already built as raw MIME (admin compose/reply, with threading headers the
 * builder form cannot carry). The envelope takes one recipient per EmailMessage, so the same raw
 * message goes once to each of `recipients` (To, Cc and Bcc; Bcc is never in the headers).
 */
export async function sendRawMail(env: Pick<Env, "EMAIL">, from: string, recipients: string[], raw: string) {
  const { EmailMessage } = await import("cloudflare:email");
  for (const to of recipients) {
    await env.EMAIL.send(new EmailMessage(from, to, raw));
  }
}
