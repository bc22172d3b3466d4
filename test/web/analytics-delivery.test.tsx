import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { newQueryClient } from "../../web/api/queries";
import { tokens } from "../../web/api/tokens";
import { addDays, ukToday } from "../../web/features/analytics/filters";

vi.mock("../../web/app/auth", () => ({ useAuth: () => ({ accessToken: tokens.access() }) }));
// happy-dom has no canvas: the charts stand in as one button calling onPick, as a click on the bars does.
// The real charts are drawn in Chromium (test/e2e/analytics.test.ts).
vi.mock("../../web/features/analytics/DailyChart", () => ({ default: () => <div /> }));
vi.mock("../../web/features/analytics/TransitChart", () => ({
  default: ({ label, onPick }: { label: string; onPick: () => void }) => (
    <button type="button" aria-label={label} onClick={onPick}>
      bars
    </button>
  ),
}));

const { default: AnalyticsPage } = await import("../../web/features/analytics/AnalyticsPage");

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const group = (courier: string, service: string | null, delivered: number, onTime: number, transitDays: number[], median: number | null) => ({
  courier,
  service,
  labels: delivered + 5,
  delivered,
  onTime,
  onTimeRate: delivered ? onTime / delivered : null,
  medianTransitDays: median,
  transitDays,
});
const DELIVERY = {
  totals: { labels: 1310, delivered: 1200, onTime: 1038, lost: 17, claimed: 4 },
  onTimeRate: 1038 / 1200,
  firstScan: { scanned: 1250, medianDays: 1, days: [400, 600, 200, 30, 10, 10] },
  transit: { medianDays: 1.5, days: [10, 590, 400, 150, 40, 10] },
  couriers: [group("evri", null, 800, 700, [10, 400, 250, 100, 30, 10], 1), group("royalmail", null, 400, 338, [0, 190, 150, 50, 10, 0], 2)],
  services: [group("evri", "Next Day", 500, 460, [10, 300, 150, 30, 10, 0], 1), group("evri", null, 300, 240, [0, 100, 100, 70, 20, 10], 2), group("royalmail", "Tracked 48", 400, 338, [0, 190, 150, 50, 10, 0], 2)],
};
const SUMMARY = { totals: { rows: 1310 }, weightStats: { avg: 500 }, lostMix: [], nextDayMixEvri: [] };
const COURIERS = [
  { id: "evri", label: "evri", displayName: "Evri" },
  { id: "royalmail", label: "royalmail", displayName: "Royal Mail" },
];

