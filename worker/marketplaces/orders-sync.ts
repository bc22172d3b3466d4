import { and, eq, isNull, lt, ne, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { marketplaceConnections, marketplaceOrders } from "../db/schema";
import { enqueue, RetryJobLater } from "../lib/jobs";
import { log } from "../lib/log";
import { queueLabelsSinceMatch } from "../labels/order-link";
import { takeCarrierCalls } from "../tracking/carrier-budget";
import { ebayConfig, etsyConfig, type MarketplaceEnv, shopifyConfig } from "./config";
import { accessTokenFor, NotConnected } from "./connections";
import { ebayOrdersPage } from "./ebay";
import { etsyOrdersPage } from "./etsy";
import { MarketplaceRefusal } from "./grants";
import type { Marketplace } from "./model";
import { keepOrders, type OrderPage } from "./orders";
import { shopifyOrdersPage } from "./shopify";

/**
 * Orders in (issue 34): each connected shop's orders awaiting dispatch, fetched when it is connected and then every
 * 15 minutes (the cron), page by page within each marketplace's limits, kept in marketplace_orders.
 * - The first sync asks for the orders awaiting dispatch; each later one for every order changed since the last
 *   (less 10 minutes: the marketplace's clock and late writes), so one dispatched by hand or cancelled is seen too.
 * - Pages are counted against a per-minute budget (the carrier call budget, worker/tracking/carrier-budget.ts):
 *   eBay's and Etsy's limits are the app's, shared by every seller, so theirs is one budget; Shopify's is per store.
 *   A sync past its budget, or told to wait (429, THROTTLED), goes on later from the page it stopped at; a Shopify
 *   store's bucket too low for the next page is waited for before asking, not asked and refused.
 * - A job runs at most PAGES_PER_JOB pages, then queues the next part, so a shop of 10,000 orders never holds the
 *   consumer long (bench/README 'Marketplace orders').
 * - Orders no longer awaiting dispatch are kept 30 days after they last changed, then go: the buyer's name and
 *   address are kept no longer than they are useful.
 */
const OVERLAP_MS = 10 * 60_000;
const SYNC_EVERY_MS = 15 * 60_000;
const PAGES_PER_JOB = 20;
const KEEP_DONE_MS = 30 * 86_400_000;
const DAY_MS = 86_400_000;
/** How far back a new shop's first sync looks for labels saved before their orders came in. */
const LOOK_BACK_FIRST_MS = 14 * DAY_MS;
/** Pages a minute: eBay's and Etsy's for the whole app (Etsy allows 10 calls a second and 10,000 a day), Shopify's per store. */
export const PAGES_PER_MINUTE: Record<Marketplace, number> = { ebay: 120, etsy: 120, shopify: 12 };

export type SyncEnv = MarketplaceEnv & Pick<Env, "JOBS">;

/** Where a sync is: when it began, what it asks from (null: the first sync), and its next page. */
export interface SyncPosition {
  startedAt: number;
  since: number | null;
  cursor: string | number | null;
}

type Connection = typeof marketplaceConnections.$inferSelect;

async function page(env: SyncEnv, c: Connection, token: string, pos: SyncPosition): Promise<OrderPage<string | number>> {
  if (c.marketplace === "ebay") {
    const cfg = ebayConfig(env);
    if (!cfg) throw new NotConnected("eBay is not configured");
    return ebayOrdersPage(cfg, token, pos.since, Number(pos.cursor ?? 0));
  }
  if (c.marketplace === "etsy") {
    const cfg = etsyConfig(env);
    if (!cfg) throw new NotConnected("Etsy is not configured");
    return etsyOrdersPage(cfg, token, c.shopId, pos.since, Number(pos.cursor ?? 0));
  }
  const cfg = shopifyConfig(env);
  if (!cfg) throw new NotConnected("Shopify is not configured");
  return shopifyOrdersPage(cfg, token, c.shopId, pos.since, pos.cursor === null ? null : String(pos.cursor));
}

export const budgetKey = (c: Connection) => (c.marketplace === "shopify" ? `shopify:${c.shopId}` : c.marketplace);

/**
 * One part of a connection's sync: up to PAGES_PER_JOB pages from `pos` (a new sync when absent). Queues the next part
 * when there is more, and when the marketplace's budget is spent or it asks us to wait (then a little later), from the
 * page it stopped at: pages already kept are not asked for again.
 */
export async function syncConnection(env: SyncEnv, db: Db, connectionId: string, pos?: SyncPosition, now = Date.now()): Promise<{ pages: number; orders: number; done: boolean }> {
  const [c] = await db.select().from(marketplaceConnections).where(eq(marketplaceConnections.id, connectionId));
  if (c?.status !== "connected") return { pages: 0, orders: 0, done: true };
  const at: SyncPosition = pos ?? { startedAt: now, since: c.syncedThrough, cursor: null };
  let token: string;
  try {
    token = await accessTokenFor(env, db, c, now);
  } catch (err) {
    if (err instanceof NotConnected) return { pages: 0, orders: 0, done: true };
    throw new RetryJobLater(60, `marketplace sync: ${(err as Error).message}`);
  }
  let pages = 0;
  let orders = 0;
  // The rest of this sync, `delay` seconds on: a part that ran out of pages, budget or the marketplace's patience.
  const later = async (delay?: number) => {
    await enqueue(env, db, { type: "marketplace.sync", connectionId: c.id, position: { ...at } }, delay);
    return { pages, orders, done: false };
  };
  for (;;) {
    if (pages >= PAGES_PER_JOB) return later();
    if (!(await takeCarrierCalls(db, budgetKey(c), 1, PAGES_PER_MINUTE[c.marketplace], Date.now()))) return later(30);
    let got: OrderPage<string | number>;
    try {
      got = await page(env, c, token, at);
    } catch (err) {
      if (err instanceof MarketplaceRefusal && err.kind === "unavailable") {
        log("info", "marketplace sync waits", { connection: c.id, message: err.message });
        // As long as the marketplace said (a 429's Retry-After, Shopify's bucket), else 20 s.
        return later(err.retryAfter ?? 20);
      }
      if (err instanceof MarketplaceRefusal) {
        log("warn", "marketplace sync refused", { connection: c.id, message: err.message });
        return { pages, orders, done: true };
      }
      throw err;
    }
    await keepOrders(db, c.userId, c.id, c.marketplace, got.orders, now);
    pages++;
    orders += got.orders.length;
    if (got.next === null) break;
    at.cursor = got.next;
    if (got.waitSeconds) return later(got.waitSeconds);
  }
  await db.batch([
    db.update(marketplaceConnections).set({ syncedThrough: at.startedAt - OVERLAP_MS, lastSyncAt: now }).where(eq(marketplaceConnections.id, c.id)),
    db.delete(marketplaceOrders).where(and(eq(marketplaceOrders.connectionId, c.id), ne(marketplaceOrders.status, "awaiting"), lt(marketplaceOrders.changedAt, now - KEEP_DONE_MS))),
  ]);
  // Labels saved before their order came in meet it now: a new shop's fortnight (the matching's dispatch window),
  // then what was saved since the last sync began, with a day's margin.
  if (orders || pos) await queueLabelsSinceMatch(env, db, c.userId, at.since === null ? now - LOOK_BACK_FIRST_MS : at.since - DAY_MS);
  return { pages, orders, done: true };
}

/** The cron's part: a sync for each connected shop not synced in the last 15 minutes, in this database. */
export async function enqueueDueSyncs(env: Pick<Env, "JOBS">, db: Db, now: number): Promise<number> {
  const due = await db
    .select({ id: marketplaceConnections.id })
    .from(marketplaceConnections)
    .where(and(eq(marketplaceConnections.status, "connected"), or(isNull(marketplaceConnections.lastSyncAt), lt(marketplaceConnections.lastSyncAt, now - SYNC_EVERY_MS + 60_000))));
  for (const d of due) await enqueue(env, db, { type: "marketplace.sync", connectionId: d.id });
  return due.length;
}

/**
 * The first sync of a shop just connected, run after the answer (waitUntil): its first pages come in at once; what
 * it cannot finish, or must wait for, goes on through the queue.
 */
export async function firstSync(env: SyncEnv, db: Db, connectionId: string): Promise<void> {
  try {
    await syncConnection(env, db, connectionId);
  } catch (err) {
    const delay = err instanceof RetryJobLater ? err.delaySeconds : 60;
    log("info", "marketplace first sync continues in the queue", { connection: connectionId, message: (err as Error).message });
    await enqueue(env, db, { type: "marketplace.sync", connectionId }, delay);
  }
}
