import { z } from "zod";
import { MARKETPLACES } from "../../shared/marketplaces";

/**
 * Marketplace connections: a seller's eBay account, Etsy shop or Shopify store, connected with the marketplace's own
 * OAuth so its orders come in and tracking goes out (issue 34, docs/marketplaces.md). Names and answers here; the
 * clients (ebay.ts, etsy.ts, shopify.ts) speak each marketplace's API; connections.ts keeps the tokens.
 */
export { MARKETPLACE_NAMES, MARKETPLACES, type Marketplace } from "../../shared/marketplaces";

/** A connection that works, or one the marketplace stopped accepting (revoked, expired refresh token): 'Reconnect'. */
export const CONNECTION_STATUSES = ["connected", "broken"] as const;

/** A Shopify store's name as its myshopify.com address starts: what the seller types to connect it. */
export const SHOPIFY_SHOP = /^[a-z0-9][a-z0-9-]{0,59}$/;

export const connectionSchema = z.object({
  id: z.string().describe("The connection's id (mpc_…)"),
  marketplace: z.enum(MARKETPLACES),
  shopName: z.string().describe("The eBay user name, Etsy shop name or Shopify store the connection is for"),
  status: z.enum(CONNECTION_STATUSES),
  problem: z.string().nullable().describe("Why a broken connection stopped working, in words for the seller"),
  connectedAt: z.number().int().describe("When it was connected (ms since the epoch)"),
});

export const marketplacesAnswer = z.object({
  marketplaces: z.array(z.object({ marketplace: z.enum(MARKETPLACES), name: z.string(), configured: z.boolean().describe("False when this server has no app keys for it: it cannot be connected") })),
  connections: z.array(connectionSchema),
});

export const connectStartAnswer = z.object({ authorizeUrl: z.string().describe("The marketplace's consent page: send the browser there") });

export const connectedAnswer = z.object({ connection: connectionSchema });

export type ConnectionView = z.infer<typeof connectionSchema>;

/**
 * A linked label's tracking out as the Orders view and the label page show it (tracking-out.ts writes it,
 * dispatch-views.ts reads it): whether the marketplace has been told, and if not, why.
 */
export const DISPATCH_STATES = ["pending", "sent", "dispatched_elsewhere", "skipped", "failed"] as const;

export const dispatchSchema = z
  .object({
    state: z
      .enum(DISPATCH_STATES)
      .describe(
        "'pending': being sent to the marketplace (or waiting for its shop to be reconnected: `reason`); 'sent': the order is marked dispatched with this label's tracking; 'dispatched_elsewhere': the order was already marked dispatched (by hand or by another tool) and was left alone; 'skipped': nothing to send (the order was cancelled, or every item went with an earlier parcel); 'failed': the marketplace refused it (`reason`)",
      ),
    reason: z.string().nullable().describe("Why it was not sent, or what it waits for, in words for the seller; null when sent or on its way"),
    sentAt: z.string().nullable().describe("When the marketplace was told (ISO 8601); null until then"),
  })
  .describe("Tracking out: this label's tracking sent to the order's marketplace");

/** An order from a connected shop, as the Orders view and a label's question show it. */
export const orderSchema = z.object({
  id: z.string().describe("The order's id here (mpo_…)"),
  marketplace: z.enum(MARKETPLACES),
  shopName: z.string().nullable().describe("The shop it came from; null once that shop is disconnected"),
  reference: z.string().describe("The marketplace's order number, as the seller knows it"),
  recipientName: z.string(),
  postcode: z.string(),
  buyer: z.string().nullable().describe("The buyer's marketplace user name or id"),
  items: z.array(z.object({ id: z.string().describe("The marketplace's id of the order line"), title: z.string(), quantity: z.number().int() })),
  orderedAt: z.string(),
  dispatchBy: z.string().nullable().describe("When the marketplace expects it dispatched; null when it gives no date"),
  status: z.enum(["awaiting", "dispatched", "cancelled"]),
  hoursAwaiting: z.number().int().nullable().describe("Whole hours since the order was placed, while it awaits dispatch; null after"),
});

const linkedBy = z.enum(["match", "seller"]).describe("'match': linked by the matching of recipient and postcode; 'seller': by hand");

export const ordersAnswer = z.object({
  orders: z.array(
    orderSchema.extend({
      labels: z
        .array(z.object({ id: z.string(), trackingCode: z.string(), courier: z.string(), linkedBy, dispatch: dispatchSchema.nullable() }))
        .describe("The labels linked to it (several: split parcels), each with its tracking out"),
    }),
  ),
  next: z.string().nullable().describe("Pass as `cursor` for the next page; null: the last page"),
  asking: z.array(z.object({ id: z.string(), trackingCode: z.string() })).describe("Your newest labels (at most 20) asking which order they are for"),
});

export const labelOrderAnswer = z.object({
  order: orderSchema.nullable().describe("The order this label is linked to"),
  linkedBy: linkedBy.nullable(),
  dispatch: dispatchSchema.nullable().describe("This label's tracking out to the linked order; null when not linked"),
  candidates: z.array(orderSchema).describe("'Which order is this label for?': the orders it may be for, best first; [] when there is nothing to ask"),
  matching: z.boolean().describe("The label was just saved and its matching to your orders has not run yet (a second or two): ask again for its link or question"),
});

export type OrderView = z.infer<typeof orderSchema>;
export type OrdersAnswer = z.infer<typeof ordersAnswer>;
export type LabelOrderAnswer = z.infer<typeof labelOrderAnswer>;
export type DispatchView = z.infer<typeof dispatchSchema>;
