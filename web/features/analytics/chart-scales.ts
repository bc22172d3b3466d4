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
