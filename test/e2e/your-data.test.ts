import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evriCheckDigit } from "../../worker/couriers/evri/code";
import { readZip, text } from "../worker/zip-reader";
import { VIEWPORTS, baseURL, downloadedBytes, launchBrowser, screenshot } from "./browser";
import { grantCredits, newUser, signInBrowser, type Session } from "./session";

// Settings → Your data in Chromium (issue 32): 'Download my data' asks for the archive, follows its build (the real
// queue of the served app), downloads the ZIP through its link and finds the account's labels in it; the copy is
// deleted; the addresses' retention is chosen and kept. Desktop and phone.

let serial = 0;
function evriCode(): string {
  const first15 = `H01YDE${String(Date.now() % 1e5).padStart(5, "0")}${String(++serial).padStart(4, "0")}`;
  return first15 + evriCheckDigit(first15);
}

describe("your data in the browser", () => {
  let browser: Browser;
  let session: Session;
  const codes: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    session = await newUser("yourdata");
    await grantCredits(session.email, 5);
    for (let i = 0; i < 3; i++) {
      const code = evriCode();
      const res = await fetch(`${baseURL()}/api/v1/label/manual`, {
        method: "POST",
        headers: { Authorization: `Bearer ${session.access_token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ courier: "evri", trackingCode: code, fields: { recipientPostcode: "LS1 1AA" }, tags: ["export"], notes: `note ${i}`, buyerEmail: `buyer${i}@example.com` }),
      });
      expect(res.status).toBe(201);
      codes.push(code);
    }
  });
  afterAll(async () => browser?.close());

  async function openSettings(viewport: keyof typeof VIEWPORTS): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: VIEWPORTS[viewport], acceptDownloads: true });
    await signInBrowser(context, session);
    const page = await context.newPage();
    await page.goto(`${baseURL()}/settings#your-data`);
    return { context, page };
  }

  it("downloads my data: asks, follows the build, downloads the ZIP with every label, deletes the copy", async () => {
    const { context, page } = await openSettings("desktop");
    const card = page.getByTestId("data-export");
    await card.getByRole("button", { name: "Download my data" }).click();
    // The queue builds it within seconds; the card follows (it may be quick enough to skip 'Preparing').
    const download = card.getByRole("link", { name: "Download ZIP" });
    await download.waitFor({ timeout: 60_000 });
    await expect(card.getByText(/Your copy is ready \(\d+ (KB|B|MB)\)\. The link works until .+ and was also sent to you by e-mail\./).isVisible()).resolves.toBe(true);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, "your-data-ready-desktop");
    await card.screenshot({ path: "test-results/screenshots/your-data-card-desktop.png" });

    const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^parcelhive-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const entries = readZip(new Uint8Array(await downloadedBytes(file)));
    const labels = text(entries.find((e) => e.name === "labels.jsonl"))
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { trackingCode: string; buyerEmail: string; notes: string; tags: string[] });
    expect(labels.map((l) => l.trackingCode).sort()).toEqual([...codes].sort());
    expect(labels.every((l) => l.buyerEmail.startsWith("buyer") && l.tags[0] === "export")).toBe(true);
    expect(entries.map((e) => e.name)).toContain("labels.csv");

    await card.getByRole("button", { name: "Delete this copy" }).click();
    await card.getByRole("button", { name: "Yes, delete" }).click();
    await card.getByText("The copy was deleted.").waitFor();
    await card.getByRole("button", { name: "Download my data" }).waitFor();
    await context.close();
  }, 120_000);

  it("keeps the addresses' retention chosen, on a phone", async () => {
    const { context, page } = await openSettings("phone");
    const select = page.getByLabel("Keep recipients' addresses");
    await expect(select.inputValue()).resolves.toBe("");
    await select.selectOption({ label: "90 days after delivery" });
    await page.getByText("Saved. The daily clean-up applies it from tonight.").waitFor();
    await page.reload();
    await expect(page.getByLabel("Keep recipients' addresses").inputValue()).resolves.toBe("90");
    // The card needs no sideways scrolling at phone width.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByTestId("data-export").scrollIntoViewIfNeeded();
    await screenshot(page, "your-data-phone");
    await page.getByTestId("data-export").screenshot({ path: "test-results/screenshots/your-data-card-phone.png" });
    await context.close();
  }, 60_000);
});