let calls: URL[] = [];
const BUYERS = { pageViews: 1234, pagesOpened: 310, pagesShared: 402, mailsSent: 988 };
function serve(delivery: () => Response, buyers: () => Response = () => json(200, BUYERS)) {
  calls = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = new URL(String(input), "http://localhost");
    calls.push(url);
    if (url.pathname.endsWith("/delivery")) return delivery();
    if (url.pathname.endsWith("/buyers")) return buyers();
    if (url.pathname.endsWith("/summary")) return json(200, SUMMARY);
    if (url.pathname.endsWith("/timeseries")) return json(200, { points: [] });
    if (url.pathname === "/api/v1/couriers") return json(200, COURIERS);
    return json(404, { error: "Not found" });
  });
}

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
  render(
    <QueryClientProvider client={newQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}
const section = () => screen.getByRole("region", { name: "Delivery performance" });
const card = (title: string) => within(section()).getByText(title, { selector: ".card-title" }).parentElement!;

beforeEach(() => tokens.set("acc", "ref"));
afterEach(() => vi.restoreAllMocks());

describe("the delivery performance on /analytics", () => {
  it("asks with the page's filters and shows the four cards", async () => {
    serve(() => json(200, DELIVERY));
    renderPage();
    await within(section()).findByText("86.5%");
    const call = calls.find((u) => u.pathname === "/api/v1/labels/analytics/delivery")!;
    expect(call.searchParams.get("from")).toBe(addDays(ukToday(), -29));
    expect(call.searchParams.get("to")).toBe(ukToday());
    expect(card("On time").textContent).toContain("1,038 of 1,200 delivered");
    expect(card("Days to first scan").textContent).toContain("1 day");
    expect(card("Days to first scan").textContent).toContain("1,250 scanned");
    expect(card("Days in transit").textContent).toContain("1.5 days");
    expect(card("Lost / claimed").textContent).toContain("17 / 4");
    // One chart per courier, described for screen readers.
    expect(await screen.findByRole("button", { name: /^Evri, 800 delivered, 87.5% on time\. Working days in transit: 0 days: 10, 1 day: 400/ })).toBeTruthy();
    expect(screen.getByRole("button", { name: /^Royal Mail, 400 delivered/ })).toBeTruthy();
  });

  it("opens /labels with the filters from a card, lost=1 from the lost card, and the courier from its bars", async () => {
    serve(() => json(200, DELIVERY));
    renderPage();
    fireEvent.click(await screen.findByRole("link", { name: "Open labels: Lost / claimed" }));
    const to = ukToday();
    const from = addDays(to, -29);
    expect(screen.getByTestId("labels-location").textContent).toBe(`/labels?from=${from}&to=${to}&time_on=shipping_label_created&lost=1`);
  });

  it("opens a courier's labels from its bars", async () => {
    serve(() => json(200, DELIVERY));
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: /^Royal Mail, 400 delivered/ }));
    expect(screen.getByTestId("labels-location").textContent).toContain("&courier=royalmail");
  });

  it("shows the distribution per courier and service as a table on request", async () => {
    serve(() => json(200, DELIVERY));
    renderPage();
    const toggle = await screen.findByRole("button", { name: "Show as table" });
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    const rows = within(screen.getByRole("table", { name: "Transit time by courier" })).getAllByRole("row");
    expect(rows.map((r) => [...r.querySelectorAll("th,td")].map((c) => c.textContent))).toEqual([
      ["Service", "Delivered", "On time", "Median", "0 days", "1 day", "2 days", "3 days", "4 days", "5+ days", "Open"],
      ["Evri · Next Day", "500", "92%", "1 day", "10", "300", "150", "30", "10", "0", "Open"],
      ["Evri · Service not known", "300", "80%", "2 days", "0", "100", "100", "70", "20", "10", "Open"],
      ["Royal Mail · Tracked 48", "400", "84.5%", "2 days", "0", "190", "150", "50", "10", "0", "Open"],
    ]);
  });

  it("says when nothing was delivered yet, and when there are no labels", async () => {
    serve(() => json(200, { ...DELIVERY, totals: { ...DELIVERY.totals, delivered: 0, onTime: 0 }, onTimeRate: null, couriers: [], services: [] }));
    renderPage();
    expect(await within(section()).findByText("No delivered parcels in this view yet.")).toBeTruthy();
    expect(card("On time").textContent).toContain("–");
  });

  it("shows its own error while the rest of the page loads", async () => {
    serve(() => json(500, { error: "Internal error" }));
    renderPage();
    expect(await within(section()).findByText("Failed to load delivery performance")).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText("1,310").length).toBeGreaterThan(0));
  });

  it("offers the labels behind the view as CSV", async () => {
    serve(() => json(200, DELIVERY));
    renderPage();
    expect(await within(section()).findByRole("button", { name: "Download CSV" })).toBeTruthy();
  });
});

describe("the buyers' figures on /analytics", () => {
  const buyers = () => screen.getByRole("region", { name: "Your buyers" });
  const buyerCard = (title: string) => within(buyers()).getByText(title, { selector: ".card-title" }).parentElement!;

  it("asks with the page's filters and shows page views and mails sent", async () => {
    serve(() => json(200, DELIVERY));
    renderPage();
    await within(await screen.findByRole("region", { name: "Your buyers" })).findByText("1,234");
    const call = calls.find((u) => u.pathname === "/api/v1/labels/analytics/buyers")!;
    expect(call.searchParams.get("from")).toBe(addDays(ukToday(), -29));
    expect(call.searchParams.get("time_on")).toBe("shipping_label_created");
    expect(buyerCard("Tracking page views").textContent).toContain("310 pages opened; 402 shared");
    expect(buyerCard("Buyer mails sent").textContent).toContain("988");
  });

  it("says how to start when no page was shared and no mail sent in the view", async () => {
    serve(
      () => json(200, DELIVERY),
      () => json(200, { pageViews: 0, pagesOpened: 0, pagesShared: 0, mailsSent: 0 }),
    );
    renderPage();
    const empty = await within(await screen.findByRole("region", { name: "Your buyers" })).findByText(/'Copy buyer tracking link' on a label shares its page/);
    expect(empty.getAttribute("role")).toBe("status");
    expect(within(buyers()).queryByText("Tracking page views")).toBeNull();
  });

  it("says when they could not be loaded, while the rest of the page shows", async () => {
    serve(
      () => json(200, DELIVERY),
      () => json(500, { error: "boom" }),
    );
    renderPage();
    expect((await within(await screen.findByRole("region", { name: "Your buyers" })).findByRole("alert")).textContent).toContain("Failed to load the buyers' figures");
    expect(await within(section()).findByText("86.5%")).toBeTruthy();
  });
});
