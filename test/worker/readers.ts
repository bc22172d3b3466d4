import { beforeAll } from "vitest";
import { loadPdfText } from "../../worker/label-import/pdf";
import { getPdfium } from "../../worker/label-import/pdfium";
import { loadBarcodeReader } from "../../worker/images/zxing";

/**
 * Loads the label readers' code (pdf.js, PDFium, zxing) before a file's tests. Each test file gets a fresh runtime,
 * and its first upload otherwise paid that loading (the test pool transforms pdf.js's 1 MB on first import) inside
 * its own test's time: the first test of import-route.test.ts timed out at 33 s in a CI rehearsal with three files
 * running at once. Production pays it once an isolate, outside a file's 25 s too (label-import/pipeline.ts).
 */
export function loadReadersFirst() {
  beforeAll(async () => {
    await Promise.all([loadPdfText(), loadBarcodeReader(), getPdfium()]);
  }, 180_000);
}
