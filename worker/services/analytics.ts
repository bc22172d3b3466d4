import { and, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { labelDayStats, labelTagDayStats, labelTags, labels } from "../db/schema";
import type { AnalyticsSummary, AnalyticsTimeseries } from "./analytics-model";
import { courierKey, labelFilterSchema, parseTags } from "./label-filters";

/**
 * Analytics over one user's labels (SPEC §2 'Analytics screen', §3 'Analytics summary' and
 * 'Timeseries'). Days are UK calendar days (labels.shipped_on), ranges inclusive.
 *
 * Three read paths, each on a table or index made for it (see test/worker/analytics-plans.test.ts and
 * bench/README.md 'Analytics'):
 *  - no tag filter: the label_day_stats rollup (kept exact by triggers on labels), a few rows a day;
 *  - one tag: the label_tag_day_stats rollup (the same per tag, kept exact by triggers on label_tags
 *    and labels), a few rows a day;
 *  - several tags ("any of them"): the per-tag rows added up, minus the surplus of labels that carry two
 *    or more of the tags, counted from the tag rows (surplusStatement). Exact, but it visits the tag rows
 *    of every tag but the most used one (over all time, not just the range), so it is slower.
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


/** The two rollups share their counted columns; the per-tag one adds `tag` to the key. */
type Rollup = typeof labelDayStats | typeof labelTagDayStats;

/** Rollup rows of the query's range and filters; on label_tag_day_stats, of its tag(s). */
function rollupConditions(s: Rollup, userId: number, q: AnalyticsQuery): SQL {
  const conds = [eq(s.userId, userId)];
  if (s === labelTagDayStats) {
    conds.push(q.tags.length === 1 ? eq(labelTagDayStats.tag, q.tags[0]) : inArray(labelTagDayStats.tag, q.tags));
  }
  conds.push(gte(s.day, q.from), lte(s.day, q.to));
  if (q.courier) conds.push(eq(s.courier, q.courier));
  if (q.lost) conds.push(eq(s.lost, Number(q.lost)));
  // next_day -1 (not known) matches neither 0 nor 1, as is_next_day NULL does.
  if (q.next_day) conds.push(eq(s.nextDay, Number(q.next_day)));
  return and(...conds)!;
}

const rollupTable = (q: AnalyticsQuery): Rollup => (q.tags.length ? labelTagDayStats : labelDayStats);

function rollupSummary(db: Db, s: Rollup, userId: number, q: AnalyticsQuery) {
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
    .where(rollupConditions(s, userId, q));
}

function rollupTimeseries(db: Db, s: Rollup, userId: number, q: AnalyticsQuery) {
  return db
    .select({ day: s.day, value: sql<number>`sum(${s.labels})` })
    .from(s)
    .where(rollupConditions(s, userId, q))
    .groupBy(s.day)
    .orderBy(s.day);
}

/**
 * Several tags, "any of them": the per-tag rollup rows added up count a label once per requested tag it
 * carries, so the surplus is subtracted label by label. The tags are ranked (most labels in the range
 * first); every tag row of a lower-ranked tag whose label also carries a higher-ranked one is one surplus
 * count, so a label with m of the tags is subtracted m - 1 times and counts exactly once. Only the tag
 * rows of the tags after the first are visited (label_tags_analytics, one index probe each), and only the
 * labels carrying two or more of the tags are read. CROSS JOIN fixes that order (SQLite never reorders it).
 */
function surplusStatement(userId: number, q: AnalyticsQuery, kind: "summary" | "timeseries"): SQL {
  const labelConds = [sql`l.shipped_on >= ${q.from}`, sql`l.shipped_on <= ${q.to}`];
  if (q.courier) labelConds.push(sql`l.courier = ${q.courier}`);
  if (q.lost) labelConds.push(sql`l.potentially_lost = ${Number(q.lost)}`);
  if (q.next_day) labelConds.push(sql`l.is_next_day = ${Number(q.next_day)}`);
  const columns =
    kind === "summary"
      ? sql`count(*) as rows, sum(l.weight_grams) as weight_sum, count(l.weight_grams) as weight_count,
          sum(l.potentially_lost = 1) as lost, sum(l.courier = 'evri' and l.is_next_day = 1) as evri_next_day,
          sum(l.courier = 'evri' and l.is_next_day = 0) as evri_standard`
      : sql`l.shipped_on as day, count(*) as value`;
  // A select over the raw statement (drizzle's batch cannot carry a raw db.all()).
  const surplus = sql`(
    with req(tag, pos) as (
      select j.value, row_number() over (order by (
        select coalesce(sum(s.labels), 0) from ${labelTagDayStats} s
        where s.user_id = ${userId} and s.tag = j.value and s.day >= ${q.from} and s.day <= ${q.to}) desc, j.key)
      from json_each(${JSON.stringify(q.tags)}) j)
    select ${columns}
    from req r cross join ${labelTags} t cross join ${labels} l
    where r.pos > 1 and t.user_id = ${userId} and t.tag = r.tag
      and exists (select 1 from req r2 cross join ${labelTags} p
                  where r2.pos < r.pos and p.user_id = ${userId} and p.tag = r2.tag and p.label_id = t.label_id)
      and l.id = t.label_id and +l.user_id = ${userId} and ${sql.join(labelConds, sql` and `)}
    ${kind === "timeseries" ? sql`group by l.shipped_on` : sql``}) as surplus`;
  return surplus;
}

function surplusSummary(db: Db, userId: number, q: AnalyticsQuery) {
  return db
    .select({
      rows: sql<number>`rows`,
      weightSum: sql<number>`weight_sum`,
      weightCount: sql<number>`weight_count`,
      lost: sql<number>`lost`,
      evriNextDay: sql<number>`evri_next_day`,
      evriStandard: sql<number>`evri_standard`,
    })
    .from(surplusStatement(userId, q, "summary"));
}

function surplusTimeseries(db: Db, userId: number, q: AnalyticsQuery) {
  return db
    .select({ day: sql<string>`day`, value: sql<number>`value` })
    .from(surplusStatement(userId, q, "timeseries"));
}

const num = (v: unknown) => Number(v ?? 0);

/**
 * The summary statements of a query (exported so the tests can check their query plans): one rollup read
 * (label_day_stats without tags, label_tag_day_stats with tags), plus with several tags the surplus.
 */
export function summaryStatements(db: Db, userId: number, q: AnalyticsQuery) {
  return {
    rollup: rollupSummary(db, rollupTable(q), userId, q),
    surplus: q.tags.length > 1 ? surplusSummary(db, userId, q) : null,
  };
}

/** The time-series statements of a query: labels per UK day, only days that have any. */
export function timeseriesStatements(db: Db, userId: number, q: AnalyticsQuery) {
  return {
    rollup: rollupTimeseries(db, rollupTable(q), userId, q),
    surplus: q.tags.length > 1 ? surplusTimeseries(db, userId, q) : null,
  };
}

const SUMMARY_KEYS = ["rows", "weightSum", "weightCount", "lost", "evriNextDay", "evriStandard"] as const;

export async function analyticsSummary(db: Db, userId: number, q: AnalyticsQuery): Promise<AnalyticsSummary> {
  const { rollup, surplus } = summaryStatements(db, userId, q);
  const [[sums], [extra]] = surplus ? await db.batch([rollup, surplus]) : [await rollup, []];
  const total = Object.fromEntries(SUMMARY_KEYS.map((k) => [k, num(sums?.[k]) - num(extra?.[k])])) as Record<
    (typeof SUMMARY_KEYS)[number],
    number
  >;
  const { rows, lost, weightCount } = total;
  return {
    totals: { rows },
    weightStats: { avg: weightCount ? total.weightSum / weightCount : null },
    lostMix: [
      { lost: true, count: lost },
      { lost: false, count: rows - lost },
    ],
    nextDayMixEvri: [
      { isNextDay: true, count: total.evriNextDay },
      { isNextDay: false, count: total.evriStandard },
    ],
  };
}

/** Every day of the range, in order, with 0 for days without labels. */
export async function analyticsTimeseries(db: Db, userId: number, q: AnalyticsQuery): Promise<AnalyticsTimeseries> {
  const { rollup, surplus } = timeseriesStatements(db, userId, q);
  const [perDay, extra] = surplus ? await db.batch([rollup, surplus]) : [await rollup, []];
  const found = new Map(perDay.map((r) => [r.day, num(r.value)]));
  for (const r of extra) found.set(r.day, (found.get(r.day) ?? 0) - num(r.value));
  const points: AnalyticsTimeseries["points"] = [];
  for (let day = q.from; day <= q.to; day = addDays(day, 1)) points.push({ ts: day, value: found.get(day) ?? 0 });
  return { points };
}
