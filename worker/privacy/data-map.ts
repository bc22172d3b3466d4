// Over ~300 lines on purpose: the whole map in one file, so nobody adds a table or an R2 prefix without deciding,
// in one place beside every other, what becomes of its rows.
/**
 * The personal-data map: every D1 table and every R2 prefix the app writes, what it holds, how its rows or objects
 * belong to a user and to a label, and what each of the product's data rights does with them:
 *  - `deletion`: a label is deleted (it goes to Recently deleted for 30 days, restorable);
 *  - `purge`: the cron removes a label for good after those 30 days (or at once from Recently deleted);
 *  - `closure`: the account is closed;
 *  - `export`: 'Download my data' (access and portability);
 *  - `retention`: how long rows are kept while the account lives.
 * test/worker/data-map.test.ts lists the real schema (sqlite_master of a migrated D1) and every R2 prefix the code
 * writes, and fails when one is not here: adding personal data means deciding its fate first. The deletion, purge and
 * closure code reads `owner` to find a user's rows; the map is not only words.
 *
 * Where rows live (docs/operations-and-scale.md 'Past one database'): every database carries the whole schema; `directory` tables are
 * used in the home database `DB` only, `sender` tables in the database that holds the sender's data (`DB` or a
 * `DB_<NAME>`), `both` in each (a sender in another database has a copy of their `users` row there).
 */

/** How a table's rows are tied to one user (the closure and the export find a user's rows by it). */
export type Owner =
  /** The row's `column` is the user's id. */
  | { by: "user"; column: string }
  /** The row belongs to a row of `parent` (itself the user's) whose `parentColumn` equals the row's `column`. */
  | { by: "parent"; parent: string; column: string; parentColumn: string }
  /** The full-text index: rowid = owner's id × 2^32 + the label's rowid (migrations/0019_labels_search.sql). */
  | { by: "search-rowid" }
  /** A lease's key names the label (`tracking:<labelId>`) or the user (`alerts:user:<id>`, `lost-mail:user:<id>`). */
  | { by: "lease-key" }
  /** The admin mailbox: a message is a user's when one of these columns names their e-mail address. */
  | { by: "address"; columns: string[] }
  /** What a closed account left: found by the MAC of the e-mail it had, never by an id of a live account. */
  | { by: "closed-seller" }
  /** Nobody's: the app's own bookkeeping. */
  | { by: "none" };

/** How a table's rows are tied to one label (deletion and purge find a label's rows by it). */
export type LabelLink =
  | { by: "label"; column: string }
  /** Rows a label points at (its file): `column` of this table = `labelColumn` of the label. */
  | { by: "pointed-at"; column: string; labelColumn: string }
  | { by: "search-rowid" }
  | { by: "lease-key" }
  /** Aggregates over many labels (rollups), kept exact by triggers on `labels`: no row is one label's. */
  | { by: "rollup" }
  | { by: "none" };

/** What deleting a label (to Recently deleted) does. */
type OnDeletion =
  | "moves" // leaves with the label into Recently deleted, comes back whole on restore
  | "follows" // kept exact from the label by SQLite triggers: leaves with it, comes back with it
  | "dropped" // removed at once; restore makes it anew (the buyer page gets a new token)
  | "stays" // untouched until the purge (the label's file, so a restore brings it back)
  | "none"; // not a label's data

/** What purging a label (after its 30 days) does. */
type OnPurge =
  | "deleted" // the label's rows go
  | "deleted-unless-used" // goes unless another label (live or recently deleted) still uses it
  | "unlinked" // the row stays, its link to the label is cleared (the ledger's debit, whose credit is not refunded)
  | "none";

/** What closing the account does. */
type OnClosure =
  | "deleted" // every row of the user goes
  | "deleted-at-once" // goes in the closing request itself, so the account is unusable at once
  | "hashed" // only a one-way hash survives, for the reason given in `why`
  | "admin-chooses" // the admin closing the account chooses whether these go too (the mailbox)
  | "none"; // nobody's data

type OnExport = "exported" | "exported-without-secrets" | "not-exported";

