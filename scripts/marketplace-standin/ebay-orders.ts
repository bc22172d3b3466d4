import { nextNumber, type OrderSeed } from "./common.ts";

/**
 * eBay's `Order` as the Sell Fulfillment API returns it (getOrders, getOrder), with the fields an order-sync
 * integration reads and the containers eBay always includes. docs/marketplaces.md lists what the app relies on.
 */
export interface EbayLineItem {
  lineItemId: string;
  legacyItemId: string;
  title: string;
  sku?: string;
  quantity: number;
  lineItemFulfillmentStatus: "NOT_STARTED" | "IN_PROGRESS" | "FULFILLED";
  lineItemCost: { value: string; currency: string };
  lineItemFulfillmentInstructions: { shipByDate: string; minEstimatedDeliveryDate: string; maxEstimatedDeliveryDate: string; guaranteedDelivery: boolean };
  soldFormat: "FIXED_PRICE";
  listingMarketplaceId: "EBAY_GB";
  purchaseMarketplaceId: "EBAY_GB";
  appliedPromotions: never[];
  taxes: never[];
  refunds: never[];
}

export interface EbayShippingFulfillment {
  fulfillmentId: string;
  lineItems: { lineItemId: string; quantity: number }[];
  shipmentTrackingNumber: string;
  shippedDate: string;
  shippingCarrierCode: string;
}

export interface EbayOrder {
  orderId: string;
  legacyOrderId: string;
  creationDate: string;
  lastModifiedDate: string;
  orderFulfillmentStatus: "NOT_STARTED" | "IN_PROGRESS" | "FULFILLED";
  orderPaymentStatus: "PAID";
  sellerId: string;
  buyer: { username: string };
  cancelStatus: { cancelState: "NONE_REQUESTED" | "CANCELED"; cancelRequests: never[] };
  pricingSummary: { total: { value: string; currency: string } };
  fulfillmentHrefs: string[];
  fulfillmentStartInstructions: {
    fulfillmentInstructionsType: "SHIP_TO";
    ebaySupportedFulfillment: false;
    minEstimatedDeliveryDate: string;
    maxEstimatedDeliveryDate: string;
    shippingStep: {
      shippingCarrierCode: string;
      shippingServiceCode: string;
      shipTo: { fullName: string; contactAddress: { addressLine1: string; addressLine2?: string; city: string; postalCode: string; countryCode: string } };
    };
  }[];
  lineItems: EbayLineItem[];
  salesRecordReference: string;
}

/** The stand-in keeps, beside each order, whose it is and what was shipped of each line item. */
export interface StoredEbayOrder {
  order: EbayOrder;
  seller: string;
  shipped: Map<string, number>;
  fulfillments: EbayShippingFulfillment[];
}

const iso = (sec: number) => new Date(sec * 1000).toISOString();
const DAY = 86_400;
const money = (pence: number) => ({ value: (pence / 100).toFixed(2), currency: "GBP" });

/** eBay's order ids: `NN-NNNNN-NNNNN`. */
function orderIdFor(n: number): string {
  const s = String(n).padStart(12, "0");
  return `${s.slice(0, 2)}-${s.slice(2, 7)}-${s.slice(7, 12)}`;
}

