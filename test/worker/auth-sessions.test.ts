import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { REFRESH_REUSE_GRACE_MS } from "../../worker/auth/sessions";
import { refreshTokens } from "../../worker/db/schema";
import { sha256Hex } from "../../worker/lib/crypto";
import { call, createUser, db } from "./helpers";

interface Pair {
  access_token: string;
  refresh_token: string;
}
const json = (res: Response) => res.json() as Promise<Record<string, unknown>>;

async function login(): Promise<Pair & { userId: number }> {
  const u = await createUser();
  const res = await call("/api/v1/login", { method: "POST", json: { email: u.email, password: u.password } });
  expect(res.status).toBe(200);
  return { ...((await res.json()) as Pair), userId: u.id };
}
const refresh = (token: string) => call("/api/v1/refresh", { method: "POST", token });
const logout = (token: string) => call("/api/v1/logout", { method: "POST", token });

describe("POST /api/v1/refresh", () => {
  it("rotates: answers a new pair, and the new access token works", async () => {
    const first = await login();
    const res = await refresh(first.refresh_token);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const next = (await res.json()) as Pair;
    expect(next.refresh_token).not.toBe(first.refresh_token);
    expect((await call("/api/v1/user", { token: next.access_token })).status).toBe(200);
    // And the new refresh token rotates again.
    expect((await refresh(next.refresh_token)).status).toBe(200);
  });

  it("stores refresh tokens only as SHA-256 hashes, one family per sign-in", async () => {
    const s = await login();
    const rows = await db().select().from(refreshTokens).where(eq(refreshTokens.userId, s.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(await sha256Hex(s.refresh_token));
    expect(JSON.stringify(rows)).not.toContain(s.refresh_token);
    await refresh(s.refresh_token);
    const after = await db().select().from(refreshTokens).where(eq(refreshTokens.userId, s.userId));
    expect(after).toHaveLength(2);
    expect(new Set(after.map((r) => r.familyId)).size).toBe(1);
  });

  it("answers a replaced token presented again within the grace with the same successor, and revokes nothing", async () => {
    const s = await login();
    const next = (await (await refresh(s.refresh_token)).json()) as Pair;
    const again = await refresh(s.refresh_token);
    expect(again.status).toBe(200);
    const replayed = (await again.json()) as Pair;
    // Both tabs end holding one token: no second live branch of the family exists.
    expect(replayed.refresh_token).toBe(next.refresh_token);
    expect((await call("/api/v1/user", { token: replayed.access_token })).status).toBe(200);
    const rows = await db().select().from(refreshTokens).where(eq(refreshTokens.userId, s.userId));
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.rotatedAt === null && r.revokedAt === null)).toHaveLength(1);
    expect((await refresh(next.refresh_token)).status).toBe(200);
  });

  it("treats a replaced token presented after the grace as reuse: 401 and the whole family is revoked", async () => {
    const s = await login();
    const next = (await (await refresh(s.refresh_token)).json()) as Pair;
    // The token was replaced just over the grace ago.
    await db()
      .update(refreshTokens)
      .set({ rotatedAt: Date.now() - REFRESH_REUSE_GRACE_MS - 1 })
      .where(eq(refreshTokens.tokenHash, await sha256Hex(s.refresh_token)));
    const reuse = await refresh(s.refresh_token);
    expect(reuse.status).toBe(401);
    expect(await json(reuse)).toEqual({ error: "Invalid or expired refresh token" });
    // The thief's copy killed the legitimate session too.
    expect((await refresh(next.refresh_token)).status).toBe(401);
    const rows = await db().select().from(refreshTokens).where(eq(refreshTokens.userId, s.userId));
    expect(rows.every((r) => r.revokedAt !== null)).toBe(true);
  });

  it("treats a replaced token as reuse within the grace too once its successor has been used", async () => {
    const s = await login();
    const next = (await (await refresh(s.refresh_token)).json()) as Pair;
    const third = (await (await refresh(next.refresh_token)).json()) as Pair;
    expect((await refresh(s.refresh_token)).status).toBe(401);
    expect((await refresh(third.refresh_token)).status).toBe(401);
  });

  it("answers a replaced token within the grace with 401 after a logout", async () => {
    const s = await login();
    const next = (await (await refresh(s.refresh_token)).json()) as Pair;
    expect((await logout(next.refresh_token)).status).toBe(204);
    expect((await refresh(s.refresh_token)).status).toBe(401);
  });

  it("gives two concurrent refreshes with one token the same successor, which keeps working", async () => {
    const s = await login();
    const results = await Promise.all([refresh(s.refresh_token), refresh(s.refresh_token)]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const [a, b] = (await Promise.all(results.map((r) => r.json()))) as Pair[];
    expect(a.refresh_token).toBe(b.refresh_token);
    expect((await refresh(a.refresh_token)).status).toBe(200);
    const rows = await db().select().from(refreshTokens).where(eq(refreshTokens.userId, s.userId));
    expect(rows).toHaveLength(3);
  });

  it("does not touch the user's other sessions when one family is revoked", async () => {
    const u = await createUser();
    const a = (await (await call("/api/v1/login", { method: "POST", json: { email: u.email, password: u.password } })).json()) as Pair;
    const b = (await (await call("/api/v1/login", { method: "POST", json: { email: u.email, password: u.password } })).json()) as Pair;
    await refresh(a.refresh_token);
    await db().update(refreshTokens).set({ rotatedAt: 1 }).where(eq(refreshTokens.tokenHash, await sha256Hex(a.refresh_token)));
    expect((await refresh(a.refresh_token)).status).toBe(401); // reuse: family A revoked
    expect((await refresh(b.refresh_token)).status).toBe(200);
  });

  it("answers 401 for a missing, unknown, expired or access-token bearer", async () => {
    expect(await json(await call("/api/v1/refresh", { method: "POST" }))).toEqual({ error: "Authentication required" });
    expect((await refresh("not-a-real-refresh-token-at-all-0123456789")).status).toBe(401);
    const s = await login();
    expect((await refresh(s.access_token)).status).toBe(401);
    await db().update(refreshTokens).set({ expiresAt: Date.now() - 1 }).where(eq(refreshTokens.tokenHash, await sha256Hex(s.refresh_token)));
    const expired = await refresh(s.refresh_token);
    expect(expired.status).toBe(401);
    expect(await json(expired)).toEqual({ error: "Invalid or expired refresh token" });
  });
});

describe("POST /api/v1/logout", () => {
  it("answers 204 and revokes the session: its refresh tokens stop working", async () => {
    const s = await login();
    const next = (await (await refresh(s.refresh_token)).json()) as Pair;
    const res = await logout(next.refresh_token);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    expect((await refresh(next.refresh_token)).status).toBe(401);
    const rows = await db().select().from(refreshTokens).where(eq(refreshTokens.userId, s.userId));
    expect(rows.every((r) => r.revokedAt !== null)).toBe(true);
  });

  it("is idempotent and reveals nothing for unknown tokens, but needs a bearer", async () => {
    const s = await login();
    expect((await logout(s.refresh_token)).status).toBe(204);
    expect((await logout(s.refresh_token)).status).toBe(204);
    expect((await logout("unknown-token-unknown-token-unknown-token-00")).status).toBe(204);
    expect((await call("/api/v1/logout", { method: "POST" })).status).toBe(401);
  });
});
