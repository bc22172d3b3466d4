import { getDb } from "../../worker/db/client";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchEvriTracking } from "../../worker/couriers/evri/tracking";
import { fetchRoyalMailTracking } from "../../worker/couriers/royalmail/tracking";
import { CarrierError } from "../../worker/couriers/tracking-http";
import { nextRefreshAt, refreshLabelTracking, runTrackingRefreshJob } from "../../worker/tracking/tracking";
import {
  answerCarrier,
  answerEvri,
  EVRI_BASE,
  EVRI_CODE,
  EVRI_KEY,
  EVRI_URN,
  FAST_HTTP,
  fixtures,
  json,
  trackingEnv,
} from "../fixtures/carriers/carrier-fetch";
import { insertTrackedLabel, labelRow } from "../fixtures/carriers/tracking-labels";
import { createUser } from "./helpers";

const CREATED = Date.parse("2026-11-16T10:00:00Z"); // Monday
const NOW = Date.parse("2026-11-17T09:00:00Z");
const evri = { baseUrl: EVRI_BASE, apiKey: EVRI_KEY };
const tEnv = () => trackingEnv(env);

afterEach(() => vi.restoreAllMocks());

async function newLabel(extra: Parameters<typeof insertTrackedLabel>[1]["extra"] = {}, courier = "evri") {
  const user = await createUser();
  const id = await insertTrackedLabel(env.DB, { userId: user.id, courier, createdAt: CREATED, extra });
  return { user, id };
}

describe("evriTrackingClient", () => {
  it("follows the two-step API with the apiKey header and maps events newest first", async () => {
    const { calls } = answerEvri([json(fixtures.evriInTransit)]);
    const answer = await fetchEvriTracking(evri, EVRI_CODE, FAST_HTTP);
    expect(calls.map((c) => c.url)).toEqual([
      `${EVRI_BASE}/parcels/reference/${EVRI_CODE}`,
      `${EVRI_BASE}/parcels?uniqueIds=${encodeURIComponent(EVRI_URN)}`,
    ]);
    expect(calls.every((c) => c.headers.get("apiKey") === EVRI_KEY)).toBe(true);
    expect(answer.kind).toBe("found");
    if (answer.kind !== "found") return;
    expect(answer.result.sender?.displayName).toBe("Hollow Oak Ceramics");
    expect(answer.result.service?.serviceType).toBe("Next Day");
    const events = answer.result.trackingEvents;
    expect(events).toHaveLength(4);
    expect(events[0]).toMatchObject({ dateTime: "2026-11-17T06:31:09.000Z", trackingPoint: { description: "It's at our local depot" }, location: "Warrington" });
    expect(events.map((e) => e.dateTime)).toEqual([...events.map((e) => e.dateTime)].sort().reverse());
  });

  it("does not trust the sender's name on a C2C or return parcel", async () => {
    answerEvri([json(fixtures.evriRegistered)]);
    const answer = await fetchEvriTracking(evri, EVRI_CODE, FAST_HTTP);
    expect(answer.kind === "found" && answer.result.sender?.displayName).toBeNull();
  });

  it("follows the newest URN when a barcode was used more than once", async () => {
    const { calls } = answerEvri([json(fixtures.evriInTransit)], [json(fixtures.evriReferenceReused)]);
    await fetchEvriTracking(evri, EVRI_CODE, FAST_HTTP);
    expect(calls[1].url).toContain(encodeURIComponent(":2026-11-16"));
  });

  it.each([
    ["a 404 on the reference step", [json({ message: "Not Found" }, 404)], [json(fixtures.evriInTransit)]],
    ["no parcel identifiers", [json(fixtures.evriReferenceEmpty)], [json(fixtures.evriInTransit)]],
    ["the URN only in failures", [json(fixtures.evriReference)], [json(fixtures.evriFailures)]],
  ])("answers unknown for %s", async (_name, reference, parcels) => {
    answerEvri(parcels, reference);
    expect(await fetchEvriTracking(evri, EVRI_CODE, FAST_HTTP)).toEqual({ kind: "unknown" });
  });

  it("rejects answers that are not JSON or not the documented shape", async () => {
    answerEvri([json("<html>gateway</html>")]);
    await expect(fetchEvriTracking(evri, EVRI_CODE, FAST_HTTP)).rejects.toMatchObject({ kind: "malformed" });
    vi.restoreAllMocks();
    answerEvri([json(fixtures.evriMalformed)]);
    await expect(fetchEvriTracking(evri, EVRI_CODE, FAST_HTTP)).rejects.toMatchObject({ kind: "malformed" });
  });

  it("retries a 429 and a 500 with backoff, then succeeds", async () => {
    const { calls } = answerEvri([json({}, 500), json(fixtures.evriInTransit)], [json({ message: "Too Many Requests" }, 429, { "Retry-After": "0" }), json(fixtures.evriReference)]);
    const answer = await fetchEvriTracking(evri, EVRI_CODE, FAST_HTTP);
    expect(answer.kind).toBe("found");
    expect(calls).toHaveLength(4);
  });

  it("gives up after its retries with a retryable error", async () => {
    const { calls } = answerEvri([json({}, 503)]);
    const err = await fetchEvriTracking(evri, EVRI_CODE, FAST_HTTP).catch((e) => e);
    expect(err).toBeInstanceOf(CarrierError);
    expect(err.retryable).toBe(true);
    expect(calls).toHaveLength(1 + 3);
  });

  it("does not wait out a long Retry-After", async () => {
    const { calls } = answerEvri([json(fixtures.evriInTransit)], [json({}, 429, { "Retry-After": "120" })]);
    await expect(fetchEvriTracking(evri, EVRI_CODE, FAST_HTTP)).rejects.toMatchObject({ kind: "unavailable" });
    expect(calls).toHaveLength(1);
  });

  it("reports a refused key as a configuration problem, not retried", async () => {
    const { calls } = answerEvri([json(fixtures.evriInTransit)], [json({ message: "Invalid API key" }, 401)]);
    await expect(fetchEvriTracking(evri, EVRI_CODE, FAST_HTTP)).rejects.toMatchObject({ kind: "rejected", httpStatus: 401 });
    expect(calls).toHaveLength(1);
  });

  it("counts a timeout as unavailable", async () => {
    answerCarrier([[/./, [() => { throw Object.assign(new Error("timed out"), { name: "TimeoutError" }); }]]]);
    await expect(fetchEvriTracking(evri, EVRI_CODE, { ...FAST_HTTP, retries: 0 })).rejects.toMatchObject({ kind: "unavailable" });
  });
});

