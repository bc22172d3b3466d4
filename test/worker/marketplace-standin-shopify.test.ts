import { describe, expect, it } from "vitest";
import { APP_PATHS, form, jsonBody, marketplaceStandin, orderSeed, STANDIN_APPS, TEST_APP_URL } from "../fixtures/marketplaces";

/**
 * The Shopify stand-in speaks the app install (signed callback, offline token), the Admin GraphQL API as real GraphQL
 * with Shopify's query cost and throttling, fulfillmentCreate, and the webhooks an app subscribes to, signed as
 * Shopify signs them (docs/marketplaces.md).
 */
const app = STANDIN_APPS.shopify;
const redirectUri = `${TEST_APP_URL}${APP_PATHS.shopifyCallback}`;
type Call = ReturnType<typeof marketplaceStandin>["call"];

const hexOf = (b: ArrayBuffer) => [...new Uint8Array(b)].map((x) => x.toString(16).padStart(2, "0")).join("");
async function hmac(secret: string, message: string) {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return crypto.subtle.sign("HMAC", key, new TextEncoder().encode(message));
}

async function install(call: Call, scope = "read_orders,write_merchant_managed_fulfillment_orders", shop = "hollow-oak") {
  const agreed = await call(`/shopify/${shop}/admin/oauth/authorize`, form({ client_id: app.clientId, scope, redirect_uri: redirectUri, state: "n-1", action: "agree" }));
  expect(agreed.status).toBe(303);
  const back = new URL(agreed.headers.get("Location")!);
  const params = new URLSearchParams(back.search);
  const signature = params.get("hmac");
  params.delete("hmac");
  params.sort();
  expect(signature).toBe(hexOf(await hmac(app.clientSecret, params.toString())));
  expect(params.get("shop")).toBe(`${shop}.myshopify.com`);
  const res = await call(`/shopify/${shop}/admin/oauth/access_token`, jsonBody({ client_id: app.clientId, client_secret: app.clientSecret, code: params.get("code") }));
  expect(res.status).toBe(200);
  return { code: params.get("code")!, token: ((await res.json()) as { access_token: string; scope: string }).access_token };
}

const gql = (call: Call, token: string, query: string, variables: Record<string, unknown> = {}, shop = "hollow-oak") =>
  call(`/shopify/${shop}/admin/api/2026-10/graphql.json`, jsonBody({ query, variables }, { "X-Shopify-Access-Token": token }));

const ORDERS = `query($cursor: String, $q: String) { orders(first: 10, after: $cursor, query: $q, sortKey: UPDATED_AT) {
  pageInfo { hasNextPage endCursor }
  nodes { id name displayFulfillmentStatus shippingAddress { name zip } fulfillmentOrders(first: 5) { nodes { id status lineItems(first: 10) { nodes { id remainingQuantity } } } } } } }`;
const CREATE = `mutation($f: FulfillmentInput!) { fulfillmentCreate(fulfillment: $f) { fulfillment { id status trackingInfo { company number url } } userErrors { field message } } }`;

