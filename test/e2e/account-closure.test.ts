import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evriCheckDigit } from "../../worker/couriers/evri/code";
import { VIEWPORTS, baseURL, launchBrowser, screenshot } from "./browser";
import { adminSession, grantCredits, login, newUser, signInBrowser, type Session } from "./session";

// Closing an account in Chromium (issue 32): from Settings with the password asked again, and by an admin from Cheats.

let serial = 0;
const evriCode = () => {
  const first15 = `H01CLE${String(Date.now() % 1e5).padStart(5, "0")}${String(++serial).padStart(4, "0")}`;
  return first15 + evriCheckDigit(first15);
};

async function api(token: string | null, path: string, init: { method?: string; json?: unknown } = {}) {
  const res = await fetch(`${baseURL()}${path}`, {
    method: init.method ?? "GET",
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), "Content-Type": "application/json" },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

async function withLabel(session: Session) {
  await grantCredits(session.email, 2);
  const made = await api(session.access_token, "/api/v1/label/manual", { method: "POST", json: { courier: "evri", trackingCode: evriCode(), fields: { recipientPostcode: "LS1 1AA" } } });
  expect(made.status).toBe(201);
}

describe("closing an account in the browser", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  for (const viewport of ["desktop", "phone"] as const) {
    it(`closes the account from Settings after the password, on a ${viewport}`, async () => {
      const session = await newUser(`close-${viewport}`);
      await withLabel(session);
      const context = await browser.newContext({ viewport: VIEWPORTS[viewport] });
      await signInBrowser(context, session);
      const page = await context.newPage();
      await page.goto(`${baseURL()}/settings`);
      const card = page.getByRole("region", { name: "Close account" });
      await card.getByText("It cannot be undone.", { exact: false }).waitFor();
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, `close-account-card-${viewport}`);
      await card.getByRole("button", { name: "Close my account…" }).click();
      const dialog = page.getByRole("dialog", { name: "Close your account for good?" });
      // The password field has the focus.
      await page.keyboard.type("not the password");
      await dialog.getByRole("button", { name: "Close my account" }).click();
      await dialog.getByText("That password is not right. Nothing was closed.").waitFor();
      expect((await api(session.access_token, "/api/v1/user")).status).toBe(200);
      await screenshot(page, `close-account-dialog-${viewport}`);

      await dialog.getByLabel("Password").fill(session.password);
      await dialog.getByRole("button", { name: "Close my account" }).click();
      await page.waitForURL(`${baseURL()}/`);
      await page.getByText(`Your account is closed and its data is being deleted. A confirmation is on its way to ${session.email}.`).waitFor();
      await screenshot(page, `account-closed-home-${viewport}`);
      expect(await page.evaluate(() => localStorage.getItem("access_token"))).toBeNull();

      // Its tokens are refused; the same e-mail signs up again as a new, empty account.
      expect((await api(session.access_token, "/api/v1/user")).status).toBe(401);
      expect((await api(null, "/api/v1/login", { method: "POST", json: { email: session.email, password: session.password } })).status).toBe(401);
      expect((await api(null, "/api/v1/signup", { method: "POST", json: { email: session.email, password: "another password 1", marketing_consent: false } })).status).toBe(201);
      const again = await login(session.email, "another password 1");
      expect((await api(again.access_token, "/api/v1/labels")).body).toMatchObject({ total: 0 });
      await context.close();
    });
  }

  it("lets an admin close a user's account from Cheats", async () => {
    const admin = await adminSession();
    const target = await newUser("close-admin");
    await withLabel(target);
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    await signInBrowser(context, admin);
    const page = await context.newPage();
    await page.goto(`${baseURL()}/cheats`);
    // The search runs 300 ms after typing and shows its own answer in place of the list: a row opened before then (the
    // target is on the first page too) went with its dialog (a timeout at load 15, two files at a time).
    const searched = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/v1/admin/users" && new URL(r.url()).searchParams.get("q") === target.email);
    await page.getByRole("searchbox", { name: "Search by email" }).fill(target.email);
    await searched;
    await page.getByRole("button", { name: `Close account ${target.email}` }).click();
    const dialog = page.getByRole("dialog", { name: `Close ${target.email}'s account?` });
    await dialog.getByRole("checkbox", { name: "Also delete their messages in Webmail" }).check();
    await screenshot(page, "admin-close-account");
    await dialog.getByRole("button", { name: "Close account" }).click();
    await page.getByText(`Closed ${target.email}'s account.`).waitFor();
    await page.getByText("No users found.").waitFor();
    expect((await api(target.access_token, "/api/v1/labels")).status).toBe(401);
    await context.close();
  });
});
