import { and, eq, sql } from "drizzle-orm";
import { courierById } from "../couriers/registry";
import type { Db } from "../db/client";
import { labels, type LabelRow } from "../db/schema";
import type { LabelDetails } from "../../shared/label";
import { ukDayOf } from "../../shared/uk-calendar";
import { lostReasonText } from "./lost";
import { ACTION_CHECK_FROM, inActionWindow } from "./action-window";
import { labelDeadlines } from "./deadlines";
import { storedDeadlineInput } from "./label-input";
import { NEEDS_ACTION_MAX, type LabelDeadlines, type NeedsAction, type NeedsActionItem } from "../../shared/claims";

/**
 * 'Needs action': the caller's parcels whose deadline sentence asks them to act, or that are flagged
 * potentially lost while something can still be done; not delivered, returned or marked. The card on the labels
 * list (most urgent first: the nearest day they must act by, the end of the carrier's investigation while it
 * lasts, else the claim window's close) and the list's status=needs_action filter read the same labels.
 *
 * SQL picks the candidates: labels whose action window (action_from..action_until, kept on the label wherever its
 * deadlines' inputs are written: worker/deadlines/action-window.ts) holds today, from the index labels_user_action,
 * still on their way (parcel_status waiting, in transit or out for delivery) and from the last 100 days (no
 * carrier's claim window is longer). The card decides each one by its deadlines (they count UK working days; it
 * shows their sentences). The list's filter takes the labels whose window is exact straight from SQL (page and
 * total from the index) and decides only the unsure ones (ACTION_CHECK_FROM: worker/labels/list-query.ts). Both are
 * tested to be exactly what the deadlines decide over all labels, through every write path and on later days.
 */

const CANDIDATE_DAYS = 100;
const DAY_MS = 86_400_000;

/** The oldest creation the list reads at `now`. */
export const actionSince = (now: number) => now - CANDIDATE_DAYS * DAY_MS;

/**
 * A label's columns and the parts of its details the deadlines and the card read, picked out by SQLite (a few
 * hundred bytes a label, not its whole details and events). isNextDay is taken as JSON (`->`): json_extract
 * answers JSON's true as the number 1, which the deadlines (isNextDay === true) read as not next day. The scans are the tracking service's own columns; a
 * label tracked before they were kept (first_scan_at empty while last_scan_at is set) brings its events instead.
 */
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
  firstScanAt: labels.firstScanAt,
  lastScanAt: labels.lastScanAt,
  details: sql<string | null>`case when json_valid(${labels.detailsJson}) then json_object(
    'classId', json_extract(${labels.detailsJson}, '$.classId'), 'serviceCode', json_extract(${labels.detailsJson}, '$.serviceCode'),
    'isNextDay', ${labels.detailsJson} -> '$.isNextDay', 'shippingLabelCreatedAt', json_extract(${labels.detailsJson}, '$.shippingLabelCreatedAt'),
    'deliveredAt', json_extract(${labels.detailsJson}, '$.deliveredAt'),
    'address', json_object('name', json_extract(${labels.detailsJson}, '$.address.name'), 'postcode', json_extract(${labels.detailsJson}, '$.address.postcode'))) end`,
  tracking: sql<string | null>`case when json_valid(${labels.trackingJson}) then json_object(
    'service', json_extract(${labels.trackingJson}, '$.results[0].service'),
    'trackingEvents', case when ${labels.firstScanAt} is null then json_extract(${labels.trackingJson}, '$.results[0].trackingEvents') end) end`,
};

type Candidate = Pick<
  LabelRow,
  "id" | "trackingCode" | "courier" | "createdAt" | "deliveredAt" | "trackingStatus" | "outcome" | "potentiallyLost" | "lostReason" | "firstScanAt" | "lastScanAt"
>;

export interface ActionLabel {
  row: Candidate;
  details: Partial<LabelDetails>;
  deadlines: LabelDeadlines | null;
}

type TrackingEvents = NonNullable<LabelDetails["tracking"]>["results"][number]["trackingEvents"];

function candidateDetails(details: string | null, tracking: string | null): Partial<LabelDetails> {
  try {
    const d = details ? (JSON.parse(details) as Partial<LabelDetails>) : {};
    const t = tracking ? (JSON.parse(tracking) as { service?: { serviceType?: string } | null; trackingEvents?: unknown }) : null;
    const events = Array.isArray(t?.trackingEvents) ? (t.trackingEvents as TrackingEvents) : [];
    return { ...d, tracking: t ? { results: [{ service: t.service ?? undefined, trackingEvents: events }] } : null };
  } catch {
    return {};
  }
}

/**
 * The user's labels that need action at `now`, with their deadlines, in no particular order (ordered by creation,
 * SQLite would walk every label of the user in that order instead of the few index entries). `unsureOnly`: only
 * those whose window is not exact (ACTION_CHECK_FROM), for the list, which takes the exact ones in SQL.
 */
export async function needsActionLabels(db: Db, userId: number, now = Date.now(), opts: { unsureOnly?: boolean } = {}): Promise<ActionLabel[]> {
  const rows = await db
    .select(candidateColumns)
    .from(labels)
    .where(
      and(
        eq(labels.userId, userId),
        ...inActionWindow(ukDayOf(now), actionSince(now)),
        opts.unsureOnly ? eq(labels.actionFrom, ACTION_CHECK_FROM) : undefined,
      ),
    );
  const out: ActionLabel[] = [];
  for (const { details, tracking, ...row } of rows) {
    const action = actionFor(row, candidateDetails(details, tracking), now);
    if (action) out.push(action);
  }
  return out;
}

/** Whether one label needs action at `now` (with its deadlines), decided from its columns and details alone. */
export function actionFor(row: Candidate, details: Partial<LabelDetails>, now: number): ActionLabel | null {
  const deadlines = labelDeadlines(storedDeadlineInput(row, details), now);
  // A flagged parcel is listed while something can still be done: not once its claim window has closed.
  const open = !deadlines || (deadlines.sentence !== null && (deadlines.claimClosesOn === null || ukDayOf(now) <= deadlines.claimClosesOn));
  return deadlines?.urgent || (row.potentiallyLost && open) ? { row, details, deadlines } : null;
}

export async function needsAction(db: Db, userId: number, now = Date.now()): Promise<NeedsAction> {
  const today = ukDayOf(now);
  // The newest first among parcels as urgent as each other.
  const found = (await needsActionLabels(db, userId, now)).sort((a, b) => b.row.createdAt - a.row.createdAt);
  const items: NeedsActionItem[] = found.map(({ row, details: d, deadlines }) => ({
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
