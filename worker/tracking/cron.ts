import { and, asc, eq, inArray, isNull, lte } from "drizzle-orm";
import { trackedCouriers } from "../couriers/registry";
import type { Db } from "../db/client";
import { labels } from "../db/schema";
import { enqueueMany, type JobMessage } from "../lib/jobs";
import { LOST_NOTICE_MAX_WAIT_MS } from "./lost-notice";
import { trackingClientFor, type TrackingEnv } from "./tracking";

/**
 * The cron's tracking pass: every 15 minutes it claims the labels whose refresh is due
 * (labels.next_tracking_at) and queues their refreshes, batched where the carrier has a batched
 * look-up; and it queues again the lost notices that never went out.
 */

/** Cron pushes a claimed label's next_tracking_at this far ahead, so the next pass skips it. */
export const CRON_CLAIM_MS = 30 * 60_000;

/**
 * Claims up to `limit` labels whose refresh is due (index labels_next_tracking) by pushing their
 * next_tracking_at ahead in the same statement, so overlapping cron passes never claim one twice.
 */
export async function claimDueLabels(db: Db, couriers: string[], now: number, limit: number): Promise<{ id: string; courier: string }[]> {
  if (!couriers.length) return [];
  const due = db
    .select({ id: labels.id })
    .from(labels)
    .where(and(lte(labels.nextTrackingAt, now), inArray(labels.courier, couriers)))
    .orderBy(asc(labels.nextTrackingAt))
    .limit(limit);
  return db.update(labels).set({ nextTrackingAt: now + CRON_CLAIM_MS }).where(inArray(labels.id, due)).returning({ id: labels.id, courier: labels.courier });
}

/**
 * The jobs for claimed labels: one batched look-up per batch of a carrier that has one (Royal
 * Mail's summary, 30 parcels a call), one refresh per label otherwise.
 */
export function refreshJobs(env: TrackingEnv, claimed: { id: string; courier: string }[]): JobMessage[] {
  const jobs: JobMessage[] = [];
  const byCourier = new Map<string, string[]>();
  for (const { id, courier } of claimed) byCourier.set(courier, [...(byCourier.get(courier) ?? []), id]);
  for (const [courier, ids] of byCourier) {
    const batch = trackingClientFor(env, courier)?.latest?.batchSize;
    if (!batch) {
      for (const labelId of ids) jobs.push({ type: "tracking.refresh", labelId });
      continue;
    }
    for (let i = 0; i < ids.length; i += batch) jobs.push({ type: "tracking.latest", courier, labelIds: ids.slice(i, i + batch) });
  }
  return jobs;
}

export interface CronOptions {
  /** Labels claimed per statement. */
  chunk?: number;
  /** At most this many refreshes per cron pass (bounded work per 15-minute pass). */
  maxPerPass?: number;
}

/** The cron's tracking pass: claims due labels in bounded batches and queues their refreshes. */
export async function enqueueDueRefreshes(env: TrackingEnv, db: Db, now: number, opts: CronOptions = {}): Promise<number> {
  const chunk = opts.chunk ?? 500;
  const max = opts.maxPerPass ?? 5000;
  const couriers = trackedCouriers(env);
  let total = 0;
  while (total < max) {
    const claimed = await claimDueLabels(db, couriers, now, Math.min(chunk, max - total));
    if (!claimed.length) break;
    await enqueueMany(env, db, refreshJobs(env, claimed));
    total += claimed.length;
    if (claimed.length < chunk) break;
  }
  return total;
}

/**
 * Flags whose notice should have gone out by now (a lost queue message, a mail outage): queue it again, once per
 * owner, for their oldest flag (whose job sends all of the owner's unsent flags in one mail).
 */
export async function enqueueUnsentLostNotices(env: Pick<Env, "JOBS">, db: Db, now: number, limit = 200): Promise<number> {
  const rows = await db
    .select({ id: labels.id, userId: labels.userId })
    .from(labels)
    .where(and(eq(labels.potentiallyLost, true), isNull(labels.lostEmailSentAt), lte(labels.potentiallyLostAt, now - LOST_NOTICE_MAX_WAIT_MS - CRON_CLAIM_MS)))
    .orderBy(asc(labels.potentiallyLostAt), asc(labels.id))
    .limit(limit);
  const oldestPerOwner = new Map<number, string>();
  for (const r of rows) if (!oldestPerOwner.has(r.userId)) oldestPerOwner.set(r.userId, r.id);
  const jobs = [...oldestPerOwner.values()].map((labelId) => ({ type: "lost.notify" as const, labelId }));
  if (jobs.length) await enqueueMany(env, db, jobs);
  return jobs.length;
}
