import { bodyText } from "../standin-http.ts";
import { type Clock, Faults, type Fault, type FaultKind, type Fulfilment, json, type OrderSeed, randomToken, readFields, redirect, str } from "./common.ts";
import { buildEbayOrder, EBAY_CARRIER_CODES, type EbayShippingFulfillment, shipEbayPackage, type StoredEbayOrder } from "./ebay-orders.ts";
import { EbayNotifications } from "./ebay-notifications.ts";
import { consentPage } from "./pages.ts";

/**
 * eBay for one developer app, under the stand-in's `/ebay` prefix (api.ebay.com, apiz.ebay.com and auth.ebay.com):
 * the authorization code grant with its RuName, user tokens of 2 hours and refresh tokens of 18 months (a refresh
 * does not rotate them), the Sell Fulfillment API's getOrders / getOrder / createShippingFulfillment /
 * getShippingFulfillments, the identity API's getUser, and the marketplace account deletion notifications
 * (ebay-notifications.ts). Errors in eBay's `{ errors: [{ errorId, domain, category, message }] }` envelope;
 * OAuth errors as `{ error, error_description }`. docs/marketplaces.md has the sources.
 */
export interface EbayApp {
  clientId: string;
  clientSecret: string;
  /** The app's RuName: what it sends as redirect_uri. */
  ruName: string;
  /** Where eBay sends the browser for this RuName: the 'auth accepted URL' (and the declined one). */
  acceptedUrl: string;
  declinedUrl?: string;
  /** getOrders and friends: calls a day for the app (eBay's call limits are per app per day). */
  callsPerDay?: number;
}

export const EBAY_SCOPES = {
  fulfillment: "https://api.ebay.com/oauth/api_scope/sell.fulfillment",
  identity: "https://api.ebay.com/oauth/api_scope/commerce.identity.readonly",
  app: "https://api.ebay.com/oauth/api_scope",
};

interface Seller {
  userId: string;
  username: string;
}

interface Grant {
  seller: string;
  scope: string;
  expiresAt: number;
}

const ACCESS_SECONDS = 7200;
const REFRESH_SECONDS = 47_304_000;

type EbayError = { errorId: number; domain: string; category: string; message: string; longMessage?: string; parameters?: { name: string; value: string }[] };
export const ebayError = (status: number, errors: EbayError[], headers: Record<string, string> = {}) => json(status, { errors }, headers);
const requestError = (errorId: number, message: string, status = 400) => ebayError(status, [{ errorId, domain: "API_FULFILLMENT", category: "REQUEST", message }]);
const oauthError = (status: number, error: string, description: string) => json(status, { error, error_description: description });

export class EbayStandin {
  readonly sellers = new Map<string, Seller>();
  readonly orders = new Map<string, StoredEbayOrder>();
  readonly faults = new Faults();
  /** Every package recorded, through the API or by hand: what tests and the dashboard read back. */
  readonly fulfilments: Fulfilment[] = [];
  readonly notifications: EbayNotifications;
  private codes = new Map<string, Grant>();
  private accessTokens = new Map<string, Grant>();
  private refreshTokens = new Map<string, Grant>();
  private appTokens = new Map<string, number>();
  private calls = { day: "", count: 0 };

  readonly app: EbayApp;
  readonly clock: Clock;
  /** Where eBay's hosts sit on the stand-in: `/ebay`. */
  readonly prefix: string;

  constructor(app: EbayApp, clock: Clock, prefix: string, deliver: (req: Request) => Promise<Response>) {
    this.app = app;
    this.clock = clock;
    this.prefix = prefix;
    this.notifications = new EbayNotifications(this, deliver);
    this.addSeller("parcelhive_test_seller");
  }

  addSeller(username: string): Seller {
    const existing = [...this.sellers.values()].find((s) => s.username === username);
    if (existing) return existing;
    const seller = { userId: randomToken(11), username };
    this.sellers.set(seller.userId, seller);
    return seller;
  }

  seedOrder(seed: OrderSeed, username = "parcelhive_test_seller"): StoredEbayOrder {
    const seller = this.addSeller(username);
    const stored = buildEbayOrder(seed, seller.userId, this.clock.nowSec());
    stored.order.sellerId = seller.username;
    this.orders.set(stored.order.orderId, stored);
    return stored;
  }

