import { mkdirSync } from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCREENSHOT_DIR, VIEWPORTS, baseURL, launchBrowser } from "./browser";

// The API reference page (/api/docs) at a phone's width and at a desktop's.

describe("the API reference page", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`fits a ${name} screen: nothing wider than the page, long schemas wrap or scroll in their own box`, async () => {
      const page = await browser.newPage({ viewport });
      await page.goto(baseURL() + "/api/docs");
      await page.getByRole("heading", { name: "Parcelhive API reference" }).waitFor();
      // The developer key's first steps come first, then the calls for developers, then the web app's own.
      const sections = await page.locator("main h2").allTextContents();
      expect(sections.slice(0, 3)).toEqual(["Start here: your developer key", "Labels", "Tracking and buyers"]);
      expect(sections.indexOf("Used by the web app")).toBeLessThan(sections.indexOf("Account"));
      expect(sections.indexOf("Analytics")).toBeLessThan(sections.indexOf("Used by the web app"));
      const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: window.innerWidth }));
      expect(widths.page).toBeLessThanOrEqual(widths.view);
      // Every call shows what it answers on success.
      const ops = await page.locator("section.op[id*=\"-/api/\"]").count();
      expect(ops).toBeGreaterThan(50);
      expect(await page.locator("section.op[id*=\"-/api/\"]").filter({ hasNot: page.locator(".answer") }).evaluateAll((s) => s.map((e) => e.id))).toEqual([]);
      // ...and an example request.
      expect(await page.locator("section.op[id*=\"-/api/\"]").filter({ hasNotText: "Example request" }).count()).toBe(0);
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      await page.screenshot({ path: `${SCREENSHOT_DIR}/api-docs-start-${name}.png` });
      await page.locator("#put-\\/api\\/v1\\/user\\/profile").evaluate((e) => e.scrollIntoView({ block: "start" }));
      // The page is long (every schema): the visible part only.
      await page.screenshot({ path: `${SCREENSHOT_DIR}/api-docs-${name}.png` });
      await page.close();
    });
  }
});
