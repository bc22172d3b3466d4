import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { newQueryClient } from "../../web/api/queries";
import { tokens } from "../../web/api/tokens";
import { chartLegend, dailyLegend, xTickIndexes, yTicks } from "../../web/features/analytics/chart-scales";
import { addDays, defaultFilters, labelsHrefForDay, ukToday } from "../../web/features/analytics/filters";

// The auth state is the stored access token (the real provider also fetches /user, not needed here).
vi.mock("../../web/app/auth", () => ({ useAuth: () => ({ accessToken: tokens.access() }) }));
// happy-dom has no canvas: stand in for the uPlot chart with one button per point, calling onPick
// like a click on that point does. The real chart is driven in Chromium (test/e2e/analytics.test.ts).
vi.mock("../../web/features/analytics/DailyChart", () => ({
  default: ({ points, onPick, label }: { points: { ts: string }[]; onPick: (d: string) => void; label: string }) => (
    <div role="img" aria-label={label}>
      {points.map((p) => (
        <button key={p.ts} type="button" data-testid={`point-${p.ts}`} onClick={() => onPick(p.ts)} />
      ))}
    </div>
  ),
}));

const { default: AnalyticsPage } = await import("../../web/features/analytics/AnalyticsPage");

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const SUMMARY = {
  totals: { rows: 1234 },
  weightStats: { avg: 456.6 },
  lostMix: [
    { lost: true, count: 123 },
    { lost: false, count: 1111 },
  ],
  nextDayMixEvri: [
    { isNextDay: true, count: 200 },
    { isNextDay: false, count: 600 },
  ],
};
const EMPTY_SUMMARY = {
  totals: { rows: 0 },
  weightStats: { avg: null },
  lostMix: [
    { lost: true, count: 0 },
    { lost: false, count: 0 },
  ],
  nextDayMixEvri: [
    { isNextDay: true, count: 0 },
    { isNextDay: false, count: 0 },
  ],
};
const seriesFor = (url: URL, value = (i: number) => i % 3) => {
  const points = [];
  for (let d = url.searchParams.get("from")!, i = 0; d <= url.searchParams.get("to")!; d = addDays(d, 1), i++) {
    points.push({ ts: d, value: value(i) });
  }
  return { points };
};

/** The couriers call's answer: the two couriers and one that only the API knows. */
const COURIERS = [
  ["evri", "Evri"],
  ["royalmail", "Royal Mail"],
  ["parcelfox", "Parcel Fox"],
].map(([id, displayName]) => ({
  id,
  label: id,
  displayName,
  trackingPlaceholder: "",
  noEvents: { card: "", detail: "" },
  printing: { supported: true },
  sendParcel: null,
  required: {},
  optional: {},
  fieldLabels: {},
}));

const zeros = [0, 0, 0, 0, 0, 0];
const NO_DELIVERIES = {
  totals: { labels: 0, delivered: 0, onTime: 0, lost: 0, claimed: 0 },
  onTimeRate: null,
  firstScan: { scanned: 0, medianDays: null, days: zeros },
  transit: { medianDays: null, days: zeros },
  couriers: [],
  services: [],
};

type Responder = (url: URL) => Response | Promise<Response>;
let calls: URL[] = [];
function serve(summary: Responder, series: Responder) {
  calls = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = new URL(String(input), "http://localhost");
    calls.push(url);
    if (url.pathname.endsWith("/summary")) return summary(url);
    if (url.pathname.endsWith("/timeseries")) return series(url);
    if (url.pathname === "/api/v1/couriers") return json(200, COURIERS);
    // The delivery performance has its own tests (analytics-delivery.test.tsx): here it has no labels.
    if (url.pathname.endsWith("/delivery")) return json(200, NO_DELIVERIES);
    // So are the buyers' figures.
    if (url.pathname.endsWith("/buyers")) return json(200, { pageViews: 0, pagesOpened: 0, pagesShared: 0, mailsSent: 0 });
    return json(404, { error: "Not found" });
  });
}
const summaryCalls = () => calls.filter((u) => u.pathname === "/api/v1/labels/analytics/summary");
const seriesCalls = () => calls.filter((u) => u.pathname === "/api/v1/labels/analytics/timeseries");