  /** The seller marks the order dispatched in Seller Hub, not through the API: every line item in one package. */
  shipByHand(orderId: string, trackingNumber: string, carrier = "RoyalMail"): EbayShippingFulfillment | null {
    const stored = this.orders.get(orderId);
    if (!stored) return null;
    const lineItems = stored.order.lineItems.map((li) => ({ lineItemId: li.lineItemId, quantity: li.quantity - (stored.shipped.get(li.lineItemId) ?? 0) })).filter((li) => li.quantity > 0);
    const f = { fulfillmentId: trackingNumber, lineItems, shipmentTrackingNumber: trackingNumber, shippedDate: new Date(this.clock.nowMs()).toISOString(), shippingCarrierCode: carrier };
    shipEbayPackage(stored, f, this.clock.nowSec(), this.apiBase);
    this.record(stored, f, true);
    return f;
  }

  fail(fault: Fault) {
    this.faults.add(fault);
  }

  private record(stored: StoredEbayOrder, f: EbayShippingFulfillment, byHand: boolean) {
    const shop = [...this.sellers.values()].find((s) => s.userId === stored.seller)?.username ?? stored.seller;
    this.fulfilments.push({ marketplace: "ebay", shop, orderId: stored.order.orderId, trackingNumber: f.shipmentTrackingNumber, carrier: f.shippingCarrierCode, lineItems: f.lineItems.map((l) => ({ id: l.lineItemId, quantity: l.quantity })), at: this.clock.nowSec(), byHand });
  }

  get apiBase() {
    return this.prefix;
  }

  async handle(req: Request, url: URL, path: string): Promise<Response> {
    if (path === "/oauth2/authorize") return this.authorize(req, url);
    if (path === "/identity/v1/oauth2/token" && req.method === "POST") return this.token(req);
    const kind = this.faults.take(req.method, path);
    if (kind) return this.faultAnswer(kind);
    const key = path.match(/^\/commerce\/notification\/v1\/public_key\/([^/]+)$/);
    if (key && req.method === "GET") return this.notifications.publicKey(req, decodeURIComponent(key[1]));
    const grant = this.bearer(req);
    if (!grant) return ebayError(401, [{ errorId: 1001, domain: "OAuth", category: "REQUEST", message: "Invalid access token", longMessage: "Invalid access token. Check the value of the Authorization HTTP request header." }]);
    if (!this.countCall()) return this.faultAnswer("rate_limited");
    if (path === "/commerce/identity/v1/user/" && req.method === "GET") {
      if (!grant.scope.includes(EBAY_SCOPES.identity)) return this.insufficientScope();
      const seller = this.sellers.get(grant.seller)!;
      return json(200, { userId: seller.userId, username: seller.username, accountType: "INDIVIDUAL", registrationMarketplaceId: "EBAY_GB", status: "CONFIRMED" });
    }
    if (!path.startsWith("/sell/fulfillment/v1/order")) return json(404, { errors: [{ errorId: 2002, domain: "ACCESS", category: "REQUEST", message: "Resource not found" }] });
    if (!grant.scope.includes(EBAY_SCOPES.fulfillment)) return this.insufficientScope();
    if (path === "/sell/fulfillment/v1/order" && req.method === "GET") return this.getOrders(url, grant.seller);
    const one = path.match(/^\/sell\/fulfillment\/v1\/order\/([^/]+)(\/shipping_fulfillment)?$/);
    if (!one) return json(404, { errors: [{ errorId: 2002, domain: "ACCESS", category: "REQUEST", message: "Resource not found" }] });
    const stored = this.orders.get(decodeURIComponent(one[1]));
    if (!stored || stored.seller !== grant.seller) return requestError(32100, `Invalid order ID: ${decodeURIComponent(one[1])}`);
    if (!one[2] && req.method === "GET") return json(200, stored.order);
    if (one[2] && req.method === "GET") return json(200, { fulfillments: stored.fulfillments, total: stored.fulfillments.length });
    if (one[2] && req.method === "POST") return this.createFulfillment(req, stored);
    return json(405, { errors: [{ errorId: 2003, domain: "ACCESS", category: "REQUEST", message: "Method not allowed" }] });
  }

  faultAnswer(kind: FaultKind): Response {
    if (kind === "expired_token") return ebayError(401, [{ errorId: 1001, domain: "OAuth", category: "REQUEST", message: "Invalid access token", longMessage: "Invalid access token. Check the value of the Authorization HTTP request header." }]);
    if (kind === "rate_limited") return ebayError(429, [{ errorId: 2001, domain: "ACCESS", category: "REQUEST", message: "Too many requests. The request limit has been reached for the resource." }]);
    return ebayError(500, [{ errorId: 30500, domain: "API_FULFILLMENT", category: "APPLICATION", message: "System error" }]);
  }

  private insufficientScope() {
    return ebayError(403, [{ errorId: 1100, domain: "ACCESS", category: "REQUEST", message: "Access denied", longMessage: "Insufficient permissions to fulfill the request." }]);
  }

