import { and, eq, inArray } from "drizzle-orm";
import type { CarrierHttpOptions } from "../couriers/tracking-http";
import { CarrierError } from "../couriers/tracking-http";
import type { Db } from "../db/client";
import { labels, type LabelRow } from "../db/schema";
import { log } from "../lib/log";
import { pauseCarrier, takeCarrierCalls } from "./carrier-budget";
import type { TrackingEvent } from "../../shared/label";
import { deferForBudget, recordFailure, refreshLabelTracking, storeAnswer, trackingClientFor, type TrackingEnv } from "./tracking";

/**
 * Batched look-ups: for a carrier with a summary operation (Royal Mail: latest event of up to 30
 * parcels per call), one call learns which of a batch of due labels have news. Only those get a
 * full events call; the others are re-evaluated from their stored events (the lost rules still
 * run) and scheduled again. A shop whose 100k parcels mostly have no news a given hour pays about
 * one call per 30 parcels instead of one each.
 */

export interface BatchResult {
  /** Carrier calls made: the summary call plus the events calls for labels with news. */
  calls: number;
  withNews: number;
  unchanged: number;
  deferred: number;
  failed: number;
}

/** The newest stored event time of a label, or null when it has none. */
function newestStoredEvent(row: LabelRow): number | null {
  if (!row.trackingJson) return null;
  try {
    const events = (JSON.parse(row.trackingJson) as { results?: { trackingEvents?: TrackingEvent[] }[] }).results?.[0]?.trackingEvents ?? [];
    let newest: number | null = null;
    for (const e of events) {
      const t = Date.parse(e.dateTime);
      if (!Number.isNaN(t) && (newest === null || t > newest)) newest = t;
    }
    return newest;
  } catch {
    return null;
  }
}

/** The queue's 'tracking.latest' job: one batched look-up for up to a batch of one carrier's labels. */
export async function runLatestTrackingJob(env: TrackingEnv, db: Db, courier: string, labelIds: string[], now = Date.now(), http?: CarrierHttpOptions): Promise<BatchResult> {
  const result: BatchResult = { calls: 0, withNews: 0, unchanged: 0, deferred: 0, failed: 0 };
  const client = trackingClientFor(env, courier);
  if (!client?.latest || labelIds.length === 0) return result;
  const rows = await db.select().from(labels).where(and(inArray(labels.id, labelIds.slice(0, client.latest.batchSize)), eq(labels.courier, courier)));
  if (!rows.length) return result;

  if (!(await takeCarrierCalls(db, client.id, 1, client.callsPerMinute, now))) {
    await deferForBudget(db, rows, now);
    result.deferred = rows.length;
    return result;
  }
  result.calls = 1;
  let latest: Awaited<ReturnType<NonNullable<typeof client.latest>["fetch"]>>;
  try {
    latest = await client.latest.fetch(rows.map((r) => r.trackingCode), http);
  } catch (err) {
    if (!(err instanceof CarrierError)) throw err;
    if (err.retryAfterMs !== undefined) await pauseCarrier(db, client.id, now + err.retryAfterMs);
    for (const row of rows) await recordFailure(db, row, err, now);
    result.failed = rows.length;
    return result;
  }

  for (const row of rows) {
    const item = latest.get(row.trackingCode.toUpperCase());
    const stored = newestStoredEvent(row);
    const hasNews = !item || (item.kind === "summary" && item.lastEventAt !== null && (stored === null || item.lastEventAt > stored));
    if (hasNews) {
      // A full events call, under the same budget (refused: the label stays due, by urgency).
      const refreshed = await refreshLabelTracking(env, db, row.id, { now, http, force: true });
      if (refreshed.kind === "deferred") result.deferred++;
      else if (refreshed.kind === "failed") result.failed++;
      else if (refreshed.kind === "refreshed" || refreshed.kind === "unknown") {
        result.withNews++;
        result.calls++;
      }
      continue;
    }
    if (item.kind === "error") {
      await recordFailure(db, row, item.error, now);
      result.failed++;
      continue;
    }
    await storeAnswer(env, db, row, client, item.kind === "summary" ? { kind: "unchanged" } : { kind: item.kind }, now);
    result.unchanged++;
  }
  if (result.failed) log("warn", "batched tracking look-up had failures", { courier, labels: rows.length, failed: result.failed });
  return result;
}
