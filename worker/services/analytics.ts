import { and, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { labelDayStats, labelTags, labels } from "../db/schema";
import type { AnalyticsSummary, AnalyticsTimeseries } from "./analytics-model";
import { courierKey, labelFilterConditions, labelFilterSchema, parseTags, type LabelFilters } from "./label-filters";

/**
 * Analytics over one user's labels (SPEC §2 'Analytics screen', §3 'Analytics summary' and
 * 'Timeseries'). Days are UK calendar days (labels.shipped_on), ranges inclusive.
 *
 * Two read paths, both on indexes made for them (see test/worker/analytics-plans.test.ts):
 *  - no tag filter: the label_day_stats rollup (kept exact by triggers on labels), a few rows a day;
 *  - tag filter: the labels_analytics covering index, restricted to the ids found in the
 *    label_tags_analytics index, so the labels table itself is never read.
 */

export const MAX_RANGE_DAYS = 366;
export const DEFAULT_RANGE_DAYS = 30;
/** Each tag is a bound parameter; D1 allows 100 per statement. */
export const MAX_TAGS = 20;
const COURIER_CHOICES = ["all", "evri", "royalmail"];

const DAY_MS = 86_400_000;
const ukDayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The UK calendar day (YYYY-MM-DD) an instant falls on. */
export const ukDay = (at: Date | number = Date.now()) => ukDayFormat.format(at);

/** Calendar-day arithmetic on YYYY-MM-DD strings (UTC midnights, so no DST hour is ever lost). */
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const daysInRange = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

/** Query of both calls: the label filters, with defaults and limits applied. */
export const analyticsQuerySchema = labelFilterSchema
  .extend({
    bucket: z.literal("day", { message: "must be day" }).optional(),
    metric: z.literal("count", { message: "must be count" }).optional(),
  })
  .transform((q, ctx) => {
    const to = q.to ?? ukDay();
    const from = q.from ?? addDays(to, -(DEFAULT_RANGE_DAYS - 1));
    if (from > to) {
      ctx.addIssue({ code: "custom", path: ["from"], message: "must be on or before to" });
      return z.NEVER;
    }
    if (daysInRange(from, to) > MAX_RANGE_DAYS) {
      ctx.addIssue({ code: "custom", path: ["to"], message: `the range can be at most ${MAX_RANGE_DAYS} days` });
      return z.NEVER;
    }
    if (q.courier !== undefined && !COURIER_CHOICES.includes(courierKey(q.courier))) {
      ctx.addIssue({ code: "custom", path: ["courier"], message: "must be all, evri or royalmail" });
      return z.NEVER;
    }
    const tags = parseTags(q.tags);
    if (tags.length > MAX_TAGS) {
      ctx.addIssue({ code: "custom", path: ["tags"], message: `at most ${MAX_TAGS} tags` });
      return z.NEVER;
    }
    const courier = q.courier === undefined || courierKey(q.courier) === "all" ? undefined : courierKey(q.courier);
    return { from, to, courier, lost: q.lost, next_day: q.next_day, tags };
  });
export type AnalyticsQuery = z.output<typeof analyticsQuerySchema>;


const asFilters = (q: AnalyticsQuery): LabelFilters => ({
  from: q.from,
  to: q.to,
  courier: q.courier,
  lost: q.lost,
  next_day: q.next_day,
});

function rollupConditions(userId: number, q: AnalyticsQuery): SQL {
  const conds = [eq(labelDayStats.userId, userId), gte(labelDayStats.day, q.from), lte(labelDayStats.day, q.to)];
  if (q.courier) conds.push(eq(labelDayStats.courier, q.courier));
  if (q.lost) conds.push(eq(labelDayStats.lost, Number(q.lost)));
  if (q.next_day) conds.push(eq(labelDayStats.nextDay, Number(q.next_day)));
  return and(...conds)!;
}

/** The labels filters with "has any of the tags" as an id list from the label_tags_analytics index. */
function taggedLabelConditions(db: Db, userId: number, q: AnalyticsQuery): SQL {
  const taggedIds = db
    .select({ id: labelTags.labelId })
    .from(labelTags)
    .where(and(eq(labelTags.userId, userId), inArray(labelTags.tag, q.tags)));
  return and(...labelFilterConditions(userId, asFilters(q)), inArray(labels.id, taggedIds))!;
}

const num = (v: unknown) => Number(v ?? 0);

/** The one summary statement for a query (exported so the tests can check its query plan). */
export function summaryStatement(db: Db, userId: number, q: AnalyticsQuery) {
  if (!q.tags.length) {
    const s = labelDayStats;
    return db
      .select({
        rows: sql<number>`sum(${s.labels})`,
        weightSum: sql<number>`sum(${s.weightSum})`,
        weightCount: sql<number>`sum(${s.weightCount})`,
        lost: sql<number>`sum(case when ${s.lost} = 1 then ${s.labels} else 0 end)`,
        evriNextDay: sql<number>`sum(case when ${s.courier} = 'evri' and ${s.nextDay} = 1 then ${s.labels} else 0 end)`,
        evriStandard: sql<number>`sum(case when ${s.courier} = 'evri' and ${s.nextDay} = 0 then ${s.labels} else 0 end)`,
      })
      .from(s)
      .where(rollupConditions(userId, q));
  }
  const l = labels;
  return db
    .select({
      rows: sql<number>`count(*)`,
      weightSum: sql<number>`sum(${l.weightGrams})`,
      weightCount: sql<number>`count(${l.weightGrams})`,
      lost: sql<number>`sum(${l.potentiallyLost} = 1)`,
      evriNextDay: sql<number>`sum(${l.courier} = 'evri' and ${l.isNextDay} = 1)`,
      evriStandard: sql<number>`sum(${l.courier} = 'evri' and ${l.isNextDay} = 0)`,
    })
    .from(l)
    .where(taggedLabelConditions(db, userId, q));
}

/** The one time-series statement for a query: labels per UK day, only days that have any. */
export function timeseriesStatement(db: Db, userId: number, q: AnalyticsQuery) {
  if (!q.tags.length) {
    const s = labelDayStats;
    return db
      .select({ day: s.day, value: sql<number>`sum(${s.labels})` })
      .from(s)
      .where(rollupConditions(userId, q))
      .groupBy(s.day)
      .orderBy(s.day);
  }
  return db
    .select({ day: labels.shippedOn, value: sql<number>`count(*)` })
    .from(labels)
    .where(taggedLabelConditions(db, userId, q))
    .groupBy(labels.shippedOn)
    .orderBy(labels.shippedOn);
}

export async function analyticsSummary(db: Db, userId: number, q: AnalyticsQuery): Promise<AnalyticsSummary> {
  const [r] = await summaryStatement(db, userId, q);
  const rows = num(r?.rows);
  const lost = num(r?.lost);
  const weightCount = num(r?.weightCount);
  return {
    totals: { rows },
    weightStats: { avg: weightCount ? num(r?.weightSum) / weightCount : null },
    lostMix: [
      { lost: true, count: lost },
      { lost: false, count: rows - lost },
    ],
    nextDayMixEvri: [
      { isNextDay: true, count: num(r?.evriNextDay) },
      { isNextDay: false, count: num(r?.evriStandard) },
    ],
  };
}

/** Every day of the range, in order, with 0 for days without labels. */
export async function analyticsTimeseries(db: Db, userId: number, q: AnalyticsQuery): Promise<AnalyticsTimeseries> {
  const found = new Map((await timeseriesStatement(db, userId, q)).map((r) => [r.day, num(r.value)]));
  const points: AnalyticsTimeseries["points"] = [];
  for (let day = q.from; day <= q.to; day = addDays(day, 1)) points.push({ ts: day, value: found.get(day) ?? 0 });
  return { points };
}
