/**
 * The UK working-day calendar (England and Wales) the lost-parcel rules count in: weekends and
 * bank holidays are not working days, and days turn over at midnight UK time (GMT/BST).
 *
 * Bank holidays are computed, not listed, so the calendar never runs out: the fixed dates with
 * their substitute days, Easter (Good Friday, Easter Monday), the early May, spring and summer
 * Mondays, and the one-offs proclaimed by royal proclamation (known up to 2026).
 */

const DAY_MS = 86_400_000;

/** A calendar day as YYYY-MM-DD. */
export type IsoDay = string;

const pad = (n: number) => String(n).padStart(2, "0");
const isoDay = (y: number, m: number, d: number): IsoDay => `${y}-${pad(m)}-${pad(d)}`;
/** Day of week of a calendar date (0 = Sunday), independent of time zones. */
const weekday = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d)).getUTCDay();
/** Calendar-day arithmetic on YYYY-MM-DD strings (UTC midnights, so no DST hour is ever lost). */
export const addDays = (day: IsoDay, n: number): IsoDay => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** Easter Sunday (Gregorian; the anonymous algorithm of Meeus/Jones/Butcher). */
export function easterSunday(year: number): IsoDay {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoDay(year, month, day);
}

function firstMonday(year: number, month: number): IsoDay {
  const wd = weekday(year, month, 1);
  return isoDay(year, month, 1 + ((8 - wd) % 7));
}

function lastMonday(year: number, month: number): IsoDay {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const wd = weekday(year, month, last);
  return isoDay(year, month, last - ((wd + 6) % 7));
}

/** Bank holidays moved from their usual Monday by proclamation: year -> [usual, moved to]. */
const MOVED: Record<number, [IsoDay, IsoDay][]> = {
  1995: [["1995-05-01", "1995-05-08"]], // VE Day 50th anniversary
  2002: [["2002-05-27", "2002-06-04"]], // Golden Jubilee
  2012: [["2012-05-28", "2012-06-04"]], // Diamond Jubilee
  2020: [["2020-05-04", "2020-05-08"]], // VE Day 75th anniversary
  2022: [["2022-05-30", "2022-06-02"]], // Platinum Jubilee
};

/** Extra one-off bank holidays. */
const ONE_OFF: IsoDay[] = [
  "1999-12-31", // Millennium
  "2002-06-03", // Golden Jubilee
  "2011-04-29", // Royal wedding
  "2012-06-05", // Diamond Jubilee
  "2022-06-03", // Platinum Jubilee
  "2022-09-19", // State funeral of Queen Elizabeth II
  "2023-05-08", // Coronation of King Charles III
];

const cache = new Map<number, Set<IsoDay>>();

/** All England and Wales bank holidays of a year (the days off, substitutes included). */
export function bankHolidays(year: number): Set<IsoDay> {
  const hit = cache.get(year);
  if (hit) return hit;
  const days: IsoDay[] = [];

  // New Year's Day: a weekend date moves to the following Monday.
  const ny = weekday(year, 1, 1);
  days.push(isoDay(year, 1, ny === 6 ? 3 : ny === 0 ? 2 : 1));

  const easter = easterSunday(year);
  days.push(addDays(easter, -2), addDays(easter, 1));

  days.push(firstMonday(year, 5), lastMonday(year, 5), lastMonday(year, 8));

  // Christmas and Boxing Day: weekend dates move to the next weekdays not already taken.
  const xmas = weekday(year, 12, 25);
  if (xmas === 5) days.push(isoDay(year, 12, 25), isoDay(year, 12, 28)); // Boxing Day Sat -> Mon
  else if (xmas === 6) days.push(isoDay(year, 12, 27), isoDay(year, 12, 28)); // Sat/Sun -> Mon/Tue
  else if (xmas === 0) days.push(isoDay(year, 12, 26), isoDay(year, 12, 27)); // Sun -> Tue, Boxing Mon
  else days.push(isoDay(year, 12, 25), isoDay(year, 12, 26));

  let set = new Set(days);
  for (const [usual, moved] of MOVED[year] ?? []) {
    set.delete(usual);
    set.add(moved);
  }
  for (const d of ONE_OFF) if (d.startsWith(`${year}-`)) set.add(d);
  set = new Set([...set].sort());
  cache.set(year, set);
  return set;
}

export function isBankHoliday(day: IsoDay): boolean {
  return bankHolidays(Number(day.slice(0, 4))).has(day);
}

