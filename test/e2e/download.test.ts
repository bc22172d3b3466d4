import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VIEWPORTS, baseURL, downloadedBytes, launchBrowser, screenshot } from "./browser";
import { grantCredits, newUser, signInBrowser, type Session } from "./session";

// 'Download original' (issue 3): import real label files through the Upload tab, open each label's
// detail and download its original through the browser. The suggested filename has the right
// extension (added from the type when the upload's name had none) and the bytes are the
// file that was uploaded.

const FIXTURES = path.join(import.meta.dirname, "../fixtures/labels");

interface Upload {
  fixture: string;
  /** The name the file is dropped with. */
  name: string;
  type: string;
  trackingCode: string;
  expectedName: string;
}

const UPLOADS: Upload[] = [
  { fixture: "evri.pdf", name: "evri.pdf", type: "application/pdf", trackingCode: "H04AQA0004726589", expectedName: "evri.pdf" },
  // No extension on the dropped file: the download gets one from its type.
  { fixture: "royalmail-300dpi.png", name: "royal mail label", type: "image/png", trackingCode: "VB442550835GB", expectedName: "royal mail label.png" },
];

async function drop(page: Page, files: Array<{ name: string; type: string; bytes: Buffer }>) {
  const payload = files.map((f) => ({ name: f.name, type: f.type, b64: f.bytes.toString("base64") }));
  await page.getByTestId("dropzone").evaluate((zone, files) => {
    const dt = new DataTransfer();
    for (const f of files) dt.items.add(new File([Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0))], f.name, { type: f.type }));
    zone.dispatchEvent(new DragEvent("dragover", { dataTransfer: dt, bubbles: true, cancelable: true }));
    zone.dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, payload);
}

describe("download the original of an imported label", () => {
  let browser: Browser;
  let session: Session;
  // Read once: the bytes that are uploaded are the bytes the download must return.
  const bytes = new Map(UPLOADS.map((u) => [u.fixture, readFileSync(path.join(FIXTURES, u.fixture))]));

  beforeAll(async () => {
    browser = await launchBrowser();
    session = await newUser("download");
    await grantCredits(session.email, UPLOADS.length);
  });
  afterAll(async () => browser?.close());

  it("uploads real label files, then 'Download original' saves each with its extension and its exact bytes", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, acceptDownloads: true });
    await signInBrowser(context, session);
    const page = await context.newPage();
    await page.goto(baseURL() + "/upload");
    await page.getByText(`Credits available: ${UPLOADS.length}`).waitFor();
    await drop(page, UPLOADS.map((u) => ({ name: u.name, type: u.type, bytes: bytes.get(u.fixture)! })));
    await page.getByText(`${UPLOADS.length} labels processed`).waitFor({ timeout: 60_000 });

    const list = (await fetch(baseURL() + "/api/v1/labels", { headers: { Authorization: `Bearer ${session.access_token}` } }).then((r) =>
      r.json(),
    )) as { results: Array<{ id: string; trackingCode: string; file: { name: string; hasBytes: boolean } | null }> };

    for (const upload of UPLOADS) {
      const label = list.results.find((l) => l.trackingCode === upload.trackingCode);
      expect(label, upload.trackingCode).toBeDefined();
      expect(label!.file?.hasBytes).toBe(true);

      await page.goto(baseURL() + `/label/${label!.id}`);
      const button = page.getByRole("button", { name: "Download original" });
      await button.waitFor();
      expect(await button.isEnabled()).toBe(true);
      expect(await button.getAttribute("title")).toBeNull();

      const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
      expect(download.suggestedFilename()).toBe(upload.expectedName);
      expect(path.extname(download.suggestedFilename())).toBe(path.extname(upload.expectedName));
      const saved = await downloadedBytes(download);
      expect(saved.length).toBe(bytes.get(upload.fixture)!.length);
      expect(saved.equals(bytes.get(upload.fixture)!)).toBe(true);
      // No error came up and the button is ready again.
      expect(await button.isEnabled()).toBe(true);
    }
    await screenshot(page, "download-detail-desktop");
    await context.close();
  });

  it("downloads from the detail at phone width too", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, acceptDownloads: true });
    await signInBrowser(context, session);
    const page = await context.newPage();
    await page.goto(baseURL() + `/label/${UPLOADS[0].trackingCode}`);
    const button = page.getByRole("button", { name: "Download original" });
    await button.waitFor();
    expect(await button.isEnabled()).toBe(true);
    const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
    expect(download.suggestedFilename()).toBe(UPLOADS[0].expectedName);
    expect((await downloadedBytes(download)).equals(bytes.get(UPLOADS[0].fixture)!)).toBe(true);
    await screenshot(page, "download-detail-phone");
    await context.close();
  });
});
