import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { seriousViolations } from "./axe";
import { d1, d1Rows } from "./d1";
import { mailsTo } from "./mail";
import { VIEWPORTS, baseURL, launchBrowser, screenshot } from "./browser";
import { grantCredits, newUser, signInBrowser, type Session } from "./session";

// Acting on the carriers' deadlines in the browser: a parcel seeded into a late state (its tracking
// written into this run's own D1, as the tracking service stores it) shows its deadline sentence,
// appears in 'Needs action', gets exactly one alert when the cron runs, and stops appearing and
// alerting once the user marks it; a parcel marked before the cron gets none.

const LATE = "H01TRK0000000013"; // Evri, last scanned 8 days ago: Evri investigates 2 more days
const MARKED = "H01TRK0000000025"; // the same, marked found before the cron runs
const DAY = 86_400_000;
const TZ = "Europe/London";
const CRON = "/cdn-cgi/handler/scheduled?cron=*/15+*+*+*+*";
const SENTENCE = /^Evri will only investigate until \d{1,2} [A-Z][a-z]{2}: raise it now$/;

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

/** The parcel mails (not the sign-up's verification) sent to `address` in this run. */
const parcelMailsTo = async (address: string) => (await mailsTo(address)).filter((m) => m.subject.startsWith("Parcel "));

/** Runs the cron once, as at `time` (its scheduledTime), and answers that time. */
async function runCron(time = Date.now()): Promise<number> {
  const res = await fetch(`${baseURL()}${CRON}&time=${time}`);
  expect(res.status).toBe(200);
  return time;
}

/** The parcel mails to `address` once there is at least one (the pass may finish after the cron's answer). */
const firstParcelMails = (address: string) =>
  vi.waitFor(
    async () => {
      const sent = await parcelMailsTo(address);
      if (!sent.length) throw new Error(`no parcel mail to ${address} yet`);
      return sent;
    },
    { timeout: 30_000, interval: 250 },
  );

/**
 * Waits until the alert pass at `time` is over for a label: the pass claims it (alert_due_at = time + 30 min), sends
 * what is due, then sets its next look (the next alert's day, or none) in place of the claim.
 */
const passOver = (labelId: string, time: number) =>
  vi.waitFor(
    async () => {
      const [row] = await d1Rows<{ alert_due_at: number | null }>(`SELECT alert_due_at FROM labels WHERE id = ${sqlText(labelId)}`);
      if (row.alert_due_at === 0 || row.alert_due_at === time + 30 * 60_000) throw new Error(`the pass at ${time} is not over for ${labelId}`);
    },
    { timeout: 60_000, interval: 1000 },
  );

