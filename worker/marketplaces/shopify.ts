import { z } from "zod";
import { hmacSha256, timingSafeEqual, toHex } from "../lib/crypto";
import { carrierName, trackingUrl } from "./carriers";
import type { ShopifyConfig } from "./config";
import { CALL_TIMEOUT_MS, type Line, type OrderNow, type Parcel, type PushOutcome, TokenRejected } from "./fulfilment";
import { ask, type Grant, MarketplaceRefusal, oauthProblem } from "./grants";
import type { OrderIn, OrderPage } from "./orders";

/**
 * Shopify's side, as documented (docs/marketplaces.md 'Shopify'): the app install's consent URL on the store, the
 * callback's `hmac` (checked before anything else is believed), and the code exchanged for an offline token, which
 * does not expire: it stops working when the store uninstalls the app.
 */
export const SHOPIFY_SCOPES = "read_orders,write_merchant_managed_fulfillment_orders";

const tokenAnswer = z.object({ access_token: z.string().min(1), scope: z.string() });

/** The store's own address: `https://{shop}.myshopify.com`, or where configuration says it is (the stand-in). */
export const shopOrigin = (cfg: ShopifyConfig, shop: string) => cfg.shopBase.replace("{shop}", shop);

export function shopifyAuthorizeUrl(cfg: ShopifyConfig, shop: string, state: string): string {
  const q = new URLSearchParams({ client_id: cfg.clientId, scope: SHOPIFY_SCOPES, redirect_uri: cfg.redirectUri, state });
  return `${shopOrigin(cfg, shop)}/admin/oauth/authorize?${q}`;
}

/** True when the callback's parameters carry Shopify's signature: HMAC-SHA256 of the others, sorted, as `k=v&…`. */
export async function signedByShopify(cfg: ShopifyConfig, params: Record<string, string>): Promise<boolean> {
  const { hmac, ...rest } = params;
  if (!hmac) return false;
  const message = Object.keys(rest)
    .sort()
    .map((k) => `${k}=${rest[k]}`)
    .join("&");
  return timingSafeEqual(toHex(await hmacSha256(cfg.clientSecret, message)), hmac);
}

export async function shopifyExchange(cfg: ShopifyConfig, shop: string, code: string): Promise<Grant> {
  const res = await ask(`${shopOrigin(cfg, shop)}/admin/oauth/access_token`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ client_id: cfg.clientId, client_secret: cfg.clientSecret, code }) });
  if (!res.ok) throw new MarketplaceRefusal("refused", `Shopify refused the install (${await oauthProblem(res)})`);
  const parsed = tokenAnswer.safeParse(await res.json().catch(() => null));
  if (!parsed.success) throw new MarketplaceRefusal("unavailable", "Shopify's token answer was not understood");
  const granted = parsed.data.scope.split(",").map((s) => s.trim());
  if (!SHOPIFY_SCOPES.split(",").every((s) => granted.includes(s))) throw new MarketplaceRefusal("refused", "The store did not grant the access the app needs");
  return { shopId: shop, shopName: `${shop}.myshopify.com`, accessToken: parsed.data.access_token, accessExpiresAt: null, refreshToken: null, refreshExpiresAt: null, scope: parsed.data.scope };
}

export const SHOPIFY_API_VERSION = "2026-10";

/**
 * Orders with their fulfilment orders, 10 a page: a requested cost of about 512 of the shop's bucket (2,000, refilled
 * at 100 a second on the Standard plan), under the 1,000 a query may cost.
 */
const ORDERS_QUERY = `query($cursor: String, $q: String) { orders(first: 10, after: $cursor, query: $q, sortKey: UPDATED_AT) {
  pageInfo { hasNextPage endCursor }
  nodes { id name createdAt updatedAt cancelledAt displayFulfillmentStatus
    shippingAddress { name address1 address2 city zip }
    fulfillmentOrders(first: 2) { nodes { id status fulfillBy lineItems(first: 10) { nodes { id remainingQuantity lineItem { title } } } } } } } }`;

const ordersAnswer = z.object({
  data: z.object({
    orders: z.object({
      pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable() }),
      nodes: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          createdAt: z.string(),
          updatedAt: z.string(),
          cancelledAt: z.string().nullable(),
          displayFulfillmentStatus: z.string(),
          shippingAddress: z.object({ name: z.string().nullable(), address1: z.string().nullable(), address2: z.string().nullable(), city: z.string().nullable(), zip: z.string().nullable() }).nullable(),
          fulfillmentOrders: z.object({ nodes: z.array(z.object({ id: z.string(), status: z.string(), fulfillBy: z.string().nullable(), lineItems: z.object({ nodes: z.array(z.object({ id: z.string(), remainingQuantity: z.number().int(), lineItem: z.object({ title: z.string() }) })) }) })) }),
        }),
      ),
    }),
  }),
});

