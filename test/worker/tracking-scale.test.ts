import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "../../worker/db/client";
import { pauseCarrier, takeCarrierCalls } from "../../worker/tracking/carrier-budget";
import { refreshJobs } from "../../worker/tracking/cron";
import { refreshLabelTracking } from "../../worker/tracking/tracking";
import { runLatestTrackingJob } from "../../worker/tracking/batch";
import { answerCarrier, FAST_HTTP, fixtures, json, trackingEnv } from "../fixtures/carriers/carrier-fetch";
import { insertTrackedLabel, labelRow } from "../fixtures/carriers/tracking-labels";
import { createUser } from "./helpers";

const CREATED = Date.parse("2026-11-16T10:00:00Z");
const NOW = Date.parse("2026-11-17T09:00:00Z");
const rmEnv = (extra: Record<string, string> = {}) => trackingEnv(env, { ROYALMAIL_CLIENT_ID: "rm-id", ROYALMAIL_CLIENT_SECRET: "rm-secret", ...extra });
const db = () => getDb(env.DB);

afterEach(() => vi.restoreAllMocks());

describe("the carrier call budget", () => {
  it("never lets concurrent consumers together take more than the minute's budget", async () => {
    const minute = Date.parse("2026-11-17T10:00:00Z");
    let granted = 0;
    // Ten consumers, each asking for calls one at a time as fast as D1 answers.
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        for (let i = 0; i < 12; i++) if (await takeCarrierCalls(db(), "royalmail", 1, 50, minute + i)) granted++;
      }),
    );
    expect(granted).toBe(50);
    expect(await takeCarrierCalls(db(), "royalmail", 1, 50, minute + 59_000)).toBe(false);
    // A new minute, a new budget; a request larger than what is left is refused whole.
    expect(await takeCarrierCalls(db(), "royalmail", 45, 50, minute + 60_000)).toBe(true);
    expect(await takeCarrierCalls(db(), "royalmail", 6, 50, minute + 61_000)).toBe(false);
    expect(await takeCarrierCalls(db(), "royalmail", 5, 50, minute + 62_000)).toBe(true);
    // Each carrier has its own.
    expect(await takeCarrierCalls(db(), "evri", 2, 50, minute + 62_000)).toBe(true);
  });

  it("honours a pause (Retry-After) for everyone until it ends", async () => {
    const t = Date.parse("2026-11-17T11:00:00Z");
    await pauseCarrier(db(), "evri", t + 30_000);
    expect(await takeCarrierCalls(db(), "evri", 1, 600, t + 29_000)).toBe(false);
    expect(await takeCarrierCalls(db(), "evri", 1, 600, t + 30_001)).toBe(true);
  });

  it("leaves a refused label due, out-for-delivery parcels ahead of the rest", async () => {
    const user = await createUser();
    const e = rmEnv({ ROYALMAIL_CALLS_PER_MINUTE: "1" });
    const at = Date.parse("2026-11-17T12:00:30Z");
    const first = await insertTrackedLabel(env.DB, { userId: user.id, courier: "royalmail", createdAt: CREATED });
    const ofd = await insertTrackedLabel(env.DB, { userId: user.id, courier: "royalmail", trackingCode: "ZW924750388GB", createdAt: CREATED, extra: { trackingStatus: "out_for_delivery", lastScanAt: NOW } });
    const other = await insertTrackedLabel(env.DB, { userId: user.id, courier: "royalmail", trackingCode: "VB442550835GB", createdAt: CREATED, extra: { trackingStatus: "in_transit", lastScanAt: NOW } });
    answerCarrier([[/mailpieces/, [json(fixtures.royalMailEvents)]]]);
    expect(await refreshLabelTracking(e, getDb(env.DB), first, { now: at, http: FAST_HTTP })).toMatchObject({ kind: "refreshed" });
    expect(await refreshLabelTracking(e, getDb(env.DB), ofd, { now: at, http: FAST_HTTP })).toEqual({ kind: "deferred" });
    expect(await refreshLabelTracking(e, getDb(env.DB), other, { now: at, http: FAST_HTTP })).toEqual({ kind: "deferred" });
    const [o, r] = [await labelRow(env.DB, ofd), await labelRow(env.DB, other)];
    expect(o.nextTrackingAt).toBeLessThan(r.nextTrackingAt!);
    expect(r.nextTrackingAt).toBeLessThanOrEqual(at);
  });
});

