import { and, eq, isNull, lte, or } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "../db/client";
import { stripeEvents, users, type User } from "../db/schema";
import { ApiError } from "../lib/errors";
import { log } from "../lib/log";
import { CREDITS, grantCredits } from "./credits";

/**
 * Purchases through Stripe Checkout (DESIGN 'Purchases'). Credits are granted only from verified
 * webhooks, through the ledger, with one idempotency key per paid thing (`stripe:session:<id>`
 * for a one-off pack, `stripe:invoice:<id>` for each paid subscription invoice), so a replayed,
 * duplicated or out-of-order event never grants twice.
 */

export const SKUS = ["one_off_pack", "basic_plan"] as const;
export type Sku = (typeof SKUS)[number];

export const PAYMENTS_NOT_CONFIGURED = "Payments are not configured";
const notConfigured = () => new ApiError(503, PAYMENTS_NOT_CONFIGURED);

/**
 * Stripe's SDK (the largest package in the worker) loads on the billing calls only, so the other
 * requests start a worker without evaluating it.
 */
const stripeSdk = async () => (await import("stripe")).default;

/** A client per request: the fetch client captures globalThis.fetch when it is created. */
async function stripeClient(env: Env): Promise<Stripe | null> {
  if (!env.STRIPE_SECRET_KEY) return null;
  const Sdk = await stripeSdk();
  return new Sdk(env.STRIPE_SECRET_KEY, { httpClient: Sdk.createFetchHttpClient(), maxNetworkRetries: 1 });
}

function priceFor(env: Env, sku: Sku): string | null {
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

/** The user's Stripe customer, created and linked on first use. */
async function customerFor(stripe: Stripe, db: Db, user: User): Promise<string> {
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const customer = await stripe.customers.create(
    { email: user.email, metadata: { user_id: String(user.id) } },
    { idempotencyKey: `customer-for-user-${user.id}` },
  );
  // Only the first link wins; a concurrent checkout that created its own keeps using the stored one.
  await db
    .update(users)
    .set({ stripeCustomerId: customer.id })
    .where(and(eq(users.id, user.id), isNull(users.stripeCustomerId)));
  const row = await db.query.users.findFirst({ where: eq(users.id, user.id), columns: { stripeCustomerId: true } });
  return row?.stripeCustomerId ?? customer.id;
}

/** POST /create-checkout-session: a hosted Checkout page for one pack or the monthly plan. */
export async function createCheckoutSession(env: Env, db: Db, user: User, sku: Sku): Promise<{ checkout_url: string }> {
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
      customer: await customerFor(stripe, db, user),
      client_reference_id: String(user.id),
      metadata,
      // The subscription (and so each of its invoices) carries the user too: invoice.paid can
      // arrive before checkout.session.completed.
      ...(sku === "basic_plan" ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
      success_url: `${env.APP_URL}/checkout/success`,
      cancel_url: `${env.APP_URL}/checkout/cancelled`,
    }),
  );
  if (!session.url) throw new ApiError(502, "Invalid checkout response");
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

// ---------------------------------------------------------------------------------------------
// Webhooks

/** Verifies the signature over the raw body. Throws 400 on a bad or missing signature. */
export async function verifyWebhook(env: Env, rawBody: string, signature: string | undefined): Promise<Stripe.Event> {
  if (!env.STRIPE_WEBHOOK_SECRET) throw notConfigured();
  if (!signature) throw new ApiError(400, "Missing Stripe-Signature header");
  const Sdk = await stripeSdk();
  try {
    return await Sdk.webhooks.constructEventAsync(rawBody, signature, env.STRIPE_WEBHOOK_SECRET, undefined, Sdk.createSubtleCryptoProvider());
  } catch (err) {
    log("warn", "stripe webhook signature refused", { error: String(err) });
    throw new ApiError(400, "Invalid Stripe signature");
  }
}

export type WebhookOutcome = "handled" | "duplicate" | "ignored";

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === "string" ? v : (v?.id ?? null));

async function userById(db: Db, id: string | null | undefined): Promise<User | null> {
  const n = Number(id);
  if (!id || !Number.isSafeInteger(n) || n <= 0) return null;
  return (await db.query.users.findFirst({ where: eq(users.id, n) })) ?? null;
}

/** The account an event is about: our user id in metadata, else the linked Stripe customer. */
async function resolveUser(db: Db, userId: string | null | undefined, customer: string | null): Promise<User | null> {
  const byId = await userById(db, userId);
  if (byId) return byId;
  if (!customer) return null;
  return (await db.query.users.findFirst({ where: eq(users.stripeCustomerId, customer) })) ?? null;
}

/**
 * Sets the subscription fields unless a newer event already did: `created` orders events, so a
 * late 'updated' cannot reactivate a subscription a newer 'deleted' ended.
 */
