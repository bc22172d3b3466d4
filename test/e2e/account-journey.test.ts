import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VIEWPORTS, baseURL, launchBrowser, screenshot, uniqueEmail } from "./browser";
import { mailArriving, mailBody } from "./mail";

/**
 * The whole account journey in a real browser against the built app: sign up, follow the
 * verification link from the mail that was really sent, see the 50 free credits, log out, reset
 * the password through the mailed link, and sign in with the new password.
 */

/** Waits for a mail to `address` with `subject` and answers the path+query of its link to `path`. */
async function linkFromMail(address: string, subject: string, path: string): Promise<string> {
  const detail = await mailBody(await mailArriving(address, subject));
  // The link points at the server the app is served from, whatever its port.
  const m = detail.text.match(new RegExp(`(https?://[^\\s/]+)(${path}\\?token=[A-Za-z0-9_-]+)`));
  if (!m) throw new Error(`no ${path} link in the mail: ${detail.text}`);
  expect(m[1]).toBe(baseURL());
  expect(detail.html).toContain(m[1] + m[2]);
  return m[2];
}

/** GET /api/v1/user from inside the page, with the page's own stored token. */
const currentUser = (page: Page) =>
  page.evaluate(async () => {
    const res = await fetch("/api/v1/user", { headers: { Authorization: `Bearer ${localStorage.getItem("access_token")}` } });
    return { status: res.status, body: (await res.json()) as { email: string; credits: number; email_verified: boolean } };
  });

describe("account journey", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("signs up, verifies by mail (50 credits), logs out, resets the password by mail and signs in again", async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    const email = uniqueEmail("journey");
    const first = "first-password";
    const second = "second-password-2";

    // Sign up: the form signs in right after and goes to /upload.
    await page.goto(baseURL() + "/login");
    await page.getByRole("tab", { name: "Sign up" }).click();
    await page.getByRole("heading", { name: "Create your account" }).waitFor();
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(first);
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL(/\/upload$/);
    expect(await page.evaluate(() => Boolean(localStorage.getItem("access_token") && localStorage.getItem("refresh_token")))).toBe(true);
    expect((await currentUser(page)).body).toMatchObject({ email, credits: 0, email_verified: false });

    // Follow the verification link from the mail that was sent.
    const verifyLink = await linkFromMail(email, "Verify your Parcelhive email address", "/verify-email");
    await page.goto(baseURL() + verifyLink);
    await page.getByRole("heading", { name: "Email verified" }).waitFor();
    expect(await page.getByText("Thanks! Your email has been confirmed.").isVisible()).toBe(true);
    await screenshot(page, "journey-verified-desktop");
    expect((await currentUser(page)).body).toMatchObject({ credits: 50, email_verified: true });

    // The same link again: already verified, and no second grant.
    await page.goto(baseURL() + verifyLink);
    await page.getByRole("heading", { name: "Already verified" }).waitFor();
    expect((await currentUser(page)).body.credits).toBe(50);

    // Log out: tokens cleared, the session revoked on the server, back on /login.
    const refreshToken = await page.evaluate(() => localStorage.getItem("refresh_token"));
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem("access_token"))).toBeNull();
    const refreshed = await fetch(baseURL() + "/api/v1/refresh", { method: "POST", headers: { Authorization: `Bearer ${refreshToken}` } });
    expect(refreshed.status).toBe(401);

    // Forgot password, then follow the reset link from the mail.
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.waitForURL(/\/forgot-password$/);
    // The screen's code loads lazily: the old screen stays up until it has arrived.
    await page.getByRole("heading", { name: "Forgot your password?" }).waitFor();
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByText("If that email exists, we’ve sent a password reset link.").waitFor();
    const resetLink = await linkFromMail(email, "Reset your Parcelhive password", "/reset-password");
    await page.goto(baseURL() + resetLink);
    await page.getByLabel("New password").fill(second);
    await page.getByLabel("Confirm password").fill(second);
    await screenshot(page, "journey-reset-form-desktop");
    await page.getByRole("button", { name: "Save new password" }).click();
    await page.waitForURL(/\/login$/);
    await page.getByText("Your password has been reset. Please sign in.").waitFor();

    // The link is single-use.
    await page.goto(baseURL() + resetLink);
    await page.getByText("This reset link has already been used.").waitFor();

    // The old password no longer works; the new one does.
    await page.goto(baseURL() + "/login");
    await page.getByRole("heading", { name: "Welcome back" }).waitFor();
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(first);
    await page.getByRole("button", { name: "Sign In" }).click();
    expect(await page.getByRole("alert").textContent()).toBe("Invalid email or password");
    await page.getByLabel("Password", { exact: true }).fill(second);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(/\/upload$/);
    expect((await currentUser(page)).body).toMatchObject({ email, credits: 50 });
    await page.close();
  });
});
