import { z } from "zod";

/**
 * Marketplace connections: a seller's eBay account, Etsy shop or Shopify store, connected with the marketplace's own
 * OAuth so its orders come in and tracking goes out (issue 34, docs/marketplaces.md). Names and answers here; the
 * clients (ebay.ts, etsy.ts, shopify.ts) speak each marketplace's API; connections.ts keeps the tokens.
 */
export const MARKETPLACES = ["ebay", "etsy", "shopify"] as const;
export type Marketplace = (typeof MARKETPLACES)[number];

export const MARKETPLACE_NAMES: Record<Marketplace, string> = { ebay: "eBay", etsy: "Etsy", shopify: "Shopify" };

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
