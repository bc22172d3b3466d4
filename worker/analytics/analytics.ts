import { and, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { couriers } from "../couriers/registry";
import { unsupportedCourierMessage } from "../couriers/unsupported";
import type { Db } from "../db/client";
import { labelDayStats, labelTagDayStats, labelTagSetDayStats, tagSetTags } from "../db/schema";
import type { AnalyticsSummary, AnalyticsTimeseries } from "./model";
import { courierKey } from "../../shared/courier-key";
import { labelFilterSchema, parseTags } from "../labels/filters";
import { addDays, ukDayOf } from "../../shared/uk-calendar";

/**
 * Analytics over one user's labels. Days are UK calendar days (labels.shipped_on), ranges inclusive.
 *
 * Three read paths, each one statement on a rollup kept exact by triggers (migrations 0003, 0007, 0008;
 * plans in test/worker/analytics-plans.test.ts and bench/README.md 'Analytics'), a few rows per day:
 *  - no tag filter: label_day_stats (per user, day, courier, lost, next-day);
 *  - one tag: label_tag_day_stats (the same per tag);
 *  - several tags ("any of them"): label_tag_set_day_stats (the same per tag SET: each label counted once,
 *    under the set of all its tags), summed over the sets that contain any of the tags (tag_set_tags).
 *    Per-tag rows could not be added up: a label with two of the tags would count twice.
 * One tag keeps its own rollup: a user whose labels each carry a unique tag (an order number, say) besides
 * a common one has as many sets as labels, and the per-tag rows stay few whatever the sets.
 */

export const MAX_RANGE_DAYS = 366;
export const DEFAULT_RANGE_DAYS = 30;

const DAY_MS = 86_400_000;
const daysInRange = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

/** Query of both calls: the label filters, with defaults and limits applied. */
export const analyticsQuerySchema = labelFilterSchema
  .extend({
    bucket: z.literal("day", { message: "must be day" }).optional(),
    metric: z.literal("count", { message: "must be count" }).optional(),
  })
  .transform((q, ctx) => {
    // The range ends today, as of the request.
    const to = q.to ?? ukDayOf(Date.now());
    const from = q.from ?? addDays(to, -(DEFAULT_RANGE_DAYS - 1));
    if (from > to) {
      ctx.addIssue({ code: "custom", path: ["from"], message: "must be on or before to" });
      return z.NEVER;
    }
    if (daysInRange(from, to) > MAX_RANGE_DAYS) {
      ctx.addIssue({ code: "custom", path: ["to"], message: `the range can be at most ${MAX_RANGE_DAYS} days` });
      return z.NEVER;
    }
    const choices = ["all", ...couriers().map((c) => c.id)];
    if (q.courier !== undefined && !choices.includes(courierKey(q.courier))) {
      const list = new Intl.ListFormat("en-GB", { type: "disjunction" }).format(choices);
      ctx.addIssue({ code: "custom", path: ["courier"], message: `${unsupportedCourierMessage(q.courier)} The courier must be ${list}.` });
      return z.NEVER;
    }
    // At most MAX_FILTER_TAGS: labelFilterSchema checks it.
    const tags = parseTags(q.tags);
    const courier = q.courier === undefined || courierKey(q.courier) === "all" ? undefined : courierKey(q.courier);
    return { from, to, courier, lost: q.lost, next_day: q.next_day, tags };
  });
export type AnalyticsQuery = z.output<typeof analyticsQuerySchema>;


/** The three rollups share their counted columns; the tag ones add `tag` or `tag_set` to the key. */
type Rollup = typeof labelDayStats | typeof labelTagDayStats | typeof labelTagSetDayStats;

/** No tag: label_day_stats; one tag: label_tag_day_stats; several: label_tag_set_day_stats. */
const rollupTable = (q: AnalyticsQuery): Rollup =>
  q.tags.length === 0 ? labelDayStats : q.tags.length === 1 ? labelTagDayStats : labelTagSetDayStats;

/** Rollup rows of the query's range and filters, and of its tag or of the tag sets containing any of its tags. */
function rollupConditions(s: Rollup, userId: number, q: AnalyticsQuery): SQL {
  const conds = [eq(s.userId, userId)];
  if (s === labelTagDayStats) conds.push(eq(labelTagDayStats.tag, q.tags[0]));
  if (s === labelTagSetDayStats) conds.push(inTagSetsWithAnyTag(labelTagSetDayStats.tagSet, userId, q.tags));
  conds.push(gte(s.day, q.from), lte(s.day, q.to), ...keyConditions(s, q));
  return and(...conds)!;
}

/** A tag-set column among the user's sets that hold any of `tags` (each label sits in exactly one set). */
export const inTagSetsWithAnyTag = (tagSet: SQLiteColumn, userId: number, tags: string[]): SQL =>
  sql`${tagSet} in (select ${tagSetTags.tagSet} from ${tagSetTags} where ${and(eq(tagSetTags.userId, userId), inArray(tagSetTags.tag, tags))})`;

/** The courier, lost and next-day filters, on whichever table carries the label's key. */
export function keyConditions(c: { courier: SQLiteColumn; lost: SQLiteColumn; nextDay: SQLiteColumn }, q: AnalyticsQuery): SQL[] {
  const conds: SQL[] = [];
  if (q.courier) conds.push(eq(c.courier, q.courier));
  if (q.lost) conds.push(eq(c.lost, Number(q.lost)));
  // next_day -1 (not known) matches neither 0 nor 1, as is_next_day NULL does.
  if (q.next_day) conds.push(eq(c.nextDay, Number(q.next_day)));
  return conds;
}

/** The summary statement of a query (exported so the tests can check its query plan). */
export function summaryStatement(db: Db, userId: number, q: AnalyticsQuery) {
  const s = rollupTable(q);
  // The next-day mix counts the labels of couriers whose services are next-day or standard (Evri).
  const mixed = inArray(
    s.courier,
    couriers()
      .filter((c) => c.nextDayMix)
      .map((c) => c.id),
  );
  return db
    .select({
      rows: sql<number>`sum(${s.labels})`,
      weightSum: sql<number>`sum(${s.weightSum})`,
      weightCount: sql<number>`sum(${s.weightCount})`,
      lost: sql<number>`sum(case when ${s.lost} = 1 then ${s.labels} else 0 end)`,
      nextDay: sql<number>`sum(case when ${mixed} and ${s.nextDay} = 1 then ${s.labels} else 0 end)`,
      standard: sql<number>`sum(case when ${mixed} and ${s.nextDay} = 0 then ${s.labels} else 0 end)`,
    })
    .from(s)
    .where(rollupConditions(s, userId, q));
}

/** The time-series statement of a query: labels per UK day, only days that have any. */
export function timeseriesStatement(db: Db, userId: number, q: AnalyticsQuery) {
  const s = rollupTable(q);
  return db
    .select({ day: s.day, value: sql<number>`sum(${s.labels})` })
    .from(s)
    .where(rollupConditions(s, userId, q))
    .groupBy(s.day)
    .orderBy(s.day);
}

const num = (v: unknown) => Number(v ?? 0);

export async function analyticsSummary(db: Db, userId: number, q: AnalyticsQuery): Promise<AnalyticsSummary> {
  const [sums] = await summaryStatement(db, userId, q);
  // sum() over no rows is NULL: an empty range counts 0.
  const rows = num(sums?.rows);
  const lost = num(sums?.lost);
  const weightCount = num(sums?.weightCount);
  return {
    totals: { rows },
    weightStats: { avg: weightCount ? num(sums?.weightSum) / weightCount : null },
    lostMix: [
      { lost: true, count: lost },
      { lost: false, count: rows - lost },
    ],
    nextDayMixEvri: [
      { isNextDay: true, count: num(sums?.nextDay) },
      { isNextDay: false, count: num(sums?.standard) },
    ],
  };
}

/** Every day of the range, in order, with 0 for days without labels. */
export async function analyticsTimeseries(db: Db, userId: number, q: AnalyticsQuery): Promise<AnalyticsTimeseries> {
  const perDay = await timeseriesStatement(db, userId, q);
  const found = new Map(perDay.map((r) => [r.day, num(r.value)]));
  const points: AnalyticsTimeseries["points"] = [];
  for (let day = q.from; day <= q.to; day = addDays(day, 1)) points.push({ ts: day, value: found.get(day) ?? 0 });
  return { points };
}
