// Over ~300 lines on purpose: the whole schema in one file, which drizzle-kit reads to generate the migrations.
// Drizzle tables for D1. The SQL in migrations/ is the source of truth for the database
// (it also holds the triggers drizzle cannot express); test/worker/schema.test.ts checks that
// every table and column declared here exists after the migrations run.
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { PARCEL_STATUSES } from "../../shared/parcel-statuses";
import { LEDGER_REASONS } from "./ledger-reasons";
import { parcelStatusSql } from "./parcel-status";

const now = sql`(unixepoch('subsec') * 1000)`;

export const users = sqliteTable("users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  emailVerified: integer("email_verified", { mode: "boolean" }).notNull().default(false),
  /** Cached balance. Only the credit_ledger trigger changes it; CHECK (credits >= 0). */
  credits: integer("credits").notNull().default(0),
  marketingConsent: integer("marketing_consent", { mode: "boolean" }).notNull().default(false),
  developerKeyHash: text("developer_key_hash").unique(),
  developerKeyMasked: text("developer_key_masked"),
  companyName: text("company_name"),
  companyTagline: text("company_tagline"),
  bannerKey: text("banner_key"),
  bannerMime: text("banner_mime"),
  /** The brand colour (#rrggbb) of the buyer's tracking page and mails; null: the product's own. */
  brandColor: text("brand_color"),
  /** The moments buyers are mailed at (worker/buyer-mail/): a JSON list of BUYER_MOMENTS; [] is none (the default). */
  buyerMailMoments: text("buyer_mail_moments").notNull().default("[]"),
  /** Days after a label's last activity its recipient's address is redacted (worker/privacy/retention.ts); null: kept until deleted. */
  addressRetentionDays: integer("address_retention_days"),
  stripeCustomerId: text("stripe_customer_id"),
  subscriptionId: text("subscription_id"),
  subscriptionStatus: text("subscription_status"),
  /** Stripe `created` (seconds) of the newest event applied to the subscription fields: older ones are ignored. */
  subscriptionEventAt: integer("subscription_event_at"),
  /**
   * Set when the account is closed (worker/privacy/account-closure.ts): from then on nothing signs in as it, no mail
   * goes out for it, and the queue removes its data; the row itself goes last.
   */
  closedAt: integer("closed_at"),
  createdAt: integer("created_at").notNull().default(now),
  updatedAt: integer("updated_at").notNull().default(now),
}, (t) => [check("users_credits_nonnegative", sql`${t.credits} >= 0`)]);

/** Opaque refresh tokens, stored hashed; each refresh rotates within a family. */
export const refreshTokens = sqliteTable(
  "refresh_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull().references(() => users.id),
    familyId: text("family_id").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: integer("created_at").notNull().default(now),
    expiresAt: integer("expires_at").notNull(),
    /** Set when this token was exchanged for a new one: presenting it again is reuse. */
    rotatedAt: integer("rotated_at"),
    revokedAt: integer("revoked_at"),
  },
  (t) => [index("refresh_tokens_family").on(t.familyId)],
);

/** Single-use tokens sent by email: purpose 'verify' (24 h) or 'reset' (1 h). Stored hashed. */
export const emailTokens = sqliteTable(
  "email_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id),
    purpose: text("purpose", { enum: ["verify", "reset"] }).notNull(),
    email: text("email").notNull(),
    createdAt: integer("created_at").notNull().default(now),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
  },
  (t) => [index("email_tokens_user").on(t.userId, t.purpose)],
);

/**
 * Every change of balance is a row here. An AFTER INSERT trigger applies `delta` to users.credits,
 * and users.credits has CHECK (credits >= 0), so a debit that would overdraw aborts its whole batch.
 * `idempotency_key` is unique: replaying a grant (a Stripe event, the free verification credits)
 * with INSERT OR IGNORE changes nothing.
 */
export const creditLedger = sqliteTable(
  "credit_ledger",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull().references(() => users.id),
    delta: integer("delta").notNull(),
    reason: text("reason", { enum: LEDGER_REASONS }).notNull(),
    reference: text("reference"),
    idempotencyKey: text("idempotency_key").unique(),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [
    index("credit_ledger_user").on(t.userId, t.createdAt),
    // The purge of deleted labels forgets which label or file a debit paid for (worker/labels/trash.ts).
    index("credit_ledger_user_reference").on(t.userId, t.reference),
  ],
);

/** One uploaded original (a PDF or image) in R2; each label of it points here with its page. */
export const labelFiles = sqliteTable(
  "label_files",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id),
    r2Key: text("r2_key").notNull(),
    name: text("name").notNull(),
    mime: text("mime").notNull(),
    size: integer("size").notNull(),
    pages: integer("pages").notNull().default(1),
    createdAt: integer("created_at").notNull().default(now),
  },
  // A user's originals a page at a time (the export's originals/, worker/privacy/export-build.ts).
  (t) => [index("label_files_user").on(t.userId, t.id)],
);

/**
 * R2 objects nothing points at any more, to be deleted from R2: written in the same transaction that drops their last
 * reference (an original no label uses after a re-upload pointed its labels at a newer file: the trigger of migration
 * 0028), so none is forgotten whatever fails after it. The writer deletes its own at once; the cron deletes any left
 * (worker/lib/r2-deletions.ts).
 */
export const r2Deletions = sqliteTable(
  "r2_deletions",
  {
    key: text("key").primaryKey(),
    userId: integer("user_id"),
    at: integer("at").notNull().default(now),
  },
  (t) => [index("r2_deletions_user").on(t.userId)],
);

