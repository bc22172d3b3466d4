import { count } from "drizzle-orm";
import { SignJWT } from "jose";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { labels, users } from "../../worker/db/schema";
import { signAccessToken } from "../../worker/auth/tokens";
import { call, createUser, db } from "./helpers";

/** Hostile input from the outside: each case a clear 4xx JSON error, nothing stored, no 500. */
const labelCount = async () => (await db().select({ n: count() }).from(labels))[0].n;

async function expectClearError(res: Response, status: number | number[]) {
  expect([status].flat()).toContain(res.status);
  const body = (await res.json()) as { error?: string };
  expect(typeof body.error).toBe("string");
  expect(body.error).not.toMatch(/at .*\.(ts|js):\d+|stack|SQLITE|D1_ERROR/i);
}

describe("hostile input", () => {
  it("refuses an oversized JSON body with 413", async () => {
    const res = await call("/api/v1/login", { method: "POST", json: { email: "a@example.com", password: "x".repeat(300_000) } });
    await expectClearError(res, 413);
  });

  it("refuses deeply nested JSON with 400 and stores nothing", async () => {
    const u = await createUser({ credits: 5 });
    const deep = "[".repeat(5000) + "]".repeat(5000);
    const res = await call("/api/v1/label/manual", {
      method: "POST",
      token: u.token,
      headers: { "Content-Type": "application/json" },
      body: `{"courier":"evri","trackingCode":"H04AQA0004726589","fields":{"recipientPostcode":${deep}}}`,
    });
    await expectClearError(res, 400);
    expect(await labelCount()).toBe(0);
  });

  it("refuses malformed JSON and the wrong content type with 400", async () => {
    await expectClearError(await call("/api/v1/login", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{nope" }), 400);
    await expectClearError(
      await call("/api/v1/login", { method: "POST", headers: { "Content-Type": "text/plain" }, body: "email=a@example.com" }),
      [400, 415],
    );
  });

  it("treats SQL-looking strings as data", async () => {
    const u = await createUser({ credits: 5 });
    const res = await call("/api/v1/label/manual", {
      method: "POST",
      token: u.token,
      json: { courier: "evri", trackingCode: "'; DROP TABLE labels; --", fields: { recipientPostcode: "SW1A 1AA" } },
    });
    await expectClearError(res, 400);
    const login = await call("/api/v1/login", { method: "POST", json: { email: "' OR 1=1 --@x.com", password: "' OR '1'='1" } });
    expect([400, 401]).toContain(login.status);
    const list = await call(`/api/v1/labels?tags=${encodeURIComponent("x') OR 1=1 --")}`, { token: u.token });
    expect(list.status).toBe(200);
    expect(((await list.json()) as { total: number }).total).toBe(0);
    expect((await db().select({ n: count() }).from(users))[0].n).toBeGreaterThan(0);
  });

  it("refuses unicode tricks in tracking codes and emails", async () => {
    const u = await createUser({ credits: 5 });
    for (const trackingCode of ["H04AQA000472658\u0000", "H04AQA0004726589\u202e", "\ud800H04AQA000472658"]) {
      const res = await call("/api/v1/label/manual", { method: "POST", token: u.token, json: { courier: "evri", trackingCode, fields: { recipientPostcode: "SW1A 1AA" } } });
      await expectClearError(res, 400);
    }
    const signup = await call("/api/v1/signup", { method: "POST", json: { email: "bob\u0000@example.com", password: "secret123", marketing_consent: false } });
    await expectClearError(signup, 400);
    expect(await labelCount()).toBe(0);
  });

  it("keeps notes with emoji and non-Latin text intact", async () => {
    const u = await createUser({ credits: 5 });
    const notes = "Fragile 📦 — 東京 «ça va» \u00e9";
    const res = await call("/api/v1/label/manual", { method: "POST", token: u.token, json: { courier: "evri", trackingCode: "H04AQA0004726589", fields: { recipientPostcode: "SW1A 1AA" }, notes } });
    expect(res.status).toBe(201);
    const label = (await (await call("/api/v1/label/H04AQA0004726589", { token: u.token })).json()) as { notes: string };
    expect(label.notes).toBe(notes);
  });

  it("refuses path traversal in keys and ids", async () => {
    const admin = await createUser({ admin: true });
    for (const key of ["../../etc/passwd", "mail/../users", "%2e%2e%2fsecret"]) {
      await expectClearError(await call(`/api/v1/admin/mail/view?key=${encodeURIComponent(key)}`, { token: admin.token }), 400);
    }
    const u = await createUser();
    await expectClearError(await call(`/api/v1/label/${encodeURIComponent("../../users")}/download`, { token: u.token }), [400, 404]);
  });
});

describe("access tokens", () => {
  const get = (token: string) => call("/api/v1/user", { token });

  it("refuses alg=none, a wrong key, an expired token and a tampered payload", async () => {
    const u = await createUser();
    const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
    const none = `${b64({ alg: "none", typ: "JWT" })}.${b64({ sub: String(u.id), typ: "access", iss: "parcelhive", aud: "parcelhive-api" })}.`;
    await expectClearError(await get(none), 401);

    const wrongKey = await new SignJWT({ typ: "access" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(u.id))
      .setIssuer("parcelhive")
      .setAudience("parcelhive-api")
      .setExpirationTime("15m")
      .sign(new TextEncoder().encode("another-secret-that-is-also-long-enough-123"));
    await expectClearError(await get(wrongKey), 401);

    const expired = await signAccessToken(env, u.id, Date.now() - 60 * 60 * 1000);
    await expectClearError(await get(expired), 401);

    const [h, , s] = u.token.split(".");
    const tampered = `${h}.${b64({ sub: "999999", typ: "access", iss: "parcelhive", aud: "parcelhive-api", exp: 9999999999 })}.${s}`;
    await expectClearError(await get(tampered), 401);

    expect((await get(u.token)).status).toBe(200);
  });

  it("refuses a token signed with the right key but without exp, iat or sub", async () => {
    const u = await createUser();
    const key = new TextEncoder().encode(env.JWT_SECRET);
    const now = Math.floor(Date.now() / 1000);
    const base = { typ: "access", sub: String(u.id), iss: "parcelhive", aud: "parcelhive-api", iat: now, exp: now + 900 };
    const sign = (claims: Record<string, unknown>) => new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(key);
    const without = (name: keyof typeof base) => Object.fromEntries(Object.entries(base).filter(([k]) => k !== name));

    for (const missing of ["exp", "iat", "sub"] as const) {
      await expectClearError(await get(await sign(without(missing))), 401);
    }
    // Issued in the future, or valid for far longer than an access token ever is.
    await expectClearError(await get(await sign({ ...base, iat: now + 3600, exp: now + 7200 })), 401);
    await expectClearError(await get(await sign({ ...base, iat: now - 86_400, exp: now + 86_400 })), 401);
    // The same claims, complete, are accepted: the refusals above come from the missing or wrong claim.
    expect((await get(await sign(base))).status).toBe(200);
  });
});
