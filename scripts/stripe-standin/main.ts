#!/usr/bin/env node
// `npm run stripe:standin`: a local Stripe for development, with no Stripe account and no network. It answers
// Stripe's API (prices, customers, Checkout sessions, the customer portal, subscriptions, invoices, events) in
// Stripe's formats, serves a Checkout page and a portal of its own, and POSTs signed webhook events to the app.
// Point the app at it in .dev.vars (see .dev.vars.example; `npm run dev` then starts it by itself):
//   STRIPE_API_BASE="http://127.0.0.1:4020"  STRIPE_SECRET_KEY="sk_test_standin"
//   STRIPE_WEBHOOK_SECRET="<the secret printed below>"
//   STRIPE_PRICE_ONE_OFF_PACK="price_1StandinOneOffPack200"  STRIPE_PRICE_BASIC_PLAN="price_1StandinBasicPlan130"
// Its dashboard, http://127.0.0.1:4020/, renews a subscription now (paid or declined), advances the clock, and
// resends any event. State lives in memory: a restart begins a new Stripe account.
// Usage: node scripts/stripe-standin/main.ts [--port 4020] [--forward-to http://localhost:5173/api/v1/stripe/webhook]
//   env STRIPE_STANDIN_PORT, STRIPE_STANDIN_FORWARD_TO, STRIPE_STANDIN_WEBHOOK_SECRET (default DEV_WEBHOOK_SECRET)
import { STANDIN_PRICES } from "./objects.ts";
import { DEV_WEBHOOK_SECRET, startStripeStandin } from "./serve.ts";

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const port = Number(arg("--port") ?? process.env.STRIPE_STANDIN_PORT ?? 4020);
const webhookUrl = arg("--forward-to") ?? process.env.STRIPE_STANDIN_FORWARD_TO ?? `http://localhost:${process.env.PORT ?? 5173}/api/v1/stripe/webhook`;
const webhookSecret = process.env.STRIPE_STANDIN_WEBHOOK_SECRET || DEV_WEBHOOK_SECRET;

// Stripe retries a failed delivery for three days; here after 5 s, 30 s and 2 min (the dashboard resends any time).
const running = await startStripeStandin({ port, webhookUrl, webhookSecret, retryDelaysMs: [5_000, 30_000, 120_000], log: true });
console.log(`Stripe stand-in on ${running.base} (dashboard: ${running.base}/)
  Webhooks to ${webhookUrl}
  Your webhook signing secret is ${webhookSecret}
  Prices: ${STANDIN_PRICES.oneOffPack} (One-off Pack, £15.00), ${STANDIN_PRICES.basicPlan} (Monthly Subscription, £10.00 a month)`);
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => void running.close().then(() => process.exit(0)));
