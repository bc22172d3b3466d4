import { PDFDocument } from "pdf-lib";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { readBarcodes } from "zxing-wasm/reader";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VIEWPORTS, baseURL, downloadedBytes, launchBrowser, screenshot } from "./browser";
import { loadPdfium, loadZxing, renderPdf, type Pdfium } from "./pdf";
import { grantCredits, newUser, signInBrowser, type Session } from "./session";

// Select three labels on /labels, download the 4x6 PDF and the A4 4-up PDF, render every page with PDFium and
// decode every barcode back to its label's tracking code with zxing, as the print e2e does for one label.

const CODES = ["H01PRA0000000108", "H01PRA0000000209", "H01PRA0000000300"]; // valid Evri check digits
const POSTCODE_ONLY = "H01PRA0000000401";
const ROYAL_MAIL_BY_HAND = "SG577041359GB";
/** Clicks a download button and answers the file's name and bytes. */
async function download(page: Page, button: string): Promise<{ name: string; bytes: Uint8Array }> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: button }).click()]);
  return { name: file.suggestedFilename(), bytes: new Uint8Array(await downloadedBytes(file)) };
}

async function codesOnPages(lib: Pdfium, pdf: Uint8Array) {
  const pages = renderPdf(lib, pdf, 203);
  const out = [];
  for (const image of pages) {
    const found = await readBarcodes(image as unknown as ImageData, { formats: ["Code128", "PDF417"], maxNumberOfSymbols: 8, tryRotate: false });
    out.push({
      code128: found.filter((r) => r.format === "Code128").map((r) => r.text).sort(),
      pdf417: found.filter((r) => r.format === "PDF417").map((r) => r.text).sort(),
    });
  }
  return out;
}

