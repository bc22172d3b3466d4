import { and, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { labelDeliveryDayStats, labelTags, labelTagSetDeliveryDayStats } from "../db/schema";
import { inTagSetsWithAnyTag, keyConditions, type AnalyticsQuery } from "./analytics";
import { TRANSIT_BUCKETS, type DeliveryAnalytics, type DeliveryGroup } from "./model";

/**
 * On-time analytics over one user's labels, from the delivery facts kept on each label when its
 * tracking is saved (worker/tracking/delivery-facts.ts), in UK working days. Same filters as the summary.
 *
 * One statement per query, a few rows per day, as the summary's three paths (worker/analytics/analytics.ts):
 *  - no tag filter: label_delivery_day_stats (a rollup kept exact by triggers, migration 0013);
 *  - one tag: label_tags, which carries each label's key (migration 0015), one range of its label_tags_delivery index;
 *  - several tags ("any of them"): label_tag_set_delivery_day_stats (the same rollup per tag SET, migration 0016),
 *    summed over the sets that contain any of the tags: each label counts once.
 */

/** Days are capped at this in the rollup: a median of 10 means 10 or more. */
const DAYS_CAP = 10;

interface Row {
  courier: string;
  service: string;
  scanDays: number;
  transitDays: number;
  onTime: number;
  labels: number;
  lost: number;
  claimed: number;
}

type DeliveryRollup = typeof labelDeliveryDayStats | typeof labelTagSetDeliveryDayStats;
/** The sums of a daily delivery rollup (no tag: the user's; several tags: the tag sets') over the range. */
function rollupSums(db: Db, s: DeliveryRollup, userId: number, q: AnalyticsQuery, scope: SQL[] = []) {
  return db
    .select({
      courier: s.courier,
      service: s.service,
      scanDays: s.scanDays,
      transitDays: s.transitDays,
      onTime: s.onTime,
      labels: sql<number>`sum(${s.labels})`,
      lost: sql<number>`sum(${s.lost} * ${s.labels})`,
      claimed: sql<number>`sum(${s.claimed} * ${s.labels})`,
    })
    .from(s)
    .where(and(eq(s.userId, userId), ...scope, gte(s.day, q.from), lte(s.day, q.to), ...keyConditions(s, q)))
    .groupBy(s.courier, s.service, s.scanDays, s.transitDays, s.onTime);
}

/** One tag: its label_tags rows, which carry their label's key. */
function tagStatement(db: Db, userId: number, q: AnalyticsQuery) {
  const t = labelTags;
  return db
    .select({
      courier: sql<string>`${t.courier}`,
      service: sql<string>`${t.service}`,
      scanDays: sql<number>`${t.scanDays}`,
      transitDays: sql<number>`${t.transitDays}`,
      onTime: sql<number>`${t.onTime}`,
      labels: sql<number>`count(*)`,
      lost: sql<number>`sum(${t.lost})`,
      claimed: sql<number>`sum(${t.claimed})`,
    })
    .from(t)
    .where(and(eq(t.userId, userId), eq(t.tag, q.tags[0]), gte(t.day, q.from), lte(t.day, q.to), ...keyConditions(t, q)))
    .groupBy(t.courier, t.service, t.scanDays, t.transitDays, t.onTime);
}

/** Several tags: the rollup rows of the tag sets that contain any of them (each label sits in one set). */
function tagSetStatement(db: Db, userId: number, q: AnalyticsQuery) {
  const s = labelTagSetDeliveryDayStats;
  return rollupSums(db, s, userId, q, [inTagSetsWithAnyTag(s.tagSet, userId, q.tags)]);
}

/** The delivery statement of a query (exported so the tests can check its query plan). */
export function deliveryStatement(db: Db, userId: number, q: AnalyticsQuery) {
  return q.tags.length === 0 ? rollupSums(db, labelDeliveryDayStats, userId, q) : q.tags.length === 1 ? tagStatement(db, userId, q) : tagSetStatement(db, userId, q);
}

/** The median of values given as counts per value (index = value); null without any. */
export function medianOf(counts: number[]): number | null {
  const n = counts.reduce((a, b) => a + b, 0);
  if (n === 0) return null;
  const nth = (k: number) => {
    let seen = 0;
    for (let v = 0; v < counts.length; v++) {
      seen += counts[v];
      if (seen > k) return v;
    }
    return counts.length - 1;
  };
  return n % 2 === 1 ? nth((n - 1) / 2) : (nth(n / 2 - 1) + nth(n / 2)) / 2;
}

/** Counts per value 0..DAYS_CAP into the answer's buckets: 0, 1, 2, 3, 4, 5 or more. */
const buckets = (counts: number[]) => TRANSIT_BUCKETS.map((_, i) => (i < TRANSIT_BUCKETS.length - 1 ? counts[i] : counts.slice(i).reduce((a, b) => a + b, 0)));

class Tally {
  labels = 0;
  delivered = 0;
  onTime = 0;
  transit = new Array<number>(DAYS_CAP + 1).fill(0);

  add(r: Row, n: number) {
    this.labels += n;
    if (r.transitDays >= 0) this.transit[r.transitDays] += n;
    if (r.onTime >= 0) this.delivered += n;
    if (r.onTime === 1) this.onTime += n;
  }

  group(): Omit<DeliveryGroup, "courier" | "service"> {
    return {
      labels: this.labels,
      delivered: this.delivered,
      onTime: this.onTime,
      onTimeRate: this.delivered ? this.onTime / this.delivered : null,
      medianTransitDays: medianOf(this.transit),
      transitDays: buckets(this.transit),
    };
  }
}

export async function deliveryAnalytics(db: Db, userId: number, q: AnalyticsQuery): Promise<DeliveryAnalytics> {
  const rows = (await deliveryStatement(db, userId, q)) as Row[];
  const all = new Tally();
  const scan = new Array<number>(DAYS_CAP + 1).fill(0);
  const byCourier = new Map<string, Tally>();
  const byService = new Map<string, { courier: string; service: string; tally: Tally }>();
  let lost = 0;
  let claimed = 0;
  for (const raw of rows) {
    const r: Row = { ...raw, scanDays: Number(raw.scanDays), transitDays: Number(raw.transitDays), onTime: Number(raw.onTime) };
    const n = Number(r.labels);
    lost += Number(r.lost ?? 0);
    claimed += Number(r.claimed ?? 0);
    all.add(r, n);
    if (r.scanDays >= 0) scan[r.scanDays] += n;
    const courier = byCourier.get(r.courier) ?? new Tally();
    courier.add(r, n);
    byCourier.set(r.courier, courier);
    const key = `${r.courier}\u0000${r.service}`;
    const service = byService.get(key) ?? { courier: r.courier, service: r.service, tally: new Tally() };
    service.tally.add(r, n);
    byService.set(key, service);
  }
  const total = all.group();
  return {
    totals: { labels: total.labels, delivered: total.delivered, onTime: total.onTime, lost, claimed },
    onTimeRate: total.onTimeRate,
    firstScan: { scanned: scan.reduce((a, b) => a + b, 0), medianDays: medianOf(scan), days: buckets(scan) },
    transit: { medianDays: total.medianTransitDays, days: total.transitDays },
    couriers: [...byCourier].sort(([a], [b]) => a.localeCompare(b)).map(([courier, t]) => ({ courier, service: null, ...t.group() })),
    services: [...byService.values()]
      .sort((a, b) => a.courier.localeCompare(b.courier) || b.tally.delivered - a.tally.delivered || b.tally.labels - a.tally.labels || a.service.localeCompare(b.service))
      .map(({ courier, service, tally }) => ({ courier, service: service || null, ...tally.group() })),
  };
}
