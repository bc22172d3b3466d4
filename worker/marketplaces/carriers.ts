import { courierById } from "../couriers/registry";
import type { Marketplace } from "./model";

/**
 * A label's courier as each marketplace spells it (docs/marketplaces.md 'Carrier names'): eBay's
 * ShippingCarrierCodeType has no Evri, only its older Hermes name; Etsy tracks Evri under its Hermes UK slug; Shopify
 * lists both by name ('capitalization matters'). A courier a marketplace does not list goes as its 'other', so the
 * tracking code is still recorded; Shopify takes the courier's own name with the tracking URL.
 */
const NAMES: Record<Marketplace, Record<string, string>> = {
  ebay: { royalmail: "RoyalMail", evri: "Hermes" },
  etsy: { royalmail: "royal-mail", evri: "hermes-uk" },
  shopify: { royalmail: "Royal Mail", evri: "Evri" },
};

export function carrierName(m: Marketplace, courier: string): string {
  const known = NAMES[m][courier];
  if (known) return known;
  if (m === "ebay") return "Other";
  if (m === "etsy") return "other";
  return courierById(courier)?.label ?? courier;
}

/** Where the buyer follows the parcel on the courier's site (Shopify shows it), null when the courier has none. */
export function trackingUrl(courier: string, trackingCode: string): string | null {
  return courierById(courier)?.carrierTrackingUrl?.(trackingCode) ?? null;
}
