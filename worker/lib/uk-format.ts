import { ukDayOf, type IsoDay } from "../../shared/uk-calendar";

/**
 * How the worker writes dates for people (deadline sentences, mails, the claim pack and its PDF): en-GB, in UK
 * time (Europe/London) whatever zone the Worker runs in. A day in the current UK year leaves its year out
 * ('24 Dec'); a day in any other year carries it ('24 Dec 2025'), so a deadline never reads as this year's when it
 * is not. A document kept for later (the claim pack) always carries the year. The web app has its own module,
 * web/features/labels/format.ts, with the same rules.
 */

const UK = "Europe/London";
// A UK day (YYYY-MM-DD) is a calendar day, not an instant: it is formatted at noon UTC in UTC, never shifted.
const dayMonth = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "short" });
const dayMonthYear = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "short", year: "numeric" });
const weekday = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "short" });
const weekdayDayMonthYear = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "short", day: "numeric", month: "short", year: "numeric" });
const dateTime = new Intl.DateTimeFormat("en-GB", { timeZone: UK, day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
const dayTime = new Intl.DateTimeFormat("en-GB", { timeZone: UK, day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

const isDay = (day: unknown): day is IsoDay => typeof day === "string" && /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(`${day}T12:00:00Z`));
const noon = (day: IsoDay) => Date.parse(`${day}T12:00:00Z`);

/** A UK day as '24 Dec', or '24 Dec 2025' outside the current UK year (at `now`); '' for a value that is not a day. */
export function ukDay(day: IsoDay | null | undefined, now: number): string {
  if (!isDay(day)) return "";
  return (day.slice(0, 4) === ukDayOf(now).slice(0, 4) ? dayMonth : dayMonthYear).format(noon(day));
}

/** A UK day with its weekday: 'Thu 26 Nov', or 'Thu 26 Nov 2027' outside the current UK year. */
export function ukWeekdayDay(day: IsoDay | null | undefined, now: number): string {
  return isDay(day) ? `${weekday.format(noon(day))} ${ukDay(day, now)}` : "";
}

/** A UK day in a document: 'Tue, 17 Nov 2026' (always with its year); '' for a value that is not a day. */
export function ukDocumentDay(day: IsoDay | null | undefined): string {
  return isDay(day) ? weekdayDayMonthYear.format(noon(day)) : "";
}

/** An instant in UK time: '17 Nov 2026, 13:02' (always with its year); '' for a value that is not a date. */
export function ukDateTime(at: number | string | null | undefined): string {
  const ms = typeof at === "number" ? at : typeof at === "string" ? Date.parse(at) : NaN;
  return Number.isFinite(ms) ? dateTime.format(ms) : "";
}

/**
 * An instant in UK time as the screens show events: '25 Nov, 19:58' within the current UK year (at `now`), else with
 * its year ('24 Dec 2025, 10:00'); '' for a value that is not a date.
 */
export function ukEventTime(at: number | string | null | undefined, now: number): string {
  const ms = typeof at === "number" ? at : typeof at === "string" ? Date.parse(at) : NaN;
  if (!Number.isFinite(ms)) return "";
  return ukDayOf(ms).slice(0, 4) === ukDayOf(now).slice(0, 4) ? dayTime.format(ms) : dateTime.format(ms);
}

/**
 * An amount in a currency's minor unit as en-GB writes it: 1500 'gbp' -> '£15.00', 1234550 -> '£12,345.50';
 * other currencies by their own symbol and minor unit ('€15.00', '¥1,500').
 */
export function ukMoney(minor: number, currency = "gbp"): string {
  const format = new Intl.NumberFormat("en-GB", { style: "currency", currency: currency.toUpperCase() });
  return format.format(minor / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}
