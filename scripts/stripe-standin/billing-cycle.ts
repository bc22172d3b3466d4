import type { StripeAccount } from "./account.ts";
import { addMonth, newId, type CheckoutSession, type Customer, type Invoice, type Subscription } from "./objects.ts";

/**
 * What happens to money in the stand-in, with the events Stripe raises for it, in Stripe's order:
 * - paying a Checkout session: a one-off payment completes the session (`checkout.session.completed`); a
 *   subscription is created with its first invoice paid (`customer.subscription.created`, `invoice.created`,
 *   `invoice.finalized`, `invoice.paid`, `invoice.payment_succeeded`), then the session completes;
 * - the clock reaching a subscription's period end: the next month's invoice is paid (or declined:
 *   `invoice.payment_failed` and the subscription `past_due`), and the subscription moves on a period
 *   (`customer.subscription.updated`); one set to cancel at the period end ends instead;
 * - cancelling (API, portal, deleting the customer): the subscription ends now (`customer.subscription.deleted`).
 */
export interface Billing {
  pay(session: CheckoutSession): void;
  expire(session: CheckoutSession): void;
  cancel(sub: Subscription, reason: string): void;
  /** Moves the clock to `target` (Unix seconds), renewing, ending and expiring whatever falls due on the way. */
  advanceTo(target: number): void;
}

