import { z } from "zod";
import { carrierName } from "./carriers";
import type { EbayConfig } from "./config";
import { CALL_TIMEOUT_MS, type Line, type OrderNow, type Parcel, type PushOutcome, TokenRejected } from "./fulfilment";
import { ask, type Grant, MarketplaceRefusal, oauthProblem, type Refreshed } from "./grants";
import type { OrderIn, OrderPage } from "./orders";

/**
 * eBay's side, as documented (docs/marketplaces.md 'eBay'): the consent URL with the app's RuName, the authorization
 * code grant (Basic client credentials), refreshing a user token (the refresh token does not change), and who the
 * seller is (the identity API).
 */
export const EBAY_SCOPES = ["https://api.ebay.com/oauth/api_scope/sell.fulfillment", "https://api.ebay.com/oauth/api_scope/commerce.identity.readonly"];

const tokenAnswer = z.object({ access_token: z.string().min(1), expires_in: z.number().int().positive(), refresh_token: z.string().min(1).optional(), refresh_token_expires_in: z.number().int().positive().optional() });
const userAnswer = z.object({ userId: z.string().min(1), username: z.string().min(1) });

export function ebayAuthorizeUrl(cfg: EbayConfig, state: string): string {
  const q = new URLSearchParams({ client_id: cfg.clientId, redirect_uri: cfg.ruName, response_type: "code", scope: EBAY_SCOPES.join(" "), state });
  return `${cfg.authBase}/oauth2/authorize?${q}`;
}

