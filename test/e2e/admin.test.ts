import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VIEWPORTS, baseURL, launchBrowser, screenshot } from "./browser";
import { adminSession, newUser, signInBrowser, type Session } from "./session";

// Mail as a sending server hands it over (the worker tests cover charsets and hostile HTML;
// test/fixtures/mail belongs to the worker project, so these two are spelled out here).
const eml = (lines: string[]) => lines.join("\r\n");

function plainText(subject: string, body: string) {
  return eml([
    "From: Alice Sender <alice@example.com>",
    "To: support@parcelhive.test",
    `Subject: ${subject}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${crypto.randomUUID()}@example.com>`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "",
    body,
    "",
  ]);
}

function withAttachment() {
  return eml([
    "From: Bob Shop <bob@shop.example>",
    "To: support@parcelhive.test",
    "Cc: Carol <carol@shop.example>",
    "Subject: =?UTF-8?B?SW52b2ljZSDigJMgb3JkZXIgIzQy?=",
    `Date: ${new Date(Date.now() - 60_000).toUTCString()}`,
    "Message-ID: <invoice-42@shop.example>",
    "MIME-Version: 1.0",
    'Content-Type: multipart/mixed; boundary="MIXED"',
    "",
    "--MIXED",
    "Content-Type: text/html; charset=utf-8",
    "",
    '<p>Please find the <b>invoice</b> attached.</p><img src="https://tracker.example/p.gif" alt="pixel"><script>alert(1)</script>',
    "--MIXED",
    'Content-Type: application/pdf; name="invoice 42.pdf"',
    "Content-Transfer-Encoding: base64",
    'Content-Disposition: attachment; filename="invoice 42.pdf"',
    "",
    btoa("%PDF-1.4\n% tiny\n"),
    "--MIXED--",
    "",
  ]);
}

/** Delivers an EML to the running worker's email() handler, as Email Routing would. */
async function sendInbound(raw: string, from = "alice@example.com") {
  const res = await fetch(
    `${baseURL()}/cdn-cgi/handler/email?from=${encodeURIComponent(from)}&to=${encodeURIComponent("support@parcelhive.test")}`,
    { method: "POST", body: raw },
  );
  if (!res.ok) throw new Error(`inbound email: ${res.status} ${await res.text()}`);
}

async function pageAs(browser: Browser, session: Session, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  await signInBrowser(context, session);
  return context.newPage();
}