export interface TableEntry {
  where: "directory" | "sender" | "both";
  holds: string;
  /** 'people': names, addresses or e-mails of recipients and buyers; 'account': the seller's own; 'none'. */
  personal: "people" | "account" | "none";
  /** The columns that hold personal data (retention and the deletion tests read them). */
  personalColumns?: string[];
  owner: Owner;
  label: LabelLink;
  deletion: OnDeletion;
  purge: OnPurge;
  closure: OnClosure;
  export: OnExport;
  retention: string;
  /** Why, where a fate needs one. */
  why?: string;
}

const noLabel = { label: { by: "none" }, deletion: "none", purge: "none" } as const;
const rollup = (holds: string): TableEntry => ({
  where: "sender",
  holds,
  personal: "none",
  owner: { by: "user", column: "user_id" },
  label: { by: "rollup" },
  deletion: "follows",
  purge: "none",
  closure: "deleted",
  export: "not-exported",
  retention: "as long as the labels it counts",
  why: "Counts only: derived from the labels, which the export carries.",
});
const appOwn = (where: TableEntry["where"], holds: string): TableEntry => ({
  where,
  holds,
  personal: "none",
  owner: { by: "none" },
  ...noLabel,
  closure: "none",
  export: "not-exported",
  retention: "the app's own bookkeeping",
});

