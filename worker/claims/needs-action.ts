import { and, desc, eq, gte, isNull } from "drizzle-orm";
import { courierById } from "../couriers/registry";
import type { Db } from "../db/client";
import { labels } from "../db/schema";
import { ukDayOf } from "../lib/uk-calendar";
import { lostReasonText } from "../tracking/lost";
import { labelDeadlines } from "./deadlines";
import { deadlineInput, storedDetails } from "./label-input";
import { NEEDS_ACTION_MAX, type NeedsAction, type NeedsActionItem } from "./model";

/**
 * 'Needs action': the caller's parcels whose deadline sentence asks them to act, or that are flagged
 * potentially lost; not delivered, not marked. Most urgent first: the nearest day they must act by
 * (the end of the carrier's investigation while it lasts, else the claim window's close).
 *
 * Read from the labels of the last 100 days (no carrier's claim window is longer; index
 * labels_user_created), at most CANDIDATES of them, undelivered and unmarked; the deadlines are
 * computed for those only.
 */

const CANDIDATE_DAYS = 100;
const CANDIDATES = 2000;



export async function needsAction(db: Db, userId: number, now = Date.now()): Promise<NeedsAction> {
  const rows = await db
    .select()
    .from(labels)
    .where(and(eq(labels.userId, userId), gte(labels.createdAt, now - CANDIDATE_DAYS * 86_400_000), isNull(labels.outcome), isNull(labels.deliveredAt)))
    .orderBy(desc(labels.createdAt))
    .limit(CANDIDATES);
  const today = ukDayOf(now);
  const items: NeedsActionItem[] = [];
  for (const row of rows) {
    const d = storedDetails(row);
    const deadlines = labelDeadlines(deadlineInput(row, d), now);
    // A flagged parcel is listed while something can still be done: not once its claim window has closed.
    const open = !deadlines || (deadlines.sentence !== null && (deadlines.claimClosesOn === null || today <= deadlines.claimClosesOn));
    if (!(deadlines?.urgent || (row.potentiallyLost && open))) continue;
    const actBy = deadlines?.enquiryBy && today <= deadlines.enquiryBy ? deadlines.enquiryBy : (deadlines?.claimClosesOn ?? null);
    items.push({
      id: row.id,
      trackingCode: row.trackingCode,
      courier: row.courier,
      courierName: courierById(row.courier)?.displayName ?? row.courier,
      recipient: d.address ? [d.address.name, d.address.postcode].filter(Boolean).join(", ") || null : null,
      sentence: deadlines?.sentence ?? null,
      urgent: deadlines?.urgent ?? false,
      potentiallyLost: row.potentiallyLost,
      lostReason: row.potentiallyLost ? lostReasonText(row.lostReason) : null,
      actBy,
    });
  }
  items.sort((a, b) => (a.actBy ?? "9999").localeCompare(b.actBy ?? "9999") || Number(b.potentiallyLost) - Number(a.potentiallyLost));
  return { results: items.slice(0, NEEDS_ACTION_MAX), total: items.length };
}
