#!/usr/bin/env node
// `npm run demo:seed`: demo data for the local dev server (no network needed).
// A verified user demo@parcelhive.test (password: parcelhive-demo) with 100 credits and 60 labels (scripts/
// demo-labels.mjs): delivered on time and late, on their way, out for delivery, potentially lost (flagged, notice
// sent), one with parcel details only, Royal Mail with and without tracking; and the admin account
// admin@parcelhive.test (password: parcelhive-admin; an account that already exists keeps its own password).
// Each label's delivery facts come from the worker's own code (loaded through Vite), as if its tracking had been
// saved, so the analytics show figures at once: no cron run needed.
// Written to the local D1 with `wrangler d1 execute --local`; run it again to reset the demo labels.
import { pbkdf2Sync, randomBytes } from "node:crypto";
import { runnerImport } from "vite";
import { demoLabels } from "./demo-labels.mjs";
import { migrateLocalD1 } from "./local-d1.ts";

const EMAIL = "demo@parcelhive.test";
const PASSWORD = "parcelhive-demo";
// The first address of ADMIN_EMAILS in wrangler.toml.
const ADMIN_EMAIL = "admin@parcelhive.test";
const ADMIN_PASSWORD = "parcelhive-admin";
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = Date.now();

const worker = async (path) => (await runnerImport(new URL(`../worker/${path}`, import.meta.url).pathname, { configFile: false, logLevel: "error" })).module;
const [{ deliveryFacts, labelService }, { scanTimes }, { evriCheckDigit }, { s10CheckDigit }, { ukDayOf }, { labelActionWindow }] = await Promise.all([
  worker("tracking/delivery-facts.ts"),
  worker("deadlines/deadlines.ts"),
  worker("couriers/evri/code.ts"),
  worker("couriers/royalmail/code.ts"),
  worker("../shared/uk-calendar.ts"),
  worker("deadlines/action-window.ts"),
]);