export function isWorkingDay(day: IsoDay): boolean {
  const wd = new Date(`${day}T00:00:00Z`).getUTCDay();
  return wd !== 0 && wd !== 6 && !isBankHoliday(day);
}

/** The instant BST starts or ends in a year: 01:00 UTC on the last Sunday of March / October. */
function lastSundayAt1Utc(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const wd = weekday(year, month, last);
  return Date.UTC(year, month - 1, last - wd, 1);
}

/** The UK offset from UTC at an instant, in ms (0 in GMT, 1 h in BST). */
export function ukOffsetMs(at: number): number {
  const year = new Date(at).getUTCFullYear();
  return at >= lastSundayAt1Utc(year, 3) && at < lastSundayAt1Utc(year, 10) ? 3_600_000 : 0;
}

/**
 * The UK calendar day (Europe/London, YYYY-MM-DD) of an instant. Plain arithmetic on the BST rule:
 * no Intl time-zone formatter, which costs milliseconds to create. The instant is the caller's (a request's time, a
 * cron pass's scheduledTime, a test's fixed clock): the calendar never reads the clock itself.
 */
export function ukDayOf(at: number | Date): IsoDay {
  const ms = typeof at === "number" ? at : at.getTime();
  return new Date(ms + ukOffsetMs(ms)).toISOString().slice(0, 10);
}

/** The instant a UK calendar day starts (its local midnight). */
export function ukMidnight(day: IsoDay): number {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  // The offset at local midnight: midnight is never inside a changeover hour (01:00-02:00).
  return utcMidnight - ukOffsetMs(utcMidnight - 3_600_000);
}

/**
 * Whole UK working days that have ended since `from` and by `to`: the working days after the
 * day of `from` whose end (next midnight) is at or before `to`. A parcel handed over on Friday
 * afternoon has had 1 working day by Tuesday 00:00 (Monday), 0 on Saturday, Sunday or a bank
 * holiday Monday.
 */
export function workingDaysBetween(from: number, to: number): number {
  if (to <= from) return 0;
  let count = 0;
  let day = addDays(ukDayOf(from), 1);
  const today = ukDayOf(to);
  // Bounded: the rules look back weeks, never years.
  for (let i = 0; day < today && i < 3660; i++, day = addDays(day, 1)) {
    if (isWorkingDay(day)) count++;
  }
  return count;
}

/**
 * The instant `days` whole working days have passed after `from`: the end (midnight) of the
 * `days`-th working day after the day of `from`. The inverse of workingDaysBetween:
 * workingDaysBetween(from, t) >= days exactly when t >= addWorkingDays(from, days).
 */
export function addWorkingDays(from: number, days: number): number {
  let day = ukDayOf(from);
  let left = Math.max(0, Math.floor(days));
  if (left === 0) return from;
  while (left > 0) {
    day = addDays(day, 1);
    if (isWorkingDay(day)) left--;
  }
  return ukMidnight(addDays(day, 1));
}

/**
 * Royal Mail counts Monday to Saturday as working days for claims (its business claims guidance);
 * Sundays and England and Wales bank holidays are not.
 */
export function isMonToSatWorkingDay(day: IsoDay): boolean {
  return new Date(`${day}T00:00:00Z`).getUTCDay() !== 0 && !isBankHoliday(day);
}

/**
 * The `n`-th working day after a calendar day (n >= 1; the day itself when n is 0): Monday to
 * Friday, or Monday to Saturday with `saturdays`, bank holidays excluded either way.
 */
export function nthWorkingDayAfter(day: IsoDay, n: number, opts: { saturdays?: boolean } = {}): IsoDay {
  const key = `${day} ${n} ${opts.saturdays ? 1 : 0}`;
  let d = workingDayMemo.get(key);
  if (d !== undefined) return d;
  const working = opts.saturdays ? isMonToSatWorkingDay : isWorkingDay;
  let left = Math.max(0, Math.floor(n));
  d = day;
  while (left > 0) {
    d = addDays(d, 1);
    if (working(d)) left--;
  }
  if (workingDayMemo.size >= WORKING_DAY_MEMO) workingDayMemo.clear();
  workingDayMemo.set(key, d);
  return d;
}

// Deadlines over thousands of labels ask for the same few days again and again ('Needs action' over a busy
// account: 6,000 labels' deadlines took 60 µs each, most of it here). A pure function of its key, so kept.
const WORKING_DAY_MEMO = 4096;
const workingDayMemo = new Map<string, IsoDay>();
