/**
 * Which buyer mails a stored tracking answer calls for, and queueing them.
 */
import type { Db } from "../db/client";
import type { LabelRow } from "../db/schema";
import type { TrackingStatus } from "../../shared/label";
import { enqueueMany } from "../lib/jobs";
import { log } from "../lib/log";
import type { BuyerMoment } from "../../shared/buyer-mail";

/** A moment further on makes an earlier one pointless: a parcel delivered is never announced as shipped after. */
const ORDER: Record<BuyerMoment, number> = { shipped: 0, out_for_delivery: 1, delivered: 2, delayed: -1 };
export const supersedes = (later: BuyerMoment, earlier: BuyerMoment) => ORDER[later] > ORDER[earlier] && ORDER[earlier] >= 0;

/** Only news is mailed: a moment whose event is older than this (a backlog of old labels imported) is not. */
export const MOMENT_NEWS_MS = 48 * 3_600_000;

export interface TrackingChange {
  /** Before the carrier's answer was stored. */
  before: { firstScanAt: number | null; status: string | null; delivered: boolean; lost: boolean };
  /** After it. */
  after: { firstScanAt: number | null; lastScanAt: number | null; status: TrackingStatus; deliveredAt: number | null; lost: boolean };
}

/**
 * The moments one stored tracking answer reached, the furthest first: only the furthest of shipped, out for delivery
 * and delivered (a first look at a parcel already delivered says so once), and only when its event is news.
 */
export function reachedMoments(change: TrackingChange, now: number): BuyerMoment[] {
  const { before, after } = change;
  const fresh = (at: number | null) => at !== null && now - at <= MOMENT_NEWS_MS;
  const delivered = after.status === "delivered" || after.status === "collected";
  let progress: BuyerMoment | null = null;
  if (delivered && !before.delivered) progress = fresh(after.deliveredAt) ? "delivered" : null;
  else if (after.status === "out_for_delivery" && before.status !== "out_for_delivery") progress = fresh(after.lastScanAt) ? "out_for_delivery" : null;
  else if (after.firstScanAt !== null && before.firstScanAt === null) progress = fresh(after.firstScanAt) ? "shipped" : null;
  const moments: BuyerMoment[] = progress ? [progress] : [];
  if (after.lost && !before.lost && !delivered) moments.push("delayed");
  return moments;
}

/**
 * Queues the mails one stored tracking answer calls for (worker/tracking/tracking.ts), for a label with a buyer's
 * address and its mails on; whether the owner wants each moment is decided when it is sent. Never throws: the
 * tracking is stored whatever happens here.
 */
export async function queueBuyerMails(env: Pick<Env, "JOBS">, db: Db, row: Pick<LabelRow, "id" | "buyerEmail" | "buyerNotifications">, change: TrackingChange, now: number): Promise<void> {
  if (!row.buyerEmail || !row.buyerNotifications) return;
  const moments = reachedMoments(change, now);
  if (!moments.length) return;
  try {
    await enqueueMany(env, db, moments.map((kind) => ({ type: "buyer.mail", labelId: row.id, kind })));
  } catch (err) {
    log("warn", "could not queue buyer mails", { labelId: row.id, moments, error: String(err) });
  }
}
