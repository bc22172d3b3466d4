import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { marketplaceConnections, marketplaceOrders } from "../../worker/db/schema";
import { MARKETPLACE_TEST_ENV, marketplaceStandin, orderSeed } from "../fixtures/marketplaces";
import { callWithEnv, createUser, db } from "./helpers";

/**
 * Shopify's webhooks reach the worker as Shopify sends them (the stand-in signs each with the app's secret): a bad
 * signature is 401 and changes nothing; the privacy topics remove what they name; uninstalling breaks the connection.
 */
const queued: unknown[] = [];
const overrides = { ...MARKETPLACE_TEST_ENV, JOBS: { send: async (body: unknown) => void queued.push(body) } } as unknown as Partial<Env>;

function marketplaces() {
  const m = marketplaceStandin({
    deliver: async (req) => callWithEnv(overrides, new URL(req.url).pathname, { method: "POST", body: await req.text(), headers: Object.fromEntries(req.headers) }),
  });
  vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => m.standin.fetch(new Request(input, init)));
  return m;
}

afterEach(() => {
  vi.restoreAllMocks();
});

async function connectShopify(m: ReturnType<typeof marketplaces>, token: string): Promise<string> {
  const start = await callWithEnv(overrides, "/api/v1/marketplaces/shopify/connect", { method: "POST", token, json: { shop: "hollow-oak" } });
  const page = new URL(((await start.json()) as { authorizeUrl: string }).authorizeUrl);
  const agreed = await m.standin.fetch(new Request(page, { method: "POST", body: new URLSearchParams({ ...Object.fromEntries(page.searchParams), action: "agree" }) }));
  const params = Object.fromEntries(new URL(agreed.headers.get("Location")!).searchParams);
  const res = await callWithEnv(overrides, "/api/v1/marketplaces/shopify/connected", { method: "POST", token, json: { params } });
  return ((await res.json()) as { connection: { id: string } }).connection.id;
}

const orders = (id: string) => db().select().from(marketplaceOrders).where(eq(marketplaceOrders.connectionId, id));
const connection = async (id: string) => (await db().select().from(marketplaceConnections).where(eq(marketplaceConnections.id, id)))[0];

describe("Shopify's webhooks", () => {
  it("redacts the orders a customer redaction names, refuses a forged one, and syncs on orders/create", async () => {
    const m = marketplaces();
    const placed = [await m.standin.shopify.seedOrder(orderSeed()), await m.standin.shopify.seedOrder(orderSeed())];
    const u = await createUser();
    const id = await connectShopify(m, u.token);
    expect(await orders(id)).toHaveLength(2);

    const forged = await m.standin.shopify.sendWebhook("hollow-oak", "customers/redact", { shop_id: 1, shop_domain: "hollow-oak.myshopify.com", customer: { id: placed[0].customerId }, orders_to_redact: [placed[0].id, placed[1].id] }, { badHmac: true });
    expect(forged.status).toBe(401);
    expect(await orders(id)).toHaveLength(2);

    const redacted = await m.standin.shopify.sendWebhook("hollow-oak", "customers/redact", { shop_id: 1, shop_domain: "hollow-oak.myshopify.com", customer: { id: placed[0].customerId }, orders_to_redact: [placed[0].id] });
    expect(redacted.status).toBe(200);
    expect((await orders(id)).map((o) => o.externalId)).toEqual([`gid://shopify/Order/${placed[1].id}`]);

    queued.length = 0;
    await m.standin.shopify.seedOrder(orderSeed());
    expect(m.standin.shopify.webhooks.at(-1)).toMatchObject({ topic: "orders/create", status: 200 });
    expect(queued).toEqual([{ type: "marketplace.sync", connectionId: id }]);
  });

  it("breaks the connection when the app is uninstalled, and removes the store's orders and tokens on shop/redact", async () => {
    const m = marketplaces();
    await m.standin.shopify.seedOrder(orderSeed());
    const u = await createUser();
    const id = await connectShopify(m, u.token);
    await m.standin.shopify.uninstall("hollow-oak");
    expect(await connection(id)).toMatchObject({ status: "broken", problem: "The Parcelhive app was uninstalled from this store: reconnect it" });
    const redact = await m.standin.shopify.sendWebhook("hollow-oak", "shop/redact", { shop_id: 1, shop_domain: "hollow-oak.myshopify.com" });
    expect(redact.status).toBe(200);
    expect(await connection(id)).toBeUndefined();
    expect(await orders(id)).toEqual([]);
    const request = await m.standin.shopify.sendWebhook("hollow-oak", "customers/data_request", { shop_id: 1, shop_domain: "hollow-oak.myshopify.com", orders_requested: [], customer: { id: 1 }, data_request: { id: 9 } });
    expect(request.status).toBe(200);
  });
});
