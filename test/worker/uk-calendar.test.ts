import { describe, expect, it } from "vitest";
import {
  addWorkingDays,
  bankHolidays,
  easterSunday,
  isMonToSatWorkingDay,
  isWorkingDay,
  nthWorkingDayAfter,
  ukDayOf,
  ukMidnight,
  workingDaysBetween,
} from "../../shared/uk-calendar";

// England and Wales bank holidays as published on gov.uk/bank-holidays.
const GOV_UK: Record<number, string[]> = {
  2020: ["2020-01-01", "2020-04-10", "2020-04-13", "2020-05-08", "2020-05-25", "2020-08-31", "2020-12-25", "2020-12-28"],
  2021: ["2021-01-01", "2021-04-02", "2021-04-05", "2021-05-03", "2021-05-31", "2021-08-30", "2021-12-27", "2021-12-28"],
  2022: ["2022-01-03", "2022-04-15", "2022-04-18", "2022-05-02", "2022-06-02", "2022-06-03", "2022-08-29", "2022-09-19", "2022-12-26", "2022-12-27"],
  2023: ["2023-01-02", "2023-04-07", "2023-04-10", "2023-05-01", "2023-05-08", "2023-05-29", "2023-08-28", "2023-12-25", "2023-12-26"],
  2024: ["2024-01-01", "2024-03-29", "2024-04-01", "2024-05-06", "2024-05-27", "2024-08-26", "2024-12-25", "2024-12-26"],
  2025: ["2025-01-01", "2025-04-18", "2025-04-21", "2025-05-05", "2025-05-26", "2025-08-25", "2025-12-25", "2025-12-26"],
  2026: ["2026-01-01", "2026-04-03", "2026-04-06", "2026-05-04", "2026-05-25", "2026-08-31", "2026-12-25", "2026-12-28"],
  2027: ["2027-01-01", "2027-03-26", "2027-03-29", "2027-05-03", "2027-05-31", "2027-08-30", "2027-12-27", "2027-12-28"],
};

const at = (iso: string) => Date.parse(iso);

describe("UK bank holidays (England and Wales)", () => {
  it.each(Object.entries(GOV_UK))("matches gov.uk for %s", (year, days) => {
    expect([...bankHolidays(Number(year))]).toEqual(days);
  });

  it("includes the one-offs of 2002 and 2012 with the moved spring holiday", () => {
    expect([...bankHolidays(2002)]).toEqual(expect.arrayContaining(["2002-06-03", "2002-06-04"]));
    expect(bankHolidays(2002).has("2002-05-27")).toBe(false);
    expect([...bankHolidays(2012)]).toEqual(expect.arrayContaining(["2012-06-04", "2012-06-05"]));
    expect(bankHolidays(2011).has("2011-04-29")).toBe(true);
    expect(bankHolidays(1999).has("1999-12-31")).toBe(true);
  });

  it("computes Easter", () => {
    expect(["2019", "2024", "2025", "2038"].map((y) => easterSunday(Number(y)))).toEqual(["2019-04-21", "2024-03-31", "2025-04-20", "2038-04-25"]);
  });

  it("knows weekends and holidays are not working days", () => {
    expect(isWorkingDay("2026-11-20")).toBe(true); // Friday
    expect(isWorkingDay("2026-11-21")).toBe(false); // Saturday
    expect(isWorkingDay("2026-12-28")).toBe(false); // Boxing Day substitute
    expect(isWorkingDay("2026-12-29")).toBe(true);
  });
});

