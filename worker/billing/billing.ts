import { and, eq, isNull } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "../db/client";
import type { AccountDbs } from "../db/sessions";
import { users, type User } from "../db/schema";
import { ApiError } from "../lib/errors";
import { log } from "../lib/log";
import { recordOpenCheckout } from "./checkouts";
import type { Sku } from "./model";

/**
 * Purchases through Stripe Checkout. Credits are granted only from verified
 * webhooks, through the ledger, with one idempotency key per paid thing (`stripe:session:<id>`
 * for a one-off pack, `stripe:invoice:<id>` for each paid subscription invoice), so a replayed,
 * duplicated or out-of-order event never grants twice.
 */


export const PAYMENTS_NOT_CONFIGURED = "Payments are not configured";
export const notConfigured = () => new ApiError(503, PAYMENTS_NOT_CONFIGURED);

/**
 * Stripe's SDK (the largest package in the worker) loads on the billing calls only, so the other
 * requests start a worker without evaluating it.
 */
export const stripeSdk = async () => (await import("stripe")).default;

/**
 * Where the SDK sends its calls: api.stripe.com, or STRIPE_API_BASE (the local stand-in, `npm run stripe:standin`,
 * or a test's) as the SDK's host, port and protocol.
 */
function apiAddress(env: Env): Pick<Stripe.StripeConfig, "host" | "port" | "protocol"> {
  if (!env.STRIPE_API_BASE) return {};
  const base = new URL(env.STRIPE_API_BASE);
  const protocol = base.protocol === "http:" ? "http" : "https";
  return { host: base.hostname, port: Number(base.port) || (protocol === "http" ? 80 : 443), protocol };
}

/** A client per request: the fetch client captures globalThis.fetch when it is created. */
export async function stripeClient(env: Env): Promise<Stripe | null> {
  if (!env.STRIPE_SECRET_KEY) return null;
  const Sdk = await stripeSdk();
  return new Sdk(env.STRIPE_SECRET_KEY, { httpClient: Sdk.createFetchHttpClient(), maxNetworkRetries: 1, ...apiAddress(env) });
}

/** The configured Stripe price id of a purchase option, or null when it has none. */
export function priceFor(env: Env, sku: Sku): string | null {
  return (sku === "one_off_pack" ? env.STRIPE_PRICE_ONE_OFF_PACK : env.STRIPE_PRICE_BASIC_PLAN) || null;
}

/** Statuses in which the user holds a subscription (and so may not buy a second one). */
const SUBSCRIBED = new Set(["active", "trialing", "past_due", "unpaid", "incomplete", "paused"]);
export const isSubscribed = (status: string | null | undefined) => Boolean(status && SUBSCRIBED.has(status));

/** Stripe's own failures (network, bad key, bad price) are a 502 for the caller, with a safe message. */
async function callStripe<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ApiError) throw err;
    log("error", "stripe call failed", { what, error: String(err), type: (err as { type?: string }).type });
    throw new ApiError(502, "Checkout failed. Please try again.");
  }
}

/** Links the Stripe customer to the account unless it has one: in the directory and in the user's own row. */
export async function linkCustomer(dbs: Db[], userId: number, customer: string | null) {
  if (!customer) return;
  for (const db of dbs) await db.update(users).set({ stripeCustomerId: customer }).where(and(eq(users.id, userId), isNull(users.stripeCustomerId)));
}

/** The user's Stripe customer, created and linked on first use. */
async function customerFor(stripe: Stripe, dbs: AccountDbs, user: User): Promise<string> {
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const customer = await stripe.customers.create(
    { email: user.email, metadata: { user_id: String(user.id) } },
    { idempotencyKey: `customer-for-user-${user.id}` },
  );
  // Only the first link wins; a concurrent checkout that created its own keeps using the stored one. The directory
  // (where Stripe's events find the account) and the user's own row both keep it.
  await linkCustomer(dbs.both, user.id, customer.id);
  const row = await dbs.directory.query.users.findFirst({ where: eq(users.id, user.id), columns: { stripeCustomerId: true } });
  return row?.stripeCustomerId ?? customer.id;
}

/** POST /create-checkout-session: a hosted Checkout page for one pack or the monthly plan. */
export async function createCheckoutSession(env: Env, dbs: AccountDbs, user: User, sku: Sku): Promise<{ checkout_url: string }> {
  const stripe = await stripeClient(env);
  const price = priceFor(env, sku);
  if (!stripe || !price) throw notConfigured();
  if (sku === "basic_plan" && isSubscribed(user.subscriptionStatus)) {
    throw new ApiError(409, "You already have a subscription. Use Manage subscription to change it.");
  }
  const metadata = { user_id: String(user.id), sku };
  const session = await callStripe("checkout.sessions.create", async () =>
    stripe.checkout.sessions.create({
      mode: sku === "one_off_pack" ? "payment" : "subscription",
      line_items: [{ price, quantity: 1 }],
      customer: await customerFor(stripe, dbs, user),
      client_reference_id: String(user.id),
      metadata,
      // The subscription (and so each of its invoices) carries the user too: invoice.paid can
      // arrive before checkout.session.completed.
      ...(sku === "basic_plan" ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
      // Stripe puts the session's id in: /checkout/success asks whether it was paid (checkout-outcome.ts).
      success_url: `${env.APP_URL}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${env.APP_URL}/checkout/cancelled`,
    }),
  );
  if (!session.url) throw new ApiError(502, "Invalid checkout response");
  await recordOpenCheckout(dbs.directory, { session, userId: user.id, sku });
  return { checkout_url: session.url };
}

/** POST /billing-portal: Stripe's customer portal, to change or cancel the subscription. */
export async function createPortalSession(env: Env, user: User): Promise<{ url: string }> {
  const stripe = await stripeClient(env);
  if (!stripe) throw notConfigured();
  if (!user.stripeCustomerId) throw new ApiError(409, "You have no subscription to manage.");
  const portal = await callStripe("billingPortal.sessions.create", () =>
    stripe.billingPortal.sessions.create({ customer: user.stripeCustomerId!, return_url: `${env.APP_URL}/settings` }),
  );
  return { url: portal.url };
}
