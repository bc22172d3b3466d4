import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { CREDITS } from "../credits/credits";
import type { Db } from "../db/client";
import { creditLedger, type User } from "../db/schema";
import { ApiError, notFound } from "../lib/errors";
import { log } from "../lib/log";
import { notConfigured, stripeClient } from "./billing";
import { SKUS, type CheckoutOutcome, type Sku } from "./model";

/**
 * Whether a checkout the user came back from was paid and its credits are in (GET /billing/checkout-sessions/{id}),
 * asked of Stripe itself (`GET /v1/checkout/sessions/{id}`): /checkout/success says 'credits added' only when they
 * are, never because the address was opened (issue 33). The credits themselves come only from Stripe's signed events
 * (stripe-webhooks.ts); this only reads whether the ledger has them, by their idempotency keys. Someone else's
 * session, or one Stripe does not know, is 'Payment not found'.
 */

const CREDITS_OF: Record<Sku, number> = { one_off_pack: CREDITS.oneOffPack, basic_plan: CREDITS.monthlyPlan };
const PAYMENT_NOT_FOUND = "Payment not found";

async function retrieve(stripe: Stripe, id: string): Promise<Stripe.Checkout.Session> {
  try {
    return await stripe.checkout.sessions.retrieve(id);
  } catch (err) {
    if ((err as { code?: string }).code === "resource_missing") throw notFound(PAYMENT_NOT_FOUND);
    log("error", "stripe call failed", { what: "checkout.sessions.retrieve", error: String(err), type: (err as { type?: string }).type });
    throw new ApiError(502, "Could not check the payment with Stripe. Please try again.");
  }
}

export async function checkoutOutcome(env: Env, db: Db, user: Pick<User, "id">, sessionId: string): Promise<CheckoutOutcome> {
  const stripe = await stripeClient(env);
  if (!stripe) throw notConfigured();
  const session = await retrieve(stripe, sessionId);
  const owner = session.client_reference_id ?? session.metadata?.user_id ?? null;
  if (owner !== String(user.id)) throw notFound(PAYMENT_NOT_FOUND);
  const sku = SKUS.find((s) => s === session.metadata?.sku) ?? (session.mode === "subscription" ? "basic_plan" : session.mode === "payment" ? "one_off_pack" : null);
  // The key the webhook grants under: the session for a pack, the first invoice for the plan.
  const invoice = typeof session.invoice === "string" ? session.invoice : (session.invoice?.id ?? null);
  const key = session.mode === "subscription" ? (invoice ? `stripe:invoice:${invoice}` : null) : `stripe:session:${session.id}`;
  const granted = key
    ? await db.select({ id: creditLedger.id }).from(creditLedger).where(and(eq(creditLedger.userId, user.id), eq(creditLedger.idempotencyKey, key))).limit(1)
    : [];
  return {
    sku,
    credits: sku ? CREDITS_OF[sku] : 0,
    status: session.status === "complete" ? "complete" : session.status === "expired" ? "expired" : "open",
    paid: session.payment_status === "paid",
    credited: granted.length > 0,
  };
}
