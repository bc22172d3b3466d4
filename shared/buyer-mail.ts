/**
 * Buyer mails as the API and the web app name them (types and constants only: the web app imports this file).
 */

/**
 * The moments a buyer can be mailed at, each at most once per label, as the owner switches them on (Settings):
 *   shipped           the carrier's first scan (a registration of the parcel's details is not one);
 *   out_for_delivery  the carrier says it is out for delivery;
 *   delivered         delivered, or collected from a shop or locker;
 *   delayed           the lost rules' early signal (worker/deadlines/lost.ts), worded for the buyer without alarm.
 */
export const BUYER_MOMENTS = ["shipped", "out_for_delivery", "delivered", "delayed"] as const;
export type BuyerMoment = (typeof BUYER_MOMENTS)[number];
/** A mail's kind: a moment, or 'link', the owner's own 'Send to buyer'. */
export type BuyerMailKind = BuyerMoment | "link";

/** The moments an owner switched on (users.buyer_mail_moments, a JSON list; anything unreadable is none). */
export function ownerMoments(json: string | null | undefined): BuyerMoment[] {
  try {
    const list = JSON.parse(json ?? "[]") as unknown;
    return Array.isArray(list) ? BUYER_MOMENTS.filter((m) => list.includes(m)) : [];
  } catch {
    return [];
  }
}

/** What each moment is called in Settings and on the label's page. */
export const MOMENT_NAMES: Record<BuyerMailKind, string> = {
  shipped: "Shipped",
  out_for_delivery: "Out for delivery",
  delivered: "Delivered",
  delayed: "Delayed",
  link: "Tracking link",
};

