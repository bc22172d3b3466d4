import { and, eq, lte } from "drizzle-orm";
import type { Db } from "../db/client";
import { jobLeases } from "../db/schema";

/**
 * Short leases so one piece of work (a label's tracking refresh, a lost-parcel notice) never runs
 * twice at once, across queue retries, duplicate deliveries, cron and the refresh button. Taking
 * one is a single conditional upsert, atomic in D1; an expired lease (a crashed run) can be taken over.
 */
export interface Lease {
  key: string;
  until: number;
}

export async function tryLease(db: Db, key: string, now: number, ttlMs: number): Promise<Lease | null> {
  const until = now + ttlMs;
  const rows = await db
    .insert(jobLeases)
    .values({ key, until })
    .onConflictDoUpdate({ target: jobLeases.key, set: { until }, setWhere: lte(jobLeases.until, now) })
    .returning({ key: jobLeases.key });
  return rows.length ? { key, until } : null;
}

/** Gives the lease back, unless it expired and someone else holds it now. */
export async function releaseLease(db: Db, lease: Lease): Promise<void> {
  await db.delete(jobLeases).where(and(eq(jobLeases.key, lease.key), eq(jobLeases.until, lease.until)));
}
