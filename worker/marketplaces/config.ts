import type { Marketplace } from "./model";

/**
 * Each marketplace's developer app and addresses, from configuration (README 'Configuration'): the real services'
 * addresses unless a base is set (the local stand-in in development, docs/marketplaces.md). A marketplace whose keys
 * are missing, or any when MARKETPLACE_TOKEN_KEY is, cannot be connected: tokens are never kept unencrypted.
 */
export type MarketplaceEnv = Pick<
  Env,
  | "APP_URL"
  | "MARKETPLACE_TOKEN_KEY"
  | "EBAY_API_BASE"
  | "EBAY_AUTH_BASE"
  | "EBAY_IDENTITY_BASE"
  | "EBAY_CLIENT_ID"
  | "EBAY_CLIENT_SECRET"
  | "EBAY_RUNAME"
  | "ETSY_API_BASE"
  | "ETSY_CONNECT_BASE"
  | "ETSY_KEYSTRING"
  | "ETSY_SHARED_SECRET"
  | "SHOPIFY_SHOP_BASE"
  | "SHOPIFY_CLIENT_ID"
  | "SHOPIFY_CLIENT_SECRET"
>;

/** Where the marketplace sends the seller's browser back: a screen of the app, which hands the answer to the API. */
export const returnPath = (m: Marketplace) => `/settings/marketplaces/${m}`;

export interface EbayConfig {
  clientId: string;
  clientSecret: string;
  /** The app's RuName: eBay's stand-in for a redirect URL (its 'auth accepted URL' is returnPath('ebay')). */
  ruName: string;
  apiBase: string;
  authBase: string;
  identityBase: string;
}

export interface EtsyConfig {
  keystring: string;
  sharedSecret: string;
  apiBase: string;
  connectBase: string;
  redirectUri: string;
}

export interface ShopifyConfig {
  clientId: string;
  clientSecret: string;
  /** `https://{shop}.myshopify.com`, or the stand-in's `http://127.0.0.1:4030/shopify/{shop}`. */
  shopBase: string;
  redirectUri: string;
}

const base = (value: string | undefined, fallback: string) => (value?.trim() || fallback).replace(/\/$/, "");
const app = (env: MarketplaceEnv) => env.APP_URL.replace(/\/$/, "");

export function ebayConfig(env: MarketplaceEnv): EbayConfig | null {
  if (!env.MARKETPLACE_TOKEN_KEY || !env.EBAY_CLIENT_ID || !env.EBAY_CLIENT_SECRET || !env.EBAY_RUNAME) return null;
  return {
    clientId: env.EBAY_CLIENT_ID,
    clientSecret: env.EBAY_CLIENT_SECRET,
    ruName: env.EBAY_RUNAME,
    apiBase: base(env.EBAY_API_BASE, "https://api.ebay.com"),
    authBase: base(env.EBAY_AUTH_BASE, "https://auth.ebay.com"),
    identityBase: base(env.EBAY_IDENTITY_BASE, "https://apiz.ebay.com"),
  };
}

export function etsyConfig(env: MarketplaceEnv): EtsyConfig | null {
  if (!env.MARKETPLACE_TOKEN_KEY || !env.ETSY_KEYSTRING || !env.ETSY_SHARED_SECRET) return null;
  return { keystring: env.ETSY_KEYSTRING, sharedSecret: env.ETSY_SHARED_SECRET, apiBase: base(env.ETSY_API_BASE, "https://api.etsy.com"), connectBase: base(env.ETSY_CONNECT_BASE, "https://www.etsy.com"), redirectUri: `${app(env)}${returnPath("etsy")}` };
}

export function shopifyConfig(env: MarketplaceEnv): ShopifyConfig | null {
  if (!env.MARKETPLACE_TOKEN_KEY || !env.SHOPIFY_CLIENT_ID || !env.SHOPIFY_CLIENT_SECRET) return null;
  return { clientId: env.SHOPIFY_CLIENT_ID, clientSecret: env.SHOPIFY_CLIENT_SECRET, shopBase: base(env.SHOPIFY_SHOP_BASE, "https://{shop}.myshopify.com"), redirectUri: `${app(env)}${returnPath("shopify")}` };
}

export function isConfigured(env: MarketplaceEnv, m: Marketplace): boolean {
  return (m === "ebay" ? ebayConfig(env) : m === "etsy" ? etsyConfig(env) : shopifyConfig(env)) !== null;
}
