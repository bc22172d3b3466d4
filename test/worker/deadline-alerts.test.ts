import { getDb } from "../../worker/db/client";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { sendDueAlerts } from "../../worker/claims/alerts";
import { labelDeadlines } from "../../worker/deadlines/deadlines";
import { labelAlerts, labels } from "../../worker/db/schema";
import type { TrackingEvent } from "../../shared/label";
import { insertTrackedLabel, labelRow } from "../fixtures/carriers/tracking-labels";
import { captureMail } from "./auth-mail";
import { createUser, db } from "./helpers";

// Calendar: 2026-11-23 is a Monday (UK time = UTC in winter); 25 and 28 Dec 2026 and 1 Jan 2027 are
// bank holidays. Alerts go out from 08:00 UK time on their first day.

const at = (iso: string) => Date.parse(iso);
const evriScan = (dateTime: string): TrackingEvent => ({ dateTime, trackingPoint: { description: "At the depot" }, trackingStage: { trackingStageCode: "3" } });
const rmScan = (dateTime: string): TrackingEvent => ({ dateTime, trackingPoint: { description: "Item received at the mail centre" } });

let mail = captureMail();
afterEach(() => {
  mail.restore();
  mail = captureMail();
});

async function parcel(o: { courier?: "evri" | "royalmail"; created: string; scans: string[]; service?: string; extra?: Partial<typeof labels.$inferInsert> }) {
  const user = await createUser();
  const courier = o.courier ?? "evri";
  const events = o.scans.map(courier === "evri" ? evriScan : rmScan);
  const id = await insertTrackedLabel(env.DB, {
    userId: user.id,
    courier,
    createdAt: at(o.created),
    details: { address: { name: "Ada Lovelace", address: ["1 Main St"], postcode: "SW1A 1AA", countryCode: "GB" } },
    extra: {
      trackingJson: JSON.stringify({ results: [{ service: o.service ? { serviceType: o.service } : undefined, trackingEvents: events }] }),
      trackingStatus: events.length ? "in_transit" : null,
      alertDueAt: 0,
      ...o.extra,
    },
  });
  return { user, id };
}

/** A cron pass at `iso`: the mails it sent to this user. */
async function passAt(iso: string, email: string) {
  const before = mail.to(email).length;
  await sendDueAlerts(env, getDb(env.DB), at(iso));
  return mail.to(email).slice(before);
}

/** Lets the next pass look at the label at once (as a new label, or the first pass after a mark is undone). */
const lookAgain = (id: string) => db().update(labels).set({ alertDueAt: 0 }).where(eq(labels.id, id));

describe("Evri: the early warning on day 7 of its 10-day investigation window", () => {
  it("goes on day 7 after the last scan, not the evening before; once", async () => {
    const { user, id } = await parcel({ created: "2026-11-22T09:00:00Z", scans: ["2026-11-23T10:00:00Z"] });
    expect(await passAt("2026-11-29T20:00:00Z", user.email)).toEqual([]);
    // It waits for 08:00 on Mon 30 Nov (3 days before Evri's 3 Dec), not a pass every 15 minutes.
    expect((await labelRow(env.DB, id)).alertDueAt).toBe(at("2026-11-30T08:00:00Z"));
    const [sent, ...more] = await passAt("2026-11-30T08:00:00Z", user.email);
    expect(more).toEqual([]);
    expect(sent.subject).toBe("Parcel H04AQA0004726589: raise it with Evri by 3 Dec");
    expect(sent.text).toContain("Evri investigates a missing parcel only until 3 Dec");
    expect(sent.text).toContain(`http://localhost:5173/label/${id}`);
    expect(sent.text).toContain("Ada Lovelace, SW1A 1AA");
    await lookAgain(id);
    expect(await passAt("2026-11-30T12:00:00Z", user.email)).toEqual([]);
    // Next: the reminder before Evri's claim window closes (22 Dec, 30 days after the label).
    expect((await labelRow(env.DB, id)).alertDueAt).toBe(at("2026-12-17T08:00:00Z"));
  });

  it("counts calendar days over Christmas: a scan on Wed 23 Dec warns on Wed 30 Dec", async () => {
    const { user } = await parcel({ created: "2026-12-21T09:00:00Z", scans: ["2026-12-23T10:00:00Z"] });
    expect(await passAt("2026-12-30T07:59:00Z", user.email)).toEqual([]);
    const sent = await passAt("2026-12-30T08:00:00Z", user.email);
    expect(sent.map((m) => m.subject)).toEqual(["Parcel H04AQA0004726589: raise it with Evri by 2 Jan 2027"]);
  });

  it("is not sent once the investigation window has passed (a label seen too late)", async () => {
    const { user, id } = await parcel({ created: "2026-11-22T09:00:00Z", scans: ["2026-11-23T10:00:00Z"] });
    expect(await passAt("2026-12-04T09:00:00Z", user.email)).toEqual([]);
    expect((await labelRow(env.DB, id)).alertDueAt).toBe(at("2026-12-17T08:00:00Z"));
  });
});

