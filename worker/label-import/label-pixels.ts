/**
 * Any label file's pixels for OCR and printing: an uploaded image decoded, or one page of a PDF
 * rendered by PDFium. Sizes are checked from the headers before anything is decoded (the same caps
 * as the import).
 */
import { imagePixels, OCR_LIMITS, type Pixmap } from "../images/raster";
import { imageInfo, sniff } from "../images/sniff";
import { ImportError } from "../lib/errors";
import { renderPages } from "./pdfium";

/** Decodes an uploaded image or renders page `page` (1-based) of a PDF, on white. */
export async function labelPixels(bytes: Uint8Array, page: number): Promise<Pixmap> {
  const kind = sniff(bytes);
  if (!kind) throw new ImportError(415, "Unsupported file type.");
  if (kind === "pdf") {
    let found: Pixmap | null = null;
    await renderPages(bytes, { dpi: OCR_LIMITS.renderDpi, maxSide: OCR_LIMITS.maxOcrSide, maxPages: page, fromPage: page - 1 }, async (_i, p) => {
      found = p;
    });
    if (!found) throw new ImportError(422, `The PDF has no page ${page}.`);
    return found;
  }
  const info = imageInfo(kind, bytes);
  if (!info || info.width * info.height > OCR_LIMITS.maxImagePixels || Math.max(info.width, info.height) > OCR_LIMITS.maxImageSide) {
    throw new ImportError(422, "This image is damaged or too large to read.");
  }
  return imagePixels(kind, bytes);
}
