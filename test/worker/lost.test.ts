import { getDb } from "../../worker/db/client";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { evaluateLostRules, lostThresholds, lostTransition, serviceDays, type LostInput } from "../../worker/deadlines/lost";
import { sendLostNotice } from "../../worker/tracking/lost-notice";
import { refreshLabelTracking } from "../../worker/tracking/tracking";
import { answerEvri, FAST_HTTP, fixtures, json, trackingEnv } from "../fixtures/carriers/carrier-fetch";
import { insertTrackedLabel, labelRow } from "../fixtures/carriers/tracking-labels";
import { createUser } from "./helpers";

const at = (iso: string) => Date.parse(iso);
const T = { noFirstScanDays: 3, noNewScanDays: 4, pastExpectedDays: 2 };

afterEach(() => vi.restoreAllMocks());

describe("the lost rules (UK working days)", () => {
  const none: LostInput = { createdAt: at("2026-11-20T15:00:00Z"), firstScanAt: null, lastScanAt: null, status: "registered", serviceDays: 3 };

  it("no first scan: flags after 3 working days, not counting the weekend", () => {
    // Created Friday: Mon, Tue, Wed are the three working days.
    expect(evaluateLostRules(none, T, at("2026-11-25T23:59:59Z"))).toBeNull();
    expect(evaluateLostRules(none, T, at("2026-11-26T00:00:00Z"))).toBe("no_first_scan");
  });

  it("no first scan: skips Christmas and the Boxing Day substitute", () => {
    const p = { ...none, createdAt: at("2026-12-24T12:00:00Z") };
    // 25 Dec (Fri) and 28 Dec (Mon) are bank holidays: 29, 30, 31 Dec are the three working days.
    expect(evaluateLostRules(p, T, at("2026-12-31T23:59:00Z"))).toBeNull();
    expect(evaluateLostRules(p, T, at("2027-01-01T00:00:00Z"))).toBe("no_first_scan");
  });

  it("no new scan: flags after 4 working days since the last scan", () => {
    const scan = at("2026-11-19T10:00:00Z"); // Thursday
    const p: LostInput = { createdAt: at("2026-11-18T10:00:00Z"), firstScanAt: scan, lastScanAt: scan, status: "in_transit", serviceDays: 5 };
    // Fri, Mon, Tue, Wed.
    expect(evaluateLostRules(p, T, at("2026-11-25T23:59:00Z"))).toBeNull();
    expect(evaluateLostRules(p, T, at("2026-11-26T00:00:00Z"))).toBe("no_new_scan");
  });

  it("past expected delivery: next day service 2 working days late", () => {
    const p: LostInput = {
      createdAt: at("2026-11-16T10:00:00Z"),
      firstScanAt: at("2026-11-16T17:42:00Z"), // Monday: expected by the end of Tuesday
      lastScanAt: at("2026-11-17T06:31:00Z"),
      status: "in_transit",
      serviceDays: serviceDays("Next Day", null),
    };
    expect(evaluateLostRules(p, T, at("2026-11-19T23:59:00Z"))).toBeNull();
    expect(evaluateLostRules(p, T, at("2026-11-20T00:00:00Z"))).toBe("past_expected_delivery");
  });

  it("past expected delivery: counts across Easter and in BST", () => {
    const p: LostInput = {
      createdAt: at("2026-04-01T10:00:00Z"),
      firstScanAt: at("2026-04-02T10:00:00Z"), // Thursday before Good Friday; standard = 3 working days
      lastScanAt: at("2026-04-10T09:00:00Z"),
      status: "in_transit",
      serviceDays: serviceDays("Standard", false),
    };
    // Expected by the end of Thu 9 April (7, 8, 9), plus 2 working days (10, 13): end of Mon 13 April (BST).
    expect(evaluateLostRules(p, T, at("2026-04-13T22:59:00Z"))).toBeNull();
    expect(evaluateLostRules(p, T, at("2026-04-13T23:00:00Z"))).toBe("past_expected_delivery");
    // A scan after that deadline means the parcel is moving: that rule stays quiet.
    expect(evaluateLostRules({ ...p, lastScanAt: at("2026-04-14T08:00:00Z") }, T, at("2026-04-14T09:00:00Z"))).toBeNull();
  });

  it("never flags a delivered or collected parcel", () => {
    const old = { ...none, createdAt: at("2026-01-05T10:00:00Z") };
    expect(evaluateLostRules({ ...old, status: "delivered" }, T, at("2026-11-26T00:00:00Z"))).toBeNull();
    expect(evaluateLostRules({ ...old, status: "collected" }, T, at("2026-11-26T00:00:00Z"))).toBeNull();
  });

  it("reads its thresholds from configuration, falling back to the defaults", () => {
    expect(lostThresholds({ LOST_NO_FIRST_SCAN_DAYS: "5", LOST_NO_NEW_SCAN_DAYS: "2", LOST_PAST_EXPECTED_DAYS: "1" })).toEqual({
      noFirstScanDays: 5,
      noNewScanDays: 2,
      pastExpectedDays: 1,
    });
    expect(lostThresholds({ LOST_NO_FIRST_SCAN_DAYS: "soon", LOST_NO_NEW_SCAN_DAYS: "0" })).toEqual(T);
    const five = lostThresholds({ LOST_NO_FIRST_SCAN_DAYS: "5" });
    expect(evaluateLostRules(none, five, at("2026-11-26T00:00:00Z"))).toBeNull();
    expect(evaluateLostRules(none, five, at("2026-11-28T00:00:00Z"))).toBe("no_first_scan");
  });

  it("keeps the defaults well inside Evri's 10-day investigation window, even over Christmas", () => {
    // 4 working days after 24 Dec 2026 would end on 5 Jan (12 days): the notice comes after 7 days.
    const scan = at("2026-12-24T08:00:00Z");
    const p: LostInput = { createdAt: scan, firstScanAt: scan, lastScanAt: scan, status: "in_transit", serviceDays: 5 };
    expect(evaluateLostRules(p, T, scan + 7 * 86_400_000 - 1)).toBeNull();
    expect(evaluateLostRules(p, T, scan + 7 * 86_400_000)).toBe("no_new_scan");
  });

  it("flags once, and clears on a later scan or the delivery", () => {
    expect(lostTransition({ potentiallyLost: false, lastScanAt: 1 }, { lastScanAt: 1, reason: "no_new_scan", delivered: false }, 99)).toEqual({
      potentiallyLost: true,
      potentiallyLostAt: 99,
      lostReason: "no_new_scan",
      lostEmailSentAt: null,
    });
    expect(lostTransition({ potentiallyLost: true, lastScanAt: 1 }, { lastScanAt: 1, reason: "no_new_scan", delivered: false }, 99)).toBeNull();
    const cleared = { potentiallyLost: false, potentiallyLostAt: null, lostReason: null, lostEmailSentAt: null };
    expect(lostTransition({ potentiallyLost: true, lastScanAt: 1 }, { lastScanAt: 2, reason: null, delivered: false }, 99)).toEqual(cleared);
    expect(lostTransition({ potentiallyLost: true, lastScanAt: 1 }, { lastScanAt: 2, reason: null, delivered: true }, 99)).toEqual(cleared);
  });
});

