// The app shell (issue 26): the built index.html paints /, /login, /labels and /analytics before any script
// arrives (scripts/app-shell.ts), its inline boot script is allowed by the Content-Security-Policy (by its hash),
// and the app then shows the same screen without asking the server twice for what the HTML asked.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, screenshot } from "./browser";
import { newUser, signInBrowser, type Session } from "./session";

const SCREENS = [
  { path: "/", signedIn: false, heading: "Parcelhive", at: "/" },
  { path: "/login", signedIn: false, heading: "Welcome back", at: "/login" },
  { path: "/labels", signedIn: false, heading: "Welcome back", at: "/login" },
  { path: "/labels", signedIn: true, heading: "Labels", at: "/labels" },
  { path: "/analytics", signedIn: true, heading: "Analytics", at: "/analytics" },
];

describe("app shell: the HTML paints the screen, the app takes over", () => {
  let browser: Browser;
  let user: Session;
  beforeAll(async () => {
    browser = await launchBrowser();
    user = await newUser("shell");
  });
  afterAll(async () => browser?.close());

  async function open(signedIn: boolean, blockScripts: boolean): Promise<{ context: BrowserContext; page: Page; problems: string[]; calls: string[] }> {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    if (signedIn) await signInBrowser(context, user);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" && !/Failed to load resource/.test(m.text())) problems.push(m.text());
    });
    page.on("pageerror", (e) => problems.push(e.message));
    const calls: string[] = [];
    page.on("request", (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith("/api/")) calls.push(url.pathname + url.search);
    });
    if (blockScripts) await page.route(/\/assets\/.*\.js$/, (r) => r.abort());
    return { context, page, problems, calls };
  }

  for (const s of SCREENS) {
    it(`${s.path} ${s.signedIn ? "signed in" : "signed out"}: painted from the HTML alone, then the same screen from the app`, async () => {
      const heading = (page: Page) => page.locator("h1").first().textContent({ timeout: 5000 });
      // No script file loads: the HTML alone.
      const shell = await open(s.signedIn, true);
      await shell.page.goto(baseURL() + s.path, { waitUntil: "load" });
      expect(await heading(shell.page)).toContain(s.heading);
      // The CSP allows the boot script (else no template would show) and nothing complains.
      expect(shell.problems.filter((p) => !/assets\//.test(p))).toEqual([]);
      await screenshot(shell.page, `app-shell-${s.path === "/" ? "home" : s.path.slice(1)}-${s.signedIn ? "in" : "out"}`);
      await shell.context.close();

      const app = await open(s.signedIn, false);
      await app.page.goto(baseURL() + s.path, { waitUntil: "networkidle" });
      expect(new URL(app.page.url()).pathname).toBe(s.at);
      expect(await heading(app.page)).toContain(s.heading);
      // The app is running: the main area is no longer inert.
      expect(await app.page.locator("main[inert]").count()).toBe(0);
      expect(app.problems).toEqual([]);
      // Each of the screen's first calls went out once: the app took the HTML's answers.
      const repeated = app.calls.filter((c, i) => app.calls.indexOf(c) !== i);
      expect(repeated).toEqual([]);
      if (s.signedIn) expect(app.calls).toContain("/api/v1/user");
      await app.context.close();
    });
  }
});