  /** Calls a day for the app, on the stand-in's clock (UTC days). */
  private countCall(): boolean {
    const day = new Date(this.clock.nowMs()).toISOString().slice(0, 10);
    if (this.calls.day !== day) this.calls = { day, count: 0 };
    if (this.calls.count >= (this.app.callsPerDay ?? 100_000)) return false;
    this.calls.count++;
    return true;
  }

  private bearer(req: Request): Grant | null {
    const auth = req.headers.get("Authorization") ?? "";
    const token = /^Bearer /i.test(auth) ? auth.slice(7).trim() : "";
    const grant = this.accessTokens.get(token);
    if (grant && grant.expiresAt > this.clock.nowSec()) return grant;
    return null;
  }

  /** An application token (client credentials): what the public key call takes. */
  hasAppToken(req: Request): boolean {
    const auth = req.headers.get("Authorization") ?? "";
    const expires = this.appTokens.get(/^Bearer /i.test(auth) ? auth.slice(7).trim() : "");
    return expires !== undefined && expires > this.clock.nowSec();
  }

  private async authorize(req: Request, url: URL): Promise<Response> {
    const q = req.method === "POST" ? new URLSearchParams(await bodyText(req)) : url.searchParams;
    const state = q.get("state");
    if (q.get("client_id") !== this.app.clientId) return consentPage.error("eBay", "The application could not be found (unknown client_id).");
    if (q.get("redirect_uri") !== this.app.ruName) return consentPage.error("eBay", "The redirect_uri is not this application's RuName.");
    if (q.get("response_type") !== "code") return consentPage.error("eBay", "response_type must be code.");
    const scope = q.get("scope") ?? "";
    if (!scope.split(" ").every((s) => Object.values(EBAY_SCOPES).includes(s))) return consentPage.error("eBay", "The scope is not valid for this application.");
    if (req.method === "POST") {
      const back = new URL(q.get("action") === "agree" ? this.app.acceptedUrl : (this.app.declinedUrl ?? this.app.acceptedUrl));
      if (state !== null) back.searchParams.set("state", state);
      if (q.get("action") !== "agree") return redirect(back.toString());
      const seller = this.sellers.get(q.get("seller") ?? "") ?? [...this.sellers.values()][0];
      const code = `v^1.1#i^1#r^1#f^0#I^3#p^3#t^${randomToken(40)}`;
      this.codes.set(code, { seller: seller.userId, scope, expiresAt: this.clock.nowSec() + 299 });
      back.searchParams.set("code", code);
      back.searchParams.set("expires_in", "299");
      return redirect(back.toString());
    }
    return consentPage.render({
      marketplace: "eBay",
      heading: "Grant application access",
      detail: `Parcelhive would like to see and manage your orders and their shipping on eBay (${scope.split(" ").length} permissions).`,
      accounts: [...this.sellers.values()].map((s) => ({ value: s.userId, label: s.username })),
      accountField: "seller",
      hidden: Object.fromEntries(q),
      action: `${this.prefix}/oauth2/authorize`,
      agree: "Agree",
      decline: "Not now",
    });
  }

  private async token(req: Request): Promise<Response> {
    const auth = req.headers.get("Authorization") ?? "";
    const [id, secret] = /^Basic /i.test(auth) ? atob(auth.slice(6).trim()).split(":") : [];
    if (id !== this.app.clientId || secret !== this.app.clientSecret) return oauthError(401, "invalid_client", "client authentication failed");
    const form = new URLSearchParams(await bodyText(req));
    const now = this.clock.nowSec();
    const grantType = form.get("grant_type");
    if (grantType === "client_credentials") {
      const token = `v^1.1#i^1#f^0#p^1#r^0#I^3#t^${randomToken(60)}`;
      this.appTokens.set(token, now + ACCESS_SECONDS);
      return json(200, { access_token: token, expires_in: ACCESS_SECONDS, token_type: "Application Access Token" });
    }
    if (grantType === "authorization_code") {
      const grant = this.codes.get(form.get("code") ?? "");
      this.codes.delete(form.get("code") ?? "");
      if (!grant || grant.expiresAt <= now) return oauthError(400, "invalid_grant", "the provided authorization grant code is invalid or was issued to another client");
      if (form.get("redirect_uri") !== this.app.ruName) return oauthError(400, "invalid_grant", "the provided authorization grant code is invalid or was issued to another client");
      const refresh = `v^1.1#i^1#p^3#r^1#I^3#f^0#t^${randomToken(80)}`;
      this.refreshTokens.set(refresh, { ...grant, expiresAt: now + REFRESH_SECONDS });
      return json(200, { ...this.mint(grant), refresh_token: refresh, refresh_token_expires_in: REFRESH_SECONDS });
    }
    if (grantType === "refresh_token") {
      const grant = this.refreshTokens.get(form.get("refresh_token") ?? "");
      if (!grant || grant.expiresAt <= now) return oauthError(400, "invalid_grant", "the provided authorization refresh token is invalid or was issued to another client");
      const asked = form.get("scope");
      if (asked && !asked.split(" ").every((s) => grant.scope.split(" ").includes(s))) return oauthError(400, "invalid_scope", "the requested scope is invalid, unknown, malformed, or exceeds the scope granted to the client");
      return json(200, this.mint(grant));
    }
    return oauthError(400, "unsupported_grant_type", "grant type in request is not supported by the authorization server");
  }