describe("batched look-ups (Royal Mail's summary)", () => {
  it("groups due Royal Mail labels 30 to a job and leaves Evri one job per label", () => {
    const claimed = [
      ...Array.from({ length: 65 }, (_, i) => ({ id: `rm${i}`, courier: "royalmail" })),
      { id: "ev1", courier: "evri" },
    ];
    const jobs = refreshJobs(rmEnv(), claimed);
    const latest = jobs.filter((j) => j.type === "tracking.latest");
    expect(latest.map((j) => (j.type === "tracking.latest" ? j.labelIds.length : 0))).toEqual([30, 30, 5]);
    expect(jobs.filter((j) => j.type === "tracking.refresh")).toEqual([{ type: "tracking.refresh", labelId: "ev1" }]);
  });

  it("fetches full events only for parcels with news", async () => {
    const user = await createUser();
    const at = Date.parse("2026-11-17T13:00:00Z");
    const withNews = await insertTrackedLabel(env.DB, { userId: user.id, courier: "royalmail", createdAt: CREATED });
    const unknown = await insertTrackedLabel(env.DB, { userId: user.id, courier: "royalmail", trackingCode: "ZW924750388GB", createdAt: CREATED });
    const { calls } = answerCarrier([
      [/mailpieces\/v2\/summary\?mailPieceId=/, [json(fixtures.royalMailSummary)]],
      [/mailpieces\/v2\/SG577041359GB\/events$/, [json(fixtures.royalMailEvents)]],
    ]);
    const result = await runLatestTrackingJob(rmEnv(), getDb(env.DB), "royalmail", [withNews, unknown], at, FAST_HTTP);
    expect(result).toMatchObject({ calls: 2, withNews: 1, unchanged: 1, failed: 0, deferred: 0 });
    expect(calls.map((c) => new URL(c.url).pathname)).toEqual(["/mailpieces/v2/summary", "/mailpieces/v2/SG577041359GB/events"]);
    // One summary call for both parcels, in whatever order the batch holds them.
    expect(new URL(calls[0].url).searchParams.get("mailPieceId")?.split(",").sort()).toEqual(["SG577041359GB", "ZW924750388GB"]);
    expect((await labelRow(env.DB, withNews)).trackingStatus).toBe("delivered");
    expect((await labelRow(env.DB, unknown)).trackingError).toMatch(/no tracking for this parcel yet/);

    // An hour later nothing new: one summary call, no events call, both labels scheduled again.
    const { calls: again } = answerCarrier([[/mailpieces\/v2\/summary/, [json(fixtures.royalMailSummary)]]]);
    const second = await runLatestTrackingJob(rmEnv(), getDb(env.DB), "royalmail", [withNews, unknown], at + 3_600_000, FAST_HTTP);
    expect(second).toMatchObject({ calls: 1, withNews: 0, unchanged: 2 });
    expect(again).toHaveLength(1);
    expect((await labelRow(env.DB, withNews)).trackingCheckedAt).toBe(at + 3_600_000);
  });

  it("keeps a batch's labels and their events when the summary call meets an outage", async () => {
    const user = await createUser();
    const at = Date.parse("2026-11-17T15:00:00Z");
    const id = await insertTrackedLabel(env.DB, { userId: user.id, courier: "royalmail", createdAt: CREATED });
    answerCarrier([[/mailpieces/, [json(fixtures.royalMailErrors.temporarilyUnavailableIn200, 200)]]]);
    expect(await runLatestTrackingJob(rmEnv(), getDb(env.DB), "royalmail", [id], at, FAST_HTTP)).toMatchObject({ calls: 1, failed: 1 });
    const row = await labelRow(env.DB, id);
    expect(row.trackingError).toMatch(/temporarily unavailable/);
    expect(row.nextTrackingAt).toBeGreaterThan(at);
  });
});
