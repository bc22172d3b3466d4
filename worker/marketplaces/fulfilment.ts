/**
 * Tracking out, whichever the marketplace (issue 34): what a client (ebay.ts, etsy.ts, shopify.ts) reads of an order
 * before telling the marketplace of a parcel, and what telling it gave. tracking-out.ts decides from these.
 */

/** An order line and how many of it: the marketplace's own line id (Shopify: its fulfilment order line, `group` its fulfilment order). */
export interface Line {
  id: string;
  quantity: number;
  group?: string;
}

/** The parcel a label is: its tracking code, its courier (ours: `royalmail`, `evri`) and when it was shipped (ms). */
export interface Parcel {
  trackingCode: string;
  courier: string;
  shippedAt: number;
}

/** The order as the marketplace has it now. */
export interface OrderNow {
  cancelled: boolean;
  /** What is still to dispatch: eBay and Shopify per line; Etsy's receipt, all of it until it is shipped, then nothing. */
  remaining: Line[];
  /** The tracking codes of every fulfilment or shipment the order has, whoever made it. */
  trackingCodes: string[];
}

/**
 * What telling the marketplace gave: `sent` (with its id for the fulfilment, when it gives one); `already` (it has
 * the order, or those lines, dispatched already); `refused` (it will not take this parcel, `reason` in the seller's
 * words: an unknown carrier, a bad tracking code, a cancelled order). A marketplace that cannot be reached or asks us
 * to wait throws MarketplaceRefusal('unavailable'); one that rejects the access token throws TokenRejected.
 */
export type PushOutcome = { kind: "sent"; ref: string | null } | { kind: "already" } | { kind: "refused"; reason: string };

/** The marketplace rejected the access token (401): refreshed once and tried again, by tracking-out.ts. */
export class TokenRejected extends Error {}

/** Calls that may have reached the marketplace end within this, well inside a dispatch's lease. */
export const CALL_TIMEOUT_MS = 20_000;

const sameCode = (a: string, b: string) => a.replace(/\s+/g, "").toUpperCase() === b.replace(/\s+/g, "").toUpperCase();

/** Whether the marketplace already shows this tracking code on the order. */
export const showsCode = (now: OrderNow, code: string) => now.trackingCodes.some((c) => sameCode(c, code));

/**
 * The lines one parcel of a split order covers: the units still to dispatch, less those other parcels of ours have
 * claimed and not yet sent, shared in turn among the parcels that have claimed none (this one at `rank` of `count`),
 * in the order they were linked. Every consumer computing at once gets the same answer, so no unit goes twice.
 */
export function shareOf(remaining: Line[], claimedByOthers: Line[], rank: number, count: number): Line[] {
  const left = remaining.map((l) => ({ ...l, quantity: l.quantity - claimedByOthers.filter((c) => c.id === l.id).reduce((n, c) => n + c.quantity, 0) })).filter((l) => l.quantity > 0);
  const units = left.flatMap((l) => Array.from({ length: l.quantity }, () => l));
  const size = Math.ceil(units.length / Math.max(1, count));
  const mine = units.slice(rank * size, (rank + 1) * size);
  const lines: Line[] = [];
  for (const u of mine) {
    const at = lines.find((l) => l.id === u.id);
    if (at) at.quantity++;
    else lines.push({ ...u, quantity: 1 });
  }
  return lines;
}