export const TABLES: Record<string, TableEntry> = {
  // ---- the directory (DB): who a sender is and how they sign in
  users: {
    where: "both",
    holds: "the account: e-mail, password hash, verification, API key hash, branding, preferences, balance, Stripe ids",
    personal: "account",
    personalColumns: ["email", "company_name", "company_tagline"],
    owner: { by: "user", column: "id" },
    ...noLabel,
    closure: "deleted",
    export: "exported-without-secrets",
    retention: "while the account is open",
    why: "Closing makes the row unusable at once (signed-in nowhere, its e-mail free to sign up again); the row goes when the queue has removed everything that points at it.",
  },
  refresh_tokens: {
    where: "directory",
    holds: "sessions (hashes of refresh tokens)",
    personal: "account",
    owner: { by: "user", column: "user_id" },
    ...noLabel,
    closure: "deleted-at-once",
    export: "not-exported",
    retention: "30 days after the last refresh",
    why: "Secrets: never exported.",
  },
  email_tokens: {
    where: "directory",
    holds: "verification and password-reset links (hashed) and the address each was sent to",
    personal: "account",
    personalColumns: ["email"],
    owner: { by: "user", column: "user_id" },
    ...noLabel,
    closure: "deleted-at-once",
    export: "not-exported",
    retention: "while the account is open",
    why: "Secrets: never exported.",
  },
  label_import_addresses: {
    where: "directory",
    holds: "each user's private label import address token",
    personal: "account",
    owner: { by: "user", column: "user_id" },
    ...noLabel,
    closure: "deleted-at-once",
    export: "exported",
    retention: "while the account is open",
  },
  tracking_page_tokens: {
    where: "directory",
    holds: "which sender's label a buyer page token is",
    personal: "none",
    owner: { by: "user", column: "user_id" },
    label: { by: "pointed-at", column: "token", labelColumn: "page_token" },
    deletion: "dropped",
    purge: "none",
    closure: "deleted-at-once",
    export: "not-exported",
    retention: "while the page is shared",
    why: "A deleted label's page answers 404 at once; a restore shares it under a new token. The page's address is exported with its label.",
  },
  user_databases: {
    where: "directory",
    holds: "which D1 database holds a sender's data",
    personal: "none",
    owner: { by: "user", column: "user_id" },
    ...noLabel,
    closure: "deleted",
    export: "not-exported",
    retention: "while the account is open",
    why: "Routes the closing queue jobs, so it goes last.",
  },
  stripe_checkouts: {
    where: "directory",
    holds: "Checkout sessions this server opened, until they complete or expire",
    personal: "account",
    owner: { by: "user", column: "user_id" },
    ...noLabel,
    closure: "deleted-at-once",
    export: "not-exported",
    retention: "while the account is open",
    why: "Payment records stay with Stripe, which keeps what the law asks of a seller of credits.",
  },
  account_closures: {
    where: "directory",
    holds: "accounts being closed: where the queue removes their data, the mail address whose mailbox threads go (only when an admin chose so), the MAC their buyers' unsubscribes are kept under",
    personal: "account",
    personalColumns: ["mail_address"],
    owner: { by: "user", column: "user_id" },
    ...noLabel,
    closure: "deleted",
    export: "not-exported",
    retention: "until the closing queue has removed the account (it goes with the account's last row)",
  },
  closed_unsubscribes: {
    where: "directory",
    holds: "a closed account's buyers who unsubscribed: the MAC of the seller's e-mail, the closed account's id and the MAC of the buyer's address (never an address)",
    personal: "people",
    personalColumns: ["seller_mac", "address_mac"],
    owner: { by: "closed-seller" },
    ...noLabel,
    closure: "hashed",
    export: "not-exported",
    retention: "for good: an unsubscribe is honoured whenever the seller's e-mail opens an account again",
    why: "What closing keeps besides Stripe's payment records, and all it keeps: a one-way hash, so the address itself is gone.",
  },
  stripe_events: appOwn("directory", "ids of Stripe events already handled (idempotency)"),
  stripe_prices: appOwn("directory", "the configured Stripe prices, as Stripe last answered them"),
  carrier_call_budget: appOwn("directory", "carrier calls made per minute"),
  carrier_pauses: appOwn("directory", "carriers that asked us to wait"),
  d1_migrations: appOwn("both", "the migrations applied"),
  mail_messages: {
    where: "directory",
    holds: "the admin mailbox: inbound and sent mail (the raw message in R2 under mail/)",
    personal: "people",
    personalColumns: ["from_addr", "to_json", "cc_json", "reply_to", "subject", "snippet"],
    owner: { by: "address", columns: ["from_addr", "to_json", "cc_json", "reply_to"] },
    ...noLabel,
    closure: "admin-chooses",
    export: "not-exported",
    retention: "ADMIN_MAILBOX retention (days) once configured",
    why: "Support correspondence is the business's record as much as the user's: the admin closing an account chooses whether its threads go; the self-service export leaves it out (the admin answers a request for it from Webmail).",
  },
  mail_attachments: {
    where: "directory",
    holds: "attachments of mailbox messages (bytes in R2)",
    personal: "people",
    personalColumns: ["filename"],
    owner: { by: "parent", parent: "mail_messages", column: "mail_key", parentColumn: "key" },
    ...noLabel,
    closure: "admin-chooses",
    export: "not-exported",
    retention: "with its message",
  },

  // ---- a sender's database (DB or DB_<NAME>)
  labels: {
    where: "sender",
    holds: "labels: tracking code, recipient, sender and return addresses, buyer e-mail, tracking events, notes, tags; the marketplace order it is linked to or asks about (order ids only)",
    personal: "people",
    personalColumns: ["details_json", "tracking_json", "buyer_email", "notes", "tags_json"],
    owner: { by: "user", column: "user_id" },
    label: { by: "label", column: "id" },
    deletion: "moves",
    purge: "deleted",
    closure: "deleted",
    export: "exported",
    retention: "until deleted; a buyer's e-mail and phone 90 days after delivery, address lines after the seller's chosen period",
  },
  deleted_labels: {
    where: "sender",
    holds: "Recently deleted: each deleted label whole (its row as JSON with every field, its sent alerts and buyer mails) for 30 days",
    personal: "people",
    personalColumns: ["label_json", "tracking_code"],
    owner: { by: "user", column: "user_id" },
    label: { by: "label", column: "label_id" },
    deletion: "moves",
    purge: "deleted",
    closure: "deleted",
    export: "exported",
    retention: "30 days after deletion, then purged by the cron (or at once when the owner deletes it for good)",
    why: "Where a deleted label waits to be restored. The export carries it apart from the live labels.",
  },
  label_jobs: {
    where: "sender",
    holds: "progress of bulk deletes, restores and purges running in the queue, with the filters asked (a search may hold a name)",
    personal: "people",
    personalColumns: ["selection_json"],
    owner: { by: "user", column: "user_id" },
    ...noLabel,
    closure: "deleted",
    export: "not-exported",
    retention: "a week after the job finishes",
  },
  label_tags: {
    where: "sender",
    holds: "one row per label and tag (mirrors labels.tags_json for the filters)",
    personal: "people",
    personalColumns: ["tag"],
    owner: { by: "user", column: "user_id" },
    label: { by: "label", column: "label_id" },
    deletion: "moves",
    purge: "deleted",
    closure: "deleted",
    export: "exported",
    retention: "with its label",
    why: "Tags are free text a seller may fill with a name; restored from the label's own tags.",
  },
  label_tag_sets: {
    where: "sender",
    holds: "each tagged label's set of tags, for the analytics over several tags",
    personal: "people",
    personalColumns: ["tag_set"],
    owner: { by: "user", column: "user_id" },
    label: { by: "label", column: "label_id" },
    deletion: "follows",
    purge: "deleted",
    closure: "deleted",
    export: "not-exported",
    retention: "with its label",
  },
  tag_set_tags: {
    where: "sender",
    holds: "which tag sets contain a tag (a set stays listed after its last label leaves)",
    personal: "people",
    personalColumns: ["tag", "tag_set"],
    owner: { by: "user", column: "user_id" },
    label: { by: "rollup" },
    deletion: "follows",
    purge: "deleted",
    closure: "deleted",
    export: "not-exported",
    retention: "while a label of the user has the set",
    why: "The purge removes the sets no label of the user has any more: a tag may be a name.",
  },
  label_files: {
    where: "sender",
    holds: "uploaded originals: file name, type, size (the bytes in R2 under labels/)",
    personal: "people",
    personalColumns: ["name"],
    owner: { by: "user", column: "user_id" },
    label: { by: "pointed-at", column: "id", labelColumn: "file_id" },
    deletion: "stays",
    purge: "deleted-unless-used",
    closure: "deleted",
    export: "exported",
    retention: "while a label (live or recently deleted) uses it",
  },
  label_alerts: {
    where: "sender",
    holds: "the deadline alerts sent for a label",
    personal: "none",
    owner: { by: "parent", parent: "labels", column: "label_id", parentColumn: "id" },
    label: { by: "label", column: "label_id" },
    deletion: "moves",
    purge: "deleted",
    closure: "deleted",
    export: "exported",
    retention: "with its label",
  },
  buyer_mails: {
    where: "sender",
    holds: "the tracking e-mails sent to a label's buyer (no address: it stays on the label)",
    personal: "none",
    owner: { by: "user", column: "user_id" },
    label: { by: "label", column: "label_id" },
    deletion: "moves",
    purge: "deleted",
    closure: "deleted",
    export: "exported",
    retention: "with its label",
  },
  buyer_unsubscribes: {
    where: "sender",
    holds: "buyers who unsubscribed from a seller's mails, as a MAC of their address",
    personal: "people",
    personalColumns: ["address_mac"],
    owner: { by: "user", column: "user_id" },
    ...noLabel,
    closure: "hashed",
    export: "not-exported",
    retention: "while the account is open",
    why: "An unsubscribe is honoured for good: kept under a one-way hash of the seller's e-mail, so an account opened again with it keeps its buyers unsubscribed. Nothing readable to export.",
  },
  labels_search: {
    where: "sender",
    holds: "the labels list's full-text index (contentless: the words are not kept, only the index)",
    personal: "people",
    owner: { by: "search-rowid" },
    label: { by: "search-rowid" },
    deletion: "follows",
    purge: "none",
    closure: "deleted",
    export: "not-exported",
    retention: "with its label",
    why: "Kept by triggers on labels: a deleted label's entry leaves with it.",
  },
  label_day_stats: rollup("analytics: labels per day, courier, lost and next-day flags"),
  label_status_day_stats: rollup("the labels list's totals by status"),
  label_tag_day_stats: { ...rollup("analytics per tag"), personal: "people", personalColumns: ["tag"] },
  label_tag_set_day_stats: { ...rollup("analytics per tag set"), personal: "people", personalColumns: ["tag_set"] },
  label_delivery_day_stats: rollup("on-time analytics"),
  label_tag_set_delivery_day_stats: { ...rollup("on-time analytics per tag set"), personal: "people", personalColumns: ["tag_set"] },
  job_leases: {
    where: "sender",
    holds: "short leases so one piece of work never runs twice at once (keys name a label or a user)",
    personal: "none",
    owner: { by: "lease-key" },
    label: { by: "lease-key" },
    deletion: "none",
    purge: "deleted",
    closure: "deleted",
    export: "not-exported",
    retention: "minutes",
  },
  credit_ledger: {
    where: "sender",
    holds: "every change of balance with its reason and reference (a debit names its label or file)",
    personal: "account",
    owner: { by: "user", column: "user_id" },
    label: { by: "none" },
    deletion: "stays",
    purge: "unlinked",
    closure: "deleted",
    export: "exported",
    retention: "while the account is open",
    why: "Credits are not refunded when a label is deleted, so its debit stays; the purge clears the debit's link to the label. Payment records stay with Stripe.",
  },
  data_exports: {
    where: "sender",
    holds: "'Download my data' copies: status, progress, when each expires (the archive in R2 under exports/)",
    personal: "account",
    owner: { by: "user", column: "user_id" },
    ...noLabel,
    closure: "deleted",
    export: "not-exported",
    retention: "7 days after the copy is ready, then deleted by the cron (a new copy replaces it at once)",
    why: "The export itself is the copy: it is not exported again.",
  },
  retention_passes: appOwn("sender", "where each daily retention pass got to (worker/privacy/retention.ts)"),
  r2_deletions: {
    where: "sender",
    holds: "R2 keys nothing points at any more (an original no label uses), until they are deleted from R2",
    personal: "none",
    owner: { by: "user", column: "user_id" },
    ...noLabel,
    closure: "deleted",
    export: "not-exported",
    retention: "minutes: until the upload or the cron deletes the object",
  },
  webhook_endpoints: {
    where: "sender",
    holds: "developer webhook endpoints: URL, events, signing secret",
    personal: "account",
    owner: { by: "user", column: "user_id" },
    ...noLabel,
    closure: "deleted-at-once",
    export: "exported-without-secrets",
    retention: "while the account is open",
  },
  marketplace_connections: {
    where: "sender",
    holds: "connected eBay, Etsy and Shopify shops: the shop's name and id, its OAuth tokens sealed with MARKETPLACE_TOKEN_KEY",
    personal: "account",
    personalColumns: ["shop_name"],
    owner: { by: "user", column: "user_id" },
    ...noLabel,
    closure: "deleted-at-once",
    export: "exported-without-secrets",
    retention: "while connected: disconnecting deletes the row and its tokens at once",
    why: "Closing stops every marketplace call at once: the tokens go in the closing request.",
  },
  marketplace_orders: {
    where: "sender",
    holds: "orders from connected shops: the order's number, the recipient's name and address, the buyer's marketplace user name or id, the items and when they are due",
    personal: "people",
    personalColumns: ["recipient_name", "recipient_postcode", "address_json", "buyer_ref"],
    owner: { by: "user", column: "user_id" },
    ...noLabel,
    closure: "deleted",
    export: "not-exported",
    retention: "while awaiting dispatch, then 30 days after the order last changed (the sync removes it); with its shop when the shop is disconnected",
    why: "Copies of the marketplace's own orders, kept to match labels and send tracking: the marketplace is where the seller reads and downloads them.",
  },
  marketplace_dispatches: {
    where: "sender",
    holds: "tracking sent to marketplaces: which label's tracking code and carrier went to which order and its lines, when, and why one was not sent",
    personal: "none",
    owner: { by: "user", column: "user_id" },
    ...noLabel,
    closure: "deleted",
    export: "not-exported",
    retention: "with its order: a trigger removes it when the order goes (30 days after dispatch, disconnecting the shop, the marketplace's privacy notices)",
    why: "No one's name or address: ids and the tracking code sent. The marketplace keeps the tracking on its order, where the seller reads it; a deleted label leaves it, as the marketplace was told.",
  },
  marketplace_connect_states: {
    where: "sender",
    holds: "connections being made: a one-use state (hashed), Etsy's PKCE verifier (sealed), the Shopify store asked for",
    personal: "none",
    owner: { by: "user", column: "user_id" },
    ...noLabel,
    closure: "deleted",
    export: "not-exported",
    retention: "15 minutes (used once; expired ones go when the seller next connects)",
    why: "Secrets of a moment: never exported.",
  },
  webhook_deliveries: {
    where: "sender",
    holds: "the last 50 delivery attempts of each endpoint",
    personal: "none",
    owner: { by: "parent", parent: "webhook_endpoints", column: "endpoint_id", parentColumn: "id" },
    ...noLabel,
    closure: "deleted-at-once",
    export: "exported",
    retention: "the newest 50 per endpoint",
  },
};