export const labels = sqliteTable(
  "labels",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id),
    courier: text("courier").notNull(),
    trackingCode: text("tracking_code").notNull(),
    /** The spec's 'Label details' object (data[0]) as JSON, without tracking (kept in tracking_json). */
    detailsJson: text("details_json").notNull().default("{}"),
    notes: text("notes").notNull().default(""),
    tagsJson: text("tags_json").notNull().default("[]"),
    source: text("source", { enum: ["manual", "upload"] }).notNull(),
    fileId: text("file_id").references(() => labelFiles.id),
    filePage: integer("file_page"),
    /** 'pending' while the queue is still reading an image-only label with OCR. */
    ocrStatus: text("ocr_status", { enum: ["none", "pending", "done", "failed"] }).notNull().default("none"),
    /** UK calendar day (YYYY-MM-DD) the parcel shipped: shippedAt, else label creation. For analytics. */
    shippedOn: text("shipped_on").notNull(),
    weightGrams: integer("weight_grams"),
    isNextDay: integer("is_next_day", { mode: "boolean" }),
    // Tracking state (filled by the tracking service).
    trackingJson: text("tracking_json"),
    trackingStatus: text("tracking_status"),
    trackingError: text("tracking_error"),
    trackingCheckedAt: integer("tracking_checked_at"),
    nextTrackingAt: integer("next_tracking_at"),
    lastScanAt: integer("last_scan_at"),
    deliveredAt: integer("delivered_at"),
    // Lost-parcel state.
    potentiallyLost: integer("potentially_lost", { mode: "boolean" }).notNull().default(false),
    potentiallyLostAt: integer("potentially_lost_at"),
    lostReason: text("lost_reason"),
    lostEmailSentAt: integer("lost_email_sent_at"),
    /** What the user marked the parcel as ('claimed', 'found', 'delivered'): no alerts, no lost flag. */
    outcome: text("outcome", { enum: ["claimed", "found", "delivered"] }),
    outcomeAt: integer("outcome_at"),
    /** When the cron next looks at the label's deadline alerts (worker/claims/alerts.ts); 0: at once, null: never. */
    alertDueAt: integer("alert_due_at").default(0),
    // Delivery facts (worker/tracking/delivery-facts.ts), kept whenever tracking is saved, so the on-time
    // analytics never read tracking_json. Working days are UK working days (Monday to Friday, bank holidays out).
    /** The oldest carrier scan (registration is not a scan). */
    firstScanAt: integer("first_scan_at"),
    /** Working days from the shipping day (shipped_on) to the first scan's UK day. */
    scanDays: integer("scan_days"),
    /** Working days from the first scan's UK day to the delivery's; null until delivered. */
    transitDays: integer("transit_days"),
    /** Delivered by the service's expected day; null until delivered. */
    onTime: integer("on_time", { mode: "boolean" }),
    /** The service the expected day was counted for (the carrier's name for it, else the label's). */
    deliveryService: text("delivery_service"),
    // The buyer's tracking page (worker/tracking-page/): the random token of its address /t/<token>, made on first
    // share and replaced or removed when the owner re-creates or revokes it; null: not shared.
    pageToken: text("page_token"),
    pageViews: integer("page_views").notNull().default(0),
    pageViewedAt: integer("page_viewed_at"),
    // The buyer's e-mail, for the mails at the moments the owner switched on (worker/buyer-mail/). Personal data:
    // kept here only (never in analytics, never in an export unless asked for), gone with the label.
    buyerEmail: text("buyer_email"),
    /** This label's buyer mails are on (given an e-mail and the account's moments); the owner may switch one label off. */
    buyerNotifications: integer("buyer_notifications", { mode: "boolean" }).notNull().default(true),
    // The UK days (YYYY-MM-DD) between which the label may need action (worker/deadlines/action-window.ts), written
    // with every change to its deadlines' inputs; null: never.
    actionFrom: text("action_from"),
    actionUntil: text("action_until"),
    // Retention (worker/privacy/retention.ts): when the buyer's e-mail and phone numbers were removed, and when the
    // recipient's address was redacted (the seller's chosen period); null: not yet.
    contactRemovedAt: integer("contact_removed_at"),
    addressRedactedAt: integer("address_redacted_at"),
    /**
     * The marketplace order this label's parcel is for (worker/marketplaces/links.ts): at most one; an order may take
     * several labels (split parcels). `order_linked_by`: 'match' when the matching linked it, 'seller' by hand.
     * `order_candidates_json`: the orders asked about ('Which order is this label for?'), best first; null: nothing
     * to ask. `order_declined_json`: orders the seller said this label is not for (unlinked, or 'None of these'): the
     * matching never offers them again.
     */
    orderId: text("order_id"),
    orderLinkedBy: text("order_linked_by", { enum: ["match", "seller"] }),
    orderCandidatesJson: text("order_candidates_json"),
    orderDeclinedJson: text("order_declined_json"),
    /** When the save path queued this label's matching (ms); null once the matching has run: the label page polls meanwhile. */
    orderMatchingAt: integer("order_matching_at"),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
    /**
     * Where the parcel is, in one word: the labels list's status filter and the status each label answers
     * (worker/labels/status.ts). Computed by SQLite from the columns above, so it can never disagree with them.
     */
    parcelStatus: text("parcel_status", { enum: PARCEL_STATUSES }).generatedAlwaysAs(parcelStatusSql, { mode: "virtual" }),
  },
  (t) => [
    uniqueIndex("labels_user_tracking").on(t.userId, t.trackingCode),
    index("labels_user_created").on(t.userId, t.createdAt),
    index("labels_user_shipped").on(t.userId, t.shippedOn),
    index("labels_next_tracking").on(t.nextTrackingAt),
    // Analytics (worker/analytics/analytics.ts): covers every filtered column and the weight, so
    // tag-filtered summaries and time series read this index (id included, for the tag match), never the table.
    index("labels_analytics").on(t.userId, t.shippedOn, t.courier, t.potentiallyLost, t.isNextDay, t.weightGrams, t.id),
    // The labels list filtered on lost (GET /labels?lost=1): the page is read in created_at order from the few
    // flagged labels instead of walking every label of the user (totals come from label_day_stats).
    index("labels_user_lost_created").on(t.userId, t.potentiallyLost, t.createdAt),
    // The labels list by status (GET /labels?status=…) in either order; its totals come from label_status_day_stats.
    index("labels_user_status_created").on(t.userId, t.parcelStatus, t.createdAt),
    index("labels_user_status_updated").on(t.userId, t.parcelStatus, t.updatedAt),
    // ... with a date range (from/to on the shipping day): the status's labels of those days, the courier checked on
    // the entry, sorted by creation; the whole shipping-day range of the user was read and looked up before.
    index("labels_user_status_shipped").on(t.userId, t.parcelStatus, t.shippedOn, t.courier, t.createdAt),
    // The labels list sorted by last update (GET /labels?sort=updated).
    index("labels_user_updated").on(t.userId, t.updatedAt),
    // status=needs_action and the 'Needs action' card: the labels whose action window holds today, found in the
    // index (action_until >= today, then the rest checked on the entry), not every parcel in flight; the list's page
    // and total read the index alone (deadlines/action-window.ts inActionWindow).
    index("labels_user_action")
      .on(t.userId, t.actionUntil, t.actionFrom, t.parcelStatus, t.createdAt)
      .where(sql`${t.actionUntil} IS NOT NULL`),
    // Labels whose action window is not worked out yet, for the cron's backfill (worker/deadlines/action-window.ts).
    index("labels_action_backfill").on(t.id).where(sql`${t.actionUntil} = '9999-99-99'`),
    // The cron's deadline-alert pass reads the few labels whose alert is due, not every label.
    index("labels_alert_due").on(t.alertDueAt),
    // Delivered labels saved before their delivery facts existed, for the cron's backfill (worker/tracking/
    // delivery-backfill.ts); empty once they are filled, as every later delivery gets its facts when saved.
    index("labels_delivery_backfill").on(t.id).where(sql`${t.deliveredAt} IS NOT NULL AND ${t.onTime} IS NULL`),
    // A buyer's page is found by its token alone; only shared labels are in the index.
    uniqueIndex("labels_page_token").on(t.pageToken).where(sql`${t.pageToken} IS NOT NULL`),
    // Buyer analytics (worker/analytics/buyers.ts): only the labels a buyer could have seen, by shipping day.
    index("labels_buyers")
      .on(t.userId, t.shippedOn)
      .where(sql`(${t.pageViews} > 0 or ${t.pageToken} is not null or ${t.buyerEmail} is not null)`),
    // The retention pass reads only the labels it has not done (a buyer's e-mail given again comes back into it).
    index("labels_contact_pending")
      .on(t.createdAt)
      .where(sql`${t.contactRemovedAt} IS NULL OR ${t.buyerEmail} IS NOT NULL`),
    index("labels_address_pending").on(t.userId, t.createdAt).where(sql`${t.addressRedactedAt} IS NULL`),
    // Whether any label still uses a file (the trigger that releases an original no label points at, migration 0028).
    index("labels_file").on(t.fileId).where(sql`${t.fileId} IS NOT NULL`),
    // An order's labels (the Orders view) and the labels asking which order they are for: only those labels.
    index("labels_order").on(t.userId, t.orderId).where(sql`${t.orderId} IS NOT NULL`),
    index("labels_order_question").on(t.userId, t.createdAt).where(sql`${t.orderCandidatesJson} IS NOT NULL`),
  ],
);

