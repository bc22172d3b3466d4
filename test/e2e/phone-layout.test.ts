import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VIEWPORTS, launchBrowser, openScreen, screenshot } from "./browser";
import { newUser, signInBrowser } from "./session";

// What a new user trips on at 390px that no component test can see (happy-dom lays nothing out, nor moves the focus
// off a disabled button): each found by driving every screen at phone width (session 9's ux pass). One signed-in page
// for the file.

describe("phone layout", () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true });
    await signInBrowser(context, await newUser("phone-layout"));
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("keeps every checkbox on Settings square beside a label that wraps", async () => {
    await openScreen(page, "/settings");
    // Webhooks' 'Parcel potentially lost' and the buyer e-mails' kinds wrap at this width.
    await page.getByRole("checkbox", { name: /Parcel potentially lost/ }).waitFor();
    const boxes = await page
      .getByRole("checkbox")
      .evaluateAll((els) => els.map((el) => ({ name: el.closest("label")?.textContent?.trim().slice(0, 40), ...el.getBoundingClientRect().toJSON() })));
    expect(boxes.length).toBeGreaterThanOrEqual(10);
    for (const box of boxes) expect({ name: box.name, width: Math.round(box.width) }).toEqual({ name: box.name, width: Math.round(box.height) });
    await screenshot(page, "phone-layout-settings");
  });

  it("gives the focus back to 'Generate API key', pressed with Enter, once the key is made (web/app/keep-focus.ts)", async () => {
    await openScreen(page, "/settings");
    const button = page.getByRole("button", { name: "Generate API key" });
    await button.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Regenerate API key" }).waitFor();
    // Disabled while it worked, the button dropped the focus to the body, and kept none once enabled.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Regenerate API key");
  });
});