describe("the Shopify stand-in", () => {
  it("installs with a signed callback and a code that works once, for redirect URLs the app allows", async () => {
    const { call } = marketplaceStandin();
    expect((await call(`/shopify/hollow-oak/admin/oauth/authorize?${new URLSearchParams({ client_id: app.clientId, scope: "read_orders", redirect_uri: redirectUri, state: "s" })}`)).status).toBe(200);
    expect((await call(`/shopify/hollow-oak/admin/oauth/authorize?${new URLSearchParams({ client_id: app.clientId, scope: "read_orders", redirect_uri: "https://evil.example/cb", state: "s" })}`)).status).toBe(400);
    const { code, token } = await install(call);
    expect(token).toMatch(/^shpua_/);
    const again = await call("/shopify/hollow-oak/admin/oauth/access_token", jsonBody({ client_id: app.clientId, client_secret: app.clientSecret, code }));
    expect(again.status).toBe(400);
    expect((await gql(call, "shpua_notatoken", "{ shop { name } }")).status).toBe(401);
    expect(await (await gql(call, token, "{ shop { myshopifyDomain } }")).json()).toMatchObject({ data: { shop: { myshopifyDomain: "hollow-oak.myshopify.com" } } });
    expect((await gql(call, token, "{ shop { name } }", {}, "another-shop")).status).toBe(401);
  });

  it("pages unshipped orders updated since a time by cursor, validates queries, and prices them", async () => {
    const { standin, call } = marketplaceStandin();
    const { token } = await install(call);
    for (let i = 0; i < 23; i++) await standin.shopify.seedOrder(orderSeed());
    const shipped = await standin.shopify.seedOrder(orderSeed());
    standin.shopify.shipByHand(shipped.id, "JD014600006101234567");
    const since = new Date(standin.clock.nowMs() - 60_000).toISOString();
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await gql(call, token, ORDERS, { cursor, q: `updated_at:>'${since}' fulfillment_status:unshipped` });
      const body = (await res.json()) as { data: { orders: { pageInfo: { hasNextPage: boolean; endCursor: string }; nodes: { id: string; displayFulfillmentStatus: string }[] } }; extensions: { cost: { requestedQueryCost: number; throttleStatus: { maximumAvailable: number } } } };
      // 2 + 10 orders × (pageInfo 1 + nodes 1 + shippingAddress 1 + fulfillmentOrders (2 + 5 × (nodes 1 + lineItems (2 + 10 × nodes 1)))).
      expect(body.extensions.cost.requestedQueryCost).toBe(702);
      ids.push(...body.data.orders.nodes.map((n) => n.id));
      cursor = body.data.orders.pageInfo.hasNextPage ? body.data.orders.pageInfo.endCursor : null;
      // Three pages of 702 overdraw the bucket of 2,000; 7 seconds at 100 a second refill what one page spends.
      standin.clock.advance(7);
    } while (cursor);
    expect(ids).toHaveLength(23);
    expect(new Set(ids).size).toBe(23);
    expect(ids).not.toContain(`gid://shopify/Order/${shipped.id}`);

    const invalid = (await (await gql(call, token, "{ orders(first: 5) { nodes { trackingNumber } } }")).json()) as { errors: { message: string }[] };
    expect(invalid.errors[0].message).toMatch(/Cannot query field "trackingNumber" on type "Order"/);
    const tooDear = (await (await gql(call, token, "{ orders(first: 250) { nodes { fulfillmentOrders(first: 50) { nodes { id } } } } }")).json()) as { errors: { extensions: { code: string } }[] };
    expect(tooDear.errors[0].extensions.code).toBe("MAX_COST_EXCEEDED");
  });

  it("throttles past the shop's cost bucket and refills it at the restore rate", async () => {
    const { standin, call } = marketplaceStandin({ shopify: { maximumAvailable: 200, restoreRate: 50 } });
    const { token } = await install(call);
    const statuses: string[] = [];
    for (let i = 0; i < 4; i++) {
      const body = (await (await gql(call, token, "{ orders(first: 60) { nodes { id name } } }")).json()) as { data?: unknown; errors?: { extensions: { code: string } }[] };
      statuses.push(body.errors?.[0].extensions.code ?? "OK");
    }
    expect(statuses).toEqual(["OK", "OK", "OK", "THROTTLED"]);
    standin.clock.advance(1);
    // 14 points left + 50 restored in a second: enough again for a query of 62.
    expect(((await (await gql(call, token, "{ orders(first: 60) { nodes { id } } }")).json()) as { data?: unknown }).data).toBeDefined();
  });

  it("fulfils a fulfilment order with tracking once, split parcels line by line, and refuses one already closed", async () => {
    const { standin, call } = marketplaceStandin();
    const { token } = await install(call);
    const order = await standin.shopify.seedOrder(orderSeed({ items: [{ title: "Mug" }, { title: "Plate", quantity: 2 }] }));
    const fo = order.fulfillmentOrders[0];
    const foId = `gid://shopify/FulfillmentOrder/${fo.id}`;
    const line = (i: number, quantity: number) => ({ id: `gid://shopify/FulfillmentOrderLineItem/${fo.lineItems[i].id}`, quantity });
    const create = async (f: unknown) => ((await (await gql(call, token, CREATE, { f })).json()) as { data: { fulfillmentCreate: { fulfillment: { trackingInfo: unknown[] } | null; userErrors: { message: string }[] } } }).data.fulfillmentCreate;

    const first = await create({ lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: foId, fulfillmentOrderLineItems: [line(0, 1)] }], notifyCustomer: true, trackingInfo: { company: "Evri", number: "H01HYA0047123456", url: "https://www.evri.com/track/parcel/H01HYA0047123456" } });
    expect(first.userErrors).toEqual([]);
    expect(first.fulfillment?.trackingInfo).toEqual([{ company: "Evri", number: "H01HYA0047123456", url: "https://www.evri.com/track/parcel/H01HYA0047123456" }]);
    expect(fo.status).toBe("IN_PROGRESS");
    expect((await create({ lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: foId, fulfillmentOrderLineItems: [line(0, 1)] }] })).userErrors[0].message).toBe("Invalid fulfillment order line item quantity requested.");
    expect((await create({ lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: foId }], trackingInfo: { company: "Royal Mail", number: "JD014600006101234567" } })).userErrors).toEqual([]);
    expect(fo.status).toBe("CLOSED");
    const closed = await create({ lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: foId }], trackingInfo: { company: "Royal Mail", number: "JD014600006101234568" } });
    expect(closed.fulfillment).toBeNull();
    expect(closed.userErrors[0].message).toBe(`Fulfillment order ${foId} has an unfulfillable status= closed.`);
    expect(standin.fulfilments().map((f) => [f.carrier, f.trackingNumber, f.lineItems.map((l) => l.quantity)])).toEqual([
      ["Evri", "H01HYA0047123456", [1]],
      ["Royal Mail", "JD014600006101234567", [2]],
    ]);

    const readOnly = (await install(call, "read_orders")).token;
    const denied = (await (await gql(call, readOnly, CREATE, { f: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: foId }] } })).json()) as { errors: { extensions: { code: string } }[] };
    expect(denied.errors[0].extensions.code).toBe("ACCESS_DENIED");
  });

  it("signs its webhooks with the app's secret: orders/create once installed, the privacy topics, app/uninstalled", async () => {
    const got: { topic: string; ok: boolean; body: unknown }[] = [];
    const { standin, call } = marketplaceStandin({
      deliver: async (req) => {
        const body = await req.text();
        const expected = btoa(String.fromCharCode(...new Uint8Array(await hmac(app.clientSecret, body))));
        got.push({ topic: req.headers.get("X-Shopify-Topic")!, ok: req.headers.get("X-Shopify-Hmac-Sha256") === expected, body: JSON.parse(body) });
        return new Response(null, { status: 200 });
      },
    });
    await standin.shopify.seedOrder(orderSeed());
    expect(got).toEqual([]);
    const { token } = await install(call);
    const order = await standin.shopify.seedOrder(orderSeed({ recipient: { name: "Siân Ó Briain", line1: "3 Quay St", city: "Cardiff", postcode: "CF10 1EP" } }));
    const control = (path: string, body: unknown) => call(path, { ...jsonBody(body), headers: { "Content-Type": "application/json", Accept: "application/json" } });
    expect((await control("/_standin/shopify/compliance", { topic: "customers/redact", shop: "hollow-oak", customerId: order.customerId, orderIds: [order.id] })).status).toBe(200);
    await standin.shopify.sendWebhook("hollow-oak", "shop/redact", { shop_id: 1, shop_domain: "hollow-oak.myshopify.com" }, { badHmac: true });
    expect((await control("/_standin/shopify/hollow-oak/uninstall", {})).status).toBe(200);
    expect(got.map((g) => [g.topic, g.ok])).toEqual([
      ["orders/create", true],
      ["customers/redact", true],
      ["shop/redact", false],
      ["app/uninstalled", true],
    ]);
    expect(got[0].body).toMatchObject({ admin_graphql_api_id: `gid://shopify/Order/${order.id}`, shipping_address: { name: "Siân Ó Briain", zip: "CF10 1EP" } });
    expect(got[1].body).toEqual({ shop_id: 1, shop_domain: "hollow-oak.myshopify.com", customer: { id: order.customerId, email: null, phone: null }, orders_to_redact: [order.id] });
    expect((await gql(call, token, "{ shop { name } }")).status).toBe(401);
  });
});