/** The deadline alerts sent for a label, once each (worker/claims/alerts.ts). */
export const labelAlerts = sqliteTable(
  "label_alerts",
  {
    labelId: text("label_id").notNull().references(() => labels.id, { onDelete: "cascade" }),
    /** 'act_early' (the carrier still investigates, or a loss became claimable), 'claim_closing'. */
    kind: text("kind", { enum: ["act_early", "claim_closing"] }).notNull(),
    sentAt: integer("sent_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.labelId, t.kind] })],
);

/**
 * The mails sent to a label's buyer, one per moment at most (worker/buyer-mail/): the row is claimed before the
 * mail goes, so two jobs never send one twice. `day` (UK) counts the owner's mails against the daily cap. No
 * address is kept here: it stays on the label.
 */
export const buyerMails = sqliteTable(
  "buyer_mails",
  {
    labelId: text("label_id").notNull().references(() => labels.id, { onDelete: "cascade" }),
    /** 'shipped', 'out_for_delivery', 'delivered', 'delayed', or 'link' (the owner's 'Send to buyer'). */
    kind: text("kind").notNull(),
    userId: integer("user_id").notNull(),
    day: text("day").notNull(),
    /** 'sending' (claimed), 'sent', or 'capped' (the owner's daily cap was reached: not sent). */
    status: text("status", { enum: ["sending", "sent", "capped"] }).notNull(),
    at: integer("at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.labelId, t.kind] }), index("buyer_mails_user_day").on(t.userId, t.day, t.status)],
);

/**
 * Buyers who unsubscribed from an owner's mails: keyed by a MAC of the address under the server's secret, so the
 * address itself is not kept here; honoured for every label of that owner.
 */
export const buyerUnsubscribes = sqliteTable(
  "buyer_unsubscribes",
  {
    userId: integer("user_id").notNull().references(() => users.id),
    addressMac: text("address_mac").notNull(),
    at: integer("at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.addressMac] })],
);

/** Tags, one row per (label, tag), so tag filters use an index. Mirrors labels.tags_json. */
export const labelTags = sqliteTable(
  "label_tags",
  {
    labelId: text("label_id").notNull().references(() => labels.id, { onDelete: "cascade" }),
    userId: integer("user_id").notNull(),
    tag: text("tag").notNull(),
    // The label's on-time analytics key, as label_delivery_day_stats counts it, copied here by triggers
    // (migration 0015) so the delivery analytics filtered on tags read this table's index, never the labels.
    // day is null when the tag row's user is not the label's (such a row never counts).
    day: text("day"),
    courier: text("courier"),
    lost: integer("lost"),
    nextDay: integer("next_day"),
    claimed: integer("claimed"),
    service: text("service"),
    scanDays: integer("scan_days"),
    transitDays: integer("transit_days"),
    onTime: integer("on_time"),
    /** Its label's parcel_status, copied by triggers (migration 0027): the labels list's total by status and tags. */
    status: text("status"),
  },
  (t) => [
    primaryKey({ columns: [t.labelId, t.tag] }),
    index("label_tags_user_tag").on(t.userId, t.tag),
    // Analytics: the label ids carrying any of the filter's tags, read from the index alone.
    index("label_tags_analytics").on(t.userId, t.tag, t.labelId),
    // On-time analytics with a tag filter: one range of this index per tag, covering every counted column.
    // The labels list by status and tags: its total counts these entries, never reading a label.
    index("label_tags_status").on(t.userId, t.tag, t.status, t.labelId),
    index("label_tags_delivery").on(t.userId, t.tag, t.day, t.courier, t.lost, t.nextDay, t.claimed, t.service, t.scanDays, t.transitDays, t.onTime, t.labelId),
  ],
);

/**
 * The configured Stripe prices as Stripe last answered them (worker/billing/prices.ts): what the purchase options
 * cost, read again from Stripe after an hour; a stale row answers while Stripe cannot be reached.
 */
export const stripePrices = sqliteTable("stripe_prices", {
  priceId: text("price_id").primaryKey(),
  /** In the currency's minor unit (pence); null for a price without one fixed amount (tiers, pay what you want). */
  unitAmount: integer("unit_amount"),
  currency: text("currency").notNull(),
  /** 'month', 'year'… for a recurring price; null for a one-off. */
  interval: text("interval"),
  intervalCount: integer("interval_count"),
  fetchedAt: integer("fetched_at").notNull(),
});

/**
 * The Checkout sessions this server opened (worker/billing/billing.ts), until they complete or expire: an invoice
 * Stripe sends before its checkout's completion links the account is waited for (409) only while one of these is
 * open for its customer or the user its metadata names; any other unknown invoice is not ours.
 */
export const stripeCheckouts = sqliteTable(
  "stripe_checkouts",
  {
    sessionId: text("session_id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id),
    customerId: text("customer_id"),
    sku: text("sku").notNull(),
    createdAt: integer("created_at").notNull(),
    /** When Stripe stops accepting payment on it (its expires_at). */
    expiresAt: integer("expires_at").notNull(),
    completedAt: integer("completed_at"),
  },
  (t) => [index("stripe_checkouts_customer").on(t.customerId), index("stripe_checkouts_user").on(t.userId)],
);

/** Stripe webhook events already handled (idempotency by event id). */
export const stripeEvents = sqliteTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: integer("received_at").notNull().default(now),
});

/** The admin mailbox: inbound and sent mail. Raw EML lives in R2 under `key`. */
export const mailMessages = sqliteTable(
  "mail_messages",
  {
    key: text("key").primaryKey(),
    direction: text("direction", { enum: ["in", "out"] }).notNull(),
    messageId: text("message_id"),
    inReplyTo: text("in_reply_to"),
    referencesHeader: text("references_header"),
    fromAddr: text("from_addr").notNull().default(""),
    toJson: text("to_json").notNull().default("[]"),
    ccJson: text("cc_json").notNull().default("[]"),
    replyTo: text("reply_to"),
    subject: text("subject").notNull().default(""),
    date: integer("date"),
    lastModified: integer("last_modified").notNull().default(now),
    snippet: text("snippet").notNull().default(""),
    size: integer("size").notNull().default(0),
    /** Parse result: 'ok', or why the raw message was kept without parsing. */
    parseStatus: text("parse_status").notNull().default("ok"),
  },
  (t) => [index("mail_messages_last_modified").on(t.lastModified, t.key)],
);

export const mailAttachments = sqliteTable(
  "mail_attachments",
  {
    mailKey: text("mail_key").notNull().references(() => mailMessages.key, { onDelete: "cascade" }),
    idx: integer("idx").notNull(),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    r2Key: text("r2_key").notNull(),
  },
  (t) => [primaryKey({ columns: [t.mailKey, t.idx] })],
);

/**
 * Each user's private label import address, labels+<token>@<domain>: mail to it is read as label files for that
 * user. One row per user; regenerating replaces the token, so the old address stops working at once.
 */
export const labelImportAddresses = sqliteTable("label_import_addresses", {
  userId: integer("user_id").primaryKey().references(() => users.id),
  token: text("token").notNull().unique(),
  createdAt: integer("created_at").notNull().default(now),
});

/**
 * The directory's map of users to the D1 database that holds their data (worker/db/databases.ts). A user without
 * a row is in the home database (DB), as every user is while the app has one database. `database` names a D1
 * binding of the Worker.
 */
export const userDatabases = sqliteTable("user_databases", {
  userId: integer("user_id").primaryKey().references(() => users.id),
  database: text("database").notNull(),
});

/**
 * The directory's entry for each buyer tracking page (/t/<token>): whose label it is, so the page is read in the
 * owner's database (worker/tracking-page/pages.ts). Written when a page is shared, deleted when it is switched off;
 * the label's own `page_token` stays what says a page is live (an entry without it answers the same 404).
 */
export const trackingPageTokens = sqliteTable("tracking_page_tokens", {
  token: text("token").primaryKey(),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id),
});

/**
 * The columns of the three analytics rollups besides their key's tag or tag set: the group (day, courier, lost,
 * next-day) and what is counted in it. A function: each table needs builders of its own.
 */
const rollupColumns = () => ({
  day: text("day").notNull(),
  courier: text("courier").notNull(),
  lost: integer("lost").notNull(),
  nextDay: integer("next_day").notNull(),
  labels: integer("labels").notNull(),
  weightSum: integer("weight_sum").notNull(),
  weightCount: integer("weight_count").notNull(),
});

/**
 * Analytics rollup: labels per user, UK day, courier, lost flag and next-day flag (-1 = unknown),
 * with their weight sum and count. Kept exact by triggers on `labels` (migrations/*_analytics.sql),
 * so summaries and time series without a tag filter read at most a few rows per day.
 */
export const labelDayStats = sqliteTable(
  "label_day_stats",
  { userId: integer("user_id").notNull(), ...rollupColumns() },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.courier, t.lost, t.nextDay] })],
);

