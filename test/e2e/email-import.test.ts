import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VIEWPORTS, baseURL, launchBrowser, screenshot } from "./browser";
import { mailArriving, mailBody } from "./mail";
import { grantCredits, newUser, signInBrowser } from "./session";

// Labels by email: the import address read in Settings, a label PDF mailed to it through the Worker's
// email() handler, the label in /labels and the reply in the account's mail; a regenerated address
// refuses the old one.

const FIXTURES = path.join(import.meta.dirname, "../fixtures/labels");

function mailWithLabel(to: string, name: string): string {
  const b64 = readFileSync(path.join(FIXTURES, name)).toString("base64").replace(/.{76}/g, "$&\r\n");
  return [
    "From: Marketplace <labels@marketplace.example>",
    `To: ${to}`,
    "Subject: Your Evri label for order 1042",
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${Date.now()}@marketplace.example>`,
    "MIME-Version: 1.0",
    'Content-Type: multipart/mixed; boundary="LABEL"',
    "",
    "--LABEL",
    "Content-Type: text/plain; charset=utf-8",
    "",
    "Your label is attached.",
    "--LABEL",
    `Content-Type: application/pdf; name="${name}"`,
    "Content-Transfer-Encoding: base64",
    `Content-Disposition: attachment; filename="${name}"`,
    "",
    b64,
    "--LABEL--",
    "",
  ].join("\r\n");
}

/** Delivers a mail to the running worker's email() handler, as Email Routing would. */
function deliver(to: string, raw: string, from = "labels@marketplace.example") {
  return fetch(`${baseURL()}/cdn-cgi/handler/email?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, { method: "POST", body: raw });
}

/** Waits for the product's mail to `address` with `subject`, and answers its text. */
const mailText = async (address: string, subject: string) => (await mailBody(await mailArriving(address, subject))).text;

const addressOn = async (page: Page) => page.getByTestId("import-address").inputValue();

describe("labels by email", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("imports a label mailed to the address shown in Settings, and refuses the address once regenerated", async () => {
    const session = await newUser("mailimport");
    await grantCredits(session.email, 3);
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    await signInBrowser(context, session);
    const page = await context.newPage();

    await page.goto(baseURL() + "/settings");
    await page.getByRole("heading", { name: "Import labels by email" }).waitFor();
    await page.getByTestId("import-address").waitFor();
    const address = await addressOn(page);
    expect(address).toMatch(/^labels\+[a-z2-7]{26}@parcelhive\.test$/);
    await page.getByText(`We reply to ${session.email} with what was imported, or why not.`).waitFor();
    await page.getByRole("heading", { name: "Import labels by email" }).scrollIntoViewIfNeeded();
    await screenshot(page, "settings-import-address-desktop");

    const res = await deliver(address, mailWithLabel(address, "evri.pdf"));
    expect(res.status).toBe(200);

    const reply = await mailText(session.email, "Labels by email: 1 imported");
    expect(reply).toContain("Imported from evri.pdf: H04AQA0004726589 (Evri): new label, 1 credit");
    expect(reply).toContain("Credits left: 2.");
    // Its link follows the port the app is served on.
    expect(reply).toContain(`${baseURL()}/labels`);

    await page.goto(baseURL() + "/labels");
    await page.getByText("H04AQA0004726589").first().waitFor();
    await screenshot(page, "email-import-labels-desktop");

    // Regenerate: asks first, then the old address is refused and nothing more is imported.
    await page.goto(baseURL() + "/settings");
    await page.getByTestId("import-address").waitFor();
    await page.getByRole("button", { name: "Regenerate address" }).click();
    await page.getByRole("alertdialog").getByText("The current address stops working at once").waitFor();
    await page.getByRole("button", { name: "Yes, regenerate" }).click();
    await page.getByText("New address ready. The old one no longer works.").waitFor();
    const fresh = await addressOn(page);
    expect(fresh).not.toBe(address);

    const refused = await deliver(address, mailWithLabel(address, "royalmail.pdf"));
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Unknown recipient");
    await page.goto(baseURL() + "/labels");
    await page.getByText("H04AQA0004726589").first().waitFor();
    expect(await page.getByText("VB442550835GB").count()).toBe(0);
    await context.close();
  });

  it("shows the address and its copy button at phone width, usable from the keyboard", async () => {
    const session = await newUser("mailimport-phone");
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    await signInBrowser(context, session);
    const page = await context.newPage();
    await page.goto(baseURL() + "/settings");
    await page.getByTestId("import-address").waitFor();
    const copy = page.getByRole("button", { name: "Copy import address" });
    await copy.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Copied!" }).waitFor();
    // Nothing on the card is wider than the screen.
    const overflow = await page.evaluate(() => {
      const card = document.querySelector("[aria-labelledby=import-address-title]")!;
      return [...card.querySelectorAll("*")].some((el) => el.getBoundingClientRect().right > window.innerWidth + 1);
    });
    expect(overflow).toBe(false);
    await page.getByRole("heading", { name: "Import labels by email" }).scrollIntoViewIfNeeded();
    await screenshot(page, "settings-import-address-phone");
    await context.close();
  });
});
