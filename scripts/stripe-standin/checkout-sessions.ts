import type { StripeAccount } from "./account.ts";
import { invalidParam, missingParam, noSuch, StripeError } from "./errors.ts";
import { type Form, list, metadataOf, obj, str } from "./form.ts";
import { newId, type CheckoutSession, type LineItem, type Price } from "./objects.ts";

/**
 * Checkout sessions as Stripe opens them: one mode (a one-off payment or a subscription), line items of existing
 * prices that suit the mode and share a currency, an optional customer (or an email to make one from), return URLs,
 * an expiry between 30 minutes and 24 hours (24 by default), and the metadata the payment or subscription carries.
 * Paying or expiring one is billing-cycle.ts's.
 */

function lineItems(account: StripeAccount, form: Form, mode: CheckoutSession["mode"]): { items: LineItem[]; prices: Price[] } {
  const raw = list(form.line_items);
  if (!raw.length) throw missingParam("line_items");
  const items: LineItem[] = [];
  const prices: Price[] = [];
  raw.forEach((entry, i) => {
    const priceId = str(obj(entry)?.price);
    if (!priceId) throw missingParam(`line_items[${i}][price]`);
    const price = account.prices.get(priceId);
    if (!price) throw noSuch("price", priceId, `line_items[${i}][price]`);
    if (price.unit_amount === null) throw invalidParam(`line_items[${i}][price]`, `The price \`${priceId}\` lets the customer choose the amount, which the stand-in's Checkout does not offer.`);
    const quantity = Number(str(obj(entry)?.quantity) ?? "1");
    if (!Number.isInteger(quantity) || quantity < 1) throw invalidParam(`line_items[${i}][quantity]`, "Invalid integer: " + str(obj(entry)?.quantity));
    items.push({ price: priceId, quantity });
    prices.push(price);
  });
  if (mode === "payment" && prices.some((p) => p.recurring)) {
    throw invalidParam("line_items", "You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.");
  }
  if (mode === "subscription" && !prices.some((p) => p.recurring)) {
    throw invalidParam("line_items", "You must provide at least one recurring price in `subscription` mode when using prices.");
  }
  if (new Set(prices.map((p) => p.currency)).size > 1) throw invalidParam("line_items", "All prices must be in the same currency.");
  return { items, prices };
}

/** POST /v1/checkout/sessions: a session of one mode, its line items checked as Stripe checks them. */
export function createCheckoutSession(account: StripeAccount, form: Form, origin: string): CheckoutSession {
  const mode = str(form.mode);
  if (!mode) throw missingParam("mode");
  if (mode !== "payment" && mode !== "subscription") {
    throw invalidParam("mode", `Invalid mode: the stand-in supports payment and subscription (Stripe also has setup), not ${mode}`);
  }
  for (const param of ["success_url", "cancel_url"]) {
    const url = str(form[param]);
    if (url !== undefined && !/^https?:\/\/[^\s]+$/.test(url)) throw new StripeError(400, "invalid_request_error", "Not a valid URL", { code: "url_invalid", param });
  }
  const customerId = str(form.customer);
  const customer = customerId ? account.customer(customerId, "customer") : null;
  const customerEmail = str(form.customer_email);
  if (customer && customerEmail) throw invalidParam("customer_email", "You may only specify one of these parameters: customer, customer_email.");
  const { items, prices } = lineItems(account, form, mode);
  const total = items.reduce((sum, item, i) => sum + item.quantity * (prices[i].unit_amount ?? 0), 0);
  const now = account.now();
  const expiresAt = Number(str(form.expires_at) ?? now + 24 * 3600);
  if (!Number.isInteger(expiresAt) || expiresAt < now + 30 * 60 || expiresAt > now + 24 * 3600) {
    throw invalidParam("expires_at", "The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.");
  }
  const carried = mode === "subscription" ? obj(form.subscription_data)?.metadata : obj(form.payment_intent_data)?.metadata;
  const id = newId("cs");
  const session: CheckoutSession = {
    id,
    object: "checkout.session",
    amount_subtotal: total,
    amount_total: total,
    cancel_url: str(form.cancel_url) ?? null,
    client_reference_id: str(form.client_reference_id) ?? null,
    created: now,
    currency: prices[0].currency,
    customer: customer?.id ?? null,
    customer_creation: customer ? null : mode === "subscription" ? "always" : "if_required",
    customer_details: null,
    customer_email: customerEmail ?? null,
    expires_at: expiresAt,
    invoice: null,
    livemode: false,
    metadata: metadataOf(form.metadata),
    mode,
    payment_intent: null,
    payment_method_types: ["card"],
    payment_status: "unpaid",
    status: "open",
    subscription: null,
    success_url: str(form.success_url) ?? null,
    ui_mode: "hosted",
    url: `${origin}/c/pay/${id}`,
    _line_items: items,
    _carry_metadata: metadataOf(carried),
  };
  account.sessions.set(id, session);
  return session;
}

/** POST /v1/checkout/sessions/:id/expire: only an open session can be expired. */
export function expireCheckoutSession(account: StripeAccount, id: string): CheckoutSession {
  const session = account.session(id);
  if (session.status !== "open") {
    throw new StripeError(400, "invalid_request_error", `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`);
  }
  account.billing.expire(session);
  return session;
}
