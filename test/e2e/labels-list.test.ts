import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { VIEWPORTS, baseURL, launchBrowser, screenshot } from "./browser";
import { d1 } from "./d1";
import { newUser, signInBrowser, type Session } from "./session";

// /labels with 50 labels: searching as one types, filtering by status, the table (desktop) and compact (phone)
// views, the URL keeping all of it (a reload is a bookmark), empty states, keyboard and axe. Screenshots at
// 1280x800 and 390x844 in test-results/screenshots.

const DESKTOP = { width: 1280, height: 800 };
const DAY = 86_400_000;
const NAMES = ["Olivia Smith", "Jack Jones", "Amelia Taylor", "Harry Brown", "Zoë Müller", "Isla O'Brien", "George Patel", "Ava Wilson", "Noah Smithson", "Mia Khan"];
const POSTCODES = ["SW1A 1AA", "M1 1AE", "LS1 4AP", "EH1 1YZ", "B1 1AA", "CF10 1AA", "BS1 4DJ", "G2 1DU", "OX18 3UQ", "NE1 4ST"];

const q = (v: unknown) => (v === null ? "NULL" : typeof v === "number" ? String(v) : `'${String(v).replace(/'/g, "''")}'`);

/**
 * 50 labels for the user, straight into the server's D1 (the search index and the status follow from the rows, as
 * through the API), one an hour back from now: delivered, in transit, out for delivery, waiting, late (needs
 * action), returned, with tags and notes on some.
 */
async function seed50(email: string) {
  const now = Date.now();
  const rows: string[] = [];
  for (let i = 0; i < 50; i++) {
    const createdAt = now - i * 3_600_000 - (i > 40 ? 9 * DAY : 0);
    const kind = i > 40 ? "late" : i % 10 === 3 ? "waiting" : i % 10 === 5 ? "out" : i % 10 === 7 ? "transit" : i === 20 ? "returned" : "delivered";
    const scanAt = kind === "late" ? now - 8 * DAY : createdAt + 2 * 3_600_000;
    const events =
      kind === "waiting"
        ? []
        : [
            ...(kind === "delivered" ? [{ dateTime: new Date(scanAt + 3_600_000).toISOString(), trackingPoint: { description: "Delivered: handed to the recipient" }, trackingStage: { trackingStageCode: "5_COURIER" } }] : []),
            ...(kind === "out" ? [{ dateTime: new Date(scanAt).toISOString(), trackingPoint: { description: "Your courier has your parcel and it's out for delivery" }, trackingStage: { trackingStageCode: "4_COURIER" } }] : []),
            { dateTime: new Date(scanAt).toISOString(), trackingPoint: { description: "It's at our local depot" }, trackingStage: { trackingStageCode: "3" } },
          ];
    const status = { waiting: null, out: "out_for_delivery", transit: "in_transit", late: "in_transit", returned: "returned", delivered: "delivered" }[kind];
    const code = `H01AB${String(4_700_000_000 + i)}${i % 10}`;
    const details = {
      courier: "evri",
      trackingCode: code,
      countryCode: "GB",
      address: { name: NAMES[i % NAMES.length], address: ["12 Long Street", "Townsville"], postcode: POSTCODES[(i * 3) % POSTCODES.length], countryCode: "GB" },
      fromAddress: { name: "Hollow Oak Ceramics", address: ["Unit 4, Mill Lane", "Stroud"], postcode: "GL5 3AB", countryCode: "GB" },
      weightInGrams: 250 + i * 40,
      dimensionsCm: [30, 20, 10],
    };
    const tracking = events.length ? { results: [{ service: { serviceType: "Standard" }, trackingEvents: events }] } : null;
    const deliveredAt = kind === "delivered" ? scanAt + 3_600_000 : null;
    // Parcels in flight with scans get the action window of a label not worked out yet (worker/deadlines/action-window.ts
    // ACTION_UNKNOWN, as migration 0024 left them): the deadlines decide them (the late ones need action).
    const inFlight = events.length > 0 && (kind === "late" || kind === "transit" || kind === "out");
    const window = inFlight ? { actionFrom: "0000-00-00", actionUntil: "9999-99-99" } : { actionFrom: null, actionUntil: null };
    const tags = i % 4 === 0 ? ["ebay"] : i % 6 === 0 ? ["etsy", "gift"] : [];
    const notes = i % 5 === 0 ? `Order 206-${7_965_700 + i} · gift wrap, leave with a neighbour if out` : "";
    rows.push(
      `(${[
        q(`lbl_e2elist_${email.length}_${i}_${now}`),
        `(SELECT id FROM users WHERE email = ${q(email)})`,
        q("evri"),
        q(code),
        q(JSON.stringify(details)),
        q(JSON.stringify(tags)),
        q(notes),
        q("manual"),
        q(new Date(createdAt).toISOString().slice(0, 10)),
        createdAt,
        kind === "waiting" ? createdAt : scanAt,
        tracking ? q(JSON.stringify(tracking)) : "NULL",
        q(status),
        events.length ? scanAt : "NULL",
        deliveredAt ?? "NULL",
        q(window.actionFrom),
        q(window.actionUntil),
      ].join(", ")})`,
    );
  }
  await d1(
    `INSERT INTO labels (id, user_id, courier, tracking_code, details_json, tags_json, notes, source, shipped_on, created_at, updated_at, tracking_json, tracking_status, last_scan_at, delivered_at, action_from, action_until) VALUES ${rows.join(", ")};
     INSERT INTO label_tags (label_id, user_id, tag) SELECT l.id, l.user_id, j.value FROM labels l, json_each(l.tags_json) j WHERE l.user_id = (SELECT id FROM users WHERE email = ${q(email)});`,
  );
}

