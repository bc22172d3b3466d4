import { bodyText } from "../standin-http.ts";
import { execute, type GraphQLError, parse, validate } from "graphql";
import { base64, type Clock, type Fault, Faults, type FaultKind, type Fulfilment, hex, hmacSha256, json, type OrderSeed, randomToken, readFields, redirect, str } from "./common.ts";
import { page, consentPage } from "./pages.ts";
import { buildShopifyOrder, fulfil, gid, orderWebhookBody, type ShopifyFulfillment, type ShopifyOrder } from "./shopify-orders.ts";
import { requestedCost, shopifyRoot, shopifySchema, type ShopContext } from "./shopify-schema.ts";

/**
 * Shopify for one app, under the stand-in's `/shopify/{shop}` prefix ({shop}.myshopify.com): the app install
 * (OAuth authorization code; the callback signed with `hmac`; an offline token that does not expire), the Admin
 * GraphQL API at /admin/api/{version}/graphql.json with `X-Shopify-Access-Token`, its calculated-cost bucket per
 * app and shop (THROTTLED past it, `extensions.cost` on every answer), and the webhooks an app subscribes to in its
 * configuration: `orders/create`, `app/uninstalled` and the mandatory `customers/data_request`, `customers/redact`
 * and `shop/redact`, signed with `X-Shopify-Hmac-Sha256`.
 */
export interface ShopifyApp {
  clientId: string;
  clientSecret: string;
  /** Allowed redirection URLs of the app. */
  redirectUris: string[];
  /** Where the app's configured webhook subscriptions are delivered; null keeps them. */
  webhookUrl: string | null;
  /** Points a second refilled into a shop's bucket, and the bucket's size (Standard plan: 100 and 2,000). */
  restoreRate?: number;
  maximumAvailable?: number;
}

export interface WebhookDelivery {
  id: string;
  topic: string;
  shop: string;
  body: string;
  status: number | null;
}

interface Shop {
  name: string;
  orders: ShopifyOrder[];
  bucket: { available: number; at: number };
}

const API_VERSION = "2026-10";
const UNAUTHORIZED = "[API] Invalid API key or access token (unrecognized login or wrong password)";

export class ShopifyStandin {
  readonly shops = new Map<string, Shop>();
  readonly faults = new Faults();
  readonly webhooks: WebhookDelivery[] = [];
  /** Every fulfilment recorded, through the API or by hand: what tests and the dashboard read back. */
  readonly fulfilments: Fulfilment[] = [];
  readonly app: ShopifyApp;
  readonly clock: Clock;
  readonly prefix: string;
  private codes = new Map<string, { shop: string; scope: string; expiresAt: number }>();
  private tokens = new Map<string, { shop: string; scopes: string[] }>();
  private deliver: (req: Request) => Promise<Response>;

  constructor(app: ShopifyApp, clock: Clock, prefix: string, deliver: (req: Request) => Promise<Response>) {
    this.app = app;
    this.clock = clock;
    this.prefix = prefix;
    this.deliver = deliver;
    this.addShop("hollow-oak");
  }

  addShop(name: string): Shop {
    let shop = this.shops.get(name);
    if (!shop) {
      shop = { name, orders: [], bucket: { available: this.app.maximumAvailable ?? 2000, at: this.clock.nowMs() } };
      this.shops.set(name, shop);
    }
    return shop;
  }

  /** A new order in the shop; an app installed on it hears of it by the `orders/create` webhook. */
  async seedOrder(seed: OrderSeed, shopName = "hollow-oak"): Promise<ShopifyOrder> {
    const shop = this.addShop(shopName);
    const order = buildShopifyOrder(seed, shopName, this.clock.nowSec());
    shop.orders.push(order);
    if (this.installed(shopName)) await this.sendWebhook(shopName, "orders/create", orderWebhookBody(order));
    return order;
  }

  /** The merchant fulfils the order in Shopify's admin, not through the app. */
  shipByHand(orderId: number, trackingNumber: string, company = "Royal Mail"): ShopifyFulfillment | null {
    const order = [...this.shops.values()].flatMap((s) => s.orders).find((o) => o.id === orderId);
    const fo = order?.fulfillmentOrders.find((x) => x.status === "OPEN" || x.status === "IN_PROGRESS");
    if (!order || !fo) return null;
    const lines = fo.lineItems.filter((l) => l.remainingQuantity > 0).map((l) => ({ id: l.id, quantity: l.remainingQuantity }));
    const f = fulfil(order, fo, lines, [{ company, number: trackingNumber, url: null }], false, this.clock.nowSec());
    this.record(order, f, true);
    return f;
  }

  fail(fault: Fault) {
    this.faults.add(fault);
  }

