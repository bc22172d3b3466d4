/**
 * Chromium (Debian's, through playwright-core; never downloaded) prints the HTML labels to PDF and
 * takes the screenshots that images start from. One browser and one tab for a whole run: a new
 * tab per label cost 300-600 ms, a reused one 70-150 ms.
 */
import { type Browser, chromium, type Page } from "playwright-core";
import { degrees, PDFDocument } from "pdf-lib";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export class Chromium {
  private readonly browser: Browser;
  private readonly page: Page;
  private constructor(browser: Browser, page: Page) {
    this.browser = browser;
    this.page = page;
  }

  static async start(): Promise<Chromium> {
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    });
    return new Chromium(browser, await browser.newPage());
  }

  /** The document printed to PDF at the given page size (points); `rotate` adds /Rotate 90 to every page afterwards. */
  async pdf(html: string, o: { w: number; h: number; tagged: boolean; rotate: boolean }): Promise<Uint8Array> {
    await this.page.setContent(html, { waitUntil: "load" });
    const bytes = await this.page.pdf({ width: `${o.w / 72}in`, height: `${o.h / 72}in`, printBackground: true, margin: { top: "0", right: "0", bottom: "0", left: "0" }, tagged: o.tagged });
    if (!o.rotate) return new Uint8Array(bytes);
    const doc = await PDFDocument.load(bytes);
    for (const p of doc.getPages()) p.setRotation(degrees(90));
    return doc.save();
  }

  /** A screenshot of the document in a viewport of `width` x `height` CSS px (the page scales itself with CSS zoom for its resolution). */
  async screenshot(html: string, o: { width: number; height: number }): Promise<Buffer> {
    await this.page.setViewportSize({ width: Math.ceil(o.width), height: Math.ceil(o.height) });
    await this.page.setContent(html, { waitUntil: "load" });
    return this.page.screenshot({ type: "png", animations: "disabled" });
  }

  close(): Promise<void> {
    return this.browser.close();
  }
}
