import { getDb } from "../../worker/db/client";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sendDueAlerts } from "../../worker/claims/alerts";
import { labels } from "../../worker/db/schema";
import type { ApiLabel, TrackingEvent } from "../../shared/label";
import { ukDay } from "../../worker/lib/uk-format";
import { LOST_NOTICE_QUIET_MS } from "../../worker/deadlines/lost";
import { sendLostNotice } from "../../worker/tracking/lost-notice";
import { refreshLabelTracking } from "../../worker/tracking/tracking";
import { answerEvri, FAST_HTTP, fixtures, json, trackingEnv } from "../fixtures/carriers/carrier-fetch";
import { insertTrackedLabel, labelRow } from "../fixtures/carriers/tracking-labels";
import { captureMail } from "./auth-mail";
import { call, createUser, db } from "./helpers";
import { evriCode } from "./labels-fixtures";

// An import of a backlog: labels printed weeks or months ago and never scanned, all arriving at once.
// Calendar: Wed 25 Nov 2026 (GMT).

const at = (iso: string) => Date.parse(iso);
const NOW = at("2026-11-25T10:00:00Z");

let mail = captureMail();
afterEach(() => {
  vi.restoreAllMocks();
  mail = captureMail();
});

/**
 * The worker's env with Evri configured and the queue held by the test: a notice queued by a refresh must not reach
 * the local consumer, which would run it at the real clock's time instead of this test's.
 */
const queued: unknown[] = [];
const testEnv = () => ({ ...trackingEnv(env), JOBS: { send: async (body: unknown) => void queued.push(body), sendBatch: async () => {} } as unknown as Queue });

/** A label imported at `arrived` that was printed at `printed` (its own date on the label). */
const imported = (userId: number, printed: number, arrived = NOW) =>
  insertTrackedLabel(env.DB, {
    userId,
    trackingCode: evriCode(),
    createdAt: arrived,
    details: { shippingLabelCreatedAt: new Date(printed).toISOString(), address: { name: "Ada Lovelace", address: ["1 Main St"], postcode: "SW1A 1AA", countryCode: "GB" } },
  });

/** Each label's first tracking check: Evri knows the parcel but never scanned it. */
async function firstChecks(ids: string[], now = NOW) {
  answerEvri([json(fixtures.evriRegistered)]);
  for (const id of ids) await refreshLabelTracking(testEnv(), getDb(env.DB), id, { now, http: FAST_HTTP });
}

