import { asc, count, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { containsText } from "../db/d1-limits";
import { users } from "../db/schema";
import { notFound } from "../lib/errors";
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

/** One page of users (oldest first), optionally only those whose email contains `q`. */
export async function listUsers(db: Db, opts: { q?: string; page: number; perPage: number }): Promise<AdminUsersPage> {
  const where: SQL | undefined = opts.q ? containsText(users.email, opts.q) : undefined;
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
    results: rows as AdminUser[],
    total,
    page: opts.page,
    per_page: opts.perPage,
    pages: Math.max(1, Math.ceil(total / opts.perPage)),
  };
}

/** Emails of every user who consented to marketing mail: lowercased, deduplicated, sorted. */
export async function marketingList(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ email: sql<string>`lower(trim(${users.email}))` })
    .from(users)
    .where(eq(users.marketingConsent, true))
    .orderBy(sql`1`);
  return rows.map((r) => r.email).filter(Boolean);
}

/** Grants `amount` credits through the ledger, recording which admin did it. */
export async function adminGrant(
  db: Db,
  admin: { id: number; email: string },
  grant: { userId: number; amount: number },
): Promise<AdminUser> {
  const target = await db.query.users.findFirst({ columns: { id: true }, where: eq(users.id, grant.userId) });
  if (!target) throw notFound("User not found");
  await grantCredits(db, {
    userId: grant.userId,
    delta: grant.amount,
    reason: "admin_grant",
    reference: `admin:${admin.id}:${admin.email}`,
  });
  const [updated] = await db.select(adminUserColumns).from(users).where(eq(users.id, grant.userId));
  return updated as AdminUser;
}
