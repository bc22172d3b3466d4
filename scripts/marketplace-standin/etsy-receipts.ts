import { json, nextNumber, type OrderSeed } from "./common.ts";

/**
 * Etsy's `ShopReceipt` (Open API v3 getShopReceipts / getShopReceipt / createReceiptShipment), with the fields an
 * order-sync integration reads and the ones Etsy always includes. docs/marketplaces.md lists what the app relies on.
 */
interface Money {
  amount: number;
  divisor: number;
  currency_code: string;
}

export interface EtsyShipment {
  receipt_shipping_id: number;
  shipment_notification_timestamp: number;
  carrier_name: string;
  tracking_code: string;
}

export interface EtsyTransaction {
  transaction_id: number;
  title: string;
  seller_user_id: number;
  buyer_user_id: number;
  create_timestamp: number;
  created_timestamp: number;
  paid_timestamp: number;
  shipped_timestamp: number | null;
  quantity: number;
  receipt_id: number;
  is_digital: boolean;
  listing_id: number;
  sku: string | null;
  price: Money;
  shipping_cost: Money;
  expected_ship_date: number;
  min_processing_days: number;
  max_processing_days: number;
}

export interface EtsyReceipt {
  receipt_id: number;
  receipt_type: number;
  seller_user_id: number;
  seller_email: string | null;
  buyer_user_id: number;
  buyer_email: string | null;
  name: string;
  first_line: string;
  second_line: string | null;
  city: string;
  state: string | null;
  zip: string;
  status: "paid" | "completed" | "open" | "payment processing" | "canceled";
  formatted_address: string;
  country_iso: string;
  payment_method: string;
  message_from_buyer: string | null;
  is_paid: boolean;
  is_shipped: boolean;
  create_timestamp: number;
  created_timestamp: number;
  update_timestamp: number;
  updated_timestamp: number;
  is_gift: boolean;
  grandtotal: Money;
  subtotal: Money;
  total_price: Money;
  total_shipping_cost: Money;
  shipments: EtsyShipment[];
  transactions: EtsyTransaction[];
  refunds: never[];
}

const DAY = 86_400;
const gbp = (pence: number): Money => ({ amount: pence, divisor: 100, currency_code: "GBP" });

export function buildEtsyReceipt(seed: OrderSeed, seller: { user_id: number }, nowSec: number): EtsyReceipt {
  const created = seed.createdAt ?? nowSec;
  const receiptId = nextNumber(3_300_000_000);
  const buyer = Number(seed.buyer) || nextNumber(900_000_000);
  const r = seed.recipient;
  const items = seed.items.length ? seed.items : [{ title: "Item" }];
  const transactions: EtsyTransaction[] = items.map((item, i) => ({
    transaction_id: nextNumber(4_100_000_000),
    title: item.title,
    seller_user_id: seller.user_id,
    buyer_user_id: buyer,
    create_timestamp: created,
    created_timestamp: created,
    paid_timestamp: created,
    shipped_timestamp: null,
    quantity: item.quantity ?? 1,
    receipt_id: receiptId,
    is_digital: false,
    listing_id: nextNumber(1_500_000_000),
    sku: item.sku ?? null,
    price: gbp(1800 + i * 100),
    shipping_cost: gbp(0),
    expected_ship_date: seed.shipBy ?? created + 3 * DAY,
    min_processing_days: 1,
    max_processing_days: 3,
  }));
  const total = transactions.reduce((sum, t) => sum + t.price.amount * t.quantity, 0);
  return {
    receipt_id: receiptId,
    receipt_type: 0,
    seller_user_id: seller.user_id,
    seller_email: null,
    buyer_user_id: buyer,
    buyer_email: null,
    name: r.name,
    first_line: r.line1,
    second_line: r.line2 ?? null,
    city: r.city,
    state: null,
    zip: r.postcode,
    status: "paid",
    formatted_address: [r.name, r.line1, r.line2, r.city, r.postcode, "United Kingdom"].filter(Boolean).join("\n"),
    country_iso: r.country ?? "GB",
    payment_method: "cc",
    message_from_buyer: null,
    is_paid: true,
    is_shipped: false,
    create_timestamp: created,
    created_timestamp: created,
    update_timestamp: Math.max(created, nowSec),
    updated_timestamp: Math.max(created, nowSec),
    is_gift: false,
    grandtotal: gbp(total + 295),
    subtotal: gbp(total),
    total_price: gbp(total),
    total_shipping_cost: gbp(295),
    shipments: [],
    transactions,
    refunds: [],
  };
}

