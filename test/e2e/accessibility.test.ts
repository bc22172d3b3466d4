import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations, withAxe } from "./axe";
import { VIEWPORTS, baseURL, launchBrowser, openScreen, settled } from "./browser";
import { d1 } from "./d1";
import { adminSession, grantCredits, newUser, signInBrowser, type Session } from "./session";

/**
 * axe-core over every screen, signed out, as a user and as an admin, at desktop and phone width:
 * zero serious or critical violations. (bypassCSP only lets the test inject axe; the app's CSP is
 * checked elsewhere.) One page for each kind of visitor, a screen opened once and checked at desktop width, then again
 * resized to a phone's (the app follows the width: web/app/useMediaQuery.ts): a page opened costs more than the checks
 * on it (219 s for this file at load 6-10 with a context per size and 'networkidle' after each screen).
 */

const EVRI_CODE = "H04AQA0004726589";

const SIGNED_OUT = ["/", "/login", "/login#signup", "/forgot-password", "/reset-password?token=nope", "/verify-email", "/terms", "/terms#privacy", "/contact", "/upload", "/checkout/success", "/checkout/cancelled", "/no-such-page"];
// The print view of a label with only a postcode: the form asking for its recipient.
const USER = ["/labels", `/label/${EVRI_CODE}`, `/label/${EVRI_CODE}/print`, `/label/${EVRI_CODE}/claim`, "/upload", "/upload#manual", "/upload#csv", "/settings", "/credits", "/checkout/success", "/analytics"];
const ADMIN = ["/cheats", "/webmail"];

