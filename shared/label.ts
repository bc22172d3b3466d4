/**
 * The label as the spec describes it.
 * Both ways of making a label (manual creation, file import) produce LabelDetails; the API answers
 * ApiLabel. The web app imports these types (types only) so both sides agree.
 */
import type { LabelDeadlines, LabelOutcome } from "./claims";
import type { ParcelStatus } from "./list-options";

export type { LabelDeadlines, ParcelStatus };

export interface Address {
  name: string;
  /** Address lines, without the name and the postcode. */
  address: string[];
  /** UK postcodes normalised to 'OUTWARD INWARD'. */
  postcode: string;
  countryCode: string;
}

export interface TrackingEvent {
  dateTime: string;
  trackingPoint: { description: string; trackingPointCode?: string };
  trackingStage?: { trackingStageCode?: string; description?: string };
  location?: string | null;
}

export interface TrackingResult {
  sender?: { displayName?: string | null };
  service?: { serviceType?: string | null };
  /** Newest first. */
  trackingEvents: TrackingEvent[];
}

export type TrackingStatus =
  | "registered"
  | "in_transit"
  | "out_for_delivery"
  | "delivered"
  | "collected"
  | "returned"
  | "exception"
  | "unknown";

/**
 * Where a field of an imported label came from: the 2D/1D barcode payload, the PDF text layer, OCR of
 * an image, or the user's own correction. Shown with the field so a user knows what to check.
 */
export type FieldSource = "barcode" | "text" | "ocr" | "user";

/** The fields whose origin is recorded (the ones a reader can get wrong and a user can correct). */
export type SourcedField = "trackingCode" | "address" | "fromAddress" | "returnAddress" | "service" | "weightInGrams";

export interface LabelDetails {
  courier: string;
  trackingCode: string;
  /** Default 'GB'. */
  countryCode: string;
  /** Recipient. */
  address?: Address | null;
  /** Sender. */
  fromAddress?: Address | null;
  sendAddress?: Address | null;
  returnAddress?: Address | null;
  serviceCode?: string | null;
  /** The courier's name for serviceCode ('TPN01' is 'Tracked 24'): answered beside the code, never stored. */
  serviceName?: string | null;
  serviceFlag?: string | null;
  classId?: string | null;
  /** [L, W, H] in cm. */
  dimensionsCm?: [number, number, number] | null;
  weightInGrams?: number | null;
  /** ISO date-time the label was created / the parcel shipped. */
  shippingLabelCreatedAt?: string | null;
  date?: string | null;
  deliveredAt?: string | null;
  vanRouting?: string | null;
  routing?: { van?: string | null } | null;
  isNextDay?: boolean | null;
  /** Raw decoded 2D barcode payload; the print view redraws it as PDF417. */
  encodedMetadata?: string | null;
  /** Positional fields split from the 2D payload: 2 tracking code, 4 and 7 postcodes, 6 country. */
  additionalContent?: string[] | null;
  tracking?: { results: TrackingResult[] } | null;
  /** What the contents are worth, in whole pence (entered and shown in pounds); what a loss claim asks for. */
  declaredValuePence?: number | null;
  /** Origin of each field that was filled (import: barcode/text/ocr; a correction: user). */
  fieldSources?: Partial<Record<SourcedField, FieldSource>> | null;
}

/** The addresses a label's details can hold: recipient, sender (two names for it), return. */
export const ADDRESS_KEYS = ["address", "fromAddress", "sendAddress", "returnAddress"] as const satisfies readonly (keyof LabelDetails)[];

/** An address as a correction sends it (the postcode is checked and normalised by the server). */
export interface AddressCorrection {
  name: string;
  address?: string[];
  postcode?: string;
  countryCode?: string;
}

/** PATCH /api/v1/label/{id}/details: the fields a user may correct; null clears one. */
export interface LabelCorrection {
  address?: AddressCorrection | null;
  fromAddress?: AddressCorrection | null;
  returnAddress?: AddressCorrection | null;
  service?: string | null;
  weightInGrams?: number | null;
  /** In pounds, at most two decimals, 0 to 100,000. */
  declaredValue?: number | null;
  /** The buyer's e-mail for the tracking mails; null removes it. */
  buyerEmail?: string | null;
  /** This label's buyer mails on or off. */
  buyerNotifications?: boolean;
}

/** A label as POST /api/v1/label answers it: whether this upload created it. */
export interface UploadedLabel extends ApiLabel {
  /** New for the user (1 credit); false: already in their labels, updated for free. */
  created: boolean;
}

/** One label as GET /api/v1/label/{id} and GET /api/v1/labels answer it. */
export interface ApiLabel {
  id: string;
  trackingCode: string;
  courier: string;
  notes: string;
  tags: string[];
  createdAt: string;
  updatedAt: string;
  downloadUrl: string | null;
  file: { name: string; mime: string; hasBytes: boolean } | null;
  lostStatus: {
    potentiallyLost: boolean;
    potentiallyLostAt: string | null;
    lostEmailSentAt: string | null;
    reason: string | null;
  };
  tracking: { status: TrackingStatus | null; checkedAt: string | null; error: string | null };
  /** The carrier's deadlines (expected delivery, enquiry, claim window) and what to do next; null for a courier without rules. */
  deadlines: LabelDeadlines | null;
  /** What the user marked the parcel as (always answered, null when unmarked): no alerts, no lost flag; 'found' and 'delivered' also stop tracking. */
  outcome?: LabelOutcome | null;
  /** Where the parcel is (worker/db/parcel-status.ts): the labels list's status filter reads the same value. */
  status: ParcelStatus;
  /** The buyer's tracking page (/t/<token>, absolute), null until the owner shares it (POST /label/{id}/tracking-page). */
  trackingPageUrl: string | null;
  /** How often buyers opened the page (link previews and crawlers not counted), and when last. */
  trackingPageViews: number;
  trackingPageViewedAt: string | null;
  /** The buyer's e-mail: whole on GET /label/{id} (and the owner's own saves), masked ('j•••@example.com') in lists and webhooks. */
  buyerEmail: string | null;
  /** This label's buyer mails are on (they go at the moments switched on in Settings, to buyerEmail). */
  buyerNotifications: boolean;
  /** 'pending' while an image-only label is still being read by OCR. */
  ocrStatus: "none" | "pending" | "done" | "failed";
  /** It asks which of the seller's marketplace orders it is for (its page has the question). */
  orderQuestion: boolean;
  /** data[0] is the label details. */
  data: LabelDetails[];
  labelSettings: { banner_image_url: string | null; company_name: string | null; company_tagline: string | null };
}
