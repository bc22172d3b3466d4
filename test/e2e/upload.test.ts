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

    await page.getByText("2 labels processed").waitFor({ timeout: 60_000 });
    const failed = page.locator(".upload-item-failed");
    expect(await failed.count()).toBe(1);
    expect(await failed.textContent()).toContain("not-a-label.pdf");
    expect(await failed.textContent()).toContain("Failed");
    expect(await failed.textContent()).toContain("This file is not a recognised Evri or Royal Mail label.");
    expect(await page.locator(".upload-item-done").count()).toBe(2);
    expect(await page.getByRole("progressbar", { name: "Overall upload progress" }).getAttribute("value")).toBe("100");
    // The balance follows: two labels cost two credits.
    await page.getByText("Credits available: 3").waitFor();
    await screenshot(page, "upload-results-desktop");

    await page.getByRole("link", { name: "Go to Labels" }).click();
    await page.waitForURL(/\/labels$/);
    await page.getByText("H04AQA0004726589").first().waitFor();
    await page.getByText("VB442550835GB").first().waitFor();
    await context.close();
  });

  it("refuses bad drops with the spec's messages, and picks files from the keyboard at phone width", async () => {
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
      zone.dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
    });
    await page.getByText("File type must be one of application/pdf, image/png, image/jpeg, image/webp").waitFor();
    await page.getByText("File is smaller than 1 bytes").waitFor();

    // Keyboard: focus the picker button and press Enter; the chooser takes the file.
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Choose files" }).focus();
    await page.keyboard.press("Enter");
    await (await chooser).setFiles(path.join(FIXTURES, "royalmail.pdf"));
    await page.getByText("1 label processed").waitFor({ timeout: 60_000 });
    await screenshot(page, "upload-results-phone");
    await context.close();
  });

  it("is disabled with no credits", async () => {
    const session = await newUser("upload-zero");
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    await signInBrowser(context, session);
    const page = await context.newPage();
    await page.goto(baseURL() + "/upload");
    await page.getByText("Add credits to enable uploads.").waitFor();
    const button = page.getByRole("button", { name: "Choose files" });
    expect(await button.isDisabled()).toBe(true);
    expect(await button.getAttribute("title")).toBe("You need credits to process labels");
    expect(await page.getByTestId("dropzone").getAttribute("title")).toBe("You need credits to process labels");
    await screenshot(page, "upload-no-credits");
    await context.close();
  });
});
