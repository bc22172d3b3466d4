import { env } from "cloudflare:workers";
import { createScheduledController } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { labelFiles, labels, mailAttachments, mailMessages, retentionPasses, users } from "../../worker/db/schema";
import { createManualLabel, createManualLabels, saveImportedLabels } from "../../worker/labels/save";
import type { ApiLabel, LabelDetails } from "../../shared/label";
import { storeInbound } from "../../worker/mail/mailbox";
import { evri } from "../../worker/couriers/evri/courier";
import { registerCourier } from "../../worker/couriers/registry";
import { runRetention } from "../../worker/privacy/retention";
import { handleScheduled } from "../../worker/handlers/scheduled";
import { call, createUser, db, type TestUser } from "./helpers";
import { evriCode, royalMailCode } from "./labels-fixtures";
import { withAttachments } from "../fixtures/mail/messages";

// Keeping personal data only as long as needed (issue 32, item 4): the daily pass removes buyers' contact details 90
// days after delivery, redacts addresses after the seller's period (never while a claim window is open), lets go of
// the original, deletes old mailbox mail, and goes on from where it stopped when its budget runs out.

const DAY = 24 * 60 * 60_000;
const noJobs = { JOBS: { send: async () => {}, sendBatch: async () => {} } as unknown as Queue };
const NOW = Date.UTC(2027, 5, 15, 3, 0);

/** `courier`: a registered courier's id (codes are Evri's unless it is Royal Mail). */
type LabelAt = { createdDaysAgo: number; deliveredDaysAgo?: number; scannedDaysAgo?: number; courier?: string; buyerEmail?: string };

async function labelAt(user: TestUser, at: LabelAt, details: Partial<LabelDetails> = {}): Promise<string> {
  const code = at.courier === "royalmail" ? royalMailCode() : evriCode();
  const { label } = await createManualLabel(db(), noJobs, user.id, {
    details: {
      courier: at.courier ?? "evri",
      trackingCode: code,
      countryCode: "GB",
      address: { name: "Jane Whitlock", address: ["Flat 2, 14 Acacia Avenue", "Tel 07700 900123", "Leeds"], postcode: "LS1 4AP", countryCode: "GB" },
      encodedMetadata: `JANE WHITLOCK|LS14AP|jane.whitlock@example.net|${code}`,
      ...details,
    },
    buyerEmail: at.buyerEmail,
  });
  const scanned = at.scannedDaysAgo ?? at.deliveredDaysAgo;
  await db()
    .update(labels)
    .set({
      createdAt: NOW - at.createdDaysAgo * DAY,
      deliveredAt: at.deliveredDaysAgo === undefined ? null : NOW - at.deliveredDaysAgo * DAY,
      firstScanAt: scanned === undefined ? null : NOW - (at.createdDaysAgo - 1) * DAY,
      lastScanAt: scanned === undefined ? null : NOW - scanned * DAY,
    })
    .where(eq(labels.id, label.id));
  return label.id;
}

const row = async (id: string) => (await db().query.labels.findFirst({ where: eq(labels.id, id) }))!;
const detailsOf = async (id: string) => JSON.parse((await row(id)).detailsJson) as LabelDetails;

/** Runs the cron's retention slice until every rule's pass is done for the day (a budget of `statements` a run). */
async function passUntilDone(now: number, statements?: number): Promise<number> {
  for (let runs = 1; runs < 500; runs++) {
    await runRetention(env, db(), now, { mailbox: true, statements });
    const passes = await db().select().from(retentionPasses);
    if (passes.length === 3 && passes.every((p) => p.done)) return runs;
  }
  throw new Error("retention never finished");
}

