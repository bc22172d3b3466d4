import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VIEWPORTS, baseURL, launchBrowser, screenshot } from "./browser";
import { evriCheckDigit } from "../../worker/couriers/evri/code";
import { grantCredits, newUser, signInBrowser, type Session } from "./session";

// Deleting labels in Chromium (issue 32): one from its card and from its page (with Undo), everything matching the
// list's filters from the selection bar, then Recently deleted: restore all, delete for good.

let serial = 0;
/** A fresh valid Evri code, made by the courier's own check-digit rule. */
function evriCode(): string {
  const first15 = `H01DLE${String(Date.now() % 1e5).padStart(5, "0")}${String(++serial).padStart(4, "0")}`;
  return first15 + evriCheckDigit(first15);
}

async function api(session: Session, path: string, init: { method?: string; json?: unknown } = {}) {
  const res = await fetch(`${baseURL()}${path}`, {
    method: init.method ?? "GET",
    headers: { Authorization: `Bearer ${session.access_token}`, "Content-Type": "application/json" },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function makeLabel(session: Session, name: string, tags: string[]): Promise<string> {
  const code = evriCode();
  const made = await api(session, "/api/v1/label/manual", { method: "POST", json: { courier: "evri", trackingCode: code, fields: { recipientPostcode: "LS1 1AA" }, tags } });
  expect(made.status).toBe(201);
  const named = await api(session, `/api/v1/label/${code}/details`, { method: "PATCH", json: { address: { name, address: ["1 High Street", "Leeds"], postcode: "LS1 1AA" } } });
  expect(named.status).toBe(200);
  return code;
}

const card = (page: Page, code: string) => page.getByRole("article", { name: `Label ${code}` });

describe("deleting labels in the browser", () => {
  let browser: Browser;
  let session: Session;
  const codes: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    session = await newUser("deletion");
    await grantCredits(session.email, 10);
    for (let i = 0; i < 6; i++) codes.push(await makeLabel(session, `Recipient ${i + 1}`, i < 3 ? ["keep"] : ["clearout"]));
  });
  afterAll(async () => browser?.close());

  /**
   * The user's one page for the file, at `viewport`'s size, on `path` loaded afresh: a context and a page opened cost
   * more than a screen loaded in one (1-1.6 CPU-s against 0.4-0.6). The list's one remembered choice here, Cards, is
   * its default.
   */
  let tab: Page | undefined;
  async function openLabels(viewport: keyof typeof VIEWPORTS, path = "/labels"): Promise<Page> {
    if (!tab) {
      const context = await browser.newContext({ viewport: VIEWPORTS[viewport] });
      await signInBrowser(context, session);
      tab = await context.newPage();
    }
    await tab.setViewportSize(VIEWPORTS[viewport]);
    await tab.goto(`${baseURL()}${path}`);
    return tab;
  }

  it("deletes one label from its card after saying credits are not refunded, and Undo brings it back", async () => {
    const page = await openLabels("desktop");
    await page.getByRole("group", { name: "View" }).getByRole("button", { name: "Cards" }).click();
    const target = card(page, codes[0]);
    await target.waitFor();
    await target.getByRole("button", { name: `Delete label ${codes[0]}` }).click();
    const dialog = page.getByRole("dialog", { name: `Delete label ${codes[0]}?` });
    await dialog.getByText("Credits are not refunded: the credit this label used stays spent.").waitFor();
    await dialog.getByText(/restore it from Recently deleted for 30 days/).waitFor();
    await screenshot(page, "delete-label-dialog-desktop");
    // Escape keeps everything.
    await page.keyboard.press("Escape");
    expect(await dialog.count()).toBe(0);
    await target.getByRole("button", { name: `Delete label ${codes[0]}` }).click();
    // The confirming button has the focus: Enter deletes.
    await page.keyboard.press("Enter");
    await page.getByRole("status").getByText("1 label deleted.").waitFor();
    await target.waitFor({ state: "detached" });
    await screenshot(page, "delete-label-notice-desktop");
    await page.getByRole("button", { name: "Undo" }).click();
    await page.getByText("1 label restored.").waitFor();
    await card(page, codes[0]).waitFor();
  });

  it("deletes a label from its own page on a phone and goes back to the list", async () => {
    const page = await openLabels("phone", `/label/${codes[1]}`);
    await page.getByRole("button", { name: `Delete label ${codes[1]}` }).click();
    const dialog = page.getByRole("dialog", { name: `Delete label ${codes[1]}?` });
    await dialog.waitFor();
    await screenshot(page, "delete-label-dialog-phone");
    await dialog.getByRole("button", { name: "Delete label" }).click();
    await page.waitForURL(/\/labels$/);
    await page.getByText("1 label deleted.").waitFor();
    const gone = await api(session, `/api/v1/label/${codes[1]}`);
    expect(gone.status).toBe(404);
  });

  it("deletes everything matching the filters from the selection bar, then restores all and deletes one for good", async () => {
    const page = await openLabels("desktop", "/labels?tags=clearout");
    await page.getByText("3 labels · Page 1 of 1").waitFor();
    await page.getByRole("button", { name: "Select all 3 matching the filters" }).click();
    await page.getByRole("button", { name: "Delete 3 labels" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete 3 labels?" });
    await dialog.getByText("Credits are not refunded: the 3 credits these labels used stay spent.").waitFor();
    await dialog.getByRole("button", { name: "Delete 3 labels" }).click();
    await page.getByText("3 labels deleted.").waitFor();
    await page.getByText("No labels match these filters.").waitFor();

    await page.getByRole("link", { name: "Recently deleted" }).first().click();
    await page.waitForURL(/\/labels\/deleted$/);
    for (const code of codes.slice(3)) await page.getByRole("listitem", { name: `Deleted label ${code}` }).waitFor();
    await screenshot(page, "recently-deleted-desktop");
    await page.getByRole("button", { name: "Restore all" }).click();
    await page.getByText(/4 labels restored\.|3 labels restored\./).waitFor();
    expect((await api(session, "/api/v1/labels?tags=clearout")).body.total).toBe(3);

    // Delete one for good: asked first, then gone from Recently deleted and from everywhere.
    expect((await api(session, "/api/v1/labels/delete", { method: "POST", json: { trackingCodes: [codes[5]] } })).status).toBe(200);
    await page.reload();
    const row = page.getByRole("listitem", { name: `Deleted label ${codes[5]}` });
    await row.getByRole("button", { name: `Delete now ${codes[5]}` }).click();
    const purge = page.getByRole("dialog", { name: "Delete 1 label for good?" });
    await purge.getByRole("button", { name: "Delete 1 label for good" }).click();
    await page.getByText("1 label deleted for good.").waitFor();
    await row.waitFor({ state: "detached" });
    expect((await api(session, "/api/v1/labels/deleted/restore", { method: "POST", json: { ids: [codes[5]] } })).status).toBe(404);
  });

  it("shows Recently deleted on a phone", async () => {
    expect((await api(session, "/api/v1/labels/delete", { method: "POST", json: { trackingCodes: [codes[4]] } })).status).toBe(200);
    const page = await openLabels("phone", "/labels/deleted");
    await page.getByRole("listitem", { name: `Deleted label ${codes[4]}` }).waitFor();
    await screenshot(page, "recently-deleted-phone");
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
  });
});