describe("royalMailTrackingClient", () => {
  const rm = { clientId: "rm-id", clientSecret: "rm-secret" };

  it("reads Tracking API v2 events with the IBM client headers", async () => {
    const { calls } = answerCarrier([[/mailpieces\/v2\/SG577041359GB\/events$/, [json(fixtures.royalMailEvents)]]]);
    const answer = await fetchRoyalMailTracking(rm, "SG577041359GB", FAST_HTTP);
    expect(calls[0].url).toBe("https://api.royalmail.net/mailpieces/v2/SG577041359GB/events");
    expect(calls[0].headers.get("X-IBM-Client-Id")).toBe("rm-id");
    expect(calls[0].headers.get("X-IBM-Client-Secret")).toBe("rm-secret");
    expect(calls[0].headers.get("X-Accept-RMG-Terms")).toBe("yes");
    expect(answer.kind === "found" && answer.result.service?.serviceType).toBe("Royal Mail Tracked 24");
    expect(answer.kind === "found" && answer.result.trackingEvents[0].trackingPoint).toEqual({ description: "Delivered", trackingPointCode: "EVKSP" });
  });

  it("answers unknown for a number Royal Mail does not recognise", async () => {
    answerCarrier([[/mailpieces/, [json(fixtures.royalMailNotFound, 404)]]]);
    expect(await fetchRoyalMailTracking(rm, "SG577041359GB", FAST_HTTP)).toEqual({ kind: "unknown" });
  });

  it("is used only when its credentials are configured", async () => {
    const { id } = await newLabel({}, "royalmail");
    const spy = vi.spyOn(globalThis, "fetch");
    expect(await refreshLabelTracking(tEnv(), getDb(env.DB), id, { now: NOW })).toEqual({ kind: "unavailable" });
    expect(spy).not.toHaveBeenCalled();
    answerCarrier([[/mailpieces/, [json(fixtures.royalMailEvents)]]]);
    const withRm = trackingEnv(env, { ROYALMAIL_CLIENT_ID: "rm-id", ROYALMAIL_CLIENT_SECRET: "rm-secret" });
    expect(await refreshLabelTracking(withRm, getDb(env.DB), id, { now: NOW, http: FAST_HTTP })).toMatchObject({ kind: "refreshed", status: "delivered" });
    expect((await labelRow(env.DB, id)).deliveredAt).toBe(Date.parse("2026-11-17T12:41:00Z"));
  });
});

