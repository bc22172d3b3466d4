import { nextNumber, type OrderSeed } from "./common.ts";

/**
 * A Shopify shop's orders as the stand-in holds them: each order with its line items, its fulfilment orders (one
 * per order here: one location, merchant-managed) and the fulfilments made against them. shopify-schema.ts serves
 * them through the Admin GraphQL API; `orderWebhookBody` is the REST-shaped order of the `orders/create` webhook.
 */
export interface ShopifyLineItem {
  id: number;
  title: string;
  quantity: number;
  sku: string | null;
}

export interface ShopifyFulfillmentOrder {
  id: number;
  status: "OPEN" | "IN_PROGRESS" | "CLOSED" | "CANCELLED";
  fulfillBy: string | null;
  createdAt: string;
  updatedAt: string;
  lineItems: { id: number; lineItemId: number; totalQuantity: number; remainingQuantity: number }[];
}

export interface ShopifyFulfillment {
  id: number;
  status: "SUCCESS";
  createdAt: string;
  trackingInfo: { company: string | null; number: string | null; url: string | null }[];
  fulfillmentOrderLineItems: { id: number; quantity: number }[];
  notifyCustomer: boolean;
}

export interface ShopifyOrder {
  id: number;
  shop: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  cancelledAt: string | null;
  email: string;
  customerId: number;
  shippingAddress: { name: string; firstName: string; lastName: string; address1: string; address2: string | null; city: string; zip: string; countryCodeV2: string };
  lineItems: ShopifyLineItem[];
  fulfillmentOrders: ShopifyFulfillmentOrder[];
  fulfillments: ShopifyFulfillment[];
}

const iso = (sec: number) => new Date(sec * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");
const DAY = 86_400;

export const gid = (type: string, id: number) => `gid://shopify/${type}/${id}`;

/** The number at the end of a `gid://shopify/<type>/<n>`, or null when it is not one of that type. */
export function gidNumber(type: string, value: unknown): number | null {
  const m = typeof value === "string" ? value.match(new RegExp(`^gid://shopify/${type}/(\\d+)$`)) : null;
  return m ? Number(m[1]) : null;
}

let orderNumber = 1000;

export function buildShopifyOrder(seed: OrderSeed, shop: string, nowSec: number): ShopifyOrder {
  const created = seed.createdAt ?? nowSec;
  const [firstName, ...rest] = seed.recipient.name.split(" ");
  const lineItems = (seed.items.length ? seed.items : [{ title: "Item" }]).map((item) => ({ id: nextNumber(13_000_000_000_000), title: item.title, quantity: item.quantity ?? 1, sku: item.sku ?? null }));
  const r = seed.recipient;
  return {
    id: nextNumber(5_600_000_000_000),
    shop,
    name: `#${++orderNumber}`,
    createdAt: iso(created),
    updatedAt: iso(Math.max(created, nowSec)),
    cancelledAt: null,
    email: `${firstName.toLowerCase().replace(/[^a-z]/g, "") || "buyer"}@example.com`,
    customerId: Number(seed.buyer) || nextNumber(7_100_000_000_000),
    shippingAddress: { name: r.name, firstName, lastName: rest.join(" "), address1: r.line1, address2: r.line2 ?? null, city: r.city, zip: r.postcode, countryCodeV2: r.country ?? "GB" },
    lineItems,
    fulfillmentOrders: [
      {
        id: nextNumber(6_500_000_000_000),
        status: "OPEN",
        fulfillBy: seed.shipBy ? iso(seed.shipBy) : iso(created + 2 * DAY),
        createdAt: iso(created),
        updatedAt: iso(created),
        lineItems: lineItems.map((li) => ({ id: nextNumber(14_000_000_000_000), lineItemId: li.id, totalQuantity: li.quantity, remainingQuantity: li.quantity })),
      },
    ],
    fulfillments: [],
  };
}

export function displayFulfillmentStatus(order: ShopifyOrder): "UNFULFILLED" | "PARTIALLY_FULFILLED" | "FULFILLED" {
  const lines = order.fulfillmentOrders.flatMap((fo) => fo.lineItems);
  const remaining = lines.reduce((n, l) => n + l.remainingQuantity, 0);
  const total = lines.reduce((n, l) => n + l.totalQuantity, 0);
  return remaining === 0 ? "FULFILLED" : remaining < total ? "PARTIALLY_FULFILLED" : "UNFULFILLED";
}

/** Fulfils the given quantities of a fulfilment order's line items; the order's status and time follow. */
export function fulfil(order: ShopifyOrder, fo: ShopifyFulfillmentOrder, lines: { id: number; quantity: number }[], tracking: ShopifyFulfillment["trackingInfo"], notifyCustomer: boolean, nowSec: number): ShopifyFulfillment {
  for (const l of lines) fo.lineItems.find((x) => x.id === l.id)!.remainingQuantity -= l.quantity;
  fo.status = fo.lineItems.every((l) => l.remainingQuantity === 0) ? "CLOSED" : "IN_PROGRESS";
  fo.updatedAt = order.updatedAt = iso(nowSec);
  const fulfillment: ShopifyFulfillment = { id: nextNumber(5_900_000_000_000), status: "SUCCESS", createdAt: iso(nowSec), trackingInfo: tracking, fulfillmentOrderLineItems: lines, notifyCustomer };
  order.fulfillments.push(fulfillment);
  return fulfillment;
}

/** The `orders/create` webhook's body: the REST Admin API's order JSON (the fields an integration reads). */
export function orderWebhookBody(order: ShopifyOrder) {
  const a = order.shippingAddress;
  return {
    id: order.id,
    admin_graphql_api_id: gid("Order", order.id),
    name: order.name,
    created_at: order.createdAt,
    updated_at: order.updatedAt,
    cancelled_at: order.cancelledAt,
    email: order.email,
    fulfillment_status: null,
    financial_status: "paid",
    customer: { id: order.customerId, admin_graphql_api_id: gid("Customer", order.customerId) },
    shipping_address: { name: a.name, first_name: a.firstName, last_name: a.lastName, address1: a.address1, address2: a.address2, city: a.city, zip: a.zip, country_code: a.countryCodeV2 },
    line_items: order.lineItems.map((li) => ({ id: li.id, admin_graphql_api_id: gid("LineItem", li.id), title: li.title, quantity: li.quantity, sku: li.sku, fulfillable_quantity: li.quantity })),
  };
}
