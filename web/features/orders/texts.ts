import { MARKETPLACE_NAMES, type Marketplace } from "../../../shared/marketplaces";
import type { DispatchView } from "../../../worker/marketplaces/model";

/** The Orders view's and a label's order texts (issue 34, 'Labels meet orders'). */

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/** How long an order has awaited dispatch: hours under a day, then days. */
export function awaitingFor(hours: number): string {
  if (hours < 1) return "Ordered just now";
  return hours < 24 ? `Awaiting dispatch for ${plural(hours, "hour")}` : `Awaiting dispatch for ${plural(Math.floor(hours / 24), "day")}`;
}

export const ORDERS_TEXT = {
  title: "Orders",
  subtitle: "Orders from your connected shops, soonest due first, and the labels that go with them.",
  awaitingTab: "Awaiting dispatch",
  dispatchedTab: "Dispatched",
  emptyDispatched: "No order was dispatched in the last 30 days.",
  dispatched: "Dispatched",
  cancelled: "Cancelled",
  loading: "Loading orders…",
  loadFailed: "Could not load your orders.",
  retry: "Try again",
  empty: "No orders await dispatch. New ones appear here within 15 minutes of being placed.",
  noShops: "Connect your eBay, Etsy or Shopify shop in Settings and its orders awaiting dispatch appear here.",
  toSettings: "Go to Settings",
  more: "Show more",
  loadingMore: "Loading…",
  dueBy: "Dispatch by",
  overdue: "Overdue",
  noLabel: "No label yet",
  labels: "Labels",
  labelLinkTitle: (code: string) => `Label ${code}`,
  askingTitle: "Labels asking which order they are for",
  askingLead: "Open each one and choose its order.",
  askingInList: "See them in your labels",
  shop: (name: string) => `Shop ${name}`,
  buyer: (b: string) => `Buyer ${b}`,
  orderName: (m: Marketplace, reference: string) => `${MARKETPLACE_NAMES[m]} order ${reference}`,
  // A label's order, on the label's page.
  linkedTitle: "Order",
  linkedBy: { match: "Linked by recipient and postcode.", seller: "Linked by you." },
  unlink: "Unlink",
  unlinkConfirm: "Unlink this label from the order? The order is not offered for this label again.",
  unlinkYes: "Unlink",
  unlinkFailed: "Could not unlink the label.",
  questionTitle: "Which order is this label for?",
  questionLead: "More than one of your orders could be this parcel's. Choose the one it is for, and its tracking goes to that order.",
  link: "Link to this order",
  linkFailed: "Could not link the label.",
  none: "None of these",
  noneFailed: "Could not save your answer.",
  working: "Saving…",
  loadOrderFailed: "Could not load this label's order.",
  // A failed tracking out, sent again by the seller.
  sendAgain: "Try again",
  sendAgainLabel: (code: string) => `Send the tracking of ${code} again`,
  sendingAgain: "Sending…",
  sendAgainFailed: "Could not send the tracking again.",
};

/** A linked label's tracking out, in a few words (a badge) and its tone. */
export function dispatchText(d: DispatchView, m: Marketplace): { text: string; tone: "ok" | "warn" | "err" | null } {
  const name = MARKETPLACE_NAMES[m];
  switch (d.state) {
    case "pending":
      return { text: d.reason ?? `Sending tracking to ${name}…`, tone: null };
    case "sent":
      return { text: `Marked dispatched on ${name}`, tone: "ok" };
    case "dispatched_elsewhere":
      return { text: `Already dispatched on ${name}: left as it was`, tone: "warn" };
    case "skipped":
      return { text: d.reason ?? "Nothing to send", tone: null };
    case "failed":
      return { text: d.reason ? `Not sent: ${d.reason}` : "Not sent", tone: "err" };
  }
}
