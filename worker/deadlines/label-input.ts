import type { LabelRow } from "../db/schema";
import type { LabelDetails, TrackingResult, TrackingStatus } from "../../shared/label";
import { scanTimes, type DeadlineInput } from "./deadlines";

/**
 * What a stored label tells its deadlines: its service (the carrier's name for it, else the one
 * printed, else its code), its creation (its own date when older than the row), its scans, whether
 * it is delivered (by the carrier's scans or by the user's own word, a manual delivery date) and
 * what the user marked it as.
 */
export function deadlineInput(
  row: Pick<LabelRow, "courier" | "createdAt" | "deliveredAt" | "trackingStatus" | "outcome">,
  details: Partial<LabelDetails>,
  /** The scans as the tracking service stored them (labels.first_scan_at, last_scan_at), instead of reading the events. */
  scans?: Pick<DeadlineInput, "firstScanAt" | "lastScanAt">,
): DeadlineInput {
  const result = details.tracking?.results?.[0];
  const printed = details.shippingLabelCreatedAt ? Date.parse(details.shippingLabelCreatedAt) : NaN;
  return {
    courier: row.courier,
    service: [result?.service?.serviceType, details.classId, details.serviceCode].find((v): v is string => typeof v === "string" && v !== ""),
    isNextDay: details.isNextDay === true,
    createdAt: !Number.isNaN(printed) && printed < row.createdAt ? printed : row.createdAt,
    ...(scans ?? scanTimes(row.courier, result?.trackingEvents ?? [])),
    status: row.deliveredAt !== null || details.deliveredAt ? "delivered" : (row.trackingStatus as TrackingStatus | null),
    outcome: row.outcome,
  };
}

/** A stored label's details with its tracking (an unreadable column reads as empty). */
export function storedDetails(row: Pick<LabelRow, "detailsJson" | "trackingJson">): Partial<LabelDetails> {
  try {
    const details = JSON.parse(row.detailsJson) as Partial<LabelDetails>;
    const tracking = row.trackingJson ? (JSON.parse(row.trackingJson) as { results?: TrackingResult[] }) : null;
    return { ...details, tracking: Array.isArray(tracking?.results) ? { results: tracking.results } : null };
  } catch {
    return {};
  }
}

/**
 * What a label's columns and details tell its deadlines, its scans as the tracking service keeps them
 * (first_scan_at, last_scan_at), or from its events on a label tracked before the first scan was kept.
 */
export function storedDeadlineInput(
  row: Pick<LabelRow, "courier" | "createdAt" | "deliveredAt" | "trackingStatus" | "outcome" | "firstScanAt" | "lastScanAt">,
  details: Partial<LabelDetails>,
): DeadlineInput {
  return deadlineInput(row, details, row.firstScanAt !== null ? { firstScanAt: row.firstScanAt, lastScanAt: row.lastScanAt } : undefined);
}