describe("UK days and working days", () => {
  it("turns the day over at UK midnight, in GMT and in BST", () => {
    expect(ukDayOf(at("2026-07-01T23:30:00Z"))).toBe("2026-07-02"); // 00:30 BST
    expect(ukDayOf(at("2026-12-01T23:30:00Z"))).toBe("2026-12-01"); // 23:30 GMT
    expect(ukMidnight("2026-07-02")).toBe(at("2026-07-01T23:00:00Z"));
    expect(ukMidnight("2026-03-29")).toBe(at("2026-03-29T00:00:00Z")); // BST starts at 01:00 UTC that day
    expect(ukMidnight("2026-03-30")).toBe(at("2026-03-29T23:00:00Z"));
    expect(ukMidnight("2026-10-25")).toBe(at("2026-10-24T23:00:00Z")); // still BST at midnight
    expect(ukMidnight("2026-10-26")).toBe(at("2026-10-26T00:00:00Z"));
  });

  it("counts whole working days, skipping weekends", () => {
    const friday = at("2026-11-20T15:00:00Z");
    expect(workingDaysBetween(friday, at("2026-11-23T23:59:00Z"))).toBe(0); // Monday not over yet
    expect(workingDaysBetween(friday, at("2026-11-24T00:00:00Z"))).toBe(1);
    expect(workingDaysBetween(friday, at("2026-11-27T00:00:00Z"))).toBe(4);
  });

  it("skips bank holidays (Easter, Christmas)", () => {
    const thursday = at("2026-04-02T12:00:00Z");
    // Good Friday and Easter Monday off: Tuesday 7 April is the first working day.
    expect(workingDaysBetween(thursday, at("2026-04-07T22:59:00Z"))).toBe(0);
    expect(workingDaysBetween(thursday, at("2026-04-07T23:00:00Z"))).toBe(1); // Wed 00:00 BST
    const christmasEve = at("2026-12-24T12:00:00Z");
    expect(workingDaysBetween(christmasEve, at("2026-12-30T00:00:00Z"))).toBe(1); // only 29 Dec
  });

  it("adds working days as the inverse of counting them", () => {
    const starts = ["2026-11-20T15:00:00Z", "2026-04-02T12:00:00Z", "2026-12-24T08:00:00Z", "2026-03-27T23:30:00Z", "2026-10-23T22:30:00Z"].map(at);
    for (const from of starts) {
      for (const n of [1, 2, 3, 4, 7]) {
        const t = addWorkingDays(from, n);
        expect(workingDaysBetween(from, t)).toBe(n);
        expect(workingDaysBetween(from, t - 1)).toBe(n - 1);
      }
    }
    expect(addWorkingDays(at("2026-12-24T12:00:00Z"), 2)).toBe(at("2026-12-31T00:00:00Z"));
  });
});

describe("ukDayOf", () => {
  it("agrees with the Europe/London time zone for every hour of 2025 to 2027, both changeovers included", () => {
    const london = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" });
    const wrong: string[] = [];
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2028, 0, 1); t += 3_600_000) {
      for (const at of [t, t + 59 * 60_000]) if (ukDayOf(at) !== london.format(at)) wrong.push(new Date(at).toISOString());
    }
    expect(wrong).toEqual([]);
  });
});

describe("nthWorkingDayAfter", () => {
  it("counts Monday to Friday by default, skipping bank holidays", () => {
    expect(nthWorkingDayAfter("2026-11-20", 1)).toBe("2026-11-23"); // Friday -> Monday
    expect(nthWorkingDayAfter("2026-12-24", 1)).toBe("2026-12-29"); // Christmas, weekend, Boxing Day (Mon 28) off
    expect(nthWorkingDayAfter("2026-04-02", 1)).toBe("2026-04-07"); // Good Friday, Easter Monday off
    expect(nthWorkingDayAfter("2026-11-20", 0)).toBe("2026-11-20");
  });

  it("counts Saturdays as working days when asked (Royal Mail claims), never Sundays or bank holidays", () => {
    expect(isMonToSatWorkingDay("2026-11-21")).toBe(true); // Saturday
    expect(isMonToSatWorkingDay("2026-11-22")).toBe(false); // Sunday
    expect(isMonToSatWorkingDay("2026-12-28")).toBe(false); // Boxing Day substitute
    expect(nthWorkingDayAfter("2026-11-20", 1, { saturdays: true })).toBe("2026-11-21");
    expect(nthWorkingDayAfter("2026-11-20", 2, { saturdays: true })).toBe("2026-11-23");
    expect(nthWorkingDayAfter("2026-12-24", 2, { saturdays: true })).toBe("2026-12-29"); // Sat 26, Tue 29
    expect(nthWorkingDayAfter("2026-04-02", 2, { saturdays: true })).toBe("2026-04-07"); // Sat 4, Tue 7
  });
});
