import type { Db } from "../db/client";
import type { labels } from "../db/schema";
import { enqueue } from "../lib/jobs";
import type { TrackingStatus } from "../../shared/label";
import { addWorkingDays, workingDaysBetween } from "../../shared/uk-calendar";

/**
 * Potentially lost parcels. Three rules, counted in UK working
 * days, with thresholds from configuration:
 *   no_first_scan          no carrier scan N days after the label was created;
 *   no_new_scan            no new scan for N days since the last one;
 *   past_expected_delivery the service's expected delivery passed N days ago with no scan since.
 * Delivered or collected parcels are never flagged. The defaults (3/4/2) alert well inside Evri's
 * 10-day investigation window (from the last scan) and its 30-day claim window.
 */

/** Evri investigates only within 10 days of the last scan: alert 3 days before that at the latest. */
export const NO_NEW_SCAN_CAP_MS = (10 - 3) * 86_400_000;

export type LostReason = "no_first_scan" | "no_new_scan" | "past_expected_delivery";

export interface LostThresholds {
  noFirstScanDays: number;
  noNewScanDays: number;
  pastExpectedDays: number;
}

export const DEFAULT_LOST_THRESHOLDS: LostThresholds = { noFirstScanDays: 3, noNewScanDays: 4, pastExpectedDays: 2 };

function days(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== "" && Number.isInteger(n) && n >= 1 && n <= 60 ? n : fallback;
}

export function lostThresholds(env: Partial<Pick<Env, "LOST_NO_FIRST_SCAN_DAYS" | "LOST_NO_NEW_SCAN_DAYS" | "LOST_PAST_EXPECTED_DAYS">>): LostThresholds {
  return {
    noFirstScanDays: days(env.LOST_NO_FIRST_SCAN_DAYS, DEFAULT_LOST_THRESHOLDS.noFirstScanDays),
    noNewScanDays: days(env.LOST_NO_NEW_SCAN_DAYS, DEFAULT_LOST_THRESHOLDS.noNewScanDays),
    pastExpectedDays: days(env.LOST_PAST_EXPECTED_DAYS, DEFAULT_LOST_THRESHOLDS.pastExpectedDays),
  };
}

/** Working days a service promises from its first scan: next day / 24 h 1, 48 h 2, otherwise 3. */
export function serviceDays(serviceType: string | null | undefined, isNextDay: boolean | null | undefined): number {
  const s = (serviceType ?? "").toLowerCase();
  if (isNextDay || /next[\s-]?day|24/.test(s)) return 1;
  if (/48/.test(s)) return 2;
  return 3;
}

export interface LostInput {
  /** When the label was created (the parcel's clock starts here). */
  createdAt: number;
  /** The oldest and newest carrier scans (registration events are not scans), null without any. */
  firstScanAt: number | null;
  lastScanAt: number | null;
  status: TrackingStatus | null;
  /** From serviceDays(). */
  serviceDays: number;
}

/** The first rule that finds the parcel potentially lost at `now`, or null. */
export function evaluateLostRules(p: LostInput, t: LostThresholds, now: number): LostReason | null {
  if (p.status === "delivered" || p.status === "collected") return null;
  if (p.firstScanAt === null || p.lastScanAt === null) {
    return workingDaysBetween(p.createdAt, now) >= t.noFirstScanDays ? "no_first_scan" : null;
  }
  if (p.status !== "returned") {
    // Expected by the end of the service's last working day; late by N more working days.
    const deadline = addWorkingDays(p.firstScanAt, p.serviceDays + t.pastExpectedDays);
    if (now >= deadline && p.lastScanAt < deadline) return "past_expected_delivery";
  }
  // Over Christmas N working days can span 12 calendar days: never let the notice come later than
  // a few days before Evri's 10-day investigation window closes.
  const silentFor = now - p.lastScanAt;
  return workingDaysBetween(p.lastScanAt, now) >= t.noNewScanDays || silentFor >= NO_NEW_SCAN_CAP_MS ? "no_new_scan" : null;
}

/** Why, in words, for the notice and the UI. */
export function lostReasonText(reason: string | null | undefined, t: LostThresholds = DEFAULT_LOST_THRESHOLDS): string {
  switch (reason) {
    case "no_first_scan":
      return `The carrier has not scanned this parcel in the ${t.noFirstScanDays} working days since its label was created.`;
    case "no_new_scan":
      return `The carrier has not scanned this parcel for ${t.noNewScanDays} working days.`;
    case "past_expected_delivery":
      return `This parcel is ${t.pastExpectedDays} working days past the expected delivery of its service.`;
    default:
      return "This parcel may be delayed or lost.";
  }
}

/** The columns that change when the lost state changes (flag, clear), or null for no change. */
export function lostTransition(
  current: { potentiallyLost: boolean; lastScanAt: number | null },
  next: { lastScanAt: number | null; reason: LostReason | null; delivered: boolean },
  now: number,
): Partial<typeof labels.$inferInsert> | null {
  const newScan = next.lastScanAt !== null && (current.lastScanAt === null || next.lastScanAt > current.lastScanAt);
  if (current.potentiallyLost) {
    // A later scan or the delivery clears the flag; a new flag later sends a new notice.
    if (next.delivered || newScan || next.reason === null) {
      return { potentiallyLost: false, potentiallyLostAt: null, lostReason: null, lostEmailSentAt: null };
    }
    return null;
  }
  if (next.reason && !next.delivered) {
    return { potentiallyLost: true, potentiallyLostAt: now, lostReason: next.reason, lostEmailSentAt: null };
  }
  return null;
}

/**
 * A notice waits until the owner's flags have been quiet this long, so a burst of flags (an import of old labels)
 * is one mail (worker/tracking/lost-notice.ts).
 */
export const LOST_NOTICE_QUIET_MS = 10 * 60_000;

/** Queues the notice of a flag just set: it runs once the owner's flags have been quiet for a while. */
export async function queueLostNotice(env: Pick<Env, "JOBS">, db: Db, labelId: string): Promise<void> {
  await enqueue(env, db, { type: "lost.notify", labelId }, LOST_NOTICE_QUIET_MS / 1000);
}
