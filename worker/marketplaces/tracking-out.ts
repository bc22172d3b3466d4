import { and, asc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { inValueList } from "../db/d1-limits";
import { labels, marketplaceConnections, marketplaceDispatches, marketplaceOrders } from "../db/schema";
import { newId } from "../lib/crypto";
import { enqueueMany, RetryJobLater } from "../lib/jobs";
import { log } from "../lib/log";
import { parseJson } from "../labels/serialise";
import { pauseCarrier, takeCarrierCalls } from "../tracking/carrier-budget";
import type { LabelDetails } from "../../shared/label";
import { accessTokenFor, NotConnected } from "./connections";
import { type DispatchClient, dispatchClient } from "./dispatch-client";
import { type Line, type OrderNow, type Parcel, showsCode, shareOf, TokenRejected } from "./fulfilment";
import { MarketplaceRefusal } from "./grants";
import type { OrderLink } from "./links";
import { MARKETPLACE_NAMES } from "./model";
import { budgetKey, type SyncEnv, PAGES_PER_MINUTE } from "./orders-sync";

/**
 * Tracking out (issue 34): a label linked to a marketplace order marks the order dispatched with the label's tracking
 * code and carrier, once. `queueDispatches` writes a `pending` row per (order, label) when the link is made, before any
 * call, and queues a `marketplace.dispatch` job for it; the job (`runDispatch`):
 * - takes a lease on the row (a conditional UPDATE), so of two consumers, or a duplicated message, one sends and the
 *   other acks; a row no longer pending is done, whatever the queue delivers again;
 * - reads the order on the marketplace first: a tracking code of ours already there means an earlier attempt landed
 *   (its answer lost): recorded as sent, not sent again. An order dispatched by hand or by another tool is recorded as
 *   `dispatched_elsewhere` and left alone; a cancelled one is skipped;
 * - sends the parcel: a refusal (an unknown carrier, a bad code) fails with the marketplace's reason, not retried;
 *   a 429 (its Retry-After honoured, and the marketplace paused for the sync too), a 5xx or a network failure is
 *   retried with back-off, at most MAX_TRIES times, then fails; a rejected token is refreshed once through the
 *   connection's lease (connections.ts) and the call tried again. A shop that no longer accepts our access keeps its
 *   dispatches pending, with the reason, until it is reconnected (`resumeDispatches`).
 * Split parcels: eBay and Shopify take one package per set of items, so an order's items are shared among its parcels
 * in the order they were linked (`shareOf`); a parcel left with no item is skipped, its code kept here. Etsy ships a
 * receipt whole and takes any number of shipments: every parcel adds its own, and the buyer gets each code.
 */
const LEASE_MS = 60_000;
const MAX_TRIES = 6;
/** Longer than every back-off of a dispatch's tries together (about 25 minutes). */
const STALLED_MS = 6 * 3_600_000;
/** A dispatch never tried this long after its link: its message was never sent (the queue refused it). */
const NEVER_TRIED_MS = 15 * 60_000;

export type DispatchEnv = SyncEnv;
type Dispatch = typeof marketplaceDispatches.$inferSelect;
type Order = typeof marketplaceOrders.$inferSelect;

/**
 * Tracking out for labels just linked to orders: a pending row for each (order, label) not sent yet, and its job. A
 * link made again after a failure tries again; one already pending or done queues nothing.
 */
export async function queueDispatches(env: Pick<Env, "JOBS">, db: Db, links: OrderLink[], now = Date.now()): Promise<void> {
  if (!links.length) return;
  const owners = await db
    .select({ id: marketplaceOrders.id, userId: marketplaceOrders.userId })
    .from(marketplaceOrders)
    .where(inValueList(marketplaceOrders.id, [...new Set(links.map((l) => l.orderId))]));
  const userOf = new Map(owners.map((o) => [o.id, o.userId]));
  const rows = links.flatMap((l) => (userOf.has(l.orderId) ? [{ id: newId("mpd"), userId: userOf.get(l.orderId)!, orderId: l.orderId, labelId: l.labelId, createdAt: now, updatedAt: now }] : []));
  if (!rows.length) return;
  const queued = await db
    .insert(marketplaceDispatches)
    .values(rows)
    .onConflictDoUpdate({
      target: [marketplaceDispatches.orderId, marketplaceDispatches.labelId],
      set: { state: "pending", reason: null, attempts: 0, leaseUntil: null, updatedAt: now },
      setWhere: eq(marketplaceDispatches.state, "failed"),
    })
    .returning({ id: marketplaceDispatches.id });
  try {
    await enqueueMany(env, db, queued.map((q) => ({ type: "marketplace.dispatch" as const, dispatchId: q.id })));
  } catch (err) {
    // The link stands and its dispatch is written: the cron queues it again (enqueueStalledDispatches).
    log("warn", "tracking out not queued", { dispatches: queued.map((q) => q.id), error: String(err) });
  }
}

/**
 * The seller's 'Try again' on a failed dispatch (a refusal they have since put right, a marketplace that was down for
 * all of its tries): the row goes back to pending, its tries counted afresh, and its job is queued. The conditional
 * UPDATE is what keeps it once: of two tries at once one finds the row failed; a dispatch pending or done is never
 * queued again from here. Answers whether it was.
 */
export async function retryDispatch(env: Pick<Env, "JOBS">, db: Db, userId: number, link: OrderLink, now = Date.now()): Promise<boolean> {
  const [d] = await db
    .update(marketplaceDispatches)
    .set({ state: "pending", reason: null, attempts: 0, leaseUntil: null, updatedAt: now })
    .where(and(eq(marketplaceDispatches.userId, userId), eq(marketplaceDispatches.orderId, link.orderId), eq(marketplaceDispatches.labelId, link.labelId), eq(marketplaceDispatches.state, "failed")))
    .returning({ id: marketplaceDispatches.id });
  if (!d) return false;
  try {
    await enqueueMany(env, db, [{ type: "marketplace.dispatch" as const, dispatchId: d.id }]);
  } catch (err) {
    // Pending and never tried: the cron queues it again (enqueueStalledDispatches).
    log("warn", "tracking out not queued", { dispatches: [d.id], error: String(err) });
  }
  return true;
}

/** Reconnecting a shop sends what waited for it: its orders' dispatches still pending are queued again. */
export async function resumeDispatches(env: Pick<Env, "JOBS">, db: Db, connectionId: string): Promise<void> {
  const waiting = await db
    .select({ id: marketplaceDispatches.id })
    .from(marketplaceDispatches)
    .innerJoin(marketplaceOrders, eq(marketplaceOrders.id, marketplaceDispatches.orderId))
    .where(and(eq(marketplaceOrders.connectionId, connectionId), eq(marketplaceDispatches.state, "pending")));
  await enqueueMany(env, db, waiting.map((w) => ({ type: "marketplace.dispatch" as const, dispatchId: w.id })));
}

/**
 * The cron's part: a pending dispatch whose message was lost is queued again: one never tried 15 minutes after its
 * link (the queue refused the message), or not tried for 6 hours (the queue gave up on it). One waiting for its shop
 * to be reconnected (it has a reason) waits on.
 */
export async function enqueueStalledDispatches(env: Pick<Env, "JOBS">, db: Db, now: number): Promise<number> {
  const stalled = await db
    .select({ id: marketplaceDispatches.id })
    .from(marketplaceDispatches)
    .where(
      and(
        eq(marketplaceDispatches.state, "pending"),
        isNull(marketplaceDispatches.reason),
        or(lt(marketplaceDispatches.updatedAt, now - STALLED_MS), and(eq(marketplaceDispatches.attempts, 0), lt(marketplaceDispatches.updatedAt, now - NEVER_TRIED_MS))),
        or(isNull(marketplaceDispatches.leaseUntil), lt(marketplaceDispatches.leaseUntil, now)),
      ),
    )
    .limit(500);
  await enqueueMany(env, db, stalled.map((w) => ({ type: "marketplace.dispatch" as const, dispatchId: w.id })));
  return stalled.length;
}

/** How a try ended: a final state with its reason, or a wait before the next try. */
type Finish = { state: "sent"; ref: string | null } | { state: "dispatched_elsewhere" | "skipped" | "failed"; reason: string } | { wait: number; why: string } | { parked: string };

const backoff = (attempts: number) => Math.min(600, 30 * 2 ** Math.max(0, attempts - 1));

/** The `marketplace.dispatch` job: one try at telling the marketplace of one parcel. */
export async function runDispatch(env: DispatchEnv, db: Db, dispatchId: string, now = Date.now()): Promise<void> {
  const [d] = await db
    .update(marketplaceDispatches)
    .set({ leaseUntil: now + LEASE_MS, attempts: sql`${marketplaceDispatches.attempts} + 1`, updatedAt: now })
    .where(and(eq(marketplaceDispatches.id, dispatchId), eq(marketplaceDispatches.state, "pending"), or(isNull(marketplaceDispatches.leaseUntil), lt(marketplaceDispatches.leaseUntil, now))))
    .returning();
  // Done already, or another consumer holds it (its own message is retried if it dies).
  if (!d) return;
  let finish: Finish;
  try {
    finish = await tryDispatch(env, db, d, now);
  } catch (err) {
    await db.update(marketplaceDispatches).set({ leaseUntil: null }).where(eq(marketplaceDispatches.id, d.id));
    throw err;
  }
  if ("parked" in finish) {
    // Kept pending, its tries counted afresh: reconnecting the shop queues it again (resumeDispatches).
    await db.update(marketplaceDispatches).set({ reason: finish.parked, attempts: 0, leaseUntil: null, updatedAt: now }).where(eq(marketplaceDispatches.id, d.id));
    return;
  }
  if ("wait" in finish && d.attempts >= MAX_TRIES) finish = { state: "failed", reason: `${finish.why}: tried ${d.attempts} times` };
  if ("wait" in finish) {
    await db.update(marketplaceDispatches).set({ leaseUntil: null }).where(eq(marketplaceDispatches.id, d.id));
    throw new RetryJobLater(finish.wait, `tracking out: ${finish.why}`);
  }
  const done = finish.state === "sent" ? { state: "sent" as const, reason: null, marketplaceRef: finish.ref, sentAt: now } : { state: finish.state, reason: finish.reason };
  await db
    .update(marketplaceDispatches)
    .set({ ...done, leaseUntil: null, updatedAt: now })
    .where(and(eq(marketplaceDispatches.id, d.id), eq(marketplaceDispatches.state, "pending")));
  log(finish.state === "failed" ? "warn" : "info", "tracking out", { dispatch: d.id, state: finish.state, reason: "reason" in finish ? finish.reason : null });
}

/** When the parcel left: the label's printed date, if it falls between the order and now; else now. */
function shippedAt(detailsJson: string, order: Order, now: number): number {
  const d = parseJson<Partial<LabelDetails>>(detailsJson, {});
  const printed = Date.parse(d.shippingLabelCreatedAt ?? d.date ?? "");
  return Number.isNaN(printed) || printed > now ? now : Math.max(printed, order.orderedAt);
}

async function tryDispatch(env: DispatchEnv, db: Db, d: Dispatch, now: number): Promise<Finish> {
  const [order] = await db.select().from(marketplaceOrders).where(and(eq(marketplaceOrders.id, d.orderId), eq(marketplaceOrders.userId, d.userId)));
  if (!order) return { state: "skipped", reason: "The order is no longer kept here" };
  const name = MARKETPLACE_NAMES[order.marketplace];
  if (order.status === "cancelled") return { state: "skipped", reason: `The order was cancelled on ${name}` };
  const [label] = await db.select({ trackingCode: labels.trackingCode, courier: labels.courier, detailsJson: labels.detailsJson, orderId: labels.orderId }).from(labels).where(and(eq(labels.id, d.labelId), eq(labels.userId, d.userId)));
  if (!label) return { state: "skipped", reason: "The label was deleted before its tracking was sent" };
  if (label.orderId !== d.orderId) return { state: "skipped", reason: "The label was unlinked from this order before its tracking was sent" };
  const [c] = await db.select().from(marketplaceConnections).where(eq(marketplaceConnections.id, order.connectionId));
  const parked = { parked: `Waiting for the ${name} shop to be reconnected (Settings, Marketplaces): it is sent then` };
  if (c?.status !== "connected") return parked;
  const key = budgetKey(c);
  // A read and a send, from the budget the order sync uses: the marketplace's limit is one.
  if (!(await takeCarrierCalls(db, key, 2, PAGES_PER_MINUTE[c.marketplace], now))) return { wait: 30, why: `${name}'s calls this minute are spent` };
  const parcel: Parcel = { trackingCode: label.trackingCode, courier: label.courier, shippedAt: shippedAt(label.detailsJson, order, now) };
  try {
    let token = await accessTokenFor(env, db, c, now);
    try {
      return await exchange(db, d, order, dispatchClient(env, c, order, token), parcel);
    } catch (err) {
      if (!(err instanceof TokenRejected)) throw err;
      // Refreshed once, through the connection's lease (seen as expired): another consumer may have done it already.
      token = await accessTokenFor(env, db, { ...c, accessExpiresAt: 0 }, now);
      return await exchange(db, d, order, dispatchClient(env, c, order, token), parcel);
    }
  } catch (err) {
    if (err instanceof NotConnected) return parked;
    if (err instanceof TokenRejected) return { state: "failed", reason: `${name} refused Parcelhive's access even with a fresh token: reconnect the shop, then link the label again` };
    if (!(err instanceof MarketplaceRefusal)) throw err;
    if (err.kind === "refused") return { state: "failed", reason: err.message };
    if (err.retryAfter) await pauseCarrier(db, key, now + err.retryAfter * 1000);
    return { wait: err.retryAfter ?? backoff(d.attempts), why: `${name} could not be reached (${err.message})` };
  }
}

/** Reads the order on the marketplace, decides what this parcel covers, and sends it. */
async function exchange(db: Db, d: Dispatch, order: Order, client: DispatchClient, parcel: Parcel): Promise<Finish> {
  const name = MARKETPLACE_NAMES[order.marketplace];
  const lines = parseJson<Line[]>(order.itemsJson, []);
  const now = await client.read(lines);
  // An earlier try of ours landed and its answer was lost.
  if (showsCode(now, parcel.trackingCode)) return { state: "sent", ref: null };
  if (now.cancelled) return { state: "skipped", reason: `The order was cancelled on ${name}` };
  const ours = await db
    .select({ id: marketplaceDispatches.id, state: marketplaceDispatches.state, linesJson: marketplaceDispatches.linesJson, trackingCode: marketplaceDispatches.trackingCode })
    .from(marketplaceDispatches)
    .where(and(eq(marketplaceDispatches.orderId, d.orderId), inArray(marketplaceDispatches.state, ["pending", "sent"])))
    .orderBy(asc(marketplaceDispatches.createdAt), asc(marketplaceDispatches.id));
  const sentByUs = ours.filter((o) => o.state === "sent" && o.trackingCode && showsCode(now, o.trackingCode));
  const elsewhere: Finish = { state: "dispatched_elsewhere", reason: `Already marked dispatched on ${name} (by hand or by another tool): left as it is` };
  if (!now.remaining.length && !sentByUs.length) await keptDispatched(db, order);
  let mine: Line[];
  if (order.marketplace === "etsy") {
    if (!now.remaining.length && !sentByUs.length) return elsewhere;
    mine = lines;
  } else {
    mine = linesFor(d, ours, now);
    if (!mine.length) return sentByUs.length ? { state: "skipped", reason: `Every item of this order went with an earlier parcel (${sentByUs.map((s) => s.trackingCode).join(", ")}): ${name} takes one tracking code per item` } : elsewhere;
  }
  // What this parcel covers is written before the call: parcels of the same order computing at once leave it to this one.
  await db.update(marketplaceDispatches).set({ linesJson: JSON.stringify(mine), trackingCode: parcel.trackingCode, carrier: client.carrier(parcel) }).where(eq(marketplaceDispatches.id, d.id));
  const out = await client.push(mine, parcel);
  if (out.kind === "sent") {
    // Etsy's receipt ships whole; eBay's and Shopify's lines are gone once this parcel's are.
    if (order.marketplace === "etsy" || now.remaining.every((r) => r.quantity <= mine.filter((m) => m.id === r.id).reduce((n, m) => n + m.quantity, 0))) await keptDispatched(db, order);
    return { state: "sent", ref: out.ref };
  }
  if (out.kind === "already") return elsewhere;
  return { state: "failed", reason: out.reason };
}

/**
 * The order as kept here is dispatched once the marketplace has nothing of it left to ship, so Orders moves it out of
 * 'Awaiting dispatch' now rather than at the next sync. Its `changed_at` stays the marketplace's: the sync that brings
 * the marketplace's own word (a later change) still overwrites it.
 */
async function keptDispatched(db: Db, order: Order): Promise<void> {
  await db
    .update(marketplaceOrders)
    .set({ status: "dispatched", updatedAt: Date.now() })
    .where(and(eq(marketplaceOrders.id, order.id), eq(marketplaceOrders.status, "awaiting")));
}

/** The lines this parcel covers: those it claimed on an earlier try (what is left of them), else its share. */
function linesFor(d: Dispatch, ours: { id: string; state: string; linesJson: string | null; trackingCode: string | null }[], now: OrderNow): Line[] {
  const claimed = d.linesJson ? parseJson<Line[]>(d.linesJson, []) : null;
  if (claimed) return claimed.flatMap((l) => Math.min(l.quantity, now.remaining.find((r) => r.id === l.id)?.quantity ?? 0) > 0 ? [{ ...l, quantity: Math.min(l.quantity, now.remaining.find((r) => r.id === l.id)!.quantity) }] : []);
  const pending = ours.filter((o) => o.state === "pending");
  // Lines other parcels claimed and have not sent yet (once sent, the marketplace's own count has them).
  const claimedByOthers = pending.filter((o) => o.id !== d.id && o.linesJson && !(o.trackingCode && showsCode(now, o.trackingCode))).flatMap((o) => parseJson<Line[]>(o.linesJson, []));
  const unclaimed = pending.filter((o) => !o.linesJson);
  // A parcel of one fulfilment order only (Shopify: a parcel leaves from one location); the first open one first.
  const group = now.remaining[0]?.group;
  const remaining = group === undefined ? now.remaining : now.remaining.filter((l) => l.group === group);
  return shareOf(remaining, claimedByOthers, Math.max(0, unclaimed.findIndex((o) => o.id === d.id)), unclaimed.length);
}
