/** The marketplaces a seller can connect (issue 34), and their names as the seller reads them: the API and the web app. */
export const MARKETPLACES = ["ebay", "etsy", "shopify"] as const;
export type Marketplace = (typeof MARKETPLACES)[number];

export const MARKETPLACE_NAMES: Record<Marketplace, string> = { ebay: "eBay", etsy: "Etsy", shopify: "Shopify" };
