import { hidePrivate, type StripeAccount } from "./account.ts";
import type { CheckoutSession } from "./objects.ts";
import { createCheckoutSession, expireCheckoutSession } from "./checkout-sessions.ts";
import { noSuch, StripeError } from "./errors.ts";
import { type Form, list, str } from "./form.ts";

/**
 * Stripe's REST API (`/v1/…`) over the stand-in's account: one route per call an integration makes, answering
 * Stripe's objects, lists (`{ object: "list", data, has_more, url }`, newest first, `limit` and
 * `starting_after`) and `expand[]`. Authentication, idempotency and the error envelope are standin.ts's.
 */
export interface ApiCall {
  method: string;
  path: string;
  form: Form;
  origin: string;
  requestId: string;
  idempotencyKey: string | null;
}

type Handler = (account: StripeAccount, call: ApiCall, id: string) => object;

function listOf<T extends { id: string; created: number }>(items: Iterable<T>, call: ApiCall, url: string, keep: (item: T) => boolean = () => true) {
  const all = [...items].filter(keep).sort((a, b) => b.created - a.created);
  const limit = Number(str(call.form.limit) ?? 10);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    throw new StripeError(400, "invalid_request_error", "This value must be greater than or equal to 1 and less than or equal to 100.", { code: "parameter_invalid_integer", param: "limit" });
  }
  const after = str(call.form.starting_after);
  const start = after ? all.findIndex((x) => x.id === after) + 1 : 0;
  if (after && start === 0) throw new StripeError(400, "invalid_request_error", `No such object: '${after}'`, { code: "resource_missing", param: "starting_after" });
  const data = all.slice(start, start + limit);
  return { object: "list", data, has_more: start + limit < all.length, url };
}

const ROUTES: [method: string, pattern: RegExp, handler: Handler][] = [
  ["GET", /^\/v1\/prices$/, (a, c) => {
    const lookup = list(c.form.lookup_keys).map(String);
    return listOf(a.prices.values(), c, "/v1/prices", (p) =>
      (str(c.form.active) === undefined || String(p.active) === str(c.form.active)) &&
      (!str(c.form.type) || p.type === str(c.form.type)) &&
      (!str(c.form.product) || p.product === str(c.form.product)) &&
      (!lookup.length || (p.lookup_key !== null && lookup.includes(p.lookup_key))));
  }],
  ["GET", /^\/v1\/prices\/([^/]+)$/, (a, _c, id) => a.prices.get(id) ?? throwNo("price", id)],
  ["GET", /^\/v1\/products\/([^/]+)$/, (a, _c, id) => a.products.get(id) ?? throwNo("prod", id)],
  ["GET", /^\/v1\/products$/, (a, c) => listOf(a.products.values(), c, "/v1/products")],
  ["POST", /^\/v1\/customers$/, (a, c) => a.createCustomer(c.form)],
  ["GET", /^\/v1\/customers$/, (a, c) => listOf(a.customers.values(), c, "/v1/customers", (x) => !str(c.form.email) || x.email === str(c.form.email))],
  ["GET", /^\/v1\/customers\/([^/]+)$/, (a, _c, id) => a.customer(id)],
  ["POST", /^\/v1\/customers\/([^/]+)$/, (a, c, id) => a.updateCustomer(id, c.form)],
  ["DELETE", /^\/v1\/customers\/([^/]+)$/, (a, _c, id) => a.deleteCustomer(id)],
  ["POST", /^\/v1\/checkout\/sessions$/, (a, c) => createCheckoutSession(a, c.form, c.origin)],
  ["GET", /^\/v1\/checkout\/sessions$/, (a, c) =>
    listOf(a.sessions.values(), c, "/v1/checkout/sessions", (s) =>
      (!str(c.form.customer) || s.customer === str(c.form.customer)) &&
      (!str(c.form.subscription) || s.subscription === str(c.form.subscription)) &&
      (!str(c.form.status) || s.status === str(c.form.status)))],
  ["GET", /^\/v1\/checkout\/sessions\/([^/]+)$/, (a, _c, id) => a.session(id)],
  ["POST", /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/, (a, _c, id) => expireCheckoutSession(a, id)],
  ["GET", /^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/, (a, c, id) => listOf(lineItemsOf(a, a.session(id)), c, `/v1/checkout/sessions/${id}/line_items`)],
  ["POST", /^\/v1\/billing_portal\/sessions$/, (a, c) => a.createPortalSession(c.form, c.origin)],
  ["GET", /^\/v1\/subscriptions$/, (a, c) => {
    const status = str(c.form.status);
    return listOf(a.subscriptions.values(), c, "/v1/subscriptions", (s) =>
      (!str(c.form.customer) || s.customer === str(c.form.customer)) &&
      // Stripe lists the subscriptions that have not ended unless asked for a status (or 'all').
      (status === "all" || (status ? s.status === status : s.status !== "canceled")));
  }],
  ["GET", /^\/v1\/subscriptions\/([^/]+)$/, (a, _c, id) => a.subscription(id)],
  ["POST", /^\/v1\/subscriptions\/([^/]+)$/, (a, c, id) => a.updateSubscription(id, c.form)],
  ["DELETE", /^\/v1\/subscriptions\/([^/]+)$/, (a, _c, id) => a.cancelSubscription(id)],
  ["GET", /^\/v1\/invoices$/, (a, c) =>
    listOf(a.invoices.values(), c, "/v1/invoices", (i) =>
      (!str(c.form.customer) || i.customer === str(c.form.customer)) &&
      (!str(c.form.subscription) || i.parent.subscription_details.subscription === str(c.form.subscription)))],
  ["GET", /^\/v1\/invoices\/([^/]+)$/, (a, _c, id) => a.invoices.get(id) ?? throwNo("in", id)],
  ["GET", /^\/v1\/events$/, (a, c) => listOf(a.events.values(), c, "/v1/events", (e) => !str(c.form.type) || e.type === str(c.form.type))],
  ["GET", /^\/v1\/events\/([^/]+)$/, (a, _c, id) => a.events.get(id) ?? throwNo("evt", id)],
];

