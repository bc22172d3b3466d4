import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VIEWPORTS, baseURL, launchBrowser, screenshot } from "./browser";

describe("home screen", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`shows the welcome text, benefits and Get Started (${name})`, async () => {
      const page = await browser.newPage({ viewport });
      await page.goto(baseURL() + "/");
      await expect(page.getByText("A forward-thinking, easy to use parcel intelligence suite.").isVisible()).resolves.toBe(true);
      for (const benefit of [
        "Create custom branded labels",
        "Get notified when parcels are lost in transit",
        "Gain insights into parcel performance and delivery trends",
        "No complex setup, just upload label PDFs",
      ]) {
        expect(await page.getByText(benefit).count()).toBe(1);
      }
      // A newcomer has no account to upload with: Get Started opens the Sign up tab (issue 33).
      expect(await page.getByRole("link", { name: "Get Started" }).getAttribute("href")).toBe("/login#signup");
      expect(await page.getByRole("img", { name: /hexagonal parcel logo/ }).count()).toBe(1);
      await screenshot(page, `home-${name}`);
      await page.close();
    });
  }
});
