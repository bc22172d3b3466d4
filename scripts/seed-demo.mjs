#!/usr/bin/env node
// `npm run demo:seed`: demo data for the local dev server (no network needed).
// A verified user demo@parcelhive.test (password: parcelhive-demo) with 100 credits and labels
// showing every tracking state: delivered, out for delivery, a potentially lost parcel (flagged,
// notice sent), one with parcel details only, and a Royal Mail label (no tracking configured).
// Written to the local D1 with `wrangler d1 execute --local`; run it again to reset the demo labels.
// The Evri stories match scripts/carrier-standin.mjs, so refreshes against the stand-in agree.
import { spawnSync } from "node:child_process";
import { pbkdf2Sync, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const EMAIL = "demo@parcelhive.test";
const PASSWORD = "parcelhive-demo";
const HOUR = 3_600_000;
const now = Date.now();

const q = (v) => (v === null || v === undefined ? "NULL" : typeof v === "number" ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
const iso = (ms) => new Date(ms).toISOString();
const ukDay = (ms) => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date(ms));

function passwordHash(password) {
  const salt = randomBytes(16);
  const hash = pbkdf2Sync(password, salt, 100_000, 32, "sha256").toString("hex");
  return `pbkdf2-sha256$100000$${salt.toString("hex")}$${hash}`;
}

const STAGES = {
  registered: ["1", "The sender has told us your parcel is on its way", "PRE"],
  collected: ["2", "We've got it", "COL"],
  hub: ["3", "It's at our national hub", "HUB"],
  depot: ["3", "It's at our local depot", "DEP"],
  out: ["4_COURIER", "Your courier has your parcel and it's out for delivery", "OFD"],
  delivered: ["5_COURIER", "Delivered: handed to the recipient", "DEL"],
};

/** tracking.results[] for a story of [stage, hours ago], newest first. */
function tracking(story, serviceType) {
  const events = story
    .map(([stage, h]) => ({
      dateTime: iso(now - h * HOUR),
      trackingPoint: { trackingPointCode: STAGES[stage][2], description: STAGES[stage][1] },
      trackingStage: { trackingStageCode: STAGES[stage][0] },
      location: stage === "depot" ? "Warrington" : null,
    }))
    .reverse();
  return { results: [{ sender: { displayName: "Hollow Oak Ceramics" }, service: { serviceType }, trackingEvents: events }] };
}

const address = (name, lines, postcode) => ({ name, address: lines, postcode, countryCode: "GB" });
const from = address("Hollow Oak Ceramics", ["Unit 4, Mill Lane", "Stroud"], "GL5 3AB");

const LABELS = [
  {
    code: "H04AQA0004726589", courier: "evri", createdHoursAgo: 52, notes: "Gift wrap requested.", tags: ["gifts"],
    details: { address: address("Sam Taylor", ["1 High Street", "Oxford"], "OX18 3UQ"), weightInGrams: 850, dimensionsCm: [30, 20, 10], isNextDay: false, serviceCode: "STD" },
    story: [["registered", 50], ["collected", 44], ["hub", 36], ["depot", 30], ["out", 27], ["delivered", 22]],
    status: "delivered", serviceType: "Standard",
  },
  {
    code: "H0595C0000314450", courier: "evri", createdHoursAgo: 31, notes: "", tags: ["wholesale"],
    details: { address: address("Priya Shah", ["Flat 2", "18 Canal Street", "Manchester"], "M1 3HE"), weightInGrams: 2300, dimensionsCm: [45, 35, 20], isNextDay: true, serviceCode: "ND" },
    story: [["registered", 30], ["collected", 26], ["hub", 18], ["depot", 6], ["out", 2]],
    status: "out_for_delivery", serviceType: "Next Day",
  },
  {
    code: "H01DEM0000000013", courier: "evri", createdHoursAgo: 270, notes: "Customer chased on Monday.", tags: ["gifts", "chase"],
    details: { address: address("Alex Morgan", ["7 Harbour Road", "Penzance"], "TR18 4AA"), weightInGrams: 1200, dimensionsCm: [25, 25, 15], isNextDay: false, serviceCode: "STD" },
    story: [["registered", 260], ["collected", 240], ["hub", 200]],
    status: "in_transit", serviceType: "Standard",
    lost: { reason: "no_new_scan", flaggedHoursAgo: 20, mailedHoursAgo: 19.9 },
  },
  {
    code: "H01DEM0000000025", courier: "evri", createdHoursAgo: 3, notes: "", tags: [],
    details: { address: address("Chris Evans", ["22 Station Road", "Leeds"], "LS1 4DY"), weightInGrams: 400, dimensionsCm: [20, 15, 5], isNextDay: false, serviceCode: "STD" },
    story: [["registered", 3]],
    status: "registered", serviceType: "Standard",
  },
  {
    code: "SG577041359GB", courier: "royalmail", createdHoursAgo: 28, notes: "", tags: [],
    details: { address: address("Jo Bloggs", ["3 Church Lane", "Chipping Norton"], "OX7 5AA"), weightInGrams: 650, serviceCode: "TPN01" },
  },
];

const user = `(SELECT id FROM users WHERE email = ${q(EMAIL)})`;
const sql = [
  `INSERT INTO users (email, password_hash, email_verified) VALUES (${q(EMAIL)}, ${q(passwordHash(PASSWORD))}, 1)
     ON CONFLICT(email) DO UPDATE SET password_hash = excluded.password_hash, email_verified = 1;`,
  `INSERT OR IGNORE INTO credit_ledger (user_id, delta, reason, reference, idempotency_key) VALUES (${user}, 100, 'admin_grant', 'demo seed', 'demo-seed:${EMAIL}');`,
  `DELETE FROM label_tags WHERE label_id IN (SELECT id FROM labels WHERE user_id = ${user});`,
  `DELETE FROM labels WHERE user_id = ${user};`,
];

for (const [i, l] of LABELS.entries()) {
  const id = `lbl_demo${String(i + 1).padStart(12, "0")}`;
  const created = now - l.createdHoursAgo * HOUR;
  const t = l.story ? tracking(l.story, l.serviceType) : null;
  const scans = (l.story ?? []).filter(([s]) => s !== "registered").map(([, h]) => now - h * HOUR);
  const lastScan = scans.length ? Math.max(...scans) : null;
  const delivered = l.status === "delivered" ? now - l.story.at(-1)[1] * HOUR : null;
  const details = {
    courier: l.courier, trackingCode: l.code, countryCode: "GB", fromAddress: from, ...l.details,
    shippingLabelCreatedAt: iso(created), ...(delivered ? { deliveredAt: iso(delivered) } : {}),
  };
  const cols = {
    id, user_id: null, courier: l.courier, tracking_code: l.code, details_json: JSON.stringify(details), notes: l.notes,
    tags_json: JSON.stringify(l.tags), source: "manual", shipped_on: ukDay(created),
    weight_grams: l.details.weightInGrams ?? null, is_next_day: l.details.isNextDay === undefined ? null : l.details.isNextDay ? 1 : 0,
    tracking_json: t ? JSON.stringify(t) : null, tracking_status: l.status ?? null, tracking_checked_at: t ? now - 10 * 60_000 : null,
    // Due now (so a cron pass against the stand-in refreshes them) unless delivered or not tracked.
    next_tracking_at: t && !delivered ? now : null, last_scan_at: lastScan, delivered_at: delivered,
    potentially_lost: l.lost ? 1 : 0, potentially_lost_at: l.lost ? now - l.lost.flaggedHoursAgo * HOUR : null,
    lost_reason: l.lost?.reason ?? null, lost_email_sent_at: l.lost ? now - l.lost.mailedHoursAgo * HOUR : null,
    created_at: created, updated_at: t ? now - 10 * 60_000 : created,
  };
  const names = Object.keys(cols).join(", ");
  const values = Object.entries(cols).map(([k, v]) => (k === "user_id" ? user : q(v))).join(", ");
  sql.push(`INSERT INTO labels (${names}) VALUES (${values});`);
  for (const tag of l.tags) sql.push(`INSERT INTO label_tags (label_id, user_id, tag) VALUES (${q(id)}, ${user}, ${q(tag)});`);
}

process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";
process.env.WRANGLER_SEND_METRICS ??= "false";
// `--persist-to <dir>` seeds another local state directory (the dev server uses the default).
const persistArg = process.argv.indexOf("--persist-to");
const persist = persistArg > 0 ? ["--persist-to", process.argv[persistArg + 1]] : [];
const run = (args) => {
  const r = spawnSync("wrangler", [...args, ...persist], { stdio: "inherit", shell: false });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
run(["d1", "migrations", "apply", "DB", "--local", "-c", "wrangler.toml"]);
const dir = mkdtempSync(join(tmpdir(), "parcelhive-demo-"));
const file = join(dir, "demo.sql");
writeFileSync(file, sql.join("\n"));
try {
  run(["d1", "execute", "DB", "--local", "-c", "wrangler.toml", `--file=${file}`]);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(`\nDemo data ready: sign in as ${EMAIL} / ${PASSWORD} (${LABELS.length} labels, one flagged as potentially lost).`);
