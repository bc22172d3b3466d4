import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { databaseNames, HOME_DATABASE } from "../db/databases";
import { emailTokens, userDatabases, users, type User } from "../db/schema";
import type { DbSessions } from "../db/sessions";
import { hashPassword, randomToken, sha256Hex, verifyPassword } from "../lib/crypto";
import { ApiError, badRequest, unauthorized } from "../lib/errors";
import { log } from "../lib/log";
import { isAdminEmail } from "../auth/admins";
import { ownerMoments } from "../../shared/buyer-mail";
import { CREDITS, ledgerInsert } from "../credits/credits";
import {
  EMAIL_TOKEN_TTL_MS,
  consumeTokenStatement,
  inspectEmailToken,
  issueEmailToken,
  tokenStillLive,
  type EmailTokenState,
} from "./email-tokens";
import { sendMail, simpleHtmlMail } from "../lib/mailer";
import { revokeAllSessionsStatement } from "../auth/sessions";

/**
 * Accounts: sign-up, sign-in, email verification (with the one-time free credits) and password
 * reset. Emails are stored trimmed and lowercased, so one address is one account.
 */

export const ACCOUNT_TEXTS = {
  invalidLogin: "Invalid email or password",
  emailTaken: "That email is already registered",
  signedUp: "Account created. Check your email for a verification link.",
  verified: "Email verified",
  alreadyVerified: "Already verified",
  resendSent: "If the email exists, a verification link was sent.",
  resetRequested: "If that email exists, we’ve sent a password reset link.",
  passwordReset: "Your password has been reset. Please sign in.",
  verifyInvalid: "This verification link is invalid.",
  verifyExpired: "This verification link has expired. Request a new one below.",
  verifyUsed: "This verification link has already been used.",
} as const;

/** The spec's reset-link texts, by token state. */
export const RESET_TOKEN_ERRORS: Record<Exclude<EmailTokenState, "ok">, string> = {
  expired: "This reset link has expired.",
  used: "This reset link has already been used.",
  invalid: "This reset link is invalid.",
};

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** GET /api/v1/user's answer. The developer key is only ever the masked form. */
export function publicUser(user: User, env: Pick<Env, "ADMIN_EMAILS">) {
  return {
    id: user.id,
    email: user.email,
    email_verified: user.emailVerified,
    credits: user.credits,
    developer_api_key: user.developerKeyMasked ?? null,
    company_name: user.companyName ?? null,
    company_tagline: user.companyTagline ?? null,
    brand_color: user.brandColor ?? null,
    buyer_mail_moments: ownerMoments(user.buyerMailMoments),
    marketing_consent: user.marketingConsent,
    is_admin: isAdminEmail(env, user.email),
    subscription_status: user.subscriptionStatus ?? null,
  };
}

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  return db.query.users.findFirst({ where: eq(users.email, normaliseEmail(email)) });
}

function isUniqueEmailViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if (/UNIQUE constraint failed: users\.email/.test(String((e as Error).message ?? e))) return true;
  }
  return false;
}

/**
 * Creates the account and its first verification token in one batch (both or neither), then
 * sends the verification mail. A mail failure is logged, not fatal: the user can resend.
 */
export async function createAccount(
  sessions: DbSessions,
  env: MailEnv & Pick<Env, "PH_NEW_USER_DATABASE">,
  input: { email: string; password: string; marketingConsent: boolean },
  now = Date.now(),
): Promise<void> {
  const placeIn = newUserDatabase(env);
  const db = sessions.db();
  const email = normaliseEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const token = randomToken(32);
  try {
    await db.batch([
      db.insert(users).values({ email, passwordHash, marketingConsent: input.marketingConsent, createdAt: now, updatedAt: now }),
      // The token row takes the new user's id: same batch, so both rows are written or neither.
      db.insert(emailTokens).select(
        db
          .select({
            tokenHash: sql<string>`${await sha256Hex(token)}`.as("token_hash"),
            userId: users.id,
            purpose: sql<"verify">`'verify'`.as("purpose"),
            email: users.email,
            createdAt: sql<number>`${now}`.as("created_at"),
            expiresAt: sql<number>`${now + EMAIL_TOKEN_TTL_MS.verify}`.as("expires_at"),
            usedAt: sql<null>`null`.as("used_at"),
          })
          .from(users)
          .where(eq(users.email, email)),
      ),
    ]);
  } catch (err) {
    if (isUniqueEmailViolation(err)) throw new ApiError(409, ACCOUNT_TEXTS.emailTaken);
    throw err;
  }
  if (placeIn !== HOME_DATABASE) await placeAccount(sessions, email, placeIn);
  await sendAccountMail(env, "verify", email, token);
}

