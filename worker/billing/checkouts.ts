import { and, eq, gt, isNull } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "../db/client";
import { stripeCheckouts } from "../db/schema";
import type { Sku } from "./model";

/**
 * The Checkout sessions this server opened, until they complete or expire (stripe_checkouts). They tell an invoice
 * that arrives before its checkout has linked the account (ours: Stripe is asked to send it again) from one that
 * carries nothing of ours (another system's customer on the same Stripe account: acknowledged and ignored).
 */

/** Stripe's own expiry of a session that does not say (24 hours). */
const DEFAULT_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** A Stripe reference as its id, whether or not Stripe expanded it. */
export const idOf = (v: string | { id: string } | null | undefined) => (typeof v === "string" ? v : (v?.id ?? null));

export async function recordOpenCheckout(
  db: Db,
  opened: { session: Pick<Stripe.Checkout.Session, "id" | "customer" | "expires_at">; userId: number; sku: Sku },
  now = Date.now(),
) {
  const { session } = opened;
  await db
    .insert(stripeCheckouts)
    .values({
      sessionId: session.id,
      userId: opened.userId,
      customerId: idOf(session.customer),
      sku: opened.sku,
      createdAt: now,
      expiresAt: session.expires_at ? session.expires_at * 1000 : now + DEFAULT_LIFETIME_MS,
    })
    .onConflictDoNothing();
}

export async function markCheckoutCompleted(db: Db, sessionId: string, now = Date.now()) {
  await db
    .update(stripeCheckouts)
    .set({ completedAt: now })
    .where(and(eq(stripeCheckouts.sessionId, sessionId), isNull(stripeCheckouts.completedAt)));
}

/** Whether a checkout we opened for this Stripe customer is still open (neither completed nor expired). */
export async function checkoutInFlight(db: Db, customerId: string | null, now = Date.now()): Promise<boolean> {
  if (!customerId) return false;
  const open = await db.query.stripeCheckouts.findFirst({
    columns: { sessionId: true },
    where: and(eq(stripeCheckouts.customerId, customerId), isNull(stripeCheckouts.completedAt), gt(stripeCheckouts.expiresAt, now)),
  });
  return Boolean(open);
}