describe("bulk print: select labels, download one merged PDF, every barcode decodes", () => {
  let browser: Browser;
  let context: BrowserContext;
  let session: Session;
  let pdfium: Pdfium;

  beforeAll(async () => {
    browser = await launchBrowser();
    session = await newUser("bulkprint");
    await grantCredits(session.email, 3);
    for (const [i, trackingCode] of CODES.entries()) {
      const res = await fetch(`${baseURL()}/api/v1/label/manual`, {
        method: "POST",
        headers: { Authorization: `Bearer ${session.access_token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ courier: "evri", trackingCode, fields: { recipientPostcode: "SW1A 1AA", weightInGrams: 500 + i } }),
      });
      expect(res.status).toBe(201);
      // A recipient to deliver to: a label with only a postcode is left out of a print.
      const named = await fetch(`${baseURL()}/api/v1/label/${trackingCode}/details`, {
        method: "PATCH",
        headers: { Authorization: `Bearer ${session.access_token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ address: { name: `Recipient ${i + 1}`, address: ["1 High Street", "London"], postcode: "SW1A 1AA" } }),
      });
      expect(named.status).toBe(200);
    }
    context = await browser.newContext({ viewport: VIEWPORTS.desktop, acceptDownloads: true });
    await signInBrowser(context, session);
    await loadZxing();
    pdfium = await loadPdfium();
  });
  afterAll(async () => browser?.close());

  it("selects with the keyboard and the page checkbox, and shows the bar only while something is selected", async () => {
    const page = await context.newPage();
    await page.goto(`${baseURL()}/labels`);
    const first = page.getByRole("checkbox", { name: `Select label ${CODES[0]}` });
    await first.waitFor();
    expect(await page.getByRole("region", { name: "Print selected labels" }).count()).toBe(0);
    await first.focus();
    await page.keyboard.press("Space");
    await page.getByText("1 label selected").waitFor();
    await page.getByRole("checkbox", { name: "Select all on this page" }).check();
    await page.getByText("3 labels selected").waitFor();
    await screenshot(page, "bulk-print-desktop");
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, "bulk-print-phone");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await page.getByRole("button", { name: "Clear selection" }).click();
    expect(await page.getByRole("region", { name: "Print selected labels" }).count()).toBe(0);
    await page.close();
  });

  it("downloads a 4x6 PDF, one label per 4x6 in page, each page's barcodes its label's", async () => {
    const page = await context.newPage();
    await page.goto(`${baseURL()}/labels`);
    await page.getByRole("button", { name: "Select all 3 matching the filters" }).click();
    await page.getByText("All 3 matching labels selected").waitFor();
    const file = await download(page, "Download PDF");
    expect(file.name).toMatch(/^labels-4x6-\d{4}-\d{2}-\d{2}\.pdf$/);
    const doc = await PDFDocument.load(file.bytes);
    expect(doc.getPages().map((p) => [p.getWidth(), p.getHeight()])).toEqual([
      [288, 432],
      [288, 432],
      [288, 432],
    ]);
    const pages = await codesOnPages(pdfium, file.bytes);
    // The list is newest first: the last label created is on the first page.
    expect(pages.map((p) => p.code128)).toEqual([[CODES[2]], [CODES[1]], [CODES[0]]]);
    expect(pages.map((p) => p.pdf417)).toEqual([[`${CODES[2]} SW1A1AA GB`], [`${CODES[1]} SW1A1AA GB`], [`${CODES[0]} SW1A1AA GB`]]);
    await page.close();
  });

  it("downloads the A4 4-up PDF: one A4 sheet holding all three labels, every barcode readable", async () => {
    const page = await context.newPage();
    await page.goto(`${baseURL()}/labels`);
    await page.getByRole("checkbox", { name: "Select all on this page" }).check();
    await page.getByLabel("Layout").selectOption("a4-4");
    const file = await download(page, "Download PDF");
    expect(file.name).toMatch(/^labels-a4-4-.*\.pdf$/);
    const doc = await PDFDocument.load(file.bytes);
    expect(doc.getPages().map((p) => [p.getWidth(), p.getHeight()])).toEqual([[595.28, 841.89]]);
    const [sheet] = await codesOnPages(pdfium, file.bytes);
    expect(sheet.code128).toEqual([...CODES].sort());
    expect(sheet.pdf417).toEqual(CODES.map((c) => `${c} SW1A1AA GB`).sort());

    // Rendered for a person to look at.
    const [image] = renderPdf(pdfium, file.bytes, 72);
    const sharp = (await import("sharp")).default;
    await sharp(Buffer.from(image.data), { raw: { width: image.width, height: image.height, channels: 4 } })
      .png()
      .toFile("test-results/screenshots/bulk-print-a4-4.png");
    await page.close();
  });

  it("downloads ZPL with one format per label", async () => {
    const page = await context.newPage();
    await page.goto(`${baseURL()}/labels`);
    await page.getByRole("checkbox", { name: "Select all on this page" }).check();
    const file = await download(page, "Download ZPL");
    expect(file.name).toMatch(/\.zpl$/);
    const zpl = new TextDecoder().decode(file.bytes);
    expect(zpl.match(/\^XA/g)).toHaveLength(3);
    for (const code of CODES) expect(zpl).toContain(`^BCN,127,N,N,N,A^FH_^FD${code}^FS`);
    await page.close();
  });

  it("prints the rest of a selection and lists the labels left out, and why, in the bar", async () => {
    const api = (path: string, body: unknown) =>
      fetch(`${baseURL()}${path}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${session.access_token}`, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    await grantCredits(session.email, 2);
    // A label with only a postcode, and a Royal Mail label made by hand (no file to print from).
    expect((await api("/api/v1/label/manual", { courier: "evri", trackingCode: POSTCODE_ONLY, fields: { recipientPostcode: "M1 1AE" } })).status).toBe(201);
    expect((await api("/api/v1/label/manual", { courier: "royalmail", trackingCode: ROYAL_MAIL_BY_HAND, fields: { recipientPostcode: "BS1 4RB" } })).status).toBe(201);

    const page = await context.newPage();
    await page.goto(`${baseURL()}/labels`);
    await page.getByRole("checkbox", { name: "Select all on this page" }).check();
    await page.getByText("5 labels selected").waitFor();
    const file = await download(page, "Download PDF");
    const doc = await PDFDocument.load(file.bytes);
    expect(doc.getPages().map((p) => [p.getWidth(), p.getHeight()])).toEqual([
      [288, 432],
      [288, 432],
      [288, 432],
    ]);
    expect((await codesOnPages(pdfium, file.bytes)).map((p) => p.code128)).toEqual([[CODES[2]], [CODES[1]], [CODES[0]]]);

    const bar = page.getByRole("region", { name: "Print selected labels" });
    await bar.getByText("3 labels in the file; 2 left out:").waitFor();
    expect(await bar.getByRole("listitem").allTextContents()).toEqual([
      `No original PDF, PNG, JPEG or WEBP file to print: ${ROYAL_MAIL_BY_HAND}`,
      `No recipient name and address (add them on the label page): ${POSTCODE_ONLY}`,
    ]);
    await screenshot(page, "bulk-print-left-out-desktop");
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, "bulk-print-left-out-phone");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await bar.getByRole("link", { name: POSTCODE_ONLY }).click();
    await page.waitForURL(`**/label/${POSTCODE_ONLY}`);
    await page.close();
  });

  it("shows the server's refusal in the bar", async () => {
    const page = await context.newPage();
    await page.route("**/api/v1/labels/print", (route) =>
      route.fulfill({ status: 400, contentType: "application/json", body: JSON.stringify({ error: "These labels cannot be printed: SG12345678GB" }) }),
    );
    await page.goto(`${baseURL()}/labels`);
    await page.getByRole("checkbox", { name: `Select label ${CODES[1]}` }).check();
    await page.getByRole("button", { name: "Download PDF" }).click();
    const bar = page.getByRole("region", { name: "Print selected labels" });
    expect(await bar.getByRole("alert").textContent()).toBe("These labels cannot be printed: SG12345678GB");
    expect(await bar.getByText("1 label selected").isVisible()).toBe(true);
    await screenshot(page, "bulk-print-error");
    await page.close();
  });
});