function LabelsProbe() {
  const location = useLocation();
  return <p data-testid="labels-location">{location.pathname + location.search}</p>;
}
function renderPage() {
  const router = createMemoryRouter(
    [
      { path: "/analytics", element: <AnalyticsPage /> },
      { path: "/labels", element: <LabelsProbe /> },
    ],
    { initialEntries: ["/analytics"] },
  );
  return render(
    <QueryClientProvider client={newQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => tokens.set("acc", "ref"));
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("the analytics screen", () => {
  it("loads the last 30 UK days with every filter at Any/All, and shows the four cards", async () => {
    serve(() => json(200, SUMMARY), (u) => json(200, seriesFor(u)));
    renderPage();
    expect(screen.getAllByText("Loading…").length).toBeGreaterThan(0);
    await screen.findByText("1,234");

    const today = ukToday();
    for (const u of [summaryCalls()[0], seriesCalls()[0]]) {
      expect(u.searchParams.get("from")).toBe(addDays(today, -29));
      expect(u.searchParams.get("to")).toBe(today);
      expect(u.searchParams.get("time_on")).toBe("shipping_label_created");
      for (const unset of ["courier", "lost", "next_day", "tags"]) expect(u.searchParams.has(unset)).toBe(false);
    }
    expect(seriesCalls()[0].searchParams.get("bucket")).toBe("day");
    expect(seriesCalls()[0].searchParams.get("metric")).toBe("count");

    expect((screen.getByLabelText("From") as HTMLInputElement).value).toBe(addDays(today, -29));
    expect((screen.getByLabelText("To") as HTMLInputElement).value).toBe(today);
    expect((screen.getByLabelText("Courier") as HTMLSelectElement).selectedOptions[0].textContent).toBe("All");
    await waitFor(() =>
      expect([...(screen.getByLabelText("Courier") as HTMLSelectElement).options].map((o) => [o.value, o.textContent])).toEqual([
        ["", "All"],
        ["evri", "Evri"],
        ["royalmail", "Royal Mail"],
        ["parcelfox", "Parcel Fox"],
      ]),
    );
    expect((screen.getByLabelText("Potentially lost") as HTMLSelectElement).selectedOptions[0].textContent).toBe("Any");
    expect((screen.getByLabelText("Next-day (Evri)") as HTMLSelectElement).selectedOptions[0].textContent).toBe("Any");

    const card = (title: string) => screen.getByText(title, { selector: ".card-title" }).parentElement!;
    expect(card("Total parcels").textContent).toContain("1,234");
    expect(card("Average weight").textContent).toContain("457 g");
    expect(card("Next-day share").textContent).toContain("25%");
    expect(card("Potentially lost").textContent).toContain("10%");
    expect(await screen.findByRole("img", { name: /Daily shipments from/ })).toBeTruthy();
    expect(screen.getByText(/click a point to open all labels for that day/)).toBeTruthy();
  });

  it("loads nothing without an access token", async () => {
    tokens.clear();
    serve(() => json(200, SUMMARY), (u) => json(200, seriesFor(u)));
    renderPage();
    // The courier filter's choices come from the couriers call: once they show, the page has made its calls.
    await screen.findByRole("option", { name: "Parcel Fox" });
    // Only the public couriers call, for the filter's choices.
    expect(calls.map((u) => u.pathname)).toEqual(["/api/v1/couriers"]);
    expect(screen.queryByText("Loading…")).toBeNull();
  });

  it("shows 'Failed to load summary' while the time series still loads on its own", async () => {
    serve(() => json(500, { error: "boom" }), (u) => json(200, seriesFor(u)));
    renderPage();
    expect((await screen.findByRole("alert")).textContent).toContain("Failed to load summary");
    expect(await screen.findByRole("img", { name: /Daily shipments from/ })).toBeTruthy();
    expect(screen.queryByText("Failed to load time series")).toBeNull();
  });

  it("shows 'Failed to load time series' while the cards still show", async () => {
    serve(() => json(200, SUMMARY), () => json(400, { error: "to: the range can be at most 366 days" }));
    renderPage();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to load time series");
    expect(alert.textContent).toContain("at most 366 days");
    expect(await screen.findByText("1,234")).toBeTruthy();
  });

  it("shows 'No data' when there are no labels in the range", async () => {
    serve(() => json(200, EMPTY_SUMMARY), (u) => json(200, seriesFor(u, () => 0)));
    renderPage();
    // The summary, the daily chart and the delivery performance.
    await waitFor(() => expect(screen.getAllByText("No data")).toHaveLength(3));
    expect(screen.queryByRole("img")).toBeNull();
  });

  it("reloads both calls when a filter changes, tags after a pause in typing", async () => {
    serve(() => json(200, SUMMARY), (u) => json(200, seriesFor(u)));
    renderPage();
    await screen.findByText("1,234");
    fireEvent.change(screen.getByLabelText("Courier"), { target: { value: "evri" } });
    fireEvent.change(screen.getByLabelText("Potentially lost"), { target: { value: "0" } });
    fireEvent.change(screen.getByLabelText("Next-day (Evri)"), { target: { value: "1" } });
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-03-01" } });
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2026-03-31" } });
    fireEvent.change(screen.getByLabelText("Tags"), { target: { value: " ebay , ,gift " } });
    await waitFor(() => expect(summaryCalls().at(-1)!.searchParams.get("tags")).toBe("ebay,gift"));
    for (const u of [summaryCalls().at(-1)!, seriesCalls().at(-1)!]) {
      expect(Object.fromEntries(u.searchParams)).toMatchObject({
        from: "2026-03-01",
        to: "2026-03-31",
        courier: "evri",
        lost: "0",
        next_day: "1",
        tags: "ebay,gift",
        time_on: "shipping_label_created",
      });
    }
  });

  it("opens /labels with every current filter and from = to = the clicked day", async () => {
    serve(() => json(200, SUMMARY), (u) => json(200, seriesFor(u)));
    renderPage();
    await screen.findByText("1,234");
    fireEvent.change(screen.getByLabelText("Courier"), { target: { value: "royalmail" } });
    fireEvent.change(screen.getByLabelText("Potentially lost"), { target: { value: "1" } });
    fireEvent.change(screen.getByLabelText("Tags"), { target: { value: "ebay" } });
    fireEvent.blur(screen.getByLabelText("Tags"));
    const day = addDays(ukToday(), -3);
    await waitFor(() => expect(seriesCalls().at(-1)!.searchParams.get("tags")).toBe("ebay"));
    fireEvent.click(await screen.findByTestId(`point-${day}`));
    const target = new URL(screen.getByTestId("labels-location").textContent!, "http://x");
    expect(target.pathname).toBe("/labels");
    expect(Object.fromEntries(target.searchParams)).toEqual({
      from: day,
      to: day,
      courier: "royalmail",
      lost: "1",
      tags: "ebay",
      time_on: "shipping_label_created",
    });
  });

  it("shows the same numbers as a table on request, each day linking to its labels", async () => {
    serve(() => json(200, SUMMARY), (u) => json(200, seriesFor(u, (i) => i)));
    renderPage();
    const toggle = await screen.findByRole("button", { name: "Show as table" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows).toHaveLength(30);
    expect(rows[29].textContent).toContain("29");
    const link = rows[29].querySelector("a")!;
    expect(link.getAttribute("href")).toBe(labelsHrefForDay(defaultFilters(), ukToday()));
    fireEvent.click(screen.getByRole("button", { name: "Hide table" }));
    expect(screen.queryByRole("table")).toBeNull();
  });
});

describe("the chart's ticks", () => {
  it("has about 6 x ticks and 5 y ticks from 0", () => {
    for (const n of [1, 5, 30, 90, 366]) {
      const ticks = xTickIndexes(n);
      expect(ticks.length).toBeLessThanOrEqual(6);
      expect(ticks.length).toBe(Math.min(n, 6));
      expect(ticks.at(-1)).toBe(n - 1);
      expect(ticks[0]).toBe(0);
      expect(ticks.every((t) => t < n)).toBe(true);
    }
    for (const max of [0, 1, 3, 7, 42, 999, 12345]) {
      const ticks = yTicks(max);
      expect(ticks).toHaveLength(5);
      expect(ticks[0]).toBe(0);
      expect(ticks[4]).toBeGreaterThanOrEqual(max);
      expect(Number.isInteger(ticks[1])).toBe(true);
    }
  });
});

describe("the charts' legends", () => {
  it("say what the daily chart shows before any hover (issue 33: 'Day: – Labels: --'), and the day under the cursor", () => {
    const legend = dailyLegend([
      { ts: "2026-03-01", value: 4 },
      { ts: "2026-03-02", value: 0 },
      { ts: "2026-03-29", value: 1200 },
    ]);
    expect([legend.x(null), legend.y(null)]).toEqual(["1 Mar – 29 Mar", "1,204 in all"]);
    expect([legend.x(2), legend.y(2)]).toEqual(["Sun, 29 Mar 2026", "1,200"]);
    expect([legend.x(1), legend.y(1)]).toEqual(["Mon, 2 Mar 2026", "0"]);
    for (const text of [legend.x(null), legend.y(null), legend.x(undefined), legend.y(-1)]) expect(text).not.toMatch(/^(–|--)?$/);
  });

  it("say the transit chart's whole range and total before any hover", () => {
    const legend = chartLegend(["0 days", "1 day", "5+ days"], [3, 5, 1], "0 days to 5+ days");
    expect([legend.x(null), legend.y(null)]).toEqual(["0 days to 5+ days", "9 in all"]);
    expect([legend.x(1), legend.y(1)]).toEqual(["1 day", "5"]);
  });
});
