import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VIEWPORTS, baseURL, launchBrowser } from "./browser";
import { newUser, signInBrowser } from "./session";

/**
 * A browser restoring two tabs whose access token has expired: both need a renewal at the same moment. Each tab's renewal is
 * held at the network (below) so the renewals truly overlap. Both tabs must stay signed
 * in, with tokens that keep working.
 */

const EXPIRED_ACCESS = "expired.access.token";

interface Race {
  context: BrowserContext;
  /** Refresh calls the tabs sent. */
  refreshes: () => number;
  /** The most refresh calls that were in flight at once. */
  mostAtOnce: () => number;
}

async function expiredSessionRace(browser: Browser, opts: { webLocks: boolean }): Promise<Race> {
  const session = await newUser("renewal");
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
  await signInBrowser(context, { ...session, access_token: EXPIRED_ACCESS });
  if (!opts.webLocks) {
    // A browser without Web Locks: only the server's grace can keep both tabs signed in.
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, "locks", { get: () => undefined }));
  }
  const rejectedPages = new Set<Page>();
  context.on("response", (res) => {
    if (res.status() === 401 && !res.url().endsWith("/api/v1/refresh")) rejectedPages.add(res.frame().page());
  });
  let refreshes = 0;
  let inFlight = 0;
  let mostAtOnce = 0;
  const isRefresh = (url: string) => url.endsWith("/api/v1/refresh");
  const settled = (req: { url: () => string }) => {
    if (isRefresh(req.url())) inFlight--;
  };
  context.on("requestfinished", settled);
  context.on("requestfailed", settled);
  // With Web Locks one tab renews while the other waits for it: hold the renewal until both tabs were refused.
  // Without them, hold each until both tabs have sent theirs: released at the first 401 of the second tab, the first
  // renewal could finish before the second tab asked, and that tab would take the new tokens from storage instead.
  const overlapping = () => (opts.webLocks ? rejectedPages.size >= 2 : refreshes >= 2);
  await context.route("**/api/v1/refresh", async (route) => {
    refreshes++;
    mostAtOnce = Math.max(mostAtOnce, ++inFlight);
    const until = Date.now() + 10_000;
    while (!overlapping() && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    await route.continue();
  });
  return { context, refreshes: () => refreshes, mostAtOnce: () => mostAtOnce };
}

/** Opens /labels in two tabs at once and waits for each to settle on a screen. */
async function openTwoTabs(context: BrowserContext): Promise<Page[]> {
  const tabs = [await context.newPage(), await context.newPage()];
  await Promise.all(tabs.map((tab) => tab.goto(baseURL() + "/labels")));
  await Promise.all(
    tabs.map((tab) => tab.getByRole("heading", { name: "Welcome back" }).or(tab.getByText("No labels found.")).first().waitFor()),
  );
  return tabs;
}

const stored = (tab: Page) =>
  tab.evaluate(() => ({ access: localStorage.getItem("access_token"), refresh: localStorage.getItem("refresh_token") }));

/** GET /user with the tab's stored access token, then a renewal with its stored refresh token. */
const tokensWork = (tab: Page) =>
  tab.evaluate(async () => {
    const user = await fetch("/api/v1/user", { headers: { Authorization: `Bearer ${localStorage.getItem("access_token")}` } });
    const refresh = await fetch("/api/v1/refresh", {
      method: "POST",
      headers: { Authorization: `Bearer ${localStorage.getItem("refresh_token")}` },
    });
    return [user.status, refresh.status];
  });

describe("renewing an expired session in two tabs at once", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("renews one tab at a time, never two at once: both tabs stay on /labels with the same tokens, which keep working", async () => {
    const race = await expiredSessionRace(browser, { webLocks: true });
    const tabs = await openTwoTabs(race.context);
    for (const tab of tabs) {
      expect(new URL(tab.url()).pathname).toBe("/labels");
      await tab.getByRole("heading", { name: "Labels" }).waitFor();
    }
    // The lock lets one tab renew at a time. Usually the second tab then finds the first one's tokens and sends
    // nothing; but Chromium hands local storage to other tabs asynchronously, and on a loaded machine the second tab
    // can take the lock before it sees them and present the replaced refresh token once more (after the first
    // renewal, never beside it), which the server answers with the same successor (the next test).
    expect(race.mostAtOnce()).toBe(1);
    expect(race.refreshes()).toBeLessThanOrEqual(2);
    const [a, b] = await Promise.all(tabs.map(stored));
    expect(a.access).not.toBe(EXPIRED_ACCESS);
    expect(a).toEqual(b);
    await race.context.unroute("**/api/v1/refresh");
    expect(await tokensWork(tabs[0])).toEqual([200, 200]);
    await race.context.close();
  });

  it("without Web Locks both tabs renew, and the server answers both with one working successor", async () => {
    const race = await expiredSessionRace(browser, { webLocks: false });
    const tabs = await openTwoTabs(race.context);
    for (const tab of tabs) expect(new URL(tab.url()).pathname).toBe("/labels");
    expect(race.refreshes()).toBe(2);
    expect(race.mostAtOnce()).toBe(2);
    const [a, b] = await Promise.all(tabs.map(stored));
    expect(a.refresh).toBe(b.refresh);
    await race.context.unroute("**/api/v1/refresh");
    expect(await tokensWork(tabs[1])).toEqual([200, 200]);
    await race.context.close();
  });
});