describe("'Needs action' and the deadline alerts", () => {
  let browser: Browser;
  let session: Session;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    browser = await launchBrowser();
    session = await newUser("needs-action");
    await grantCredits(session.email, 2);
    const now = Date.now();
    for (const code of [LATE, MARKED]) {
      await api(session, "/api/v1/label/manual", { courier: "evri", trackingCode: code, fields: { recipientPostcode: "TR18 4AA", weightInGrams: 900 } });
      ids[code] = (await api<{ id: string }>(session, `/api/v1/label/${code}`)).id;
      const scannedAt = now - 8 * DAY;
      const tracking = {
        results: [
          {
            service: { serviceType: "Standard" },
            trackingEvents: [
              { dateTime: new Date(scannedAt).toISOString(), trackingPoint: { trackingPointCode: "P2", description: "It's at our local depot in Penzance" }, trackingStage: { trackingStageCode: "3" } },
              { dateTime: new Date(scannedAt - DAY).toISOString(), trackingPoint: { trackingPointCode: "P1", description: "We've got it" }, trackingStage: { trackingStageCode: "2" } },
            ],
          },
        ],
      };
      await d1(
        `UPDATE labels SET tracking_json = ${sqlText(JSON.stringify(tracking))}, tracking_status = 'in_transit', last_scan_at = ${scannedAt}, ` +
          // Written behind the app's back: the label's action window is marked not worked out yet, as a migration
          // would (worker/deadlines/action-window.ts), so the deadlines decide it.
          `created_at = ${now - 10 * DAY}, alert_due_at = 0, action_from = '0000-00-00', action_until = '9999-99-99' WHERE id = ${sqlText(ids[code])};`,
      );
    }
  });
  afterAll(async () => browser?.close());

  async function open(viewport: { width: number; height: number }, path: string): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport, timezoneId: TZ, locale: "en-GB", bypassCSP: true });
    await signInBrowser(context, session);
    const page = await context.newPage();
    await page.goto(baseURL() + path);
    return { context, page };
  }

  it("shows the late parcels' sentence in 'Needs action', sends one alert, and none once marked", async () => {
    const { context, page } = await open(VIEWPORTS.desktop, "/labels");
    const toggle = page.getByRole("button", { name: /^Needs action/ });
    const section = page.getByRole("region", { name: /Needs action/ });
    // A button in the list's header with the count (the search and the labels first), that opens the list.
    expect(await toggle.textContent()).toBe("Needs action 2");
    await toggle.click();
    await section.waitFor();
    expect(await section.getByRole("heading").textContent()).toBe("Needs action 2");
    const items = section.getByRole("listitem");
    expect(await items.count()).toBe(2);
    expect(await section.locator(".needs-action-sentence").first().textContent()).toMatch(SENTENCE);
    // The card says the same.
    const card = page.getByRole("article", { name: `Label ${LATE}` });
    expect(await card.getByRole("status", { name: "Carrier deadlines" }).textContent()).toMatch(SENTENCE);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "needs-action-list");

    // Mark one found on its page: the mark shows, and it leaves 'Needs action'.
    await section.getByRole("link", { name: MARKED }).click();
    await page.getByRole("heading", { name: "What happened to this parcel?" }).waitFor();
    await page.getByRole("button", { name: "Mark found" }).click();
    await page.getByText("You marked this parcel found").waitFor();
    expect(await page.getByRole("button", { name: "Mark found" }).getAttribute("aria-pressed")).toBe("true");
    expect(await page.getByRole("status", { name: "Carrier deadlines" }).count()).toBe(0);
    // The pointer off the pressed button: axe measures its own colours, not its hover colours.
    await page.mouse.move(0, 0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "needs-action-detail-marked");
    await page.getByRole("link", { name: "Back to all labels" }).click();
    await page.getByRole("button", { name: "Needs action 1" }).waitFor();
    await page.getByRole("article", { name: `Label ${MARKED}` }).getByText("Found", { exact: true }).waitFor();

    // The cron: one alert for the late parcel, none for the marked one, and none again on the next pass.
    await runCron();
    const sent = await firstParcelMails(session.email);
    expect(sent.map((m) => m.subject)).toEqual([expect.stringMatching(new RegExp(`^Parcel ${LATE}: raise it with Evri by \\d{1,2} [A-Z][a-z]{2}$`))]);
    await d1(`UPDATE labels SET alert_due_at = 0 WHERE user_id = (SELECT id FROM users WHERE email = ${sqlText(session.email)});`);
    await passOver(ids[LATE], await runCron());
    expect(await parcelMailsTo(session.email)).toHaveLength(1);

    // Marked delivered: 'Needs action' empties and is hidden.
    await page.getByRole("article", { name: `Label ${LATE}` }).getByRole("link", { name: "More Info" }).click();
    await page.getByRole("button", { name: "Mark delivered" }).click();
    await page.getByText("You marked this parcel delivered").waitFor();
    await page.getByRole("link", { name: "Back to all labels" }).click();
    await page.getByRole("article", { name: `Label ${LATE}` }).waitFor();
    await page.getByRole("button", { name: /^Needs action/ }).waitFor({ state: "detached" });
    expect(await api<{ total: number }>(session, "/api/v1/labels/needs-action")).toEqual({ results: [], total: 0 });
    await context.close();
  });

  it("fits a phone: the list and the mark buttons", async () => {
    await api(session, `/api/v1/label/${ids[LATE]}/outcome`, { outcome: null });
    const { context, page } = await open(VIEWPORTS.phone, "/labels");
    await page.getByRole("button", { name: /^Needs action/ }).click();
    const section = page.getByRole("region", { name: /Needs action/ });
    await section.waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "needs-action-list-phone");
    await page.goto(`${baseURL()}/label/${ids[LATE]}`);
    await page.getByRole("button", { name: "Mark claimed" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, "needs-action-detail-phone");
    await context.close();
  });
});
