import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { emailTokens } from "../db/schema";
import { randomToken, sha256Hex } from "../lib/crypto";

/**
 * Single-use tokens sent by email (verification and password reset). Only a SHA-256 hash is
 * stored, so a copy of the database cannot be used to take over accounts.
 */

export type EmailTokenPurpose = "verify" | "reset";

export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  verify: 24 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
};

/** The reasons GET /password-reset/validate gives. */
export type EmailTokenState = "ok" | "expired" | "used" | "invalid";

export type EmailTokenRow = typeof emailTokens.$inferSelect;

/** A token string the link can carry; anything else is 'invalid' without a database read. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * Issues a token and returns the raw value for the link. A new reset token ends the older unused
 * ones (they then read as expired): only the newest reset mail works.
 */
export async function issueEmailToken(
  db: Db,
  opts: { userId: number; email: string; purpose: EmailTokenPurpose },
  now = Date.now(),
): Promise<string> {
  const raw = randomToken(32);
  const insert = db.insert(emailTokens).values({
    tokenHash: await sha256Hex(raw),
    userId: opts.userId,
    email: opts.email,
    purpose: opts.purpose,
    createdAt: now,
    expiresAt: now + EMAIL_TOKEN_TTL_MS[opts.purpose],
  });
  if (opts.purpose === "reset") {
    await db.batch([
      db
        .update(emailTokens)
        .set({ expiresAt: now })
        .where(
          and(
            eq(emailTokens.userId, opts.userId),
            eq(emailTokens.purpose, "reset"),
            isNull(emailTokens.usedAt),
            gt(emailTokens.expiresAt, now),
          ),
        ),
      insert,
    ]);
  } else {
    await insert;
  }
  return raw;
}

/** Looks a presented token up and says whether it can still be used. */
export async function inspectEmailToken(
  db: Db,
  raw: string,
  purpose: EmailTokenPurpose,
  now = Date.now(),
): Promise<{ state: EmailTokenState; row: EmailTokenRow | null }> {
  if (!TOKEN_SHAPE.test(raw)) return { state: "invalid", row: null };
  const row = await db.query.emailTokens.findFirst({
    where: and(eq(emailTokens.tokenHash, await sha256Hex(raw)), eq(emailTokens.purpose, purpose)),
  });
  if (!row) return { state: "invalid", row: null };
  if (row.usedAt !== null) return { state: "used", row };
  if (row.expiresAt <= now) return { state: "expired", row };
  return { state: "ok", row };
}

/**
 * The condition "this token is still unused and unexpired", for statements that must only take
 * effect together with the token's consumption in one batch.
 */
export function tokenStillLive(tokenHash: string, now: number) {
  return sql`exists (select 1 from ${emailTokens} where ${emailTokens.tokenHash} = ${tokenHash} and ${emailTokens.usedAt} is null and ${emailTokens.expiresAt} > ${now})`;
}

/** Marks the token used if it still is live; check `meta.changes` of its batch result. */
export function consumeTokenStatement(db: Db, tokenHash: string, now: number) {
  return db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.tokenHash, tokenHash), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now)));
}
