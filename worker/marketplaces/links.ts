import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { inValueList } from "../db/d1-limits";
import { marketplaceOrders } from "../db/schema";
import { ApiError, notFound } from "../lib/errors";
import { labelsToMatch, orderStateOf, saveMatch, saveSellerAnswer } from "../labels/order-link";
import { parseJson } from "../labels/serialise";
import type { LabelDetails } from "../../shared/label";
import { matchLabel, type LabelToMatch } from "./matching";
import { dispatchesOf } from "./dispatch-views";
import type { LabelOrderAnswer } from "./model";
import { ordersByIds } from "./order-views";
import { ukPostcode } from "./orders";
import { queueDispatches, retryDispatch } from "./tracking-out";

/**
 * Labels meet orders (issue 34): a saved label is matched to the seller's orders awaiting dispatch (matching.ts
 * decides), by the `marketplace.match` job the save path queues (labels/order-link.ts). A sure single fit is linked;
 * several or weak fits are kept as the label's question ('Which order is this label for?'), which the seller answers
 * with an order or 'None of these'. A label links to at most one order, an order takes any number of labels (split
 * parcels). The seller's word is final: a label linked by hand is never matched again, and an order the seller turned down
 * for a label (unlinked, or 'None of these') is never offered for it again.
 */

export interface OrderLink {
  labelId: string;
  orderId: string;
}

/**
 * Called with every link made, by the matching or by hand: tracking out (issue 34 item 4, mk-out) marks the order
 * dispatched with the label's tracking code from here. The one place a link leads to the marketplace.
 */
async function whenLinked(env: Env, db: Db, links: OrderLink[]): Promise<void> {
  await queueDispatches(env, db, links);
}

/** What the label says to the matching: its recipient, postcode and when it was made (the printed date if read). */
function labelToMatch(row: { detailsJson: string | null; createdAt: number }): LabelToMatch {
  const d = parseJson<Partial<LabelDetails>>(row.detailsJson, {});
  const printed = Date.parse(d.shippingLabelCreatedAt ?? d.date ?? "");
  return { recipientName: d.address?.name ?? "", postcode: d.address?.postcode || null, at: Number.isNaN(printed) ? row.createdAt : printed };
}

/** The `marketplace.match` job: matches each of the labels not linked yet against its owner's orders awaiting dispatch. */
export async function matchLabels(env: Env, db: Db, labelIds: string[]): Promise<void> {
  const rows = (await labelsToMatch(db, labelIds)).filter((r) => r.orderId === null && r.orderLinkedBy === null);
  const links: OrderLink[] = [];
  for (const userId of new Set(rows.map((r) => r.userId))) {
    const mine = rows.filter((r) => r.userId === userId).map((r) => ({ row: r, label: labelToMatch(r) }));
    const postcodes = [...new Set(mine.flatMap((m) => (m.label.postcode ? [ukPostcode(m.label.postcode)] : [])))];
    const orders = postcodes.length
      ? await db
          .select({ id: marketplaceOrders.id, recipientName: marketplaceOrders.recipientName, postcode: marketplaceOrders.recipientPostcode, orderedAt: marketplaceOrders.orderedAt, dispatchBy: marketplaceOrders.dispatchBy })
          .from(marketplaceOrders)
          .where(and(eq(marketplaceOrders.userId, userId), eq(marketplaceOrders.status, "awaiting"), inValueList(marketplaceOrders.recipientPostcode, postcodes)))
      : [];
    for (const { row, label } of mine) {
      const declined = new Set(orderStateOf(row).declined);
      const outcome = matchLabel(
        label,
        orders.filter((o) => !declined.has(o.id)),
      );
      if (outcome.kind === "link") {
        if (await saveMatch(db, row.id, { orderId: outcome.orderId })) links.push({ labelId: row.id, orderId: outcome.orderId });
      } else {
        await saveMatch(db, row.id, { candidates: outcome.kind === "ask" ? outcome.orderIds : null });
      }
    }
  }
  if (links.length) await whenLinked(env, db, links);
}

/** How long a label's queued matching is waited for (its page polls meanwhile). */
const MATCHING_WAIT_MS = 60_000;

async function labelRowOf(db: Db, userId: number, labelId: string) {
  const [row] = await labelsToMatch(db, [labelId], userId);
  if (!row) throw notFound("Label not found");
  return row;
}

/** The label's order and its question (orders no longer kept are left out). */
export async function labelOrder(db: Db, userId: number, labelId: string, now: number): Promise<LabelOrderAnswer> {
  const state = orderStateOf(await labelRowOf(db, userId, labelId));
  const [order] = state.orderId ? await ordersByIds(db, userId, [state.orderId], now) : [];
  // Only orders still awaiting dispatch are worth asking about.
  const candidates = state.orderId ? [] : (await ordersByIds(db, userId, state.candidates ?? [], now)).filter((o) => o.status === "awaiting");
  const dispatch = order ? ((await dispatchesOf(db, userId, [{ labelId, orderId: order.id }])).get(labelId) ?? null) : null;
  // A matching queued long ago whose job was lost is not waited for: the queue runs one within seconds.
  const matching = !order && !candidates.length && state.matchingAt !== null && state.matchingAt > now - MATCHING_WAIT_MS;
  return { order: order ?? null, linkedBy: order ? state.linkedBy : null, dispatch, candidates, matching };
}

/**
 * The seller links the label to one of their orders (a cancelled one refused), or with `orderId` null unlinks it /
 * answers 'None of these'. Answers the label's order as it now is.
 */
export async function answerLabelOrder(env: Env, db: Db, userId: number, labelId: string, orderId: string | null, now: number): Promise<LabelOrderAnswer> {
  const row = await labelRowOf(db, userId, labelId);
  if (orderId !== null) {
    const [order] = await db
      .select({ status: marketplaceOrders.status })
      .from(marketplaceOrders)
      .where(and(eq(marketplaceOrders.id, orderId), eq(marketplaceOrders.userId, userId)));
    if (!order) throw notFound("Order not found");
    if (order.status === "cancelled") throw new ApiError(409, "This order was cancelled: a label cannot be linked to it");
  }
  const state = orderStateOf(row);
  await saveSellerAnswer(db, userId, row.id, state, orderId);
  if (orderId !== null && orderId !== state.orderId) await whenLinked(env, db, [{ labelId: row.id, orderId }]);
  return labelOrder(db, userId, row.id, now);
}

/**
 * 'Try again' for the label's tracking out that failed: sent again to the order it is linked to (tracking-out.ts
 * `retryDispatch`). Only a failed one: a 409 otherwise, so a pending or sent parcel is never pushed twice.
 */
export async function retryLabelDispatch(env: Env, db: Db, userId: number, labelId: string, now: number): Promise<LabelOrderAnswer> {
  const { orderId } = orderStateOf(await labelRowOf(db, userId, labelId));
  if (!orderId) throw new ApiError(409, "This label is not linked to an order");
  if (!(await retryDispatch(env, db, userId, { labelId, orderId }, now))) throw new ApiError(409, "Only tracking that failed to send can be sent again");
  return labelOrder(db, userId, labelId, now);
}
