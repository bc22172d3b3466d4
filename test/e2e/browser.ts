import { mkdirSync } from "node:fs";
import { chromium, type Browser, type Download, type Page } from "playwright-core";
import { inject } from "vitest";
import { launchChromiumWithPdfViewer } from "./chromium";

export const SCREENSHOT_DIR = "test-results/screenshots";

/**
 * This file's connection to the run's browser (test/e2e/chromium.ts). Its close() closes the contexts the file opened
 * and the connection, not the browser. Downloads are read with downloadedBytes: a connected browser has no local path.
 * `pdfViewer`: a Chromium of the file's own instead, which shows a PDF in a frame (the run's headless shell does not).
 */
export function launchBrowser({ pdfViewer = false } = {}): Promise<Browser> {
  return pdfViewer ? launchChromiumWithPdfViewer() : chromium.connect(inject("chromiumEndpoint"));
}

/** A finished download's bytes, streamed from the browser. */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export const baseURL = () => inject("baseURL");

/**
 * The ceiling of a wait on what the app or the server does in its own time (a queue's send, a list asked again, a
 * chart drawn): the wait ends as soon as the condition holds, and at load 15-20 some took more than the 15 s (and
 * expect.poll's default 1 s) they had.
 */
export const AT_LOAD_MS = 60_000;

export const VIEWPORTS = {
  desktop: { width: 1280, height: 860 },
  phone: { width: 390, height: 844 },
} as const;

/**
 * Whether people look at the screenshots: run locally (`npm run test:e2e`), yes; in CI (CI set, as .ci/run and CI
 * services set it), nobody does and no test reads them. There they show the visible screen only: a full page costs
 * Chromium a layout and a paint of the whole page (0.36-0.49 CPU-s a shot, ~140 a run) where the screen costs about a
 * tenth.
 */
export const SCREENSHOTS_LOOKED_AT = !process.env.CI;

/**
 * Saves a screenshot under test-results/screenshots (not committed): the full page, or the screen in CI (above). Chromium
 * now and then answers a capture with 'Unable to capture screenshot' (once in 77 clean-clone runs: rehearsal ci-77, the
 * Stripe stand-in's dashboard on a phone, under load 4): a picture for people to look at, not an assertion, so that
 * error is tried twice more, a quarter of a second apart; any other error fails the test as before.
 */
export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  for (let attempt = 1; ; attempt++) {
    try {
      await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: SCREENSHOTS_LOOKED_AT });
      return;
    } catch (err) {
      if (attempt >= 3 || !/Unable to capture screenshot/.test(String(err))) throw err;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** Each test gets a fresh email so tests never depend on each other's accounts. */
export function uniqueEmail(prefix = "user") {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** The requests each page has in flight, counted as they go (watch), for settled. */
const traffic = new WeakMap<Page, { inFlight: Set<unknown>; started: number; quiet: (() => void)[] }>();

function watch(page: Page) {
  let seen = traffic.get(page);
  if (seen) return seen;
  const state = { inFlight: new Set<unknown>(), started: 0, quiet: [] as (() => void)[] };
  page.on("request", (r) => {
    state.inFlight.add(r);
    state.started++;
  });
  const done = (r: unknown) => {
    state.inFlight.delete(r);
    if (state.inFlight.size === 0) for (const resolve of state.quiet.splice(0)) resolve();
  };
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  traffic.set(page, state);
  seen = state;
  return seen;
}

/**
 * Opens `path` of the run's app (or of `base`) in `page` and waits until the screen has settled (settled below).
 * Instead of playwright's 'networkidle', which waits half a second after the last request, on every load.
 */
export async function openScreen(page: Page, path: string, base = baseURL()) {
  watch(page);
  // Opened afresh, as from a link: a change of the hash alone (/login, then /login#signup) would keep the screen as it
  // was, and LoginPage reads its tab from the hash when it starts.
  const [here, there] = [new URL(page.url()), new URL(base + path)];
  if (there.hash && here.href.replace(here.hash, "") === there.href.replace(there.hash, "")) await page.goto("about:blank");
  await page.goto(base + path, { waitUntil: "load" });
  await settled(page);
}

/**
 * Waits until the screen shows what it will: none of the page's requests in flight and none started over the next two
 * frames (a screen asks for what its first answers name), the app running (the HTML's main area no longer inert:
 * web/shell/Shell.tsx) and nothing loading (web/components/Spinner.tsx). Requests are counted from openScreen on.
 */
export async function settled(page: Page) {
  const seen = watch(page);
  for (;;) {
    if (seen.inFlight.size) await new Promise<void>((resolve) => seen.quiet.push(resolve));
    const started = seen.started;
    const ready = await page.evaluate(async () => {
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return Boolean(document.querySelector("main:not([inert])")) && !document.querySelector(".spinner-wrap");
    });
    if (ready && seen.inFlight.size === 0 && seen.started === started) return;
  }
}
