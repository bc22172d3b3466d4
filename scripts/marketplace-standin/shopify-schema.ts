import { buildSchema, type DocumentNode, GraphQLError, Kind, type SelectionSetNode } from "graphql";
import { displayFulfillmentStatus, fulfil, gid, gidNumber, type ShopifyFulfillment, type ShopifyFulfillmentOrder, type ShopifyOrder } from "./shopify-orders.ts";

/**
 * The part of Shopify's Admin GraphQL API an order-sync integration uses, as real GraphQL (graphql-js): a query
 * asking for a field Shopify does not have fails validation as Shopify's would. Orders with their shipping address,
 * line items and fulfilment orders (`orders(first, after, query, sortKey, reverse)` with cursors and Shopify's search
 * syntax for `updated_at`, `created_at`, `fulfillment_status`, `status`), and `fulfillmentCreate`.
 * Requested cost follows Shopify's rules (objects 1, scalars 0, connections 2 + first × their selection, mutations
 * 10); one query may cost at most 1,000.
 */
export const SHOPIFY_SDL = /* GraphQL */ `
scalar DateTime
scalar URL
enum OrderSortKeys { CREATED_AT UPDATED_AT ID PROCESSED_AT }
enum OrderDisplayFulfillmentStatus { UNFULFILLED PARTIALLY_FULFILLED FULFILLED RESTOCKED PENDING_FULFILLMENT OPEN IN_PROGRESS ON_HOLD SCHEDULED REQUEST_DECLINED }
enum FulfillmentOrderStatus { OPEN IN_PROGRESS CANCELLED INCOMPLETE CLOSED SCHEDULED ON_HOLD }
enum FulfillmentStatus { SUCCESS CANCELLED ERROR FAILURE OPEN PENDING }
type PageInfo { hasNextPage: Boolean! hasPreviousPage: Boolean! startCursor: String endCursor: String }
type Shop { id: ID! name: String! myshopifyDomain: String! }
type MailingAddress { name: String firstName: String lastName: String address1: String address2: String city: String zip: String province: String countryCodeV2: String phone: String company: String }
type LineItem { id: ID! title: String! quantity: Int! sku: String }
type LineItemConnection { nodes: [LineItem!]! pageInfo: PageInfo! }
type FulfillmentOrderLineItem { id: ID! totalQuantity: Int! remainingQuantity: Int! lineItem: LineItem! }
type FulfillmentOrderLineItemConnection { nodes: [FulfillmentOrderLineItem!]! pageInfo: PageInfo! }
type FulfillmentOrder { id: ID! status: FulfillmentOrderStatus! fulfillBy: DateTime createdAt: DateTime! updatedAt: DateTime! lineItems(first: Int, after: String): FulfillmentOrderLineItemConnection! }
type FulfillmentOrderConnection { nodes: [FulfillmentOrder!]! pageInfo: PageInfo! }
type FulfillmentTrackingInfo { company: String number: String url: URL }
type Fulfillment { id: ID! status: FulfillmentStatus! createdAt: DateTime! trackingInfo(first: Int): [FulfillmentTrackingInfo!]! }
type Order { id: ID! legacyResourceId: String! name: String! createdAt: DateTime! updatedAt: DateTime! cancelledAt: DateTime closed: Boolean! email: String displayFulfillmentStatus: OrderDisplayFulfillmentStatus! shippingAddress: MailingAddress lineItems(first: Int, after: String): LineItemConnection! fulfillmentOrders(first: Int, after: String): FulfillmentOrderConnection! fulfillments(first: Int): [Fulfillment!]! }
type OrderEdge { cursor: String! node: Order! }
type OrderConnection { nodes: [Order!]! edges: [OrderEdge!]! pageInfo: PageInfo! }
type UserError { field: [String!] message: String! }
type FulfillmentCreatePayload { fulfillment: Fulfillment userErrors: [UserError!]! }
input FulfillmentOrderLineItemInput { id: ID! quantity: Int! }
input FulfillmentOrderLineItemsInput { fulfillmentOrderId: ID! fulfillmentOrderLineItems: [FulfillmentOrderLineItemInput!] }
input FulfillmentTrackingInput { company: String number: String url: URL numbers: [String!] urls: [URL!] }
input FulfillmentOriginAddressInput { address1: String address2: String city: String zip: String provinceCode: String countryCode: String! }
input FulfillmentInput { lineItemsByFulfillmentOrder: [FulfillmentOrderLineItemsInput!]! notifyCustomer: Boolean trackingInfo: FulfillmentTrackingInput originAddress: FulfillmentOriginAddressInput }
type Query { shop: Shop! orders(first: Int, after: String, last: Int, before: String, query: String, sortKey: OrderSortKeys, reverse: Boolean): OrderConnection! order(id: ID!): Order fulfillmentOrder(id: ID!): FulfillmentOrder }
type Mutation { fulfillmentCreate(fulfillment: FulfillmentInput!, message: String): FulfillmentCreatePayload }
`;