const q = (v) => (v === null || v === undefined ? "NULL" : typeof v === "number" ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
const iso = (ms) => new Date(ms).toISOString();

function passwordHash(password) {
  const salt = randomBytes(16);
  const hash = pbkdf2Sync(password, salt, 100_000, 32, "sha256").toString("hex");
  return `pbkdf2-sha256$100000$${salt.toString("hex")}$${hash}`;
}

const codes = {
  evri: (i) => {
    const first15 = `H02DEM${String(i + 1).padStart(9, "0")}`;
    return `${first15}${evriCheckDigit(first15)}`;
  },
  royalMail: (i) => {
    const serial = String(57710000 + i);
    return `SG${serial}${s10CheckDigit(serial)}GB`;
  },
};
const LABELS = demoLabels(now, codes);

const user = `(SELECT id FROM users WHERE email = ${q(EMAIL)})`;
const sql = [
  `INSERT INTO users (email, password_hash, email_verified) VALUES (${q(EMAIL)}, ${q(passwordHash(PASSWORD))}, 1)
     ON CONFLICT(email) DO UPDATE SET password_hash = excluded.password_hash, email_verified = 1;`,
  `INSERT INTO users (email, password_hash, email_verified) VALUES (${q(ADMIN_EMAIL)}, ${q(passwordHash(ADMIN_PASSWORD))}, 1)
     ON CONFLICT(email) DO NOTHING;`,
  // The ledger starts again too, so the balance is 100 after every run: the history on /credits then reads as a real
  // account's (50 free credits for verifying, credits added, then a credit for each label on the day it was made).
  `DELETE FROM credit_ledger WHERE user_id = ${user};`,
  `UPDATE users SET credits = 0 WHERE id = ${user};`,
  `DELETE FROM label_tags WHERE label_id IN (SELECT id FROM labels WHERE user_id = ${user});`,
  `DELETE FROM labels WHERE user_id = ${user};`,
];

const firstLabelAt = now - Math.max(...LABELS.map((l) => l.createdHoursAgo)) * HOUR;
sql.push(
  `INSERT INTO credit_ledger (user_id, delta, reason, reference, idempotency_key, created_at) VALUES (${user}, 50, 'free_verification', 'email verification', 'free-verification:${EMAIL}', ${firstLabelAt - 2 * DAY});`,
  `INSERT INTO credit_ledger (user_id, delta, reason, reference, idempotency_key, created_at) VALUES (${user}, ${50 + LABELS.length}, 'admin_grant', 'demo seed', 'demo-seed:${EMAIL}', ${firstLabelAt - DAY});`,
);

const count = { delivered: 0, late: 0, lost: 0 };
for (const [i, l] of LABELS.entries()) {
  const id = `lbl_demo${String(i + 1).padStart(12, "0")}`;
  const created = now - l.createdHoursAgo * HOUR;
  const delivered = l.deliveredHoursAgo === null ? null : now - l.deliveredHoursAgo * HOUR;
  const details = {
    courier: l.courier, trackingCode: l.code, countryCode: "GB", fromAddress: { name: "Hollow Oak Ceramics", address: ["Unit 4, Mill Lane", "Stroud"], postcode: "GL5 3AB", countryCode: "GB" }, ...l.details,
    shippingLabelCreatedAt: iso(created), ...(delivered ? { deliveredAt: iso(delivered) } : {}),
  };
  const result = l.tracking?.results[0];
  const scans = scanTimes(l.courier, result?.trackingEvents ?? []);
  const shippedOn = ukDayOf(created);
  const facts = deliveryFacts({ ...labelService(result, details), courier: l.courier, shippedOn, createdAt: created, ...scans, deliveredAt: delivered });
  const checked = l.tracking ? now - 10 * 60_000 : null;
  if (delivered) count.delivered++;
  if (facts.onTime === false) count.late++;
  if (l.lost) count.lost++;
  // The 'Needs action' list finds a label by its action window, as the tracking service writes it.
  const window = labelActionWindow(
    { courier: l.courier, createdAt: created, deliveredAt: delivered, trackingStatus: l.status, outcome: null, firstScanAt: facts.firstScanAt, lastScanAt: scans.lastScanAt, potentiallyLost: Boolean(l.lost) },
    { ...details, tracking: l.tracking ?? null },
  );
  const cols = {
    id, user_id: null, courier: l.courier, tracking_code: l.code, details_json: JSON.stringify(details), notes: l.notes,
    tags_json: JSON.stringify(l.tags), source: "manual", shipped_on: shippedOn,
    weight_grams: l.details.weightInGrams ?? null, is_next_day: l.details.isNextDay === undefined ? null : l.details.isNextDay ? 1 : 0,
    tracking_json: l.tracking ? JSON.stringify(l.tracking) : null, tracking_status: l.status, tracking_checked_at: checked,
    // Due now (so a cron pass against the stand-in refreshes them) unless delivered or not tracked.
    next_tracking_at: l.tracking && !delivered ? now : null, last_scan_at: scans.lastScanAt, delivered_at: delivered,
    potentially_lost: l.lost ? 1 : 0, potentially_lost_at: l.lost ? now - l.lost.flaggedHoursAgo * HOUR : null,
    lost_reason: l.lost?.reason ?? null, lost_email_sent_at: l.lost ? now - l.lost.mailedHoursAgo * HOUR : null,
    first_scan_at: facts.firstScanAt, scan_days: facts.scanDays, transit_days: facts.transitDays,
    on_time: facts.onTime === null ? null : facts.onTime ? 1 : 0, delivery_service: facts.deliveryService,
    action_from: window.actionFrom, action_until: window.actionUntil, created_at: created, updated_at: checked ?? created,
  };
  const names = Object.keys(cols).join(", ");
  const values = Object.entries(cols).map(([k, v]) => (k === "user_id" ? user : q(v))).join(", ");
  sql.push(`INSERT INTO labels (${names}) VALUES (${values});`);
  for (const tag of l.tags) sql.push(`INSERT INTO label_tags (label_id, user_id, tag) VALUES (${q(id)}, ${user}, ${q(tag)});`);
  // Its credit, as the save path debits it: one ledger row naming the label, when it was made.
  sql.push(`INSERT INTO credit_ledger (user_id, delta, reason, reference, created_at) VALUES (${user}, -1, 'label', ${q(id)}, ${created});`);
}

// `--persist-to <dir>` seeds another local state directory (the dev server uses the default).
const persistArg = process.argv.indexOf("--persist-to");
const persist = persistArg > 0 ? ["--persist-to", process.argv[persistArg + 1]] : [];
// The missing migrations and the demo data in one batch (one start of wrangler's runtime).
migrateLocalD1(persist, { after: sql.join("\n") });
console.log(`Demo data ready: sign in as ${EMAIL} / ${PASSWORD}: ${LABELS.length} labels, ${count.delivered} delivered (${count.late} late), \
${count.lost} flagged as potentially lost.`);
console.log(`Admin: ${ADMIN_EMAIL} / ${ADMIN_PASSWORD} (an account that already existed keeps its own password).`);