/**
 * The labels list's totals under a status filter: labels per user, UK day, courier, lost flag, next-day flag
 * (-1 = unknown) and parcel status, kept exact by triggers on `labels` (migrations/0019_labels_search.sql), so a
 * status with the other filters is counted from a few rows per day, as label_day_stats counts the rest.
 */
export const labelStatusDayStats = sqliteTable(
  "label_status_day_stats",
  {
    userId: integer("user_id").notNull(),
    day: text("day").notNull(),
    courier: text("courier").notNull(),
    lost: integer("lost").notNull(),
    nextDay: integer("next_day").notNull(),
    status: text("status", { enum: PARCEL_STATUSES }).notNull(),
    labels: integer("labels").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.status, t.day, t.courier, t.lost, t.nextDay] })],
);

/** The columns of the two on-time rollups besides their key's tag set: the label's delivery key and the count. */
const deliveryRollupColumns = () => ({
  day: text("day").notNull(),
  courier: text("courier").notNull(),
  lost: integer("lost").notNull(),
  nextDay: integer("next_day").notNull(),
  claimed: integer("claimed").notNull(),
  service: text("service").notNull(),
  scanDays: integer("scan_days").notNull(),
  transitDays: integer("transit_days").notNull(),
  onTime: integer("on_time").notNull(),
  labels: integer("labels").notNull(),
});

