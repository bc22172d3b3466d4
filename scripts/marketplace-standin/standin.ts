import { Clock, type Fulfilment, json } from "./common.ts";
import { answerControl, dashboard } from "./dashboard.ts";
import { type EbayApp, EbayStandin } from "./ebay.ts";
import { type EtsyApp, EtsyStandin } from "./etsy.ts";
import { type ShopifyApp, ShopifyStandin } from "./shopify.ts";

/**
 * Local eBay, Etsy and Shopify: the core of `npm run marketplaces:standin` (serve.ts puts it on a loopback port) and
 * of the worker tests, which call its handler directly. Each marketplace sits under a prefix standing for its hosts,
 * the paths after it being the real ones (docs/marketplaces.md):
 *   /ebay/…            api.ebay.com, apiz.ebay.com, auth.ebay.com
 *   /etsy/…            api.etsy.com, www.etsy.com
 *   /shopify/{shop}/…  {shop}.myshopify.com
 * and `/` is its dashboard, `/_standin/…` its controls (dashboard.ts): seed orders, read back what was fulfilled,
 * mark an order dispatched by hand, queue faults, move the clock, send eBay's and Shopify's privacy notifications.
 */
export interface MarketplaceStandinOptions {
  /** The app's origin: where the consent screens send the browser back, and where notifications go. */
  appUrl: string;
  /** How a webhook or notification reaches the app: fetch by default; a test passes its worker. */
  deliver?: (req: Request) => Promise<Response>;
  ebay?: Partial<EbayApp>;
  etsy?: Partial<EtsyApp>;
  shopify?: Partial<ShopifyApp>;
  /** Subscribe the app's endpoint to eBay's account deletion notifications (the developer portal's setting). */
  ebayDeletion?: boolean;
}

/** The stand-ins' developer apps: the keys `.dev.vars.example` and the test fixtures configure the app with. */
export const STANDIN_APPS = {
  ebay: { clientId: "Parcelhi-Parcelhi-SBX-5f3c1e2a9-8d4b6c01", clientSecret: "SBX-5f3c1e2a9d4b-6c01-4e7f-8a2b-standin", ruName: "Parcelhive_Ltd-Parcelhi-Parcel-standin" },
  ebayVerificationToken: "parcelhive-standin-verification-token-0123456789",
  etsy: { keystring: "standinetsykeystring0123", sharedSecret: "standinetsysecret" },
  shopify: { clientId: "standinshopifyclientid0123456789", clientSecret: "standinshopifyclientsecret0123456789" },
};

/** The worker's marketplace configuration for a stand-in answering at `origin`: its addresses and its apps' keys. */
export const standinWorkerConfig = (origin: string) => ({
  EBAY_API_BASE: `${origin}/ebay`,
  EBAY_AUTH_BASE: `${origin}/ebay`,
  EBAY_IDENTITY_BASE: `${origin}/ebay`,
  EBAY_CLIENT_ID: STANDIN_APPS.ebay.clientId,
  EBAY_CLIENT_SECRET: STANDIN_APPS.ebay.clientSecret,
  EBAY_RUNAME: STANDIN_APPS.ebay.ruName,
  EBAY_VERIFICATION_TOKEN: STANDIN_APPS.ebayVerificationToken,
  ETSY_API_BASE: `${origin}/etsy`,
  ETSY_CONNECT_BASE: `${origin}/etsy`,
  ETSY_KEYSTRING: STANDIN_APPS.etsy.keystring,
  ETSY_SHARED_SECRET: STANDIN_APPS.etsy.sharedSecret,
  SHOPIFY_SHOP_BASE: `${origin}/shopify/{shop}`,
  SHOPIFY_CLIENT_ID: STANDIN_APPS.shopify.clientId,
  SHOPIFY_CLIENT_SECRET: STANDIN_APPS.shopify.clientSecret,
});

/**
 * Where the app receives each marketplace's browser returns (its screen, which hands them to the API: the app's
 * worker/marketplaces/config.ts `returnPath`) and notifications (its API), under APP_URL.
 */
export const APP_PATHS = {
  ebayCallback: "/settings/marketplaces/ebay",
  ebayDeletion: "/api/v1/marketplaces/ebay/account-deletion",
  etsyCallback: "/settings/marketplaces/etsy",
  shopifyCallback: "/settings/marketplaces/shopify",
  shopifyWebhooks: "/api/v1/marketplaces/shopify/webhooks",
};

export class MarketplaceStandin {
  readonly clock = new Clock();
  readonly ebay: EbayStandin;
  readonly etsy: EtsyStandin;
  readonly shopify: ShopifyStandin;

  constructor(options: MarketplaceStandinOptions) {
    const deliver = options.deliver ?? ((r: Request) => fetch(r));
    const app = options.appUrl.replace(/\/$/, "");
    this.ebay = new EbayStandin({ ...STANDIN_APPS.ebay, acceptedUrl: `${app}${APP_PATHS.ebayCallback}`, declinedUrl: `${app}${APP_PATHS.ebayCallback}?declined=1`, ...options.ebay }, this.clock, "/ebay", deliver);
    if (options.ebayDeletion !== false) this.ebay.notifications.subscription = { endpoint: `${app}${APP_PATHS.ebayDeletion}`, verificationToken: STANDIN_APPS.ebayVerificationToken };
    this.etsy = new EtsyStandin({ ...STANDIN_APPS.etsy, redirectUris: [`${app}${APP_PATHS.etsyCallback}`], ...options.etsy }, this.clock, "/etsy");
    this.shopify = new ShopifyStandin({ ...STANDIN_APPS.shopify, redirectUris: [`${app}${APP_PATHS.shopifyCallback}`], webhookUrl: `${app}${APP_PATHS.shopifyWebhooks}`, ...options.shopify }, this.clock, "/shopify", deliver);
  }

  /** The stand-in's handler: the three marketplaces, the dashboard and its controls. */
  fetch = async (req: Request): Promise<Response> => {
    const url = new URL(req.url);
    const p = url.pathname;
    try {
      if (p.startsWith("/ebay/")) return await this.ebay.handle(req, url, p.slice("/ebay".length));
      if (p.startsWith("/etsy/")) return await this.etsy.handle(req, url, p.slice("/etsy".length));
      const shop = p.match(/^\/shopify\/([^/]+)(\/.*)$/);
      if (shop) return await this.shopify.handle(req, url, decodeURIComponent(shop[1]), shop[2]);
      if (p === "/" && req.method === "GET") return dashboard(this);
      if (p.startsWith("/_standin/")) return await answerControl(this, req, url);
      return json(404, { error: "Not found on the marketplace stand-in" });
    } catch (err) {
      console.error("marketplace stand-in:", err);
      return json(500, { error: "The stand-in failed: see its console" });
    }
  };

  /** Everything each marketplace recorded as dispatched, oldest first. */
  fulfilments(): Fulfilment[] {
    return [...this.ebay.fulfilments, ...this.etsy.fulfilments, ...this.shopify.fulfilments].sort((a, b) => a.at - b.at);
  }
}
