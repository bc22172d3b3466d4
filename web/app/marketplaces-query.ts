import { useQuery } from "@tanstack/react-query";
import { api } from "../api/client";
import type { ConnectionView, Marketplace } from "../../worker/marketplaces/model";

/**
 * The marketplaces and the seller's shops (GET /marketplaces): Settings' card lists them, and the nav shows Orders
 * once a shop is connected, so it is read on every screen; a screen that reads it too takes the answer of the last
 * 30 s instead of asking again, and connecting or disconnecting invalidates it. In the app's frame, beside the nav
 * that reads it (a feature's module there cost every screen a script of its own).
 */
export interface MarketplacesList {
  marketplaces: { marketplace: Marketplace; name: string; configured: boolean }[];
  connections: ConnectionView[];
}

export const MARKETPLACES_QUERY_KEY = ["marketplaces"] as const;

export const useMarketplaces = (enabled = true) =>
  useQuery({ queryKey: MARKETPLACES_QUERY_KEY, queryFn: ({ signal }) => api<MarketplacesList>("/api/v1/marketplaces", { signal }), enabled, staleTime: 30_000 });

/** Whether the seller has a connected shop (the nav shows Orders then). */
export function useSellsOnMarketplaces(signedIn: boolean): boolean {
  const query = useMarketplaces(signedIn);
  return Boolean(signedIn && query.data?.connections.length);
}