describe("accessibility (axe-core)", () => {
  let browser: Browser;
  let user: Session;
  let admin: Session;
  /** The user's page, axe in each document: the states below at a phone's width, then the user's screens. */
  let userPage: Page;

  /** A page of its own for a kind of visitor (signed in as `session`), axe in each of its documents. */
  async function visitorPage(session: Session | null): Promise<Page> {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, bypassCSP: true });
    await withAxe(context);
    if (session) await signInBrowser(context, session);
    return context.newPage();
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    user = await newUser("a11y");
    await grantCredits(user.email, 5);
    const res = await fetch(baseURL() + "/api/v1/label/manual", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${user.access_token}` },
      body: JSON.stringify({ courier: "evri", trackingCode: EVRI_CODE, fields: { recipientPostcode: "SW1A 1AA", weightInGrams: 850 }, tags: ["gift"], notes: "Fragile" }),
    });
    expect(res.status).toBe(201);
    admin = await adminSession();
    userPage = await visitorPage(user);
  });
  afterAll(async () => browser?.close());

  it("the labels list with labels selected and the print bar has no serious or critical violations (phone)", async () => {
    const page = userPage;
    await openScreen(page, "/labels");
    await page.getByRole("checkbox", { name: "Select all on this page" }).check();
    await page.getByRole("region", { name: "Print selected labels" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("the analytics delivery performance with its charts and per-service table has no serious or critical violations (phone)", async () => {
    // The label delivered on time, as the tracking save records it (no carrier network here).
    await d1(`UPDATE labels SET delivery_service = 'Next Day', scan_days = 1, transit_days = 1, on_time = 1 WHERE tracking_code = '${EVRI_CODE}' AND user_id = (SELECT id FROM users WHERE email = '${user.email}')`);
    const page = userPage;
    await openScreen(page, "/analytics");
    const delivery = page.getByRole("region", { name: "Delivery performance" });
    await delivery.locator(".transit-chart canvas").waitFor();
    await delivery.getByRole("button", { name: "Show as table" }).click();
    await delivery.locator(".delivery-table").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("Needs action with a late parcel, and a parcel's mark on its card and page, have no serious or critical violations (phone)", async () => {
    // The label last scanned 8 days ago, as the tracking service stores it: Evri investigates 2 more days.
    const scannedAt = Date.now() - 8 * 86_400_000;
    const tracking = { results: [{ trackingEvents: [{ dateTime: new Date(scannedAt).toISOString(), trackingPoint: { description: "It's at our local depot" }, trackingStage: { trackingStageCode: "3" } }] }] };
    // Written behind the app's back: its action window marked not worked out yet, as a migration would.
    await d1(`UPDATE labels SET tracking_json = '${JSON.stringify(tracking).replace(/'/g, "''")}', tracking_status = 'in_transit', last_scan_at = ${scannedAt}, action_from = '0000-00-00', action_until = '9999-99-99' WHERE tracking_code = '${EVRI_CODE}' AND user_id = (SELECT id FROM users WHERE email = '${user.email}')`);
    const page = userPage;
    const problems: string[] = [];
    await openScreen(page, "/labels");
    // Closed (the list first) and open.
    await page.getByRole("button", { name: /^Needs action/ }).waitFor();
    problems.push(...(await seriousViolations(page)));
    await page.getByRole("button", { name: /^Needs action/ }).click();
    await page.getByRole("region", { name: /Needs action/ }).waitFor();
    problems.push(...(await seriousViolations(page)));
    await openScreen(page, `/label/${EVRI_CODE}`);
    await page.getByRole("button", { name: "Mark claimed" }).click();
    await page.getByText("You marked this parcel claimed").waitFor();
    await page.mouse.move(0, 0);
    problems.push(...(await seriousViolations(page)));
    await openScreen(page, "/labels");
    await page.getByText("Claimed", { exact: true }).waitFor();
    problems.push(...(await seriousViolations(page)));
    // Unmarked again: the screens below see the parcel late, with Needs action on /labels.
    await openScreen(page, `/label/${EVRI_CODE}`);
    await page.getByRole("button", { name: "Undo mark" }).click();
    await page.getByRole("button", { name: "Undo mark" }).waitFor({ state: "detached" });
    expect(problems).toEqual([]);
  });

  it("the import address card's regenerate confirmation has no serious or critical violations (phone)", async () => {
    const page = userPage;
    await openScreen(page, "/settings");
    await page.getByRole("button", { name: "Regenerate address" }).click();
    await page.getByRole("alertdialog").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("the webhooks card with an endpoint, its delivery log and the delete confirmation has no serious or critical violations (phone)", async () => {
    const res = await fetch(baseURL() + "/api/v1/webhooks", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${user.access_token}` },
      body: JSON.stringify({ url: "http://127.0.0.1:9/a11y-hook", events: ["label.created"] }),
    });
    expect(res.status).toBe(201);
    const page = userPage;
    await openScreen(page, "/settings");
    const item = page.getByRole("listitem", { name: "Webhook endpoint http://127.0.0.1:9/a11y-hook" });
    await item.getByRole("button", { name: "Delivery log" }).click();
    await item.getByText("No deliveries yet.").waitFor();
    await item.getByRole("button", { name: "Delete" }).click();
    await item.getByRole("alertdialog").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  const cases: [string, string[], () => Promise<Page>][] = [
    ["signed out", SIGNED_OUT, () => visitorPage(null)],
    ["user", USER, async () => userPage],
    ["admin", ADMIN, () => visitorPage(admin)],
  ];
  for (const [who, paths, pageOf] of cases) {
    it(`${who} screens have no serious or critical violations (desktop and phone)`, async () => {
      const page = await pageOf();
      const problems: string[] = [];
      for (const path of paths) {
        await page.setViewportSize(VIEWPORTS.desktop);
        await openScreen(page, path);
        for (const v of await seriousViolations(page)) problems.push(`${path} (desktop): ${v}`);
        await page.setViewportSize(VIEWPORTS.phone);
        await settled(page);
        for (const v of await seriousViolations(page)) problems.push(`${path} (phone): ${v}`);
      }
      expect(problems).toEqual([]);
    });
  }
});