/**
 * On-time analytics rollup: labels per user, UK day, courier, lost, next-day (-1 unknown), claimed, delivery
 * service ('' unknown), working days to the first scan and in transit (capped at 10; -1 not yet) and on time
 * (-1 not delivered). Kept exact by triggers on `labels` (migrations/0013_delivery_facts.sql), so the delivery
 * analytics without a tag filter read a few rows per day instead of every label.
 */
export const labelDeliveryDayStats = sqliteTable(
  "label_delivery_day_stats",
  { userId: integer("user_id").notNull(), ...deliveryRollupColumns() },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.courier, t.lost, t.nextDay, t.claimed, t.service, t.scanDays, t.transitDays, t.onTime] })],
);

export type User = typeof users.$inferSelect;
export type LabelRow = typeof labels.$inferSelect;

/**
 * Short-lived leases (worker/tracking/leases.ts): a label is never refreshed twice at once, and a
 * lost-parcel notice is never sent twice at once. Keys: `tracking:<labelId>`, `lost-mail:<labelId>`.
 */
export const jobLeases = sqliteTable("job_leases", {
  key: text("key").primaryKey(),
  /** Epoch ms; after it the lease may be taken over. */
  until: integer("until").notNull(),
});

/**
 * Analytics rollup per tag: like label_day_stats, one row per user, tag, UK day, courier, lost flag and
 * next-day flag (-1 = unknown), counting the labels that carry the tag (a label_tags row whose user is the
 * label's). Kept exact by triggers on `label_tags` and `labels` (migrations/0007_analytics_tag_rollup.sql),
 * so a summary or time series filtered on ONE tag reads a few rows per day instead of every label.
 * Several tags ("any of them") cannot be summed from it (a label with two of the tags would count twice).
 */
