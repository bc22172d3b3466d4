import { readFileSync } from "node:fs";
import { PDFDocument } from "pdf-lib";
import type { Browser, BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { readBarcodes } from "zxing-wasm/reader";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCREENSHOTS_LOOKED_AT, VIEWPORTS, baseURL, launchBrowser, screenshot } from "./browser";
import { loadPdfium, loadZxing, renderPdf, type Pdfium } from "./pdf";
import { grantCredits, newUser, signInBrowser, type Session } from "./session";

// Printing one label from its page: every print exactly one 4x6 in page whatever the branding and text (the
// browser's own print of the print view, counted in the PDF Chromium makes), a Royal Mail label printed from its
// original file, the reason in words when a label cannot print, and the recipient asked for before a label with
// only a postcode prints.

const EVRI_CODE = "H04AQA0004726589"; // evri.pdf: van routing, a 2D payload, next day
const PLAIN_CODE = "H01PRA0000000108";
const POSTCODE_ONLY = "H01PRA0000000209";
const ROYAL_MAIL_FILE = "VB442550835GB"; // royalmail.pdf
const ROYAL_MAIL_BY_HAND = "SG577041359GB";
/** The page's layout viewport: the 1280x800 (the other e2e files use 860 high). */
const DESKTOP = { width: 1280, height: 800 };

/** The longest values of a real label: names and lines at the 35-40 characters carriers' systems take. */
const LONG_RECIPIENT = {
  name: "Dr Maximilian Alexander-Featherstonehaugh",
  address: ["Flat 12B Montgomery Court Residences", "147-151 St Bartholomew's Road North", "Newcastle upon Tyne", "Tyne and Wear"],
  postcode: "NE12 8BU",
};
const LONG_SENDER = {
  name: "Bartholomew Fitzwilliam-Worthington",
  address: ["The Old Rectory Coach House Annexe", "Upper Little Snoring Lane", "Kingston upon Hull", "East Riding of Yorkshire"],
  postcode: "HU10 6TS",
};

