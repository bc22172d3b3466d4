import { eq } from "drizzle-orm";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { users } from "../../worker/db/schema";
import { hashPassword, sha256Hex } from "../../worker/lib/crypto";
import { grantCredits } from "../../worker/credits/credits";
import type { ApiLabel } from "../../shared/label";
import { signAccessToken } from "../../worker/auth/tokens";
import { call, createUser, db } from "./helpers";
import { evriCode } from "./labels-fixtures";

/**
 * GET /api/v1/labels and GET /api/v1/label/:id sit behind requireAuth({ apiKey: true, loadUser: false }): an
 * access token is checked without reading D1, and the user's row is read in the same D1 batch as the labels.
 * A token that is still valid but whose user row is gone must get exactly the 401 the middleware gives.
 */

type List = { results: ApiLabel[]; total: number };

async function errorOf(res: Response) {
  return ((await res.json()) as { error: string }).error;
}

async function manualLabel(token: string) {
  const res = await call("/api/v1/label/manual", {
    method: "POST",
    token,
    json: { courier: "evri", trackingCode: evriCode(), fields: { recipientPostcode: "SW1A 1AA" } },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; trackingCode: string };
}

/** A user whose row can be deleted (no labels, ledger or sessions reference it). */
async function bareUser() {
  const [row] = await db()
    .insert(users)
    .values({ email: `gone-${crypto.randomUUID().slice(0, 8)}@example.com`, passwordHash: await hashPassword("x", 1000) })
    .returning();
  return { id: row.id, token: await signAccessToken(env, row.id) };
}

/**
 * A user with an id no other test file uses: the rate limiter's counters (a Durable Object) outlive one test
 * file's storage, and its key is the user id.
 */
async function userWithKey(credits: number) {
  const id = 900_000 + Math.floor(Math.random() * 90_000);
  const key = `phk_deferred_${crypto.randomUUID().replaceAll("-", "")}`;
  await db()
    .insert(users)
    .values({ id, email: `key-${id}@example.com`, passwordHash: await hashPassword("x", 1000), emailVerified: true, developerKeyHash: await sha256Hex(key) });
  await grantCredits(db(), { userId: id, delta: credits, reason: "admin_grant", reference: "test" });
  return { id, key, token: await signAccessToken(env, id) };
}

describe("deferred user lookup: a valid token whose user is gone", () => {
  it("a deleted user's still-valid access token gets 401 on the list and on one label, with no data", async () => {
    const u = await bareUser();
    // The token works while the user exists (an empty list)...
    const before = await call("/api/v1/labels", { token: u.token });
    expect(before.status).toBe(200);
    expect(await before.json()).toEqual({ results: [], total: 0 });

    await db().delete(users).where(eq(users.id, u.id));
    for (const path of ["/api/v1/labels", "/api/v1/labels?courier=evri&page=2", "/api/v1/labels?tags=ebay", "/api/v1/label/lbl_missing"]) {
      const res = await call(path, { token: u.token });
      expect(res.status, path).toBe(401);
      expect(await res.json(), path).toEqual({ error: "Invalid or expired access token" });
    }
  });

  it("a token for a user id that never existed gets 401, not an empty list", async () => {
    const token = await signAccessToken(env, 987_654_321);
    const list = await call("/api/v1/labels", { token });
    expect(list.status).toBe(401);
    expect(await errorOf(list)).toBe("Invalid or expired access token");
    const one = await call("/api/v1/label/lbl_anything", { token });
    expect(one.status).toBe(401);
    expect(await errorOf(one)).toBe("Invalid or expired access token");
  });

  it("signed out, forged and expired tokens are still refused before any D1 read", async () => {
    const u = await createUser();
    expect(await errorOf(await call("/api/v1/labels"))).toBe("Authentication required");
    const expired = await signAccessToken(env, u.id, Date.now() - 16 * 60 * 1000);
    const tampered = u.token.slice(0, -2) + (u.token.endsWith("AA") ? "BB" : "AA");
    for (const token of [expired, tampered, "eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0."]) {
      const res = await call("/api/v1/labels", { token });
      expect(res.status).toBe(401);
      expect(await errorOf(res)).toBe("Invalid or expired access token");
    }
  });
});

describe("deferred user lookup: the owner's row comes with the labels", () => {
  it("answers the user's labels with the owner's label settings as they are now (no cache)", async () => {
    const u = await createUser({ credits: 5 });
    const a = await manualLabel(u.token);
    const b = await manualLabel(u.token);
    await db().update(users).set({ companyName: "Hive Ltd", companyTagline: "Parcels" }).where(eq(users.id, u.id));

    const first = await call("/api/v1/labels", { token: u.token });
    expect(first.status).toBe(200);
    const list = (await first.json()) as List;
    expect(list.total).toBe(2);
    expect(list.results.map((l) => l.id)).toEqual([b.id, a.id]);
    expect(list.results[0].labelSettings).toEqual({ banner_image_url: null, company_name: "Hive Ltd", company_tagline: "Parcels" });

    // A profile change shows on the very next call.
    await db().update(users).set({ companyName: "Renamed", bannerKey: `banners/${u.id}` }).where(eq(users.id, u.id));
    const again = (await (await call("/api/v1/labels", { token: u.token })).json()) as List;
    expect(again.results[1].labelSettings).toEqual({ banner_image_url: "/api/v1/user/banner", company_name: "Renamed", company_tagline: "Parcels" });

    const one = await call(`/api/v1/label/${a.id}`, { token: u.token });
    expect(one.status).toBe(200);
    const label = (await one.json()) as ApiLabel;
    expect(label).toMatchObject({ id: a.id, trackingCode: a.trackingCode, file: null, downloadUrl: null });
    expect(label.labelSettings.company_name).toBe("Renamed");
    // By tracking code too, with spaces and lower case.
    const byCode = await call(`/api/v1/label/${encodeURIComponent(a.trackingCode.toLowerCase().replace(/(.{4})/g, "$1 "))}`, { token: u.token });
    expect(((await byCode.json()) as ApiLabel).id).toBe(a.id);
  });

  it("another user's label is a 404 and never in the list; a bad query is still a 400", async () => {
    const owner = await createUser({ credits: 2 });
    const other = await createUser();
    const label = await manualLabel(owner.token);

    const res = await call(`/api/v1/label/${label.id}`, { token: other.token });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Label not found" });
    expect(await (await call("/api/v1/labels", { token: other.token })).json()).toEqual({ results: [], total: 0 });

    const bad = await call("/api/v1/labels?per_page=7", { token: owner.token });
    expect(bad.status).toBe(400);
  });
});

describe("deferred user lookup: developer API keys", () => {
  it("API-key access still works, is refused once the key is revoked, and is rate limited per key", async () => {
    const u = await userWithKey(3);
    const label = await manualLabel(u.token);

    const viaHeader = await call("/api/v1/labels", { headers: { "X-API-Key": u.key } });
    expect(viaHeader.status).toBe(200);
    expect(((await viaHeader.json()) as List).results.map((l) => l.id)).toEqual([label.id]);
    const viaBearer = await call(`/api/v1/label/${label.id}`, { token: u.key });
    expect(viaBearer.status).toBe(200);
    expect(((await viaBearer.json()) as ApiLabel).trackingCode).toBe(label.trackingCode);

    // The limiter allows 120 calls a minute per key (wrangler.toml, fixed windows): the next one is a 429.
    // A window may roll over during the loop, so between 120 and 240 further calls pass before the first 429.
    let passed = 2;
    let limited: Response | null = null;
    for (let i = 0; i < 241 && !limited; i++) {
      const res = await call("/api/v1/labels", { headers: { "X-API-Key": u.key } });
      if (res.status === 429) limited = res;
      else {
        expect(res.status).toBe(200);
        await res.body?.cancel();
        passed++;
      }
    }
    expect(limited).not.toBeNull();
    expect(passed).toBeGreaterThanOrEqual(120);
    expect(passed).toBeLessThanOrEqual(240);
    expect(await limited!.json()).toEqual({ error: "Too many requests for this API key. Please slow down." });
    expect((await call(`/api/v1/label/${label.id}`, { headers: { "X-API-Key": u.key } })).status).toBe(429);
    // The same user's access token is not limited by the key's budget.
    expect((await call("/api/v1/labels", { token: u.token })).status).toBe(200);

    await db().update(users).set({ developerKeyHash: null }).where(eq(users.id, u.id));
    const revoked = await call("/api/v1/labels", { headers: { "X-API-Key": u.key } });
    expect(revoked.status).toBe(401);
    expect(await errorOf(revoked)).toBe("Invalid API key");
  }, 60_000);
});
