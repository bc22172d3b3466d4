import {
  PDFDocument,
  StandardFonts,
  degrees,
  concatTransformationMatrix,
  drawObject,
  grayscale,
  popGraphicsState,
  pushGraphicsState,
  type PDFEmbeddedPage,
  type PDFImage,
  type PDFPage,
} from "pdf-lib";
import { labelPrintContent } from "../../shared/print-content";
import { drawLabel, labelBarcodes, type Box, type LabelFonts } from "./pdf-label";
import { embedPixels, embedPngAsIs, type PngXObject } from "./png-xobject";
import { LeftOutError, prepareEach, type PrintItem, type PrintLayout, type PrintedFile } from "./select";

/**
 * The merged PDF of a bulk print: one label per 4x6 in page, or two (stacked) or four (2x2) per A4 sheet with cut
 * margins. Labels we print are drawn in their cell with their barcodes at full size (pdf-label.ts); a carrier's
 * original (a PDF page, a PNG, JPEG or WEBP) is placed whole, scaled uniformly to fit the cell, never stretched.
 */

const PAGE_4X6: [number, number] = [288, 432];
const PAGE_A4: [number, number] = [595.28, 841.89];
/** White kept around each label on an A4 sheet, for cutting (about 3 mm). */
const CUT_MARGIN = 9;

interface Sheet {
  size: [number, number];
  cells: Box[];
  /** Cut guides between cells: [x1, y1, x2, y2]. */
  guides: Array<[number, number, number, number]>;
}

/** The page size and the label boxes on it, in order (top first, then left to right). */
export function sheetFor(layout: PrintLayout): Sheet {
  if (layout === "4x6") return { size: PAGE_4X6, cells: [{ x: 0, y: 0, w: PAGE_4X6[0], h: PAGE_4X6[1] }], guides: [] };
  const [W, H] = PAGE_A4;
  const cols = layout === "a4-4" ? 2 : 1;
  const cellW = W / cols;
  const cellH = H / 2;
  const w = Math.min(PAGE_4X6[0], cellW - 2 * CUT_MARGIN);
  const h = Math.min(PAGE_4X6[1], cellH - 2 * CUT_MARGIN);
  const cells: Box[] = [];
  for (const row of [1, 0]) {
    for (let col = 0; col < cols; col++) cells.push({ x: col * cellW + (cellW - w) / 2, y: row * cellH + (cellH - h) / 2, w, h });
  }
  const guides: Sheet["guides"] = [[0, cellH, W, cellH]];
  if (cols === 2) guides.push([cellW, 0, cellW, H]);
  return { size: PAGE_A4, cells, guides };
}

/** An original as it goes on the page: an embedded page (with its display rotation), an image, or a PNG as is. */
type Original = { page: PDFEmbeddedPage; rotation: number } | { image: PDFImage } | { png: PngXObject };

/** An original embedded into the document; a file that is missing or cannot be read leaves its label out. */
async function embedOriginal(doc: PDFDocument, item: Extract<PrintItem, { kind: "original" }>, files: Map<string, Uint8Array>, sources: Map<string, PDFDocument | null>): Promise<Original> {
  const bytes = files.get(item.r2Key);
  try {
    if (!bytes) throw new Error("missing");
    if (item.mime === "application/pdf") {
      if (!sources.has(item.r2Key)) sources.set(item.r2Key, await PDFDocument.load(bytes, { updateMetadata: false }).catch(() => null));
      const src = sources.get(item.r2Key);
      if (!src || src.getPageCount() === 0) throw new Error("unreadable");
      const page = src.getPage(Math.min(item.page, src.getPageCount()) - 1);
      return { page: await doc.embedPage(page), rotation: ((page.getRotation().angle % 360) + 360) % 360 };
    }
    return item.mime === "image/jpeg" ? { image: await doc.embedJpg(bytes) } : { png: await embedImageOriginal(doc, item.mime, bytes) };
  } catch {
    throw new LeftOutError("unreadable_original_file");
  }
}

/**
 * An original scaled uniformly to fit the box and centred, turned as its page is displayed, and turned a quarter
 * more when it lies the other way from the box (a 6x4 in landscape label on a 4x6 page prints at full size, as a
 * printer driver's auto-rotate would, instead of shrunk by a third).
 */