describe("printing one label", () => {
  let browser: Browser;
  let context: BrowserContext;
  let session: Session;
  let pdfium: Pdfium;
  const ids: Record<string, string> = {};

  const api = (path: string, init: { method: string; json?: unknown; body?: FormData }) =>
    fetch(baseURL() + path, {
      method: init.method,
      headers: { Authorization: `Bearer ${session.access_token}`, ...(init.json ? { "Content-Type": "application/json" } : {}) },
      body: init.json ? JSON.stringify(init.json) : init.body,
    });

  async function upload(fixture: string, code: string) {
    const form = new FormData();
    form.append("files", new Blob([readFileSync(`test/fixtures/labels/${fixture}`)], { type: "application/pdf" }), fixture);
    const res = await api("/api/v1/label", { method: "POST", body: form });
    expect(res.status).toBe(200);
    ids[code] = ((await res.json()) as Array<{ id: string; trackingCode: string }>).find((l) => l.trackingCode === code)!.id;
  }

  async function manual(courier: string, code: string, fields: Record<string, unknown>) {
    const res = await api("/api/v1/label/manual", { method: "POST", json: { courier, trackingCode: code, fields } });
    expect(res.status).toBe(201);
    ids[code] = ((await res.json()) as { id: string }).id;
  }

  beforeAll(async () => {
    // A Royal Mail label's original file is shown as a PDF in the print view's frame: the screenshot shows it drawn in a
    // Chromium of the file's own, where people look at it. In CI the run's headless shell, which leaves the frame blank
    // (no test reads what it draws), costs 31 CPU-s for the file against 45.
    browser = await launchBrowser({ pdfViewer: SCREENSHOTS_LOOKED_AT });
    session = await newUser("print");
    await grantCredits(session.email, 5);
    // Branding at its longest: a wide banner, a company name and a tagline that takes two lines.
    const banner = await sharp({ create: { width: 1200, height: 300, channels: 3, background: "#b45309" } }).png().toBuffer();
    const profile = new FormData();
    profile.append("company_name", "Quayside Books & Curiosities Emporium Ltd");
    profile.append("company_tagline", "Rare, second-hand and antiquarian books posted across the United Kingdom since 1987");
    profile.append("banner_image", new Blob([banner], { type: "image/png" }), "banner.png");
    expect((await api("/api/v1/user/profile", { method: "PUT", body: profile })).status).toBe(200);

    await upload("evri.pdf", EVRI_CODE);
    const long = await api(`/api/v1/label/${ids[EVRI_CODE]}/details`, { method: "PATCH", json: { address: LONG_RECIPIENT, fromAddress: LONG_SENDER } });
    expect(long.status).toBe(200);
    await manual("evri", PLAIN_CODE, { recipientPostcode: "SW1A 1AA", weightInGrams: 500 });
    const plain = { name: "Ada Lovelace", address: ["12 Example Street", "London"], postcode: "SW1A 1AA" };
    expect((await api(`/api/v1/label/${PLAIN_CODE}/details`, { method: "PATCH", json: { address: plain } })).status).toBe(200);
    await manual("evri", POSTCODE_ONLY, { recipientPostcode: "M1 1AE" });
    await upload("royalmail.pdf", ROYAL_MAIL_FILE);
    await manual("royalmail", ROYAL_MAIL_BY_HAND, { recipientPostcode: "BS1 4RB" });

    context = await browser.newContext({ viewport: DESKTOP });
    await signInBrowser(context, session);
    // Every page of the context (the print tabs too) records the print dialog instead of opening it.
    await context.addInitScript(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed++;
      };
    });
    await loadZxing();
    pdfium = await loadPdfium();
  });
  afterAll(async () => browser?.close());

  const printedCount = (page: Page) => page.evaluate(() => (window as unknown as { printed: number }).printed);

  /** The print view, ready (barcodes drawn, text fitted, the dialog about to open). */
  async function printView(code: string): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${baseURL()}/label/${ids[code]}/print`);
    await page.locator(".print-label[data-ready=true]").waitFor();
    await page.waitForFunction(() => (window as unknown as { printed: number }).printed > 0);
    return page;
  }

  /** The page Chromium prints (print media, the page's own @page size): its pages' sizes and their barcodes. */
  async function printedPages(page: Page) {
    const pdf = new Uint8Array(await page.pdf({ preferCSSPageSize: true }));
    const sizes = (await PDFDocument.load(pdf)).getPages().map((p) => [Math.round(p.getWidth()), Math.round(p.getHeight())]);
    const codes = [];
    for (const image of renderPdf(pdfium, pdf, 300)) {
      codes.push((await readBarcodes(image as unknown as ImageData, { formats: ["Code128", "PDF417"], maxNumberOfSymbols: 4 })).map((b) => `${b.format}:${b.text}`).sort());
    }
    return { sizes, codes };
  }

  /** Where the Code128 sits on the label, and its size (CSS px). */
  async function code128Box(page: Page) {
    const label = (await page.locator(".print-label").boundingBox())!;
    const bars = (await page.getByRole("img", { name: "Code128 barcode" }).boundingBox())!;
    return { top: Math.round(bars.y - label.y), left: Math.round(bars.x - label.x), width: Math.round(bars.width), height: Math.round(bars.height) };
  }

  it("prints the longest realistic Evri label with a banner, company and tagline on exactly one 4x6 in page, its barcodes where a plain label's are", async () => {
    const page = await printView(EVRI_CODE);
    // The text fitted the room left above the barcodes: nothing clipped.
    expect(await page.locator(".print-label").getAttribute("data-overflow")).toBeNull();
    const text = (await page.locator(".print-label").textContent()) ?? "";
    for (const line of [...LONG_RECIPIENT.address, ...LONG_SENDER.address, LONG_RECIPIENT.name, LONG_SENDER.name, "VAN 98 DROP 38 C-ROUND 7123"]) expect(text).toContain(line);
    const printed = await printedPages(page);
    expect(printed.sizes).toEqual([[288, 432]]);
    expect(printed.codes).toEqual([[`Code128:${EVRI_CODE}`, "PDF417:H04AQA0004726589|M11AE|LVPL|98|38|7123|NDY|1200|20261112|EVRI01"]]);
    await screenshot(page, "label-print-long-desktop");
    const long = await code128Box(page);
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, "label-print-long-phone");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await page.close();

    const plain = await printView(PLAIN_CODE);
    expect((await printedPages(plain)).sizes).toEqual([[288, 432]]);
    expect(await code128Box(plain)).toEqual(long);
    await plain.close();
  });

  it("asks for the recipient before printing a label with only a postcode, saves it on the label, then prints", async () => {
    const detail = await context.newPage();
    await detail.goto(`${baseURL()}/label/${ids[POSTCODE_ONLY]}`);
    await detail.getByText("No recipient name and address yet: Print asks for them first.").waitFor();
    const [page] = await Promise.all([context.waitForEvent("page"), detail.getByRole("button", { name: "Print" }).click()]);
    const form = page.getByRole("form", { name: "Who is this parcel going to?" });
    await form.waitFor();
    expect(await form.getByLabel("Postcode").first().inputValue()).toBe("M1 1AE");
    await form.getByRole("button", { name: "Save and print" }).click();
    expect(await form.getByRole("alert").textContent()).toBe("Add the recipient's name.");
    await screenshot(page, "label-print-recipient-desktop");
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, "label-print-recipient-phone");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await page.setViewportSize(DESKTOP);
    expect(await printedCount(page)).toBe(0);

    await form.getByLabel("Name").first().fill("Jane Smith");
    await form.getByLabel("Address lines").first().fill("Flat 2\n14 Acacia Avenue\nManchester");
    await form.getByRole("button", { name: "Save and print" }).click();
    await page.locator(".print-label[data-ready=true]").waitFor();
    await page.waitForFunction(() => (window as unknown as { printed: number }).printed === 1);
    expect(await page.locator(".print-to div").allTextContents()).toEqual(["Jane Smith", "Flat 2", "14 Acacia Avenue", "Manchester", "M1 1AE"]);
    expect((await printedPages(page)).sizes).toEqual([[288, 432]]);

    const saved = (await (await api(`/api/v1/label/${POSTCODE_ONLY}`, { method: "GET" })).json()) as { data: Array<{ address: unknown; fieldSources: Record<string, string> }> };
    expect(saved.data[0].address).toEqual({ name: "Jane Smith", address: ["Flat 2", "14 Acacia Avenue", "Manchester"], postcode: "M1 1AE", countryCode: "GB" });
    expect(saved.data[0].fieldSources.address).toBe("user");
    await page.close();
    await detail.close();
  });

  it("prints a Royal Mail label's original file from its page and its card, on one 4x6 in page", async () => {
    const detail = await context.newPage();
    await detail.goto(`${baseURL()}/label/${ids[ROYAL_MAIL_FILE]}`);
    await detail.getByText("Prints the original Royal Mail label file.").waitFor();
    await screenshot(detail, "label-detail-royalmail-desktop");
    await detail.setViewportSize(VIEWPORTS.phone);
    await screenshot(detail, "label-detail-royalmail-phone");
    await detail.setViewportSize(DESKTOP);
    // The page the print tab shows is the server's answer to printing this one label: kept on its way through.
    let answer: Buffer | undefined;
    await context.route("**/api/v1/labels/print", async (route) => {
      const res = await route.fetch();
      answer = await res.body();
      await route.fulfill({ response: res, body: answer });
    });
    const [page] = await Promise.all([context.waitForEvent("page"), detail.getByRole("button", { name: "Print" }).click()]);
    const frame = page.getByTitle(`Original label ${ROYAL_MAIL_FILE}`);
    await frame.waitFor();
    expect(await frame.getAttribute("src")).toMatch(/^blob:/);
    await context.unroute("**/api/v1/labels/print");
    const pdf = new Uint8Array(answer!);
    expect((await PDFDocument.load(pdf)).getPages().map((p) => [p.getWidth(), p.getHeight()])).toEqual([[288, 432]]);
    const [image] = renderPdf(pdfium, pdf, 300);
    const texts = (await readBarcodes(image as unknown as ImageData, { maxNumberOfSymbols: 4 })).map((b) => b.text);
    expect(texts.some((t) => t.includes(ROYAL_MAIL_FILE))).toBe(true);
    expect(await page.getByRole("link", { name: "Download PDF" }).getAttribute("download")).toMatch(/^labels-4x6-\d{4}-\d{2}-\d{2}\.pdf$/);
    // The screenshot shows the PDF once the frame has loaded it (the headless shell never draws it: see beforeAll).
    if (SCREENSHOTS_LOOKED_AT) await (await frame.elementHandle())?.contentFrame().then((f) => f?.waitForLoadState("load"));
    await screenshot(page, "label-print-original-desktop");
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, "label-print-original-phone");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await page.close();

    // The card prints it too.
    await detail.goto(`${baseURL()}/labels`);
    const card = detail.getByRole("article", { name: `Label ${ROYAL_MAIL_FILE}` });
    const [fromCard] = await Promise.all([context.waitForEvent("page"), card.getByRole("button", { name: "Print" }).click()]);
    await fromCard.getByTitle(`Original label ${ROYAL_MAIL_FILE}`).waitFor();
    await fromCard.close();
    await detail.close();
  });

  it("says in words, on the page, the card and the print view, when a Royal Mail label has nothing to print", async () => {
    const reason = "Printing not supported for Royal Mail yet: this label has no original file to print.";
    const page = await context.newPage();
    await page.goto(`${baseURL()}/label/${ids[ROYAL_MAIL_BY_HAND]}`);
    const print = page.getByRole("button", { name: "Print" });
    await page.getByText(reason).waitFor();
    expect(await print.isDisabled()).toBe(true);
    expect(await print.getAttribute("title")).toBe("Printing not supported for Royal Mail yet");
    expect(await page.locator(`#${await print.getAttribute("aria-describedby")}`).textContent()).toBe(reason);
    await screenshot(page, "label-detail-cannot-print-desktop");
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, "label-detail-cannot-print-phone");
    await page.setViewportSize(DESKTOP);

    await page.goto(`${baseURL()}/labels`);
    const card = page.getByRole("article", { name: `Label ${ROYAL_MAIL_BY_HAND}` });
    await card.getByText(reason).waitFor();
    expect(await card.getByRole("button", { name: "Print" }).isDisabled()).toBe(true);

    await page.goto(`${baseURL()}/label/${ids[ROYAL_MAIL_BY_HAND]}/print`);
    await page.getByRole("heading", { name: "Printing not supported for Royal Mail yet" }).waitFor();
    expect(await printedCount(page)).toBe(0);
    await page.close();
  });
});
