import { z } from "zod";
import { timingSafeEqual, toHex } from "../lib/crypto";
import type { ShopifyConfig } from "./config";
import { ask, type Grant, MarketplaceRefusal, oauthProblem } from "./grants";

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

async function hmacHex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return toHex(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(message)));
}

/** True when the callback's parameters carry Shopify's signature: HMAC-SHA256 of the others, sorted, as `k=v&…`. */
export async function signedByShopify(cfg: ShopifyConfig, params: Record<string, string>): Promise<boolean> {
  const { hmac, ...rest } = params;
  if (!hmac) return false;
  const message = Object.keys(rest)
    .sort()
    .map((k) => `${k}=${rest[k]}`)
    .join("&");
  return timingSafeEqual(await hmacHex(cfg.clientSecret, message), hmac);
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
