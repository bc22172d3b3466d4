import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { randomToken, sha256Hex } from "../lib/crypto";
import { API_KEY_PREFIX } from "./require-auth";

/**
 * Developer API keys. The full key is shown once, when generated; the database keeps only its
 * SHA-256 (what requireAuth looks up) and a masked form for GET /user. Generating a new key
 * replaces both columns in one UPDATE, so the old key stops working at that moment.
 */

/** 'phk_' + 32 URL-safe characters (24 random bytes). */
export function newApiKey(): string {
  return `${API_KEY_PREFIX}${randomToken(24)}`;
}

/** 'phk_abcd…wxyz': enough to recognise a key, never enough to use it. */
export function maskApiKey(key: string): string {
  const secret = key.slice(API_KEY_PREFIX.length);
  return `${API_KEY_PREFIX}${secret.slice(0, 4)}…${secret.slice(-4)}`;
}

/**
 * Issues a new key for the user, revoking the previous one. Answers the full key (show it once). The directory
 * (worker/db/databases.ts) is where requireAuth finds a key; the user's own database, when it is another one, holds
 * the copy of their row that GET /user shows: both get it.
 */
export async function regenerateApiKey(directory: Db, userDb: Db, userId: number): Promise<{ key: string; masked: string }> {
  const key = newApiKey();
  const masked = maskApiKey(key);
  const change = { developerKeyHash: await sha256Hex(key), developerKeyMasked: masked, updatedAt: Date.now() };
  for (const db of new Set([directory, userDb])) await db.update(users).set(change).where(eq(users.id, userId));
  return { key, masked };
}
