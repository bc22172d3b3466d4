import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VIEWPORTS, baseURL, launchBrowser, screenshot } from "./browser";
import { grantCredits, newUser, signInBrowser } from "./session";

// The Upload tab: drop three label files (one not a label) -> progress -> two labels and one
// 'Failed' row -> 'Go to Labels'; the zero-credit state; keyboard file picker; phone width.

const FIXTURES = path.join(import.meta.dirname, "../fixtures/labels");
const MIME: Record<string, string> = { pdf: "application/pdf", png: "image/png" };

async function drop(page: Page, names: string[]) {
  const files = names.map((name) => ({ name, type: MIME[name.split(".").pop()!], b64: readFileSync(path.join(FIXTURES, name)).toString("base64") }));
  await page.getByTestId("dropzone").evaluate((zone, files) => {
    const dt = new DataTransfer();
    for (const f of files) {
      const bytes = Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0));
      dt.items.add(new File([bytes], f.name, { type: f.type }));
    }
    zone.dispatchEvent(new DragEvent("dragover", { dataTransfer: dt, bubbles: true, cancelable: true }));
    zone.dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, files);
}

describe("upload tab", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("uploads three dropped files: two labels, one failure, then Go to Labels", async () => {
    const session = await newUser("upload");
    await grantCredits(session.email, 5);
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    await signInBrowser(context, session);
    const page = await context.newPage();
    await page.goto(baseURL() + "/upload");
    await page.getByText("Credits available: 5").waitFor();
    await page.getByText("up to 16MB", { exact: false }).waitFor();

    await drop(page, ["evri.pdf", "not-a-label.pdf", "royalmail-300dpi.png"]);
    await page.getByRole("progressbar", { name: "Overall upload progress" }).waitFor();
    expect(await page.locator(".upload-item").count()).toBe(3);

    await page.getByText("2 labels processed: 2 new, 2 credits used").waitFor({ timeout: 60_000 });
    const failed = page.locator(".upload-item-failed");
    expect(await failed.count()).toBe(1);
    expect(await failed.textContent()).toContain("not-a-label.pdf");
    expect(await failed.textContent()).toContain("Failed");
    expect(await failed.textContent()).toContain("This file is not a recognised Evri or Royal Mail label.");
    const done = page.locator(".upload-item-done");
    expect(await done.count()).toBe(2);
    // Each result links to its label and says it was new, for a credit.
    const evri = done.filter({ hasText: "evri.pdf" });
    expect(await evri.getByRole("link", { name: "H04AQA0004726589" }).getAttribute("href")).toMatch(/^\/label\/lbl_/);
    expect(await evri.textContent()).toContain("Evri");
    expect(await evri.textContent()).toContain("New · 1 credit");
    expect(await page.getByRole("progressbar", { name: "Overall upload progress" }).getAttribute("value")).toBe("100");
    // The balance follows: two labels cost two credits.
    await page.getByText("Credits available: 3").waitFor();
    await screenshot(page, "upload-results-desktop");

    // The same label again: already the user's, not charged, and said so.
    await drop(page, ["evri.pdf"]);
    await page.getByText("1 label processed: 1 already in your labels, not charged").waitFor({ timeout: 60_000 });
    expect(await page.locator(".upload-item-done").textContent()).toContain("Already in your labels · not charged");
    await page.getByText("Credits available: 3").waitFor();
    await page.locator(".upload-item-done").getByRole("link", { name: "H04AQA0004726589" }).click();
    await page.getByRole("heading", { name: "Label Details" }).waitFor();
    await page.goBack();
    await page.getByText("Credits available: 3").waitFor();
    await drop(page, ["evri.pdf", "royalmail-300dpi.png"]);
    await page.getByText("2 labels processed: 2 already in your labels, not charged").waitFor({ timeout: 60_000 });

    await page.getByRole("link", { name: "Go to Labels" }).click();
    await page.waitForURL(/\/labels$/);
    await page.getByText("H04AQA0004726589").first().waitFor();
    await page.getByText("VB442550835GB").first().waitFor();
    await context.close();
  });

  it("refuses bad drops with their reasons (sizes in MB), and picks files from the keyboard at phone width", async () => {
    const session = await newUser("upload-phone");
    await grantCredits(session.email, 1);
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    await signInBrowser(context, session);
    const page = await context.newPage();
    await page.goto(baseURL() + "/upload");
    await page.getByText("Credits available: 1").waitFor();

    await drop(page, Array.from({ length: 16 }, () => "evri.pdf"));
    await page.getByRole("alert").filter({ hasText: "Too many files" }).waitFor();

    await page.getByTestId("dropzone").evaluate((zone) => {
      const dt = new DataTransfer();
      dt.items.add(new File(["hello"], "notes.txt", { type: "text/plain" }));
      dt.items.add(new File([], "empty.pdf", { type: "application/pdf" }));
      dt.items.add(new File([new Uint8Array(17.5 * 1024 * 1024)], "huge.pdf", { type: "application/pdf" }));
      zone.dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
    });
    await page.getByText("File type must be one of application/pdf, image/png, image/jpeg, image/webp").waitFor();
    await page.getByText("File is empty").waitFor();
    await page.getByText("File is larger than 16 MB (this one is 17.5 MB)").waitFor();

    // Keyboard: focus the picker button and press Enter; the chooser takes the file.
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Choose files" }).focus();
    await page.keyboard.press("Enter");
    await (await chooser).setFiles(path.join(FIXTURES, "royalmail.pdf"));
    await page.getByText("1 label processed").waitFor({ timeout: 60_000 });
    await screenshot(page, "upload-results-phone");
    await context.close();
  });

  // The upload page as a new user first sees it (no credits, email not verified, no payments on this server),
  // then with credits, at 1280x800 and 390x844.
  for (const [name, viewport] of [
    ["desktop", { width: 1280, height: 800 }],
    ["phone", VIEWPORTS.phone],
  ] as const) {
    it(`tells a new user how to get free credits, and is disabled until then (${name})`, async () => {
      const session = await newUser(`upload-zero-${name}`);
      const context = await browser.newContext({ viewport });
      await signInBrowser(context, session);
      const page = await context.newPage();
      await page.goto(baseURL() + "/upload");
      await page.getByText("Add credits to enable uploads.").waitFor();
      const button = page.getByRole("button", { name: "Choose files" });
      expect(await button.isDisabled()).toBe(true);
      expect(await button.getAttribute("title")).toBe("You need credits to process labels");
      expect(await page.getByTestId("dropzone").getAttribute("title")).toBe("You need credits to process labels");

      const banner = page.getByRole("region", { name: "Get 50 free credits" });
      await banner.getByText(`Follow the link we sent to ${session.email}.`, { exact: false }).waitFor();
      await banner.getByRole("button", { name: "Resend verification email" }).waitFor();
      await banner.getByText("Payments are not set up on this server.").waitFor();
      expect(await banner.getByRole("button", { name: "Buy now" }).count()).toBe(0);
      await page.getByText("Photos and scans are read where possible", { exact: false }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await screenshot(page, `upload-new-user-${name}`);

      await grantCredits(session.email, 5);
      await page.reload();
      await page.getByText("Credits available: 5").waitFor();
      await page.getByText("Verify your email address to get 50 free credits.").waitFor();
      expect(await page.getByRole("button", { name: "Choose files" }).isEnabled()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await screenshot(page, `upload-with-credits-${name}`);
      await context.close();
    });
  }
});
