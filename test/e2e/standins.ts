import { inject } from "vitest";
import { d1At, d1RowsAt } from "./d1";

/**
 * The stand-ins' server, as a test file reaches it: the run's build with Evri tracked through the Evri stand-in,
 * payments through the Stripe stand-in and eBay, Etsy and Shopify through the marketplace stand-in
 * (test/e2e/standins-server.ts, started by the global setup).
 */
export const standins = {
  base: () => inject("standinsURL"),
  evriStandin: () => inject("evriStandinURL"),
  stripeStandin: () => inject("stripeStandinURL"),
  marketplaceStandin: () => inject("marketplaceStandinURL"),
  /** Runs statements against its D1, all or none. */
  d1: (sql: string) => d1At(inject("standinsURL"), sql),
  /** The rows one query answers from its D1. */
  d1Rows: <Row>(query: string) => d1RowsAt<Row>(inject("standinsURL"), query),
  /** Runs its 15-minute cron once. */
  async cron() {
    const res = await fetch(`${inject("standinsURL")}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent("*/15 * * * *")}`);
    if (!res.ok) throw new Error(`cron: ${res.status}`);
  },
};