  /** Called for each fulfilment made (by the GraphQL mutation, or by hand above). */
  record(order: ShopifyOrder, f: ShopifyFulfillment, byHand: boolean) {
    const t = f.trackingInfo[0];
    this.fulfilments.push({ marketplace: "shopify", shop: order.shop, orderId: gid("Order", order.id), trackingNumber: t?.number ?? "", carrier: t?.company ?? "", lineItems: f.fulfillmentOrderLineItems.map((l) => ({ id: gid("FulfillmentOrderLineItem", l.id), quantity: l.quantity })), at: this.clock.nowSec(), byHand });
  }

  installed(shop: string): boolean {
    return [...this.tokens.values()].some((t) => t.shop === shop);
  }

  /** The merchant uninstalls the app: its tokens stop working, and `app/uninstalled` is sent. */
  async uninstall(shop: string) {
    for (const [t, v] of this.tokens) if (v.shop === shop) this.tokens.delete(t);
    await this.sendWebhook(shop, "app/uninstalled", { id: 1, name: shop, domain: `${shop}.myshopify.com`, myshopify_domain: `${shop}.myshopify.com` });
  }

  /** Sends one webhook of the app's subscriptions, signed as Shopify signs them. `badHmac` spoils the signature. */
  async sendWebhook(shop: string, topic: string, payload: unknown, options: { badHmac?: boolean } = {}): Promise<WebhookDelivery> {
    const body = JSON.stringify(payload);
    const delivery: WebhookDelivery = { id: crypto.randomUUID(), topic, shop, body, status: null };
    this.webhooks.push(delivery);
    if (!this.app.webhookUrl) return delivery;
    const signature = base64(await hmacSha256(options.badHmac ? `${this.app.clientSecret}x` : this.app.clientSecret, body));
    const headers = {
      "Content-Type": "application/json",
      "X-Shopify-Topic": topic,
      "X-Shopify-Shop-Domain": `${shop}.myshopify.com`,
      "X-Shopify-Webhook-Id": delivery.id,
      "X-Shopify-Event-Id": crypto.randomUUID(),
      "X-Shopify-API-Version": API_VERSION,
      "X-Shopify-Triggered-At": new Date(this.clock.nowMs()).toISOString(),
      "X-Shopify-Hmac-Sha256": signature,
    };
    try {
      delivery.status = (await this.deliver(new Request(this.app.webhookUrl, { method: "POST", headers, body }))).status;
    } catch {
      delivery.status = null;
    }
    return delivery;
  }

  /** `requested`: the refused query's cost, which Shopify reports with THROTTLED (a queued fault: none). */
  faultAnswer(kind: FaultKind, shop?: Shop, requested = 0): Response {
    if (kind === "expired_token") return json(401, { errors: UNAUTHORIZED });
    if (kind === "rate_limited") return json(200, { errors: [{ message: "Throttled", extensions: { code: "THROTTLED", documentation: "https://shopify.dev/api/usage/rate-limits" } }], extensions: { cost: this.costBody(requested, null, shop) } });
    return json(500, { errors: "Internal Server Error" });
  }

  async handle(req: Request, url: URL, shopName: string, path: string): Promise<Response> {
    if (!/^[a-z0-9][a-z0-9-]*$/.test(shopName)) return json(404, { errors: "Not Found" });
    const shop = this.addShop(shopName);
    if (path === "/admin/oauth/authorize") return this.authorize(req, url, shopName);
    if (path === "/admin/oauth/access_token" && req.method === "POST") return this.accessToken(req, shopName);
    if (!/^\/admin\/api\/\d{4}-\d{2}\/graphql\.json$/.test(path) || req.method !== "POST") return json(404, { errors: "Not Found" });
    const kind = this.faults.take(req.method, path);
    if (kind) return this.faultAnswer(kind, shop);
    const grant = this.tokens.get(req.headers.get("X-Shopify-Access-Token") ?? "");
    if (!grant || grant.shop !== shopName) return json(401, { errors: UNAUTHORIZED });
    let body: Record<string, unknown>;
    try {
      body = await readFields(req);
    } catch {
      return json(400, { errors: { query: "Required parameter missing or invalid" } });
    }
    return this.graphql(shop, grant.scopes, str(body.query) ?? "", (body.variables as Record<string, unknown> | undefined) ?? {});
  }

  private refill(shop: Shop) {
    const max = this.app.maximumAvailable ?? 2000;
    const now = this.clock.nowMs();
    shop.bucket.available = Math.min(max, shop.bucket.available + ((now - shop.bucket.at) / 1000) * (this.app.restoreRate ?? 100));
    shop.bucket.at = now;
  }

