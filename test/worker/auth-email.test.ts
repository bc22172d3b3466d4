import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { creditLedger, emailTokens, refreshTokens, users } from "../../worker/db/schema";
import { sha256Hex } from "../../worker/lib/crypto";
import { issueEmailToken } from "../../worker/accounts/email-tokens";
import { call, callWithEnv, createUser, db, inOneRateWindow } from "./helpers";
import { captureMail, tokenFrom } from "./auth-mail";

let n = 0;
const fresh = (tag = "m") => `${tag}${++n}-${crypto.randomUUID().slice(0, 8)}@example.com`;
const json = (res: Response) => res.json() as Promise<Record<string, unknown>>;
const post = (path: string, body: unknown) => call(`/api/v1${path}`, { method: "POST", json: body });
/** Posts, and answers once the work left running after the answer (waitUntil) is done: what it was to send is sent. */
const postSettled = (path: string, body: unknown) => callWithEnv({}, `/api/v1${path}`, { method: "POST", json: body });
const userByEmail = (email: string) => db().query.users.findFirst({ where: eq(users.email, email) });

let mail: ReturnType<typeof captureMail>;
beforeEach(() => {
  mail = captureMail();
});
afterEach(() => mail.restore());

async function signUp(email = fresh(), password = "secret12") {
  expect((await post("/signup", { email, password })).status).toBe(201);
  return { email, password, verifyToken: tokenFrom(await mail.waitFor(email), "/verify-email") };
}

describe("POST /api/v1/verify-email", () => {
  it("verifies the address and grants 50 free credits once, through the ledger", async () => {
    const { email, verifyToken } = await signUp();
    const res = await post("/verify-email", { token: verifyToken });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ message: "Email verified" });
    const user = await userByEmail(email);
    expect(user).toMatchObject({ emailVerified: true, credits: 50 });
    const ledger = await db().select().from(creditLedger).where(eq(creditLedger.userId, user!.id));
    expect(ledger).toMatchObject([{ delta: 50, reason: "free_verification", idempotencyKey: `free-verification:${email}` }]);
    const token = await db().query.emailTokens.findFirst({ where: eq(emailTokens.tokenHash, await sha256Hex(verifyToken)) });
    expect(token!.usedAt).not.toBeNull();
  });

  it("answers 'Already verified' to a second click, granting nothing more", async () => {
    const { email, verifyToken } = await signUp();
    await post("/verify-email", { token: verifyToken });
    const again = await post("/verify-email", { token: verifyToken });
    expect(again.status).toBe(200);
    expect(await json(again)).toEqual({ message: "Already verified" });
    expect((await userByEmail(email))!.credits).toBe(50);
  });

  it("never grants twice for one address, even with two live tokens used at once", async () => {
    const { email, verifyToken } = await signUp();
    expect((await post("/resend-verification", { email })).status).toBe(200);
    const second = tokenFrom(await mail.waitFor(email, 2), "/verify-email");
    expect(second).not.toBe(verifyToken);
    const results = await Promise.all([post("/verify-email", { token: verifyToken }), post("/verify-email", { token: second })]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const user = await userByEmail(email);
    expect(user!.credits).toBe(50);
    expect(await db().select().from(creditLedger).where(eq(creditLedger.userId, user!.id))).toHaveLength(1);
  });

  it("refuses expired, forged and malformed tokens with a 400, granting nothing", async () => {
    const { email, verifyToken } = await signUp();
    await db().update(emailTokens).set({ expiresAt: Date.now() - 1 }).where(eq(emailTokens.tokenHash, await sha256Hex(verifyToken)));
    const expired = await post("/verify-email", { token: verifyToken });
    expect(expired.status).toBe(400);
    expect(await json(expired)).toEqual({ error: "This verification link has expired. Request a new one below." });
    for (const token of ["x".repeat(43), "not a token!", verifyToken.slice(0, -1) + (verifyToken.endsWith("A") ? "B" : "A")]) {
      const res = await post("/verify-email", { token });
      expect(res.status).toBe(400);
      expect(await json(res)).toEqual({ error: "This verification link is invalid." });
    }
    expect(await userByEmail(email)).toMatchObject({ emailVerified: false, credits: 0 });
    expect((await post("/verify-email", {})).status).toBe(400);
    expect((await post("/verify-email", { token: 5 })).status).toBe(400);
  });

  it("does not accept a password-reset token as a verification token", async () => {
    const u = await createUser({ verified: false });
    const reset = await issueEmailToken(db(), { userId: u.id, email: u.email, purpose: "reset" });
    expect((await post("/verify-email", { token: reset })).status).toBe(400);
  });
});

