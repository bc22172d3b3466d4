import { eq } from "drizzle-orm";
import type { Db } from "./client";
import { trackingPageTokens, userDatabases } from "./schema";

/**
 * The D1 databases the app is configured with, and which one holds a user's data (docs/operations-and-scale.md 'Past one database').
 *
 * `DB` is the home database: the directory (who a user is and how they sign in: accounts, sessions, API keys,
 * import addresses, Stripe customers, and `user_databases`, which names a user's database) and, while it is the only
 * one, everyone's data. Another database is a D1 binding whose name starts `DB_` (wrangler.toml); a user's data
 * moves there with a `user_databases` row naming it. A user's own rows (their labels, tags, files, rollups, ledger
 * and account row) are read and written only in their database: every request, mail and cron pass reaches them
 * through `userDatabase` or `databaseNames` below.
 */
export const HOME_DATABASE = "DB";
const OTHER_DATABASE = /^DB_[A-Z0-9_]+$/;

/** The D1 binding called `name`, or null when the Worker has no D1 database by that name. */
export function d1Binding(env: object, name: string): D1Database | null {
  const binding = (env as Record<string, unknown>)[name];
  const isD1 = typeof binding === "object" && binding !== null && typeof (binding as D1Database).withSession === "function";
  return isD1 ? (binding as D1Database) : null;
}

/** Every configured database, the home database first. */
export function databaseNames(env: object): string[] {
  const others = Object.keys(env).filter((name) => OTHER_DATABASE.test(name) && d1Binding(env, name));
  return [HOME_DATABASE, ...others.sort()];
}

/** A directory row names a database this Worker is not configured with: refuse rather than read the wrong one. */
export class UnknownDatabaseError extends Error {
  constructor(userId: number, database: string) {
    super(`User ${userId}'s data is in database '${database}', which is not configured`);
    this.name = "UnknownDatabaseError";
  }
}

/**
 * The one routing function: the name of the database that holds `userId`'s data, from the directory (`directory`
 * is a session on the home database). With one database there is nothing to look up.
 */
export async function userDatabase(env: object, directory: Db, userId: number): Promise<string> {
  if (databaseNames(env).length === 1) return HOME_DATABASE;
  const [row] = await directory.select({ database: userDatabases.database }).from(userDatabases).where(eq(userDatabases.userId, userId)).limit(1);
  return configured(env, userId, row?.database);
}

/** The database a directory row names for `userId` (none: the home one), refused when the Worker lacks it. */
function configured(env: object, userId: number, database: string | null | undefined): string {
  const name = database ?? HOME_DATABASE;
  if (!databaseNames(env).includes(name)) throw new UnknownDatabaseError(userId, name);
  return name;
}

/**
 * The database of the label behind a buyer tracking page's token, from the directory's entry naming its owner;
 * null for a token with no entry (never made, or switched off). With one database there is nothing to look up.
 */
export async function pageTokenDatabase(env: object, directory: Db, token: string): Promise<string | null> {
  if (databaseNames(env).length === 1) return HOME_DATABASE;
  const [entry] = await directory
    .select({ userId: trackingPageTokens.userId, database: userDatabases.database })
    .from(trackingPageTokens)
    .leftJoin(userDatabases, eq(userDatabases.userId, trackingPageTokens.userId))
    .where(eq(trackingPageTokens.token, token))
    .limit(1);
  return entry ? configured(env, entry.userId, entry.database) : null;
}
