import { useQuery } from "@tanstack/react-query";
import { api } from "../../api/client";
import type { ConnectionView, Marketplace } from "../../../worker/marketplaces/model";

// The marketplaces card's and the return screen's calls, through the one API client.

export type { ConnectionView, Marketplace };

export interface MarketplacesList {
  marketplaces: { marketplace: Marketplace; name: string; configured: boolean }[];
  connections: ConnectionView[];
}

export const MARKETPLACES_QUERY_KEY = ["marketplaces"] as const;

/**
 * The marketplaces and the seller's shops. The nav reads it on every screen (Orders shows once a shop is connected), so
 * a screen that reads it too (Settings) takes the answer of the last 30 s instead of asking again; connecting and
 * disconnecting here invalidate it.
 */
export const useMarketplaces = (enabled = true) =>
  useQuery({ queryKey: MARKETPLACES_QUERY_KEY, queryFn: ({ signal }) => api<MarketplacesList>("/api/v1/marketplaces", { signal }), enabled, staleTime: 30_000 });

/** The marketplace's consent page for this seller (a Shopify store by name). */
export const startConnect = (marketplace: Marketplace, shop?: string) =>
  api<{ authorizeUrl: string }>(`/api/v1/marketplaces/${marketplace}/connect`, { method: "POST", body: shop ? { shop } : {} });

/** Hands the marketplace's return (every parameter on the address it sent the browser to) to the server. */
export const finishConnect = (marketplace: Marketplace, params: Record<string, string>) =>
  api<{ connection: ConnectionView }>(`/api/v1/marketplaces/${marketplace}/connected`, { method: "POST", body: { params } });

export const disconnectShop = (id: string) => api(`/api/v1/marketplaces/connections/${encodeURIComponent(id)}`, { method: "DELETE" });
