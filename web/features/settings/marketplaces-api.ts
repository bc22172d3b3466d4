import { api } from "../../api/client";
import type { ConnectionView, Marketplace } from "../../../worker/marketplaces/model";

// The marketplaces card's and the return screen's calls, through the one API client.

export type { ConnectionView, Marketplace };

export { MARKETPLACES_QUERY_KEY, useMarketplaces } from "../../app/marketplaces-query";

/** The marketplace's consent page for this seller (a Shopify store by name). */
export const startConnect = (marketplace: Marketplace, shop?: string) =>
  api<{ authorizeUrl: string }>(`/api/v1/marketplaces/${marketplace}/connect`, { method: "POST", body: shop ? { shop } : {} });

/** Hands the marketplace's return (every parameter on the address it sent the browser to) to the server. */
export const finishConnect = (marketplace: Marketplace, params: Record<string, string>) =>
  api<{ connection: ConnectionView }>(`/api/v1/marketplaces/${marketplace}/connected`, { method: "POST", body: { params } });

export const disconnectShop = (id: string) => api(`/api/v1/marketplaces/connections/${encodeURIComponent(id)}`, { method: "DELETE" });