/** A session's line items as Stripe lists them (GET …/line_items, or `expand[]=line_items` on the session). */
function lineItemsOf(account: StripeAccount, session: CheckoutSession) {
  return session._line_items.map((l, i) => {
    const price = account.prices.get(l.price)!;
    const amount = (price.unit_amount ?? 0) * l.quantity;
    const description = account.products.get(price.product)?.name ?? "";
    return { id: `li_${session.id.slice(8, 20)}${i}`, object: "item", amount_subtotal: amount, amount_total: amount, currency: price.currency, description, price, quantity: l.quantity, created: session.created - i };
  });
}

function throwNo(kind: Parameters<typeof noSuch>[0], id: string): never {
  throw noSuch(kind, id);
}

/** Replaces the ids at `expand[]` paths ('subscription', 'data.customer', 'latest_invoice') by their objects. */
function expand(account: StripeAccount, value: object, paths: string[]): object {
  const copy = JSON.parse(JSON.stringify(value, hidePrivate));
  const lookup = (id: string): object | undefined =>
    account.customers.get(id) ?? account.subscriptions.get(id) ?? account.invoices.get(id) ?? account.prices.get(id) ?? account.products.get(id) ?? account.sessions.get(id);
  const walk = (node: unknown, path: string[]): unknown => {
    if (!node || typeof node !== "object" || !path.length) return node;
    const [head, ...rest] = path;
    const record = node as Record<string, unknown>;
    if (Array.isArray(record[head]) && head === "data") {
      record.data = (record.data as unknown[]).map((item) => walk(item, rest));
      return node;
    }
    const child = record[head];
    // A session's line items are not on it until asked for ('includable', in Stripe's words).
    if (head === "line_items" && record.object === "checkout.session" && !rest.length) {
      const session = account.sessions.get(String(record.id));
      if (session) record.line_items = { object: "list", data: lineItemsOf(account, session), has_more: false, url: `/v1/checkout/sessions/${session.id}/line_items` };
    } else if (typeof child === "string" && !rest.length) {
      const found = lookup(child);
      if (found) record[head] = JSON.parse(JSON.stringify(found, hidePrivate));
    } else {
      record[head] = walk(child, rest);
    }
    return node;
  };
  for (const p of paths) walk(copy, p.split("."));
  return copy;
}

/** The answer to one API call: [HTTP status, body]. Throws StripeError for Stripe's errors. */
export function answerApi(account: StripeAccount, call: ApiCall): object {
  for (const [method, pattern, handler] of ROUTES) {
    const m = call.path.match(pattern);
    if (!m || method !== call.method) continue;
    const result = handler(account, call, m[1] ? decodeURIComponent(m[1]) : "");
    return expand(account, result, list(call.form.expand).map(String));
  }
  throw new StripeError(404, "invalid_request_error", `Unrecognized request URL (${call.method}: ${call.path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`);
}
