import { describe, expect, it } from "vitest";
import { ukDateTime, ukDay, ukDocumentDay, ukEventTime, ukWeekdayDay } from "../../worker/lib/uk-format";

// The Worker runs in UTC: every instant below is shown in UK time, and a UK day is never shifted.
const at = (iso: string) => Date.parse(iso);

describe("dates as the worker writes them for people (en-GB, UK time)", () => {
  it("leaves the year out within the current UK year and writes it outside, before and after", () => {
    const now = at("2026-11-25T12:00:00Z");
    expect(ukDay("2026-12-24", now)).toBe("24 Dec");
    expect(ukDay("2025-12-24", now)).toBe("24 Dec 2025");
    expect(ukDay("2027-02-11", now)).toBe("11 Feb 2027");
    expect(ukWeekdayDay("2026-11-26", now)).toBe("Thu 26 Nov");
    expect(ukWeekdayDay("2027-01-04", now)).toBe("Mon 4 Jan 2027");
  });

  it("takes the current year from the UK clock, not UTC's", () => {
    // 23:30 UTC on 31 Dec 2026 is still 2026 in the UK (GMT); the UK's new year starts at 00:00 GMT.
    expect(ukDay("2027-01-01", at("2026-12-31T23:30:00Z"))).toBe("1 Jan 2027");
    expect(ukDay("2027-01-01", at("2027-01-01T00:00:00Z"))).toBe("1 Jan");
  });

  it("shows instants in UK time, summer time included, on a 24-hour clock", () => {
    expect(ukDateTime("2026-11-25T19:58:00Z")).toBe("25 Nov 2026, 19:58");
    // BST: 23:30 UTC on 4 Jun is 00:30 on 5 Jun in the UK.
    expect(ukDateTime("2026-06-04T23:30:00Z")).toBe("5 Jun 2026, 00:30");
    expect(ukDateTime(at("2026-03-29T00:59:00Z"))).toBe("29 Mar 2026, 00:59");
    expect(ukDateTime(at("2026-03-29T01:00:00Z"))).toBe("29 Mar 2026, 02:00");
  });

  it("writes event times as the screens do: the year only outside the current UK year", () => {
    const now = at("2026-11-25T12:00:00Z");
    expect(ukEventTime("2026-11-25T19:58:00Z", now)).toBe("25 Nov, 19:58");
    expect(ukEventTime("2026-06-04T23:30:00Z", now)).toBe("5 Jun, 00:30");
    expect(ukEventTime("2025-12-24T10:00:00Z", now)).toBe("24 Dec 2025, 10:00");
    expect(ukEventTime("soon", now)).toBe("");
  });

  it("writes a document's days with weekday and year", () => {
    expect(ukDocumentDay("2026-11-17")).toBe("Tue, 17 Nov 2026");
  });

  it("answers '' for what is not a date", () => {
    expect(ukDay("2026-13-45", at("2026-11-25T12:00:00Z"))).toBe("");
    expect(ukDay(null, at("2026-11-25T12:00:00Z"))).toBe("");
    expect(ukDateTime("yesterday")).toBe("");
    expect(ukDateTime(null)).toBe("");
    expect(ukDocumentDay("24/12/2026")).toBe("");
  });
});
