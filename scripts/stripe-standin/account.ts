import { invalidParam, missingParam, noSuch, StripeError } from "./errors.ts";
import { type Form, metadataOf, str } from "./form.ts";
import {
  API_VERSION,
  catalogue,
  newId,
  type CheckoutSession,
  type Customer,
  type Invoice,
  type Price,
  type Product,
  type StripeEvent,
  type Subscription,
} from "./objects.ts";
import { billingCycle, type Billing } from "./billing-cycle.ts";

/**
 * The stand-in's Stripe account: its objects, its clock and the events it raises. What the API can do to an
 * object (create a customer, cancel a subscription) lives here, opening a Checkout session in checkout-sessions.ts; what happens when a customer pays, renews or
 * cancels lives in billing-cycle.ts. Every change that Stripe would announce raises its event, in the order Stripe
 * raises them; the caller delivers them (standin.ts).
 */
export interface PortalSession {
  id: string;
  object: "billing_portal.session";
  configuration: string;
  created: number;
  customer: string;
  livemode: false;
  locale: null;
  on_behalf_of: null;
  return_url: string | null;
  url: string;
}

export class StripeAccount {
  /** Seconds added to the real clock: 'advance the clock' moves this on. */
  clockOffset = 0;
  products = new Map<string, Product>();
  prices = new Map<string, Price>();
  customers = new Map<string, Customer>();
  sessions = new Map<string, CheckoutSession>();
  portals = new Map<string, PortalSession>();
  subscriptions = new Map<string, Subscription>();
  invoices = new Map<string, Invoice>();
  events = new Map<string, StripeEvent>();
  /** Raised and not yet handed to the deliverer. */
  raised: StripeEvent[] = [];
  /** Subscriptions whose next renewal is to be declined (set from the dashboard). */
  declineNext = new Set<string>();
  /** The API request being answered: events it raises name it, as Stripe's do. */
  currentRequest: { id: string | null; idempotency_key: string | null } = { id: null, idempotency_key: null };
  readonly billing: Billing = billingCycle(this);
  private invoiceNumber = 0;

  constructor() {
    const { products, prices } = catalogue(this.now());
    for (const p of products) this.products.set(p.id, p);
    for (const p of prices) this.prices.set(p.id, p);
  }

  now(): number {
    return Math.floor(Date.now() / 1000) + this.clockOffset;
  }

  nextInvoiceNumber(customer: Customer) {
    return `${customer.invoice_prefix}-${String(++this.invoiceNumber).padStart(4, "0")}`;
  }

  /** Raises an event about `object` (a copy of it as it is now), with what changed for '*.updated'. */
  raise(type: string, object: object, extra: { previous?: object } = {}) {
    const event: StripeEvent = {
      id: newId("evt"),
      object: "event",
      api_version: API_VERSION,
      created: this.now(),
      data: { object: JSON.parse(JSON.stringify(object, hidePrivate)), ...(extra.previous ? { previous_attributes: extra.previous } : {}) },
      livemode: false,
      pending_webhooks: 1,
      request: { ...this.currentRequest },
      type,
    };
    this.events.set(event.id, event);
    this.raised.push(event);
    return event;
  }

  takeRaised(): StripeEvent[] {
    return this.raised.splice(0);
  }

  customer(id: string, param = "id"): Customer {
    const c = this.customers.get(id);
    if (!c) throw noSuch("cus", id, param);
    return c;
  }

  subscription(id: string): Subscription {
    const s = this.subscriptions.get(id);
    if (!s) throw noSuch("sub", id);
    return s;
  }

  session(id: string): CheckoutSession {
    const s = this.sessions.get(id);
    if (!s) throw noSuch("cs", id);
    return s;
  }

  createCustomer(form: Form): Customer {
    const email = str(form.email) ?? null;
    if (email !== null && email !== "" && !/^[^\s@]+@[^\s@]+$/.test(email)) throw invalidParam("email", "Invalid email address: " + email);
    const customer: Customer = {
      id: newId("cus"),
      object: "customer",
      address: null,
      balance: 0,
      created: this.now(),
      currency: null,
      delinquent: false,
      description: str(form.description) ?? null,
      email: email || null,
      invoice_prefix: newId("x").slice(3, 11).toUpperCase(),
      livemode: false,
      metadata: metadataOf(form.metadata),
      name: str(form.name) ?? null,
      phone: str(form.phone) ?? null,
      preferred_locales: [],
      tax_exempt: "none",
    };
    this.customers.set(customer.id, customer);
    this.raise("customer.created", customer);
    return customer;
  }