/** Shopify's own answer of a throttled or failed query: `errors` with codes. */
const errorsAnswer = z.object({ errors: z.array(z.object({ message: z.string(), extensions: z.object({ code: z.string().optional() }).optional() })) });

/** The cost every answer reports (`extensions.cost`): what the query asked for and what the store's bucket holds. */
const costAnswer = z.object({ extensions: z.object({ cost: z.object({ requestedQueryCost: z.number(), throttleStatus: z.object({ currentlyAvailable: z.number(), restoreRate: z.number().positive() }) }) }) });

/** Seconds until the store's bucket holds a query of the cost this one asked for again; 0 when it does now. */
function bucketWait(body: unknown): number {
  const cost = costAnswer.safeParse(body);
  if (!cost.success) return 0;
  const { requestedQueryCost, throttleStatus } = cost.data.extensions.cost;
  return Math.max(0, Math.ceil((requestedQueryCost - throttleStatus.currentlyAvailable) / throttleStatus.restoreRate));
}

/**
 * One page of the store's orders: at first the unfulfilled open ones; after that every order changed since `since`
 * (one fulfilled in Shopify's admin, or cancelled, is seen too). Lines are the fulfilment orders' lines still to
 * fulfil, each with its fulfilment order as `group`: what fulfillmentCreate names.
 */