describe("flagging labels while refreshing", () => {
  const created = at("2026-11-16T10:00:00Z");

  it("flags a parcel with no first scan and records why", async () => {
    const user = await createUser();
    const id = await insertTrackedLabel(env.DB, { userId: user.id, createdAt: created });
    answerEvri([json(fixtures.evriRegistered)]);
    const now = at("2026-11-20T09:00:00Z"); // Tue, Wed, Thu have ended
    expect(await refreshLabelTracking(trackingEnv(env), getDb(env.DB), id, { now, http: FAST_HTTP })).toMatchObject({ kind: "refreshed", status: "registered", flagged: true });
    const row = await labelRow(env.DB, id);
    expect(row).toMatchObject({ potentiallyLost: true, potentiallyLostAt: now, lostReason: "no_first_scan", lastScanAt: null });
  });

  it("does not flag the day before", async () => {
    const user = await createUser();
    const id = await insertTrackedLabel(env.DB, { userId: user.id, createdAt: created });
    answerEvri([json(fixtures.evriRegistered)]);
    await refreshLabelTracking(trackingEnv(env), getDb(env.DB), id, { now: at("2026-11-19T23:00:00Z"), http: FAST_HTTP });
    expect((await labelRow(env.DB, id)).potentiallyLost).toBe(false);
  });

  it("clears the flag when a later scan arrives", async () => {
    const user = await createUser();
    const id = await insertTrackedLabel(env.DB, {
      userId: user.id,
      createdAt: created,
      extra: { potentiallyLost: true, potentiallyLostAt: created, lostReason: "no_new_scan", lostEmailSentAt: created, lastScanAt: at("2026-11-16T17:42:20Z") },
    });
    answerEvri([json(fixtures.evriInTransit)]);
    await refreshLabelTracking(trackingEnv(env), getDb(env.DB), id, { now: at("2026-11-17T09:00:00Z"), http: FAST_HTTP });
    expect(await labelRow(env.DB, id)).toMatchObject({ potentiallyLost: false, potentiallyLostAt: null, lostReason: null, lostEmailSentAt: null });
  });

  it("never flags a delivered parcel, however late it is checked", async () => {
    const user = await createUser();
    const id = await insertTrackedLabel(env.DB, { userId: user.id, createdAt: created });
    answerEvri([json(fixtures.evriDelivered)]);
    await refreshLabelTracking(trackingEnv(env), getDb(env.DB), id, { now: at("2026-12-15T09:00:00Z"), http: FAST_HTTP });
    expect(await labelRow(env.DB, id)).toMatchObject({ potentiallyLost: false, trackingStatus: "delivered" });
  });
});