describe("Royal Mail: the alert when a late parcel becomes claimable", () => {
  it("goes on the first claimable day, counted Monday to Saturday past the bank holidays", async () => {
    const first = "2026-12-22T10:00:00Z";
    const { user } = await parcel({ courier: "royalmail", created: "2026-12-21T09:00:00Z", scans: [first], service: "Tracked 48" });
    const d = labelDeadlines({ courier: "royalmail", service: "Tracked 48", createdAt: at("2026-12-21T09:00:00Z"), firstScanAt: at(first), lastScanAt: at(first), status: "in_transit" }, at("2027-01-06T12:00:00Z"))!;
    // Due Tue 29 Dec (25 and 28 Dec are bank holidays); 7 working days later, Sat 2 Jan counted, 1 Jan not.
    expect([d.expectedBy, d.claimableFrom]).toEqual(["2026-12-29", "2027-01-07"]);
    expect(await passAt("2027-01-06T23:00:00Z", user.email)).toEqual([]);
    const sent = await passAt("2027-01-07T08:15:00Z", user.email);
    expect(sent.map((m) => m.subject)).toEqual(["Parcel SG577041359GB: you can claim from Royal Mail now"]);
    expect(sent[0].text).toContain("Royal Mail accepts a claim for loss from 7 Jan; claims close on 12 Mar");
  });

  it("reminds 5 days before its 80-day claim window closes, and on no other day", async () => {
    const { user, id } = await parcel({ courier: "royalmail", created: "2026-11-22T09:00:00Z", scans: ["2026-11-23T10:00:00Z"], service: "Tracked 24" });
    await db().insert(labelAlerts).values({ labelId: id, kind: "act_early", sentAt: at("2026-12-03T08:00:00Z") });
    expect(await passAt("2027-02-05T20:00:00Z", user.email)).toEqual([]);
    const sent = await passAt("2027-02-06T08:00:00Z", user.email);
    expect(sent.map((m) => m.subject)).toEqual(["Parcel SG577041359GB: claims close on 11 Feb"]);
    expect((await labelRow(env.DB, id)).alertDueAt).toBeNull();
  });
});

