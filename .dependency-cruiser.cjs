// The import rules, checked by dependency-cruiser (`npm run deps`, in CI beside typecheck, lint and knip).
//
// A domain is the first folder under worker/ (a file at the top, such as app.ts, is a domain of its own). The worker's
// domains stack in one order, from the ground up: a file imports only from its own domain and the domains below it,
// type-only imports included, and no circle of imports runs through two domains. When a lower domain must react to a
// higher one, the higher one registers a hook or handles an event; it is never imported back.

/** The domains from the ground up: the one place the order is written. */
const ORDER = [
  "db", // the schema, the D1 client and its sessions
  "lib", // plumbing: errors, validation, logging, crypto, the mailer, jobs, UK dates and postcodes
  "context.ts", // the Hono context's types
  "env.d.ts", // the bindings' types
  "auth", // who is asking: requireAuth, tokens, sessions, API keys
  "images", // image files: kinds, decoders, pixels, the barcodes in them
  "label-reading", // what a label says, line by line: its words, line kinds, layout, names, fields
  "couriers", // each courier's rules, label reader and tracking client; the registry
  "deadlines", // what the carriers' rules make of a parcel: its deadlines, lost flags, action window
  "credits", // the credit ledger
  "labels", // the label: reads, filters, the one save path, its answers
  "accounts", // sign-up, verification (with the free credits), the profile
  "webhooks", // developer webhooks
  "tracking-page", // the buyer's tracking page
  "buyer-mail", // tracking e-mails to buyers
  "tracking", // refreshes, the carrier call budget, lost notices
  "claims", // claim packs, deadline alerts, a parcel's outcome
  "label-import", // reading files into labels
  "label-mail", // labels by e-mail
  "label-print", // printing labels
  "marketplaces", // eBay, Etsy and Shopify: connections, orders in, tracking out
  "analytics",
  "billing",
  "admin",
  "mail", // the admin mailbox
  "privacy", // deletion, export, retention
  "api-docs", // what each call answers, the OpenAPI document
  "handlers", // the queue, cron and e-mail entry points
  "app.ts", // the Hono app: one app.route() per domain
  "index.ts", // the Worker's exports
];

/**
 * Imports allowed against the order, each with its reason (at most three: an exception is a debt, not a design).
 * Each names one importing file and one imported file.
 */
const EXCEPTIONS = [
  {
    from: "worker/labels/save.ts",
    to: "worker/webhooks/events.ts",
    because:
      "The one save path tells the owner's webhook endpoints of each label it creates or updates; events.ts only " +
      "queues the event (db, lib), while webhooks/ as a whole sits above labels: a delivery reads the label as it " +
      "is when it goes out (labels/read.ts), so a retried delivery never sends stale fields.",
  },
  {
    from: "worker/tracking-page/page-routes.ts",
    to: "worker/buyer-mail/unsubscribe.ts",
    because:
      "A buyer mail's unsubscribe link is a page under /t/ (/t/unsubscribe/<token>, with RFC 8058's one-click POST), " +
      "answered by the tracking page's public router with its rate limit, headers and 404 page; the mails " +
      "themselves are built above the tracking page, from the page's view.",
  },
];

if (EXCEPTIONS.length > 3) throw new Error(".dependency-cruiser.cjs: at most three exceptions to the order; move code instead");

const escape = (s) => s.replace(/[.]/g, "[.]");
const domainPath = (d) => (d.endsWith(".ts") ? `^worker/${escape(d)}$` : `^worker/${escape(d)}/`);
const anyOf = (paths) => paths.join("|");

const wrongWay = ORDER.flatMap((domain, i) => {
  const higher = anyOf(ORDER.slice(i + 1).map(domainPath));
  if (!higher) return [];
  const own = EXCEPTIONS.filter((e) => new RegExp(domainPath(domain)).test(e.from));
  return [
    {
      name: `${domain} imports only below it`,
      comment: `${domain} sits below ${ORDER.slice(i + 1).join(", ")} (.dependency-cruiser.cjs ORDER)`,
      severity: "error",
      from: { path: domainPath(domain), pathNot: own.map((e) => `^${escape(e.from)}$`) },
      to: { path: higher },
    },
    ...own.map((e) => ({
      name: `${domain} imports only below it (${e.from} may import ${e.to})`,
      comment: e.because,
      severity: "error",
      from: { path: `^${escape(e.from)}$` },
      to: { path: higher, pathNot: `^${escape(e.to)}$` },
    })),
  ];
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...wrongWay,
    {
      name: "no circle across domains",
      comment: "A circle of imports through two domains ties them together: neither can change alone",
      severity: "error",
      from: { path: "^worker/([^/]+)" },
      to: { circular: true, via: { pathNot: "^worker/$1(/|$)" } },
    },
    {
      name: "every worker domain is in the order",
      comment: "A new folder under worker/ takes its place in ORDER",
      severity: "error",
      from: { path: "^worker/", pathNot: anyOf(ORDER.map(domainPath)) },
      to: {},
    },
    {
      name: "only the app imports routes",
      comment: "A domain's routes are mounted in app.ts; services never import routes",
      severity: "error",
      from: { path: "^worker/", pathNot: "^worker/app[.]ts$" },
      to: { path: "^worker/[^/]+/(routes|[a-z-]+-routes)[.]ts$" },
    },
    {
      name: "the web app imports only types from the worker",
      comment: "What both run (formatting, list options, the UK calendar) lives in shared/",
      severity: "error",
      from: { path: "^web/" },
      to: { path: "^worker/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "the worker never imports the web app",
      comment:
        "But one edge: /labels' document (worker/labels/document.ts) draws the list's first cards with the string " +
        "markup the boot script draws them with (web/shell/card-markup.ts: no DOM, run in both), so the server's and " +
        "the browser's cards cannot drift apart (test/web/shell-cards.test.tsx holds them to LabelCard)",
      severity: "error",
      from: { path: "^worker/", pathNot: "^worker/labels/document[.]ts$" },
      to: { path: "^web/" },
    },
    {
      name: "the worker's /labels document imports only the cards' markup from the web app",
      severity: "error",
      from: { path: "^worker/labels/document[.]ts$" },
      to: { path: "^web/", pathNot: "^web/shell/card-markup[.]ts$" },
    },
    {
      name: "shared imports only shared",
      comment: "shared/ runs in the browser and in the Worker: it stands on its own",
      severity: "error",
      from: { path: "^shared/" },
      to: { path: "^(worker|web)/" },
    },
  ],
  options: {
    // TypeScript 7 has no compiler API for dependency-cruiser (it reads typescript >= 2 < 7): swc parses the
    // sources, type-only imports included.
    parser: "swc",
    doNotFollow: { path: "node_modules" },
    exclude: { path: "node_modules" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".d.ts", ".js", ".mjs"] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