export function buildEbayOrder(seed: OrderSeed, seller: string, nowSec: number): StoredEbayOrder {
  const created = seed.createdAt ?? nowSec;
  const shipBy = seed.shipBy ?? created + 2 * DAY;
  const orderId = orderIdFor(nextNumber(270_000_000_000));
  const items = seed.items.length ? seed.items : [{ title: "Item" }];
  const lineItems: EbayLineItem[] = items.map((item, i) => ({
    lineItemId: String(nextNumber(10_070_000_000_000)),
    legacyItemId: String(nextNumber(395_000_000_000)),
    title: item.title,
    ...(item.sku ? { sku: item.sku } : {}),
    quantity: item.quantity ?? 1,
    lineItemFulfillmentStatus: "NOT_STARTED",
    lineItemCost: money(1299 + i * 100),
    lineItemFulfillmentInstructions: { shipByDate: iso(shipBy), minEstimatedDeliveryDate: iso(shipBy + DAY), maxEstimatedDeliveryDate: iso(shipBy + 3 * DAY), guaranteedDelivery: false },
    soldFormat: "FIXED_PRICE",
    listingMarketplaceId: "EBAY_GB",
    purchaseMarketplaceId: "EBAY_GB",
    appliedPromotions: [],
    taxes: [],
    refunds: [],
  }));
  const r = seed.recipient;
  const order: EbayOrder = {
    orderId,
    legacyOrderId: `${lineItems[0].legacyItemId}-${lineItems[0].lineItemId}`,
    creationDate: iso(created),
    lastModifiedDate: iso(Math.max(created, nowSec)),
    orderFulfillmentStatus: "NOT_STARTED",
    orderPaymentStatus: "PAID",
    sellerId: seller,
    buyer: { username: seed.buyer ?? `buyer_${orderId.slice(-5)}` },
    cancelStatus: { cancelState: "NONE_REQUESTED", cancelRequests: [] },
    pricingSummary: { total: money(1299 * lineItems.length) },
    fulfillmentHrefs: [],
    fulfillmentStartInstructions: [
      {
        fulfillmentInstructionsType: "SHIP_TO",
        ebaySupportedFulfillment: false,
        minEstimatedDeliveryDate: iso(shipBy + DAY),
        maxEstimatedDeliveryDate: iso(shipBy + 3 * DAY),
        shippingStep: {
          shippingCarrierCode: "RoyalMail",
          shippingServiceCode: "UK_RoyalMailSecondClassStandard",
          shipTo: { fullName: r.name, contactAddress: { addressLine1: r.line1, ...(r.line2 ? { addressLine2: r.line2 } : {}), city: r.city, postalCode: r.postcode, countryCode: r.country ?? "GB" } },
        },
      },
    ],
    lineItems,
    salesRecordReference: String(nextNumber(1000)),
  };
  return { order, seller, shipped: new Map(), fulfillments: [] };
}

/** Records a package: its line items are shipped by the quantities given; the order's status follows. */
export function shipEbayPackage(stored: StoredEbayOrder, fulfillment: EbayShippingFulfillment, nowSec: number, apiBase: string) {
  stored.fulfillments.push(fulfillment);
  for (const li of fulfillment.lineItems) stored.shipped.set(li.lineItemId, (stored.shipped.get(li.lineItemId) ?? 0) + li.quantity);
  for (const li of stored.order.lineItems) {
    const shipped = stored.shipped.get(li.lineItemId) ?? 0;
    li.lineItemFulfillmentStatus = shipped >= li.quantity ? "FULFILLED" : shipped > 0 ? "IN_PROGRESS" : "NOT_STARTED";
  }
  const statuses = stored.order.lineItems.map((li) => li.lineItemFulfillmentStatus);
  stored.order.orderFulfillmentStatus = statuses.every((s) => s === "FULFILLED") ? "FULFILLED" : statuses.some((s) => s !== "NOT_STARTED") ? "IN_PROGRESS" : "NOT_STARTED";
  stored.order.fulfillmentHrefs.push(`${apiBase}/sell/fulfillment/v1/order/${stored.order.orderId}/shipping_fulfillment/${fulfillment.fulfillmentId}`);
  stored.order.lastModifiedDate = iso(nowSec);
}

/**
 * eBay's shipping carrier codes (the Trading API's ShippingCarrierCodeType) that UK sellers use; the stand-in refuses
 * others with 32300, as eBay refuses a carrier it does not know.
 */
export const EBAY_CARRIER_CODES = new Set(["RoyalMail", "Hermes", "Parcelforce", "Yodel", "DPD", "DHL", "UPS", "FedEx", "TNT", "UKMail", "CollectPlus", "APC", "Other"]);
