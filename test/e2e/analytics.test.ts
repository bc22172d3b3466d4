import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VIEWPORTS, baseURL, launchBrowser, screenshot } from "./browser";
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

/** The value shown on one of the four cards. */
const cardValue = (page: Page, title: string) =>
  page.locator(".analytics-card", { has: page.locator(".card-title", { hasText: title }) }).locator(".analytics-card-value");

describe("analytics screen", () => {
  let browser: Browser;
  let session: Session;
  let labels: Made[];
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
  });
  afterAll(async () => browser?.close());

  it("shows the cards and chart, follows the filters, and a click on a day opens exactly its labels (desktop)", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    await signInBrowser(context, session);
    const page = await context.newPage();
    await page.goto(baseURL() + "/analytics");
    await page.getByRole("heading", { name: "Analytics" }).waitFor();

    // Defaults: the last 30 days, so the label 45 days ago is left out.
    await expect.poll(() => cardValue(page, "Total parcels").textContent(), { timeout: 15_000 }).toBe("7");
    expect(await cardValue(page, "Average weight").textContent()).toBe(`${Math.round((400 + 600 + 800 + 1200 + 300 + 500 + 2000) / 7)} g`);
    expect(await cardValue(page, "Potentially lost").textContent()).toBe("0%");
    await page.locator(".analytics-chart canvas").waitFor();
    expect(await page.getByText("click a point to open all labels for that day").count()).toBe(1);
    await screenshot(page, "analytics-desktop");

    // Filters: courier evri, then also tag ebay.
    await page.getByLabel("Courier").selectOption("evri");
    await expect.poll(() => cardValue(page, "Total parcels").textContent(), { timeout: 15_000 }).toBe("5");
    expect(await cardValue(page, "Average weight").textContent()).toBe(`${Math.round((400 + 600 + 800 + 300 + 500) / 5)} g`);
    await page.getByLabel("Tags").fill("ebay");
    await page.getByLabel("Tags").press("Enter");
    await expect.poll(() => cardValue(page, "Total parcels").textContent(), { timeout: 15_000 }).toBe("2");

    // The table view has the same numbers.
    await page.getByRole("button", { name: "Show as table" }).click();
    const rows = page.locator(".analytics-table tbody tr");
    expect(await rows.count()).toBe(30);
    const counts = await rows.locator("td:first-of-type").allTextContents();
    expect(counts.map(Number).reduce((a, b) => a + b, 0)).toBe(2);
    await page.getByRole("button", { name: "Hide table" }).click();

    // Click the chart at day A: 30 points across the plot's width, day A is the 27th.
    await page.getByLabel("Tags").fill("");
    await page.getByLabel("Tags").press("Enter");
    await expect.poll(() => cardValue(page, "Total parcels").textContent(), { timeout: 15_000 }).toBe("5");
    const over = page.locator(".analytics-chart .u-over");
    const box = (await over.boundingBox())!;
    const index = 26;
    await page.mouse.move(box.x + (box.width * index) / 29, box.y + box.height / 2);
    await page.mouse.click(box.x + (box.width * index) / 29, box.y + box.height / 2);
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
    await expect.poll(async () => (await page.locator(".label-card .tracking-code").allTextContents()).sort(), { timeout: 15_000 }).toEqual(expected.sort());
    await screenshot(page, "analytics-click-through-labels");
    await context.close();
  });

  it("is readable on a phone, with the chart fitting the screen", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    await signInBrowser(context, session);
    const page = await context.newPage();
    await page.goto(baseURL() + "/analytics");
    await expect.poll(() => cardValue(page, "Total parcels").textContent(), { timeout: 15_000 }).toBe("7");
    const canvas = page.locator(".analytics-chart canvas");
    await canvas.waitFor();
    const box = (await canvas.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    // No sideways scrolling of the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await screenshot(page, "analytics-phone");
    await context.close();
  });

  it("shows 'No data' for a range without labels", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    await signInBrowser(context, session);
    const page = await context.newPage();
    await page.goto(baseURL() + "/analytics");
    await expect.poll(() => cardValue(page, "Total parcels").textContent(), { timeout: 15_000 }).toBe("7");
    await page.getByLabel("From", { exact: true }).fill("2020-01-01");
    await page.getByLabel("To", { exact: true }).fill("2020-01-31");
    await expect.poll(() => page.getByText("No data").count(), { timeout: 15_000 }).toBe(2);
    await context.close();
  });
});
