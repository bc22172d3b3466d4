import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { refreshTokens } from "../db/schema";
import { newId, randomToken, sha256Hex } from "../lib/crypto";
import { unauthorized } from "../lib/errors";
import { log } from "../lib/log";
import { serverMac, signAccessToken } from "./tokens";

/**
 * Sign-in sessions. A session is a family of opaque refresh tokens, stored as
 * SHA-256 hashes. Every refresh rotates: the presented token is marked rotated and its successor of the
 * same family is issued. Presenting a token that was already rotated means it was copied, so the
 * whole family is revoked, unless it comes back within a few seconds while its successor is still unused
 * (two tabs, or a lost answer): then it is answered with that same successor (see rotateSession). Logout
 * revokes the family too.
 */

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * How long a just-replaced refresh token may be presented again. Long enough for a browser restoring several tabs
 * or a phone on a slow network, short enough that a copied token is still caught at the next rotation.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

/** One answer for every refresh failure: the client only needs to know it must sign in again. */
export const INVALID_REFRESH = "Invalid or expired refresh token";

export interface TokenPair {
  access_token: string;
  refresh_token: string;
}

/** A pair and the session (family) it belongs to: the document cookie names the session (./document-cookie.ts). */
export type SessionPair = TokenPair & { familyId: string };

/** Starts a new session (a new family) for a user who just proved their password. */
export async function startSession(db: Db, env: Pick<Env, "JWT_SECRET">, userId: number, now = Date.now()): Promise<SessionPair> {
  const refresh = randomToken(32);
  const familyId = newId("fam");
  await db.insert(refreshTokens).values({
    userId,
    familyId,
    tokenHash: await sha256Hex(refresh),
    createdAt: now,
    expiresAt: now + REFRESH_TOKEN_TTL_MS,
  });
  return { access_token: await signAccessToken(env, userId, now), refresh_token: refresh, familyId };
}

/**
 * A token's successor is derived from it under the server's secret, not drawn at random: the server can hand the
 * same successor to a second tab that presents the old token a moment later, while D1 still holds only hashes. It
 * is as unguessable as a random token to anyone without the secret.
 */
const successorOf = (env: Pick<Env, "JWT_SECRET">, presented: string) => serverMac(env, `refresh-successor:${presented}`);

type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/**
 * Exchanges a refresh token for a new pair. The successor is inserted and the old token marked rotated in one
 * batch, each conditional on the old one still being live, so two concurrent refreshes with one token never make
 * two successors: the second is answered as a replay.
 */
export async function rotateSession(db: Db, env: Pick<Env, "JWT_SECRET">, presented: string, now = Date.now()): Promise<SessionPair> {
  const row = await db.query.refreshTokens.findFirst({ where: eq(refreshTokens.tokenHash, await sha256Hex(presented)) });
  if (!row || row.revokedAt !== null || row.expiresAt <= now) throw unauthorized(INVALID_REFRESH);
  const next = await successorOf(env, presented);
  const nextHash = await sha256Hex(next);
  if (row.rotatedAt !== null) return replay(db, env, row, row.rotatedAt, nextHash, next, now);

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
  // Another request rotated it between our read and our write (or a logout revoked it): a replay, decided as one.
  if (rotated.meta.changes !== 1) return replay(db, env, row, now, nextHash, next, now);
  return { access_token: await signAccessToken(env, row.userId, now), refresh_token: next, familyId: row.familyId };
}

/**
 * A replaced token presented again. Within the grace, while its successor is live and unused, the answer is that
 * same successor (and a fresh access token): both tabs end holding one working token, and no second branch of the
 * family exists that a copied token could keep alive. Otherwise it is reuse: the whole family is revoked.
 */
async function replay(db: Db, env: Pick<Env, "JWT_SECRET">, row: RefreshTokenRow, rotatedAt: number, nextHash: string, next: string, now: number): Promise<SessionPair> {
  if (now - rotatedAt <= REFRESH_REUSE_GRACE_MS) {
    const successor = await db.query.refreshTokens.findFirst({
      where: and(
        eq(refreshTokens.tokenHash, nextHash),
        eq(refreshTokens.familyId, row.familyId),
        isNull(refreshTokens.rotatedAt),
        isNull(refreshTokens.revokedAt),
      ),
    });
    if (successor && successor.expiresAt > now) {
      log("info", "refresh token replayed within grace: same successor answered", { userId: row.userId, familyId: row.familyId });
      return { access_token: await signAccessToken(env, row.userId, now), refresh_token: next, familyId: row.familyId };
    }
  }
  await revokeFamily(db, row.familyId, now);
  log("warn", "refresh token reuse: family revoked", { userId: row.userId, familyId: row.familyId });
  throw unauthorized(INVALID_REFRESH);
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
