import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { refreshTokens } from "../db/schema";
import { newId, randomToken, sha256Hex } from "../lib/crypto";
import { unauthorized } from "../lib/errors";
import { log } from "../lib/log";
import { signAccessToken } from "./tokens";

/**
 * Sign-in sessions. A session is a family of opaque refresh tokens, stored as
 * SHA-256 hashes. Every refresh rotates: the presented token is marked rotated and a new one of the
 * same family is issued. Presenting a token that was already rotated means it was copied, so the
 * whole family is revoked. Logout revokes the family too.
 */

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** One answer for every refresh failure: the client only needs to know it must sign in again. */
export const INVALID_REFRESH = "Invalid or expired refresh token";

export interface TokenPair {
  access_token: string;
  refresh_token: string;
}

/** Starts a new session (a new family) for a user who just proved their password. */
export async function startSession(db: Db, env: Pick<Env, "JWT_SECRET">, userId: number, now = Date.now()): Promise<TokenPair> {
  const refresh = randomToken(32);
  await db.insert(refreshTokens).values({
    userId,
    familyId: newId("fam"),
    tokenHash: await sha256Hex(refresh),
    createdAt: now,
    expiresAt: now + REFRESH_TOKEN_TTL_MS,
  });
  return { access_token: await signAccessToken(env, userId, now), refresh_token: refresh };
}

/**
 * Exchanges a refresh token for a new pair. The new token is inserted and the old one marked
 * rotated in one batch, each conditional on the old one still being live, so two concurrent
 * refreshes with one token can never both succeed: the loser counts as reuse.
 */
export async function rotateSession(db: Db, env: Pick<Env, "JWT_SECRET">, presented: string, now = Date.now()): Promise<TokenPair> {
  const row = await db.query.refreshTokens.findFirst({ where: eq(refreshTokens.tokenHash, await sha256Hex(presented)) });
  if (!row || row.revokedAt !== null || row.expiresAt <= now) throw unauthorized(INVALID_REFRESH);
  if (row.rotatedAt !== null) {
    await revokeFamily(db, row.familyId, now);
    log("warn", "refresh token reuse: family revoked", { userId: row.userId, familyId: row.familyId });
    throw unauthorized(INVALID_REFRESH);
  }

  const next = randomToken(32);
  const nextHash = await sha256Hex(next);
  const live = and(eq(refreshTokens.id, row.id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt));
  const [, rotated] = await db.batch([
    db.insert(refreshTokens).select(
      db
        // drizzle wants every column, in table order: a null id takes the next rowid.
        .select({
          id: sql<number>`null`.as("id"),
          userId: refreshTokens.userId,
          familyId: refreshTokens.familyId,
          tokenHash: sql<string>`${nextHash}`.as("token_hash"),
          createdAt: sql<number>`${now}`.as("created_at"),
          expiresAt: sql<number>`${now + REFRESH_TOKEN_TTL_MS}`.as("expires_at"),
          rotatedAt: sql<null>`null`.as("rotated_at"),
          revokedAt: sql<null>`null`.as("revoked_at"),
        })
        .from(refreshTokens)
        .where(live),
    ),
    db
      .update(refreshTokens)
      .set({ rotatedAt: now })
      .where(live),
  ]);
  if (rotated.meta.changes !== 1) {
    // Another request rotated it between our read and our write: the same token was used twice.
    await revokeFamily(db, row.familyId, now);
    throw unauthorized(INVALID_REFRESH);
  }
  return { access_token: await signAccessToken(env, row.userId, now), refresh_token: next };
}

/** Logout: revokes the session the token belongs to. Unknown tokens are ignored. */
export async function endSession(db: Db, presented: string, now = Date.now()): Promise<void> {
  const row = await db.query.refreshTokens.findFirst({ where: eq(refreshTokens.tokenHash, await sha256Hex(presented)) });
  if (row) await revokeFamily(db, row.familyId, now);
}

export async function revokeFamily(db: Db, familyId: string, now = Date.now()) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** The statement that ends every session of a user (after a password reset), for a db.batch(). */
export function revokeAllSessionsStatement(db: Db, userId: number, now = Date.now()) {
  return db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}
