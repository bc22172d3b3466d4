/**
 * Stripe's API objects as the stand-in keeps and answers them: the fields of API version 2026-10-28 that an
 * integration reads (a subscription's period on its items, an invoice's subscription under `parent`), ids with
 * Stripe's prefixes, times in Unix seconds.
 */
export const API_VERSION = "2026-10-28.endive";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
function randomChars(n: number) {
  const bytes = crypto.getRandomValues(new Uint8Array(n));
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join("");
}
/** An id as Stripe makes them: `cus_Q…` (14 characters after the prefix), `sub_1…` (24), `cs_test_a1…` (58). */
export function newId(prefix: string): string {
  if (prefix === "cs") return `cs_test_a1${randomChars(56)}`;
  if (prefix === "cus" || prefix === "prod" || prefix === "req") return `${prefix}_${randomChars(14)}`;
  return `${prefix}_1${randomChars(23)}`;
}

export type Metadata = Record<string, string>;

export interface Product {
  id: string;
  object: "product";
  active: boolean;
  created: number;
  default_price: string | null;
  description: string | null;
  livemode: false;
  metadata: Metadata;
  name: string;
  updated: number;
}

export interface Price {
  id: string;
  object: "price";
  active: boolean;
  billing_scheme: "per_unit";
  created: number;
  currency: string;
  livemode: false;
  lookup_key: string | null;
  metadata: Metadata;
  nickname: string | null;
  product: string;
  recurring: { interval: "day" | "week" | "month" | "year"; interval_count: number; meter: null; usage_type: "licensed" } | null;
  tax_behavior: "unspecified";
  type: "one_time" | "recurring";
  /** null for a price whose amount the customer chooses (custom_unit_amount). */
  unit_amount: number | null;
  unit_amount_decimal: string | null;
}

export interface Customer {
  id: string;
  object: "customer";
  address: null;
  balance: number;
  created: number;
  currency: string | null;
  delinquent: boolean;
  description: string | null;
  email: string | null;
  invoice_prefix: string;
  livemode: false;
  metadata: Metadata;
  name: string | null;
  phone: string | null;
  preferred_locales: string[];
  tax_exempt: "none";
}

export interface LineItem {
  price: string;
  quantity: number;
}

export interface CheckoutSession {
  id: string;
  object: "checkout.session";
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer: string | null;
  customer_creation: "always" | "if_required" | null;
  customer_details: { email: string | null; name: string | null; address: null; phone: null; tax_exempt: "none"; tax_ids: [] } | null;
  customer_email: string | null;
  expires_at: number;
  invoice: string | null;
  livemode: false;
  metadata: Metadata;
  mode: "payment" | "subscription";
  payment_intent: string | null;
  payment_method_types: string[];
  payment_status: "paid" | "unpaid" | "no_payment_required";
  status: "open" | "complete" | "expired";
  subscription: string | null;
  success_url: string | null;
  ui_mode: "hosted";
  url: string | null;
  /** Not Stripe's: what was bought, and the metadata its payment or subscription is to carry. */
  _line_items: LineItem[];
  _carry_metadata: Metadata;
}

export interface SubscriptionItem {
  id: string;
  object: "subscription_item";
  created: number;
  current_period_end: number;
  current_period_start: number;
  metadata: Metadata;
  price: Price;
  quantity: number;
  subscription: string;
}

export interface Subscription {
  id: string;
  object: "subscription";
  billing_cycle_anchor: number;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  cancellation_details: { comment: string | null; feedback: string | null; reason: string | null };
  collection_method: "charge_automatically";
  created: number;
  currency: string;
  customer: string;
  ended_at: number | null;
  items: { object: "list"; data: SubscriptionItem[]; has_more: false; total_count: number; url: string };
  latest_invoice: string | null;
  livemode: false;
  metadata: Metadata;
  start_date: number;
  status: "active" | "past_due" | "canceled" | "incomplete" | "unpaid";
  trial_end: null;
  trial_start: null;
}

export interface Invoice {
  id: string;
  object: "invoice";
  account_country: "GB";
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  attempted: boolean;
  billing_reason: "subscription_create" | "subscription_cycle";
  collection_method: "charge_automatically";
  created: number;
  currency: string;
  customer: string;
  customer_email: string | null;
  hosted_invoice_url: string;
  lines: { object: "list"; data: object[]; has_more: false; total_count: number; url: string };
  livemode: false;
  metadata: Metadata;
  number: string;
  parent: { type: "subscription_details"; quote_details: null; subscription_details: { metadata: Metadata; subscription: string } };
  period_end: number;
  period_start: number;
  status: "draft" | "open" | "paid";
  status_transitions: { finalized_at: number | null; paid_at: number | null };
  subtotal: number;
  total: number;
}

export interface StripeEvent {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  data: { object: object; previous_attributes?: object };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

/** The stand-in's two products, as Parcelhive's Stripe account would hold them (README 'Deploying': step 7). */
export const STANDIN_PRICES = {
  oneOffPack: "price_1StandinOneOffPack200",
  basicPlan: "price_1StandinBasicPlan130",
};

export function catalogue(created: number): { products: Product[]; prices: Price[] } {
  const product = (id: string, name: string, description: string, price: string): Product => ({
    id,
    object: "product",
    active: true,
    created,
    default_price: price,
    description,
    livemode: false,
    metadata: {},
    name,
    updated: created,
  });
  const price = (id: string, productId: string, amount: number, recurring: boolean): Price => ({
    id,
    object: "price",
    active: true,
    billing_scheme: "per_unit",
    created,
    currency: "gbp",
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    product: productId,
    recurring: recurring ? { interval: "month", interval_count: 1, meter: null, usage_type: "licensed" } : null,
    tax_behavior: "unspecified",
    type: recurring ? "recurring" : "one_time",
    unit_amount: amount,
    unit_amount_decimal: String(amount),
  });
  return {
    products: [
      product("prod_StandinPack200", "One-off Pack", "200 Parcelhive credits", STANDIN_PRICES.oneOffPack),
      product("prod_StandinPlan130", "Monthly Subscription", "130 Parcelhive credits every month", STANDIN_PRICES.basicPlan),
    ],
    prices: [price(STANDIN_PRICES.oneOffPack, "prod_StandinPack200", 1500, false), price(STANDIN_PRICES.basicPlan, "prod_StandinPlan130", 1000, true)],
  };
}

/** One calendar month on from `sec` (Stripe bills monthly plans on the same day of the month). */
export function addMonth(sec: number): number {
  const d = new Date(sec * 1000);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return Math.floor(d.getTime() / 1000);
}

/** An amount as the stand-in's pages show it: '£15.00'. */
export function money(amount: number, currency: string): string {
  const symbol = currency === "gbp" ? "£" : currency === "eur" ? "€" : currency === "usd" ? "$" : `${currency.toUpperCase()} `;
  return `${symbol}${(amount / 100).toFixed(2)}`;
}
