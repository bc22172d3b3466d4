import { z } from "zod";
import { base64url } from "../lib/crypto";
import { carrierName } from "./carriers";
import type { EtsyConfig } from "./config";
import { CALL_TIMEOUT_MS, type Line, type OrderNow, type Parcel, type PushOutcome, TokenRejected } from "./fulfilment";
import { ask, type Grant, MarketplaceRefusal, oauthProblem, type Refreshed } from "./grants";
import type { OrderIn, OrderPage } from "./orders";

/**
 * Etsy's side, as documented (docs/marketplaces.md 'Etsy'): OAuth 2 with PKCE S256, every call with
 * `x-api-key: keystring:shared secret`, and a refresh token that is replaced on every use (connections.ts refreshes
 * one Etsy connection at a time, so the replaced token is never sent twice).
 */
export const ETSY_SCOPES = "transactions_r transactions_w";

const tokenAnswer = z.object({ access_token: z.string().min(1), expires_in: z.number().int().positive(), refresh_token: z.string().min(1) });
const meAnswer = z.object({ user_id: z.number().int(), shop_id: z.number().int().nullable().optional() });
const shopAnswer = z.object({ shop_id: z.number().int(), shop_name: z.string().min(1) });
/** Etsy keeps a refresh token 90 days from when it is issued. */
const REFRESH_MS = 90 * 86_400_000;

export const etsyApiKey = (cfg: EtsyConfig) => `${cfg.keystring}:${cfg.sharedSecret}`;

/** A PKCE verifier (43 characters) and its S256 challenge. */
export async function pkcePair(): Promise<{ verifier: string; challenge: string }> {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const challenge = base64url(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))));
  return { verifier, challenge };
}

export function etsyAuthorizeUrl(cfg: EtsyConfig, state: string, challenge: string): string {
  const q = new URLSearchParams({ response_type: "code", client_id: cfg.keystring, redirect_uri: cfg.redirectUri, scope: ETSY_SCOPES, state, code_challenge: challenge, code_challenge_method: "S256" });
  return `${cfg.connectBase}/oauth/connect?${q}`;
}

async function token(cfg: EtsyConfig, form: Record<string, string>) {
  const res = await ask(`${cfg.apiBase}/v3/public/oauth/token`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ client_id: cfg.keystring, ...form }).toString() });
  if (!res.ok) throw new MarketplaceRefusal("refused", `Etsy refused the grant (${await oauthProblem(res)})`);
  const parsed = tokenAnswer.safeParse(await res.json().catch(() => null));
  if (!parsed.success) throw new MarketplaceRefusal("unavailable", "Etsy's token answer was not understood");
  return parsed.data;
}

async function read<T>(cfg: EtsyConfig, accessToken: string, path: string, schema: z.ZodType<T>): Promise<T> {
  const res = await ask(`${cfg.apiBase}/v3/application${path}`, { headers: { "x-api-key": etsyApiKey(cfg), Authorization: `Bearer ${accessToken}` } });
  const parsed = schema.safeParse(res.ok ? await res.json().catch(() => null) : null);
  if (!parsed.success) throw new MarketplaceRefusal("refused", `Etsy did not answer ${path} (HTTP ${res.status})`);
  return parsed.data;
}

export async function etsyExchange(cfg: EtsyConfig, code: string, verifier: string, now: number): Promise<Grant> {
  const t = await token(cfg, { grant_type: "authorization_code", redirect_uri: cfg.redirectUri, code, code_verifier: verifier });
  const me = await read(cfg, t.access_token, "/users/me", meAnswer);
  if (!me.shop_id) throw new MarketplaceRefusal("refused", "This Etsy account has no shop");
  const shop = await read(cfg, t.access_token, `/shops/${me.shop_id}`, shopAnswer);
  return { shopId: String(shop.shop_id), shopName: shop.shop_name, accessToken: t.access_token, accessExpiresAt: now + t.expires_in * 1000, refreshToken: t.refresh_token, refreshExpiresAt: now + REFRESH_MS, scope: ETSY_SCOPES };
}

/** A new access token and the refresh token that replaces the one sent (which Etsy has now revoked). */
export async function etsyRefresh(cfg: EtsyConfig, refreshToken: string, now: number): Promise<Refreshed> {
  const t = await token(cfg, { grant_type: "refresh_token", refresh_token: refreshToken });
  return { accessToken: t.access_token, accessExpiresAt: now + t.expires_in * 1000, refreshToken: t.refresh_token, refreshExpiresAt: now + REFRESH_MS };
}

const receipt = z.object({
  receipt_id: z.number().int(),
  name: z.string().default(""),
  first_line: z.string().nullable().optional(),
  second_line: z.string().nullable().optional(),
  city: z.string().nullable().optional(),
  zip: z.string().nullable().optional(),
  status: z.string(),
  is_paid: z.boolean(),
  is_shipped: z.boolean(),
  create_timestamp: z.number().int(),
  update_timestamp: z.number().int(),
  buyer_user_id: z.number().int().optional(),
  transactions: z.array(z.object({ transaction_id: z.number().int(), title: z.string().nullable().optional(), quantity: z.number().int(), expected_ship_date: z.number().int().nullable().optional() })).default([]),
});
const receiptsAnswer = z.object({ count: z.number().int(), results: z.array(receipt) });
const PAGE = 100;