export function billingCycle(account: StripeAccount): Billing {
  function customerFor(session: CheckoutSession): Customer {
    if (session.customer) return account.customer(session.customer);
    const customer = account.createCustomer({ ...(session.customer_email ? { email: session.customer_email } : {}) });
    session.customer = customer.id;
    return customer;
  }

  function invoiceFor(sub: Subscription, customer: Customer, reason: Invoice["billing_reason"], declined: boolean): Invoice {
    const item = sub.items.data[0];
    const amount = (item.price.unit_amount ?? 0) * item.quantity;
    const now = account.now();
    const id = newId("in");
    const invoice: Invoice = {
      id,
      object: "invoice",
      account_country: "GB",
      amount_due: amount,
      amount_paid: declined ? 0 : amount,
      amount_remaining: declined ? amount : 0,
      attempt_count: 1,
      attempted: true,
      billing_reason: reason,
      collection_method: "charge_automatically",
      created: now,
      currency: item.price.currency,
      customer: customer.id,
      customer_email: customer.email,
      hosted_invoice_url: `https://invoice.stripe.com/i/standin/${id}`,
      lines: {
        object: "list",
        data: [
          {
            id: newId("il"),
            object: "line_item",
            amount,
            currency: item.price.currency,
            description: `${item.quantity} × ${account.products.get(item.price.product)?.name ?? "Subscription"}`,
            invoice: id,
            livemode: false,
            metadata: sub.metadata,
            parent: {
              type: "subscription_item_details",
              invoice_item_details: null,
              subscription_item_details: { invoice_item: null, proration: false, proration_details: { credited_items: null }, subscription: sub.id, subscription_item: item.id },
            },
            period: { start: item.current_period_start, end: item.current_period_end },
            pricing: { type: "price_details", price_details: { price: item.price.id, product: item.price.product }, unit_amount_decimal: item.price.unit_amount_decimal },
            quantity: item.quantity,
          },
        ],
        has_more: false,
        total_count: 1,
        url: `/v1/invoices/${id}/lines`,
      },
      livemode: false,
      metadata: {},
      number: account.nextInvoiceNumber(customer),
      parent: { type: "subscription_details", quote_details: null, subscription_details: { metadata: sub.metadata, subscription: sub.id } },
      period_end: item.current_period_end,
      period_start: item.current_period_start,
      status: declined ? "open" : "paid",
      status_transitions: { finalized_at: now, paid_at: declined ? null : now },
      subtotal: amount,
      total: amount,
    };
    account.invoices.set(id, invoice);
    sub.latest_invoice = id;
    account.raise("invoice.created", { ...invoice, status: "draft", status_transitions: { finalized_at: null, paid_at: null }, amount_paid: 0, amount_remaining: amount });
    account.raise("invoice.finalized", { ...invoice, status: "open", status_transitions: { finalized_at: now, paid_at: null }, amount_paid: 0, amount_remaining: amount });
    if (declined) {
      account.raise("invoice.payment_failed", invoice);
    } else {
      account.raise("invoice.paid", invoice);
      account.raise("invoice.payment_succeeded", invoice);
    }
    return invoice;
  }

  function startSubscription(session: CheckoutSession, customer: Customer): Subscription {
    const now = account.now();
    const id = newId("sub");
    const line = session._line_items.find((l) => account.prices.get(l.price)?.recurring) ?? session._line_items[0];
    const price = account.prices.get(line.price)!;
    const sub: Subscription = {
      id,
      object: "subscription",
      billing_cycle_anchor: now,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: "charge_automatically",
      created: now,
      currency: price.currency,
      customer: customer.id,
      ended_at: null,
      items: {
        object: "list",
        data: [{ id: newId("si"), object: "subscription_item", created: now, current_period_start: now, current_period_end: addMonth(now), metadata: {}, price, quantity: line.quantity, subscription: id }],
        has_more: false,
        total_count: 1,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      latest_invoice: null,
      livemode: false,
      metadata: session._carry_metadata,
      start_date: now,
      status: "active",
      trial_end: null,
      trial_start: null,
    };
    account.subscriptions.set(id, sub);
    account.raise("customer.subscription.created", sub);
    const invoice = invoiceFor(sub, customer, "subscription_create", false);
    session.invoice = invoice.id;
    session.subscription = id;
    return sub;
  }

  function pay(session: CheckoutSession) {
    const customer = customerFor(session);
    if (session.mode === "subscription") startSubscription(session, customer);
    else session.payment_intent = newId("pi");
    session.status = "complete";
    session.payment_status = "paid";
    session.url = null;
    session.customer_details = { email: customer.email ?? session.customer_email, name: customer.name, address: null, phone: null, tax_exempt: "none", tax_ids: [] };
    account.raise("checkout.session.completed", session);
  }

  function expire(session: CheckoutSession) {
    session.status = "expired";
    session.url = null;
    account.raise("checkout.session.expired", session);
  }

  function cancel(sub: Subscription, reason: string) {
    const now = account.now();
    sub.status = "canceled";
    sub.canceled_at ??= now;
    sub.ended_at = now;
    sub.cancellation_details = { comment: null, feedback: null, reason };
    account.raise("customer.subscription.deleted", sub);
  }

  /** The subscription's period has ended: bill the next one, or end it when it was set to cancel then. */
  function renew(sub: Subscription) {
    const item = sub.items.data[0];
    if (sub.cancel_at_period_end) return cancel(sub, "cancellation_requested");
    const previous = { items: JSON.parse(JSON.stringify(sub.items)), status: sub.status, latest_invoice: sub.latest_invoice };
    item.current_period_start = item.current_period_end;
    item.current_period_end = addMonth(item.current_period_start);
    const declined = account.declineNext.delete(sub.id);
    invoiceFor(sub, account.customer(sub.customer), "subscription_cycle", declined);
    sub.status = declined ? "past_due" : "active";
    account.raise("customer.subscription.updated", sub, { previous });
  }

  function advanceTo(target: number) {
    if (target > account.now()) account.clockOffset += target - account.now();
    const now = account.now();
    for (const session of account.sessions.values()) if (session.status === "open" && session.expires_at <= now) expire(session);
    for (;;) {
      const due = [...account.subscriptions.values()]
        .filter((s) => (s.status === "active" || s.status === "past_due") && s.items.data[0].current_period_end <= now)
        .sort((a, b) => a.items.data[0].current_period_end - b.items.data[0].current_period_end)[0];
      if (!due) break;
      renew(due);
    }
  }

  return { pay, expire, cancel, advanceTo };
}
