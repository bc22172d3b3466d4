import { labelDeadlines } from "../deadlines/deadlines";
import { addDays, isWorkingDay, nthWorkingDayAfter, ukDayOf, type IsoDay } from "../../shared/uk-calendar";
import type { LabelDetails, TrackingResult } from "../../shared/label";
import { serviceDays } from "../deadlines/lost";

/**
 * What a label's tracking says about its delivery, kept on the label (labels.first_scan_at, scan_days,
 * transit_days, on_time, delivery_service) each time its tracking is saved, so the on-time analytics
 * count columns and never read tracking_json. Working days are UK working days: Monday to Friday,
 * England and Wales bank holidays excluded.
 */

export interface DeliveryFactsInput {
  courier: string;
  /** The carrier's service name, else the one printed on the label, else its code. */
  service: string | null | undefined;
  isNextDay: boolean | null | undefined;
  /** The UK day the parcel shipped (labels.shipped_on). */
  shippedOn: IsoDay;
  createdAt: number;
  firstScanAt: number | null;
  lastScanAt: number | null;
  /** The delivery (or collection) scan, null while not delivered. */
  deliveredAt: number | null;
}

export interface DeliveryFacts {
  firstScanAt: number | null;
  scanDays: number | null;
  transitDays: number | null;
  onTime: boolean | null;
  deliveryService: string | null;
}

/** Longest service name kept: carriers' names are short; anything longer is not a service name. */
const SERVICE_MAX = 60;

/**
 * Working days after `from` up to and including `to`: a parcel scanned on Friday and delivered on
 * Monday took 1; delivered on Saturday, 0; the same day, 0. Bounded like the lost rules (years, never more).
 */
export function workingDaysAfter(from: IsoDay, to: IsoDay): number {
  let count = 0;
  for (let day = addDays(from, 1), i = 0; day <= to && i < 3660; day = addDays(day, 1), i++) if (isWorkingDay(day)) count++;
  return count;
}

/** The last UK day of the service's delivery aim, counted from the first scan (the deadlines' expected day). */
export function expectedDeliveryDay(p: DeliveryFactsInput & { firstScanAt: number }): IsoDay {
  const deadline = labelDeadlines({ ...p, status: null }, p.firstScanAt)?.expectedBy;
  // A courier without claim rules of its own is expected within the lost-parcel rules' service days.
  return deadline ?? nthWorkingDayAfter(ukDayOf(p.firstScanAt), serviceDays(p.service, p.isNextDay));
}

export function deliveryFacts(p: DeliveryFactsInput): DeliveryFacts {
  const service = p.service?.trim().slice(0, SERVICE_MAX) || null;
  if (p.firstScanAt === null) return { firstScanAt: null, scanDays: null, transitDays: null, onTime: null, deliveryService: service };
  const scanDay = ukDayOf(p.firstScanAt);
  const facts: DeliveryFacts = {
    firstScanAt: p.firstScanAt,
    // A shipping day after the first scan (a date typed by hand) counts as a scan the same day.
    scanDays: workingDaysAfter(p.shippedOn, scanDay),
    transitDays: null,
    onTime: null,
    deliveryService: service,
  };
  if (p.deliveredAt === null) return facts;
  const deliveredDay = ukDayOf(p.deliveredAt);
  return {
    ...facts,
    transitDays: workingDaysAfter(scanDay, deliveredDay),
    onTime: deliveredDay <= expectedDeliveryDay({ ...p, firstScanAt: p.firstScanAt }),
  };
}

/** A label's service and next-day flag as its deadlines read them: the carrier's name first, then the label's. */
export function labelService(result: TrackingResult | undefined, details: Partial<LabelDetails>): Pick<DeliveryFactsInput, "service" | "isNextDay"> {
  const service = [result?.service?.serviceType, details.classId, details.serviceCode].find((v): v is string => typeof v === "string" && v !== "");
  return { service, isNextDay: details.isNextDay === true };
}
