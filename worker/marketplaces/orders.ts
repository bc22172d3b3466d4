import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { newId } from "../lib/crypto";
import type { Marketplace } from "./model";

/**
 * An order as every marketplace client hands it over (ebay.ts, etsy.ts, shopify.ts): who it goes to, what is in it
 * (each line with the marketplace's own id, and for Shopify the fulfilment order it belongs to), when it must be
 * dispatched by, and whether it still awaits dispatch.
 */
export interface OrderIn {
  externalId: string;
  reference: string;
  recipientName: string;
  postcode: string;
  address: string[];
  buyerRef: string | null;
  items: { id: string; title: string; quantity: number; group?: string }[];
  orderedAt: number;
  dispatchBy: number | null;
  status: "awaiting" | "dispatched" | "cancelled";
  changedAt: number;
}

/** A page of orders and where the next one is (null: the last page). */
export interface OrderPage<Cursor> {
  orders: OrderIn[];
  next: Cursor | null;
  /** Seconds before the marketplace's allowance takes the next page (Shopify's cost bucket); absent: at once. */
  waitSeconds?: number;
}

/** UK postcodes as labels print them: upper case, one space before the inward part. */
export function ukPostcode(raw: string): string {
  const s = raw.toUpperCase().replace(/\s+/g, "");
  return /^[A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2}$/.test(s) ? `${s.slice(0, -3)} ${s.slice(-3)}` : raw.trim().toUpperCase();
}

/** Keeps a page of orders: new ones inserted, known ones brought up to date (one statement for the page). */
export async function keepOrders(db: Db, userId: number, connectionId: string, m: Marketplace, orders: OrderIn[], now: number): Promise<void> {
  if (!orders.length) return;
  const rows = orders.map((o) => [newId("mpo"), o.externalId, o.reference, o.recipientName, ukPostcode(o.postcode), JSON.stringify(o.address), o.buyerRef, JSON.stringify(o.items), o.orderedAt, o.dispatchBy, o.status, o.changedAt]);
  // One JSON list bound, not a dozen values a row: D1 binds at most 100 parameters a statement.
  await db.run(sql`
    insert into marketplace_orders (id, user_id, connection_id, marketplace, external_id, reference, recipient_name, recipient_postcode, address_json, buyer_ref, items_json, ordered_at, dispatch_by, status, changed_at, created_at, updated_at)
    select value ->> 0, ${userId}, ${connectionId}, ${m}, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, value ->> 6, value ->> 7, value ->> 8, value ->> 9, value ->> 10, value ->> 11, ${now}, ${now}
    from json_each(${JSON.stringify(rows)}) where true
    on conflict (connection_id, external_id) do update set reference = excluded.reference, recipient_name = excluded.recipient_name,
      recipient_postcode = excluded.recipient_postcode, address_json = excluded.address_json, buyer_ref = excluded.buyer_ref,
      items_json = excluded.items_json, dispatch_by = excluded.dispatch_by, status = excluded.status, changed_at = excluded.changed_at,
      updated_at = excluded.updated_at
    where excluded.changed_at >= marketplace_orders.changed_at`);
}