export const shopifySchema = buildSchema(SHOPIFY_SDL);

export interface ShopContext {
  shop: string;
  scopes: string[];
  orders: ShopifyOrder[];
  nowSec: number;
  /** Told of each fulfilment the mutation makes. */
  fulfilled: (order: ShopifyOrder, f: ShopifyFulfillment) => void;
}

const cursorOf = (value: string, id: number) => btoa(JSON.stringify({ last_id: id, last_value: value }));

function connection<T>(items: T[], args: { first?: number | null; after?: string | null }, idOf: (t: T) => number, sortValueOf: (t: T) => string = () => "") {
  const first = args.first ?? null;
  if (first === null) throw new GraphQLError("you must provide one of first or last", { extensions: { code: "BAD_REQUEST" } });
  if (first < 0 || first > 250) throw new GraphQLError("The first argument must be between 0 and 250", { extensions: { code: "BAD_REQUEST" } });
  let start = 0;
  if (args.after) {
    let key: { last_id?: number } = {};
    try {
      key = JSON.parse(atob(args.after));
    } catch {
      throw new GraphQLError("Invalid cursor for current pagination sort.", { extensions: { code: "BAD_REQUEST" } });
    }
    start = items.findIndex((t) => idOf(t) === key.last_id) + 1;
    if (start === 0) throw new GraphQLError("Invalid cursor for current pagination sort.", { extensions: { code: "BAD_REQUEST" } });
  }
  const page = items.slice(start, start + first);
  const last = page.at(-1);
  return {
    nodes: page,
    edges: page.map((node) => ({ cursor: cursorOf(sortValueOf(node), idOf(node)), node })),
    pageInfo: { hasNextPage: start + first < items.length, hasPreviousPage: start > 0, startCursor: page[0] ? cursorOf(sortValueOf(page[0]), idOf(page[0])) : null, endCursor: last ? cursorOf(sortValueOf(last), idOf(last)) : null },
  };
}

function fulfillmentOrderView(order: ShopifyOrder, fo: ShopifyFulfillmentOrder) {
  return {
    id: gid("FulfillmentOrder", fo.id),
    status: fo.status,
    fulfillBy: fo.fulfillBy,
    createdAt: fo.createdAt,
    updatedAt: fo.updatedAt,
    lineItems: (args: { first?: number; after?: string }) =>
      connection(
        fo.lineItems.map((l) => ({ id: gid("FulfillmentOrderLineItem", l.id), totalQuantity: l.totalQuantity, remainingQuantity: l.remainingQuantity, lineItem: lineItemView(order.lineItems.find((x) => x.id === l.lineItemId)!), n: l.id })),
        args,
        (x) => x.n,
      ),
  };
}

const lineItemView = (li: ShopifyOrder["lineItems"][number]) => ({ id: gid("LineItem", li.id), title: li.title, quantity: li.quantity, sku: li.sku });
const fulfillmentView = (f: ShopifyFulfillment) => ({ id: gid("Fulfillment", f.id), status: f.status, createdAt: f.createdAt, trackingInfo: () => f.trackingInfo });

function orderView(order: ShopifyOrder) {
  return {
    id: gid("Order", order.id),
    legacyResourceId: String(order.id),
    name: order.name,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    cancelledAt: order.cancelledAt,
    closed: displayFulfillmentStatus(order) === "FULFILLED",
    email: order.email,
    displayFulfillmentStatus: displayFulfillmentStatus(order),
    shippingAddress: order.shippingAddress,
    lineItems: (args: { first?: number; after?: string }) => connection(order.lineItems.map(lineItemView), args, (x) => gidNumber("LineItem", x.id)!),
    fulfillmentOrders: (args: { first?: number; after?: string }) => mapConnection(connection(order.fulfillmentOrders, args, (fo) => fo.id), (fo) => fulfillmentOrderView(order, fo)),
    fulfillments: () => order.fulfillments.map(fulfillmentView),
  };
}

