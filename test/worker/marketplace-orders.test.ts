import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { marketplaceConnections, marketplaceOrders } from "../../worker/db/schema";
import { syncConnection } from "../../worker/marketplaces/orders-sync";
import { MARKETPLACE_TEST_ENV, marketplaceStandin, orderSeed, TEST_APP_URL } from "../fixtures/marketplaces";
import { createUser, db } from "./helpers";
import { connectShop } from "./marketplace-connect";

/**
 * Orders in: a shop's orders awaiting dispatch come in when it is connected, and each later sync brings what changed
 * (a new order, one dispatched by hand, one cancelled), page by page within the marketplace's limits.
 */
type Standin = ReturnType<typeof marketplaceStandin>;

function marketplaces(options: Parameters<typeof marketplaceStandin>[0] = {}) {
  const m = marketplaceStandin(options);
  vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => m.standin.fetch(new Request(input, init)));
  return m;
}

afterEach(() => {
  vi.restoreAllMocks();
});

/** The worker's environment for a sync, with the queue replaced by a list of what it would send. */
function syncEnv() {
  const queued: unknown[] = [];
  const env = { ...MARKETPLACE_TEST_ENV, APP_URL: TEST_APP_URL, JOBS: { send: async (body: unknown, opts?: unknown) => void queued.push({ body, opts }), sendBatch: async () => {} } } as unknown as Env;
  return { env, queued };
}

/**
 * Connects the seller's shop through the consent page; its first sync runs before the call's work ends, and what it
 * leaves for the queue is listed in `queued`.
 */
const connect = (m: Standin, token: string, marketplace: "ebay" | "etsy" | "shopify", queued: unknown[] = []) =>
  connectShop(m, token, marketplace, { send: async (body: unknown, opts?: unknown) => void queued.push({ body, opts }) });

const ordersOf = (connectionId: string) => db().select().from(marketplaceOrders).where(eq(marketplaceOrders.connectionId, connectionId));

describe("orders in", () => {
  it("brings an eBay seller's 450 orders awaiting dispatch on connect, then what changed", async () => {
    const m = marketplaces();
    // The orders were placed and last changed an hour ago.
    m.standin.clock.freeze(Date.now() - 3_600_000);
    for (let i = 0; i < 450; i++) m.standin.ebay.seedOrder(orderSeed({ recipient: { name: `Mrs Amélie Dupont ${i}`, line1: "2 Rue Row", city: "Leeds", postcode: "ls1 4dt" } }));
    const u = await createUser();
    const id = await connect(m, u.token, "ebay");
    const rows = await ordersOf(id);
    expect(rows).toHaveLength(450);
    expect(rows.every((r) => r.status === "awaiting" && r.recipientPostcode === "LS1 4DT" && r.dispatchBy !== null)).toBe(true);
    expect(JSON.parse(rows[0].itemsJson)).toEqual([{ id: expect.any(String), title: "Stoneware mug", quantity: 1 }]);

    // The next sync asks only for what changed: one dispatched in Seller Hub, one new.
    m.standin.clock.freeze();
    const [first] = [...m.standin.ebay.orders.values()];
    m.standin.ebay.shipByHand(first.order.orderId, "JD014600006101234567");
    m.standin.ebay.seedOrder(orderSeed());
    const calls = m.standin.ebay.fulfilments.length;
    const { env } = syncEnv();
    const [conn] = await db().select().from(marketplaceConnections).where(eq(marketplaceConnections.id, id));
    expect(conn.syncedThrough).not.toBeNull();
    expect(await syncConnection(env, db(), id)).toMatchObject({ pages: 1, orders: 2, done: true });
    const after = await ordersOf(id);
    expect(after).toHaveLength(451);
    expect(after.find((r) => r.externalId === first.order.orderId)?.status).toBe("dispatched");
    expect(m.standin.ebay.fulfilments.length).toBe(calls);
  });

  it("brings an Etsy shop's paid receipts not yet shipped, and sees one shipped on etsy.com", async () => {
    const m = marketplaces();
    for (let i = 0; i < 130; i++) m.standin.etsy.seedOrder(orderSeed({ items: [{ title: "Mug" }, { title: "Saucer", quantity: 2 }] }));
    const u = await createUser();
    const id = await connect(m, u.token, "etsy");
    const rows = await ordersOf(id);
    expect(rows).toHaveLength(130);
    expect(JSON.parse(rows[0].itemsJson).map((i: { quantity: number }) => i.quantity)).toEqual([1, 2]);
    const receipt = [...m.standin.etsy.receipts.values()][5].receipt;
    m.standin.clock.advance(60);
    m.standin.etsy.shipByHand(receipt.receipt_id, "JD014600006101234567");
    const { env } = syncEnv();
    await syncConnection(env, db(), id);
    const [shipped] = await db().select().from(marketplaceOrders).where(and(eq(marketplaceOrders.connectionId, id), eq(marketplaceOrders.externalId, String(receipt.receipt_id))));
    expect(shipped.status).toBe("dispatched");
  });

  it("keeps a Shopify store's fulfilment order lines, and waits when the store's query budget runs out, going on from the same page", async () => {
    const m = marketplaces({ shopify: { maximumAvailable: 1100, restoreRate: 50 } });
    for (let i = 0; i < 25; i++) await m.standin.shopify.seedOrder(orderSeed({ items: [{ title: "Mug" }, { title: "Plate", quantity: 3 }] }));
    const u = await createUser();
    const firstQueued: { body: { position: { cursor: string } }; opts: unknown }[] = [];
    const id = await connect(m, u.token, "shopify", firstQueued);
    // Two pages of 10 cost 1,024 of the 1,100: the third waits in the queue for the bucket to refill, from its page.
    expect(await ordersOf(id)).toHaveLength(20);
    expect(firstQueued).toHaveLength(1);
    expect(firstQueued[0].body.position.cursor).toEqual(expect.any(String));
    const [one] = await ordersOf(id);
    const items = JSON.parse(one.itemsJson) as { id: string; quantity: number; group: string }[];
    expect(items.map((i) => i.quantity)).toEqual([1, 3]);
    expect(items.every((i) => i.group.startsWith("gid://shopify/FulfillmentOrder/") && i.id.startsWith("gid://shopify/FulfillmentOrderLineItem/"))).toBe(true);

    const { env, queued } = syncEnv();
    const [conn] = await db().select().from(marketplaceConnections).where(eq(marketplaceConnections.id, id));
    expect(conn.syncedThrough).toBeNull();
    // Two pages of 10 left 76 of the bucket: the part waited for it to hold a third (512) before asking.
    expect(firstQueued[0].opts).toEqual({ delaySeconds: 9 });
    // Asked anyway, still throttled: the part is queued again from the page it stopped at, for as long as the bucket
    // needs to refill (436 points at 50 a second).
    const position = { startedAt: Date.now(), since: null, cursor: null as string | null };
    const waited = await syncConnection(env, db(), id, position);
    expect(waited).toMatchObject({ pages: 0, done: false });
    expect(queued).toEqual([{ body: { type: "marketplace.sync", connectionId: id, position }, opts: { delaySeconds: 9 } }]);
    m.standin.clock.advance(30);
    expect(await syncConnection(env, db(), id, firstQueued[0].body.position as never)).toMatchObject({ pages: 1, done: true });
    expect(await ordersOf(id)).toHaveLength(25);
  });
});