/** The database PH_NEW_USER_DATABASE names for new senders (unset: the home one); one not configured is refused before anything is written. */
function newUserDatabase(env: object & Pick<Env, "PH_NEW_USER_DATABASE">): string {
  const name = env.PH_NEW_USER_DATABASE?.trim() || HOME_DATABASE;
  if (!databaseNames(env).includes(name)) throw new Error(`PH_NEW_USER_DATABASE names '${name}', which is not configured`);
  return name;
}

/**
 * Places a new account's data in another database: its row is copied there (same id), then the directory names the
 * database. Until the directory row is written the account is whole in the home database, so a failure in between
 * leaves a working account there (and at worst an unused copy), never one routed to a database without its row.
 * The copy carries no password hash: only the directory's row signs in (and a reset changes it), so the secret is
 * kept in one place and no stale copy of it can linger.
 */
async function placeAccount(sessions: DbSessions, email: string, database: string) {
  const directory = sessions.db();
  const row = await directory.query.users.findFirst({ where: eq(users.email, email) });
  if (!row) return;
  await sessions.db(database).insert(users).values({ ...row, passwordHash: "" });
  await directory.insert(userDatabases).values({ userId: row.id, database });
}

// One PBKDF2 run against a throwaway hash when the email is unknown, so a login answers in the
// same time whether or not the account exists.
let dummyHash: Promise<string> | undefined;

/** The user for a correct email and password; otherwise the spec's 401. */
export async function authenticate(db: Db, email: string, password: string): Promise<User> {
  const user = await findUserByEmail(db, email);
  if (!user) {
    dummyHash ??= hashPassword("not a real password");
    await verifyPassword(password, await dummyHash);
    throw unauthorized(ACCOUNT_TEXTS.invalidLogin);
  }
  if (!(await verifyPassword(password, user.passwordHash))) throw unauthorized(ACCOUNT_TEXTS.invalidLogin);
  return user;
}

/**
 * Verifies the address a token was sent to. The first verification grants the free credits in
 * the same batch: the verified flag, the token's use and the ledger row happen together, and the
 * ledger's idempotency key (one per address) means no address is ever granted twice.
 */
export async function verifyEmail(sessions: DbSessions, raw: string, now = Date.now()): Promise<string> {
  const db = sessions.db();
  const { state, row } = await inspectEmailToken(db, raw, "verify", now);
  if (!row) throw badRequest(ACCOUNT_TEXTS.verifyInvalid);
  const user = await db.query.users.findFirst({ where: eq(users.id, row.userId) });
  if (!user || user.email !== row.email) throw badRequest(ACCOUNT_TEXTS.verifyInvalid);
  // A second click on the link (used token) or a link to an account verified since: nothing to do.
  if (user.emailVerified) return ACCOUNT_TEXTS.alreadyVerified;
  if (state === "expired") throw badRequest(ACCOUNT_TEXTS.verifyExpired);
  if (state === "used") throw badRequest(ACCOUNT_TEXTS.verifyUsed);

  const verified = db
    .update(users)
    .set({ emailVerified: true, updatedAt: now })
    .where(sql`${users.id} = ${user.id} and ${tokenStillLive(row.tokenHash, now)}`);
  const grant = (on: Db) =>
    ledgerInsert(on, {
      userId: user.id,
      delta: CREDITS.freeVerification,
      reason: "free_verification",
      reference: "email verification",
      idempotencyKey: `free-verification:${user.email}`,
    });
  const own = await sessions.ofUser(user.id);
  if (own === db) {
    await db.batch([verified, grant(db), consumeTokenStatement(db, row.tokenHash, now)]);
    return ACCOUNT_TEXTS.verified;
  }
  // The user's data is in another database (worker/db/databases.ts): their row there is verified and granted in one
  // batch (the ledger row and the balance move together), then the directory's flag and the token. A failure between
  // the two leaves the link usable, and clicking it again grants nothing more (the grant's key is per address).
  await own.batch([own.update(users).set({ emailVerified: true, updatedAt: now }).where(eq(users.id, user.id)), grant(own)]);
  await db.batch([verified, consumeTokenStatement(db, row.tokenHash, now)]);
  return ACCOUNT_TEXTS.verified;
}

