import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import app from "../../worker/app";
import { users } from "../../worker/db/schema";
import { sha256Hex } from "../../worker/lib/crypto";
import { answerEvri, fixtures, json, trackingEnv } from "../fixtures/carriers/carrier-fetch";
import { insertTrackedLabel, labelRow } from "../fixtures/carriers/tracking-labels";
import { call, createUser, db, inOneRateWindow } from "./helpers";

// POST /api/v1/label/:id/refresh-tracking through the real app, with Evri configured in its env.
const refresh = (id: string, init: { token?: string; headers?: Record<string, string> } = {}, withEnv: object = trackingEnv(env)) =>
  app.request(
    `/api/v1/label/${id}/refresh-tracking`,
    { method: "POST", headers: { ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}), ...init.headers } },
    withEnv,
  );

afterEach(() => vi.restoreAllMocks());

async function ownLabel(courier = "evri") {
  const user = await createUser();
  const id = await insertTrackedLabel(env.DB, { userId: user.id, courier, createdAt: Date.now() - 3600_000 });
  return { user, id };
}

describe("POST /api/v1/label/:id/refresh-tracking", () => {
  it("needs a signed-in user", async () => {
    const { id } = await ownLabel();
    const res = await refresh(id);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "Authentication required" });
  });

  it("refreshes the user's own label and answers its tracking state", async () => {
    const { user, id } = await ownLabel();
    answerEvri([json(fixtures.evriInTransit)]);
    const res = await refresh(id, { token: user.token });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      tracking: { status: string; checkedAt: string; error: null };
      events: number;
      lostStatus: { potentiallyLost: boolean; reason: string };
    };
    expect(body.tracking.status).toBe("in_transit");
    expect(body.tracking.error).toBeNull();
    expect(body.events).toBe(4);
    // The recorded Next Day parcel was last scanned on 17 Nov 2026: by the real clock it is long overdue.
    expect(body.lostStatus).toMatchObject({ potentiallyLost: true, reason: "past_expected_delivery" });
    expect((await labelRow(env.DB, id)).trackingStatus).toBe("in_transit");
  });

  it("accepts a developer API key", async () => {
    const { user, id } = await ownLabel();
    await db().update(users).set({ developerKeyHash: await sha256Hex("phk_tracking_test_key") }).where(eq(users.id, user.id));
    answerEvri([json(fixtures.evriInTransit)]);
    const res = await refresh(id, { headers: { "X-API-Key": "phk_tracking_test_key" } });
    expect(res.status).toBe(200);
  });

  it("answers 404 for another user's label and for an unknown id, without calling the carrier", async () => {
    const { id } = await ownLabel();
    const other = await createUser();
    const spy = vi.spyOn(globalThis, "fetch");
    for (const target of [id, "lbl_does_not_exist"]) {
      const res = await refresh(target, { token: other.token });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: "Label not found." });
    }
    expect(spy).not.toHaveBeenCalled();
  });

  it("limits refreshes per label with a clear 429", async () => {
    const { first, res } = await inOneRateWindow(async () => {
      const { user, id } = await ownLabel();
      answerEvri([json(fixtures.evriInTransit)]);
      return { first: await refresh(id, { token: user.token }), res: await refresh(id, { token: user.token }) };
    });
    expect(first.status).toBe(200);
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ error: "Tracking for this label was refreshed moments ago. Please wait a minute and try again." });
  });

  it("answers 502 when the carrier fails, keeping the label's earlier events", async () => {
    const { user, id } = await ownLabel();
    answerEvri([json(fixtures.evriInTransit)]);
    await refresh(id, { token: user.token });
    vi.restoreAllMocks();
    const second = await insertTrackedLabel(env.DB, { userId: user.id, trackingCode: "H0595C0000314450", createdAt: Date.now() - 3600_000 });
    answerEvri([json({}, 503)]);
    const res = await refresh(second, { token: user.token });
    expect(res.status).toBe(502);
    expect(((await res.json()) as { error: string }).error).toMatch(/^Evri had a problem \(HTTP 503\)/);
    expect((await labelRow(env.DB, id)).trackingStatus).toBe("in_transit");
  });

  it("says tracking is not available for Royal Mail without credentials", async () => {
    const { user, id } = await ownLabel("royalmail");
    const res = await refresh(id, { token: user.token });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: "Tracking not available for Royal Mail yet." });
  });

  it("says Evri tracking is not configured when EVRI_API_BASE is empty (the real worker's env)", async () => {
    const { user, id } = await ownLabel();
    const res = await call(`/api/v1/label/${id}/refresh-tracking`, { method: "POST", token: user.token });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: "Evri tracking is not configured on this server." });
  });
});
