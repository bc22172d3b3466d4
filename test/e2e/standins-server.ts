import { STANDIN_PRICES } from "../../scripts/stripe-standin/objects.ts";
import { startMarketplaceStandin } from "../../scripts/marketplace-standin/serve.ts";
import { standinWorkerConfig } from "../../scripts/marketplace-standin/standin.ts";
import { startStripeStandin } from "../../scripts/stripe-standin/serve.ts";
import { startEvriStandin } from "./evri-standin";
import { type BuildServer, freePort, serveBuild } from "./server-process";

/**
 * The run's build a second time, as `npm run dev` serves it with the stand-ins' lines of .dev.vars.example: Evri's
 * tracking API is the Evri stand-in (test/e2e/evri-standin.ts, each parcel's story told by the test) and Stripe is the
 * Stripe stand-in (scripts/stripe-standin, its signed webhooks sent here), and eBay, Etsy and Shopify are the marketplace
 * stand-in (scripts/marketplace-standin, its consent pages sending the browser back here). Started once by the global
 * setup, beside the one server, for the files that need a carrier, payments or marketplaces (buyers, payments,
 * marketplaces).
 *
 * Not the one server itself: a carrier is configured for the whole server, and with Evri configured every Evri label of
 * the other files would be looked up on creation and at each cron pass (needs-action runs it for all users), racing
 * the tracking state that tracking, needs-action, accessibility, second-hour, claim-pack and analytics write straight
 * into D1, and answering the 'Evri tracking is not configured' and 'Payments are not set up' states that tracking,
 * settings and upload check.
 *
 * `wrangler dev` on the built Worker and assets with `vars` on top of the build's (the one server is `vite preview`,
 * which takes the build's vars as they are); its own local D1/R2/queue state; the cron is run through
 * /cdn-cgi/handler/scheduled.
 */
export interface StandinsServer {
  base: string;
  evriStandin: string;
  stripeStandin: string;
  marketplaceStandin: string;
  stop(): Promise<void>;
}

/** Stripe's webhook signing secret between the stand-in and this server. */
const WEBHOOK_SECRET = "whsec_e2eStandinSecret0123456789abcdef";

/** Serves the build in `distDir` with local state in `stateDir` (its D1 migrated already), which it removes when stopped. */
export async function startStandinsServer(distDir: string, stateDir: string): Promise<StandinsServer> {
  const base = `http://127.0.0.1:${await freePort()}`;
  const evri = await startEvriStandin();
  const stripe = await startStripeStandin({ webhookUrl: `${base}/api/v1/stripe/webhook`, webhookSecret: WEBHOOK_SECRET });
  const marketplaces = await startMarketplaceStandin({ appUrl: base });
  const market = marketplaces.base;
  const vars = {
    EVRI_API_BASE: evri.base,
    EVRI_API_KEY: "standin",
    STRIPE_API_BASE: stripe.base,
    STRIPE_SECRET_KEY: "sk_test_e2e",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_ONE_OFF_PACK: STANDIN_PRICES.oneOffPack,
    STRIPE_PRICE_BASIC_PLAN: STANDIN_PRICES.basicPlan,
    // .dev.vars.example's stand-in lines, at this run's port.
    MARKETPLACE_TOKEN_KEY: "c3RhbmRpbi1vbmx5LWtleS0wMTIzNDU2Nzg5YWJjZGU=",
    ...standinWorkerConfig(market),
  };
  let server: BuildServer;
  try {
    server = await serveBuild({ distDir, stateDir, base, vars, name: "standins-server" });
  } catch (err) {
    await Promise.all([evri.close(), stripe.close(), marketplaces.close()]);
    throw err;
  }
  const stop = async () => {
    await server.stop();
    await Promise.all([evri.close(), stripe.close(), marketplaces.close()]);
  };
  return { base, evriStandin: evri.base, stripeStandin: stripe.base, marketplaceStandin: market, stop };
}