export const labelTagDayStats = sqliteTable(
  "label_tag_day_stats",
  { userId: integer("user_id").notNull(), tag: text("tag").notNull(), ...rollupColumns() },
  (t) => [primaryKey({ columns: [t.userId, t.tag, t.day, t.courier, t.lost, t.nextDay] })],
);

/**
 * Analytics over SEVERAL tags ("any of them") — migrations/0008_analytics_tag_sets.sql, kept exact by triggers.
 * Each tagged label is counted once, under the set of all its tags (`tag_set`: the tags sorted, as a JSON array):
 *  - label_tag_sets: one row per tagged label, its set and the columns the rollup counts (what it adds now);
 *  - label_tag_set_day_stats: the label_day_stats rollup per tag set;
 *  - tag_set_tags: which sets contain a tag (a set stays listed after its last label leaves; it then matches
 *    no rollup rows).
 * "Any of these tags" is the sum of the rollup rows of the sets that contain one of them: exact, since each
 * label sits in exactly one set.
 */
export const labelTagSets = sqliteTable("label_tag_sets", {
  labelId: text("label_id").primaryKey(),
  userId: integer("user_id").notNull(),
  tagSet: text("tag_set").notNull(),
  day: text("day").notNull(),
  courier: text("courier").notNull(),
  lost: integer("lost").notNull(),
  nextDay: integer("next_day").notNull(),
  weightGrams: integer("weight_grams"),
  // The label's on-time key, as label_delivery_day_stats keys it (migration 0016; defaults only for the ALTER).
  claimed: integer("claimed").notNull().default(0),
  service: text("service").notNull().default(""),
  scanDays: integer("scan_days").notNull().default(-1),
  transitDays: integer("transit_days").notNull().default(-1),
  onTime: integer("on_time").notNull().default(-1),
});

export const labelTagSetDayStats = sqliteTable(
  "label_tag_set_day_stats",
  { userId: integer("user_id").notNull(), tagSet: text("tag_set").notNull(), ...rollupColumns() },
  (t) => [primaryKey({ columns: [t.userId, t.tagSet, t.day, t.courier, t.lost, t.nextDay] })],
);

/**
 * The on-time rollup per tag set (migrations/0016_analytics_tag_set_delivery.sql): label_delivery_day_stats
 * per set, kept by the triggers on label_tag_sets, so the delivery analytics over several tags sum the rows of
 * the sets that contain any of them, as the summary does.
 */
export const labelTagSetDeliveryDayStats = sqliteTable(
  "label_tag_set_delivery_day_stats",
  { userId: integer("user_id").notNull(), tagSet: text("tag_set").notNull(), ...deliveryRollupColumns() },
  (t) => [primaryKey({ columns: [t.userId, t.tagSet, t.day, t.courier, t.lost, t.nextDay, t.claimed, t.service, t.scanDays, t.transitDays, t.onTime] })],
);

export const tagSetTags = sqliteTable(
  "tag_set_tags",
  {
    userId: integer("user_id").notNull(),
    tag: text("tag").notNull(),
    tagSet: text("tag_set").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tag, t.tagSet] })],
);

/**
 * Carrier calls made per carrier per minute (epoch minute), shared by every queue consumer: a call
 * is made only after its row was raised within the configured budget (one conditional upsert).
 */
export const carrierCallBudget = sqliteTable(
  "carrier_call_budget",
  {
    carrier: text("carrier").notNull(),
    minute: integer("minute").notNull(),
    used: integer("used").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.carrier, t.minute] })],
);

/** A carrier that asked us to wait (429 / Retry-After): no calls to it before `until`. */
export const carrierPauses = sqliteTable("carrier_pauses", {
  carrier: text("carrier").primaryKey(),
  until: integer("until").notNull(),
});

/**
 * Developer webhooks (worker/webhooks/): endpoints a user registered in Settings, at most a few each. `secret` is
 * the `whsec_…` signing secret as is: it must be read back to sign every delivery (see docs/billing-and-api.md, Webhooks).
 * `events_json` is the JSON list of event types the endpoint wants.
 */
export const webhookEndpoints = sqliteTable(
  "webhook_endpoints",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id),
    url: text("url").notNull(),
    eventsJson: text("events_json").notNull(),
    secret: text("secret").notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  // The save and tracking paths ask "does this user have an enabled endpoint?" on this index alone.
  (t) => [index("webhook_endpoints_user_enabled").on(t.userId, t.enabled)],
);

/** One row per delivery attempt of a webhook, the newest ~50 per endpoint kept (older ones pruned). */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    endpointId: text("endpoint_id").notNull().references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    attempt: integer("attempt").notNull(),
    /** The receiver's HTTP status, null when no answer came (timeout, refused address, network error). */
    statusCode: integer("status_code"),
    error: text("error"),
    ok: integer("ok", { mode: "boolean" }).notNull(),
    durationMs: integer("duration_ms").notNull(),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [index("webhook_deliveries_endpoint").on(t.endpointId, t.id)],
);

/**
 * Recently deleted labels (worker/labels/trash.ts): a deleted label leaves `labels` (so every list, search, rollup,
 * alert, print and export stops counting it at once: the triggers move the analytics with it) and waits here, whole,
 * for 30 days: its row as JSON (every column by its SQL name), with its sent deadline alerts and buyer mails. A
 * restore puts it all back (tags from its own tags, the buyer page under a new token); the cron purges it after
 * `purge_at`. `file_id` keeps its original in R2 until then.
 */
