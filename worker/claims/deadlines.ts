import { evriEventStatus } from "../couriers/evri/tracking";
import { royalMailEventStatus } from "../couriers/royalmail/tracking";
import type { TrackingEvent, TrackingStatus } from "../labels/model";
import { addDays, nthWorkingDayAfter, ukDayOf, type IsoDay } from "../lib/uk-calendar";
import { serviceDays } from "../tracking/lost";
import type { LabelDeadlines } from "./model";

/**
 * A parcel's carrier deadlines: when it should arrive, until when the carrier still investigates,
 * when a claim for loss opens and when it closes. Every carrier rule lives here, in days:
 *
 * Evri (Evri help centre, "My parcel hasn't arrived" and "How do I make a claim?"):
 *   - Evri investigates a missing parcel only within 10 days of its last tracking scan;
 *   - claims must be made within 30 days of the label being created.
 *
 * Royal Mail, business accounts (Royal Mail "Business claims: loss, damage and delay" guidance and
 * its service descriptions):
 *   - Tracked 24, Special Delivery Guaranteed and next-day services aim for the next working day;
 *     Tracked 48 for 2 to 3 working days (the deadline uses 3);
 *   - an item is claimable as lost 7 working days after its due date for Tracked services, 5 for
 *     Special Delivery, 10 for every other service, working days being Monday to Saturday without
 *     bank holidays;
 *   - claims must be made within 80 days of posting.
 *
 * Other services' delivery aims are the lost-parcel rules' (serviceDays). Delivery aims count UK
 * working days (Monday to Friday, England and Wales bank holidays excluded) from the first scan.
 */

export const EVRI_ENQUIRY_DAYS = 10;
export const EVRI_CLAIM_DAYS = 30;
export const ROYALMAIL_CLAIM_DAYS = 80;
/** Royal Mail working days (Monday to Saturday) after the due date before a loss can be claimed. */
export const ROYALMAIL_CLAIMABLE_AFTER = { tracked: 7, specialDelivery: 5, other: 10 } as const;

type RoyalMailService = "tracked24" | "tracked48" | "specialDelivery" | "other";

/** The Royal Mail service from its name ('Tracked 48 No Signature') or product code ('TPS01'). */
export function royalMailService(service: string | null | undefined): RoyalMailService {
  const s = (service ?? "").trim();
  if (/special\s*delivery|^SD\d/i.test(s)) return "specialDelivery";
  if (/international/i.test(s)) return "other";
  if (/tracked\s*24|^T[PRS]N\d/i.test(s)) return "tracked24";
  if (/tracked\s*48|^T[PRS]S\d/i.test(s)) return "tracked48";
  return "other";
}

/** Working days (Monday to Friday) from the first scan to the end of the service's delivery aim. */
function aimDays(courier: string, service: string | null | undefined, isNextDay: boolean | null | undefined): number {
  if (courier === "royalmail") {
    const rm = royalMailService(service);
    if (rm === "tracked24" || rm === "specialDelivery") return 1;
    if (rm === "tracked48") return 3;
  }
  return serviceDays(service, isNextDay);
}

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
}

const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const dayMonth = (day: IsoDay) => `${Number(day.slice(8, 10))} ${MONTHS[Number(day.slice(5, 7)) - 1]}`;
const weekdayDayMonth = (day: IsoDay) => `${DAYS[new Date(`${day}T00:00:00Z`).getUTCDay()]} ${dayMonth(day)}`;

const FINISHED: (TrackingStatus | null)[] = ["delivered", "collected", "returned"];

/** A label's deadlines at `now` (the sentence depends on the day), or null for a courier without rules. */
export function labelDeadlines(p: DeadlineInput, now: number = Date.now()): LabelDeadlines | null {
  if (p.courier !== "evri" && p.courier !== "royalmail") return null;
  const today = ukDayOf(now);
  const expectedBy = p.firstScanAt === null ? null : nthWorkingDayAfter(ukDayOf(p.firstScanAt), aimDays(p.courier, p.service, p.isNextDay));
  const finished = FINISHED.includes(p.status);

  if (p.courier === "evri") {
    const enquiryBy = p.lastScanAt === null ? null : addDays(ukDayOf(p.lastScanAt), EVRI_ENQUIRY_DAYS);
    const claimClosesOn = addDays(ukDayOf(p.createdAt), EVRI_CLAIM_DAYS);
    const dates = { expectedBy, enquiryBy, claimableFrom: null, claimClosesOn };
    if (finished) return { ...dates, sentence: null, urgent: false };
    if (expectedBy === null) return { ...dates, sentence: `Waiting for Evri's first scan; claims close on ${dayMonth(claimClosesOn)}`, urgent: false };
    if (today <= expectedBy) return { ...dates, sentence: `Expected by ${weekdayDayMonth(expectedBy)}`, urgent: false };
    if (enquiryBy !== null && today <= enquiryBy) return { ...dates, sentence: `Evri will only investigate until ${dayMonth(enquiryBy)}: raise it now`, urgent: true };
    if (today <= claimClosesOn) return { ...dates, sentence: `Evri no longer investigates; claims close on ${dayMonth(claimClosesOn)}: claim now`, urgent: true };
    return { ...dates, sentence: `Evri's claim window closed on ${dayMonth(claimClosesOn)}`, urgent: false };
  }

  const rm = royalMailService(p.service);
  const after = rm === "specialDelivery" ? ROYALMAIL_CLAIMABLE_AFTER.specialDelivery : rm === "other" ? ROYALMAIL_CLAIMABLE_AFTER.other : ROYALMAIL_CLAIMABLE_AFTER.tracked;
  const claimableFrom = expectedBy === null ? null : nthWorkingDayAfter(expectedBy, after, { saturdays: true });
  const claimClosesOn = addDays(ukDayOf(p.firstScanAt ?? p.createdAt), ROYALMAIL_CLAIM_DAYS);
  const dates = { expectedBy, enquiryBy: null, claimableFrom, claimClosesOn };
  if (finished) return { ...dates, sentence: null, urgent: false };
  if (expectedBy === null || claimableFrom === null) {
    return { ...dates, sentence: `Waiting for Royal Mail's first scan; claims close on ${dayMonth(claimClosesOn)}`, urgent: false };
  }
  if (today <= expectedBy) return { ...dates, sentence: `Expected by ${weekdayDayMonth(expectedBy)}`, urgent: false };
  if (today < claimableFrom) return { ...dates, sentence: `You can claim from ${dayMonth(claimableFrom)}; claims close on ${dayMonth(claimClosesOn)}`, urgent: true };
  if (today <= claimClosesOn) return { ...dates, sentence: `You can claim now; claims close on ${dayMonth(claimClosesOn)}`, urgent: true };
  return { ...dates, sentence: `Royal Mail's claim window closed on ${dayMonth(claimClosesOn)}`, urgent: false };
}

const EVENT_STATUS: Record<string, (e: TrackingEvent) => TrackingStatus> = { evri: evriEventStatus, royalmail: royalMailEventStatus };

/** The oldest and newest carrier scans among a label's stored events ('registered' events are not scans). */
export function scanTimes(courier: string, events: TrackingEvent[]): { firstScanAt: number | null; lastScanAt: number | null } {
  const status = EVENT_STATUS[courier];
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