describe("POST /api/v1/resend-verification", () => {
  const generic = { message: "If the email exists, a verification link was sent." };

  it("mails a new link to an unverified account", async () => {
    const { email } = await signUp();
    const res = await post("/resend-verification", { email: email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual(generic);
    const sent = await mail.waitFor(email, 2);
    expect(sent.subject).toBe("Verify your Parcelhive email address");
    expect((await post("/verify-email", { token: tokenFrom(sent, "/verify-email") })).status).toBe(200);
  });

  it("answers the same for an unknown or already verified address, and sends nothing", async () => {
    const verified = await createUser({ verified: true });
    for (const email of [fresh("ghost"), verified.email]) {
      const res = await postSettled("/resend-verification", { email });
      expect(res.status).toBe(200);
      expect(await json(res)).toEqual(generic);
    }
    expect(mail.sent()).toHaveLength(0);
  });

  it("validates the address and limits resends to 5 a minute per address", async () => {
    expect(await json(await post("/resend-verification", { email: "nope" }))).toEqual({ error: "email: Enter a valid email address." });
    const statuses = await inOneRateWindow(async () => {
      const email = fresh("spam");
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await post("/resend-verification", { email })).status);
      return statuses;
    });
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe("password reset", () => {
  const requested = { message: "If that email exists, we’ve sent a password reset link." };

  async function requestReset(email: string, nth = 1) {
    const res = await post("/password-reset/request", { email });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual(requested);
    return tokenFrom(await mail.waitFor(email, nth), "/reset-password");
  }
  const check = async (token: string) => json(await call(`/api/v1/password-reset/validate?token=${encodeURIComponent(token)}`));

  it("mails a 1-hour link; validate says valid; confirm sets the password and ends every session", async () => {
    const u = await createUser();
    const session = (await (await post("/login", { email: u.email, password: u.password })).json()) as { refresh_token: string };
    const token = await requestReset(u.email);
    const sent = mail.to(u.email)[0];
    expect(sent.subject).toBe("Reset your Parcelhive password");
    expect(sent.html).toContain(`http://localhost:5173/reset-password?token=${token}`);
    const row = await db().query.emailTokens.findFirst({ where: eq(emailTokens.tokenHash, await sha256Hex(token)) });
    expect(row!.expiresAt - row!.createdAt).toBe(60 * 60 * 1000);

    expect(await check(token)).toEqual({ valid: true });
    const res = await post("/password-reset/confirm", { token, new_password: "brand-new-pass" });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ message: "Your password has been reset. Please sign in." });

    expect((await post("/login", { email: u.email, password: u.password })).status).toBe(401);
    expect((await post("/login", { email: u.email, password: "brand-new-pass" })).status).toBe(200);
    expect((await call("/api/v1/refresh", { method: "POST", token: session.refresh_token })).status).toBe(401);
    const sessions = await db().select().from(refreshTokens).where(and(eq(refreshTokens.userId, u.id)));
    expect(sessions.filter((s) => s.revokedAt === null)).toHaveLength(1); // only the new login
  });

  it("answers the same for an unknown address and sends nothing", async () => {
    const res = await postSettled("/password-reset/request", { email: fresh("ghost") });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual(requested);
    expect(mail.sent()).toHaveLength(0);
  });

  it("reports used, expired and invalid links, and refuses them at confirm with the spec's texts", async () => {
    const u = await createUser();
    const used = await requestReset(u.email);
    await post("/password-reset/confirm", { token: used, new_password: "password-two" });
    expect(await check(used)).toEqual({ valid: false, reason: "used" });
    const usedAgain = await post("/password-reset/confirm", { token: used, new_password: "password-three" });
    expect(usedAgain.status).toBe(400);
    expect(await json(usedAgain)).toEqual({ error: "This reset link has already been used." });

    const expired = await requestReset(u.email, 2);
    await db().update(emailTokens).set({ expiresAt: Date.now() - 1 }).where(eq(emailTokens.tokenHash, await sha256Hex(expired)));
    expect(await check(expired)).toEqual({ valid: false, reason: "expired" });
    expect(await json(await post("/password-reset/confirm", { token: expired, new_password: "password-four" }))).toEqual({
      error: "This reset link has expired.",
    });

    expect(await check("forged-token-forged-token-forged-token-000")).toEqual({ valid: false, reason: "invalid" });
    expect(await json(await call("/api/v1/password-reset/validate"))).toEqual({ valid: false, reason: "invalid" });
    expect(await json(await post("/password-reset/confirm", { token: "forged-token-forged-token-forged-token-000", new_password: "password-five" }))).toEqual({
      error: "This reset link is invalid.",
    });
    expect((await post("/login", { email: u.email, password: "password-two" })).status).toBe(200);
  });

  it("a newer reset link ends the older unused one", async () => {
    const u = await createUser();
    const older = await requestReset(u.email);
    const newer = await requestReset(u.email, 2);
    expect(await check(older)).toEqual({ valid: false, reason: "expired" });
    expect(await check(newer)).toEqual({ valid: true });
  });

  it("does not accept a verification token as a reset token", async () => {
    const { verifyToken } = await signUp();
    expect(await check(verifyToken)).toEqual({ valid: false, reason: "invalid" });
  });

  it("refuses a new password under 8 characters with the spec's text, leaving the link usable", async () => {
    const u = await createUser();
    const token = await requestReset(u.email);
    const res = await post("/password-reset/confirm", { token, new_password: "short7!" });
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({ error: "Password must be at least 8 characters." });
    expect(await check(token)).toEqual({ valid: true });
    expect((await post("/password-reset/confirm", { token })).status).toBe(400);
    expect((await post("/password-reset/confirm", { new_password: "long-enough" })).status).toBe(400);
    expect((await post("/password-reset/confirm", { token, new_password: 12345678 })).status).toBe(400);
  });

  it("lets only one of two concurrent confirms with one link succeed", async () => {
    const u = await createUser();
    const token = await requestReset(u.email);
    const results = await Promise.all([
      post("/password-reset/confirm", { token, new_password: "first-choice" }),
      post("/password-reset/confirm", { token, new_password: "second-choice" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const winner = results[0].status === 200 ? "first-choice" : "second-choice";
    expect((await post("/login", { email: u.email, password: winner })).status).toBe(200);
  });

  it("limits reset requests to 5 a minute per address", async () => {
    const { statuses, res } = await inOneRateWindow(async () => {
      const email = fresh("reset-spam");
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await post("/password-reset/request", { email })).status);
      return { statuses, res: await post("/password-reset/request", { email }) };
    });
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await json(res)).toEqual({
      error: "Too many attempts. Please wait a minute and try again.",
    });
  });
});
