import { render, screen } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter } from "react-router";
import { newQueryClient } from "../../web/api/queries";
import { LabelCard } from "../../web/features/labels/LabelCard";
import { EVENT_DATE, EXTRA_DATE, formatDate, LOG_TIME } from "../../web/features/labels/format";
import { apiLabel } from "./api-label";
import { TrackingEventList } from "../../web/features/labels/TrackingEvents";
import { mailDate } from "../../web/features/webmail/format";

// A browser far from the UK: every date must still be shown in UK time (Europe/London), en-GB.
beforeAll(() => {
  vi.stubEnv("TZ", "America/Los_Angeles");
});
afterAll(() => {
  vi.unstubAllEnvs();
});
afterEach(() => vi.useRealTimers());

const NOW = Date.parse("2026-11-25T12:00:00Z");

describe("dates on every screen (en-GB, UK time, whatever the browser's zone)", () => {
  it("runs in a browser zone that is not the UK's", () => {
    expect(new Date("2026-06-04T23:30:00Z").getHours()).toBe(16);
  });

  it("shows instants in UK time, summer time included, on a 24-hour clock", () => {
    expect(formatDate("2026-11-25T19:58:00Z", EVENT_DATE, NOW)).toBe("25 Nov, 19:58");
    expect(formatDate("2026-06-04T23:30:00Z", EVENT_DATE, NOW)).toBe("5 Jun, 00:30");
    expect(formatDate("2026-11-25T19:58:03Z", LOG_TIME, NOW)).toBe("25 Nov, 19:58:03");
  });

  it("names every month by its three letters, September too ('Sep', where en-GB's Intl writes 'Sept')", () => {
    const months = Array.from({ length: 12 }, (_, m) => formatDate(`2026-${String(m + 1).padStart(2, "0")}-15`, EXTRA_DATE, NOW));
    expect(months).toEqual(["15 Jan", "15 Feb", "15 Mar", "15 Apr", "15 May", "15 Jun", "15 Jul", "15 Aug", "15 Sep", "15 Oct", "15 Nov", "15 Dec"]);
    expect(formatDate("2026-09-05T10:00:00Z", EVENT_DATE, NOW)).toBe("5 Sep, 11:00");
  });

  it("writes a card's 'Last updated' in the style of the events beside it (issue 33: '28 November, 22:18' by '28 Nov, 17:28')", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
    const client = newQueryClient();
    client.setQueryData(["couriers"], []);
    const label = apiLabel({
      updatedAt: "2025-11-28T22:18:00.000Z",
      data: [
        {
          courier: "evri",
          trackingCode: "H01AB00000000011",
          countryCode: "GB",
          tracking: { results: [{ trackingEvents: [{ dateTime: "2025-11-28T17:28:00Z", trackingPoint: { description: "At the depot" } }] }] },
        },
      ],
    });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <LabelCard label={label} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByText(/^Last updated/).textContent).toBe("Last updated 28 Nov 2025, 22:18");
    expect(screen.getByText("28 Nov 2025, 17:28")).toBeTruthy();
  });

  it("writes the year of a date outside the current UK year only", () => {
    expect(formatDate("2025-12-24T10:00:00Z", EVENT_DATE, NOW)).toBe("24 Dec 2025, 10:00");
    expect(formatDate("2027-02-11", EXTRA_DATE, NOW)).toBe("11 Feb 2027");
    expect(formatDate("2026-02-11", EXTRA_DATE, NOW)).toBe("11 Feb");
    // 23:30 UTC on 31 Dec 2026 is 2026 in the UK (GMT): 1 Jan 2027 is next year's.
    expect(formatDate("2027-01-01", EXTRA_DATE, Date.parse("2026-12-31T23:30:00Z"))).toBe("1 Jan 2027");
  });

  it("takes a UK day as that day, never shifted by the browser's zone", () => {
    expect(formatDate("2026-12-24", EXTRA_DATE, NOW)).toBe("24 Dec");
    expect(formatDate("2026-03-29", EXTRA_DATE, NOW)).toBe("29 Mar");
  });

  it("answers '' for what is not a date", () => {
    expect(formatDate("", EVENT_DATE)).toBe("");
    expect(formatDate(null, EXTRA_DATE)).toBe("");
    expect(formatDate("yesterday", EVENT_DATE)).toBe("");
    expect(formatDate("2026-02-30", EXTRA_DATE)).toBe("");
  });

  it("shows tracking events and webmail dates the same way", () => {
    render(<TrackingEventList events={[{ dateTime: "2025-06-04T23:30:00Z", trackingPoint: { description: "Delivered" } }]} />);
    expect(screen.getByText("5 Jun 2025, 00:30")).toBeTruthy();
    expect(mailDate({ date: null, last_modified: "2025-01-02T08:05:00Z" })).toBe("2 Jan 2025, 08:05");
  });
});
