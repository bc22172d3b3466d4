import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { scanTimes } from "../deadlines/deadlines";
import type { Db } from "../db/client";
import { labels } from "../db/schema";
import type { LabelDetails, TrackingResult } from "../../shared/label";
import { deliveryFacts, labelService } from "./delivery-facts";

/**
 * Delivered labels saved before delivery facts were kept have none, and are never refreshed again: the cron
 * fills a batch of them per pass from their stored events (labels_delivery_backfill holds only those, so a
 * pass with nothing left reads an empty index). Labels still tracked get theirs on their next refresh.
 */

const parse = <T>(json: string | null, fallback: T): T => {
  try {
    return json ? (JSON.parse(json) as T) : fallback;
  } catch {
    return fallback;
  }
};

/** Fills up to `limit` delivered labels' facts; answers how many it filled. */
export async function backfillDeliveryFacts(db: Db, limit = 200): Promise<number> {
  const rows = await db
    .select({
      id: labels.id,
      courier: labels.courier,
      shippedOn: labels.shippedOn,
      createdAt: labels.createdAt,
      deliveredAt: labels.deliveredAt,
      trackingJson: labels.trackingJson,
      detailsJson: labels.detailsJson,
    })
    .from(labels)
    .where(and(isNotNull(labels.deliveredAt), isNull(labels.onTime)))
    .limit(limit);
  if (rows.length === 0) return 0;
  const updates = rows.map((r) => {
    const result = parse<{ results?: TrackingResult[] }>(r.trackingJson, {}).results?.[0];
    const details = parse<Partial<LabelDetails>>(r.detailsJson, {});
    const scans = scanTimes(r.courier, result?.trackingEvents ?? []);
    const deliveredAt = r.deliveredAt as number;
    // The delivery is itself a scan: without readable earlier scans it is the first one.
    const firstScanAt = Math.min(scans.firstScanAt ?? deliveredAt, deliveredAt);
    const facts = deliveryFacts({ ...labelService(result, details), courier: r.courier, shippedOn: r.shippedOn, createdAt: r.createdAt, firstScanAt, lastScanAt: scans.lastScanAt ?? deliveredAt, deliveredAt });
    return db.update(labels).set(facts).where(eq(labels.id, r.id));
  });
  await db.batch(updates as [(typeof updates)[0], ...typeof updates]);
  return rows.length;
}
