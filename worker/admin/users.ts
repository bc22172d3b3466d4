import { and, asc, count, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { databaseNames, HOME_DATABASE } from "../db/databases";
import { containsText, inValueList } from "../db/d1-limits";
import { userDatabases, users } from "../db/schema";
import type { DbSessions } from "../db/sessions";
import { notFound } from "../lib/errors";
import { log } from "../lib/log";
import type { AdminUser, AdminUsersPage } from "./model";
import { grantCredits } from "../credits/credits";


/** The largest single admin grant: a typo of a few extra zeros must not mint a fortune. */
export const MAX_ADMIN_GRANT = 100_000;

const adminUserColumns = {
  id: users.id,
  email: users.email,
  email_verified: users.emailVerified,
  credits: users.credits,
  marketing_consent: users.marketingConsent,
};

/**
 * A page's users as their own databases have them (worker/db/databases.ts): the directory lists who they are, but a
 * user whose data is in another database has their balance and preferences there. With one database there is
 * nothing to look up; else one read of the directory's routes and one read per other database on the page.
 */
async function fromOwnDatabases(env: object, sessions: DbSessions, rows: AdminUser[]): Promise<AdminUser[]> {
  if (databaseNames(env).length === 1 || rows.length === 0) return rows;
  const ids = rows.map((r) => r.id);
  const routes = await sessions.db().select().from(userDatabases).where(inValueList(userDatabases.userId, ids));
  const own = new Map<number, AdminUser>();
  for (const name of new Set(routes.map((r) => r.database).filter((d) => d !== HOME_DATABASE))) {
    if (!databaseNames(env).includes(name)) {
      // A configuration mistake must not hide every other user from the admin: those rows show the directory's.
      log("error", "admin list: users in a database that is not configured", { database: name });
      continue;
    }
    const moved = routes.filter((r) => r.database === name).map((r) => r.userId);
    const found = await sessions.db(name).select(adminUserColumns).from(users).where(inValueList(users.id, moved));
    for (const row of found as AdminUser[]) own.set(row.id, row);
  }
  // Who they are and whether they verified stay the directory's; what they hold is their database's.
  return rows.map((r) => {
    const mine = own.get(r.id);
    return mine ? { ...r, credits: mine.credits, marketing_consent: mine.marketing_consent } : r;
  });
}

/** One page of users (oldest first), optionally only those whose email contains `q`. */
export async function listUsers(env: object, sessions: DbSessions, opts: { q?: string; page: number; perPage: number }): Promise<AdminUsersPage> {
  const db = sessions.db();
  // A closed account is on its way out (the queue removes it): not a user any more.
  const where: SQL | undefined = and(isNull(users.closedAt), opts.q ? containsText(users.email, opts.q) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(adminUserColumns)
      .from(users)
      .where(where)
      .orderBy(asc(users.id))
      .limit(opts.perPage)
      .offset((opts.page - 1) * opts.perPage),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return {
    results: await fromOwnDatabases(env, sessions, rows as AdminUser[]),
    total,
    page: opts.page,
    per_page: opts.perPage,
    pages: Math.max(1, Math.ceil(total / opts.perPage)),
  };
}

/**
 * Emails of every user who consented to marketing mail: lowercased, deduplicated, sorted. Consent is a preference
 * the sender changes in Settings, kept in their own database: with more than one, each user's answer is read from
 * the database the directory routes them to (a stale copy of their row elsewhere does not count).
 */
export async function marketingList(env: object, sessions: DbSessions): Promise<string[]> {
  const consenting = (db: Db) =>
    db
      .selectDistinct({ id: users.id, email: sql<string>`lower(trim(${users.email}))` })
      .from(users)
      .where(eq(users.marketingConsent, true));
  const names = databaseNames(env);
  const routes = names.length === 1 ? [] : await sessions.db().select().from(userDatabases);
  const databaseOf = new Map(routes.map((r) => [r.userId, r.database]));
  const emails = new Set<string>();
  for (const name of names) {
    for (const { id, email } of await consenting(sessions.db(name))) {
      if (email && (databaseOf.get(id) ?? HOME_DATABASE) === name) emails.add(email);
    }
  }
  return [...emails].sort();
}

/** Grants `amount` credits through the ledger of the user's own database, recording which admin did it. */
export async function adminGrant(
  sessions: DbSessions,
  admin: { id: number; email: string },
  grant: { userId: number; amount: number },
): Promise<AdminUser> {
  const target = await sessions.db().query.users.findFirst({ columns: { id: true }, where: and(eq(users.id, grant.userId), isNull(users.closedAt)) });
  if (!target) throw notFound("User not found");
  const db = await sessions.ofUser(grant.userId);
  await grantCredits(db, {
    userId: grant.userId,
    delta: grant.amount,
    reason: "admin_grant",
    reference: `admin:${admin.id}:${admin.email}`,
  });
  const [updated] = await db.select(adminUserColumns).from(users).where(eq(users.id, grant.userId));
  if (!updated) throw notFound("User not found");
  return updated as AdminUser;
}
