import type { marketplaceConnections, marketplaceOrders } from "../db/schema";
import { carrierName } from "./carriers";
import { ebayConfig, etsyConfig, type MarketplaceEnv, shopifyConfig } from "./config";
import { ebayOrderNow, ebayShipPackage } from "./ebay";
import { etsyAddShipment, etsyOrderNow } from "./etsy";
import type { Line, OrderNow, Parcel, PushOutcome } from "./fulfilment";
import { MarketplaceRefusal } from "./grants";
import { MARKETPLACE_NAMES } from "./model";
import { shopifyFulfil, shopifyOrderNow } from "./shopify";

/** One order's side of tracking out on its marketplace, whichever it is: read it as it is now, send a parcel. */
export interface DispatchClient {
  /** `lines`: the order's lines as kept here (eBay counts what is left of them from its packages). */
  read(lines: Line[]): Promise<OrderNow>;
  push(lines: Line[], parcel: Parcel): Promise<PushOutcome>;
  /** The parcel's carrier as this marketplace spells it. */
  carrier(parcel: Parcel): string;
}

type Connection = typeof marketplaceConnections.$inferSelect;
type Order = typeof marketplaceOrders.$inferSelect;

export function dispatchClient(env: MarketplaceEnv, c: Connection, order: Order, token: string): DispatchClient {
  const notConfigured = () => new MarketplaceRefusal("refused", `${MARKETPLACE_NAMES[c.marketplace]} is not configured on this server`);
  const carrier = (p: Parcel) => carrierName(c.marketplace, p.courier);
  if (c.marketplace === "ebay") {
    const cfg = ebayConfig(env);
    if (!cfg) throw notConfigured();
    return { carrier, read: (lines) => ebayOrderNow(cfg, token, order.externalId, lines), push: (lines, parcel) => ebayShipPackage(cfg, token, order.externalId, lines, parcel) };
  }
  if (c.marketplace === "etsy") {
    const cfg = etsyConfig(env);
    if (!cfg) throw notConfigured();
    return { carrier, read: (lines) => etsyOrderNow(cfg, token, c.shopId, order.externalId, lines), push: (_lines, parcel) => etsyAddShipment(cfg, token, c.shopId, order.externalId, parcel) };
  }
  const cfg = shopifyConfig(env);
  if (!cfg) throw notConfigured();
  return { carrier, read: () => shopifyOrderNow(cfg, token, c.shopId, order.externalId), push: (lines, parcel) => shopifyFulfil(cfg, token, c.shopId, lines, parcel) };
}
