import { and, eq, gte, inArray, lte, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { labels, type LabelRow } from "../db/schema";
import type { LabelDetails } from "../../shared/label";
import { addDays } from "../../shared/uk-calendar";
import { deadlineDates, isFinished, type DeadlineInput } from "./deadlines";
import { storedDeadlineInput, storedDetails } from "./label-input";

/**
 * A label's action window: the UK days (YYYY-MM-DD, labels.action_from and action_until) between which it may be on
 * the 'Needs action' list. Its deadlines do not depend on today, only their comparison with it does, so they are
 * kept on the label wherever their inputs are written (tracking saved, the label saved or corrected, an outcome
 * marked) and the list reads the labels whose window holds today from the index labels_user_action, instead of
 * deciding every parcel in flight in code (worker/deadlines/needs-action.ts, which still decides each one found).
 *
 * The window is exact where the rule's days are one span (a flagged parcel is listed until its claim window closes,
 * a late one from the day after it was expected by until the last day the carrier investigates or takes claims);
 * two spans apart, and labels not worked out yet, start on ACTION_CHECK_FROM and the deadlines decide them.
 * needsActionLabels' randomized test checks both over every write path and on later days.
 *
 * The window is the rules' answer when it was written: a change to a courier's claim rules (worker/couriers/<id>/)
 * or to the bank holidays needs a migration that sets the windows of labels in flight back to ACTION_UNKNOWN (as
 * 0024 did), which the cron then works out again.
 */

export interface ActionWindow {
  actionFrom: string | null;
  actionUntil: string | null;
}

/**
 * A window starting on this day is not exact: the deadlines decide each day (needsActionLabels' unsure labels). A
 * flagged parcel whose claim window closed before the day it was expected by (its two spans apart), and labels not
 * worked out yet. Every other window holds exactly the days the label needs action.
 */
export const ACTION_CHECK_FROM = "0000-00-00";

/** Never on the list: delivered, returned or marked, or nothing asked yet nor flagged. */
const NEVER: ActionWindow = { actionFrom: null, actionUntil: null };
/** A flagged parcel of a courier without claim rules is listed as long as it is flagged. */
const WHILE_FLAGGED: ActionWindow = { actionFrom: "0000-01-01", actionUntil: "9999-12-31" };
/**
 * Not worked out yet (labels still on their way when the columns came, migration 0024): always a candidate, decided
 * in code, until the cron's backfillActionWindows fills it (index labels_action_backfill).
 */
export const ACTION_UNKNOWN = { actionFrom: ACTION_CHECK_FROM, actionUntil: "9999-99-99" } as const;

/** The days a label with these deadline inputs (and lost flag) may need action, as labelDeadlines and actionFor decide it. */
export function actionWindow(p: DeadlineInput, potentiallyLost: boolean): ActionWindow {
  const dates = deadlineDates(p);
  if (!dates) return potentiallyLost ? WHILE_FLAGGED : NEVER;
  if (isFinished(p)) return NEVER;
  const { expectedBy, enquiryBy, claimClosesOn } = dates;
  const spans: [string, string][] = [];
  // Urgent once the day it was expected by has passed (at once without a first scan), while the carrier still
  // investigates, or (scanned) until its claim window closes.
  const urgentUntil = [enquiryBy, expectedBy === null ? null : claimClosesOn].filter((d) => d !== null).sort();
  if (urgentUntil.length) spans.push([expectedBy === null ? WHILE_FLAGGED.actionFrom! : addDays(expectedBy, 1), urgentUntil.at(-1)!]);
  if (potentiallyLost) spans.push([WHILE_FLAGGED.actionFrom!, claimClosesOn]);
  const open = spans.filter(([from, until]) => from <= until).sort(([a], [b]) => a.localeCompare(b));
  if (!open.length) return NEVER;
  const until = open.map((s) => s[1]).sort().at(-1)!;
  // Two spans with days between them: their hull, each day decided by the deadlines.
  const apart = open.length === 2 && open[1][0] > addDays(open[0][1], 1);
  return { actionFrom: apart ? ACTION_CHECK_FROM : open[0][0], actionUntil: until };
}

const IN_FLIGHT = ["waiting", "in_transit", "out_for_delivery"] as const;

/**
 * The labels whose action window holds `day` (a UK day), still on their way and created since `since` (ms: the
 * list's scope, the last 100 days), read from the index labels_user_action alone: every column here is in it.
 */
export function inActionWindow(day: string | Placeholder, since: number | string | Placeholder): SQL[] {
  return [
    gte(labels.actionUntil, day),
    lte(labels.actionFrom, day),
    inArray(labels.parcelStatus, [...IN_FLIGHT]),
    gte(labels.createdAt, sql`cast(${since} as integer)`),
  ];
}

type WindowRow = Pick<LabelRow, "courier" | "createdAt" | "deliveredAt" | "trackingStatus" | "outcome" | "firstScanAt" | "lastScanAt" | "potentiallyLost">;

/** A stored label's action window, from its columns (as they are after the write) and its details with tracking. */
export function labelActionWindow(row: WindowRow, details: Partial<LabelDetails>): ActionWindow {
  return actionWindow(storedDeadlineInput(row, details), row.potentiallyLost);
}

/** A stored label's action window once its details become `details` (its columns and tracking as stored). */
export function editedActionWindow(row: WindowRow & Pick<LabelRow, "detailsJson" | "trackingJson">, details: Partial<LabelDetails>): ActionWindow {
  return labelActionWindow(row, { ...details, tracking: storedDetails(row).tracking });
}

/**
 * Works out the window of up to `limit` labels left unknown (ACTION_UNKNOWN) from their stored columns; answers how
 * many. The update only lands on a row still unknown: a label saved meanwhile keeps the window its save wrote.
 */
export async function backfillActionWindows(db: Db, limit = 200): Promise<number> {
  const rows = await db.select().from(labels).where(eq(labels.actionUntil, ACTION_UNKNOWN.actionUntil)).limit(limit);
  if (rows.length === 0) return 0;
  const updates = rows.map((r) =>
    db
      .update(labels)
      .set(labelActionWindow(r, storedDetails(r)))
      .where(and(eq(labels.id, r.id), eq(labels.actionUntil, ACTION_UNKNOWN.actionUntil))),
  );
  await db.batch(updates as [(typeof updates)[0], ...typeof updates]);
  return rows.length;
}