async function token(cfg: EbayConfig, form: Record<string, string>) {
  const res = await ask(`${cfg.apiBase}/identity/v1/oauth2/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Authorization: `Basic ${btoa(`${cfg.clientId}:${cfg.clientSecret}`)}` },
    body: new URLSearchParams(form).toString(),
  });
  if (!res.ok) throw new MarketplaceRefusal("refused", `eBay refused the grant (${await oauthProblem(res)})`);
  const parsed = tokenAnswer.safeParse(await res.json().catch(() => null));
  if (!parsed.success) throw new MarketplaceRefusal("unavailable", "eBay's token answer was not understood");
  return parsed.data;
}

export async function ebayExchange(cfg: EbayConfig, code: string, now: number): Promise<Grant> {
  const t = await token(cfg, { grant_type: "authorization_code", code, redirect_uri: cfg.ruName });
  if (!t.refresh_token) throw new MarketplaceRefusal("unavailable", "eBay's token answer had no refresh token");
  const me = await ask(`${cfg.identityBase}/commerce/identity/v1/user/`, { headers: { Authorization: `Bearer ${t.access_token}` } });
  const user = userAnswer.safeParse(me.ok ? await me.json().catch(() => null) : null);
  if (!user.success) throw new MarketplaceRefusal("refused", "eBay did not say which account was connected");
  return {
    shopId: user.data.userId,
    shopName: user.data.username,
    accessToken: t.access_token,
    accessExpiresAt: now + t.expires_in * 1000,
    refreshToken: t.refresh_token,
    refreshExpiresAt: now + (t.refresh_token_expires_in ?? 47_304_000) * 1000,
    scope: EBAY_SCOPES.join(" "),
  };
}

export async function ebayRefresh(cfg: EbayConfig, refreshToken: string, now: number): Promise<Refreshed> {
  const t = await token(cfg, { grant_type: "refresh_token", refresh_token: refreshToken, scope: EBAY_SCOPES.join(" ") });
  return { accessToken: t.access_token, accessExpiresAt: now + t.expires_in * 1000 };
}

const ebayOrder = z.object({
  orderId: z.string(),
  creationDate: z.string(),
  lastModifiedDate: z.string(),
  orderFulfillmentStatus: z.string(),
  cancelStatus: z.object({ cancelState: z.string() }).optional(),
  buyer: z.object({ username: z.string() }).optional(),
  fulfillmentStartInstructions: z
    .array(z.object({ shippingStep: z.object({ shipTo: z.object({ fullName: z.string().default(""), contactAddress: z.object({ addressLine1: z.string().default(""), addressLine2: z.string().optional(), city: z.string().default(""), postalCode: z.string().default("") }) }) }).optional() }))
    .default([]),
  lineItems: z.array(z.object({ lineItemId: z.string(), title: z.string().default(""), quantity: z.number().int(), lineItemFulfillmentInstructions: z.object({ shipByDate: z.string().optional() }).optional() })),
});
const ordersAnswer = z.object({ total: z.number().int(), orders: z.array(ebayOrder) });
const PAGE = 200;

function ebayOrderIn(o: z.infer<typeof ebayOrder>): OrderIn {
  const to = o.fulfillmentStartInstructions.find((f) => f.shippingStep)?.shippingStep?.shipTo;
  const shipBy = o.lineItems.map((l) => Date.parse(l.lineItemFulfillmentInstructions?.shipByDate ?? "")).filter((t) => !Number.isNaN(t));
  return {
    externalId: o.orderId,
    reference: o.orderId,
    recipientName: to?.fullName ?? "",
    postcode: to?.contactAddress.postalCode ?? "",
    address: [to?.contactAddress.addressLine1, to?.contactAddress.addressLine2, to?.contactAddress.city].filter((s): s is string => !!s),
    buyerRef: o.buyer?.username ?? null,
    items: o.lineItems.map((l) => ({ id: l.lineItemId, title: l.title, quantity: l.quantity })),
    orderedAt: Date.parse(o.creationDate),
    dispatchBy: shipBy.length ? Math.min(...shipBy) : null,
    status: o.cancelStatus?.cancelState === "CANCELED" ? "cancelled" : o.orderFulfillmentStatus === "FULFILLED" ? "dispatched" : "awaiting",
    changedAt: Date.parse(o.lastModifiedDate),
  };
}

/**
 * One page of getOrders (200 a page): at first the orders awaiting dispatch (eBay's last 90 days); after that every
 * order changed since `since`, whatever its state, so one dispatched by hand or cancelled is seen too.
 */
export async function ebayOrdersPage(cfg: EbayConfig, accessToken: string, since: number | null, offset: number): Promise<OrderPage<number>> {
  const filter = since === null ? "orderfulfillmentstatus:{NOT_STARTED|IN_PROGRESS}" : `lastmodifieddate:[${new Date(since).toISOString()}..]`;
  const res = await ask(`${cfg.apiBase}/sell/fulfillment/v1/order?${new URLSearchParams({ filter, limit: String(PAGE), offset: String(offset) })}`, { headers: { Authorization: `Bearer ${accessToken}` } });
  if (res.status === 401 || res.status === 403) throw new MarketplaceRefusal("refused", `eBay refused the orders call (HTTP ${res.status})`);
  const parsed = ordersAnswer.safeParse(res.ok ? await res.json().catch(() => null) : null);
  if (!parsed.success) throw new MarketplaceRefusal("unavailable", `eBay's orders answer was not understood (HTTP ${res.status})`);
  return { orders: parsed.data.orders.map(ebayOrderIn), next: offset + PAGE < parsed.data.total ? offset + PAGE : null };
}

const fulfilmentsAnswer = z.object({ fulfillments: z.array(z.object({ shipmentTrackingNumber: z.string().optional(), lineItems: z.array(z.object({ lineItemId: z.string(), quantity: z.number().int() })).default([]) })).default([]) });
const errorsAnswer = z.object({ errors: z.array(z.object({ errorId: z.number().int(), message: z.string() })).min(1) });

async function ebayProblem(res: Response): Promise<{ errorId: number | null; message: string }> {
  const parsed = errorsAnswer.safeParse(await res.json().catch(() => null));
  return parsed.success ? { errorId: parsed.data.errors[0].errorId, message: parsed.data.errors[0].message } : { errorId: null, message: `HTTP ${res.status}` };
}

const orderPath = (cfg: EbayConfig, orderId: string) => `${cfg.apiBase}/sell/fulfillment/v1/order/${encodeURIComponent(orderId)}/shipping_fulfillment`;

/** The order's packages so far (getShippingFulfillments): what is left of each line, and every tracking number on it. */
export async function ebayOrderNow(cfg: EbayConfig, accessToken: string, orderId: string, lines: Line[]): Promise<OrderNow> {
  const res = await ask(orderPath(cfg, orderId), { headers: { Authorization: `Bearer ${accessToken}` }, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  if (res.status === 401) throw new TokenRejected("eBay rejected the access token");
  if (!res.ok) throw new MarketplaceRefusal("refused", `eBay did not show the order's packages: ${(await ebayProblem(res)).message}`);
  const parsed = fulfilmentsAnswer.safeParse(await res.json().catch(() => null));
  if (!parsed.success) throw new MarketplaceRefusal("unavailable", "eBay's packages answer was not understood");
  const shipped = new Map<string, number>();
  for (const f of parsed.data.fulfillments) for (const l of f.lineItems) shipped.set(l.lineItemId, (shipped.get(l.lineItemId) ?? 0) + l.quantity);
  return {
    cancelled: false,
    remaining: lines.map((l) => ({ id: l.id, quantity: l.quantity - (shipped.get(l.id) ?? 0) })).filter((l) => l.quantity > 0),
    trackingCodes: parsed.data.fulfillments.flatMap((f) => (f.shipmentTrackingNumber ? [f.shipmentTrackingNumber] : [])),
  };
}

/**
 * One package (createShippingFulfillment): its line items with quantities, the shipped date, eBay's carrier code and
 * the tracking number. 409: those line items are shipped already. 32300: eBay does not take the carrier or the code.
 */
export async function ebayShipPackage(cfg: EbayConfig, accessToken: string, orderId: string, lines: Line[], parcel: Parcel): Promise<PushOutcome> {
  const body = { lineItems: lines.map((l) => ({ lineItemId: l.id, quantity: l.quantity })), shippedDate: new Date(parcel.shippedAt).toISOString(), shippingCarrierCode: carrierName("ebay", parcel.courier), trackingNumber: parcel.trackingCode };
  const res = await ask(orderPath(cfg, orderId), { method: "POST", headers: { Authorization: `Bearer ${accessToken}`, "Content-Type": "application/json" }, body: JSON.stringify(body), signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  if (res.status === 201) return { kind: "sent", ref: res.headers.get("Location")?.split("/").pop() ?? null };
  if (res.status === 401) throw new TokenRejected("eBay rejected the access token");
  if (res.status === 409) return { kind: "already" };
  const problem = await ebayProblem(res);
  if (problem.errorId === 32300) return { kind: "refused", reason: `eBay did not accept the carrier (${body.shippingCarrierCode}) or the tracking code ${parcel.trackingCode}` };
  return { kind: "refused", reason: `eBay refused the tracking: ${problem.message}` };
}
