import { getDb } from "../../worker/db/client";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { royalMailProblem } from "../../worker/couriers/royalmail/answers";
import { fetchRoyalMailTracking } from "../../worker/couriers/royalmail/tracking";
import { CarrierError } from "../../worker/couriers/tracking-http";
import { refreshLabelTracking, runTrackingRefreshJob } from "../../worker/tracking/tracking";
import { answerCarrier, FAST_HTTP, fixtures, json, trackingEnv } from "../fixtures/carriers/carrier-fetch";
import { insertTrackedLabel, labelRow } from "../fixtures/carriers/tracking-labels";
import { createUser } from "./helpers";

// Royal Mail's error answers (its technical guide's tables), each as the API sends it.
const E = fixtures.royalMailErrors;
const rm = { clientId: "rm-id", clientSecret: "rm-secret" };
const CREATED = Date.parse("2026-11-16T10:00:00Z"); // Monday
const NOW = Date.parse("2026-11-17T09:00:00Z");
const rmEnv = (extra: Record<string, string> = {}) => trackingEnv(env, { ROYALMAIL_CLIENT_ID: "rm-id", ROYALMAIL_CLIENT_SECRET: "rm-secret", ...extra });

afterEach(() => vi.restoreAllMocks());

async function fetchWith(response: Response) {
  answerCarrier([[/mailpieces\/v2\//, [response]]]);
  try {
    return await fetchRoyalMailTracking(rm, "SG577041359GB", FAST_HTTP);
  } catch (err) {
    return err as CarrierError;
  }
}

describe("Royal Mail's error answers", () => {
  it.each([
    ["HTTP 200 carrying httpCode '503' and E1307", json(E.temporarilyUnavailableIn200, 200)],
    ["HTTP 200 carrying an integer httpCode 503", json(E.temporarilyUnavailableIntegerCode, 200)],
  ])("reads %s as a temporary outage, not an unreadable answer", async (_, response) => {
    const err = await fetchWith(response);
    expect(err).toBeInstanceOf(CarrierError);
    expect((err as CarrierError).kind).toBe("unavailable");
    expect((err as CarrierError).retryable).toBe(true);
    expect((err as CarrierError).code).toBe("E1307");
    expect((err as CarrierError).message).toMatch(/temporarily unavailable/);
    expect((err as CarrierError).message).not.toMatch(/could not read/);
  });

  it("answers E1142 (not recognised) as a parcel with no tracking", async () => {
    expect(await fetchWith(json(E.notRecognised, 404))).toEqual({ kind: "unknown" });
  });

  it("answers E1308 and E1284 as 'no update until it is in the network / attempted'", async () => {
    expect(await fetchWith(json(E.updateWhenInNetwork, 404))).toEqual({ kind: "pending" });
    expect(await fetchWith(json(E.updateWhenAttempted, 404))).toEqual({ kind: "pending" });
  });

  it("answers E1283 as a service Royal Mail does not track", async () => {
    expect(await fetchWith(json(E.notTracked, 400))).toEqual({ kind: "untracked" });
  });

  it.each([
    ["E0009 internal server error", E.internalServerError, 500, "E0009"],
    ["E0001 internal exception", E.internalException, 503, "E0001"],
  ])("treats %s as temporary, after its retries", async (_, body, status, code) => {
    const err = await fetchWith(json(body, status));
    expect((err as CarrierError).kind).toBe("unavailable");
    // Classified by its status (the retries end on a 5xx); the code, when read in a 200, is kept.
    expect(royalMailProblem(200, body)).toMatchObject({ kind: "error", error: { kind: "unavailable", code } });
  });

  it("waits on a rate limit (E0010 / 429) for as long as Retry-After asks", async () => {
    const err = await fetchWith(json(E.rateLimited, 429, { "Retry-After": "120" }));
    expect((err as CarrierError).kind).toBe("unavailable");
    expect((err as CarrierError).retryAfterMs).toBe(120_000);
    expect(royalMailProblem(200, E.rateLimited, 30_000)).toMatchObject({ kind: "error", error: { kind: "unavailable", code: "E0010", retryAfterMs: 30_000 } });
  });

  it.each([
    ["E0004 schema validation failed", E.schemaValidation, "E0004"],
    ["E0013 too many parameters", E.tooManyParameters, "E0013"],
  ])("reports %s as a request we built wrong, not retried", async (_, body, code) => {
    const err = (await fetchWith(json(body, 400))) as CarrierError;
    expect(err.kind).toBe("rejected");
    expect(err.retryable).toBe(false);
    expect(err.code).toBe(code);
    expect(err.message).toMatch(/fault on our side/);
  });

  it("reports a 401 (client id not registered) as bad credentials for an administrator", async () => {
    const err = (await fetchWith(json(E.clientNotRegistered, 401))) as CarrierError;
    expect(err.kind).toBe("rejected");
    expect(err.message).toMatch(/ROYALMAIL_CLIENT_ID/);
  });

  it("classifies error bodies that are not valid JSON by their HTTP status", async () => {
    // Two of the guide's own examples miss a comma between fields.
    const broken = '{ "httpCode": "404" "httpMessage": "Not Found", "errors": [{ "errorCode": "E1142" }] }';
    expect(await fetchWith(new Response(broken, { status: 404, headers: { "Content-Type": "application/json" } }))).toEqual({ kind: "unknown" });
    const brokenAuth = '{ "httpCode": "401" "httpMessage": "Unauthorized" }';
    expect(((await fetchWith(new Response(brokenAuth, { status: 401 }))) as CarrierError).kind).toBe("rejected");
    const brokenBad = '{ "httpCode": "400" "errors": [] }';
    expect(((await fetchWith(new Response(brokenBad, { status: 400 }))) as CarrierError).kind).toBe("rejected");
  });
});

describe("a Royal Mail refresh that meets an error", () => {
  async function rmLabel() {
    const user = await createUser();
    return insertTrackedLabel(env.DB, { userId: user.id, courier: "royalmail", createdAt: CREATED });
  }

  it("keeps earlier events on HTTP 200 + E1307, says the carrier is temporarily unavailable and retries", async () => {
    const id = await rmLabel();
    answerCarrier([[/mailpieces/, [json(fixtures.royalMailEvents)]]]);
    await refreshLabelTracking(rmEnv(), getDb(env.DB), id, { now: NOW, http: FAST_HTTP });
    const before = await labelRow(env.DB, id);
    answerCarrier([[/mailpieces/, [json(E.temporarilyUnavailableIn200, 200)]]]);
    await expect(runTrackingRefreshJob(rmEnv(), getDb(env.DB), id, NOW + 10 * 60_000)).rejects.toMatchObject({ kind: "unavailable" });
    const after = await labelRow(env.DB, id);
    expect(after.trackingJson).toBe(before.trackingJson);
    expect(after.trackingError).toMatch(/temporarily unavailable/);
  });

  it("does not flag a parcel Royal Mail has not received yet (E1308) before the no-first-scan window ends", async () => {
    const id = await rmLabel();
    answerCarrier([[/mailpieces/, [json(E.updateWhenInNetwork, 404)]]]);
    expect(await refreshLabelTracking(rmEnv(), getDb(env.DB), id, { now: NOW, http: FAST_HTTP })).toMatchObject({ kind: "unknown", flagged: false });
    const row = await labelRow(env.DB, id);
    expect(row.potentiallyLost).toBe(false);
    expect(row.trackingError).toMatch(/once the parcel is in its network/);
    expect(row.nextTrackingAt).toBeGreaterThan(NOW);
    // Three UK working days after Monday's label with still no scan: now it is flagged.
    const friday = Date.parse("2026-11-20T09:00:00Z");
    expect(await refreshLabelTracking(rmEnv(), getDb(env.DB), id, { now: friday, http: FAST_HTTP })).toMatchObject({ flagged: true });
  });

  it("stops asking about a service Royal Mail does not track (E1283)", async () => {
    const id = await rmLabel();
    answerCarrier([[/mailpieces/, [json(E.notTracked, 400)]]]);
    await refreshLabelTracking(rmEnv(), getDb(env.DB), id, { now: NOW, http: FAST_HTTP });
    const row = await labelRow(env.DB, id);
    expect(row.nextTrackingAt).toBeNull();
    expect(row.trackingError).toMatch(/does not track this service/);
  });

  it("waits out a rate limit before the label is due again", async () => {
    const id = await rmLabel();
    answerCarrier([[/mailpieces/, [json(E.rateLimited, 429, { "Retry-After": "4" })]]]);
    await refreshLabelTracking(rmEnv(), getDb(env.DB), id, { now: NOW, http: FAST_HTTP });
    const row = await labelRow(env.DB, id);
    expect(row.trackingError).toMatch(/limiting requests/);
    expect(row.nextTrackingAt).toBeGreaterThanOrEqual(NOW + 60_000);
  });

  it("calls the address ROYALMAIL_API_BASE names", async () => {
    const id = await rmLabel();
    const { calls } = answerCarrier([[/mailpieces/, [json(fixtures.royalMailEvents)]]]);
    // Later than the rate limit above, which paused Royal Mail for its Retry-After.
    await refreshLabelTracking(rmEnv({ ROYALMAIL_API_BASE: "http://127.0.0.1:4010/" }), getDb(env.DB), id, { now: NOW + 3_600_000, http: FAST_HTTP });
    expect(calls[0].url).toBe("http://127.0.0.1:4010/mailpieces/v2/SG577041359GB/events");
  });
});
