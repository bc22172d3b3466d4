import { and, desc, eq, gte, inArray, isNotNull, or, sql } from "drizzle-orm";
import { courierById } from "../couriers/registry";
import type { Db } from "../db/client";
import { labels, type LabelRow } from "../db/schema";
import type { LabelDetails } from "../labels/model";
import { ukDayOf } from "../lib/uk-calendar";
import { lostReasonText } from "../tracking/lost";
import { labelDeadlines } from "./deadlines";
import { deadlineInput } from "./label-input";
import { NEEDS_ACTION_MAX, type LabelDeadlines, type NeedsAction, type NeedsActionItem } from "./model";

/**
 * 'Needs action': the caller's parcels whose deadline sentence asks them to act, or that are flagged
 * potentially lost while something can still be done; not delivered, returned or marked. The card on the labels
 * list (most urgent first: the nearest day they must act by, the end of the carrier's investigation while it
 * lasts, else the claim window's close) and the list's status=needs_action filter read the same labels.
 *
 * The deadlines decide, label by label (they count UK working days), over the labels SQL can tell might need
 * action: from the last 100 days (no carrier's claim window is longer), still on their way (parcel_status
 * waiting, in transit or out for delivery: index labels_user_status_created), and flagged or with tracking
 * (a parcel is only late once it has a first scan).
 */

const CANDIDATE_DAYS = 100;
const DAY_MS = 86_400_000;

/** A label's columns and the parts of its details the deadlines and the card read (JSON picked out by SQLite). */
const candidateColumns = {
  id: labels.id,
  trackingCode: labels.trackingCode,
  courier: labels.courier,
  createdAt: labels.createdAt,
  deliveredAt: labels.deliveredAt,
  trackingStatus: labels.trackingStatus,
  outcome: labels.outcome,
  potentiallyLost: labels.potentiallyLost,
  lostReason: labels.lostReason,
  details: sql<string>`case when json_valid(${labels.detailsJson}) then json_object(
    'classId', json_extract(${labels.detailsJson}, '$.classId'), 'serviceCode', json_extract(${labels.detailsJson}, '$.serviceCode'),
    'isNextDay', json_extract(${labels.detailsJson}, '$.isNextDay'), 'shippingLabelCreatedAt', json_extract(${labels.detailsJson}, '$.shippingLabelCreatedAt'),
    'deliveredAt', json_extract(${labels.detailsJson}, '$.deliveredAt'), 'address', json_extract(${labels.detailsJson}, '$.address')) end`,
  tracking: sql<string | null>`case when json_valid(${labels.trackingJson}) then json_object(
    'service', json_extract(${labels.trackingJson}, '$.results[0].service'), 'trackingEvents', json_extract(${labels.trackingJson}, '$.results[0].trackingEvents')) end`,
};

type Candidate = Pick<LabelRow, "id" | "trackingCode" | "courier" | "createdAt" | "deliveredAt" | "trackingStatus" | "outcome" | "potentiallyLost" | "lostReason">;

export interface ActionLabel {
  row: Candidate;
  details: Partial<LabelDetails>;
  deadlines: LabelDeadlines | null;
}

function candidateDetails(details: string | null, tracking: string | null): Partial<LabelDetails> {
  try {
    const d = details ? (JSON.parse(details) as Partial<LabelDetails>) : {};
    const t = tracking ? (JSON.parse(tracking) as { service?: { serviceType?: string } | null; trackingEvents?: unknown }) : null;
    const events = Array.isArray(t?.trackingEvents) ? (t.trackingEvents as NonNullable<LabelDetails["tracking"]>["results"][number]["trackingEvents"]) : [];
    return { ...d, tracking: t ? { results: [{ service: t.service ?? undefined, trackingEvents: events }] } : null };
  } catch {
    return {};
  }
}

/** The user's labels that need action at `now`, newest first, with their deadlines. */
export async function needsActionLabels(db: Db, userId: number, now = Date.now()): Promise<ActionLabel[]> {
  const rows = await db
    .select(candidateColumns)
    .from(labels)
    .where(
      and(
        eq(labels.userId, userId),
        inArray(labels.parcelStatus, ["waiting", "in_transit", "out_for_delivery"]),
        gte(labels.createdAt, now - CANDIDATE_DAYS * DAY_MS),
        or(eq(labels.potentiallyLost, true), isNotNull(labels.trackingJson)),
      ),
    )
    .orderBy(desc(labels.createdAt));
  const today = ukDayOf(now);
  const out: ActionLabel[] = [];
  for (const { details: detailsJson, tracking, ...row } of rows) {
    const details = candidateDetails(detailsJson, tracking);
    const deadlines = labelDeadlines(deadlineInput(row, details), now);
    // A flagged parcel is listed while something can still be done: not once its claim window has closed.
    const open = !deadlines || (deadlines.sentence !== null && (deadlines.claimClosesOn === null || today <= deadlines.claimClosesOn));
    if (deadlines?.urgent || (row.potentiallyLost && open)) out.push({ row, details, deadlines });
  }
  return out;
}

export async function needsAction(db: Db, userId: number, now = Date.now()): Promise<NeedsAction> {
  const today = ukDayOf(now);
  const items: NeedsActionItem[] = (await needsActionLabels(db, userId, now)).map(({ row, details: d, deadlines }) => ({
    id: row.id,
    trackingCode: row.trackingCode,
    courier: row.courier,
    courierName: courierById(row.courier)?.displayName ?? row.courier,
    recipient: d.address ? [d.address.name, d.address.postcode].filter(Boolean).join(", ") || null : null,
    sentence: deadlines?.sentence ?? null,
    urgent: deadlines?.urgent ?? false,
    potentiallyLost: row.potentiallyLost,
    lostReason: row.potentiallyLost ? lostReasonText(row.lostReason) : null,
    actBy: deadlines?.enquiryBy && today <= deadlines.enquiryBy ? deadlines.enquiryBy : (deadlines?.claimClosesOn ?? null),
  }));
  items.sort((a, b) => (a.actBy ?? "9999").localeCompare(b.actBy ?? "9999") || Number(b.potentiallyLost) - Number(a.potentiallyLost));
  return { results: items.slice(0, NEEDS_ACTION_MAX), total: items.length };
}
