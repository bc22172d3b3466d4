import { esc, pagesUnder } from "../standin-pages.ts";

/** Every page of the marketplace stand-in, under its banner. */
export const page = pagesUnder("Marketplace stand-in: test shops, no real orders or buyers");

export interface ConsentPage {
  marketplace: string;
  heading: string;
  detail: string;
  /** The accounts the person could be signed in as (eBay sellers, Etsy users); none for a Shopify shop. */
  accounts: { value: string; label: string }[];
  accountField: string;
  /** The authorize request's parameters, carried through the form. */
  hidden: Record<string, string>;
  action: string;
  agree: string;
  decline: string;
}

/**
 * The marketplace's own consent screen at its authorize URL: who is signed in, what the app asks for, and the two
 * buttons. The form POSTs back to the same URL with `action=agree` or `action=decline`.
 */
export const consentPage = {
  render(p: ConsentPage): Response {
    const hidden = Object.entries(p.hidden)
      .filter(([k]) => k !== "action" && k !== p.accountField)
      .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
      .join("");
    const accounts = p.accounts.length
      ? `<label for="account">Signed in as</label><select id="account" name="${esc(p.accountField)}">${p.accounts.map((a) => `<option value="${esc(a.value)}">${esc(a.label)}</option>`).join("")}</select>`
      : "";
    return page(
      `${p.marketplace}: ${p.heading}`,
      `<div class="card"><h1>${esc(p.heading)}</h1><p class="muted small">${esc(p.marketplace)}</p><p>${esc(p.detail)}</p>
<form method="post" action="${esc(p.action)}">${hidden}${accounts}
<div class="actions"><button class="primary" type="submit" name="action" value="agree">${esc(p.agree)}</button><button type="submit" name="action" value="decline">${esc(p.decline)}</button></div></form></div>`,
    );
  },
  error(marketplace: string, message: string): Response {
    return page(`${marketplace}: something went wrong`, `<div class="card"><h1>Something went wrong</h1><p class="muted small">${esc(marketplace)}</p><p class="bad">${esc(message)}</p></div>`, 400);
  },
};
