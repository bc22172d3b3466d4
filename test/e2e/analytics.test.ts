import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AT_LOAD_MS, VIEWPORTS, baseURL, downloadedBytes, launchBrowser, screenshot } from "./browser";
import { d1 } from "./d1";
import { grantCredits, newUser, signInBrowser, type Session } from "./session";

// Labels are made through the real manual-create call, by a user who signed up through the API.

const ukToday = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" }).format(
    Date.now(),
  );
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** UPU S10 check digit (weights 8 6 4 2 3 5 9 7), as Royal Mail codes carry. */
function s10CheckDigit(serial8: string): number {
  const sum = [8, 6, 4, 2, 3, 5, 9, 7].reduce((acc, w, i) => acc + w * Number(serial8[i]), 0);
  const c = 11 - (sum % 11);
  return c === 10 ? 0 : c === 11 ? 5 : c;
}

let serial = Math.floor(Math.random() * 1e6);
/** A legacy 16-digit Hermes code (valid for Evri) or a Royal Mail S10 code with its check digit. */
function trackingCode(courier: "evri" | "royalmail"): string {
  serial++;
  if (courier === "evri") return String(Date.now() % 1e9).padStart(9, "0") + String(serial).padStart(7, "0");
  const s8 = String((serial * 7919) % 1e8).padStart(8, "0");
  return `AB${s8}${s10CheckDigit(s8)}GB`;
}

interface Made {
  code: string;
  courier: "evri" | "royalmail";
  day: string;
  tags: string[];
}