function mapConnection<T, U>(c: { nodes: T[]; edges: { cursor: string; node: T }[]; pageInfo: unknown }, f: (t: T) => U) {
  return { nodes: c.nodes.map(f), edges: c.edges.map((e) => ({ cursor: e.cursor, node: f(e.node) })), pageInfo: c.pageInfo };
}

/** Shopify's order search syntax, the terms an order sync uses: `updated_at:>'…'`, `fulfillment_status:unshipped`. */
function matches(order: ShopifyOrder, query: string | null | undefined): boolean {
  if (!query) return true;
  for (const term of query.replace(/\bAND\b/g, " ").match(/[\w.]+:(?:[<>]=?)?(?:'[^']*'|"[^"]*"|\S+)/g) ?? []) {
    const m = term.match(/^([\w.]+):([<>]=?)?['"]?([^'"]*)['"]?$/);
    if (!m) continue;
    const [, field, op, value] = m;
    if (field === "updated_at" || field === "created_at") {
      const mine = Date.parse(field === "updated_at" ? order.updatedAt : order.createdAt);
      const at = Date.parse(value);
      if (Number.isNaN(at)) continue;
      const ok = op === ">" ? mine > at : op === ">=" ? mine >= at : op === "<" ? mine < at : op === "<=" ? mine <= at : mine === at;
      if (!ok) return false;
    } else if (field === "fulfillment_status") {
      const s = displayFulfillmentStatus(order);
      const ok = value === "shipped" ? s === "FULFILLED" : value === "partial" ? s === "PARTIALLY_FULFILLED" : value === "unshipped" || value === "unfulfilled" ? s !== "FULFILLED" : true;
      if (!ok) return false;
    } else if (field === "status") {
      const ok = value === "cancelled" ? !!order.cancelledAt : value === "open" ? !order.cancelledAt && displayFulfillmentStatus(order) !== "FULFILLED" : value === "closed" ? displayFulfillmentStatus(order) === "FULFILLED" : true;
      if (!ok) return false;
    }
  }
  return true;
}

export const shopifyRoot = {
  shop: (_: unknown, ctx: ShopContext) => ({ id: gid("Shop", 1), name: ctx.shop, myshopifyDomain: `${ctx.shop}.myshopify.com` }),
  orders: (args: { first?: number; after?: string; query?: string; sortKey?: string; reverse?: boolean }, ctx: ShopContext) => {
    need(ctx, "read_orders", "orders");
    const key = args.sortKey === "UPDATED_AT" ? "updatedAt" : args.sortKey === "CREATED_AT" || args.sortKey === "PROCESSED_AT" ? "createdAt" : null;
    const list = ctx.orders.filter((o) => matches(o, args.query)).sort((a, b) => (key ? a[key].localeCompare(b[key]) : 0) || a.id - b.id);
    if (args.reverse) list.reverse();
    return mapConnection(connection(list, args, (o) => o.id, (o) => (key ? o[key] : String(o.id))), orderView);
  },
  order: (args: { id: string }, ctx: ShopContext) => {
    need(ctx, "read_orders", "order");
    const order = ctx.orders.find((o) => o.id === gidNumber("Order", args.id));
    return order ? orderView(order) : null;
  },
  fulfillmentCreate: (args: { fulfillment: FulfillmentInput }, ctx: ShopContext) => {
    need(ctx, "write_merchant_managed_fulfillment_orders", "fulfillmentCreate");
    return createFulfillment(args.fulfillment, ctx);
  },
};

interface FulfillmentInput {
  lineItemsByFulfillmentOrder: { fulfillmentOrderId: string; fulfillmentOrderLineItems?: { id: string; quantity: number }[] | null }[];
  notifyCustomer?: boolean | null;
  trackingInfo?: { company?: string | null; number?: string | null; url?: string | null } | null;
}

/** A field the granted scopes do not reach fails as Shopify's does (a `write_` scope includes its `read_`). */
function need(ctx: ShopContext, scope: string, field: string) {
  if (!ctx.scopes.includes(scope) && !(scope.startsWith("read_") && ctx.scopes.includes(scope.replace(/^read_/, "write_")))) {
    throw new GraphQLError(`Access denied for ${field} field. Required access: \`${scope}\` access scope.`, { extensions: { code: "ACCESS_DENIED", documentation: "https://shopify.dev/api/usage/access-scopes" } });
  }
}

function createFulfillment(input: FulfillmentInput, ctx: ShopContext) {
  const fail = (field: string[], message: string) => ({ fulfillment: null, userErrors: [{ field, message }] });
  const groups = input.lineItemsByFulfillmentOrder;
  if (!groups.length) return fail(["fulfillment", "lineItemsByFulfillmentOrder"], "Line items by fulfillment order must not be empty.");
  if (groups.length > 1) return fail(["fulfillment", "lineItemsByFulfillmentOrder"], "The stand-in fulfils one fulfillment order at a time.");
  const { fulfillmentOrderId, fulfillmentOrderLineItems } = groups[0];
  const order = ctx.orders.find((o) => o.fulfillmentOrders.some((fo) => fo.id === gidNumber("FulfillmentOrder", fulfillmentOrderId)));
  const fo = order?.fulfillmentOrders.find((x) => x.id === gidNumber("FulfillmentOrder", fulfillmentOrderId));
  if (!order || !fo) return fail(["fulfillment", "lineItemsByFulfillmentOrder", "0", "fulfillmentOrderId"], "Fulfillment order does not exist.");
  if (fo.status !== "OPEN" && fo.status !== "IN_PROGRESS") return fail(["fulfillment"], `Fulfillment order ${gid("FulfillmentOrder", fo.id)} has an unfulfillable status= ${fo.status.toLowerCase()}.`);
  const lines = fulfillmentOrderLineItems?.length
    ? fulfillmentOrderLineItems.map((l) => ({ id: gidNumber("FulfillmentOrderLineItem", l.id) ?? -1, quantity: l.quantity }))
    : fo.lineItems.filter((l) => l.remainingQuantity > 0).map((l) => ({ id: l.id, quantity: l.remainingQuantity }));
  for (const l of lines) {
    const line = fo.lineItems.find((x) => x.id === l.id);
    if (!line) return fail(["fulfillment", "lineItemsByFulfillmentOrder", "0", "fulfillmentOrderLineItems"], "Fulfillment order line item does not exist.");
    if (!Number.isInteger(l.quantity) || l.quantity < 1 || l.quantity > line.remainingQuantity) return fail(["fulfillment", "lineItemsByFulfillmentOrder", "0", "fulfillmentOrderLineItems"], "Invalid fulfillment order line item quantity requested.");
  }
  const t = input.trackingInfo ?? {};
  const fulfillment = fulfil(order, fo, lines, [{ company: t.company ?? null, number: t.number ?? null, url: t.url ?? null }], input.notifyCustomer ?? false, ctx.nowSec);
  ctx.fulfilled(order, fulfillment);
  return { fulfillment: fulfillmentView(fulfillment), userErrors: [] };
}

/** The requested cost of an operation by Shopify's rules (see above), fragments and variables included. */
export function requestedCost(doc: DocumentNode, variables: Record<string, unknown>): number {
  const fragments = new Map(doc.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d.selectionSet]));
  const sizeOf = (v: unknown) => (typeof v === "number" ? v : 0);
  const cost = (set: SelectionSetNode | undefined): number => {
    if (!set) return 0;
    let total = 0;
    for (const s of set.selections) {
      if (s.kind === Kind.FRAGMENT_SPREAD) total += cost(fragments.get(s.name.value));
      else if (s.kind === Kind.INLINE_FRAGMENT) total += cost(s.selectionSet);
      else if (s.selectionSet) {
        const firstArg = s.arguments?.find((a) => a.name.value === "first" || a.name.value === "last");
        const n = !firstArg ? null : firstArg.value.kind === Kind.INT ? Number(firstArg.value.value) : firstArg.value.kind === Kind.VARIABLE ? sizeOf(variables[firstArg.value.name.value]) : 0;
        total += n === null ? 1 + cost(s.selectionSet) : 2 + n * cost(s.selectionSet);
      }
    }
    return total;
  };
  let total = 0;
  for (const d of doc.definitions) if (d.kind === Kind.OPERATION_DEFINITION) total += (d.operation === "mutation" ? 10 : 0) + cost(d.selectionSet);
  return total;
}
