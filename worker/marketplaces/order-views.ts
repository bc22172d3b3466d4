import { and, asc, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { inValueList } from "../db/d1-limits";
import { labels, marketplaceConnections, marketplaceOrders } from "../db/schema";
import { dispatchesOf } from "./dispatch-views";
import type { OrderIn } from "./orders";
import type { OrderView, OrdersAnswer } from "./model";

/**
 * Orders as the seller sees them: the Orders view (what awaits dispatch, for how long, and the labels linked to each)
 * and the orders a label asks about. A seller's own orders only: every read is bound to the user's id.
 */

const HOUR = 3_600_000;
/** The labels asking which order they are for that the Orders view lists (newest first). */
const ASKING_SHOWN = 20;
/** Orders without a dispatch-by date sort after every dated one. */
const UNDATED = 8_640_000_000_000_000;

const orderColumns = {
  id: marketplaceOrders.id,
  marketplace: marketplaceOrders.marketplace,
  shopName: marketplaceConnections.shopName,
  reference: marketplaceOrders.reference,
  recipientName: marketplaceOrders.recipientName,
  postcode: marketplaceOrders.recipientPostcode,
  buyerRef: marketplaceOrders.buyerRef,
  itemsJson: marketplaceOrders.itemsJson,
  orderedAt: marketplaceOrders.orderedAt,
  dispatchBy: marketplaceOrders.dispatchBy,
  status: marketplaceOrders.status,
};

interface OrderRow {
  id: string;
  marketplace: OrderView["marketplace"];
  shopName: string | null;
  reference: string;
  recipientName: string;
  postcode: string;
  buyerRef: string | null;
  itemsJson: string;
  orderedAt: number;
  dispatchBy: number | null;
  status: OrderView["status"];
}

function itemsOf(json: string): OrderView["items"] {
  try {
    return (JSON.parse(json) as OrderIn["items"]).map((i) => ({ id: i.id, title: i.title, quantity: i.quantity }));
  } catch {
    return [];
  }
}

function orderView(r: OrderRow, now: number): OrderView {
  return {
    id: r.id,
    marketplace: r.marketplace,
    shopName: r.shopName,
    reference: r.reference,
    recipientName: r.recipientName,
    postcode: r.postcode,
    buyer: r.buyerRef,
    items: itemsOf(r.itemsJson),
    orderedAt: new Date(r.orderedAt).toISOString(),
    dispatchBy: r.dispatchBy === null ? null : new Date(r.dispatchBy).toISOString(),
    status: r.status,
    hoursAwaiting: r.status === "awaiting" ? Math.max(0, Math.floor((now - r.orderedAt) / HOUR)) : null,
  };
}

const selectOrders = (db: Db) =>
  db.select(orderColumns).from(marketplaceOrders).leftJoin(marketplaceConnections, eq(marketplaceConnections.id, marketplaceOrders.connectionId));

/** The user's orders `ids`, in that order (an id that is not theirs, or gone, is left out). */
export async function ordersByIds(db: Db, userId: number, ids: string[], now: number): Promise<OrderView[]> {
  if (!ids.length) return [];
  const rows = await selectOrders(db).where(and(eq(marketplaceOrders.userId, userId), inValueList(marketplaceOrders.id, ids)));
  const byId = new Map(rows.map((r) => [r.id, orderView(r, now)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

const dueKey = sql<number>`coalesce(${marketplaceOrders.dispatchBy}, ${UNDATED})`;

/** Where a page of orders ends: its last order's dispatch-by time (or UNDATED) and id. */
const encodeCursor = (due: number, id: string) => btoa(`${due}:${id}`);
function decodeCursor(cursor: string): { due: number; id: string } | null {
  try {
    const [due, id] = atob(cursor).split(":");
    return Number.isSafeInteger(Number(due)) && id ? { due: Number(due), id } : null;
  } catch {
    return null;
  }
}

/**
 * A page of the user's orders in one state, soonest due first (undated last), each with its linked labels, and the
 * user's newest labels asking which order they are for. `cursor` is a page's `next`; an unreadable one starts over.
 */
export async function listOrders(db: Db, userId: number, q: { status: OrderView["status"]; cursor?: string; limit: number }, now: number): Promise<OrdersAnswer> {
  const after = q.cursor ? decodeCursor(q.cursor) : null;
  const rows = await selectOrders(db)
    .where(
      and(
        eq(marketplaceOrders.userId, userId),
        eq(marketplaceOrders.status, q.status),
        after ? sql`(${dueKey}, ${marketplaceOrders.id}) > (${after.due}, ${after.id})` : undefined,
      ),
    )
    .orderBy(asc(dueKey), asc(marketplaceOrders.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const linked = page.length
    ? await db
        .select({ id: labels.id, orderId: labels.orderId, trackingCode: labels.trackingCode, courier: labels.courier, linkedBy: labels.orderLinkedBy })
        .from(labels)
        .where(and(eq(labels.userId, userId), inValueList(labels.orderId, page.map((r) => r.id))))
        .orderBy(asc(labels.createdAt))
    : [];
  const asking = await db
    .select({ id: labels.id, trackingCode: labels.trackingCode })
    .from(labels)
    .where(and(eq(labels.userId, userId), isNotNull(labels.orderCandidatesJson)))
    .orderBy(desc(labels.createdAt))
    .limit(ASKING_SHOWN);
  const dispatches = await dispatchesOf(db, userId, linked.map((l) => ({ labelId: l.id, orderId: l.orderId! })));
  const last = page.at(-1);
  return {
    orders: page.map((r) => ({
      ...orderView(r, now),
      labels: linked
        .filter((l) => l.orderId === r.id)
        .map((l) => ({ id: l.id, trackingCode: l.trackingCode, courier: l.courier, linkedBy: l.linkedBy ?? "match", dispatch: dispatches.get(l.id) ?? null })),
    })),
    next: rows.length > q.limit && last ? encodeCursor(last.dispatchBy ?? UNDATED, last.id) : null,
    asking,
  };
}
