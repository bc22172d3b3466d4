import { formatNumber } from "../../components/numbers";
/** Tick choices for the daily chart (about 6 x ticks, 5 y ticks), kept apart from uPlot to test them. */

/** `count` evenly spread indexes of `n` points (all of them when fewer), first and last included. */
export function xTickIndexes(n: number, count = 6): number[] {
  if (n <= 0) return [];
  if (n <= count) return Array.from({ length: n }, (_, i) => i);
  return Array.from({ length: count }, (_, i) => Math.round((i * (n - 1)) / (count - 1)));
}

/** A step of 1, 2 or 5 x 10^k so that 4 steps reach `max`: 5 ticks, 0 to 4 x step. */
export function yStep(max: number): number {
  const raw = Math.max(1, max) / 4;
  const pow = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * pow >= raw) return Math.max(1, m * pow);
  return Math.max(1, 10 * pow);
}

export const yTicks = (max: number) => Array.from({ length: 5 }, (_, i) => i * yStep(max));

const short = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
const long = new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const dayDate = (day: string) => new Date(`${day}T00:00:00Z`);
/** "29 Mar" */
export const shortDay = (day: string) => short.format(dayDate(day));
/** "Sun, 29 Mar 2026" */
export const longDay = (day: string) => long.format(dayDate(day));

const count = (n: number) => formatNumber(n);

/**
 * What a chart's legend says (uPlot's live legend): the point under the cursor, and before any hover the whole of
 * what is drawn, its range and its total; never 'Day: – Labels: --' (issue 33). `names` are the x values' names.
 */
export function chartLegend(names: string[], values: number[], all: string) {
  const total = values.reduce((n, v) => n + v, 0);
  const at = (i: number | null | undefined) => (i === null || i === undefined || i < 0 || i >= values.length ? null : i);
  return {
    x: (i: number | null | undefined) => {
      const n = at(i);
      return n === null ? all : names[n];
    },
    y: (i: number | null | undefined) => {
      const n = at(i);
      return n === null ? `${count(total)} in all` : count(values[n]);
    },
  };
}

/** The daily chart's legend: 'Sun, 29 Mar 2026' and its labels, or '1 Mar – 29 Mar' and their total. */
export function dailyLegend(points: Array<{ ts: string; value: number }>) {
  const days = points.map((p) => p.ts);
  const range = days.length === 0 ? "" : days.length === 1 ? shortDay(days[0]) : `${shortDay(days[0])} – ${shortDay(days[days.length - 1])}`;
  return chartLegend(days.map(longDay), points.map((p) => p.value), range);
}