describe("the reminder before the claim window closes", () => {
  it("goes 5 days before Evri's 30-day window closes, once", async () => {
    const { user, id } = await parcel({ created: "2026-11-22T09:00:00Z", scans: ["2026-11-23T10:00:00Z"] });
    await db().insert(labelAlerts).values({ labelId: id, kind: "act_early", sentAt: at("2026-11-30T08:00:00Z") });
    expect(await passAt("2026-12-16T23:59:00Z", user.email)).toEqual([]);
    const sent = await passAt("2026-12-17T09:00:00Z", user.email);
    expect(sent.map((m) => m.subject)).toEqual(["Parcel H04AQA0004726589: claims close on 22 Dec"]);
    await lookAgain(id);
    expect(await passAt("2026-12-18T09:00:00Z", user.email)).toEqual([]);
    expect(await db().select().from(labelAlerts).where(eq(labelAlerts.labelId, id))).toHaveLength(2);
  });

  it("reaches a parcel never scanned: it is looked at daily until its first scan", async () => {
    const { user, id } = await parcel({ created: "2026-11-22T09:00:00Z", scans: [] });
    expect(await passAt("2026-11-25T10:00:00Z", user.email)).toEqual([]);
    expect((await labelRow(env.DB, id)).alertDueAt).toBe(at("2026-11-26T10:00:00Z"));
    await lookAgain(id);
    expect((await passAt("2026-12-18T10:00:00Z", user.email)).map((m) => m.subject)).toEqual(["Parcel H04AQA0004726589: claims close on 22 Dec"]);
  });
});

describe("once only, and none once delivered or marked", () => {
  it("sends one mail when two cron passes run at once", async () => {
    const { user, id } = await parcel({ created: "2026-11-22T09:00:00Z", scans: ["2026-11-23T10:00:00Z"] });
    const before = mail.to(user.email).length;
    await Promise.all([sendDueAlerts(env, getDb(env.DB), at("2026-12-01T09:00:00Z")), sendDueAlerts(env, getDb(env.DB), at("2026-12-01T09:00:00Z"))]);
    // Even a pass that takes the label again (its claim expired) finds the alert recorded.
    await lookAgain(id);
    await Promise.all([sendDueAlerts(env, getDb(env.DB), at("2026-12-01T09:15:00Z")), sendDueAlerts(env, getDb(env.DB), at("2026-12-01T09:15:00Z"))]);
    expect(mail.to(user.email).slice(before).map((m) => m.subject)).toEqual(["Parcel H04AQA0004726589: raise it with Evri by 3 Dec"]);
  });

  it.each([
    ["delivered by the carrier", { trackingStatus: "delivered", deliveredAt: at("2026-11-25T12:00:00Z") }],
    ["returned to the sender", { trackingStatus: "returned" }],
    ["marked claimed", { outcome: "claimed" as const }],
    ["marked found", { outcome: "found" as const }],
    ["marked delivered", { outcome: "delivered" as const }],
  ])("sends nothing for a parcel %s, and stops looking at it", async (_, extra) => {
    const { user, id } = await parcel({ created: "2026-11-22T09:00:00Z", scans: ["2026-11-23T10:00:00Z"], extra });
    expect(await passAt("2026-12-01T09:00:00Z", user.email)).toEqual([]);
    expect(await passAt("2026-12-18T09:00:00Z", user.email)).toEqual([]);
    expect((await labelRow(env.DB, id)).alertDueAt).toBeNull();
  });
});

describe("a cron pass over a backlog", () => {
  it("looks at a bounded number of due labels per pass, in chunks D1 can bind, and the rest on the next passes", async () => {
    const user = await createUser();
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 900)
       INSERT INTO labels (id, user_id, courier, tracking_code, details_json, source, shipped_on, created_at, updated_at, tracking_status, delivered_at, alert_due_at)
       SELECT 'lbl_backlog_' || i, ?1, 'evri', 'HB' || printf('%014d', i), '{}', 'manual', '2026-11-20', ?2, ?2, 'delivered', ?2, 0 FROM n`,
    )
      .bind(user.id, at("2026-11-20T09:00:00Z"))
      .run();
    const due = async () => (await env.DB.prepare("SELECT count(*) AS n FROM labels WHERE user_id = ?1 AND alert_due_at IS NOT NULL").bind(user.id).first<{ n: number }>())!.n;
    const first = await sendDueAlerts(env, getDb(env.DB), at("2026-11-25T09:00:00Z"));
    expect(first.looked).toBe(800);
    expect(await due()).toBeGreaterThanOrEqual(100);
    await sendDueAlerts(env, getDb(env.DB), at("2026-11-25T09:15:00Z"));
    expect(await due()).toBe(0);
  });
});