describe("importing a backlog of old labels", () => {
  it("never flags or mails a label whose claim window had closed when it arrived, and says the window closed", async () => {
    const user = await createUser();
    // Printed 1 Sep: Evri's 30-day claim window closed on 1 Oct, long before the import.
    const closed = await imported(user.id, at("2026-09-01T09:00:00Z"));
    // Printed 10 Nov: still claimable until 10 Dec, and no scan for over 3 working days: flagged.
    const open = await imported(user.id, at("2026-11-10T09:00:00Z"));
    await firstChecks([closed, open]);

    expect(await labelRow(env.DB, closed)).toMatchObject({ potentiallyLost: false, potentiallyLostAt: null, trackingStatus: "registered" });
    expect(await labelRow(env.DB, open)).toMatchObject({ potentiallyLost: true, lostReason: "no_first_scan" });
    const shown = (await (await call(`/api/v1/label/${closed}`, { token: user.token })).json()) as ApiLabel;
    expect(shown.deadlines).toMatchObject({ claimClosesOn: "2026-10-01", sentence: `Evri's claim window closed on ${ukDay("2026-10-01", Date.now())}`, urgent: false });
    // Nothing to do about it: not in Needs action either.
    const needs = (await (await call("/api/v1/labels/needs-action", { token: user.token })).json()) as { results: { id: string }[] };
    expect(needs.results.map((r) => r.id)).toEqual([open]);
  });

  it("sends one summary mail for the whole import, once its first checks are done and the flags are quiet", async () => {
    const user = await createUser();
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push(await imported(user.id, at("2026-11-02T09:00:00Z") + i * 3_600_000));
    // 28 checked now, 2 still due (the carrier's budget deferred them): their flags may join the same mail.
    await firstChecks(ids.slice(0, 28));
    const flags = await db().select().from(labels).where(eq(labels.userId, user.id));
    expect(flags.filter((l) => l.potentiallyLost)).toHaveLength(28);

    // As the queue runs them: one after another.
    const run = async (t: number) => {
      const out = [];
      for (const id of ids) out.push(await sendLostNotice(testEnv(), getDb(env.DB), id, t));
      return out;
    };
    // Early: each flag's notice waits for the rest (only the oldest flag's job keeps waiting), no mail.
    const early = await run(NOW + 60_000);
    expect(early.filter((r) => r === "waiting").length).toBeGreaterThanOrEqual(1);
    expect(early).not.toContain("sent");
    // Quiet for 10 minutes, but two labels of the import still wait for their first check: still no mail.
    expect(await run(NOW + LOST_NOTICE_QUIET_MS + 60_000)).not.toContain("sent");
    expect(mail.to(user.email)).toEqual([]);

    const later = NOW + LOST_NOTICE_QUIET_MS + 120_000;
    await firstChecks(ids.slice(28), later);
    expect(await run(later + LOST_NOTICE_QUIET_MS)).toContain("sent");
    await run(later + 2 * LOST_NOTICE_QUIET_MS);

    const sent = mail.to(user.email);
    expect(sent).toHaveLength(1);
    const [digest] = sent;
    expect(digest.subject).toBe("30 parcels may be delayed or lost");
    expect(digest.text).toContain("30 of your parcels may be delayed or lost:");
    // 25 lines, each a label of this import (flags of the same moment come in no meaningful order among themselves).
    const codes = new Set(await Promise.all(ids.map(async (id) => (await labelRow(env.DB, id)).trackingCode)));
    const listed = [...digest.text.matchAll(/^- Evri (\S+) to Ada Lovelace, SW1A 1AA: The carrier has not scanned this parcel in the 3 working days since its label was created\.$/gm)].map((m) => m[1]);
    expect(listed).toHaveLength(25);
    expect(listed.every((code) => codes.has(code))).toBe(true);
    expect(new Set(listed).size).toBe(25);
    expect(digest.text).toContain("…and 5 more.");
    expect(digest.text).toContain("http://localhost:5173/labels?lost=1");
    for (const id of ids) expect((await labelRow(env.DB, id)).lostEmailSentAt).toBeTypeOf("number");
  }, 60_000);

  it("still mails a single flag on its own, as before", async () => {
    const user = await createUser();
    const id = await imported(user.id, at("2026-11-16T09:00:00Z"), at("2026-11-16T09:00:00Z"));
    await firstChecks([id]);
    const row = await labelRow(env.DB, id);
    expect(row).toMatchObject({ potentiallyLost: true, potentiallyLostAt: NOW });
    expect(await sendLostNotice(testEnv(), getDb(env.DB), id, NOW + LOST_NOTICE_QUIET_MS)).toBe("sent");
    expect(mail.to(user.email).map((m) => m.subject)).toEqual([`Parcel ${(await labelRow(env.DB, id)).trackingCode} may be delayed or lost`]);
  });

  it("sends each owner one mail for all the deadline alerts due in a pass", async () => {
    const scan = (dateTime: string): TrackingEvent => ({ dateTime, trackingPoint: { description: "At the depot" }, trackingStage: { trackingStageCode: "3" } });
    const many = await createUser();
    const one = await createUser();
    const label = (userId: number, created: string) =>
      insertTrackedLabel(env.DB, {
        userId,
        trackingCode: evriCode(),
        createdAt: at(created),
        details: { address: { name: "Ada Lovelace", address: ["1 Main St"], postcode: "SW1A 1AA", countryCode: "GB" } },
        extra: { trackingJson: JSON.stringify({ results: [{ trackingEvents: [scan("2026-10-29T10:00:00Z")] }] }), trackingStatus: "in_transit", alertDueAt: 0 },
      });
    // Claim windows closing 30 days after creation, on 27 and 28 Nov: the reminders are due on 25 Nov.
    for (const created of ["2026-10-28T09:00:00Z", "2026-10-28T10:00:00Z", "2026-10-29T09:00:00Z"]) await label(many.id, created);
    await label(one.id, "2026-10-29T09:00:00Z");

    const pass = await sendDueAlerts(env, getDb(env.DB), at("2026-11-25T08:00:00Z"));
    expect(pass.sent).toBe(4);
    const [digest, ...more] = mail.to(many.email);
    expect(more).toEqual([]);
    expect(digest.subject).toBe("3 parcels need you before their carrier deadlines");
    expect(digest.text.match(/^- Evri H01AB\d+ to Ada Lovelace, SW1A 1AA: claims close on 2\d Nov: claim now if it has not arrived$/gm)).toHaveLength(3);
    expect(mail.to(one.email).map((m) => m.subject)).toEqual([expect.stringMatching(/^Parcel H01AB\d+: claims close on 28 Nov$/)]);

    // Recorded: the next pass sends nothing more.
    await db().update(labels).set({ alertDueAt: 0 });
    expect((await sendDueAlerts(env, getDb(env.DB), at("2026-11-25T12:00:00Z"))).sent).toBe(0);
    expect(mail.to(many.email)).toHaveLength(1);
  });
});