function etsyOrderIn(r: z.infer<typeof receipt>): OrderIn {
  const shipBy = r.transactions.map((t) => t.expected_ship_date).filter((t): t is number => typeof t === "number");
  return {
    externalId: String(r.receipt_id),
    reference: String(r.receipt_id),
    recipientName: r.name,
    postcode: r.zip ?? "",
    address: [r.first_line, r.second_line, r.city].filter((s): s is string => !!s),
    buyerRef: r.buyer_user_id ? String(r.buyer_user_id) : null,
    items: r.transactions.map((t) => ({ id: String(t.transaction_id), title: t.title ?? "", quantity: t.quantity })),
    orderedAt: r.create_timestamp * 1000,
    dispatchBy: shipBy.length ? Math.min(...shipBy) * 1000 : null,
    status: r.status === "canceled" ? "cancelled" : r.is_shipped ? "dispatched" : "awaiting",
    changedAt: r.update_timestamp * 1000,
  };
}

/**
 * One page of getShopReceipts (100 a page, oldest change first): at first the paid receipts not yet shipped; after
 * that every receipt changed since `since`, so one shipped on etsy.com or cancelled is seen too.
 */
export async function etsyOrdersPage(cfg: EtsyConfig, accessToken: string, shopId: string, since: number | null, offset: number): Promise<OrderPage<number>> {
  const q = new URLSearchParams({ limit: String(PAGE), offset: String(offset), sort_on: "updated", sort_order: "asc" });
  if (since === null) for (const [k, v] of Object.entries({ was_paid: "true", was_shipped: "false", was_canceled: "false" })) q.set(k, v);
  else q.set("min_last_modified", String(Math.max(946_684_800, Math.floor(since / 1000))));
  const res = await ask(`${cfg.apiBase}/v3/application/shops/${shopId}/receipts?${q}`, { headers: { "x-api-key": etsyApiKey(cfg), Authorization: `Bearer ${accessToken}` } });
  if (res.status === 401 || res.status === 403) throw new MarketplaceRefusal("refused", `Etsy refused the receipts call (HTTP ${res.status})`);
  const parsed = receiptsAnswer.safeParse(res.ok ? await res.json().catch(() => null) : null);
  if (!parsed.success) throw new MarketplaceRefusal("unavailable", `Etsy's receipts answer was not understood (HTTP ${res.status})`);
  // A receipt not yet paid is no order to dispatch.
  const orders = parsed.data.results.filter((r) => r.is_paid || r.status === "canceled").map(etsyOrderIn);
  return { orders, next: offset + PAGE < parsed.data.count ? offset + PAGE : null };
}

const receiptNow = z.object({ status: z.string(), is_shipped: z.boolean(), shipments: z.array(z.object({ tracking_code: z.string().nullable().optional() })).default([]) });
const etsyProblem = async (res: Response) => ((await res.json().catch(() => null)) as { error?: string } | null)?.error ?? `HTTP ${res.status}`;

/**
 * The receipt as it is (getShopReceipt): cancelled, shipped, and its shipments' tracking codes. Etsy ships a receipt
 * whole: until it is shipped everything is left; once it is, nothing, though each parcel of a split order may still
 * add its own shipment.
 */
export async function etsyOrderNow(cfg: EtsyConfig, accessToken: string, shopId: string, receiptId: string, lines: Line[]): Promise<OrderNow> {
  const res = await ask(`${cfg.apiBase}/v3/application/shops/${shopId}/receipts/${encodeURIComponent(receiptId)}`, { headers: { "x-api-key": etsyApiKey(cfg), Authorization: `Bearer ${accessToken}` }, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  if (res.status === 401) throw new TokenRejected("Etsy rejected the access token");
  if (!res.ok) throw new MarketplaceRefusal("refused", `Etsy did not show the receipt: ${await etsyProblem(res)}`);
  const parsed = receiptNow.safeParse(await res.json().catch(() => null));
  if (!parsed.success) throw new MarketplaceRefusal("unavailable", "Etsy's receipt answer was not understood");
  const r = parsed.data;
  return { cancelled: r.status === "canceled", remaining: r.is_shipped ? [] : lines, trackingCodes: r.shipments.flatMap((s) => (s.tracking_code ? [s.tracking_code] : [])) };
}

/**
 * One shipment (createReceiptShipment): the tracking code and Etsy's carrier name; Etsy mails the buyer. 409: this
 * code is on the receipt already (a call of ours that landed before its answer was lost).
 */
export async function etsyAddShipment(cfg: EtsyConfig, accessToken: string, shopId: string, receiptId: string, parcel: Parcel): Promise<PushOutcome> {
  const carrier = carrierName("etsy", parcel.courier);
  const res = await ask(`${cfg.apiBase}/v3/application/shops/${shopId}/receipts/${encodeURIComponent(receiptId)}/tracking`, {
    method: "POST",
    headers: { "x-api-key": etsyApiKey(cfg), Authorization: `Bearer ${accessToken}`, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ tracking_code: parcel.trackingCode, carrier_name: carrier, send_bcc: "false" }).toString(),
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  if (res.ok || res.status === 409) return { kind: "sent", ref: null };
  if (res.status === 401) throw new TokenRejected("Etsy rejected the access token");
  const problem = await etsyProblem(res);
  if (/carrier/i.test(problem)) return { kind: "refused", reason: `Etsy did not accept the carrier (${carrier}): ${problem}` };
  return { kind: "refused", reason: `Etsy refused the tracking: ${problem}` };
}