async function makeLabel(session: Session, courier: "evri" | "royalmail", day: string, weight: number, tags: string[]): Promise<Made> {
  const code = trackingCode(courier);
  const res = await fetch(baseURL() + "/api/v1/label/manual", {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${session.access_token}` },
    body: JSON.stringify({
      courier,
      trackingCode: code,
      fields: { shippedAt: `${day}T12:00:00.000Z`, weightInGrams: weight, recipientPostcode: "SW1A 1AA" },
      tags,
    }),
  });
  if (!res.ok) throw new Error(`manual label: ${res.status} ${await res.text()}`);
  return { code, courier, day, tags };
}

/**
 * Delivery facts as the tracking save keeps them (there is no carrier network here): service, working days
 * to the first scan and in transit, on time, and the user's 'claimed' mark. null: not scanned / not delivered.
 */
const FACTS: [service: string, scanDays: number | null, transitDays: number | null, onTime: number | null, claimed: boolean][] = [
  ["Next Day", 0, 1, 1, false], // evri, day A
  ["Standard", 1, 5, 0, false], // evri, day A: late
  ["Standard", null, null, null, false], // evri, day A: not scanned yet
  ["Tracked 48", 1, 2, 1, false], // royalmail, day A
  ["Next Day", 0, 1, 1, false], // evri, day B
  ["Standard", 2, null, null, false], // evri, day B: in transit
  ["Tracked 48", null, null, null, true], // royalmail, day B: claimed
];

/** The value shown on one of the four cards. */
const cardValue = (page: Page, title: string) =>
  page.locator(".analytics-card", { has: page.locator(".card-title", { hasText: title }) }).locator(".analytics-card-value");

describe("analytics screen", () => {
  let browser: Browser;
  let session: Session;
  let labels: Made[];
  /**
   * The user's one page for the file: a context and a page opened cost more than a screen loaded in one (1-1.6 CPU-s
   * against 0.4-0.6).
   */
  let page: Page;
  const today = ukToday();
  const dayA = addDays(today, -3);
  const dayB = addDays(today, -10);

  beforeAll(async () => {
    browser = await launchBrowser();
    session = await newUser("analytics");
    await grantCredits(session.email, 20);
    labels = [];
    for (const [courier, day, weight, tags] of [
      ["evri", dayA, 400, ["ebay"]],
      ["evri", dayA, 600, ["ebay", "gift"]],
      ["evri", dayA, 800, []],
      ["royalmail", dayA, 1200, ["ebay"]],
      ["evri", dayB, 300, ["gift"]],
      ["evri", dayB, 500, []],
      ["royalmail", dayB, 2000, ["gift"]],
      ["evri", addDays(today, -45), 999, ["ebay"]],
    ] as const) {
      labels.push(await makeLabel(session, courier, day, weight, [...tags]));
    }
    const n = (v: number | null) => (v === null ? "NULL" : String(v));
    await d1(
      FACTS.map(
        ([service, scan, transit, onTime, claimed], i) =>
          `UPDATE labels SET delivery_service = '${service}', scan_days = ${n(scan)}, transit_days = ${n(transit)}, on_time = ${n(onTime)}, outcome = ${claimed ? "'claimed'" : "NULL"} WHERE tracking_code = '${labels[i].code}';`,
      ).join(" "),
    );
    const context = await browser.newContext({ acceptDownloads: true });
    await signInBrowser(context, session);
    page = await context.newPage();
  });
  afterAll(async () => browser?.close());

  /** The file's page, signed in, at `viewport`'s size, on /analytics loaded afresh (the filters live in the screen). */
  async function analyticsAt(viewport: { width: number; height: number }) {
    await page.setViewportSize(viewport);
    await page.goto(baseURL() + "/analytics");
  }

  it("shows the cards and chart, follows the filters, and a click on a day opens exactly its labels (desktop)", async () => {
    await analyticsAt(VIEWPORTS.desktop);
    await page.getByRole("heading", { name: "Analytics" }).waitFor();

    // Defaults: the last 30 days, so the label 45 days ago is left out.
    await expect.poll(() => cardValue(page, "Total parcels").textContent(), { timeout: AT_LOAD_MS }).toBe("7");
    expect(await cardValue(page, "Average weight").textContent()).toBe(`${Math.round((400 + 600 + 800 + 1200 + 300 + 500 + 2000) / 7)} g`);
    expect(await cardValue(page, "Potentially lost").textContent()).toBe("0%");
    await page.locator(".analytics-chart canvas").waitFor();
    expect(await page.getByText("click a point to open all labels for that day").count()).toBe(1);
    await screenshot(page, "analytics-desktop");

    // Filters: courier evri, then also tag ebay.
    await page.getByLabel("Courier").selectOption("evri");
    await expect.poll(() => cardValue(page, "Total parcels").textContent(), { timeout: AT_LOAD_MS }).toBe("5");
    expect(await cardValue(page, "Average weight").textContent()).toBe(`${Math.round((400 + 600 + 800 + 300 + 500) / 5)} g`);
    await page.getByLabel("Tags").fill("ebay");
    await page.getByLabel("Tags").press("Enter");
    await expect.poll(() => cardValue(page, "Total parcels").textContent(), { timeout: AT_LOAD_MS }).toBe("2");

    // The table view has the same numbers.
    await page.locator(".analytics-series").getByRole("button", { name: "Show as table" }).click();
    const rows = page.locator(".analytics-table tbody tr");
    expect(await rows.count()).toBe(30);
    const counts = await rows.locator("td:first-of-type").allTextContents();
    expect(counts.map(Number).reduce((a, b) => a + b, 0)).toBe(2);
    await page.locator(".analytics-series").getByRole("button", { name: "Hide table" }).click();

    // Click the chart at day A: 30 points across the plot's width, day A is the 27th.
    await page.getByLabel("Tags").fill("");
    await page.getByLabel("Tags").press("Enter");
    await expect.poll(() => cardValue(page, "Total parcels").textContent(), { timeout: AT_LOAD_MS }).toBe("5");
    const over = page.locator(".analytics-chart .u-over");
    const box = (await over.boundingBox())!;
    const index = 26;
    // (Through the locator, at a point of its own: the click waits for the chart to stand still, as the bars' below.)
    const at = { x: (box.width * index) / 29, y: box.height / 2 };
    await over.hover({ position: at });
    await over.click({ position: at });
    await page.waitForURL(/\/labels\?/);
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({
      from: dayA,
      to: dayA,
      courier: "evri",
      time_on: "shipping_label_created",
    });
    // The labels list shows exactly that day's Evri labels.
    const expected = labels.filter((l) => l.day === dayA && l.courier === "evri").map((l) => l.code);
    await page.locator(".label-card").first().waitFor();
    await expect.poll(async () => (await page.locator(".label-card .tracking-code").allTextContents()).sort(), { timeout: AT_LOAD_MS }).toEqual(expected.sort());
    await screenshot(page, "analytics-click-through-labels");
  });

  it("shows the delivery performance in working days, its bars open a courier's labels, and the CSV downloads", async () => {
    await analyticsAt(VIEWPORTS.desktop);
    const delivery = page.getByRole("region", { name: "Delivery performance" });
    const value = (title: string) => delivery.locator(".analytics-card", { has: page.locator(".card-title", { hasText: title }) }).locator(".analytics-card-value");
    // 4 delivered, 3 on time; first scans after 0, 1, 1, 0, 2 days; transit 1, 5, 2, 1 days; 1 claimed.
    await expect.poll(() => value("On time").textContent(), { timeout: AT_LOAD_MS }).toBe("75%");
    expect(await value("Days to first scan").textContent()).toBe("1 day");
    expect(await value("Days in transit").textContent()).toBe("1.5 days");
    expect(await value("Lost / claimed").textContent()).toBe("0 / 1");
    await delivery.locator(".transit-chart canvas").nth(1).waitFor();
    expect(await delivery.getByRole("img", { name: /^Evri, 3 delivered, 66.7% on time\. Working days in transit: 0 days: 0, 1 day: 2, 2 days: 0, 3 days: 0, 4 days: 0, 5\+ days: 1\.$/ }).count()).toBe(1);
    expect(await delivery.getByRole("img", { name: /^Royal Mail, 1 delivered, 100% on time/ }).count()).toBe(1);
    await screenshot(page, "analytics-delivery-desktop");

    // The table per courier and service.
    await delivery.getByRole("button", { name: "Show as table" }).click();
    const rows = delivery.locator(".delivery-table tbody tr");
    expect(await rows.locator("th").allTextContents()).toEqual(["Evri · Next Day", "Evri · Standard", "Royal Mail · Tracked 48"]);
    expect(await rows.nth(1).locator("td").allTextContents()).toEqual(["1", "0%", "5 days", "0", "0", "0", "0", "0", "1", "Open"]);

    // The CSV of the labels behind the view: every label of the last 30 days, one row each.
    const [download] = await Promise.all([page.waitForEvent("download"), delivery.getByRole("button", { name: "Download CSV" }).click()]);
    const csv = (await downloadedBytes(download)).toString("utf8");
    const inRange = labels.filter((l) => l.day >= addDays(today, -29));
    expect(csv.trim().split(/\r?\n/).length).toBe(1 + inRange.length);
    for (const l of inRange) expect(csv).toContain(l.code);

    // A click on Royal Mail's bars opens its labels under the same filters.
    // (A locator's click waits for the chart to stand still and scrolls it into view: a click at a box measured before
    // the page settled missed the chart once, at load 12 (rehearsal ci-81), and nothing opened.)
    await delivery.locator(".transit-chart .u-over").nth(1).click();
    await page.waitForURL(/\/labels\?/);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
      from: addDays(today, -29),
      to: today,
      time_on: "shipping_label_created",
      courier: "royalmail",
    });
  });

  it("is readable on a phone, with the chart fitting the screen", async () => {
    await analyticsAt(VIEWPORTS.phone);
    await expect.poll(() => cardValue(page, "Total parcels").textContent(), { timeout: AT_LOAD_MS }).toBe("7");
    const canvas = page.locator(".analytics-chart canvas");
    await canvas.waitFor();
    const box = (await canvas.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    // No sideways scrolling of the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await screenshot(page, "analytics-phone");
    // The delivery performance fits too: its charts inside the screen.
    const transit = page.locator(".transit-chart canvas");
    await transit.nth(1).waitFor();
    for (const b of [await transit.nth(0).boundingBox(), await transit.nth(1).boundingBox()]) expect(b!.x + b!.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await page.getByRole("region", { name: "Delivery performance" }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await screenshot(page, "analytics-delivery-phone");
  });

  it("shows 'No data' for a range without labels", async () => {
    await analyticsAt(VIEWPORTS.desktop);
    await expect.poll(() => cardValue(page, "Total parcels").textContent(), { timeout: AT_LOAD_MS }).toBe("7");
    await page.getByLabel("From", { exact: true }).fill("2020-01-01");
    await page.getByLabel("To", { exact: true }).fill("2020-01-31");
    // The summary, the daily chart and the delivery performance.
    await expect.poll(() => page.getByText("No data").count(), { timeout: AT_LOAD_MS }).toBe(3);
  });
});
