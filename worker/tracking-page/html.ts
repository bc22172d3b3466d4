import { html, raw } from "hono/html";
import { brandColorOf, readableOnWhite } from "./brand-color";
import { BUYER_STEPS, type BuyerView } from "./view";

/**
 * The buyer's tracking page as one small HTML document: no script, no web font, no request to anyone else; its
 * only other request is the seller's banner from this origin. Everything interpolated is escaped by hono's `html`.
 * It reads on a 390 px phone first and widens to a 40rem column.
 */

// One stylesheet for the page and its error pages. --accent is the seller's colour (bars), --accent-text the same
// hue darkened until it reads on white (links).
const STYLE = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1c1917;background:#fafaf9}
.top{background:#fff;border-top:6px solid var(--accent);border-bottom:1px solid #e7e5e4}
.wrap{max-width:40rem;margin:0 auto;padding:1rem}
.banner{display:block;height:4.5rem;width:100%;object-fit:contain;object-position:left center}
.banner+.seller{margin-top:.5rem}
.seller{margin:0;font-size:1.25rem;font-weight:700;overflow-wrap:anywhere}
.tagline{margin:.125rem 0 0;color:#57534e;font-size:.9375rem}
h1{font-size:1.75rem;line-height:1.2;margin:.5rem 0 .25rem}
h2{font-size:1.125rem;margin:0 0 .5rem}
.lead{margin:0 0 1rem;font-size:1.0625rem}
.for{margin:0 0 1rem;color:#57534e}
.card{background:#fff;border:1px solid #e7e5e4;border-radius:12px;padding:1rem;margin:0 0 1rem}
.steps{display:grid;grid-template-columns:repeat(4,1fr);gap:.375rem;list-style:none;margin:0 0 1.25rem;padding:0;font-size:.8125rem;color:#57534e}
.steps li{border-top:6px solid #e7e5e4;padding-top:.375rem}
.steps .done{border-color:var(--accent);color:#1c1917}
.steps [aria-current]{font-weight:700}
.status-delayed .lead,.status-returned .lead{border-left:4px solid #92400e;padding-left:.75rem}
.events{list-style:none;margin:0;padding:0}
.events li{padding:.625rem 0;border-top:1px solid #e7e5e4}
.events li:first-child{border-top:0;padding-top:0}
.events time{display:block;color:#57534e;font-size:.875rem}
.place{color:#57534e}
.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;overflow-wrap:anywhere}
a{color:var(--accent-text);text-underline-offset:.15em}
a:focus-visible{outline:3px solid var(--accent-text);outline-offset:2px}
.muted{color:#57534e}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
footer{color:#57534e;font-size:.8125rem;padding-bottom:2rem}
.button{font:inherit;font-weight:600;color:#fff;background:var(--accent-text);border:0;border-radius:8px;padding:.625rem 1.125rem;cursor:pointer}
.button:focus-visible{outline:3px solid #1c1917;outline-offset:2px}
`;

/** The document around a page's body. The style is ours alone (the accent is a checked #rrggbb): not escaped. */
function documentOf(title: string, color: string | null, body: ReturnType<typeof html>) {
  const accent = brandColorOf(color);
  return html`<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${title}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${raw(`:root{--accent:${accent};--accent-text:${readableOnWhite(accent)}}${STYLE}`)}</style>
</head>
<body>
${body}
</body>
</html>`;
}

/**
 * The seller's banner, then their company name and tagline. The name is text even under a banner (issue 33: a banner
 * used to stand in for it, and a banner that is a picture or a logo without the name left the buyer not knowing who
 * sent the parcel); the banner is then decorative. Without a name, the banner is 'Your parcel' to a screen reader.
 */
function sellerHeader(token: string, seller: BuyerView["seller"]) {
  const banner = seller.bannerVersion
    ? html`<img class="banner" src="/t/${token}/banner?v=${seller.bannerVersion}" alt="${seller.name ? "" : "Your parcel"}">`
    : "";
  const name = seller.name ?? (seller.bannerVersion ? null : "Your parcel");
  return html`<header class="top"><div class="wrap">${banner}${name ? html`<p class="seller">${name}</p>` : ""}${
    seller.tagline ? html`<p class="tagline">${seller.tagline}</p>` : ""
  }</div></header>`;
}

function steps(view: BuyerView) {
  return html`<ol class="steps" aria-label="Progress">${BUYER_STEPS.map((s, i) => {
    const done = i <= view.step;
    const current = i === view.step;
    return html`<li class="${done ? "done" : ""}"${current ? html` aria-current="step"` : ""}>${s.words}${done && !current ? html`<span class="sr"> (done)</span>` : ""}</li>`;
  })}</ol>`;
}

function updates(view: BuyerView) {
  if (!view.events.length) return html`<p class="muted">No updates from ${view.carrier.name} yet.</p>`;
  return html`<ol class="events">${view.events.map(
    (e) => html`<li><time>${e.at}</time>${e.text}${e.place ? html` <span class="place">· ${e.place}</span>` : ""}</li>`,
  )}</ol>`;
}

/** The page of one parcel. */
export function trackingPageHtml(token: string, view: BuyerView) {
  const { recipient, carrier } = view;
  const forWhom = [recipient.firstName ? `For ${recipient.firstName}` : null, recipient.district].filter(Boolean).join(", ");
  const title = `${view.headline} · ${view.seller.name ? `Your parcel from ${view.seller.name}` : "Your parcel"}`;
  const body = html`${sellerHeader(token, view.seller)}
<main class="wrap status-${view.status}">
<h1>${view.headline}</h1>
<p class="lead">${view.sentence}</p>
${steps(view)}
${forWhom ? html`<p class="for">${forWhom}</p>` : ""}
<section class="card" aria-labelledby="updates-title">
<h2 id="updates-title">Updates</h2>
${updates(view)}
</section>
<section class="card" aria-labelledby="carrier-title">
<h2 id="carrier-title">${carrier.name}</h2>
<p>Tracking number <span class="mono">${carrier.trackingCode}</span></p>
${carrier.url ? html`<p><a href="${carrier.url}" rel="noopener noreferrer">Track it on ${carrier.name}'s website</a></p>` : ""}
</section>
</main>
<footer class="wrap">Tracking page by Parcelhive. It shows no address: only where your parcel is.</footer>`;
  return documentOf(title, view.seller.color, body);
}

/** The one page of an address that shows nothing: unknown, switched off or malformed alike. */
export function pageNotFoundHtml() {
  return documentOf(
    "Tracking page not found",
    null,
    html`<main class="wrap"><h1>This tracking page is not available</h1>
<p class="lead">The link may have been mistyped, or the sender has switched it off. Ask the sender for a new link, or track the parcel on the carrier's website with its tracking number.</p></main>`,
  );
}

export function tooManyRequestsHtml() {
  return documentOf(
    "Too many requests",
    null,
    html`<main class="wrap"><h1>Too many requests</h1><p class="lead">Please wait a minute, then reload the page.</p></main>`,
  );
}

/** The unsubscribe page of a buyer mail's link: a question and one button, then the answer. */
export function unsubscribeHtml(seller: string | null, state: "ask" | "done") {
  const from = seller ?? "this sender";
  const body =
    state === "ask"
      ? html`<main class="wrap"><h1>Stop e-mails about your parcels?</h1>
<p class="lead">You will get no more tracking e-mails from ${from}. Their tracking pages keep working.</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button class="button" type="submit">Unsubscribe</button></form></main>`
      : html`<main class="wrap"><h1>You are unsubscribed</h1>
<p class="lead">You will get no more tracking e-mails from ${from}.</p></main>`;
  return documentOf(state === "ask" ? "Unsubscribe" : "Unsubscribed", null, body);
}
