import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { databaseNames } from "../db/databases";
import type { DbSessions } from "../db/sessions";
import { marketplaceConnections, marketplaceOrders } from "../db/schema";
import { hmacSha256, timingSafeEqual } from "../lib/crypto";
import { enqueue } from "../lib/jobs";
import { log } from "../lib/log";
import { type MarketplaceEnv, shopifyConfig } from "./config";

/**
 * The webhooks Shopify sends the app (docs/marketplaces.md 'Shopify'), each checked by its `X-Shopify-Hmac-Sha256`
 * (a bad one is 401, as Shopify requires) and acted on in every database, since a store is found by its name:
 * - `orders/create`: that store's connections sync now;
 * - `app/uninstalled`: its connections stop working ('Reconnect');
 * - `customers/redact`: the orders named go (the buyer's name and address with them);
 * - `shop/redact` (48 hours after uninstalling): the store's connections and orders go;
 * - `customers/data_request`: acknowledged; the orders we keep are the store's own, readable in its admin.
 */
export type ShopifyWebhookEnv = MarketplaceEnv & Pick<Env, "JOBS">;

const shopDomain = z.string().regex(/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/);
const redactCustomer = z.object({ shop_domain: shopDomain, orders_to_redact: z.array(z.number().int()).default([]) });

async function signedBody(env: MarketplaceEnv, body: string, signature: string | undefined): Promise<boolean> {
  const cfg = shopifyConfig(env);
  if (!cfg || !signature) return false;
  const mac = await hmacSha256(cfg.clientSecret, body);
  let b = "";
  for (const x of mac) b += String.fromCharCode(x);
  return timingSafeEqual(btoa(b), signature);
}

/** Handles one webhook; false when its signature is not Shopify's (answer 401). */
export async function handleShopifyWebhook(env: ShopifyWebhookEnv, sessions: DbSessions, topic: string, domain: string, body: string, signature: string | undefined): Promise<boolean> {
  if (!(await signedBody(env, body, signature))) return false;
  const shop = shopDomain.safeParse(domain);
  if (!shop.success) return true;
  const name = shop.data.replace(/\.myshopify\.com$/, "");
  const ofShop = and(eq(marketplaceConnections.marketplace, "shopify"), eq(marketplaceConnections.shopId, name));
  for (const database of databaseNames(env)) {
    const db = sessions.db(database);
    const connections = await db.select({ id: marketplaceConnections.id, userId: marketplaceConnections.userId }).from(marketplaceConnections).where(ofShop);
    if (!connections.length) continue;
    const ids = connections.map((c) => c.id);
    if (topic === "orders/create") for (const id of ids) await enqueue(env, db, { type: "marketplace.sync", connectionId: id });
    else if (topic === "app/uninstalled") await db.update(marketplaceConnections).set({ status: "broken", problem: "The Parcelhive app was uninstalled from this store: reconnect it", updatedAt: Date.now() }).where(ofShop);
    else if (topic === "shop/redact") await db.batch([db.delete(marketplaceOrders).where(inArray(marketplaceOrders.connectionId, ids)), db.delete(marketplaceConnections).where(ofShop)]);
    else if (topic === "customers/redact") {
      const parsed = redactCustomer.safeParse(JSON.parse(body));
      const gids = parsed.success ? parsed.data.orders_to_redact.map((n) => `gid://shopify/Order/${n}`) : [];
      if (gids.length) await db.delete(marketplaceOrders).where(and(inArray(marketplaceOrders.connectionId, ids), inArray(marketplaceOrders.externalId, gids)));
    }
  }
  log("info", "shopify webhook", { topic, shop: name });
  return true;
}
