import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser } from "./browser";
import { newUser, signInBrowser } from "./session";

// How the built app is served (public/_headers for the assets, worker/app.ts for the API), checked on the real
// bundle under the same static-assets code Cloudflare runs; and the D1 bookmark kept by the browser.

const get = (path: string, headers: Record<string, string> = {}) => fetch(baseURL() + path, { headers });
const PAGE = "public, max-age=0, must-revalidate";
const HASHED = "public, max-age=31536000, immutable";

describe("cache headers of the built app", () => {
  it("index.html and the SPA fallback are revalidated every time, with an ETag that answers 304", async () => {
    const home = await get("/");
    expect(home.status).toBe(200);
    expect(home.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(home.headers.get("Cache-Control")).toBe(PAGE);
    const etag = home.headers.get("ETag");
    expect(etag).toBeTruthy();
    expect((await get("/", { "If-None-Match": etag! })).status).toBe(304);

    // A browser navigating to a screen gets index.html under that screen's address: the same rule.
    const screen = await get("/labels", { "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document" });
    expect(screen.status).toBe(200);
    expect(await screen.text()).toBe(await home.text());
    expect(screen.headers.get("Cache-Control")).toBe(PAGE);
  });

  it("hashed assets are immutable for a year", async () => {
    const html = await (await get("/")).text();
    // Named by tags and by the inline boot script, which starts the app's code (scripts/app-shell.ts).
    const assets = [...new Set([...html.matchAll(/\/assets\/[\w.-]+\.(?:js|css|svg|png|woff2?)/g)].map((m) => m[0]))];
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      const res = await get(asset);
      expect(res.status, asset).toBe(200);
      expect(res.headers.get("Cache-Control"), asset).toBe(HASHED);
      await res.body?.cancel();
    }
  });

  it("the favicon is kept a day", async () => {
    const res = await get("/favicon.svg");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=86400");
  });

  it("personal API answers are private and never stored; the courier registry may be kept five minutes", async () => {
    const user = await newUser("cache");
    const auth = { Authorization: `Bearer ${user.access_token}` };
    for (const path of ["/api/v1/user", "/api/v1/labels", "/api/health"]) {
      const res = await get(path, auth);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("Cache-Control"), path).toBe("private, no-store");
    }
    expect((await get("/api/v1/couriers")).headers.get("Cache-Control")).toBe("public, max-age=300");
  });
});

describe("the D1 bookmark in the browser", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("keeps the newest bookmark the API answered and sends it with every call after", async () => {
    const user = await newUser("bookmark");
    const context = await browser.newContext();
    await signInBrowser(context, user);
    const page = await context.newPage();
    const sent: (string | null)[] = [];
    page.on("request", (req) => {
      if (new URL(req.url()).pathname.startsWith("/api/v1/")) sent.push(req.headers()["x-d1-bookmark"] ?? null);
    });
    await page.goto(`${baseURL()}/labels`);
    await page.getByRole("heading", { name: /labels/i }).first().waitFor();
    await page.waitForFunction(() => localStorage.getItem("d1_bookmarks") !== null);
    const stored = await page.evaluate(() => localStorage.getItem("d1_bookmarks"));
    expect(stored).toMatch(/^DB=[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/);

    // A new screen's calls carry it (a reload: the first call of this page already has one to send).
    sent.length = 0;
    await page.goto(`${baseURL()}/analytics`);
    await page.waitForLoadState("networkidle");
    expect(sent.length).toBeGreaterThan(0);
    for (const header of sent) {
      expect(header).toMatch(/^DB=[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/);
      expect(header!.slice(3) >= stored!.slice(3)).toBe(true);
    }
    await context.close();
  });
});