describe("the lost-parcel notice", () => {
  async function flaggedLabel() {
    const user = await createUser();
    const flaggedAt = at("2026-11-20T09:00:00Z");
    const id = await insertTrackedLabel(env.DB, {
      userId: user.id,
      createdAt: at("2026-11-16T10:00:00Z"),
      details: { address: { name: "Sam Taylor", address: ["1 High Street", "Oxford"], postcode: "OX18 3UQ", countryCode: "GB" } },
      extra: { potentiallyLost: true, potentiallyLostAt: flaggedAt, lostReason: "no_first_scan" },
    });
    return { user, id };
  }

  it("mails the owner once: which label, why, what to do, and a link to it", async () => {
    const { user, id } = await flaggedLabel();
    const send = vi.spyOn(env.EMAIL, "send");
    expect(await sendLostNotice(env, getDb(env.DB), id)).toBe("sent");
    expect(send).toHaveBeenCalledTimes(1);
    const mail = send.mock.calls[0][0] as unknown as { to: string[]; from: string; subject: string; text: string; html: string };
    expect(mail.to).toEqual([user.email]);
    expect(mail.from).toBe(env.MAIL_FROM);
    expect(mail.subject).toBe("Parcel H04AQA0004726589 may be delayed or lost");
    expect(mail.text).toContain("This parcel may be delayed or lost: Evri H04AQA0004726589 to Sam Taylor, OX18 3UQ.");
    expect(mail.text).toContain("The carrier has not scanned this parcel in the 3 working days since its label was created.");
    expect(mail.text).toContain("Evri investigates only within 10 days of the last scan");
    expect(mail.text).toContain(`${env.APP_URL}/label/${id}`);
    expect(mail.html).toContain(`${env.APP_URL}/label/${id}`);
    const row = await labelRow(env.DB, id);
    expect(row.lostEmailSentAt).toBeTypeOf("number");

    expect(await sendLostNotice(env, getDb(env.DB), id)).toBe("skipped");
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("leaves lost_email_sent_at empty when the mail fails, so the queue retries", async () => {
    const { id } = await flaggedLabel();
    vi.spyOn(env.EMAIL, "send").mockRejectedValueOnce(new Error("mail service unavailable"));
    await expect(sendLostNotice(env, getDb(env.DB), id)).rejects.toThrow("mail service unavailable");
    expect((await labelRow(env.DB, id)).lostEmailSentAt).toBeNull();
    expect(await sendLostNotice(env, getDb(env.DB), id)).toBe("sent");
  });

  it("sends nothing for a flag cleared before the notice ran", async () => {
    const user = await createUser();
    const id = await insertTrackedLabel(env.DB, { userId: user.id, createdAt: Date.now() });
    const send = vi.spyOn(env.EMAIL, "send");
    expect(await sendLostNotice(env, getDb(env.DB), id)).toBe("skipped");
    expect(send).not.toHaveBeenCalled();
  });
});
