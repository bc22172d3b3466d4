import { asc, desc, sql, type SQL } from "drizzle-orm";
import { actionSince, needsActionLabels } from "../deadlines/needs-action";
import { ukDayOf } from "../../shared/uk-calendar";
import type { Db } from "../db/client";
import { labels } from "../db/schema";
import { filterTerms, type LabelFilterTerms, type LabelListFilters } from "./filters";
import type { ListSort } from "../../shared/list-options";

/**
 * What a labels list request asks for, as GET /labels, its CSV export and bulk printing by filters all read it:
 * the terms of its filters and its order.
 */

/**
 * The terms of the list's filters. status=needs_action: the labels whose action window holds today, read in SQL
 * (index labels_user_action: the page sorts those few, the total counts them in the index); the few whose window is
 * not exact are decided by the deadlines first, as the 'Needs action' card decides them (worker/deadlines/needs-action.ts).
 */
export async function listTerms(db: Db, userId: number, filters: LabelListFilters, now = Date.now()): Promise<LabelFilterTerms> {
  const terms = filterTerms(filters);
  if (filters.status === "needs_action") {
    const unsure = (await needsActionLabels(db, userId, now, { unsureOnly: true })).map((l) => l.row.id);
    terms.needsAction = { day: ukDayOf(now), since: String(actionSince(now)), unsure: JSON.stringify(unsure) };
  }
  return terms;
}

/** The list's order: a key column and its direction, then rowid (labels saved in one batch share a time). */
export interface ListOrder {
  key: typeof labels.createdAt | typeof labels.updatedAt;
  descending: boolean;
}

export function listOrder(sort: ListSort | undefined): ListOrder {
  if (sort === "oldest") return { key: labels.createdAt, descending: false };
  if (sort === "updated") return { key: labels.updatedAt, descending: true };
  return { key: labels.createdAt, descending: true };
}

/** ORDER BY of the order (indexes labels_user_created, labels_user_updated, labels_user_status_created). */
export function orderBy(order: ListOrder): SQL[] {
  const dir = order.descending ? desc : asc;
  return [dir(order.key), dir(sql`${labels}.rowid`)];
}