async function applySubscriptionState(db: Db, user: User, eventCreated: number, subscriptionId: string, status: string) {
  await db
    .update(users)
    .set({ subscriptionId, subscriptionStatus: status, subscriptionEventAt: eventCreated, updatedAt: Date.now() })
    .where(
      and(eq(users.id, user.id), or(isNull(users.subscriptionEventAt), lte(users.subscriptionEventAt, eventCreated))),
    );
}

async function linkCustomer(db: Db, user: User, customer: string | null) {
  if (!customer || user.stripeCustomerId) return;
  await db.update(users).set({ stripeCustomerId: customer }).where(and(eq(users.id, user.id), isNull(users.stripeCustomerId)));
}

/** A one-off pack paid (at once, or later for delayed payment methods). */
async function onCheckoutPaid(db: Db, session: Stripe.Checkout.Session): Promise<WebhookOutcome> {
  const customer = idOf(session.customer);
  const user = await resolveUser(db, session.client_reference_id ?? session.metadata?.user_id, customer);
  if (!user) return unknownUser("checkout session", session.id);
  await linkCustomer(db, user, customer);
  if (session.mode !== "payment" || session.payment_status !== "paid") return "handled";
  if (session.metadata?.sku && session.metadata.sku !== "one_off_pack") return "ignored";
  await grantCredits(db, {
    userId: user.id,
    delta: CREDITS.oneOffPack,
    reason: "purchase",
    reference: session.id,
    idempotencyKey: `stripe:session:${session.id}`,
  });
  return "handled";
}

/** The subscription an invoice belongs to (API 2025+ `parent`, or the older top-level field). */
function invoiceSubscription(invoice: Stripe.Invoice): { id: string | null; userId: string | null } {
  const details = invoice.parent?.subscription_details;
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  return { id: idOf(details?.subscription ?? legacy), userId: details?.metadata?.user_id ?? invoice.metadata?.user_id ?? null };
}

/** Each paid subscription invoice (the first included) grants the monthly credits once. */
async function onInvoicePaid(db: Db, event: Stripe.Event, invoice: Stripe.Invoice): Promise<WebhookOutcome> {
  const sub = invoiceSubscription(invoice);
  if (!sub.id) return "ignored";
  const customer = idOf(invoice.customer);
  const user = await resolveUser(db, sub.userId, customer);
  if (!user) return unknownUser("invoice", invoice.id);
  await linkCustomer(db, user, customer);
  await grantCredits(db, {
    userId: user.id,
    delta: CREDITS.monthlyPlan,
    reason: "subscription",
    reference: invoice.id ?? sub.id,
    idempotencyKey: `stripe:invoice:${invoice.id}`,
  });
  await applySubscriptionState(db, user, event.created, sub.id, "active");
  return "handled";
}

async function onInvoiceFailed(db: Db, event: Stripe.Event, invoice: Stripe.Invoice): Promise<WebhookOutcome> {
  const sub = invoiceSubscription(invoice);
  if (!sub.id) return "ignored";
  const user = await resolveUser(db, sub.userId, idOf(invoice.customer));
  if (!user) return unknownUser("invoice", invoice.id);
  await applySubscriptionState(db, user, event.created, sub.id, "past_due");
  return "handled";
}

async function onSubscriptionChanged(db: Db, event: Stripe.Event, subscription: Stripe.Subscription): Promise<WebhookOutcome> {
  const customer = idOf(subscription.customer);
  const user = await resolveUser(db, subscription.metadata?.user_id, customer);
  if (!user) return unknownUser("subscription", subscription.id);
  await linkCustomer(db, user, customer);
  const status = event.type === "customer.subscription.deleted" ? "canceled" : subscription.status;
  await applySubscriptionState(db, user, event.created, subscription.id, status);
  return "handled";
}

function unknownUser(what: string, id: string | undefined): WebhookOutcome {
  // Answered 200 so Stripe stops retrying: nothing here can ever match it.
  log("warn", "stripe event for an unknown user", { what, id });
  return "ignored";
}

/**
 * Handles one verified event. The event id is recorded only after its work is done, and every
 * grant is keyed by what was paid, so a retry after a failure half-way is safe too.
 */
export async function handleStripeEvent(db: Db, event: Stripe.Event): Promise<WebhookOutcome> {
  const seen = await db.query.stripeEvents.findFirst({ where: eq(stripeEvents.id, event.id) });
  if (seen) return "duplicate";

  let outcome: WebhookOutcome;
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      outcome = await onCheckoutPaid(db, event.data.object);
      break;
    case "invoice.paid":
      outcome = await onInvoicePaid(db, event, event.data.object);
      break;
    case "invoice.payment_failed":
      outcome = await onInvoiceFailed(db, event, event.data.object);
      break;
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      outcome = await onSubscriptionChanged(db, event, event.data.object);
      break;
    default:
      return "ignored";
  }
  await db.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing();
  return outcome;
}