const count = (page: Page) => page.locator(".page-header [aria-live]");
const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe("labels list: search, filters, views (50 labels)", () => {
  let browser: Browser;
  let user: Session;

  beforeAll(async () => {
    browser = await launchBrowser();
    user = await newUser("labels-list");
    await seed50(user.email);
  });
  afterAll(async () => browser?.close());

  async function context(viewport: { width: number; height: number }): Promise<BrowserContext> {
    // A UK browser (date inputs read dd/mm/yyyy).
    const ctx = await browser.newContext({ viewport, bypassCSP: true, locale: "en-GB", timezoneId: "Europe/London" });
    await signInBrowser(ctx, user);
    return ctx;
  }

  it("searches as one types and filters by status, in the URL, on cards and in the table (desktop)", async () => {
    const ctx = await context(DESKTOP);
    const page = await ctx.newPage();
    await page.goto(`${baseURL()}/labels?per_page=50`);
    await count(page).getByText("50 labels · Page 1 of 1", { exact: true }).waitFor();
    // The first render draws the first cards, then the rest over a few frames (web/features/labels/LabelsPage.tsx): at
    // load 24 beside another file, 48 were drawn after 10 s. Up to a minute; the test's own time bounds the rest.
    await expect.poll(() => page.getByRole("article").count(), { timeout: 60_000 }).toBe(50);
    await screenshot(page, "labels-cards-50-desktop");

    // Typing: one search after the pause, matching a name's start and 3+ characters anywhere, accents ignored.
    const search = page.getByRole("searchbox", { name: "Search labels" });
    await search.click();
    await page.keyboard.type("smith", { delay: 40 });
    await count(page).getByText("10 labels · Page 1 of 1", { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get("q")).toBe("smith");
    const cards = page.getByRole("article");
    for (const text of await cards.allTextContents()) expect(text).toMatch(/Smith/);
    // Of the ten, eight were delivered (one is late, one returned).
    await page.getByRole("combobox", { name: "Status" }).selectOption("delivered");
    await count(page).getByText("8 labels · Page 1 of 1", { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get("status")).toBe("delivered");
    const delivered = await cards.count();
    expect(delivered).toBe(8);
    await screenshot(page, "labels-search-filter-cards-desktop");

    // The table, with the same search and filter; the view is remembered and the URL is the bookmark.
    await page.getByRole("button", { name: "Table" }).click();
    const table = page.getByRole("table", { name: "Labels" });
    expect(await table.getByRole("row").count()).toBe(delivered + 1);
    await screenshot(page, "labels-search-filter-table-desktop");
    expect(await seriousViolations(page)).toEqual([]);
    await page.reload();
    await table.waitFor();
    expect(await search.inputValue()).toBe("smith");
    expect(await page.getByRole("combobox", { name: "Status" }).inputValue()).toBe("delivered");
    await expect.poll(() => table.getByRole("row").count(), { timeout: 60_000 }).toBe(delivered + 1);

    // Nothing matches: said so, with a way back; 'zoe' finds Zoë.
    await search.fill("zzzz");
    await page.getByText("No labels match “zzzz” with these filters.", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Clear filters" }).click();
    await count(page).getByText("50 labels · Page 1 of 1", { exact: true }).waitFor();
    await search.fill("zoe");
    await count(page).getByText("5 labels · Page 1 of 1", { exact: true }).waitFor();
    expect(await table.getByRole("row").nth(1).textContent()).toContain("Zoë Müller");
    await search.fill("");
    await count(page).getByText("50 labels · Page 1 of 1", { exact: true }).waitFor();
    await screenshot(page, "labels-table-50-desktop");

    // Keyboard: the view switch, the selection and the bulk print bar work from the table.
    await page.getByRole("checkbox", { name: "Select label H01AB47000000000" }).focus();
    await page.keyboard.press("Space");
    await page.getByRole("region", { name: "Print selected labels" }).getByText("1 label selected", { exact: true }).waitFor();

    // A row acts as its card does: Print, and Copy buyer tracking link makes the buyer's tracking page (and says so)
    // and copies its address.
    const row = table.getByRole("row", { name: "Label H01AB47000000000" });
    expect(await row.getByRole("button", { name: "Print" }).count()).toBe(1);
    // Each action on one line at 1280 px: 'Copy buyer tracking link' wrapped onto two, twice as tall as Print.
    const heights = await Promise.all(["Print", "Copy buyer tracking link"].map((name) => row.getByRole("button", { name }).evaluate((el) => el.getBoundingClientRect().height)));
    expect(heights[1]).toBeLessThan(heights[0] + 4);
    // ...and the table still fits its card: no sideways scroll hiding the actions.
    expect(await page.locator(".labels-table-wrap").evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await ctx.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL() });
    await row.getByRole("button", { name: "Copy buyer tracking link" }).click();
    await row.getByRole("button", { name: "Page made, link copied" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/t\/[A-Za-z0-9_-]{20,}$/);
    await ctx.close();
  });

  it("finds the late parcels with status 'Needs action', as the Needs action button counts them", async () => {
    const ctx = await context(DESKTOP);
    const page = await ctx.newPage();
    await page.goto(`${baseURL()}/labels?status=needs_action`);
    const button = page.getByRole("button", { name: /^Needs action/ });
    await button.waitFor();
    const badge = Number(await button.locator(".badge").textContent());
    await count(page).getByText(`${badge} labels · Page 1 of 1`, { exact: true }).waitFor();
    expect(badge).toBe(9);
    await ctx.close();
  });

  it("shows the search and filters, the filters folded, and compact rows on a phone (390x844)", async () => {
    const ctx = await context(VIEWPORTS.phone);
    const page = await ctx.newPage();
    await page.goto(`${baseURL()}/labels?per_page=50`);
    await count(page).getByText("50 labels · Page 1 of 1", { exact: true }).waitFor();
    expect(await page.getByRole("button", { name: "Table" }).count()).toBe(0);
    await screenshot(page, "labels-cards-50-phone");
    expect(await noOverflow(page)).toBeLessThanOrEqual(VIEWPORTS.phone.width);

    await page.goto(`${baseURL()}/labels?q=smith&status=delivered`);
    await count(page).getByText("8 labels · Page 1 of 1", { exact: true }).waitFor();
    const toggle = page.getByRole("button", { name: "Filters (1)" });
    const status = page.getByRole("combobox", { name: "Status" });
    expect(await status.isVisible()).toBe(false);
    await screenshot(page, "labels-search-filter-cards-phone");
    await toggle.click();
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    expect(await status.inputValue()).toBe("delivered");
    await screenshot(page, "labels-filters-open-phone");
    await toggle.click();

    await page.getByRole("button", { name: "Compact" }).click();
    const rows = page.getByRole("article");
    expect(await rows.first().getByRole("button", { name: "More details" }).count()).toBe(1);
    await screenshot(page, "labels-search-filter-compact-phone");
    await rows.first().getByRole("button", { name: "More details" }).click();
    await page.getByRole("region", { name: "Sender" }).first().waitFor();
    expect(await noOverflow(page)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`${baseURL()}/labels?per_page=50`);
    await count(page).getByText("50 labels · Page 1 of 1", { exact: true }).waitFor();
    expect(await page.getByRole("button", { name: "Compact" }).getAttribute("aria-pressed")).toBe("true");
    await screenshot(page, "labels-compact-50-phone");
    expect(await noOverflow(page)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await ctx.close();
  });

  it("says 'No labels found.' with 'Upload labels' to a user with no labels, not 'no labels match'", async () => {
    const empty = await newUser("labels-empty");
    const ctx = await browser.newContext({ viewport: VIEWPORTS.phone });
    await signInBrowser(ctx, empty);
    const page = await ctx.newPage();
    await page.goto(`${baseURL()}/labels`);
    await page.getByText("No labels found.", { exact: true }).waitFor();
    expect(await page.getByRole("link", { name: "Upload labels" }).getAttribute("href")).toBe("/upload");
    await page.goto(`${baseURL()}/labels?q=smith`);
    await page.getByText("No labels match “smith” with these filters.", { exact: true }).waitFor();
    await ctx.close();
  });
});
