import { addDays, ukDayOf } from "../../../shared/uk-calendar";

/** The analytics filters: defaults, the query both calls take, and the click-through to /labels. */
export interface AnalyticsFilters {
  from: string;
  to: string;
  /** "" = All */
  courier: string;
  /** "" = Any, "1" = Yes, "0" = No */
  lost: string;
  /** "" = Any, "1" = Next-day, "0" = Standard */
  next_day: string;
  /** Comma-separated, as typed. */
  tags: string;
}

/**
 * Today's UK calendar day, YYYY-MM-DD (the server counts days in Europe/London too). The BST rule's arithmetic, not
 * an Intl formatter: the page's first Intl formatter costs 15-80 ms (ICU's set-up), and the HTML's boot script asks
 * for this before the analytics calls go out (web/shell/early-calls.ts); the cards pay it later, off that path.
 */
export const ukToday = (now: Date | number = Date.now()): string => ukDayOf(now);
export { addDays };

/** The last 30 days up to today, every other filter at Any/All. */
export function defaultFilters(now: Date | number = Date.now()): AnalyticsFilters {
  const to = ukToday(now);
  return { from: addDays(to, -29), to, courier: "", lost: "", next_day: "", tags: "" };
}

/** Tags as the server reads them: trimmed, empties dropped, joined with commas. */
export const normaliseTags = (tags: string) =>
  tags
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean)
    .join(",");

/** Query parameters of both analytics calls (set filters only; time_on is always the shipping day). */
export function filterQuery(f: AnalyticsFilters): Record<string, string> {
  const q: Record<string, string> = { from: f.from, to: f.to, time_on: "shipping_label_created" };
  if (f.courier) q.courier = f.courier;
  if (f.lost) q.lost = f.lost;
  if (f.next_day) q.next_day = f.next_day;
  const tags = normaliseTags(f.tags);
  if (tags) q.tags = tags;
  return q;
}

/** /labels with every current filter, from and to both set to `day`. */
export function labelsHrefForDay(f: AnalyticsFilters, day: string): string {
  return `/labels?${new URLSearchParams({ ...filterQuery(f), from: day, to: day })}`;
}

/** /labels with every current filter, and `extra` (a courier, lost=1) over them. */
export function labelsHref(f: AnalyticsFilters, extra: Record<string, string> = {}): string {
  return `/labels?${new URLSearchParams({ ...filterQuery(f), ...extra })}`;
}
