import type { LabelRow, User } from "../db/schema";
import { labelDeadlines } from "../deadlines/deadlines";
import { deadlineInput, storedDetails } from "../deadlines/label-input";
import { courierById } from "../couriers/registry";
import { UK_POSTCODE_RE } from "../lib/uk-postcode";
import type { Address, TrackingEvent } from "../../shared/label";
import { ukDayOf } from "../../shared/uk-calendar";
import { ukEventTime, ukWeekdayDay } from "../lib/uk-format";

/**
 * What a buyer's tracking page shows of a label, and nothing more: the seller's branding, where the parcel is in
 * plain words, its events, the day it should arrive and the carrier's own page. Of the recipient at most a first name
 * and the postcode district ('Jane', 'LS1'): never a street, a house, an e-mail or a phone, never the sender's
 * address, never notes or tags. The page is built from this object alone, so what is not here cannot leak.
 */

export type BuyerStatus = "created" | "with_carrier" | "out_for_delivery" | "delivered" | "delayed" | "returned";

/** The steps of the progress bar, in order; 'delayed' and 'returned' sit on the carrier step. */
export const BUYER_STEPS = [
  { status: "created", words: "Label created" },
  { status: "with_carrier", words: "With the carrier" },
  { status: "out_for_delivery", words: "Out for delivery" },
  { status: "delivered", words: "Delivered" },
] as const;

export interface BuyerView {
  seller: { name: string | null; tagline: string | null; color: string | null; bannerVersion: string | null };
  status: BuyerStatus;
  /** The status in words: 'Out for delivery', 'Taking longer than expected'. */
  headline: string;
  /** One sentence under it: when it should arrive, when it arrived, what happens next. */
  sentence: string;
  /** Which step of BUYER_STEPS is reached (0-3). */
  step: number;
  recipient: { firstName: string | null; district: string | null };
  carrier: { name: string; trackingCode: string; url: string | null };
  /** Newest first, in UK time. */
  events: { at: string; text: string; place: string | null }[];
}

export type PageOwner = Pick<User, "companyName" | "companyTagline" | "brandColor" | "bannerKey">;

/** Titles and initials are not first names: 'MR J SMITH' gives none, 'Mrs Jane Smith' gives 'Jane'. */
const TITLES = new Set(["mr", "mrs", "ms", "miss", "mx", "dr", "prof", "sir", "dame", "rev", "lady", "lord"]);

/** The recipient's first name as people write it ('JANE DOE' -> 'Jane'), or null when there is none to be sure of. */
export function firstName(name: string | null | undefined): string | null {
  for (const raw of (name ?? "").trim().split(/\s+/)) {
    const word = raw.replace(/[.,]/g, "");
    if (TITLES.has(word.toLowerCase())) continue;
    // A single letter is an initial; digits or symbols are not a name (an order number, a company line).
    if (!/^\p{L}[\p{L}'-]+$/u.test(word)) return null;
    return word
      .toLowerCase()
      .replace(/(^|[-'])\p{L}/gu, (m) => m.toUpperCase())
      .slice(0, 40);
  }
  return null;
}

/** The postcode district ('LS1' of 'LS1 4AP'): the area a postcode names without the street. Null for none. */
export function postcodeDistrict(postcode: string | null | undefined): string | null {
  const compact = (postcode ?? "").toUpperCase().replace(/\s+/g, "");
  return UK_POSTCODE_RE.test(compact) ? compact.slice(0, -3) : null;
}

function recipientOf(address: Address | null | undefined): BuyerView["recipient"] {
  return { firstName: firstName(address?.name), district: postcodeDistrict(address?.postcode) };
}

/** The banner's object name changes with each upload: the page asks for `?v=<it>`, so a new banner is never served stale. */
const bannerVersion = (key: string | null) => (key ? (key.split("/").pop() ?? null) : null);

function events(list: TrackingEvent[] | undefined, now: number): BuyerView["events"] {
  return (Array.isArray(list) ? list : [])
    .filter((e) => typeof e?.dateTime === "string" && !Number.isNaN(Date.parse(e.dateTime)) && typeof e.trackingPoint?.description === "string")
    .sort((a, b) => Date.parse(b.dateTime) - Date.parse(a.dateTime))
    .map((e) => ({ at: ukEventTime(e.dateTime, now), text: e.trackingPoint.description, place: typeof e.location === "string" && e.location.trim() ? e.location.trim() : null }));
}

/** The buyer's view of one label at `now`. */
export function buyerView(row: LabelRow, owner: PageOwner, now: number = Date.now()): BuyerView {
  const details = storedDetails(row);
  const input = deadlineInput(row, details);
  const courier = courierById(row.courier);
  const carrier = courier?.displayName ?? row.courier;
  const expectedBy = labelDeadlines(input, now)?.expectedBy ?? null;
  const expected = expectedBy ? ukWeekdayDay(expectedBy, now) : null;
  const seller = owner.companyName?.trim() || null;
  const deliveredAt = row.deliveredAt ?? (details.deliveredAt ? Date.parse(details.deliveredAt) : NaN);

  // Where the parcel is, as the labels list says it (labels.parcel_status); the lost flag is the buyer's 'delayed'.
  const where = row.parcelStatus ?? (input.firstScanAt === null ? "waiting" : "in_transit");
  let status: BuyerStatus;
  let sentence: string;
  if (where === "delivered") {
    status = "delivered";
    sentence = Number.isFinite(deliveredAt) ? `Delivered ${ukEventTime(deliveredAt, now)}.` : "Your parcel has been delivered.";
  } else if (where === "returned") {
    status = "returned";
    sentence = `${carrier} is returning this parcel to ${seller ?? "the sender"}.`;
  } else if (row.potentiallyLost) {
    // The lost rules' early signal, for the buyer: said plainly, without alarm; the seller is already told.
    status = "delayed";
    sentence = `${expected && expectedBy! < ukDayOf(now) ? `It was expected by ${expected}. ` : ""}${seller ?? "The sender"} has been told and is keeping an eye on it.`;
  } else if (where === "out_for_delivery") {
    status = "out_for_delivery";
    sentence = "It should arrive today.";
  } else if (input.firstScanAt !== null) {
    // In transit, or marked found or claimed by the seller (their word, not the buyer's concern): with the carrier.
    status = "with_carrier";
    sentence = expected ? `Expected by ${expected}.` : `${carrier} has your parcel.`;
  } else {
    status = "created";
    sentence = `${seller ?? "The sender"} has made the label. You will see the expected delivery day once ${carrier} has the parcel.`;
  }
  const headline =
    status === "delayed"
      ? "Taking longer than expected"
      : status === "returned"
        ? "On its way back"
        : status === "with_carrier"
          ? `With ${carrier}`
          : BUYER_STEPS.find((s) => s.status === status)!.words;
  const step = status === "delivered" ? 3 : status === "out_for_delivery" ? 2 : status === "created" ? 0 : 1;

  return {
    seller: { name: seller, tagline: owner.companyTagline?.trim() || null, color: owner.brandColor, bannerVersion: bannerVersion(owner.bannerKey) },
    status,
    headline,
    sentence,
    step,
    recipient: recipientOf(details.address),
    carrier: { name: carrier, trackingCode: row.trackingCode, url: courier?.carrierTrackingUrl?.(row.trackingCode) ?? null },
    events: events(details.tracking?.results?.[0]?.trackingEvents, now),
  };
}