export interface R2PrefixEntry {
  holds: string;
  /** Every key under the prefix matches this; its first group is the owner's user id where there is one. */
  key: RegExp;
  personal: TableEntry["personal"];
  /** The source files that write under the prefix (test/worker/data-map.test.ts finds every R2 write in worker/). */
  writtenBy: string[];
  /** The table whose rows name these objects. */
  table: string;
  /** Keys are `<prefix><userId>/…`: closing an account deletes everything under its own. */
  byUser?: true;
  deletion: OnDeletion;
  purge: OnPurge;
  closure: OnClosure;
  export: OnExport;
  retention: string;
}

export const R2_PREFIXES: Record<string, R2PrefixEntry> = {
  "labels/": {
    holds: "uploaded label originals, labels/<userId>/<fileId>; anything derived from one goes under its key + '/'",
    key: /^labels\/(\d+)\/[A-Za-z0-9_-]+(\/.+)?$/,
    personal: "people",
    writtenBy: ["worker/label-import/import-file.ts"],
    table: "label_files",
    byUser: true,
    deletion: "stays",
    purge: "deleted-unless-used",
    closure: "deleted",
    export: "exported",
    retention: "while a label (live or recently deleted) uses it",
  },
  "banners/": {
    holds: "each seller's label banner image, banners/<userId>/<id>",
    key: /^banners\/(\d+)\/[A-Za-z0-9_-]+$/,
    personal: "account",
    writtenBy: ["worker/accounts/profile.ts"],
    table: "users",
    byUser: true,
    deletion: "none",
    purge: "none",
    closure: "deleted",
    export: "exported",
    retention: "until replaced or removed",
  },
  "exports/": {
    holds: "'Download my data' archives, exports/<userId>/<exportId>/parcelhive-data.zip, and its pieces while it is built (….build/carry-<n>, central-<n>)",
    key: /^exports\/(\d+)\/exp_[0-9a-f]{20}\/parcelhive-data\.zip(?:\.build\/(?:carry|central)-\d+)?$/,
    personal: "people",
    writtenBy: ["worker/privacy/export-archive.ts"],
    table: "data_exports",
    byUser: true,
    deletion: "none",
    purge: "none",
    closure: "deleted",
    export: "not-exported",
    retention: "7 days after it is ready (its link's life), then deleted by the cron",
  },
  "mail/": {
    holds: "the admin mailbox's raw messages mail/<in|out>/<time>-<id>.eml and their attachments …/att/<n>",
    key: /^mail\/(?:in|out)\/\d{13}-[0-9a-f]{16}(?:\.eml|\/att\/\d+)$/,
    personal: "people",
    writtenBy: ["worker/mail/mailbox.ts", "worker/mail/compose.ts"],
    table: "mail_messages",
    deletion: "none",
    purge: "none",
    closure: "admin-chooses",
    export: "not-exported",
    retention: "with its message",
  },
};

/** The map's entry for an R2 key, or null when no prefix holds it. */
export function r2PrefixOf(key: string): string | null {
  for (const [prefix, entry] of Object.entries(R2_PREFIXES)) if (key.startsWith(prefix) && entry.key.test(key)) return prefix;
  return null;
}