  updateCustomer(id: string, form: Form): Customer {
    const customer = this.customer(id);
    const previous: Partial<Customer> = {};
    for (const key of ["email", "name", "description", "phone"] as const) {
      const value = str(form[key]);
      if (value === undefined) continue;
      previous[key] = customer[key];
      customer[key] = value || null;
    }
    if (form.metadata) {
      previous.metadata = customer.metadata;
      customer.metadata = metadataOf(form.metadata, customer.metadata);
    }
    this.raise("customer.updated", customer, { previous });
    return customer;
  }

  /** Deleting a customer ends their subscriptions at once, as Stripe does. */
  deleteCustomer(id: string) {
    const customer = this.customer(id);
    for (const sub of this.subscriptions.values()) {
      if (sub.customer === id && sub.status !== "canceled") this.billing.cancel(sub, "cancellation_requested");
    }
    this.customers.delete(id);
    this.raise("customer.deleted", customer);
    return { id, object: "customer", deleted: true };
  }

  createPortalSession(form: Form, origin: string): PortalSession {
    const customerId = str(form.customer);
    if (!customerId) throw missingParam("customer");
    const customer = this.customer(customerId, "customer");
    const returnUrl = str(form.return_url) ?? null;
    if (returnUrl !== null && !/^https?:\/\/[^\s]+$/.test(returnUrl)) throw new StripeError(400, "invalid_request_error", "Not a valid URL", { code: "url_invalid", param: "return_url" });
    const id = newId("bps");
    const portal: PortalSession = {
      id,
      object: "billing_portal.session",
      configuration: "bpc_1StandinPortalConfiguration",
      created: this.now(),
      customer: customer.id,
      livemode: false,
      locale: null,
      on_behalf_of: null,
      return_url: returnUrl,
      url: `${origin}/p/session/${id}`,
    };
    this.portals.set(id, portal);
    return portal;
  }

  /** POST /v1/subscriptions/:id: metadata and cancel_at_period_end (what an integration changes). */
  updateSubscription(id: string, form: Form): Subscription {
    const sub = this.subscription(id);
    const onlyAllowed = Object.keys(form).every((k) => k === "metadata" || k === "cancellation_details" || k === "expand");
    if (sub.status === "canceled" && !onlyAllowed) {
      throw new StripeError(400, "invalid_request_error", "A canceled subscription can only update its cancellation_details and metadata.");
    }
    const previous: Partial<Subscription> = {};
    const atEnd = str(form.cancel_at_period_end);
    if (atEnd !== undefined) {
      previous.cancel_at_period_end = sub.cancel_at_period_end;
      previous.cancel_at = sub.cancel_at;
      sub.cancel_at_period_end = atEnd === "true";
      sub.cancel_at = sub.cancel_at_period_end ? sub.items.data[0].current_period_end : null;
      sub.canceled_at = sub.cancel_at_period_end ? this.now() : null;
    }
    if (form.metadata) {
      previous.metadata = sub.metadata;
      sub.metadata = metadataOf(form.metadata, sub.metadata);
    }
    this.raise("customer.subscription.updated", sub, { previous });
    return sub;
  }

  /**
   * DELETE /v1/subscriptions/:id ends it now. A subscription that has already ended is answered as Stripe answers an
   * id it no longer bills: 404 resource_missing (an integration treats both as 'nothing left to cancel').
   */
  cancelSubscription(id: string): Subscription {
    const sub = this.subscription(id);
    if (sub.status === "canceled") throw noSuch("sub", id);
    this.billing.cancel(sub, "cancellation_requested");
    return sub;
  }
}

/** Fields the stand-in keeps for itself (`_line_items`) are never shown. */
export const hidePrivate = (key: string, value: unknown) => (key.startsWith("_") ? undefined : value);
