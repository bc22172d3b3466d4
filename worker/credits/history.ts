import { and, desc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { creditLedger, users } from "../db/schema";
import type { CreditHistory, CreditMovement, CreditMovementLabel } from "./model";

/**
 * The ledger's history for its owner (GET /api/v1/credits/history): every change of balance, newest first, with the
 * balance after it. The rows one save wrote together (a file's or a CSV's labels: one debit row a label, one
 * timestamp) are one movement: '3 labels', with the first few labels named and linked. A label since deleted is
 * named as deleted while Recently deleted holds it; after the purge its debit no longer says which label it was.
 *
 * Paged by time with a cursor (the oldest movement's instant): the page's instants come off the (user, time) index in
 * order, so a page costs the same whatever the account's history; each instant's rows are then read by reason.
 */

/** Labels named per movement ('H01…, H02… and 248 more'). */
export const NAMED_LABELS = 5;
/** Movements per page, unless asked for fewer. */
export const HISTORY_PAGE = 25;

const LABEL_ID = /^lbl_/;

interface Samples {
  at: number;
  reference: string | null;
  live: string | null;
  deleted: string | null;
}

/** The labels a page's label debits name, the first NAMED_LABELS of each instant, with the code each has now. */
async function namedLabels(db: Db, userId: number, instants: number[]): Promise<Map<number, CreditMovementLabel[]>> {
  const rows = await db.all<Samples>(sql`
    select s.created_at as at, s.reference as reference, l.tracking_code as live, d.tracking_code as deleted
    from (
      select created_at, reference, row_number() over (partition by created_at order by id) as n
      from credit_ledger
      where user_id = ${userId} and reason = 'label' and created_at in (select value from json_each(${JSON.stringify(instants)}))
    ) s
    left join labels l on l.id = s.reference and l.user_id = ${userId}
    left join deleted_labels d on d.label_id = s.reference and d.user_id = ${userId}
    where s.n <= ${NAMED_LABELS}
    order by s.created_at, s.n`);
  const byInstant = new Map<number, CreditMovementLabel[]>();
  for (const r of rows) {
    // Only a label's own id names one (older debits named the upload's file or a CSV batch).
    if (!r.reference || !LABEL_ID.test(r.reference)) continue;
    const trackingCode = r.live ?? r.deleted;
    if (!trackingCode) continue;
    byInstant.set(r.at, [...(byInstant.get(r.at) ?? []), { id: r.reference, trackingCode, deleted: !r.live }]);
  }
  return byInstant;
}

/** A page of the history: `before`, the cursor of the page before it (none for the newest). */
export async function creditHistory(db: Db, userId: number, page: { before?: number; limit?: number } = {}): Promise<CreditHistory | null> {
  const limit = page.limit ?? HISTORY_PAGE;
  const mine = eq(creditLedger.userId, userId);
  const [[owner], instantRows] = await db.batch([
    db.select({ credits: users.credits }).from(users).where(eq(users.id, userId)),
    db
      .selectDistinct({ at: creditLedger.createdAt })
      .from(creditLedger)
      .where(page.before === undefined ? mine : and(mine, lt(creditLedger.createdAt, page.before)))
      .orderBy(desc(creditLedger.createdAt))
      .limit(limit + 1),
  ]);
  if (!owner) return null;
  const more = instantRows.length > limit;
  const instants = instantRows.slice(0, limit).map((r) => r.at);
  if (!instants.length) return { balance: owner.credits, results: [], next_cursor: null };

  const [groups, [newer]] = await db.batch([
    db
      .select({ at: creditLedger.createdAt, reason: creditLedger.reason, delta: sql<number>`sum(${creditLedger.delta})`, rows: sql<number>`count(*)` })
      .from(creditLedger)
      .where(and(mine, inArray(creditLedger.createdAt, instants)))
      .groupBy(creditLedger.createdAt, creditLedger.reason)
      // Within one instant (never seen, but possible), a grant before the debit it paid for.
      .orderBy(desc(creditLedger.createdAt), desc(sql`sum(${creditLedger.delta})`)),
    db
      .select({ sum: sql<number>`coalesce(sum(${creditLedger.delta}), 0)` })
      .from(creditLedger)
      .where(and(mine, gt(creditLedger.createdAt, instants[0]))),
  ]);
  const named = groups.some((g) => g.reason === "label") ? await namedLabels(db, userId, instants) : new Map<number, CreditMovementLabel[]>();

  // The balance after the newest movement of the page is today's less what came after it; each older one's, the
  // one after it less that one's change.
  let balance = owner.credits - Number(newer?.sum ?? 0);
  const results: CreditMovement[] = groups.map((g) => {
    const delta = Number(g.delta);
    const movement: CreditMovement = {
      at: new Date(g.at).toISOString(),
      reason: g.reason,
      delta,
      balanceAfter: balance,
      ...(g.reason === "label" ? { labelCount: -delta, labels: named.get(g.at) ?? [] } : { labelCount: 0, labels: [] }),
    };
    balance -= delta;
    return movement;
  });
  return { balance: owner.credits, results, next_cursor: more ? String(instants[instants.length - 1]) : null };
}
