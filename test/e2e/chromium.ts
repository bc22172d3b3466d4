import { existsSync } from "node:fs";
import { type Browser, type BrowserServer, chromium } from "playwright-core";

/** Debian's Chromium (apt-get install chromium), or CHROMIUM_PATH; playwright never downloads a browser here. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/**
 * Debian's old headless shell (apt-get install chromium-headless-shell; the headless mode playwright itself prefers),
 * else Chromium. The shell draws no browser window around a page: a page opened cost 0.95 CPU-s against 1.6, and a
 * screen loaded again 0.4 against 0.6, at load 19.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const RUN_BROWSER = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM);
const ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

/**
 * The run's one browser, started by the global setup: each file connects to it (test/e2e/browser.ts) and works in
 * contexts of its own. A Chromium launched per file cost 2.5 s of CPU and 4 s at load 15, 31 times a run.
 */
export function startChromium(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: RUN_BROWSER, args: ARGS });
}

/** Chromium itself, for a file that shows a PDF in a frame: the headless shell has no PDF viewer (the frame stays blank). */
export function launchChromiumWithPdfViewer(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}
