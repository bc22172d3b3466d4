import type { Browser, BrowserContext, Page } from "playwright-core";
import { readBarcodes } from "zxing-wasm/reader";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VIEWPORTS, baseURL, launchBrowser, screenshot } from "./browser";
import { loadZxing } from "./pdf";
import { grantCredits, newUser, signInBrowser, type Session } from "./session";

// Manual label -> list -> detail -> notes and tags -> print (barcodes decoded back) -> download state.

const CODE = "H04AQA0004726589"; // a real-format Evri code with a valid check digit

async function canvasPng(page: Page, name: string): Promise<Uint8Array> {
  const dataUrl = await page.getByRole("img", { name }).evaluate((c) => (c as HTMLCanvasElement).toDataURL("image/png"));
  return new Uint8Array(Buffer.from(dataUrl.split(",")[1], "base64"));
}

describe("labels: create by hand, list, detail, notes and tags, print", () => {
  let browser: Browser;
  let context: BrowserContext;
  let session: Session;
  let labelId = "";

  beforeAll(async () => {
    browser = await launchBrowser();
    session = await newUser("labels");
    await grantCredits(session.email, 2);
    context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    await signInBrowser(context, session);
    await loadZxing();
  });
  afterAll(async () => browser?.close());

  it("creates a label on the Manual tab", async () => {
    const page = await context.newPage();
    await page.goto(baseURL() + "/upload#manual");
    await page.getByRole("heading", { name: "New Label" }).waitFor();
    expect(await page.getByRole("tab", { name: "Manual" }).getAttribute("aria-selected")).toBe("true");
    await page.getByText("Credits available: 2").waitFor();
    await page.getByText("Evri, Royal Mail").waitFor();

    await page.getByRole("button", { name: "Create Label" }).click();
    expect(await page.getByRole("alert").textContent()).toBe("Please select a courier.");

    await page.getByLabel("Courier").selectOption("evri");
    expect(await page.getByLabel("Tracking code").getAttribute("placeholder")).toBe("H01… (16 chars)");
    await page.getByLabel("Tracking code").fill(CODE.toLowerCase());
    await page.getByLabel(/Recipient postcode/).fill("sw1a1aa");
    await page.getByLabel(/Weight/).fill("1450");
    await page.getByLabel("Dimensions (cm) L").fill("30");
    await page.getByLabel("Dimensions (cm) W").fill("20");
    await page.getByLabel("Dimensions (cm) H").fill("10");
    await page.getByLabel("Tags").fill("e2e, gifts");
    await page.getByLabel("Notes").fill("Handle with care");
    await screenshot(page, "labels-manual-desktop");
    await page.getByRole("button", { name: "Create Label" }).click();
    await page.getByText(`Label ${CODE} created.`).waitFor();
    await page.getByText("Credits available: 1").waitFor();
    labelId = (await page.getByRole("link", { name: "View label", exact: true }).getAttribute("href"))!.split("/").pop()!;
    expect(labelId).toMatch(/^lbl_/);

    // Hash follows the tab.
    await page.getByRole("tab", { name: "Upload" }).click();
    expect(new URL(page.url()).hash).toBe("#upload");
    await page.close();
  });

  it("shows it in the list and opens the detail", async () => {
    const page = await context.newPage();
    await page.goto(baseURL() + "/labels");
    const card = page.getByRole("article", { name: `Label ${CODE}` });
    await card.waitFor();
    expect(await page.getByText("1 label · Page 1 of 1").isVisible()).toBe(true);
    expect(await card.getByText("1.5 kg").isVisible()).toBe(true);
    expect(await card.getByText("30cm × 20cm × 10cm").isVisible()).toBe(true);
    expect(await card.getByText("SW1A 1AA").isVisible()).toBe(true);
    // The no-events text is the courier's own, from the couriers call that loads beside the list.
    await card.getByText("No tracking updates yet. This might be because Evri is behind or the number is too old.").waitFor();
    await screenshot(page, "labels-list-desktop");
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, "labels-list-phone");
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await page.setViewportSize(VIEWPORTS.desktop);

    await card.getByRole("link", { name: "More Info" }).click();
    await page.waitForURL(`**/label/${labelId}`);
    await page.getByRole("heading", { name: "Label Details" }).waitFor();
    expect(await page.getByRole("button", { name: "Print" }).isEnabled()).toBe(true);
    const download = page.getByRole("button", { name: "Download original" });
    expect(await download.isDisabled()).toBe(true);
    expect(await download.getAttribute("title")).toBe("No original file available");
    const send = await page.getByRole("link", { name: "Send with Evri" }).getAttribute("href");
    expect(new URL(send!).searchParams.get("weightBand")).toBe("1–2kg");
    expect(new URL(send!).searchParams.get("to")).toBe("SW1A 1AA");
    expect(await page.getByText("No updates available.").isVisible()).toBe(true);
    // On a phone: why 'Download original' is off is said on the page (no hover there), and 'Back to all labels' and
    // 'Send with Evri' are bordered like the other actions (borderless, they read as stray indented text).
    await page.setViewportSize(VIEWPORTS.phone);
    expect(await page.getByText("No original file available.", { exact: true }).isVisible()).toBe(true);
    for (const name of ["Back to all labels", "Send with Evri"]) {
      const border = await page.getByRole("link", { name }).evaluate((el) => getComputedStyle(el).borderTopColor);
      expect({ name, border }).not.toEqual({ name, border: "rgba(0, 0, 0, 0)" });
    }
    await screenshot(page, "label-detail-phone");
    await page.close();
  });

  it("edits notes and tags and shows Saved", async () => {
    const page = await context.newPage();
    await page.goto(`${baseURL()}/label/${CODE}`);
    await page.getByRole("heading", { name: "Notes & Tags" }).waitFor();
    expect(await page.getByLabel("Notes", { exact: true }).inputValue()).toBe("Handle with care");
    await page.getByLabel("Notes", { exact: true }).fill("Left with neighbour");
    await page.getByLabel("Tags", { exact: true }).fill("e2e, , returns ");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Saved", { exact: true }).waitFor();
    expect(await page.getByLabel("Tags", { exact: true }).inputValue()).toBe("e2e, returns");
    await screenshot(page, "label-detail-desktop");
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, "label-detail-phone");

    const res = await fetch(`${baseURL()}/api/v1/label/${labelId}`, { headers: { Authorization: `Bearer ${session.access_token}` } });
    expect(await res.json()).toMatchObject({ notes: "Left with neighbour", tags: ["e2e", "returns"] });
    const filtered = await fetch(`${baseURL()}/api/v1/labels?tags=returns`, { headers: { Authorization: `Bearer ${session.access_token}` } });
    expect(((await filtered.json()) as { total: number }).total).toBe(1);
    await page.close();
  });

  it("prints a 4x6 label whose PDF417 and Code128 decode back to the label", async () => {
    const page = await context.newPage();
    await page.addInitScript(() => {
      (window as unknown as { printedAt?: number }).printedAt = undefined;
      window.print = () => {
        (window as unknown as { printedAt?: number }).printedAt = performance.now();
      };
    });
    await page.goto(`${baseURL()}/label/${labelId}/print`);
    // A label made by hand has only the recipient's postcode: the print view asks for the rest first.
    const form = page.getByRole("form", { name: "Who is this parcel going to?" });
    await form.getByLabel("Name").first().fill("Ada Lovelace");
    await form.getByLabel("Address lines").first().fill("12 Example Street\nLondon");
    await form.getByRole("button", { name: "Save and print" }).click();
    await page.locator(".print-label[data-ready=true]").waitFor();
    expect(await page.locator(".navbar").count()).toBe(0);
    expect(await page.getByText("Failed to render").count()).toBe(0);
    await page.waitForFunction(() => (window as unknown as { printedAt?: number }).printedAt !== undefined);

    const code128 = await readBarcodes(await canvasPng(page, "Code128 barcode"), { formats: ["Code128"] });
    expect(code128.map((r) => r.text)).toEqual([CODE]);
    const pdf417 = await readBarcodes(await canvasPng(page, "PDF417 barcode"), { formats: ["PDF417"] });
    expect(pdf417.map((r) => r.text)).toEqual([`${CODE} SW1A1AA GB`]);
    expect(await page.locator(".print-block").filter({ hasText: "To" }).textContent()).toContain("SW1A 1AA");
    expect(await page.getByText("30cm × 20cm × 10cm").isVisible()).toBe(true);

    // The printed page is 4in x 6in (288 x 432 pt).
    const pdf = (await page.pdf({ preferCSSPageSize: true })).toString("latin1");
    expect(pdf).toMatch(/MediaBox\s*\[\s*0 0 288 432\s*\]/);
    await screenshot(page, "label-print");
    await page.close();
  });

  it("corrects the recipient and weight in 'Edit details', free, and shows them as edited after a reload", async () => {
    const page = await context.newPage();
    await page.goto(`${baseURL()}/label/${labelId}`);
    await page.getByRole("button", { name: "Edit details" }).click();
    const editor = page.getByRole("form", { name: "Edit details" });
    await editor.waitFor();
    await editor.getByLabel("Name").nth(1).fill("Jane Smith");
    await editor.getByLabel("Address lines").nth(1).fill("Flat 2\n14 Acacia Avenue\nManchester");
    await editor.getByLabel("Postcode").nth(1).fill("not a postcode");
    await editor.getByRole("button", { name: "Save details" }).click();
    expect(await editor.getByRole("alert").first().textContent()).toBe("Recipient postcode must be a UK postcode.");
    await editor.getByLabel("Postcode").nth(1).fill("m11ae");
    await editor.getByLabel(/Weight \(g\)/).fill("2300");
    await screenshot(page, "label-edit-details-desktop");
    await editor.getByRole("button", { name: "Save details" }).click();
    await editor.waitFor({ state: "detached" });

    await page.reload();
    const recipient = page.getByRole("region", { name: "Recipient" });
    await recipient.getByText("Jane Smith").waitFor();
    expect(await recipient.getByText("M1 1AE").isVisible()).toBe(true);
    expect(await recipient.getByText("edited by you").isVisible()).toBe(true);
    await page.setViewportSize(VIEWPORTS.phone);
    await page.getByRole("button", { name: "Edit details" }).click();
    await screenshot(page, "label-edit-details-phone");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);

    const res = await fetch(`${baseURL()}/api/v1/label/${labelId}`, { headers: { Authorization: `Bearer ${session.access_token}` } });
    const d = ((await res.json()) as { data: { weightInGrams: number; fieldSources: Record<string, string> }[] }).data[0];
    expect(d.weightInGrams).toBe(2300);
    expect(d.fieldSources).toMatchObject({ address: "user", weightInGrams: "user" });
    // Free: the balance is what it was after creating the label.
    const user = await fetch(`${baseURL()}/api/v1/user`, { headers: { Authorization: `Bearer ${session.access_token}` } });
    expect(((await user.json()) as { credits: number }).credits).toBe(1);
    await page.close();
  });

  it("answers 'Label not found' on the print view of another user's label", async () => {
    const other = await newUser("labels-other");
    const ctx = await browser.newContext({ viewport: VIEWPORTS.desktop });
    await signInBrowser(ctx, other);
    const page = await ctx.newPage();
    await page.addInitScript(() => {
      window.print = () => {};
    });
    await page.goto(`${baseURL()}/label/${labelId}/print`);
    await page.getByText("Label not found").waitFor();
    await page.goto(`${baseURL()}/label/${labelId}`);
    await page.getByText("Label not found.").waitFor();
    await ctx.close();
  });
});