describe("buyers' contact details", () => {
  it("go 90 days after delivery: the e-mail, and phone numbers and e-mails in the recipient and the barcode text", async () => {
    const user = await createUser({ credits: 10 });
    const due = await labelAt(user, { createdDaysAgo: 95, deliveredDaysAgo: 91, buyerEmail: "jane@example.com" });
    const recent = await labelAt(user, { createdDaysAgo: 95, deliveredDaysAgo: 89, buyerEmail: "sam@example.com" });
    // Never arrived: counted from its last scan.
    const stuck = await labelAt(user, { createdDaysAgo: 130, scannedDaysAgo: 92, courier: "royalmail", buyerEmail: "lee@example.com" });
    await db().delete(retentionPasses);
    await passUntilDone(NOW);

    const gone = await row(due);
    expect(gone.buyerEmail).toBeNull();
    expect(gone.contactRemovedAt).toBe(NOW);
    const d = await detailsOf(due);
    expect(d.address).toEqual({ name: "Jane Whitlock", address: ["Flat 2, 14 Acacia Avenue", "Leeds"], postcode: "LS1 4AP", countryCode: "GB" });
    expect(d.encodedMetadata).not.toMatch(/@|07700/);
    // The tracking code's digits are no phone number.
    expect(d.encodedMetadata).toMatch(new RegExp(`^JANE WHITLOCK\\|LS14AP\\|\\|${gone.trackingCode}$`));
    expect((await row(stuck)).buyerEmail).toBeNull();
    // 89 days after delivery: kept, and its API answer says so whole.
    expect((await row(recent)).buyerEmail).toBe("sam@example.com");
    const api = (await (await call(`/api/v1/label/${recent}`, { token: user.token })).json()) as ApiLabel;
    expect(api.buyerEmail).toBe("sam@example.com");
    // Two days later it is due too.
    await passUntilDone(NOW + 2 * DAY);
    expect((await row(recent)).buyerEmail).toBeNull();
  }, 60_000);

  it("wait for a claim window that closes later than 90 days after delivery", async () => {
    // No courier of ours has a window that long today (Evri 30 days, Royal Mail 80): a made-up one with Evri's codes.
    const unregister = registerCourier({ ...evri, id: "slowclaims", label: "slowclaims", displayName: "Slow Claims", claims: { ...evri.claims!, claimWindow: { days: 200, from: "created" } } });
    try {
      const user = await createUser({ credits: 10 });
      // Created 120 days ago: claims close 80 days from now, after delivery + 90 (10 days ago).
      const id = await labelAt(user, { createdDaysAgo: 120, deliveredDaysAgo: 100, courier: "slowclaims", buyerEmail: "kim@example.com" });
      await db().delete(retentionPasses);
      await passUntilDone(NOW);
      expect((await row(id)).buyerEmail).toBe("kim@example.com");
      await passUntilDone(NOW + 79 * DAY);
      expect((await row(id)).buyerEmail).toBe("kim@example.com");
      // The day after the window's last day.
      await passUntilDone(NOW + 82 * DAY);
      expect((await row(id)).buyerEmail).toBeNull();
    } finally {
      unregister();
    }
  }, 60_000);
});

describe("recipients' addresses", () => {
  it("are kept until deleted by default, and redacted after the seller's period, never inside a claim window", async () => {
    const keeps = await createUser({ credits: 10 });
    const chooses = await createUser({ credits: 10 });
    expect((await call("/api/v1/user/retention", { method: "PUT", token: chooses.token, json: { addressRetentionDays: 45 } })).status).toBe(400);
    const set = await call("/api/v1/user/retention", { method: "PUT", token: chooses.token, json: { addressRetentionDays: 30 } });
    expect(await set.json()).toMatchObject({ addressRetentionDays: 30, buyerContactDays: 90 });

    const kept = await labelAt(keeps, { createdDaysAgo: 400, deliveredDaysAgo: 398 });
    const due = await labelAt(chooses, { createdDaysAgo: 40, deliveredDaysAgo: 31 });
    const notYet = await labelAt(chooses, { createdDaysAgo: 40, deliveredDaysAgo: 20 });
    // Royal Mail takes claims 80 days from posting: not delivered, last scanned 35 days ago, its window is open.
    const claimable = await labelAt(chooses, { createdDaysAgo: 40, scannedDaysAgo: 35, courier: "royalmail" });
    // An original with two labels: it goes when neither needs it.
    const fileId = `file_ret_${chooses.id}`;
    const r2Key = `labels/${chooses.id}/${fileId}`;
    await env.FILES.put(r2Key, "%PDF- two labels");
    const [a, b] = await saveImportedLabels(db(), noJobs, {
      userId: chooses.id,
      file: { id: fileId, r2Key, name: "two.pdf", mime: "application/pdf", size: 16, pages: 2 },
      labels: [evriCode(), evriCode()].map((code, i) => ({ page: i + 1, details: { courier: "evri", trackingCode: code, countryCode: "GB" }, ocrPending: false })),
    });
    await db().update(labels).set({ createdAt: NOW - 40 * DAY, deliveredAt: NOW - 31 * DAY }).where(eq(labels.id, a.id));
    await db().update(labels).set({ createdAt: NOW - 40 * DAY, deliveredAt: NOW - 10 * DAY }).where(eq(labels.id, b.id));
    await db().delete(retentionPasses);
    await passUntilDone(NOW);

    // Its buyer's phone went at 90 days (the contact rule); its address stays.
    expect((await detailsOf(kept)).address).toMatchObject({ name: "Jane Whitlock", address: ["Flat 2, 14 Acacia Avenue", "Leeds"], postcode: "LS1 4AP" });
    const redacted = await detailsOf(due);
    expect(redacted.address).toEqual({ name: "", address: [], postcode: "LS1", countryCode: "GB" });
    expect(redacted.encodedMetadata).toBeUndefined();
    expect((await row(due)).addressRedactedAt).toBe(NOW);
    expect((await detailsOf(notYet)).address?.name).toBe("Jane Whitlock");
    expect((await detailsOf(claimable)).address?.name).toBe("Jane Whitlock");
    // The search no longer finds the redacted recipient; the other one still does.
    const found = (await (await call("/api/v1/labels?q=whitlock&per_page=50", { token: chooses.token })).json()) as { results: ApiLabel[] };
    expect(found.results.map((l) => l.id).sort()).toEqual([notYet, claimable].sort());
    // The shared original stays while its second label keeps its address, then goes with it.
    expect((await row(a.id)).fileId).toBeNull();
    expect(await env.FILES.head(r2Key)).not.toBeNull();
    await passUntilDone(NOW + 25 * DAY);
    expect((await row(b.id)).addressRedactedAt).toBe(NOW + 25 * DAY);
    expect(await db().select().from(labelFiles).where(eq(labelFiles.id, fileId))).toEqual([]);
    expect(await env.FILES.head(r2Key)).toBeNull();
    // The Royal Mail parcel's claim window is still open 25 days on (it closes 80 days after its first scan).
    expect((await detailsOf(claimable)).address?.name).toBe("Jane Whitlock");
    // Back to 'until deleted': once its window has closed, it is still kept.
    await call("/api/v1/user/retention", { method: "PUT", token: chooses.token, json: { addressRetentionDays: null } });
    expect((await db().query.users.findFirst({ where: eq(users.id, chooses.id) }))!.addressRetentionDays).toBeNull();
    await passUntilDone(NOW + 90 * DAY);
    expect((await detailsOf(claimable)).address?.name).toBe("Jane Whitlock");
  }, 60_000);
});

