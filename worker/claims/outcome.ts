import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { labels } from "../db/schema";
import { findLabelRow } from "../labels/read";
import { notFound } from "../lib/errors";
import { purgePages } from "../labels/tracking-page-cache";
import { queueWebhookEvents } from "../webhooks/events";
import { labelActionWindow } from "../deadlines/action-window";
import { storedDetails } from "../deadlines/label-input";
import { LABEL_OUTCOMES, type LabelOutcome } from "../../shared/claims";

/**
 * The user's own word on a parcel: 'claimed', 'found' or 'delivered' (null undoes it). Free. A
 * marked parcel gets no alerts, no sentence asking to act and no lost flag; 'found' and 'delivered'
 * also stop its tracking refreshes, 'claimed' keeps them (the carrier may still deliver it).
 * Undoing it looks at its alerts and tracking again. Marking delivered a parcel the carrier never
 * scanned as delivered sends the user's `parcel.delivered` webhooks, as a delivery scan would.
 */
export const outcomeSchema = z.object({ outcome: z.enum(LABEL_OUTCOMES, { message: "outcome must be claimed, found, delivered or null" }).nullable() }).strict();

const stopsTracking = (outcome: LabelOutcome | null) => outcome === "found" || outcome === "delivered";

/** Marks the caller's own label (by id or tracking code); another user's label is not found. Answers its id. */
export async function markOutcome(
  env: Pick<Env, "JOBS"> & Partial<Pick<Env, "CACHE_PURGE_ZONE_ID" | "CACHE_PURGE_API_TOKEN">>,
  db: Db,
  userId: number,
  idOrCode: string,
  outcome: LabelOutcome | null,
  now = Date.now(),
): Promise<string> {
  const row = await findLabelRow(db, userId, idOrCode);
  if (!row) throw notFound("Label not found");
  if (row.outcome === outcome) return row.id;
  const finishedByCarrier = row.deliveredAt !== null || row.trackingStatus === "delivered" || row.trackingStatus === "collected";
  // A marked parcel is off the 'Needs action' list; undone, it is back on it when its deadlines say so.
  const window = labelActionWindow({ ...row, outcome, potentiallyLost: outcome === null && row.potentiallyLost }, storedDetails(row));
  await db
    .update(labels)
    .set(
      outcome === null
        ? // Undone: alerts are looked at on the next cron pass, tracking resumes (the lost rules run again on it).
          { outcome: null, outcomeAt: null, alertDueAt: 0, nextTrackingAt: finishedByCarrier ? null : (row.nextTrackingAt ?? now), ...window }
        : {
            ...window,
            outcome,
            outcomeAt: now,
            alertDueAt: null,
            potentiallyLost: false,
            potentiallyLostAt: null,
            lostReason: null,
            lostEmailSentAt: null,
            ...(stopsTracking(outcome) ? { nextTrackingAt: null } : {}),
          },
    )
    .where(eq(labels.id, row.id));
  // The buyer's page follows (a parcel marked delivered reads delivered there too).
  await purgePages(env, [row.pageToken]);
  if (outcome === "delivered" && !finishedByCarrier) await queueWebhookEvents(env, db, userId, [{ type: "parcel.delivered", labelId: row.id }], now);
  return row.id;
}
