import { readFileSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VIEWPORTS, baseURL, downloadedBytes, launchBrowser, screenshot } from "./browser";
import { d1 } from "./d1";
import { grantCredits, newUser, signInBrowser, type Session } from "./session";

// The claim pack (issue 16): an imported Evri label with tracking events gets a declared value in
// 'Edit details', its detail links to the printable claim page, which shows what a claim form asks,
// and 'Download PDF' saves an A4 PDF holding the same (parsed back here) with the original appended.

const CODE = "H04AQA0004726589"; // the code of test/fixtures/labels/evri.pdf

const EVENTS = [
  { dateTime: "2026-11-13T13:02:11Z", trackingPoint: { trackingPointCode: "DEL", description: "Delivered to your safe place: porch" }, trackingStage: { trackingStageCode: "5_COURIER", description: "Delivered" } },
  { dateTime: "2026-11-13T07:45:37Z", trackingPoint: { trackingPointCode: "OFD", description: "Your courier has your parcel and it's out for delivery" }, trackingStage: { trackingStageCode: "4_COURIER" } },
  { dateTime: "2026-11-12T17:42:20Z", trackingPoint: { trackingPointCode: "COL", description: "We've got it" }, trackingStage: { trackingStageCode: "2" }, location: "Leeds" },
];

describe("claim pack", () => {
  let browser: Browser;
  let context: BrowserContext;
  let session: Session;
  let labelId = "";

  beforeAll(async () => {
    browser = await launchBrowser();
    session = await newUser("claim");
    await grantCredits(session.email, 2);
    const form = new FormData();
    form.append("files", new Blob([readFileSync("test/fixtures/labels/evri.pdf")], { type: "application/pdf" }), "evri.pdf");
    const res = await fetch(baseURL() + "/api/v1/label", { method: "POST", headers: { Authorization: `Bearer ${session.access_token}` }, body: form });
    expect(res.status).toBe(200);
    labelId = ((await res.json()) as Array<{ id: string; trackingCode: string }>).find((l) => l.trackingCode === CODE)!.id;
    const tracking = JSON.stringify({ results: [{ service: { serviceType: "Next Day" }, trackingEvents: EVENTS }] }).replace(/'/g, "''");
    await d1(`UPDATE labels SET tracking_json = '${tracking}', tracking_status = 'delivered' WHERE id = '${labelId}'`);
    context = await browser.newContext({ viewport: VIEWPORTS.desktop, acceptDownloads: true });
    await signInBrowser(context, session);
  });
  afterAll(async () => browser?.close());

  async function detail(): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${baseURL()}/label/${labelId}`);
    await page.getByRole("heading", { name: "Label Details" }).waitFor();
    return page;
  }

  it("takes a declared value in 'Edit details' and shows it on the label", async () => {
    const page = await detail();
    await page.getByRole("button", { name: "Edit details" }).click();
    const input = page.getByLabel("Declared value (£)");
    await input.fill("12.345");
    await page.getByRole("button", { name: "Save details" }).click();
    await page.getByText(/Declared value must be an amount in pounds/).waitFor();
    await input.fill("249.50");
    await page.getByRole("button", { name: "Save details" }).click();
    await page.getByRole("heading", { name: "Edit details" }).waitFor({ state: "detached" });
    await page.getByText("£249.50").waitFor();
    await page.close();
  });

  it("opens the claim page from the label detail with every field a claim form asks", async () => {
    const page = await detail();
    await page.getByRole("link", { name: "Claim pack" }).click();
    await page.waitForURL(`**/label/${labelId}/claim`);
    await page.getByRole("heading", { name: "Tracking history" }).waitFor();
    const text = (await page.locator("main").textContent()) ?? "";
    for (const expected of [
      CODE,
      "Evri, Next Day",
      "Jane Smith",
      "14 Acacia Avenue",
      "M1 1AE",
      "ACME Widgets Ltd",
      "LS11 5TD",
      "1.2 kg",
      "£249.50",
      "12 Nov 2026, 17:42", // first scan, UK time
      "13 Nov 2026, 13:02", // last scan
      "Left in a safe place",
      "Your courier has your parcel and it's out for delivery",
      "evri.pdf is added at the end of the PDF.",
    ]) {
      expect(text).toContain(expected);
    }
    expect(await page.getByRole("row").count()).toBe(EVENTS.length + 1);
    await screenshot(page, "claim-pack-desktop");
    // On paper the page frame, the buttons and the back link are left out.
    await page.emulateMedia({ media: "print" });
    expect(await page.getByRole("button", { name: "Print" }).isVisible()).toBe(false);
    expect(await page.locator(".navbar").isVisible()).toBe(false);
    await page.emulateMedia({ media: "screen" });
    await page.close();
  });

  it("downloads the PDF: the tracking number, addresses, declared value, history and the original's page", async () => {
    const page = await context.newPage();
    await page.goto(`${baseURL()}/label/${labelId}/claim`);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download PDF" }).click()]);
    expect(download.suggestedFilename()).toBe(`claim-pack-${CODE}.pdf`);
    const doc = await getDocumentProxy(new Uint8Array(await downloadedBytes(download)));
    const { text, totalPages } = await extractText(doc, { mergePages: true });
    const flat = text.replace(/\s+/g, " ");
    for (const expected of [CODE, "Jane Smith", "14 Acacia Avenue", "M1 1AE", "ACME Widgets Ltd", "LS11 5TD", "£249.50", "Left in a safe place", "We've got it", "Leeds"]) {
      expect(flat).toContain(expected);
    }
    // The pack's own page, then the one page of the original label (its own text comes back too).
    expect(totalPages).toBe(2);
    expect(((await doc.getPage(2)).view as number[]).map(Math.round)).not.toEqual([0, 0, 595, 842]);
    await page.close();
  });

  it("fits a phone's width", async () => {
    const phone = await browser.newContext({ viewport: VIEWPORTS.phone });
    await signInBrowser(phone, session);
    const page = await phone.newPage();
    await page.goto(`${baseURL()}/label/${labelId}/claim`);
    await page.getByText("£249.50").waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, "claim-pack-phone");
    await phone.close();
  });

  it("says 'Label not found.' for a label that is not the user's", async () => {
    const page = await context.newPage();
    await page.goto(`${baseURL()}/label/lbl_nope/claim`);
    await page.getByText("Label not found.").waitFor();
    await page.close();
  });
});