  /** Revokes every token of a seller (the seller removed the app's access in their eBay account). */
  revoke(userId: string) {
    for (const map of [this.accessTokens, this.refreshTokens]) for (const [t, g] of map) if (g.seller === userId) map.delete(t);
  }

  private mint(grant: Grant) {
    const token = `v^1.1#i^1#I^3#r^0#p^3#f^0#t^${randomToken(120)}`;
    this.accessTokens.set(token, { seller: grant.seller, scope: grant.scope, expiresAt: this.clock.nowSec() + ACCESS_SECONDS });
    return { access_token: token, expires_in: ACCESS_SECONDS, token_type: "User Access Token" };
  }

  private getOrders(url: URL, seller: string): Response {
    const q = url.searchParams;
    const limit = Number(q.get("limit") ?? 50);
    if (!Number.isInteger(limit) || limit < 1 || limit > 200) return requestError(31100, `Invalid limit: ${q.get("limit")}`);
    const offset = Number(q.get("offset") ?? 0);
    if (!Number.isInteger(offset) || offset < 0) return requestError(31000, `Invalid offset: ${q.get("offset")}`);
    let mine = [...this.orders.values()].filter((o) => o.seller === seller);
    const ids = q.get("orderIds");
    if (ids) {
      const list = ids.split(",").map((s) => s.trim());
      if (list.length > 50) return requestError(30900, "Exceeded maximum number of order IDs (the current limit is 50)");
      mine = mine.filter((o) => list.includes(o.order.orderId));
    } else {
      const filtered = applyFilter(mine, q.get("filter"), this.clock.nowMs());
      if (filtered instanceof Response) return filtered;
      mine = filtered;
    }
    // eBay does not promise an order; the stand-in lists newest first, as Seller Hub does.
    mine.sort((a, b) => b.order.creationDate.localeCompare(a.order.creationDate) || b.order.orderId.localeCompare(a.order.orderId));
    const page = mine.slice(offset, offset + limit);
    const link = (off: number) => {
      const u = new URL(url);
      u.searchParams.set("limit", String(limit));
      u.searchParams.set("offset", String(off));
      return u.toString();
    };
    return json(200, {
      href: link(offset),
      total: mine.length,
      limit,
      offset,
      ...(offset + limit < mine.length ? { next: link(offset + limit) } : {}),
      ...(offset > 0 ? { prev: link(Math.max(0, offset - limit)) } : {}),
      orders: page.map((o) => o.order),
    });
  }