/** Adds a shipment to the receipt (one per tracking code: split parcels are several), as createReceiptShipment does. */
export function shipEtsyReceipt(receipt: EtsyReceipt, trackingCode: string, carrierName: string, nowSec: number): EtsyShipment {
  const shipment = { receipt_shipping_id: nextNumber(1_000_000_000), shipment_notification_timestamp: nowSec, carrier_name: carrierName, tracking_code: trackingCode };
  receipt.shipments.push(shipment);
  receipt.is_shipped = true;
  receipt.status = "completed";
  receipt.update_timestamp = receipt.updated_timestamp = nowSec;
  for (const t of receipt.transactions) t.shipped_timestamp ??= nowSec;
  return shipment;
}

/** Etsy's carrier names (lower-case slugs) for UK sellers; `other` records a code for a carrier Etsy does not list. */
export const ETSY_CARRIERS = new Set(["royal-mail", "hermes-uk", "parcelforce", "dpd", "yodel", "dhl", "ups", "fedex", "usps", "tnt", "other"]);

export const etsyError = (status: number, error: string, headers: Record<string, string> = {}) => json(status, { error }, headers);

/** getShopReceipts' filters, as Etsy reads its query string; a string answer is the 400's message. */
export function filterReceipts(all: EtsyReceipt[], q: URLSearchParams): { count: number; results: EtsyReceipt[] } | string {
  const int = (name: string, min: number, max = Number.MAX_SAFE_INTEGER) => {
    const v = q.get(name);
    if (v === null || v === "") return undefined;
    const n = Number(v);
    return Number.isInteger(n) && n >= min && n <= max ? n : Number.NaN;
  };
  const bool = (name: string) => {
    const v = q.get(name);
    if (v === null || v === "") return undefined;
    return v === "true" ? true : v === "false" ? false : null;
  };
  const limit = int("limit", 1, 100) ?? 25;
  const offset = int("offset", 0) ?? 0;
  if (Number.isNaN(limit)) return "Expected int <= 100 for 'limit'.";
  if (Number.isNaN(offset)) return "Expected int >= 0 for 'offset'.";
  const bounds = { min_created: int("min_created", 946_684_800), max_created: int("max_created", 946_684_800), min_last_modified: int("min_last_modified", 946_684_800), max_last_modified: int("max_last_modified", 946_684_800) };
  for (const [k, v] of Object.entries(bounds)) if (Number.isNaN(v)) return `Expected int >= 946684800 for '${k}'.`;
  const flags = { was_paid: bool("was_paid"), was_shipped: bool("was_shipped"), was_canceled: bool("was_canceled"), was_delivered: bool("was_delivered") };
  for (const [k, v] of Object.entries(flags)) if (v === null) return `Expected boolean for '${k}'.`;
  const sortOn = q.get("sort_on") ?? "created";
  if (!["created", "updated", "receipt_id"].includes(sortOn)) return "Invalid value for 'sort_on'.";
  const sortOrder = q.get("sort_order") ?? "desc";
  if (!["asc", "ascending", "desc", "descending", "up", "down"].includes(sortOrder)) return "Invalid value for 'sort_order'.";
  const keep = all.filter(
    (r) =>
      (bounds.min_created === undefined || r.create_timestamp >= bounds.min_created) &&
      (bounds.max_created === undefined || r.create_timestamp <= bounds.max_created) &&
      (bounds.min_last_modified === undefined || r.update_timestamp >= bounds.min_last_modified) &&
      (bounds.max_last_modified === undefined || r.update_timestamp <= bounds.max_last_modified) &&
      (flags.was_paid === undefined || r.is_paid === flags.was_paid) &&
      (flags.was_shipped === undefined || r.is_shipped === flags.was_shipped) &&
      (flags.was_canceled === undefined || (r.status === "canceled") === flags.was_canceled) &&
      (flags.was_delivered === undefined || !flags.was_delivered),
  );
  const key = (r: EtsyReceipt) => (sortOn === "updated" ? r.update_timestamp : sortOn === "receipt_id" ? r.receipt_id : r.create_timestamp);
  const up = ["asc", "ascending", "up"].includes(sortOrder) ? 1 : -1;
  keep.sort((a, b) => up * (key(a) - key(b) || a.receipt_id - b.receipt_id));
  return { count: keep.length, results: keep.slice(offset, offset + limit) };
}
