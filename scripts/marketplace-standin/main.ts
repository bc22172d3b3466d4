#!/usr/bin/env node
// `npm run marketplaces:standin`: local eBay, Etsy and Shopify for development, with no marketplace accounts and no
// network. Each answers its documented API (docs/marketplaces.md) under a prefix standing for its hosts:
//   eBay     http://127.0.0.1:4030/ebay            (api.ebay.com, apiz.ebay.com, auth.ebay.com)
//   Etsy     http://127.0.0.1:4030/etsy            (api.etsy.com, www.etsy.com)
//   Shopify  http://127.0.0.1:4030/shopify/{shop}  ({shop}.myshopify.com)
// with their consent screens, test sellers (eBay parcelhive_test_seller, Etsy HollowOakCeramics, Shopify hollow-oak)
// and the developer apps in STANDIN_APPS (standin.ts). Its dashboard, http://127.0.0.1:4030/, adds orders, marks
// them dispatched by hand, lists what the app dispatched and sends eBay's account deletion notification. State lives
// in memory: a restart begins again.
// Usage: node scripts/marketplace-standin/main.ts [--port 4030] [--app-url http://localhost:5173]
//   env MARKETPLACE_STANDIN_PORT, APP_URL
import { startMarketplaceStandin } from "./serve.ts";
import { STANDIN_APPS } from "./standin.ts";

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const port = Number(arg("--port") ?? process.env.MARKETPLACE_STANDIN_PORT ?? 4030);
const appUrl = arg("--app-url") ?? process.env.APP_URL ?? `http://localhost:${process.env.PORT ?? 5173}`;

const running = await startMarketplaceStandin({ port, appUrl, log: true });
console.log(`Marketplace stand-in on ${running.base} (dashboard: ${running.base}/), sending browsers and notifications to ${appUrl}
  eBay     ${running.base}/ebay      client id ${STANDIN_APPS.ebay.clientId}, RuName ${STANDIN_APPS.ebay.ruName}
  Etsy     ${running.base}/etsy      keystring ${STANDIN_APPS.etsy.keystring}
  Shopify  ${running.base}/shopify/{shop}   client id ${STANDIN_APPS.shopify.clientId}`);
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => void running.close().then(() => process.exit(0)));
