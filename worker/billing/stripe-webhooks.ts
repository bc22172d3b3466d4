import { and, eq, isNull, lte, or } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "../db/client";
import { stripeEvents, users, type User } from "../db/schema";
import type { AccountDbs, DbSessions } from "../db/sessions";
import { ApiError, badRequest } from "../lib/errors";
import { log } from "../lib/log";
import { linkCustomer, notConfigured, stripeSdk } from "./billing";
import { checkoutInFlight, idOf, markCheckoutCompleted } from "./checkouts";
import { CREDITS, grantCredits } from "../credits/credits";

/**
 * Stripe's webhook: credits are granted only from verified events, through the ledger,
 * keyed by what was paid (`stripe:session:<id>`, `stripe:invoice:<id>`), so a replayed, duplicated or
 * out-of-order event never grants twice. An event id is recorded as seen only once its work is done.
 *
 * The account is found in the directory (worker/db/databases.ts: who a user is, their Stripe customer and
 * subscription, Stripe's own tables); the credits, their ledger row and the subscription the app shows are changed
 * in the user's own database, where the balance is (a ledger row and its balance change are one statement there).
 * The customer and subscription are written to both, so the next event finds the account in the directory.
 */

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

/** The object each handled event type carries in data.object. */
const HANDLED: Record<string, string> = {
  "checkout.session.completed": "checkout.session",
  "checkout.session.async_payment_succeeded": "checkout.session",
  "invoice.paid": "invoice",
  "invoice.payment_failed": "invoice",
  "customer.subscription.created": "subscription",
  "customer.subscription.updated": "subscription",
  "customer.subscription.deleted": "subscription",
};

/**
 * A signature proves who sent an event, not that it is whole: an event of a handled type must carry its
 * object (with an id) and its creation time, else it is a 400 and nothing is recorded.
 */
function checkEventShape(event: Stripe.Event) {
  const expected = HANDLED[event.type];
  if (!expected) return;
  const object = (event as { data?: { object?: unknown } | null }).data?.object as { id?: unknown; object?: unknown } | null | undefined;
  if (!object || typeof object !== "object" || Array.isArray(object)) throw badRequest(`${event.type} event has no data object`);
  if (object.object !== expected || typeof object.id !== "string" || !object.id) {
    throw badRequest(`${event.type} event does not carry a ${expected} with an id`);
  }
  if (typeof event.id !== "string" || !Number.isSafeInteger(event.created)) throw badRequest("Event has no id or creation time");
}

async function userById(db: Db, id: string | null | undefined): Promise<User | null> {
  const n = Number(id);
  if (!id || !Number.isSafeInteger(n) || n <= 0) return null;
  return (await db.query.users.findFirst({ where: eq(users.id, n) })) ?? null;
}

/**
 * The account an event is about: our user id in metadata, else the linked Stripe customer, else the account
 * that holds the subscription (recorded by an earlier subscription event).
 */
async function resolveUser(db: Db, userId: string | null | undefined, customer: string | null, subscription?: string | null): Promise<User | null> {
  // A closed account is no account of ours: a late event for it grants nothing (its Stripe ids were cleared at closing).
  const byId = await userById(db, userId);
  if (byId) return byId.closedAt ? null : byId;
  const byCustomer = customer ? await db.query.users.findFirst({ where: eq(users.stripeCustomerId, customer) }) : undefined;
  if (byCustomer) return byCustomer;
  return (subscription ? await db.query.users.findFirst({ where: eq(users.subscriptionId, subscription) }) : undefined) ?? null;
}

/**
 * Sets the subscription fields unless a newer event already did: `created` orders events, so a
 * late 'updated' cannot reactivate a subscription a newer 'deleted' ended.
 */
async function applySubscriptionState(dbs: AccountDbs, user: User, eventCreated: number, subscriptionId: string, status: string) {
  for (const db of dbs.both) {
    await db
      .update(users)
      .set({ subscriptionId, subscriptionStatus: status, subscriptionEventAt: eventCreated, updatedAt: Date.now() })
      .where(
        and(eq(users.id, user.id), or(isNull(users.subscriptionEventAt), lte(users.subscriptionEventAt, eventCreated))),
      );
  }
}

/** A one-off pack paid (at once, or later for delayed payment methods). */
async function onCheckoutPaid(sessions: DbSessions, session: Stripe.Checkout.Session): Promise<WebhookOutcome> {
  const customer = idOf(session.customer);
  const user = await resolveUser(sessions.db(), session.client_reference_id ?? session.metadata?.user_id, customer);
  if (!user) return unknownUser("checkout session", session.id);
  const dbs = await sessions.account(user.id);
  if (!user.stripeCustomerId) await linkCustomer(dbs.both, user.id, customer);
  await markCheckoutCompleted(dbs.directory, session.id);
  if (session.mode !== "payment" || session.payment_status !== "paid") return "handled";
  if (session.metadata?.sku && session.metadata.sku !== "one_off_pack") return "ignored";
  await grantCredits(dbs.user, {
    userId: user.id,
    delta: CREDITS.oneOffPack,
    reason: "purchase",
    reference: session.id,
    idempotencyKey: `stripe:session:${session.id}`,
  });
  return "handled";
}

