import { mkdirSync } from "node:fs";
import { chromium, type Browser, type Download, type Page } from "playwright-core";
import { inject } from "vitest";

export const SCREENSHOT_DIR = "test-results/screenshots";

/**
 * This file's connection to the run's Chromium (test/e2e/chromium.ts). Its close() closes the contexts the file opened
 * and the connection, not the browser. Downloads are read with downloadedBytes: a connected browser has no local path.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.connect(inject("chromiumEndpoint"));
}

/** A finished download's bytes, streamed from the browser. */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export const baseURL = () => inject("baseURL");

export const VIEWPORTS = {
  desktop: { width: 1280, height: 860 },
  phone: { width: 390, height: 844 },
} as const;

/** Saves a full-page screenshot under test-results/screenshots (not committed). */
export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

/** Each test gets a fresh email so tests never depend on each other's accounts. */
export function uniqueEmail(prefix = "user") {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}