describe("admin screens", () => {
  let browser: Browser;
  let admin: Session;
  const subject = `Parcel question ${Date.now()}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await adminSession();
    await sendInbound(withAttachment(), "bob@shop.example");
    await sendInbound(plainText(subject, "Hello, where is parcel H01E2E? Thanks, Alice"));
  });
  afterAll(async () => browser?.close());

  it("admin reads an inbound mail, replies, and sees the reply in the mailbox (desktop)", async () => {
    const page = await pageAs(browser, admin, VIEWPORTS.desktop);
    await page.goto(baseURL() + "/webmail");
    await page.getByRole("heading", { name: "Admin Webmail" }).waitFor();
    await page.getByRole("heading", { name: /^Messages \(\d+\)$/ }).waitFor();
    expect(await page.getByText("Select a message to view").isVisible()).toBe(true);
    expect(await page.getByPlaceholder("Search subject/from/snippet…").isVisible()).toBe(true);

    // The attachment mail: sanitized HTML inside a sandboxed iframe, attachments listed.
    await page.getByRole("button", { name: /Invoice – order #42/ }).click();
    const frame = page.locator("iframe.webmail-frame");
    await frame.waitFor();
    expect(await frame.getAttribute("sandbox")).toBe("");
    expect(await page.frameLocator("iframe.webmail-frame").getByText("Please find the invoice attached.").isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "invoice 42.pdf" }).isVisible()).toBe(true);
    expect(await page.getByText("application/pdf · 16 B").isVisible()).toBe(true);

    await page.getByRole("button", { name: new RegExp(subject) }).click();
    await page.getByRole("heading", { name: subject, level: 2 }).waitFor();
    expect(await page.getByText("Hello, where is parcel H01E2E? Thanks, Alice").first().isVisible()).toBe(true);
    await screenshot(page, "webmail-message-desktop");

    await page.getByRole("button", { name: "Reply", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Reply" });
    await dialog.waitFor();
    expect(await dialog.getByLabel("To", { exact: true }).inputValue()).toBe("alice@example.com");
    expect(await dialog.getByLabel("Subject").inputValue()).toBe(`Re: ${subject}`);
    await dialog.getByRole("button", { name: "Switch to Reply all" }).click();
    await page.getByRole("dialog", { name: "Reply all" }).waitFor();
    await page.getByRole("button", { name: "Switch to Reply only" }).click();
    await dialog.getByLabel("Body", { exact: true }).fill("Hi Alice, it is out for delivery today.");
    await screenshot(page, "webmail-compose-desktop");
    await dialog.getByRole("button", { name: "Send" }).click();
    await dialog.waitFor({ state: "detached" });

    const reply = page.getByRole("button", { name: new RegExp(`Re: ${subject}`) });
    await reply.waitFor();
    await reply.click();
    await page.getByRole("heading", { name: `Re: ${subject}`, level: 2 }).waitFor();
    expect(await page.getByText("Hi Alice, it is out for delivery today.").first().isVisible()).toBe(true);
    expect(await page.getByText("> Hello, where is parcel H01E2E? Thanks, Alice").first().isVisible()).toBe(true);
    await screenshot(page, "webmail-desktop");
    await page.context().close();
  });

  it("compose: Escape closes, an empty To keeps the dialog open with the error (phone)", async () => {
    const page = await pageAs(browser, admin, VIEWPORTS.phone);
    await page.goto(baseURL() + "/webmail");
    await page.getByRole("button", { name: "New email" }).click();
    const dialog = page.getByRole("dialog", { name: "New message" });
    await dialog.waitFor();
    expect(await dialog.getByLabel("From").getAttribute("placeholder")).toMatch(/@parcelhive\.test$/);
    expect(await dialog.getByText("Optional HTML body (advanced)").isVisible()).toBe(true);
    await dialog.getByRole("button", { name: "Send" }).click();
    expect(await dialog.getByRole("alert").textContent()).toBe("From and at least one To are required");
    await screenshot(page, "webmail-compose-phone");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    await page.getByRole("button", { name: new RegExp(subject) }).first().click();
    await page.getByRole("heading", { name: subject, level: 2 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await screenshot(page, "webmail-phone");
    await page.context().close();
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`admin grants credits on Cheats and sees the marketing list (${name})`, async () => {
      const customer = await newUser("cheats");
      const fan = `Promo-Fan-${name}@Example.com`;
      for (const email of [fan, `second-fan-${name}@example.com`]) {
        await fetch(baseURL() + "/api/v1/signup", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ email, password: "e2e-password-123", marketing_consent: true }),
        });
      }
      const page = await pageAs(browser, admin, viewport);
      await page.goto(baseURL() + "/cheats");
      await page.getByRole("heading", { name: "Admin Cheats & Management" }).waitFor();
      await page.getByRole("heading", { name: /Marketing email list/ }).waitFor();
      for (const label of ["Comma", "Semicolon", "New line"]) expect(await page.getByLabel(label).count()).toBe(1);
      const list = page.getByRole("textbox", { name: "Marketing email list" });
      expect(await list.inputValue()).toContain(fan.toLowerCase());
      await page.getByLabel("New line").check();
      expect(await list.inputValue()).toMatch(/\n/);
      expect(await page.getByText("MKT ✓").first().isVisible()).toBe(true);
      if (name === "phone") {
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
      }

      await page.getByLabel("Search by email").fill(customer.email);
      await page.getByRole("heading", { name: "Users 1", exact: true }).waitFor();
      expect(await page.getByRole("row").count()).toBe(2);
      const input = page.getByLabel(`Credits to grant to ${customer.email}`);
      await input.waitFor();
      // 'Close account' beside Grant, or under it at the same left edge (it was set in once it wrapped on a phone).
      const [grant, close] = await Promise.all(
        [`Grant credits to ${customer.email}`, `Close account ${customer.email}`].map((n) => page.getByRole("button", { name: n }).evaluate((el) => el.getBoundingClientRect().toJSON())),
      );
      if (close.top >= grant.bottom) expect(Math.round(close.left)).toBe(Math.round(grant.left));
      else expect(Math.abs(close.top + close.height / 2 - (grant.top + grant.height / 2))).toBeLessThan(2);
      await input.fill("1.5");
      await page.getByRole("button", { name: `Grant credits to ${customer.email}` }).click();
      await page.getByText("Enter a positive integer amount").waitFor();
      await input.fill("7");
      await page.getByRole("button", { name: `Grant credits to ${customer.email}` }).click();
      await page.getByText(`Granted 7 credits to ${customer.email}`).waitFor();
      await screenshot(page, `cheats-${name}`);
      await page.context().close();
    });
  }

  it("a non-admin sees 'Access denied' on Cheats and 'Admin privileges required.' on Webmail", async () => {
    const user = await newUser("notadmin");
    const page = await pageAs(browser, user, VIEWPORTS.phone);
    await page.goto(baseURL() + "/cheats");
    await page.getByRole("heading", { name: "Access denied" }).waitFor();
    expect(await page.getByRole("button", { name: "Go Home" }).isVisible()).toBe(true);
    await screenshot(page, "cheats-denied-phone");
    await page.goto(baseURL() + "/webmail");
    await page.getByText("Admin privileges required.").waitFor();
    await page.getByRole("button", { name: "Home" }).click();
    await page.waitForURL(baseURL() + "/");
    await page.context().close();
  });
});
