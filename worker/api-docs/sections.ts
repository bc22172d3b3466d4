/**
 * How the API reference is ordered: what a developer with an API key calls first (labels, tracking, webhooks,
 * analytics), then what the web app itself calls (account, data, payments, admin, the service's own). A call goes
 * to the first section whose paths match it; one matching none goes to 'Other calls' at the end, so a new call is
 * always listed. Texts are Markdown.
 */
export interface Section {
  id: string;
  title: string;
  intro: string;
  /** Made for developers' programs (else: the web app's own calls). */
  forDevelopers: boolean;
  paths: RegExp[];
}

export const SECTIONS: Section[] = [
  {
    id: "labels",
    title: "Labels",
    forDevelopers: true,
    intro:
      "Import label files (PDF, PNG, JPEG, WEBP) or create labels from a tracking code, list and search them, read one, correct what was read, download the original, print, export and delete. A new label costs 1 credit; a tracking code you already have is updated for free.\n\nThe list, its CSV export, bulk printing and the analytics take the same filters: `from` and `to` are UK calendar days (YYYY-MM-DD, inclusive), `tags` a comma list (a label matches when it has any of them); the list, the export and printing also take `q` (search), `status` and `sort`.",
    paths: [/^\/api\/v1\/label(\/|$)/, /^\/api\/v1\/labels(\/|$)/],
  },
  {
    id: "tracking",
    title: "Tracking and buyers",
    forDevelopers: true,
    intro:
      "Each label's tracking is refreshed from its carrier in the background; ask for a refresh now, share the buyer's tracking page, and mail the buyer its link. `GET /api/v1/couriers` lists the carriers and the fields of a manual label.",
    paths: [/\/refresh-tracking$/, /\/tracking-page$/, /\/buyer-mails$/, /\/send-to-buyer$/, /^\/api\/v1\/couriers$/],
  },
  {
    id: "webhooks",
    title: "Webhooks",
    forDevelopers: true,
    intro: "Have Parcelhive POST to your server when a label is created, deleted or restored, its tracking changes, it is delivered or it may be lost. Receiving them is described after the calls.",
    paths: [/^\/api\/v1\/webhooks(\/|$)/],
  },
  {
    id: "analytics",
    title: "Analytics",
    forDevelopers: true,
    intro: "Figures over your labels for a span of UK days, filtered as the labels list is.",
    paths: [/^\/api\/v1\/labels\/analytics\//],
  },
  {
    id: "account",
    title: "Account",
    forDevelopers: false,
    intro: "Sign-up, sign-in and sessions, the account's settings and its developer key.",
    paths: [/^\/api\/v1\/(signup|login|refresh|logout|verify-email|resend-verification|password-reset|user|generate-developer-key)(\/|$)/],
  },
  {
    id: "marketplaces",
    title: "Marketplaces",
    forDevelopers: false,
    intro: "Connect the seller's eBay, Etsy and Shopify shops with each marketplace's own consent page: `connect` answers where to send the browser, the marketplace sends it back to the app's screen, which hands what came with it to `connected`.",
    paths: [/^\/api\/v1\/marketplaces(\/|$)/],
  },
  {
    id: "payments",
    title: "Credits and payments",
    forDevelopers: false,
    intro:
      "Where every credit went: `GET /api/v1/credits/history` (an API key may read it too) pages through the ledger, newest first, with the balance after each change and the labels it paid for. Credits are bought through Stripe Checkout; Stripe tells the server of each payment through its signed webhook.",
    paths: [/^\/api\/v1\/(billing|create-checkout-session|billing-portal|stripe|credits)(\/|-|$)/],
  },
  {
    id: "admin",
    title: "Admin",
    forDevelopers: false,
    intro: "For the accounts listed in `ADMIN_EMAILS` only: users, credit grants, the marketing list and the product's mailbox.",
    paths: [/^\/api\/v1\/admin\//],
  },
  {
    id: "service",
    title: "The service",
    forDevelopers: false,
    intro: "Health, and this reference as an OpenAPI document.",
    paths: [/^\/api\/(health|docs)$/, /^\/api\/v1\/openapi\.json$/],
  },
];

export const OTHER: Section = { id: "other", title: "Other calls", forDevelopers: false, intro: "", paths: [] };

/** The section a call's path is listed in ('/api/v1/label/{id}' or '/api/v1/label/:id'). Checked in this order. */
export function sectionOf(path: string): Section {
  const order = ["analytics", "tracking", ...SECTIONS.map((s) => s.id)];
  for (const id of order) {
    const section = SECTIONS.find((s) => s.id === id)!;
    if (section.paths.some((p) => p.test(path))) return section;
  }
  return OTHER;
}

/** The first steps, above every call: a developer key, sending it, a first call, what a key may do, errors. */
export function startHere(origin: string, keyLimitPerMinute: number): string {
  return `1. **Get a key.** Sign in, open **Settings → Developer API key** and choose **Generate API key**. The key (\`phk_…\`) is shown once: copy it to where your program keeps secrets. Only a hash of it is stored; **Regenerate** makes a new one and the old one stops working at once.
2. **Send it with each call**, as \`Authorization: Bearer phk_…\` or \`X-API-Key: phk_…\`, to \`${origin}/api/v1/…\`.
3. **What a key may do:** the calls marked **API key** below: labels, uploads, tracking and analytics. Calls that change the account, its payments, its key or its webhooks take a signed-in session only (an access token from \`POST /api/v1/login\`), so a key that leaks cannot take over the account or plant a webhook that outlives it.
4. **Limits and errors:** ${keyLimitPerMinute} calls a minute per key (then 429). An error is JSON \`{ "error": "…" }\` with its status: 400 the input is not valid (the message names the field), 401 no or a wrong key, 402 not enough credits, 403 not allowed with a key, 404 not found (another account's label is not found either), 409 in conflict with the label's state, 413 too large.`;
}