  private costBody(requested: number, actual: number | null, shop?: Shop) {
    return {
      requestedQueryCost: requested,
      actualQueryCost: actual,
      throttleStatus: { maximumAvailable: this.app.maximumAvailable ?? 2000, currentlyAvailable: Math.floor(shop?.bucket.available ?? 0), restoreRate: this.app.restoreRate ?? 100 },
    };
  }

  private async graphql(shop: Shop, scopes: string[], source: string, variables: Record<string, unknown>): Promise<Response> {
    let doc: ReturnType<typeof parse>;
    try {
      doc = parse(source);
    } catch (err) {
      return json(200, { errors: [{ message: (err as GraphQLError).message, locations: (err as GraphQLError).locations }] });
    }
    const invalid = validate(shopifySchema, doc);
    if (invalid.length) return json(200, { errors: invalid.map((e) => ({ message: e.message, locations: e.locations, extensions: { code: "GRAPHQL_VALIDATION_FAILED" } })) });
    const cost = requestedCost(doc, variables);
    this.refill(shop);
    if (cost > 1000) return json(200, { errors: [{ message: `Query cost is ${cost}, which exceeds the single query max cost limit (1000).`, extensions: { code: "MAX_COST_EXCEEDED", cost, maxCost: 1000 } }] });
    if (cost > shop.bucket.available) return this.faultAnswer("rate_limited", shop, cost);
    shop.bucket.available -= cost;
    const context: ShopContext = { shop: shop.name, scopes, orders: shop.orders, nowSec: this.clock.nowSec(), fulfilled: (order, f) => this.record(order, f, false) };
    const result = await execute({ schema: shopifySchema, document: doc, rootValue: shopifyRoot, contextValue: context, variableValues: variables });
    return json(200, { ...result, extensions: { cost: this.costBody(cost, cost, shop) } });
  }

  private async authorize(req: Request, url: URL, shop: string): Promise<Response> {
    const q = req.method === "POST" ? new URLSearchParams(await bodyText(req)) : url.searchParams;
    if (q.get("client_id") !== this.app.clientId) return consentPage.error("Shopify", "The app could not be found (unknown client_id).");
    const redirectUri = q.get("redirect_uri") ?? "";
    if (!this.app.redirectUris.includes(redirectUri)) return consentPage.error("Shopify", "Oauth error invalid_request: The redirect_uri is not whitelisted");
    const scope = q.get("scope") ?? "";
    if (req.method === "POST") {
      if (q.get("action") !== "agree") return page("Shopify", `<div class="card"><h1>The app was not installed</h1><p>You can install it later from the app's page.</p></div>`);
      const code = randomToken(32).toLowerCase();
      this.codes.set(code, { shop, scope, expiresAt: this.clock.nowSec() + 600 });
      const params = new URLSearchParams({ code, host: btoa(`admin.shopify.com/store/${shop}`).replace(/=+$/, ""), shop: `${shop}.myshopify.com`, state: q.get("state") ?? "", timestamp: String(this.clock.nowSec()) });
      params.sort();
      params.set("hmac", hex(await hmacSha256(this.app.clientSecret, params.toString())));
      const back = new URL(redirectUri);
      for (const [k, v] of params) back.searchParams.set(k, v);
      return redirect(back.toString());
    }
    return consentPage.render({
      marketplace: "Shopify",
      heading: `Install Parcelhive on ${shop}?`,
      detail: `The app asks to: ${scope.split(",").join(", ")}.`,
      accounts: [],
      accountField: "account",
      hidden: Object.fromEntries(q),
      action: `${this.prefix}/${shop}/admin/oauth/authorize`,
      agree: "Install app",
      decline: "Cancel",
    });
  }

  private async accessToken(req: Request, shop: string): Promise<Response> {
    let f: Record<string, unknown>;
    try {
      f = await readFields(req);
    } catch {
      return json(400, { error: "invalid_request", error_description: "The request body could not be read" });
    }
    if (str(f.client_id) !== this.app.clientId || str(f.client_secret) !== this.app.clientSecret) return json(400, { error: "invalid_client", error_description: "Client credentials are invalid" });
    const code = str(f.code) ?? "";
    const grant = this.codes.get(code);
    this.codes.delete(code);
    if (!grant || grant.shop !== shop || grant.expiresAt <= this.clock.nowSec()) return json(400, { error: "invalid_request", error_description: "The authorization code was not found or was already used" });
    const token = `shpua_${randomToken(32).toLowerCase()}`;
    this.tokens.set(token, { shop, scopes: grant.scope.split(",").map((s) => s.trim()).filter(Boolean) });
    return json(200, { access_token: token, scope: grant.scope });
  }
}