export const deletedLabels = sqliteTable(
  "deleted_labels",
  {
    labelId: text("label_id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id),
    trackingCode: text("tracking_code").notNull(),
    courier: text("courier").notNull(),
    fileId: text("file_id").references(() => labelFiles.id),
    deletedAt: integer("deleted_at").notNull(),
    /** When the cron purges it: 30 days after deletion (sooner when the owner purges it by hand). */
    purgeAt: integer("purge_at").notNull(),
    labelJson: text("label_json").notNull(),
    alertsJson: text("alerts_json").notNull().default("[]"),
    buyerMailsJson: text("buyer_mails_json").notNull().default("[]"),
  },
  (t) => [
    // Recently deleted, newest first; restore by tracking code.
    index("deleted_labels_user_deleted").on(t.userId, t.deletedAt),
    index("deleted_labels_user_code").on(t.userId, t.trackingCode),
    // The cron's purge reads only the due ones.
    index("deleted_labels_purge").on(t.purgeAt),
    // Whether another deleted label still uses a file the purge would remove.
    index("deleted_labels_file").on(t.fileId),
  ],
);

/**
 * Deleting, restoring or purging many labels at once (worker/labels/label-jobs.ts): a set larger than one request
 * handles runs in the queue a chunk at a time within D1's limits; this row is its progress, which the screen polls.
 * `selection_json` says which labels (the list's filters as they were asked, created by `as_of`).
 */
export const labelJobs = sqliteTable(
  "label_jobs",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id),
    kind: text("kind", { enum: ["delete", "restore", "purge"] }).notNull(),
    selectionJson: text("selection_json").notNull(),
    asOf: integer("as_of").notNull(),
    total: integer("total").notNull(),
    done: integer("done").notNull().default(0),
    /** Where a restore continues: the last deleted label it looked at (one whose code is in use again stays behind). */
    cursor: text("cursor"),
    status: text("status", { enum: ["running", "done"] }).notNull().default("running"),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [index("label_jobs_user").on(t.userId, t.createdAt)],
);

/**
 * Accounts being closed (worker/privacy/account-erasure.ts): the queue removes a closed account's data from its
 * database, R2 and the directory a chunk at a time; this row says where, and goes with the account's last row.
 * `mail_address` is set only when the admin closing the account chose that its mailbox threads go too.
 */
export const accountClosures = sqliteTable("account_closures", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id),
  database: text("database").notNull(),
  byAdmin: integer("by_admin", { mode: "boolean" }).notNull(),
  mailAddress: text("mail_address"),
  /** A MAC of the account's e-mail (buyer-mail/address.ts closedSellerMac): where its buyers' unsubscribes are kept. */
  sellerMac: text("seller_mac").notNull(),
  startedAt: integer("started_at").notNull(),
});

/**
 * A closed account's buyers who unsubscribed, kept so an account opened again with the same e-mail never mails them:
 * `seller_mac` is a MAC of the seller's e-mail under the server's secret (one way: the address is not kept), and
 * `address_mac` the buyer's address as buyer_unsubscribes kept it (keyed by the closed account's id, `old_user_id`).
 */
export const closedUnsubscribes = sqliteTable(
  "closed_unsubscribes",
  {
    sellerMac: text("seller_mac").notNull(),
    oldUserId: integer("old_user_id").notNull(),
    addressMac: text("address_mac").notNull(),
    at: integer("at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.sellerMac, t.oldUserId, t.addressMac] })],
);

/**
 * 'Download my data' (worker/privacy/export.ts): one ZIP of everything of the user's, built in the queue a slice at a
 * time (`state_json`: where the build is, worker/privacy/export-build.ts), then offered by a signed link until
 * `expires_at`, when the cron deletes it. One per user at a time: a new one replaces the last.
 */
export const dataExports = sqliteTable(
  "data_exports",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id),
    /** 'deleted': its files are gone (the owner deleted it); the row stays a while for the 15 minutes between copies. */
    status: text("status", { enum: ["building", "ready", "failed", "deleted"] }).notNull(),
    /** Labels created up to this moment are in it. */
    asOf: integer("as_of").notNull(),
    /** The archive's R2 key (exports/<userId>/<id>/…). */
    r2Key: text("r2_key").notNull(),
    /** What is written so far (labels, files…) and of how many, as JSON, for the screen. */
    progressJson: text("progress_json").notNull().default("{}"),
    stateJson: text("state_json"),
    size: integer("size"),
    error: text("error"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    readyAt: integer("ready_at"),
    expiresAt: integer("expires_at"),
  },
  (t) => [
    index("data_exports_user").on(t.userId, t.createdAt),
    index("data_exports_expires").on(t.expiresAt),
    // One copy being built per user: two asked at once build once.
    uniqueIndex("data_exports_one_building").on(t.userId).where(sql`${t.status} = 'building'`),
  ],
);

/**
 * Where each retention rule's daily pass is (worker/privacy/retention.ts): the UK day it runs for, and how far it got
 * when a cron run's budget ran out, so the next run goes on from there.
 */
export const retentionPasses = sqliteTable("retention_passes", {
  rule: text("rule").primaryKey(),
  day: text("day").notNull(),
  cursorJson: text("cursor_json"),
  done: integer("done", { mode: "boolean" }).notNull().default(false),
  updatedAt: integer("updated_at").notNull(),
});

/**
 * A seller's connected marketplace shop (worker/marketplaces): its tokens sealed with MARKETPLACE_TOKEN_KEY
 * (token-vault.ts), when they expire, and whether the marketplace still accepts them. `shop_id` is the marketplace's
 * own id for the account: eBay's user id, Etsy's shop id, the Shopify store's name. `refresh_lease_until` serialises
 * refreshes of one connection (Etsy's refresh token works once): connections.ts.
 */
export const marketplaceConnections = sqliteTable(
  "marketplace_connections",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id),
    marketplace: text("marketplace", { enum: ["ebay", "etsy", "shopify"] }).notNull(),
    shopId: text("shop_id").notNull(),
    shopName: text("shop_name").notNull(),
    accessToken: text("access_token").notNull(),
    /** ms; null: the token does not expire (a Shopify offline token). */
    accessExpiresAt: integer("access_expires_at"),
    refreshToken: text("refresh_token"),
    refreshExpiresAt: integer("refresh_expires_at"),
    scope: text("scope").notNull(),
    status: text("status", { enum: ["connected", "broken"] }).notNull().default("connected"),
    problem: text("problem"),
    refreshLeaseUntil: integer("refresh_lease_until"),
    /** Orders changed up to this time (ms, the marketplace's clock less a margin) are in: the next sync asks from here. */
    syncedThrough: integer("synced_through"),
    lastSyncAt: integer("last_sync_at"),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [uniqueIndex("marketplace_connections_shop").on(t.userId, t.marketplace, t.shopId)],
);

