import { chromium, type BrowserServer } from "playwright-core";

/** Debian's Chromium (apt-get install chromium); playwright never downloads a browser here. */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * The run's one Chromium, started by the global setup: each file connects to it (test/e2e/browser.ts) and works in
 * contexts of its own. A Chromium launched per file cost 2.5 s of CPU and 4 s at load 15, 31 times a run.
 */
export function startChromium(): Promise<BrowserServer> {
  return chromium.launchServer({
    executablePath: CHROMIUM_PATH,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
}
