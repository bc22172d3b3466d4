import { execFile } from "node:child_process";
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { VIEWPORTS, launchBrowser, screenshot } from "./browser";
import { type BuildServer, freePort, serveBuild } from "./server-process";
import { login, signInBrowser } from "./session";

// `npm run demo:seed` as a newcomer runs it (README quick start), into a local D1 of its own: the demo account
// signs in, its labels fill several pages, and the delivery analytics show figures with no cron run.

const DEMO_EMAIL = "demo@parcelhive.test";
const DEMO_PASSWORD = "parcelhive-demo";

interface DeliveryAnswer {
  totals: { labels: number; delivered: number; onTime: number; lost: number };
  onTimeRate: number | null;
  transit: { medianDays: number | null };
}

describe("the demo seed", () => {
  let browser: Browser;
  let server: BuildServer | undefined;
  const base = () => server?.base ?? "";
  beforeAll(async () => {
    browser = await launchBrowser();
    // A database and a server of its own, from the run's migrated database: the seed writes the SQLite file from a
    // runtime of its own, and workerd does not wait for another process's lock, so on the shared server a write of the
    // file running beside this one would fail meanwhile (SQLITE_BUSY).
    const stateDir = mkdtempSync(path.join(tmpdir(), "parcelhive-e2e-demo-"));
    cpSync(inject("migratedStateDir"), stateDir, { recursive: true });
    // Not spawnSync: a blocked event loop would keep the idle connections the server closes meanwhile.
    const seed = await promisify(execFile)(process.execPath, ["scripts/seed-demo.mjs", "--persist-to", stateDir], { encoding: "utf8" });
    expect(seed.stdout).toContain(`Demo data ready: sign in as ${DEMO_EMAIL} / ${DEMO_PASSWORD}: 60 labels`);
    // The migrations' tables are not printed when they succeed.
    expect(seed.stdout).not.toContain("│");
    server = await serveBuild({ distDir: inject("distDir"), stateDir, base: `http://127.0.0.1:${await freePort()}`, vars: {}, name: "demo-seed-server" });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("signs the demo account in to pages of labels, late and on-time deliveries, and delivery figures", async () => {
    const demo = await login(DEMO_EMAIL, DEMO_PASSWORD, base());
    const get = async <T>(path: string) => {
      const res = await fetch(base() + path, { headers: { Authorization: `Bearer ${demo.access_token}` } });
      expect(res.status).toBe(200);
      return (await res.json()) as T;
    };
    const list = await get<{ total: number; results: unknown[] }>("/api/v1/labels?per_page=50");
    expect(list.total).toBe(60);
    expect(list.results).toHaveLength(50);

    // The default analytics view: the last 30 days.
    const delivery = await get<DeliveryAnswer>("/api/v1/labels/analytics/delivery");
    expect(delivery.totals.delivered).toBeGreaterThanOrEqual(20);
    expect(delivery.totals.onTime).toBeGreaterThan(0);
    expect(delivery.totals.onTime).toBeLessThan(delivery.totals.delivered);
    expect(delivery.totals.lost).toBeGreaterThan(0);
    expect(delivery.transit.medianDays).not.toBeNull();

    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    await signInBrowser(context, demo);
    const page = await context.newPage();
    await page.goto(base() + "/labels");
    await page.getByText("Page 1 of 4").first().waitFor();
    await page.goto(base() + "/analytics");
    const onTime = page.getByRole("listitem").filter({ hasText: "delivered by the service's expected day" });
    await onTime.waitFor();
    expect(await onTime.textContent()).toMatch(/On time\d+(\.\d)?%/);
    await screenshot(page, "demo-seed-analytics-desktop");
    await context.close();
  });
});