export async function shopifyOrdersPage(cfg: ShopifyConfig, accessToken: string, shop: string, since: number | null, cursor: string | null): Promise<OrderPage<string>> {
  const q = since === null ? "fulfillment_status:unshipped status:open" : `updated_at:>='${new Date(since).toISOString()}'`;
  const res = await ask(`${shopOrigin(cfg, shop)}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`, { method: "POST", headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": accessToken }, body: JSON.stringify({ query: ORDERS_QUERY, variables: { cursor, q } }) });
  if (res.status === 401 || res.status === 403) throw new MarketplaceRefusal("refused", `Shopify refused the orders query (HTTP ${res.status})`);
  const body = await res.json().catch(() => null);
  const parsed = ordersAnswer.safeParse(body);
  if (!parsed.success) {
    const errors = errorsAnswer.safeParse(body);
    const code = errors.success ? errors.data.errors[0]?.extensions?.code : undefined;
    throw new MarketplaceRefusal(code === "ACCESS_DENIED" ? "refused" : "unavailable", `Shopify's orders answer: ${code ?? `HTTP ${res.status}`}`, code === "THROTTLED" ? Math.max(1, bucketWait(body)) : null);
  }
  const { nodes, pageInfo } = parsed.data.data.orders;
  const orders: OrderIn[] = nodes.map((o) => {
    const a = o.shippingAddress;
    const open = o.fulfillmentOrders.nodes.filter((fo) => fo.status === "OPEN" || fo.status === "IN_PROGRESS");
    const by = open.map((fo) => Date.parse(fo.fulfillBy ?? "")).filter((t) => !Number.isNaN(t));
    return {
      externalId: o.id,
      reference: o.name,
      recipientName: a?.name ?? "",
      postcode: a?.zip ?? "",
      address: [a?.address1, a?.address2, a?.city].filter((s): s is string => !!s),
      buyerRef: null,
      items: open.flatMap((fo) => fo.lineItems.nodes.filter((l) => l.remainingQuantity > 0).map((l) => ({ id: l.id, title: l.lineItem.title, quantity: l.remainingQuantity, group: fo.id }))),
      orderedAt: Date.parse(o.createdAt),
      dispatchBy: by.length ? Math.min(...by) : null,
      status: o.cancelledAt ? "cancelled" : o.displayFulfillmentStatus === "FULFILLED" ? "dispatched" : "awaiting",
      changedAt: Date.parse(o.updatedAt),
    };
  });
  // The next page costs what this one asked for: it waits until the bucket holds that, rather than be THROTTLED.
  return { orders, next: pageInfo.hasNextPage ? pageInfo.endCursor : null, waitSeconds: bucketWait(body) };
}

/** The order's fulfilment orders with what is left of each line, and its fulfilments' tracking numbers: a cost of about 160. */
const ORDER_NOW_QUERY = `query($id: ID!) { order(id: $id) { cancelledAt
  fulfillmentOrders(first: 5) { nodes { id status lineItems(first: 20) { nodes { id remainingQuantity } } } }
  fulfillments(first: 20) { trackingInfo(first: 5) { number } } } }`;

const orderNowAnswer = z.object({
  data: z.object({
    order: z
      .object({
        cancelledAt: z.string().nullable(),
        fulfillmentOrders: z.object({ nodes: z.array(z.object({ id: z.string(), status: z.string(), lineItems: z.object({ nodes: z.array(z.object({ id: z.string(), remainingQuantity: z.number().int() })) }) })) }),
        fulfillments: z.array(z.object({ trackingInfo: z.array(z.object({ number: z.string().nullable() })) })),
      })
      .nullable(),
  }),
});

const FULFIL_MUTATION = `mutation($fulfillment: FulfillmentInput!) { fulfillmentCreate(fulfillment: $fulfillment) {
  fulfillment { id status } userErrors { field message } } }`;

const fulfilAnswer = z.object({ data: z.object({ fulfillmentCreate: z.object({ fulfillment: z.object({ id: z.string() }).nullable(), userErrors: z.array(z.object({ message: z.string() })) }) }) });
const throttled = z.object({ errors: z.array(z.object({ extensions: z.object({ code: z.literal("THROTTLED") }) })).min(1) });

/** A GraphQL call for tracking out: a throttled one waits as long as the store's bucket needs to refill. */
async function graphql(cfg: ShopifyConfig, accessToken: string, shop: string, query: string, variables: Record<string, unknown>): Promise<unknown> {
  const res = await ask(`${shopOrigin(cfg, shop)}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`, { method: "POST", headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": accessToken }, body: JSON.stringify({ query, variables }), signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  if (res.status === 401) throw new TokenRejected("Shopify rejected the access token");
  const body: unknown = await res.json().catch(() => null);
  const slow = throttled.safeParse(body);
  if (slow.success) throw new MarketplaceRefusal("unavailable", "Shopify throttled the call", Math.max(1, bucketWait(body)));
  const errors = errorsAnswer.safeParse(body);
  // A scope the store did not grant: asking again will not help.
  if (errors.success && errors.data.errors.some((e) => e.extensions?.code === "ACCESS_DENIED")) throw new MarketplaceRefusal("refused", `Shopify refused the call: ${errors.data.errors[0].message}`);
  return body;
}

/** The order now: cancelled, the lines of its open fulfilment orders still to fulfil, and every tracking number on it. */
export async function shopifyOrderNow(cfg: ShopifyConfig, accessToken: string, shop: string, orderId: string): Promise<OrderNow> {
  const parsed = orderNowAnswer.safeParse(await graphql(cfg, accessToken, shop, ORDER_NOW_QUERY, { id: orderId }));
  if (!parsed.success) throw new MarketplaceRefusal("unavailable", "Shopify's order answer was not understood");
  const o = parsed.data.data.order;
  if (!o) throw new MarketplaceRefusal("refused", "Shopify no longer has this order");
  const open = o.fulfillmentOrders.nodes.filter((fo) => fo.status === "OPEN" || fo.status === "IN_PROGRESS");
  return {
    cancelled: o.cancelledAt !== null,
    remaining: open.flatMap((fo) => fo.lineItems.nodes.filter((l) => l.remainingQuantity > 0).map((l) => ({ id: l.id, quantity: l.remainingQuantity, group: fo.id }))),
    trackingCodes: o.fulfillments.flatMap((f) => f.trackingInfo.flatMap((t) => (t.number ? [t.number] : []))),
  };
}

/**
 * One fulfilment (fulfillmentCreate) of the lines of one fulfilment order (a parcel leaves from one location, and
 * Shopify makes one fulfilment order per location), with the carrier as Shopify names it, the tracking number and
 * URL; Shopify mails the buyer. A fulfilment order closed meanwhile (fulfilled in Shopify's admin): already.
 */
export async function shopifyFulfil(cfg: ShopifyConfig, accessToken: string, shop: string, lines: Line[], parcel: Parcel): Promise<PushOutcome> {
  const group = lines[0]?.group;
  const trackingInfo = { company: carrierName("shopify", parcel.courier), number: parcel.trackingCode, ...(trackingUrl(parcel.courier, parcel.trackingCode) ? { url: trackingUrl(parcel.courier, parcel.trackingCode) } : {}) };
  const fulfillment = { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: group, fulfillmentOrderLineItems: lines.filter((l) => l.group === group).map((l) => ({ id: l.id, quantity: l.quantity })) }], notifyCustomer: true, trackingInfo };
  const parsed = fulfilAnswer.safeParse(await graphql(cfg, accessToken, shop, FULFIL_MUTATION, { fulfillment }));
  if (!parsed.success) throw new MarketplaceRefusal("unavailable", "Shopify's fulfilment answer was not understood");
  const { fulfillment: made, userErrors } = parsed.data.data.fulfillmentCreate;
  if (made) return { kind: "sent", ref: made.id };
  const message = userErrors.map((e) => e.message).join("; ");
  if (/unfulfillable status/i.test(message)) return { kind: "already" };
  return { kind: "refused", reason: `Shopify refused the fulfilment: ${message || "no reason given"}` };
}
