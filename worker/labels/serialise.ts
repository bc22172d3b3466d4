import type { labelFiles, LabelRow, User } from "../db/schema";
import { normalisePostcode } from "../lib/uk-postcode";
import { serviceNameOf } from "../couriers/registry";
import { labelDeadlines } from "../deadlines/deadlines";
import { deadlineInput } from "../deadlines/label-input";
import { lostReasonText } from "../deadlines/lost";
import { trackingPageUrl } from "./tracking-page-token";
import { maskEmail } from "../couriers/buyer-email";
import type { Address, ApiLabel, LabelDetails, TrackingResult } from "../../shared/label";

/** A label row as the API answers it (ApiLabel), with its file and its owner's banner and company. */

type LabelFile = typeof labelFiles.$inferSelect;
export type LabelOwner = Pick<User, "bannerKey" | "companyName" | "companyTagline">;

const BANNER_URL = "/api/v1/user/banner";

const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());

/** A stored JSON column; the fallback when it is empty or not JSON. */
export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** Postcodes normalised, GB when no country is given. */
export function normaliseAddress(a: Address | null | undefined): Address | null | undefined {
  if (!a) return a;
  return { ...a, postcode: a.postcode ? normalisePostcode(a.postcode) : "", countryCode: a.countryCode || "GB" };
}

function trackingResults(row: LabelRow): { results: TrackingResult[] } | null {
  const t = parseJson<unknown>(row.trackingJson, null);
  if (!t) return null;
  if (Array.isArray(t)) return { results: t as TrackingResult[] };
  if (typeof t === "object" && Array.isArray((t as { results?: unknown }).results)) return t as { results: TrackingResult[] };
  return null;
}

/**
 * One label as the API answers it. The buyer's e-mail is personal data: whole only where the owner opens the one
 * label (`buyerEmail: "whole"`), masked wherever labels are listed.
 */
export function serializeLabel(
  row: LabelRow,
  file: Pick<LabelFile, "name" | "mime" | "size"> | null | undefined,
  owner: LabelOwner,
  /** `deadlines: false`: left out (null), for a reader that does not show them (the export's CSV): they cost the most. */
  opts: { now?: number; buyerEmail?: "whole" | "masked"; deadlines?: boolean } = {},
): ApiLabel {
  const now = opts.now ?? Date.now();
  const stored = parseJson<Partial<LabelDetails>>(row.detailsJson, {});
  const details: LabelDetails = {
    ...stored,
    courier: stored.courier ?? row.courier,
    trackingCode: row.trackingCode,
    countryCode: stored.countryCode || "GB",
    address: normaliseAddress(stored.address),
    fromAddress: normaliseAddress(stored.fromAddress),
    sendAddress: normaliseAddress(stored.sendAddress),
    returnAddress: normaliseAddress(stored.returnAddress),
    serviceName: serviceNameOf(stored.courier ?? row.courier, stored.serviceCode),
    tracking: trackingResults(row),
  };
  const hasFile = Boolean(file && row.fileId);
  return {
    id: row.id,
    trackingCode: row.trackingCode,
    courier: row.courier,
    notes: row.notes,
    tags: parseJson<string[]>(row.tagsJson, []),
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
    downloadUrl: hasFile ? `/api/v1/label/${row.id}/download` : null,
    file: hasFile && file ? { name: file.name, mime: file.mime, hasBytes: file.size > 0 } : null,
    lostStatus: {
      potentiallyLost: row.potentiallyLost,
      potentiallyLostAt: iso(row.potentiallyLostAt),
      lostEmailSentAt: iso(row.lostEmailSentAt),
      reason: row.lostReason ? lostReasonText(row.lostReason) : null,
    },
    tracking: {
      status: (row.trackingStatus as ApiLabel["tracking"]["status"]) ?? null,
      checkedAt: iso(row.trackingCheckedAt),
      error: row.trackingError ?? null,
    },
    deadlines: opts.deadlines === false ? null : labelDeadlines(deadlineInput(row, details), now),
    outcome: row.outcome ?? null,
    status: row.parcelStatus ?? "waiting",
    trackingPageUrl: trackingPageUrl(row.pageToken),
    trackingPageViews: row.pageViews ?? 0,
    trackingPageViewedAt: iso(row.pageViewedAt),
    buyerEmail: opts.buyerEmail === "whole" ? (row.buyerEmail ?? null) : maskEmail(row.buyerEmail),
    buyerNotifications: row.buyerNotifications ?? true,
    ocrStatus: row.ocrStatus,
    orderQuestion: row.orderCandidatesJson !== null && row.orderId === null,
    data: [details],
    labelSettings: {
      banner_image_url: owner.bannerKey ? BANNER_URL : null,
      company_name: owner.companyName ?? null,
      company_tagline: owner.companyTagline ?? null,
    },
  };
}
