import type { CourierClaims } from "../couriers/courier";
import { courierById } from "../couriers/registry";
import type { TrackingEvent, TrackingStatus } from "../../shared/label";
import { addDays, nthWorkingDayAfter, ukDayOf } from "../../shared/uk-calendar";
import { ukDay, ukWeekdayDay } from "../lib/uk-format";
import { serviceDays } from "./lost";
import type { LabelDeadlines, LabelOutcome } from "../../shared/claims";

/**
 * A parcel's carrier deadlines: when it should arrive, until when the carrier still investigates,
 * when a claim for loss opens and when it closes. The numbers are each carrier's own, with their
 * sources, on its Courier (`claims` in worker/couriers/<id>/courier.ts); the calculation is here,
 * the same for every carrier.
 *
 * Delivery aims count UK working days (Monday to Friday, England and Wales bank holidays excluded)
 * from the first scan; a carrier without an aim of its own for a service uses the lost-parcel rules'
 * (serviceDays). The investigation window counts calendar days after the last scan's UK day; the
 * waiting time before a loss is claimable counts Monday-to-Saturday working days after the due date.
 */

export interface DeadlineInput {
  courier: string;
  /** The carrier's service name, else the one printed on the label, else its code. */
  service: string | null | undefined;
  isNextDay?: boolean | null;
  /** When the label was created. */
  createdAt: number;
  /** The oldest and newest carrier scans (registration is not a scan), null without any. */
  firstScanAt: number | null;
  lastScanAt: number | null;
  status: TrackingStatus | null;
  /** What the user marked the parcel as: nothing is asked of them any more. */
  outcome?: LabelOutcome | null;
}

const FINISHED: (TrackingStatus | null)[] = ["delivered", "collected", "returned"];

/** A carrier's rules, or null for a courier without any. */
export function claimsOf(courier: string): { name: string; claims: CourierClaims } | null {
  const c = courierById(courier);
  return c?.claims ? { name: c.displayName, claims: c.claims } : null;
}

type DeadlineDates = Pick<LabelDeadlines, "expectedBy" | "enquiryBy" | "claimableFrom" | "claimClosesOn">;

/** Whether nothing is asked of the user any more: the parcel arrived or came back, or they marked it. */
export const isFinished = (p: Pick<DeadlineInput, "status" | "outcome">) => FINISHED.includes(p.status) || !!p.outcome;

/**
 * A label's deadline days, which do not depend on today (only their comparison with it does), or null for a
 * courier without rules.
 */
export function deadlineDates(p: DeadlineInput): (DeadlineDates & { claimClosesOn: string }) | null {
  const claims = claimsOf(p.courier)?.claims;
  if (!claims) return null;
  const aim = claims.aimDays(p.service) ?? serviceDays(p.service, p.isNextDay);
  const expectedBy = p.firstScanAt === null ? null : nthWorkingDayAfter(ukDayOf(p.firstScanAt), aim);
  const enquiryBy = claims.investigationDays === null || p.lastScanAt === null ? null : addDays(ukDayOf(p.lastScanAt), claims.investigationDays);
  const after = claims.claimableAfterDays(p.service);
  const claimableFrom = after === null || expectedBy === null ? null : nthWorkingDayAfter(expectedBy, after, { saturdays: true });
  const windowFrom = claims.claimWindow.from === "posted" ? (p.firstScanAt ?? p.createdAt) : p.createdAt;
  const claimClosesOn = addDays(ukDayOf(windowFrom), claims.claimWindow.days);
  return { expectedBy, enquiryBy, claimableFrom, claimClosesOn };
}

/** A label's deadlines at `now` (the sentence depends on the day), or null for a courier without rules. */
export function labelDeadlines(p: DeadlineInput, now: number = Date.now()): LabelDeadlines | null {
  const dates = deadlineDates(p);
  if (!dates) return null;
  const name = claimsOf(p.courier)!.name;
  const { expectedBy, enquiryBy, claimableFrom, claimClosesOn } = dates;
  const today = ukDayOf(now);

  const quiet = (sentence: string | null) => ({ ...dates, sentence, urgent: false });
  const act = (sentence: string) => ({ ...dates, sentence, urgent: true });
  // Days in the sentence carry their year when it is not this one ('claims close on 11 Feb 2027').
  const day = (d: string) => ukDay(d, now);
  const closes = `claims close on ${day(claimClosesOn)}`;
  if (isFinished(p)) return quiet(null);
  if (expectedBy !== null && today <= expectedBy) return quiet(`Expected by ${ukWeekdayDay(expectedBy, now)}`);
  if (enquiryBy !== null && today <= enquiryBy) return act(`${name} will only investigate until ${day(enquiryBy)}: raise it now`);
  // Past the window nothing is upcoming any more, scanned or not (a backlog of old labels imported today).
  if (today > claimClosesOn) return quiet(`${name}'s claim window closed on ${day(claimClosesOn)}`);
  if (expectedBy === null) return quiet(`Waiting for ${name}'s first scan; ${closes}`);
  if (claimableFrom !== null && today < claimableFrom) return act(`You can claim from ${day(claimableFrom)}; ${closes}`);
  return act(enquiryBy !== null ? `${name} no longer investigates; ${closes}: claim now` : `You can claim now; ${closes}`);
}

/**
 * The label reached us after its claim window had closed (a backlog of labels printed months ago): nothing can be
 * claimed any more, so it is never flagged or alerted on; its sentence says the window closed.
 */
export function closedOnArrival(p: DeadlineInput, arrivedAt: number): boolean {
  const d = labelDeadlines(p, arrivedAt);
  return d !== null && ukDayOf(arrivedAt) > d.claimClosesOn!;
}

/** The oldest and newest carrier scans among a label's stored events ('registered' events are not scans). */
export function scanTimes(courier: string, events: TrackingEvent[]): { firstScanAt: number | null; lastScanAt: number | null } {
  const status = claimsOf(courier)?.claims.eventStatus;
  let firstScanAt: number | null = null;
  let lastScanAt: number | null = null;
  if (!status) return { firstScanAt, lastScanAt };
  for (const e of Array.isArray(events) ? events : []) {
    // Stored JSON from older versions or other tools may lack fields: such an event is not a scan.
    if (typeof e?.dateTime !== "string" || typeof e.trackingPoint !== "object" || e.trackingPoint === null) continue;
    const at = Date.parse(e.dateTime);
    if (Number.isNaN(at) || status(e) === "registered") continue;
    firstScanAt = firstScanAt === null ? at : Math.min(firstScanAt, at);
    lastScanAt = lastScanAt === null ? at : Math.max(lastScanAt, at);
  }
  return { firstScanAt, lastScanAt };
}