/** Sends a new verification link when the address belongs to an unverified account. */
export async function resendVerification(db: Db, env: MailEnv, email: string, now = Date.now()): Promise<boolean> {
  const user = await findUserByEmail(db, email);
  if (!user || user.emailVerified) return false;
  const token = await issueEmailToken(db, { userId: user.id, email: user.email, purpose: "verify" }, now);
  await sendAccountMail(env, "verify", user.email, token);
  return true;
}

/** Sends a reset link when the address has an account. The caller answers the same either way. */
export async function requestPasswordReset(db: Db, env: MailEnv, email: string, now = Date.now()): Promise<boolean> {
  const user = await findUserByEmail(db, email);
  if (!user) return false;
  const token = await issueEmailToken(db, { userId: user.id, email: user.email, purpose: "reset" }, now);
  await sendAccountMail(env, "reset", user.email, token);
  return true;
}

export async function checkResetToken(db: Db, raw: string, now = Date.now()): Promise<EmailTokenState> {
  return (await inspectEmailToken(db, raw, "reset", now)).state;
}

/**
 * Sets the new password and uses up the token in one batch; the password only changes if the
 * token is still live at that moment. Every session of the account ends: whoever knew the old
 * password must sign in again.
 */
export async function resetPassword(db: Db, raw: string, newPassword: string, now = Date.now()): Promise<void> {
  const { state, row } = await inspectEmailToken(db, raw, "reset", now);
  if (state !== "ok" || !row) throw badRequest(RESET_TOKEN_ERRORS[state === "ok" ? "invalid" : state]);
  const passwordHash = await hashPassword(newPassword);
  const [changed] = await db.batch([
    db
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(sql`${users.id} = ${row.userId} and ${tokenStillLive(row.tokenHash, now)}`),
    revokeAllSessionsStatement(db, row.userId, now),
    consumeTokenStatement(db, row.tokenHash, now),
  ]);
  if (changed.meta.changes !== 1) throw badRequest(RESET_TOKEN_ERRORS.used);
}

// ---------- Account mail ----------

export type MailEnv = Pick<Env, "EMAIL" | "MAIL_FROM" | "APP_URL" | "ENVIRONMENT">;

const ACCOUNT_MAIL = {
  verify: {
    path: "/verify-email",
    subject: "Verify your Parcelhive email address",
    heading: "Confirm your email address",
    paragraphs: [
      "Welcome to Parcelhive. Confirm your email address to finish setting up your account; verified accounts receive 50 free credits to try the product.",
      "The link works for 24 hours. If you did not create a Parcelhive account, you can ignore this email.",
    ],
    action: "Verify email",
  },
  reset: {
    path: "/reset-password",
    subject: "Reset your Parcelhive password",
    heading: "Reset your password",
    paragraphs: [
      "We received a request to reset the password of your Parcelhive account. Use the link below to choose a new one.",
      "The link works for 1 hour and only once. If you did not ask for this, ignore this email: your password stays the same.",
    ],
    action: "Choose a new password",
  },
} as const;

/** Verification and reset mail: plain text and HTML with the one link. Failures are logged. */
async function sendAccountMail(env: MailEnv, kind: keyof typeof ACCOUNT_MAIL, to: string, token: string) {
  const mail = ACCOUNT_MAIL[kind];
  const link = `${env.APP_URL.replace(/\/+$/, "")}${mail.path}?token=${encodeURIComponent(token)}`;
  // In development the link is logged too, so a newcomer can follow it without a mailbox (never the address: logs carry no e-mails).
  if (env.ENVIRONMENT !== "production") log("info", `${kind === "verify" ? "verification" : "password reset"} link`, { link });
  try {
    await sendMail(env, {
      to,
      subject: mail.subject,
      text: `${mail.heading}\n\n${mail.paragraphs[0]}\n\n${link}\n\n${mail.paragraphs[1]}\n\nParcelhive`,
      html: simpleHtmlMail({ heading: mail.heading, paragraphs: [...mail.paragraphs], action: { label: mail.action, url: link } }),
    });
  } catch (err) {
    log("error", "account mail not sent", { kind, error: String(err) });
  }
}