/**
 * Orders from a connected shop (worker/marketplaces/orders-sync.ts), one row per marketplace order, in one shape
 * whichever the marketplace: who it goes to (the buyer's personal data: as long as the order is kept), what is in it
 * (`items_json`: each line with the marketplace's id and quantity, what tracking out names), when it must be
 * dispatched by, and whether it awaits dispatch.
 */
export const marketplaceOrders = sqliteTable(
  "marketplace_orders",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id),
    connectionId: text("connection_id").notNull(),
    marketplace: text("marketplace", { enum: ["ebay", "etsy", "shopify"] }).notNull(),
    externalId: text("external_id").notNull(),
    /** What the seller knows the order by: eBay's order number, Etsy's receipt number, Shopify's #1001. */
    reference: text("reference").notNull(),
    recipientName: text("recipient_name").notNull(),
    recipientPostcode: text("recipient_postcode").notNull(),
    addressJson: text("address_json").notNull(),
    buyerRef: text("buyer_ref"),
    itemsJson: text("items_json").notNull(),
    orderedAt: integer("ordered_at").notNull(),
    dispatchBy: integer("dispatch_by"),
    status: text("status", { enum: ["awaiting", "dispatched", "cancelled"] }).notNull(),
    /** When the marketplace last changed it (ms). */
    changedAt: integer("changed_at").notNull(),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("marketplace_orders_external").on(t.connectionId, t.externalId),
    // The Orders view and matching: a seller's orders awaiting dispatch, soonest due first.
    index("marketplace_orders_user_status").on(t.userId, t.status, t.dispatchBy),
  ],
);

/**
 * A connection being made: the `state` sent to the marketplace's consent page (stored as its SHA-256), the PKCE
 * verifier (Etsy, sealed), the Shopify store asked for. Used once, within 15 minutes.
 */
export const marketplaceConnectStates = sqliteTable(
  "marketplace_connect_states",
  {
    stateHash: text("state_hash").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id),
    marketplace: text("marketplace", { enum: ["ebay", "etsy", "shopify"] }).notNull(),
    verifier: text("verifier"),
    shop: text("shop"),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("marketplace_connect_states_user").on(t.userId)],
);

/**
 * Tracking out (worker/marketplaces/tracking-out.ts): one row per label linked to a marketplace order, written when
 * the link is made and before any call to the marketplace, so a push is made once whatever the queue does (a re-run,
 * a duplicated message, two consumers at once). `state`: 'pending' (to send; `lease_until` while a consumer is
 * sending it), 'sent' (the marketplace has the tracking code), 'dispatched_elsewhere' (the seller marked the order
 * dispatched by hand, or another tool did: left alone), 'skipped' (nothing to send: the order was cancelled, the label
 * unlinked or deleted: `reason`), 'failed' (the marketplace refused it, `reason` says why: not retried). It holds
 * no one's name or address: ids, the tracking code and carrier sent, the order lines it covered. It goes with its
 * order (a trigger on marketplace_orders, migration 0036).
 */
export const marketplaceDispatches = sqliteTable(
  "marketplace_dispatches",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id),
    orderId: text("order_id").notNull(),
    labelId: text("label_id").notNull(),
    state: text("state", { enum: ["pending", "sent", "dispatched_elsewhere", "skipped", "failed"] }).notNull().default("pending"),
    reason: text("reason"),
    /** What was sent: the label's tracking code, the carrier as the marketplace spells it, the lines ([{ id, quantity }]). */
    trackingCode: text("tracking_code"),
    carrier: text("carrier"),
    linesJson: text("lines_json"),
    /** The marketplace's id for the fulfilment made (eBay's fulfillmentId, Shopify's Fulfillment gid); Etsy gives none. */
    marketplaceRef: text("marketplace_ref"),
    attempts: integer("attempts").notNull().default(0),
    leaseUntil: integer("lease_until"),
    sentAt: integer("sent_at"),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [uniqueIndex("marketplace_dispatches_order_label").on(t.orderId, t.labelId), index("marketplace_dispatches_user").on(t.userId, t.labelId)],
);
