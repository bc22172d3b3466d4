import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { d1 } from "./d1";
import { VIEWPORTS, baseURL, launchBrowser, screenshot } from "./browser";
import { grantCredits, newUser, signInBrowser, type Session } from "./session";

// Tracking in the browser (issue 5): a label's tracking events on the list card (latest only until
// 'Show all updates') and on the detail (newest first, scrolling), the potentially-lost banner, the
// per-courier 'no events' texts, and the Refresh tracking button's states.
//
// There is no network to Evri here, so the labels get their tracking state the way the product
// stores it: the tracking and lost columns of `labels` in this run's own local D1 (the same SQL shape
// as scripts/seed-demo.mjs). Evri is not configured in e2e, so a refresh answers the clear 409.

const LOST = "H01TRK0000000013"; // Evri, 14 events, flagged as potentially lost
const QUIET = "H01TRK0000000025"; // Evri, no events yet
const ROYAL = "SG577041359GB"; // Royal Mail: tracking not available
// The browser runs in New York with a US locale: the screens still show en-GB dates in UK time.
const BROWSER_TZ = "America/New_York";
const HOUR = 3_600_000;
const MINUTE = 60_000;

/** The story of the lost parcel, oldest first; every text is distinct so the order can be checked. */
const STORY = [
  "The sender has told us your parcel is on its way",
  "We've got it",
  "It's at our regional hub in Bristol",
  "It's on its way to our national hub",
  "It's at our national hub in Rugby",
  "It's been sorted at our national hub",
  "It's on its way to your local depot",
  "It's at our local depot in Penzance",
  "It's been sorted at your local depot",
  "We could not deliver today: address not accessible",
  "It's back at your local depot",
  "It's been re-sorted for delivery",
  "It's on its way to a different depot",
  "It's at our depot in Truro",
];

/** '25 Nov, 19:58' in UK time ('24 Dec 2025, 10:00' outside the current UK year), as the screens show events. */
function eventDate(ms: number): string {
  const uk = (at: number) =>
    Object.fromEntries(
      new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
        .formatToParts(at)
        .map((p) => [p.type, p.value]),
    );
  const p = uk(ms);
  return `${p.day} ${p.month}${p.year === uk(Date.now()).year ? "" : ` ${p.year}`}, ${p.hour}:${p.minute}`;
}

const sqlText = (v: string) => `'${v.replace(/'/g, "''")}'`;

