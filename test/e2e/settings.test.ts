import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VIEWPORTS, baseURL, launchBrowser, screenshot, uniqueEmail } from "./browser";
import { signInBrowser } from "./session";

// The settings screen end to end: states, purchase failure without Stripe, developer key
// generate -> copy -> use from outside the browser, email preferences, banner upload and removal. One signed-in page
// for the file, each test opening its screen in it (at its own width): none needs a fresh browser.

const PASSWORD = "settings-e2e-password";
const PNG_1x1 = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

async function apiCall<T>(path: string, init: { method?: string; json?: unknown; token?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.json !== undefined) headers["Content-Type"] = "application/json";
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  const res = await fetch(baseURL() + path, {
    method: init.method ?? (init.json !== undefined ? "POST" : "GET"),
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

async function signUpAndLogIn(email: string) {
  const signup = await apiCall("/api/v1/signup", { json: { email, password: PASSWORD, marketing_consent: false } });
  if (signup.status >= 300 && signup.status !== 409) throw new Error(`signup ${signup.status}`);
  const login = await apiCall<{ access_token: string; refresh_token: string }>("/api/v1/login", { json: { email, password: PASSWORD } });
  if (login.status !== 200) throw new Error(`login ${login.status}`);
  return login.body;
}

describe("settings screen", () => {
  let browser: Browser;
  let tokens: { access_token: string; refresh_token: string };
  let email: string;
  let context: BrowserContext;
  let page: Page;

  /** The file's page, signed in, at `viewport`'s size, on `path`. */
  async function signedInPage(viewport: { width: number; height: number }, path: string): Promise<Page> {
    await page.setViewportSize(viewport);
    await page.goto(baseURL() + path);
    return page;
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    email = uniqueEmail("settings");
    tokens = await signUpAndLogIn(email);
    context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL() });
    await signInBrowser(context, tokens);
    page = await context.newPage();
  });
  afterAll(async () => browser?.close());

  it("shows the user settings, says payments are not set up without Stripe, and saves email preferences", async () => {
    const page = await signedInPage(VIEWPORTS.desktop, "/settings");

    await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
    // Unverified: the amber notice with a resend button.
    await page.getByText("Your email address is not verified.").waitFor();
    await page.getByRole("button", { name: "Resend verification email" }).click();
    await page.getByText(/verification link|If the email exists/i).first().waitFor();

    expect(await page.getByTestId("credit-balance").textContent()).toBe("0");
    // No Stripe keys in this environment: said in words, in place of options that could not be bought.
    await page.getByText("Payments are not set up on this server.").waitFor();
    expect(await page.getByRole("button", { name: "Buy now" }).count()).toBe(0);

    // Email preferences: saved on toggle, and the link to the privacy policy.
    const consent = page.getByRole("checkbox", { name: "Send me product news and offers by email" });
    expect(await consent.isChecked()).toBe(false);
    await consent.check();
    await page.getByText("Your email preferences were updated.").waitFor();
    const me = await apiCall<{ marketing_consent: boolean }>("/api/v1/user", { token: tokens.access_token });
    expect(me.body.marketing_consent).toBe(true);
    expect(await page.getByRole("link", { name: "Read our Privacy Policy" }).getAttribute("href")).toBe("/terms#privacy");

    await screenshot(page, "settings-desktop");
  });

  it("generates a developer key, copies it, and the copied key lists the labels from outside the browser", async () => {
    const page = await signedInPage(VIEWPORTS.desktop, "/settings");

    await page.getByRole("button", { name: "Generate API key" }).click();
    const keyBox = page.getByLabel("Your new API key");
    await keyBox.waitFor();
    const shown = await keyBox.inputValue();
    expect(shown).toMatch(/^phk_/);
    await page.getByText("Copy this key now. It will not be shown again.").waitFor();

    await page.getByRole("button", { name: "Copy API key" }).click();
    await page.getByText("Copied!").waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(shown);

    // The copied key works from anywhere: list the labels with it.
    const list = await apiCall<{ results: unknown[]; total: number }>("/api/v1/labels", { headers: { Authorization: `Bearer ${copied}` } });
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body.results)).toBe(true);
    // ...but a key cannot mint keys. Sent without a body: the Worker refuses it before reading one, and
    // a request body the Worker leaves unread makes the next request through `vite preview` (miniflare's
    // dispatchFetch) fail with a 500 'fetch failed' page about half the time — that was this test's
    // flake: the reload below got that page, so the masked key never appeared.
    expect((await apiCall("/api/v1/generate-developer-key", { method: "POST", headers: { "X-API-Key": copied } })).status).toBe(403);

    // After a reload only the masked form is left. The reload must have served the app (not an error page).
    const reloaded = await page.reload();
    expect(reloaded?.status()).toBe(200);
    const masked = page.getByTestId("masked-key");
    await masked.waitFor();
    expect(await masked.textContent()).toBe(`phk_${shown.slice(4, 8)}…${shown.slice(-4)}`);
    expect(await page.getByLabel("Your new API key").count()).toBe(0);

    // Regenerating asks first, then revokes the old key.
    await page.getByRole("button", { name: "Regenerate API key" }).click();
    await page.getByRole("button", { name: "Yes, regenerate" }).click();
    const second = await page.getByLabel("Your new API key").inputValue();
    expect(second).not.toBe(shown);
    expect((await apiCall("/api/v1/labels", { headers: { "X-API-Key": shown } })).status).toBe(401);
    expect((await apiCall("/api/v1/labels", { headers: { "X-API-Key": second } })).status).toBe(200);
  });

  it("uploads, shows, refuses and removes the label banner (phone width)", async () => {
    const page = await signedInPage(VIEWPORTS.phone, "/settings");
    await page.getByText("No banner image yet.").waitFor();

    // A PDF is refused on the client with the first rule it breaks.
    await page.getByLabel("Banner image").setInputFiles({ name: "banner.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.7\n%%EOF\n") });
    await page.getByText("Use a PNG, JPEG or WEBP image").waitFor();

    await page.getByLabel("Company name").fill("Hive Goods Ltd");
    await page.getByLabel("Tagline").fill("Parcels with care");
    await page.getByLabel("Banner image").setInputFiles({ name: "banner.png", mimeType: "image/png", buffer: PNG_1x1 });
    await page.getByRole("button", { name: "Save label settings" }).click();
    await page.getByText("Label settings saved.").waitFor();
    await page.getByRole("img", { name: "Your current label banner" }).waitFor();

    const me = await apiCall<{ company_name: string; company_tagline: string }>("/api/v1/user", { token: tokens.access_token });
    expect(me.body).toMatchObject({ company_name: "Hive Goods Ltd", company_tagline: "Parcels with care" });
    expect((await fetch(baseURL() + "/api/v1/user/banner", { headers: { Authorization: `Bearer ${tokens.access_token}` } })).status).toBe(200);

    await screenshot(page, "settings-phone");

    await page.getByRole("button", { name: "Remove banner" }).click();
    await page.getByText("Banner removed.").waitFor();
    await page.getByText("No banner image yet.").waitFor();
    expect((await fetch(baseURL() + "/api/v1/user/banner", { headers: { Authorization: `Bearer ${tokens.access_token}` } })).status).toBe(204);
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`shows the checkout return pages (${name})`, async () => {
      const page = await signedInPage(viewport, "/checkout/success");
      // Opened without a Stripe session there is no payment to confirm (issue 33); the paid return is in payments.test.ts.
      await page.getByRole("heading", { name: "No payment to confirm" }).waitFor();
      expect(await page.getByText(/successfully added/).count()).toBe(0);
      expect(await page.getByRole("link", { name: "See your credits" }).getAttribute("href")).toBe("/credits");
      await screenshot(page, `checkout-success-${name}`);

      await page.goto(baseURL() + "/checkout/cancelled");
      await page.getByRole("heading", { name: "Payment Cancelled" }).waitFor();
      await page.getByText("Your credit purchase was cancelled. No changes were made to your account.").waitFor();
      await page.getByRole("link", { name: "Back to Settings" }).click();
      await page.waitForURL("**/settings");
      await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
      await screenshot(page, `settings-top-${name}`);
    });
  }
});