  private async createFulfillment(req: Request, stored: StoredEbayOrder): Promise<Response> {
    let body: Record<string, unknown>;
    try {
      // eBay reads the body as JSON whatever the Content-Type says.
      body = await readFields(new Request(req.url, { method: "POST", headers: { "Content-Type": "application/json" }, body: await bodyText(req) }));
    } catch {
      return requestError(32600, "Invalid input data");
    }
    const lines = Array.isArray(body.lineItems) ? (body.lineItems as { lineItemId?: unknown; quantity?: unknown }[]) : [];
    if (!lines.length) return requestError(32600, "Invalid input data");
    const seen = new Set<string>();
    for (const li of lines) {
      const item = stored.order.lineItems.find((x) => x.lineItemId === li.lineItemId);
      if (!item) return requestError(32200, `Invalid line item id: ${String(li.lineItemId)}`);
      if (seen.has(item.lineItemId)) return requestError(32210, "Duplicate line item in the request");
      seen.add(item.lineItemId);
      if (li.quantity !== undefined && (!Number.isInteger(li.quantity) || (li.quantity as number) < 1)) return requestError(32600, "Invalid input data");
    }
    const carrier = str(body.shippingCarrierCode);
    const tracking = str(body.trackingNumber);
    if (!carrier || !EBAY_CARRIER_CODES.has(carrier) || !tracking || !/^[A-Za-z0-9]{6,40}$/.test(tracking)) return requestError(32300, "Invalid shipment tracking number or carrier");
    const shipped = str(body.shippedDate);
    if (shipped !== undefined && (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/.test(shipped) || Date.parse(shipped) > this.clock.nowMs() + 60_000)) return requestError(32500, "Invalid shipped date");
    const wanted = lines.map((li) => {
      const item = stored.order.lineItems.find((x) => x.lineItemId === li.lineItemId)!;
      const left = item.quantity - (stored.shipped.get(item.lineItemId) ?? 0);
      return { lineItemId: item.lineItemId, quantity: (li.quantity as number | undefined) ?? item.quantity, left };
    });
    // Line items already shipped in full: eBay asks for a PUT on the existing fulfilment instead (stand-in's choice).
    if (wanted.some((w) => w.left <= 0)) return requestError(34500, "Please use PUT operation for updating shipping fulfillment", 409);
    if (stored.fulfillments.length >= 20) return requestError(34100, "Maximum tracking number for order is exceeded");
    const fulfillment: EbayShippingFulfillment = {
      fulfillmentId: tracking,
      lineItems: wanted.map((w) => ({ lineItemId: w.lineItemId, quantity: Math.min(w.quantity, w.left) })),
      shipmentTrackingNumber: tracking,
      shippedDate: shipped ?? new Date(this.clock.nowMs()).toISOString(),
      shippingCarrierCode: carrier,
    };
    if (stored.fulfillments.some((f) => f.fulfillmentId === fulfillment.fulfillmentId)) fulfillment.fulfillmentId = `${tracking}-${stored.fulfillments.length}`;
    shipEbayPackage(stored, fulfillment, this.clock.nowSec(), this.apiBase);
    this.record(stored, fulfillment, false);
    const location = `${new URL(req.url).origin}${this.prefix}/sell/fulfillment/v1/order/${stored.order.orderId}/shipping_fulfillment/${fulfillment.fulfillmentId}`;
    return json(201, {}, { Location: location });
  }
}

/** getOrders' `filter`: `creationdate:[a..b]`, `lastmodifieddate:[a..]`, `orderfulfillmentstatus:{A|B}`. */
function applyFilter(orders: StoredEbayOrder[], filter: string | null, nowMs: number): StoredEbayOrder[] | Response {
  if (!filter) return orders.filter((o) => Date.parse(o.order.creationDate) >= nowMs - 90 * 86_400_000);
  const parts = [...filter.matchAll(/(\w+):(\[[^\]]*\]|\{[^}]*\})/g)];
  if (!parts.length || parts.map((p) => p[0]).join(",") !== filter) return requestError(30800, `Invalid filter value ${filter} for filter filter`);
  let out = orders;
  const byName = new Map(parts.map((p) => [p[1], p[2]]));
  for (const name of byName.keys()) if (!["creationdate", "lastmodifieddate", "orderfulfillmentstatus"].includes(name)) return requestError(30700, `Invalid filter name: ${name}`);
  const dateField = byName.has("creationdate") ? "creationdate" : byName.has("lastmodifieddate") ? "lastmodifieddate" : null;
  if (dateField) {
    const m = byName.get(dateField)!.match(/^\[(.*?)\.\.(.*)\]$/);
    if (!m) return requestError(30800, `Invalid filter value ${byName.get(dateField)} for filter ${dateField}`);
    const isoDate = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
    if (!m[1]) return requestError(30820, "Start date is missing");
    if (!isoDate.test(m[1]) || (m[2] && !isoDate.test(m[2]))) return requestError(30810, "Invalid date format");
    if (Date.parse(m[1]) > nowMs) return requestError(30850, "Start and end dates can't be in the future");
    const from = Date.parse(m[1]);
    const to = m[2] ? Date.parse(m[2]) : Number.POSITIVE_INFINITY;
    if (to < from) return requestError(30840, "Start date should be before end date");
    const field = dateField === "creationdate" ? "creationDate" : "lastModifiedDate";
    out = out.filter((o) => Date.parse(o.order[field]) >= from && Date.parse(o.order[field]) <= to);
  }
  const status = byName.get("orderfulfillmentstatus");
  if (status) {
    const wanted = status.slice(1, -1).split("|").sort().join("|");
    if (wanted !== "IN_PROGRESS|NOT_STARTED" && wanted !== "FULFILLED|IN_PROGRESS") return requestError(30800, `Invalid filter value ${status} for filter orderfulfillmentstatus`);
    out = out.filter((o) => wanted.split("|").includes(o.order.orderFulfillmentStatus));
  }
  return out;
}