function drawOriginal(page: PDFPage, box: Box, original: Original) {
  const [width, height] = "png" in original ? [original.png.width, original.png.height] : "image" in original ? [original.image.width, original.image.height] : [original.page.width, original.page.height];
  const shown = "page" in original ? (Math.round(original.rotation / 90) * 90) % 360 : 0;
  const landscape = shown % 180 === 0 ? width > height : height > width;
  const turn = width !== height && landscape !== box.w > box.h ? 90 : 0;
  const rotation = (shown + turn) % 360;
  const [dw, dh] = rotation % 180 ? [height, width] : [width, height];
  const s = Math.min(box.w / dw, box.h / dh);
  const x = box.x + (box.w - dw * s) / 2;
  const y = box.y + (box.h - dh * s) / 2;
  // Turned clockwise by `rotation` about `at`, the content's bounding box lands at (x, y).
  const at = { 0: [x, y], 90: [x, y + dh * s], 180: [x + dw * s, y + dh * s], 270: [x + dw * s, y] }[rotation as 0];
  if ("png" in original) {
    const name = page.node.newXObject("Image", original.png.ref);
    const cos = Math.round(Math.cos((rotation * Math.PI) / 180));
    const sin = Math.round(Math.sin((rotation * Math.PI) / 180));
    const matrix = concatTransformationMatrix(width * s * cos, -width * s * sin, height * s * sin, height * s * cos, at[0], at[1]);
    page.pushOperators(pushGraphicsState(), matrix, drawObject(name), popGraphicsState());
  } else if ("image" in original) {
    page.drawImage(original.image, { x: at[0], y: at[1], width: width * s, height: height * s, rotate: degrees(-rotation) });
  } else {
    page.drawPage(original.page, { x: at[0], y: at[1], xScale: s, yScale: s, rotate: degrees(-rotation) });
  }
}

function drawGuides(page: PDFPage, sheet: Sheet) {
  for (const [x1, y1, x2, y2] of sheet.guides) {
    page.drawLine({ start: { x: x1, y: y1 }, end: { x: x2, y: y2 }, thickness: 0.5, color: grayscale(0.6), dashArray: [4, 4] });
  }
}

/**
 * The merged PDF. `files` holds the originals' bytes by R2 key; `banner` the company banner (PNG or JPEG bytes)
 * when there is one. A label whose original cannot be read or whose barcodes cannot be drawn in spec is left out
 * (`leftOut`), and the others fill the cells in order, with no gap where it would have been.
 */
export async function buildLabelsPdf(
  items: PrintItem[],
  layout: PrintLayout,
  files: Map<string, Uint8Array>,
  banner: Uint8Array | null,
): Promise<PrintedFile<Uint8Array>> {
  const doc = await PDFDocument.create();
  doc.setProducer("Parcelhive");
  const fonts: LabelFonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  const bannerImage = banner ? await embedBanner(doc, banner) : null;
  const sheet = sheetFor(layout);
  const sources = new Map<string, PDFDocument | null>();
  const { ready, leftOut } = await prepareEach(
    items,
    (item) => item.label,
    async (item): Promise<(page: PDFPage, box: Box) => void> => {
      if (item.kind === "original") {
        const original = await embedOriginal(doc, item, files, sources);
        return (page, box) => drawOriginal(page, box, original);
      }
      const content = labelPrintContent(item.label);
      // Every cell of a sheet has one size: the barcodes are encoded (and checked) for it once.
      const barcodes = labelBarcodes(content, sheet.cells[0]);
      return (page, box) => drawLabel(page, box, content, barcodes, fonts, bannerImage);
    },
  );
  doc.setTitle(`Parcelhive labels (${ready.length})`);
  let page: PDFPage | null = null;
  ready.forEach(([, draw], i) => {
    const slot = i % sheet.cells.length;
    if (slot === 0) {
      page = doc.addPage(sheet.size);
      drawGuides(page, sheet);
    }
    draw(page!, sheet.cells[slot]);
  });
  return { body: ready.length ? await doc.save() : new Uint8Array(), printed: ready.length, leftOut };
}

/** A PNG original as it is when PDF can read its data, else (alpha, palette, WEBP) decoded and embedded losslessly. */
async function embedImageOriginal(doc: PDFDocument, mime: "image/png" | "image/webp", bytes: Uint8Array): Promise<PngXObject> {
  const asIs = mime === "image/png" ? embedPngAsIs(doc, bytes) : null;
  if (asIs) return asIs;
  const pixels = mime === "image/png" ? await (await import("../images/png")).decodePngOnWhite(bytes) : await (await import("../images/webp")).decodeWebp(bytes);
  return embedPixels(doc, pixels);
}

/** The banner as an image; a WEBP goes in as a JPEG (pdf-lib embeds PNG and JPEG only). */
async function embedImage(doc: PDFDocument, mime: string, bytes: Uint8Array): Promise<PDFImage> {
  if (mime === "image/png") return doc.embedPng(bytes);
  if (mime === "image/webp") return doc.embedJpg(await (await import("../images/webp")).webpAsJpeg(bytes));
  return doc.embedJpg(bytes);
}

/** The banner (PNG, JPEG or WEBP, told by their magic bytes); one that cannot be read prints no banner, as on the print view. */
async function embedBanner(doc: PDFDocument, bytes: Uint8Array): Promise<PDFImage | null> {
  const mime =
    bytes[0] === 0x89 && bytes[1] === 0x50
      ? "image/png"
      : bytes[0] === 0xff && bytes[1] === 0xd8
        ? "image/jpeg"
        : String.fromCharCode(...bytes.subarray(8, 12)) === "WEBP"
          ? "image/webp"
          : null;
  return mime ? embedImage(doc, mime, bytes).catch(() => null) : null;
}
