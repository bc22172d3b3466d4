import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context";
import { describe } from "../lib/openapi-meta";
import { validate } from "../lib/validate";
import { accountDbs } from "../db/sessions";
import { requireAuth } from "../auth/require-auth";
import { createCheckoutSession, createPortalSession } from "./billing";
import { checkoutOutcome } from "./checkout-outcome";
import { SKUS } from "./model";
import { purchasePrices } from "./prices";
import { handleStripeEvent, verifyWebhook } from "./stripe-webhooks";

// Credits purchases: Stripe Checkout, the customer portal and Stripe's webhook.
const routes = new Hono<AppEnv>();

const checkoutBody = z.object({
  sku: z.enum(SKUS, { error: "sku must be one_off_pack or basic_plan" }),
  quantity: z.literal(1, { error: "quantity must be 1" }).optional().default(1),
});

routes.post("/create-checkout-session", requireAuth(), describe({ summary: "Open a Stripe Checkout for the One-off Pack (200 credits) or the Monthly Subscription (130 credits a month); send the browser to `checkout_url`.", description: "Credits come from Stripe's webhook once the payment is made. 409 for a second subscription; 503 when payments are not set up." }), validate("json", checkoutBody), async (c) => {
  const { sku } = c.req.valid("json");
  return c.json(await createCheckoutSession(c.env, accountDbs(c.get("directory"), c.get("db")), c.get("user"), sku));
});

// What each purchase option costs (Stripe's configured prices, cached), or that payments are not set up.
routes.get(
  "/billing/prices",
  requireAuth(),
  describe({ summary: "What each purchase option costs, in pounds: Stripe's configured prices, read again after an hour; configured false when payments are not set up on this server." }),
  async (c) => c.json(await purchasePrices(c.env, c.get("directory"))),
);

// Whether a checkout was paid and its credits are in: what /checkout/success says (never only because it was opened).
const sessionParam = z.object({ id: z.string().regex(/^cs_[A-Za-z0-9_]{1,250}$/, { error: "id must be a Checkout Session id (cs_…)" }) });
routes.get(
  "/billing/checkout-sessions/:id",
  requireAuth(),
  describe({ summary: "Whether a Checkout Session you opened was paid, and whether its credits are in your balance yet (Stripe is asked; the credits come from its signed events)." }),
  validate("param", sessionParam),
  async (c) => c.json(await checkoutOutcome(c.env, c.get("db"), c.get("user"), c.req.valid("param").id)),
);

routes.post("/billing-portal", requireAuth(), describe({ summary: "Open Stripe's customer portal, to change or cancel the subscription; send the browser to `url`." }), async (c) => {
  return c.json(await createPortalSession(c.env, c.get("user")));
});

// No auth: Stripe signs the raw body, and the signature is the authentication.
routes.post("/stripe/webhook", describe({ summary: "Stripe's events (payments, invoices, subscriptions), verified by their `Stripe-Signature`: for Stripe only.", description: "Each payment grants its credits once, whatever the order or number of deliveries." }), async (c) => {
  const event = await verifyWebhook(c.env, await c.req.text(), c.req.header("Stripe-Signature"));
  const outcome = await handleStripeEvent(c.get("sessions"), event);
  return c.json({ received: true, outcome });
});

export default routes;