describe("the daily pass", () => {
  it("deletes mailbox mail past ADMIN_MAIL_RETENTION_DAYS with its attachments in R2", async () => {
    const old = await storeInbound(env, db(), withAttachments(), { from: "a@example.com", to: "support@parcelhive.test" }, NOW - 366 * DAY);
    const fresh = await storeInbound(env, db(), withAttachments(), { from: "b@example.com", to: "support@parcelhive.test" }, NOW - 300 * DAY);
    const keysOf = async (key: string) => [key, ...(await db().select().from(mailAttachments).where(eq(mailAttachments.mailKey, key))).map((a) => a.r2Key)];
    const oldKeys = await keysOf(old.key);
    expect(oldKeys.length).toBeGreaterThan(1);
    await db().delete(retentionPasses);
    await passUntilDone(NOW);
    expect(await db().select().from(mailMessages).where(eq(mailMessages.key, old.key))).toEqual([]);
    for (const k of oldKeys) expect(await env.FILES.head(k)).toBeNull();
    expect(await db().select().from(mailMessages).where(eq(mailMessages.key, fresh.key))).toHaveLength(1);
  }, 60_000);

  it("is run by the 15-minute cron", async () => {
    const user = await createUser({ credits: 10 });
    const due = await labelAt(user, { createdDaysAgo: 95, deliveredDaysAgo: 91, buyerEmail: "robin@example.com" });
    await db().delete(retentionPasses);
    await handleScheduled(createScheduledController({ scheduledTime: NOW, cron: "*/15 * * * *" }), { ...env, ...noJobs });
    expect((await row(due)).buyerEmail).toBeNull();
    expect((await db().select().from(retentionPasses)).map((p) => p.rule).sort()).toEqual(["addresses", "buyer-contact", "mailbox"]);
  }, 60_000);

  it("goes on from where a run's budget stopped it, and runs once a day", async () => {
    const user = await createUser({ credits: 600 });
    await call("/api/v1/user/retention", { method: "PUT", token: user.token, json: { addressRetentionDays: 30 } });
    await createManualLabels(
      db(),
      noJobs,
      user.id,
      Array.from({ length: 450 }, (_, i) => ({
        details: { courier: "evri", trackingCode: evriCode(), countryCode: "GB", address: { name: `Buyer ${i}`, address: ["1 Long Road"], postcode: "LS1 4AP", countryCode: "GB" } },
        buyerEmail: `b${i}@example.com`,
      })),
    );
    await db().update(labels).set({ createdAt: NOW - 200 * DAY, deliveredAt: NOW - 190 * DAY }).where(eq(labels.userId, user.id));
    await db().delete(retentionPasses);
    // 4 statements a run: a page at a time, many runs.
    const runs = await passUntilDone(NOW, 4);
    expect(runs).toBeGreaterThan(3);
    const rows = await db().select().from(labels).where(eq(labels.userId, user.id));
    expect(rows.filter((r) => r.buyerEmail !== null || r.addressRedactedAt === null)).toEqual([]);
    // Done for the day: another run the same day reads nothing but its place.
    const before = await db().select().from(retentionPasses);
    await runRetention(env, db(), NOW + 60_000, { mailbox: true });
    expect(await db().select().from(retentionPasses)).toEqual(before);
  }, 120_000);
});