/** The fields of an invoice line that name its subscription, in every API version's shape. */
interface InvoiceLine {
  metadata?: Record<string, string> | null;
  subscription?: string | { id: string } | null;
  parent?: { subscription_item_details?: { subscription?: string | null } | null } | null;
}

/**
 * The subscription an invoice belongs to and the user its metadata names. API 2025-03-31 and later put both
 * under `parent.subscription_details`; older versions have the top-level `subscription`, and show the
 * subscription's metadata on `subscription_details` or only on the subscription's line items.
 */
function invoiceSubscription(invoice: Stripe.Invoice): { id: string | null; userId: string | null } {
  const legacy = invoice as unknown as {
    subscription?: string | { id: string } | null;
    subscription_details?: { metadata?: Record<string, string> | null } | null;
  };
  const details = invoice.parent?.subscription_details;
  const rawLines = (invoice.lines as { data?: unknown } | null | undefined)?.data;
  const lines = (Array.isArray(rawLines) ? rawLines : []) as InvoiceLine[];
  const lineSubscription = lines.map((l) => idOf(l?.parent?.subscription_item_details?.subscription ?? l?.subscription)).find(Boolean);
  const id = idOf(details?.subscription ?? legacy.subscription) ?? lineSubscription ?? null;
  const userId =
    details?.metadata?.user_id ??
    legacy.subscription_details?.metadata?.user_id ??
    invoice.metadata?.user_id ??
    lines.map((l) => l?.metadata?.user_id).find(Boolean) ??
    null;
  return { id, userId };
}

/**
 * Each paid subscription invoice (the first included) grants the monthly credits once. An invoice whose account
 * cannot be found is waited for only while a checkout we opened for its customer is still open (it came before
 * that checkout's completion links the account): 409, the event is not recorded, Stripe delivers it again later
 * and the month is granted then. Any other such invoice carries nothing of ours (another system's customer on the
 * same Stripe account): answered 200 and ignored, so Stripe does not retry it for days and then warn about us.
 */
async function onInvoicePaid(sessions: DbSessions, event: Stripe.Event, invoice: Stripe.Invoice): Promise<WebhookOutcome> {
  const sub = invoiceSubscription(invoice);
  if (!sub.id) return "ignored";
  const customer = idOf(invoice.customer);
  const user = await resolveUser(sessions.db(), sub.userId, customer, sub.id);
  if (!user) {
    const about = { invoice: invoice.id, customer, subscription: sub.id };
    if (!(await checkoutInFlight(sessions.db(), customer))) {
      log("warn", "stripe invoice for no account of ours: ignored", about);
      return "ignored";
    }
    log("warn", "stripe invoice paid before its checkout completed: Stripe will retry", about);
    throw new ApiError(409, "No account is linked to this invoice yet; Stripe will retry");
  }
  const dbs = await sessions.account(user.id);
  if (!user.stripeCustomerId) await linkCustomer(dbs.both, user.id, customer);
  await grantCredits(dbs.user, {
    userId: user.id,
    delta: CREDITS.monthlyPlan,
    reason: "subscription",
    reference: invoice.id ?? sub.id,
    idempotencyKey: `stripe:invoice:${invoice.id}`,
  });
  await applySubscriptionState(dbs, user, event.created, sub.id, "active");
  return "handled";
}

async function onInvoiceFailed(sessions: DbSessions, event: Stripe.Event, invoice: Stripe.Invoice): Promise<WebhookOutcome> {
  const sub = invoiceSubscription(invoice);
  if (!sub.id) return "ignored";
  const user = await resolveUser(sessions.db(), sub.userId, idOf(invoice.customer), sub.id);
  if (!user) return unknownUser("invoice", invoice.id);
  await applySubscriptionState(await sessions.account(user.id), user, event.created, sub.id, "past_due");
  return "handled";
}

async function onSubscriptionChanged(sessions: DbSessions, event: Stripe.Event, subscription: Stripe.Subscription): Promise<WebhookOutcome> {
  const customer = idOf(subscription.customer);
  const user = await resolveUser(sessions.db(), subscription.metadata?.user_id, customer, subscription.id);
  if (!user) return unknownUser("subscription", subscription.id);
  const dbs = await sessions.account(user.id);
  if (!user.stripeCustomerId) await linkCustomer(dbs.both, user.id, customer);
  const status = event.type === "customer.subscription.deleted" ? "canceled" : subscription.status;
  await applySubscriptionState(dbs, user, event.created, subscription.id, status);
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
export async function handleStripeEvent(sessions: DbSessions, event: Stripe.Event): Promise<WebhookOutcome> {
  checkEventShape(event);
  const db = sessions.db();
  const seen = await db.query.stripeEvents.findFirst({ where: eq(stripeEvents.id, event.id) });
  if (seen) return "duplicate";

  let outcome: WebhookOutcome;
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      outcome = await onCheckoutPaid(sessions, event.data.object);
      break;
    case "invoice.paid":
      outcome = await onInvoicePaid(sessions, event, event.data.object);
      break;
    case "invoice.payment_failed":
      outcome = await onInvoiceFailed(sessions, event, event.data.object);
      break;
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      outcome = await onSubscriptionChanged(sessions, event, event.data.object);
      break;
    default:
      return "ignored";
  }
  await db.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing();
  return outcome;
}