describe("refreshing a label's tracking", () => {
  it("stores events newest first as tracking.results[], a normalised status and the last scan", async () => {
    const { id } = await newLabel();
    answerEvri([json(fixtures.evriInTransit)]);
    const result = await refreshLabelTracking(tEnv(), getDb(env.DB), id, { now: NOW, http: FAST_HTTP });
    expect(result).toMatchObject({ kind: "refreshed", status: "in_transit", flagged: false, events: 4 });
    const row = await labelRow(env.DB, id);
    const tracking = JSON.parse(row.trackingJson!);
    expect(tracking.results[0].sender.displayName).toBe("Hollow Oak Ceramics");
    expect(tracking.results[0].service.serviceType).toBe("Next Day");
    expect(tracking.results[0].trackingEvents[0].trackingPoint.description).toBe("It's at our local depot");
    expect(row.trackingStatus).toBe("in_transit");
    expect(row.trackingError).toBeNull();
    expect(row.trackingCheckedAt).toBe(NOW);
    expect(row.lastScanAt).toBe(Date.parse("2026-11-17T06:31:09Z"));
    expect(row.deliveredAt).toBeNull();
    // First day of the label: hourly (plus a small per-label offset).
    expect(row.nextTrackingAt).toBeGreaterThanOrEqual(NOW + 3600_000);
    expect(row.nextTrackingAt).toBeLessThan(NOW + 1.1 * 3600_000);
  });

  it("sets deliveredAt from the delivery event, in the columns and the details, and stops refreshing", async () => {
    const { id } = await newLabel();
    answerEvri([json(fixtures.evriDelivered)]);
    const result = await refreshLabelTracking(tEnv(), getDb(env.DB), id, { now: NOW + 6 * 3600_000, http: FAST_HTTP });
    expect(result).toMatchObject({ kind: "refreshed", status: "delivered" });
    const row = await labelRow(env.DB, id);
    expect(row.deliveredAt).toBe(Date.parse("2026-11-17T13:02:11Z"));
    expect(JSON.parse(row.detailsJson).deliveredAt).toBe("2026-11-17T13:02:11.000Z");
    expect(JSON.parse(row.detailsJson).trackingCode).toBe(EVRI_CODE);
    expect(row.nextTrackingAt).toBeNull();
  });

  it("records an unknown parcel without losing earlier events", async () => {
    const { id } = await newLabel();
    answerEvri([json(fixtures.evriInTransit)]);
    await refreshLabelTracking(tEnv(), getDb(env.DB), id, { now: NOW, http: FAST_HTTP });
    vi.restoreAllMocks();
    answerEvri([json(fixtures.evriFailures)]);
    expect(await refreshLabelTracking(tEnv(), getDb(env.DB), id, { now: NOW + 3600_000, http: FAST_HTTP })).toMatchObject({ kind: "unknown", events: 4 });
    const row = await labelRow(env.DB, id);
    expect(row.trackingError).toBe("Evri has no tracking for this parcel yet.");
    expect(JSON.parse(row.trackingJson!).results[0].trackingEvents).toHaveLength(4);
    expect(row.trackingStatus).toBe("in_transit");
  });

  it("keeps stored data intact when the carrier's answer does not parse", async () => {
    const { id } = await newLabel();
    answerEvri([json(fixtures.evriInTransit)]);
    await refreshLabelTracking(tEnv(), getDb(env.DB), id, { now: NOW, http: FAST_HTTP });
    const before = await labelRow(env.DB, id);
    vi.restoreAllMocks();
    answerEvri([json(fixtures.evriMalformed)]);
    const result = await refreshLabelTracking(tEnv(), getDb(env.DB), id, { now: NOW + 3600_000, http: FAST_HTTP });
    expect(result.kind).toBe("failed");
    const after = await labelRow(env.DB, id);
    expect(after.trackingError).toMatch(/^Evri sent a parcel events answer we could not read/);
    expect(after.trackingJson).toBe(before.trackingJson);
    expect(after.trackingStatus).toBe(before.trackingStatus);
    expect(after.lastScanAt).toBe(before.lastScanAt);
    expect(after.trackingCheckedAt).toBe(before.trackingCheckedAt);
  });

  it("records a carrier outage on the label and lets the queue retry", async () => {
    const { id } = await newLabel();
    answerEvri([json(fixtures.evriInTransit)]);
    await refreshLabelTracking(tEnv(), getDb(env.DB), id, { now: NOW, http: FAST_HTTP });
    vi.restoreAllMocks();
    answerEvri([json({}, 500)], [json({}, 500)]);
    // The queue job uses the default backoff (0.5 s, 1 s): a real wait, kept short.
    await expect(runTrackingRefreshJob(tEnv(), getDb(env.DB), id, NOW + 3600_000)).rejects.toMatchObject({ kind: "unavailable" });
    const row = await labelRow(env.DB, id);
    expect(row.trackingError).toMatch(/^Evri had a problem \(HTTP 500\)\. Earlier tracking events are kept/);
    expect(JSON.parse(row.trackingJson!).results[0].trackingEvents).toHaveLength(4);
    expect(row.nextTrackingAt).toBeGreaterThan(NOW + 3600_000);
  });

  it("merges new events with the stored ones (a carrier answer never drops history)", async () => {
    const { id } = await newLabel();
    answerEvri([json(fixtures.evriDelivered)]);
    await refreshLabelTracking(tEnv(), getDb(env.DB), id, { now: NOW, http: FAST_HTTP });
    vi.restoreAllMocks();
    answerEvri([json(fixtures.evriInTransit)]);
    await refreshLabelTracking(tEnv(), getDb(env.DB), id, { now: NOW + 3600_000, http: FAST_HTTP, force: true });
    const events = JSON.parse((await labelRow(env.DB, id)).trackingJson!).results[0].trackingEvents;
    expect(events).toHaveLength(6);
    expect(events[0].trackingStage.trackingStageCode).toBe("5_COURIER");
  });

  it("never refreshes one label twice at once", async () => {
    const { id } = await newLabel();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { calls, spy } = answerEvri([json(fixtures.evriInTransit)]);
    // Hold the first refresh inside its carrier call while the second one starts.
    const original = spy.getMockImplementation()!;
    spy.mockImplementationOnce(async (input, init) => {
      await gate;
      return original(input, init);
    });
    const first = refreshLabelTracking(tEnv(), getDb(env.DB), id, { now: NOW, http: FAST_HTTP, force: true });
    // The first refresh holds the label's lease once it is inside its carrier call.
    await vi.waitFor(() => expect(spy).toHaveBeenCalledOnce());
    expect(await refreshLabelTracking(tEnv(), getDb(env.DB), id, { now: NOW, http: FAST_HTTP, force: true })).toEqual({ kind: "busy" });
    release();
    expect(await first).toMatchObject({ kind: "refreshed" });
    expect(calls).toHaveLength(2);
    // The lease is given back: the next refresh runs.
    expect(await refreshLabelTracking(tEnv(), getDb(env.DB), id, { now: NOW + 60_000, http: FAST_HTTP, force: true })).toMatchObject({ kind: "refreshed" });
  });

  it("skips a duplicate queue delivery right after a check", async () => {
    const { id } = await newLabel({ trackingCheckedAt: NOW - 60_000 });
    const spy = vi.spyOn(globalThis, "fetch");
    expect(await refreshLabelTracking(tEnv(), getDb(env.DB), id, { now: NOW })).toEqual({ kind: "duplicate" });
    expect(spy).not.toHaveBeenCalled();
  });
});

describe("refresh schedule", () => {
  const base = { id: "lbl_x", createdAt: CREATED, lastScanAt: null, status: "in_transit" as const };
  it("refreshes hourly on the first day, then less often", () => {
    expect(nextRefreshAt(CREATED + 3600_000, base)! - (CREATED + 3600_000)).toBeLessThan(1.1 * 3600_000);
    const day5 = CREATED + 5 * 86_400_000;
    expect(nextRefreshAt(day5, base)! - day5).toBeGreaterThanOrEqual(6 * 3600_000);
    const day10 = CREATED + 10 * 86_400_000;
    expect(nextRefreshAt(day10, base)! - day10).toBeGreaterThanOrEqual(12 * 3600_000);
  });
  it("stops once delivered or 30 days without news", () => {
    expect(nextRefreshAt(NOW, { ...base, status: "delivered" })).toBeNull();
    expect(nextRefreshAt(CREATED + 31 * 86_400_000, base)).toBeNull();
    expect(nextRefreshAt(CREATED + 31 * 86_400_000, { ...base, lastScanAt: CREATED + 5 * 86_400_000 })).not.toBeNull();
  });
});
