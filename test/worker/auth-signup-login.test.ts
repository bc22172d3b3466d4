import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { users } from "../../worker/db/schema";
import { signAccessToken } from "../../worker/auth/tokens";
import { env } from "cloudflare:workers";
import { call, createUser, db, inOneRateWindow } from "./helpers";
import { captureMail, tokenFrom, type SentMail } from "./auth-mail";

let n = 0;
const fresh = (tag = "u") => `${tag}${++n}-${crypto.randomUUID().slice(0, 8)}@example.com`;
const json = (res: Response) => res.json() as Promise<Record<string, unknown>>;

let mail: ReturnType<typeof captureMail>;
beforeEach(() => {
  mail = captureMail();
});
afterEach(() => mail.restore());

describe("POST /api/v1/signup", () => {
  it("creates an unverified account with the consent given, and mails a verification link", async () => {
    const email = fresh();
    const res = await call("/api/v1/signup", { method: "POST", json: { email, password: "secret12", marketing_consent: true } });
    expect(res.status).toBe(201);
    expect(await json(res)).toEqual({ message: "Account created. Check your email for a verification link." });
    const row = await db().query.users.findFirst({ where: eq(users.email, email) });
    expect(row).toMatchObject({ emailVerified: false, marketingConsent: true, credits: 0 });
    expect(row!.passwordHash).toMatch(/^pbkdf2-sha256\$100000\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    expect(row!.passwordHash).not.toContain("secret12");

    const sent: SentMail = await mail.waitFor(email);
    expect(sent.from).toBe("noreply@parcelhive.test");
    expect(sent.subject).toBe("Verify your Parcelhive email address");
    expect(tokenFrom(sent, "/verify-email")).toHaveLength(43);
    expect(sent.html).toContain("http://localhost:5173/verify-email?token=");
  });

  it("stores the email trimmed and lowercased, and consent defaults to false", async () => {
    const email = fresh();
    const res = await call("/api/v1/signup", { method: "POST", json: { email: `  ${email.toUpperCase()} `, password: "secret12" } });
    expect(res.status).toBe(201);
    expect(await db().query.users.findFirst({ where: eq(users.email, email) })).toMatchObject({ marketingConsent: false });
  });

  it("answers 409 'That email is already registered', whatever the case of the address", async () => {
    const email = fresh();
    expect((await call("/api/v1/signup", { method: "POST", json: { email, password: "secret12" } })).status).toBe(201);
    const again = await call("/api/v1/signup", { method: "POST", json: { email: email.toUpperCase(), password: "another1" } });
    expect(again.status).toBe(409);
    expect(await json(again)).toEqual({ error: "That email is already registered" });
  });

  it("lets only one of two concurrent sign-ups with one address through", async () => {
    const email = fresh();
    const results = await Promise.all(
      [1, 2].map(() => call("/api/v1/signup", { method: "POST", json: { email, password: "secret12" } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it.each([
    [{ password: "secret12" }, "email: Email is required."],
    [{ email: "not-an-email", password: "secret12" }, "email: Enter a valid email address."],
    [{ email: 42, password: "secret12" }, "email: Email is required."],
    [{ email: `${"a".repeat(250)}@example.com`, password: "secret12" }, "email: Email is too long."],
    [{ email: "a@example.com" }, "password: Password is required."],
    [{ email: "a@example.com", password: "secret7" }, "password: Password must be at least 8 characters."],
    [{ email: "a@example.com", password: "x".repeat(257) }, "password: Password must be at most 256 characters."],
    [{ email: "a@example.com", password: "secret12", marketing_consent: "yes" }, "marketing_consent: marketing_consent must be true or false."],
  ])("refuses bad input %j with a 400", async (body, error) => {
    const res = await call("/api/v1/signup", { method: "POST", json: body });
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({ error });
  });

  it("refuses malformed JSON and a non-JSON body with a 400, and an oversize body with a 413", async () => {
    const bad = await call("/api/v1/signup", { method: "POST", body: "{nope", headers: { "Content-Type": "application/json" } });
    expect(bad.status).toBe(400);
    expect(await json(bad)).toEqual({ error: expect.stringMatching(/json/i) });
    const form = await call("/api/v1/signup", { method: "POST", body: "email=a@b.c&password=secret12", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(form.status).toBe(400);
    const big = await call("/api/v1/signup", { method: "POST", json: { email: fresh(), password: "secret12", pad: "x".repeat(300_000) } });
    expect(big.status).toBe(413);
    expect(await json(big)).toEqual({ error: "Request body too large" });
  });

  it("limits sign-ups from one IP to 5 a minute with the spec's 429 text", async () => {
    const { statuses, res } = await inOneRateWindow(async (attempt) => {
      const headers = { "CF-Connecting-IP": `203.0.113.${77 + attempt}` };
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        statuses.push((await call("/api/v1/signup", { method: "POST", headers, json: { email: fresh("ip"), password: "secret12" } })).status);
      }
      return { statuses, res: await call("/api/v1/signup", { method: "POST", headers, json: { email: fresh("ip"), password: "secret12" } }) };
    });
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect(await json(res)).toEqual({ error: "Too many attempts. Please wait a minute and try again." });
  });
});

describe("POST /api/v1/login", () => {
  it("answers an access and a refresh token for the right password, with no caching", async () => {
    const email = fresh();
    await call("/api/v1/signup", { method: "POST", json: { email, password: "secret12" } });
    const res = await call("/api/v1/login", { method: "POST", json: { email: ` ${email.toUpperCase()}`, password: "secret12" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const body = await json(res);
    expect(Object.keys(body).sort()).toEqual(["access_token", "refresh_token"]);
    expect(body.access_token).toMatch(/^ey[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.refresh_token).toMatch(/^[\w-]{43}$/);
    const me = await call("/api/v1/user", { token: body.access_token as string });
    expect(me.status).toBe(200);
    expect((await json(me)).email).toBe(email);
  });

  it("answers 401 'Invalid email or password' for a wrong password and for an unknown email alike", async () => {
    const u = await createUser();
    for (const body of [{ email: u.email, password: "wrong-password" }, { email: fresh("nobody"), password: u.password }]) {
      const res = await call("/api/v1/login", { method: "POST", json: body });
      expect(res.status).toBe(401);
      expect(await json(res)).toEqual({ error: "Invalid email or password" });
    }
  });

  it("still signs in an account whose password is under the sign-up minimum (set under the earlier 6-character rule)", async () => {
    const u = await createUser({ password: "sixsix" });
    expect((await call("/api/v1/login", { method: "POST", json: { email: u.email, password: "sixsix" } })).status).toBe(200);
  });

  it("refuses missing fields and short passwords with a 400", async () => {
    expect((await call("/api/v1/login", { method: "POST", json: {} })).status).toBe(400);
    const short = await call("/api/v1/login", { method: "POST", json: { email: "a@example.com", password: "12345" } });
    expect(await json(short)).toEqual({ error: "password: Password must be at least 6 characters." });
    expect((await call("/api/v1/login", { method: "POST", json: { email: "a@example.com", password: 123456 } })).status).toBe(400);
    expect((await call("/api/v1/login", { method: "POST", body: "[]", headers: { "Content-Type": "application/json" } })).status).toBe(400);
  });

  it("allows 10 attempts a minute per address, then answers 429 even for the right password", async () => {
    const { statuses, res } = await inOneRateWindow(async () => {
      const u = await createUser();
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) {
        statuses.push((await call("/api/v1/login", { method: "POST", json: { email: u.email, password: "wrong-password" } })).status);
      }
      return { statuses, res: await call("/api/v1/login", { method: "POST", json: { email: u.email.toUpperCase(), password: u.password } }) };
    });
    expect(statuses).toEqual(Array(10).fill(401));
    expect(res.status).toBe(429);
    expect(await json(res)).toEqual({ error: "Too many attempts. Please wait a minute and try again." });
    // Another address is unaffected.
    const other = await createUser();
    expect((await call("/api/v1/login", { method: "POST", json: { email: other.email, password: other.password } })).status).toBe(200);
  });
});

describe("GET /api/v1/user", () => {
  it("answers the user in the spec's shape, with the masked developer key", async () => {
    const u = await createUser({ credits: 7 });
    await db().update(users).set({ developerKeyMasked: "phk_…abcd", companyName: "Acme", companyTagline: "Fast", subscriptionStatus: "active" }).where(eq(users.id, u.id));
    const res = await call("/api/v1/user", { token: u.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await json(res)).toEqual({
      id: u.id,
      email: u.email,
      email_verified: true,
      credits: 7,
      developer_api_key: "phk_…abcd",
      company_name: "Acme",
      company_tagline: "Fast",
      brand_color: null,
      buyer_mail_moments: [],
      marketing_consent: false,
      is_admin: false,
      subscription_status: "active",
    });
  });

  it("says is_admin for an address in ADMIN_EMAILS", async () => {
    const admin = await createUser({ admin: true });
    expect(await json(await call("/api/v1/user", { token: admin.token }))).toMatchObject({ is_admin: true, developer_api_key: null });
  });

  it("answers 401 without a token, with a forged or expired token, and for a deleted user", async () => {
    expect(await json(await call("/api/v1/user"))).toEqual({ error: "Authentication required" });
    const u = await createUser();
    const [h, p] = u.token.split(".");
    const forged = `${h}.${p}.${"A".repeat(43)}`;
    for (const token of [forged, "garbage", await signAccessToken(env, u.id, Date.now() - 60 * 60 * 1000), await signAccessToken(env, 999_999)]) {
      const res = await call("/api/v1/user", { token });
      expect(res.status).toBe(401);
    }
  });
});
