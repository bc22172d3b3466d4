import { and, desc, eq, gte, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { inValueList } from "../db/d1-limits";
import { labels, marketplaceOrders } from "../db/schema";
import { enqueueMany } from "../lib/jobs";
import { log } from "../lib/log";
import { parseJson } from "./serialise";

/**
 * A label's marketplace order (issue 34, 'Labels meet orders'): the write path of the label's order columns, as
 * trash.ts is of deleting. Which order a label is for is decided above, in worker/marketplaces/links.ts; the save
 * path only queues that decision (`marketplace.match`) for the labels it saved. These columns are not part of the
 * label's details: writing them changes neither `updated_at` nor the label's webhooks.
 */

/** Labels per `marketplace.match` message: one D1 read of them and one of their orders. */
const MATCH_CHUNK = 50;

/**
 * Queues the matching of labels just saved (new, re-imported, read by OCR, corrected) to the seller's orders, when
 * the seller has any order awaiting dispatch: a seller without a connected shop costs one indexed read, no job.
 * A failure is logged, never thrown: the label is saved, and it can still be linked by hand.
 */
export async function queueOrderMatch(env: Pick<Env, "JOBS">, db: Db, userId: number, labelIds: string[]): Promise<void> {
  if (!labelIds.length) return;
  try {
    const [open] = await db
      .select({ id: marketplaceOrders.id })
      .from(marketplaceOrders)
      .where(and(eq(marketplaceOrders.userId, userId), eq(marketplaceOrders.status, "awaiting")))
      .limit(1);
    if (!open) return;
    const jobs = [];
    for (let i = 0; i < labelIds.length; i += MATCH_CHUNK) jobs.push({ type: "marketplace.match" as const, labelIds: labelIds.slice(i, i + MATCH_CHUNK) });
    // Marked before the jobs go: a label page open meanwhile polls until the matching has written what it found.
    await db
      .update(labels)
      .set({ orderMatchingAt: Date.now() })
      .where(and(eq(labels.userId, userId), inValueList(labels.id, labelIds), isNull(labels.orderId), isNull(labels.orderLinkedBy)));
    await enqueueMany(env, db, jobs);
  } catch (err) {
    log("warn", "could not queue the matching of labels to orders", { labelIds, error: String(err) });
  }
}

/** Labels a sync looks back over: enough for a busy seller's fortnight, a few dozen jobs at most. */
const LOOK_BACK_LABELS = 2000;

/**
 * Queues the matching of the seller's labels made since `since` that no order is linked to (nor turned down by the
 * seller), newest first: orders that came in after their label was saved (a shop connected after its parcels were
 * printed, an order synced after its label was imported) meet it here.
 */
export async function queueLabelsSinceMatch(env: Pick<Env, "JOBS">, db: Db, userId: number, since: number): Promise<void> {
  const rows = await db
    .select({ id: labels.id })
    .from(labels)
    .where(and(eq(labels.userId, userId), gte(labels.createdAt, since), isNull(labels.orderId), isNull(labels.orderLinkedBy)))
    .orderBy(desc(labels.createdAt))
    .limit(LOOK_BACK_LABELS);
  await queueOrderMatch(env, db, userId, rows.map((r) => r.id));
}

/** The label's order columns as the matching and the routes read them. */
export interface LabelOrderState {
  orderId: string | null;
  linkedBy: "match" | "seller" | null;
  /** The orders asked about, best first; null: nothing to ask. */
  candidates: string[] | null;
  /** The orders the seller said this label is not for. */
  declined: string[];
  /** When its matching was queued, not run yet (ms); null: not waiting for it. */
  matchingAt: number | null;
}

export function orderStateOf(row: { orderId: string | null; orderLinkedBy: "match" | "seller" | null; orderCandidatesJson: string | null; orderDeclinedJson: string | null; orderMatchingAt?: number | null }): LabelOrderState {
  return {
    orderId: row.orderId,
    linkedBy: row.orderLinkedBy,
    candidates: row.orderCandidatesJson === null ? null : parseJson<string[]>(row.orderCandidatesJson, []),
    declined: parseJson<string[]>(row.orderDeclinedJson, []),
    matchingAt: row.orderMatchingAt ?? null,
  };
}

/** The labels `ids` of `userId` (or of anyone: the queue's job) with what they say to the matching. */
export async function labelsToMatch(db: Db, ids: string[], userId?: number) {
  if (!ids.length) return [];
  return db
    .select({
      id: labels.id,
      userId: labels.userId,
      detailsJson: labels.detailsJson,
      createdAt: labels.createdAt,
      orderId: labels.orderId,
      orderLinkedBy: labels.orderLinkedBy,
      orderCandidatesJson: labels.orderCandidatesJson,
      orderDeclinedJson: labels.orderDeclinedJson,
      orderMatchingAt: labels.orderMatchingAt,
    })
    .from(labels)
    .where(userId === undefined ? inValueList(labels.id, ids) : and(eq(labels.userId, userId), inValueList(labels.id, ids)));
}

/**
 * What the matching found for a label not linked yet: a link, a question (candidates best first), or nothing to ask
 * (null). Written only while the label is still unlinked, so a link the seller made meanwhile stands. Answers whether
 * it was written.
 */
export async function saveMatch(db: Db, labelId: string, found: { orderId: string } | { candidates: string[] | null }): Promise<boolean> {
  const set =
    "orderId" in found
      ? { orderId: found.orderId, orderLinkedBy: "match" as const, orderCandidatesJson: null, orderMatchingAt: null }
      : { orderCandidatesJson: found.candidates?.length ? JSON.stringify(found.candidates) : null, orderMatchingAt: null };
  const written = await db
    .update(labels)
    .set(set)
    .where(and(eq(labels.id, labelId), isNull(labels.orderId)))
    .returning({ id: labels.id });
  return written.length > 0;
}

/**
 * The seller's own answer: the label is for `orderId` (linked by hand, the question closed), or for none of the
 * orders it was linked to or asked about (`orderId` null: 'Unlink', 'None of these'), which are remembered as
 * declined so the matching never offers them again. A label linked by hand to another order declines the old one.
 */
export async function saveSellerAnswer(db: Db, userId: number, labelId: string, state: LabelOrderState, orderId: string | null): Promise<void> {
  const declined = new Set(state.declined);
  if (state.orderId && state.orderId !== orderId) declined.add(state.orderId);
  if (orderId === null) for (const id of state.candidates ?? []) declined.add(id);
  declined.delete(orderId ?? "");
  await db
    .update(labels)
    .set({ orderId, orderLinkedBy: orderId ? "seller" : null, orderCandidatesJson: null, orderDeclinedJson: declined.size ? JSON.stringify([...declined]) : null, orderMatchingAt: null })
    .where(and(eq(labels.id, labelId), eq(labels.userId, userId)));
}