async function api<T>(session: Session, path: string, body?: unknown): Promise<T> {
  const res = await fetch(baseURL() + path, {
    method: body === undefined ? "GET" : "POST",
    headers: { Authorization: `Bearer ${session.access_token}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Full-page screenshots from the top (a scrolled page would draw the sticky bar mid-page). */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

const eventTexts = (list: Locator) => list.locator("li .event-text").allTextContents();

describe("tracking on the label screens", () => {
  let browser: Browser;
  let session: Session;
  const ids: Record<string, string> = {};
  // Minute-aligned times, so the formatted dates are exact.
  const now = Math.floor(Date.now() / MINUTE) * MINUTE;
  // Events: oldest 200 h ago, then every 9 h; stored shuffled so the screens must sort them.
  const events = STORY.map((text, i) => ({ text, at: now - 200 * HOUR + i * 9 * HOUR }));
  const newestFirst = [...events].reverse().map((e) => e.text);
  const flaggedAt = now - 20 * HOUR;
  const mailedAt = flaggedAt + 7 * MINUTE;

  beforeAll(async () => {
    browser = await launchBrowser();
    session = await newUser("tracking");
    await grantCredits(session.email, 3);
    for (const [courier, code] of [["evri", LOST], ["evri", QUIET], ["royalmail", ROYAL]]) {
      await api(session, "/api/v1/label/manual", { courier, trackingCode: code, fields: { recipientPostcode: "TR18 4AA", weightInGrams: 1200 } });
      ids[code] = (await api<{ id: string }>(session, `/api/v1/label/${code}`)).id;
    }

    // Evri's answer as the tracking service stores it, in no particular order.
    const shuffled = [...events.slice(7), ...events.slice(0, 7).reverse()];
    const tracking = {
      results: [
        {
          sender: { displayName: "Hollow Oak Ceramics" },
          service: { serviceType: "Standard" },
          trackingEvents: shuffled.map((e, i) => ({
            dateTime: new Date(e.at).toISOString(),
            trackingPoint: { trackingPointCode: `P${i}`, description: e.text },
            trackingStage: { trackingStageCode: "3" },
            location: null,
          })),
        },
      ],
    };
    const lastScan = events.at(-1)!.at;
    await d1(
      `UPDATE labels SET tracking_json = ${sqlText(JSON.stringify(tracking))}, tracking_status = 'in_transit', ` +
        `tracking_checked_at = ${now - 10 * MINUTE}, last_scan_at = ${lastScan}, potentially_lost = 1, ` +
        `potentially_lost_at = ${flaggedAt}, lost_reason = 'no_new_scan', lost_email_sent_at = ${mailedAt}, ` +
        `updated_at = ${now - 10 * MINUTE} WHERE id = ${sqlText(ids[LOST])};`,
    );
    // The server reads what was written.
    const label = await api<{ lostStatus: { potentiallyLost: boolean } }>(session, `/api/v1/label/${ids[LOST]}`);
    expect(label.lostStatus.potentiallyLost).toBe(true);
  });
  afterAll(async () => browser?.close());

  async function open(viewport: { width: number; height: number }, path: string): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport, timezoneId: BROWSER_TZ, locale: "en-US" });
    await signInBrowser(context, session);
    const page = await context.newPage();
    await page.goto(baseURL() + path);
    return { context, page };
  }

  it("list card: latest event only until 'Show all updates', the lost warning, and each courier's no-events text", async () => {
    const { context, page } = await open(VIEWPORTS.desktop, "/labels");
    const card = page.getByRole("article", { name: `Label ${LOST}` });
    await card.waitFor();

    const list = card.locator("ol.events");
    expect(await eventTexts(list)).toEqual([newestFirst[0]]);
    expect(await list.locator("time").first().textContent()).toBe(eventDate(events.at(-1)!.at));

    const toggle = card.getByRole("button", { name: "Show all updates" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await toggle.click();
    const hide = card.getByRole("button", { name: "Hide details" });
    await hide.waitFor();
    expect(await hide.getAttribute("aria-expanded")).toBe("true");
    expect(await eventTexts(list)).toEqual(newestFirst);
    await shot(page, "tracking-list-expanded-desktop");
    await hide.click();
    await card.getByRole("button", { name: "Show all updates" }).waitFor();
    expect(await eventTexts(list)).toEqual([newestFirst[0]]);

    // The potentially-lost warning on the card: flag time and reason; the notice time is for the detail.
    const warning = card.locator(".lost-warning");
    expect(await warning.getByText("This parcel may be delayed or lost.").count()).toBe(1);
    expect(await warning.getByText(`Flagged since ${eventDate(flaggedAt)}`).count()).toBe(1);
    expect(await warning.getByText("The carrier has not scanned this parcel for 4 working days.").count()).toBe(1);
    expect(await warning.getByText(/Notification sent/).count()).toBe(0);

    // No-events texts, list card form.
    const quiet = page.getByRole("article", { name: `Label ${QUIET}` });
    await quiet.getByText("No tracking updates yet. This might be because Evri is behind or the number is too old.").waitFor();
    expect(await quiet.locator(".lost-warning").count()).toBe(0);
    expect(await quiet.getByRole("button", { name: "Show all updates" }).count()).toBe(0);
    const royal = page.getByRole("article", { name: `Label ${ROYAL}` });
    await royal.getByText("Tracking is currently not available for Royal Mail labels.").waitFor();

    await shot(page, "tracking-list-desktop");
    await context.close();
  });

  it("detail: lost banner with flag, notice and reason; all events newest first in a scrolling list; refresh states", async () => {
    const { context, page } = await open(VIEWPORTS.desktop, `/label/${ids[LOST]}`);
    await page.getByRole("heading", { name: "Tracking Events" }).waitFor();

    const banner = page.locator(".lost-warning");
    await banner.getByText("This parcel may be delayed or lost.").waitFor();
    expect(await banner.getAttribute("role")).toBe("status");
    expect(await banner.getByText(`Flagged since ${eventDate(flaggedAt)}`).count()).toBe(1);
    expect(await banner.getByText(`Notification sent ${eventDate(mailedAt)}`).count()).toBe(1);
    expect(await banner.getByText("The carrier has not scanned this parcel for 4 working days.").count()).toBe(1);

    const list = page.locator("section[aria-labelledby='events-title'] ol.events");
    expect(await eventTexts(list)).toEqual(newestFirst);
    expect(await list.locator("time").allTextContents()).toEqual([...events].reverse().map((e) => eventDate(e.at)));
    // The list scrolls at a maximum height of 520 px.
    const box = await list.evaluate((el) => {
      const s = getComputedStyle(el);
      return { maxHeight: s.maxHeight, overflowY: s.overflowY, scrollHeight: el.scrollHeight, clientHeight: el.clientHeight };
    });
    expect(box.maxHeight).toBe("520px");
    expect(["auto", "scroll"]).toContain(box.overflowY);
    expect(box.clientHeight).toBeLessThanOrEqual(520);
    expect(box.scrollHeight).toBeGreaterThan(box.clientHeight);
    await shot(page, "tracking-detail-desktop");

    // Refresh tracking: busy while the call runs, then the server's 409 in the live region.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/v1/label/*/refresh-tracking", async (route) => {
      await held;
      await route.continue();
    });
    const button = page.getByRole("button", { name: "Refresh tracking" });
    expect(await button.isEnabled()).toBe(true);
    await button.click();
    const busy = page.getByRole("button", { name: "Refreshing…" });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    expect(await busy.getAttribute("aria-busy")).toBe("true");
    release();

    const live = page.locator(".tracking-refresh [aria-live]");
    await live.getByText("Evri tracking is not configured on this server.").waitFor();
    expect(await live.getAttribute("aria-live")).toBe("assertive");
    expect(await live.getAttribute("role")).toBe("alert");
    await page.getByRole("button", { name: "Refresh tracking" }).waitFor();
    expect(await page.getByRole("button", { name: "Refresh tracking" }).isEnabled()).toBe(true);
    // The label is unchanged by the refused refresh.
    expect(await eventTexts(list)).toEqual(newestFirst);
    await shot(page, "tracking-detail-refresh-desktop");
    await context.close();
  });

  it("detail: each courier's no-events text, and Royal Mail's refresh answer", async () => {
    const { context, page } = await open(VIEWPORTS.desktop, `/label/${ids[QUIET]}`);
    const events = page.locator("section[aria-labelledby='events-title']");
    await events.getByText("No updates available.").waitFor();
    expect(await page.locator(".lost-warning").count()).toBe(0);

    await page.goto(baseURL() + `/label/${ids[ROYAL]}`);
    await events.getByText("Tracking not available for Royal Mail yet.").waitFor();
    await page.getByRole("button", { name: "Refresh tracking" }).click();
    await page.locator(".tracking-refresh [aria-live]").getByText("Tracking not available for Royal Mail yet.").waitFor();
    await context.close();
  });

  it("phone width: the card toggle and the detail's banner, refresh and events fit the screen", async () => {
    const { context, page } = await open(VIEWPORTS.phone, "/labels");
    const card = page.getByRole("article", { name: `Label ${LOST}` });
    await card.getByRole("button", { name: "Show all updates" }).click();
    await card.getByRole("button", { name: "Hide details" }).waitFor();
    expect(await eventTexts(card.locator("ol.events"))).toEqual(newestFirst);
    const noOverflow = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await noOverflow()).toBe(true);
    await shot(page, "tracking-list-phone");

    await page.goto(baseURL() + `/label/${ids[LOST]}`);
    await page.locator(".lost-warning").getByText(`Notification sent ${eventDate(mailedAt)}`).waitFor();
    await page.getByRole("button", { name: "Refresh tracking" }).click();
    await page.locator(".tracking-refresh [aria-live]").getByText("Evri tracking is not configured on this server.").waitFor();
    expect(await eventTexts(page.locator("section[aria-labelledby='events-title'] ol.events"))).toEqual(newestFirst);
    expect(await noOverflow()).toBe(true);
    await shot(page, "tracking-detail-phone");
    await context.close();
  });
});
