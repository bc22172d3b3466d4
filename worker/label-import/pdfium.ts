/**
 * Rasterises PDF pages with PDFium (@embedpdf/pdfium), for vector-drawn barcodes and flattened labels.
 * Loaded lazily on the first PDF that needs it; the .wasm is imported as a module and instantiated
 * through emscripten's `instantiateWasm` hook (workerd cannot compile wasm from bytes, and the
 * package's own loader would fetch it).
 */
import pdfiumWasm from "@embedpdf/pdfium/pdfium.wasm";
import type { Pixmap } from "../images/raster";
import { unionRect, type PdfRect } from "./sheet-parts";

type Pdfium = Awaited<ReturnType<typeof import("@embedpdf/pdfium").init>>;

let loading: Promise<Pdfium> | null = null;

async function load(): Promise<Pdfium> {
  const { init } = await import("@embedpdf/pdfium");
  const lib = await init({
    locateFile: (path: string) => path,
    instantiateWasm(imports: WebAssembly.Imports, receive: (instance: WebAssembly.Instance, module?: WebAssembly.Module) => void) {
      WebAssembly.instantiate(pdfiumWasm, imports).then((instance) => receive(instance, pdfiumWasm));
      return {};
    },
    print: () => {},
    printErr: () => {},
  } as never);
  lib.PDFiumExt_Init();
  return lib;
}

export function getPdfium(): Promise<Pdfium> {
  loading ??= load().catch((err) => {
    loading = null;
    throw err;
  });
  return loading;
}

/** Where a label is on a page: its text box, and the band it must stay inside (PDF user space). */
export interface RegionRequest {
  textBox: PdfRect;
  limit?: PdfRect;
}

/** A region is drawn instead of the whole page only when it is at most this share of the page's pixels. */
export const MAX_REGION_SHARE = 0.6;
/** Points around the text box in which other page content (barcodes, the label's frame) joins the region. */
const REGION_REACH = 14;
/** Points of white kept around the region (barcode quiet zones). */
const REGION_MARGIN = 9;

export class PdfiumError extends Error {}

/**
 * Renders each page (page rotation applied) to RGBA on white, scaled so the longer side is at most
 * `maxSide` px and the resolution at most `dpi`. Calls `onPage` with each page as it is drawn, so only
 * one bitmap is alive at a time. `fromPage` (0-based) skips the pages before it.
 *
 * `regions(index)` may name where the labels are on the page (their text boxes, PDF user space):
 * the page is then drawn only there, once per label, each region grown to the page content that
 * touches it (barcodes, the frame) and padded, into a bitmap of that size at the same scale (`clip`
 * says where it sits). The whole page is drawn instead when a region would not save much (over
 * MAX_REGION_SHARE of it).
 *
 * `atImageResolution`: a page that is one picture (a flattened label: an image over 80% of the page) under `dpi` is
 * drawn at the picture's own resolution, a pixel of the page for a pixel of the picture; other pages are not drawn.
 */
export async function renderPages(
  bytes: Uint8Array,
  opts: { dpi: number; maxSide: number; maxPages: number; fromPage?: number; regions?: (index: number) => RegionRequest[]; atImageResolution?: boolean },
  onPage: (index: number, pixmap: Pixmap) => Promise<void>,
): Promise<void> {
  const lib = await getPdfium();
  const mod = lib.pdfium as typeof lib.pdfium & { HEAPU8: Uint8Array };
  const filePtr = mod.wasmExports.malloc(bytes.length);
  if (!filePtr) throw new PdfiumError("out of memory");
  mod.HEAPU8.set(bytes, filePtr);
  const doc = lib.FPDF_LoadMemDocument(filePtr, bytes.length, "");
  try {
    if (!doc) throw new PdfiumError(`PDFium could not open the file (error ${lib.FPDF_GetLastError()})`);
    const count = Math.min(lib.FPDF_GetPageCount(doc), opts.maxPages);
    for (let i = opts.fromPage ?? 0; i < count; i++) {
      const page = lib.FPDF_LoadPage(doc, i);
      if (!page) throw new PdfiumError(`PDFium could not read page ${i + 1}`);
      let pageOpen = true;
      try {
        const wPt = lib.FPDF_GetPageWidthF(page);
        const hPt = lib.FPDF_GetPageHeightF(page);
        if (!(wPt > 0 && hPt > 0)) throw new PdfiumError(`page ${i + 1} has no size`);
        const own = opts.atImageResolution ? imageScale(lib, page, wPt * hPt) : null;
        if (opts.atImageResolution && !(own && own < opts.dpi / 72)) continue;
        const scale = Math.min(own ?? opts.dpi / 72, opts.maxSide / Math.max(wPt, hPt));
        const pageWidth = Math.max(1, Math.round(wPt * scale));
        const pageHeight = Math.max(1, Math.round(hPt * scale));
        const wanted = opts.regions?.(i) ?? [];
        const clips = wanted.map((r) => deviceRegion(lib, page, r, pageWidth, pageHeight, scale));
        const draws = wanted.length && clips.every(Boolean) ? clips : [null];
        // Pixels first, for every region (each a label's size), then the page is closed before
        // anything is decoded.
        const drawn = draws.map((clip) => drawBitmap(lib, page, pageWidth, pageHeight, clip));
        lib.FPDF_ClosePage(page);
        pageOpen = false;
        for (let k = 0; k < drawn.length; k++) {
          const clip = draws[k];
          const { data, width, height } = drawn[k];
          drawn[k] = null as never; // let it go once decoded
          await onPage(i, clip ? { data, width, height, clip: { x: clip.x, y: clip.y, pageWidth, pageHeight, part: k, parts: draws.length } } : { data, width, height });
        }
      } finally {
        if (pageOpen) lib.FPDF_ClosePage(page);
      }
    }
  } finally {
    if (doc) lib.FPDF_CloseDocument(doc);
    mod.wasmExports.free(filePtr);
  }
}

type Lib = Pdfium;

/** PDFium's page object type of an image (FPDF_PAGEOBJ_IMAGE). */
const IMAGE_OBJECT = 3;

/**
 * Device pixels per point at which the page's picture is drawn pixel for pixel: the largest image on the page, when it
 * covers over 80% of its `pageArea` (points²); null when there is none. Its pixels over its bounds, both ways at once
 * (a picture turned a quarter on the page has its width along the page's height).
 */
function imageScale(lib: Lib, page: number, pageArea: number): number | null {
  const mod = lib.pdfium as typeof lib.pdfium & { HEAPU8: Uint8Array };
  const out = mod.wasmExports.malloc(16);
  if (!out) throw new PdfiumError("out of memory");
  let best: number | null = null;
  let largest = 0;
  try {
    const count = lib.FPDFPage_CountObjects(page);
    for (let k = 0; k < count; k++) {
      const obj = lib.FPDFPage_GetObject(page, k);
      if (!obj || lib.FPDFPageObj_GetType(obj) !== IMAGE_OBJECT || !lib.FPDFPageObj_GetBounds(obj, out, out + 4, out + 8, out + 12)) continue;
      const f = new Float32Array(mod.HEAPU8.buffer, out, 4);
      const area = (f[2] - f[0]) * (f[3] - f[1]);
      if (area <= largest || !lib.FPDFImageObj_GetImagePixelSize(obj, out, out + 4)) continue;
      const px = new Uint32Array(mod.HEAPU8.buffer, out, 2);
      largest = area;
      best = px[0] > 0 && px[1] > 0 ? Math.sqrt((px[0] * px[1]) / area) : null;
    }
  } finally {
    mod.wasmExports.free(out);
  }
  return best && largest > 0.8 * pageArea ? best : null;
}

/** One character as PDFium places it: its origin and advance along the text's direction, in points. */
export interface Glyph {
  char: string;
  /** Origin along the line's direction, and across it (user space turned by the text's angle). */
  along: number;
  across: number;
  /** The font's advance for it (PDFium's loose box: the glyph's width in the font, not its ink). */
  advance: number;
  /** The font's ascent to descent: about an em. */
  size: number;
  /** The font that draws it (PDFium's handle: one font dictionary of the file, one handle). */
  font?: number;
  /**
   * Its glyph's box from its origin, along the text by its advance and across it by its size: [start, end, below, above].
   * The same glyph of one font has the same box however large or squeezed; null for text turned other than by quarters
   * and for a glyph drawing two characters (a ligature, whose characters share one origin).
   */
  ink?: [number, number, number, number] | null;
}

/**
 * The characters of some pages, in content order, with where PDFium places each one (issue 36, class 1): a producer
 * that fits a long line by positioning every glyph itself ('iText-like', or a page re-distilled by Ghostscript) can
 * leave no space character and no gap wide enough for pdf.js to put one back ('JOHNSMITH'); each glyph's own origin
 * and advance still show where the words part. Characters PDFium made up (its own spaces and line breaks) are left out.
 */
export async function readGlyphs(bytes: Uint8Array, pages: number[]): Promise<Map<number, Glyph[]>> {
  const lib = await getPdfium();
  const mod = lib.pdfium as typeof lib.pdfium & { HEAPU8: Uint8Array; HEAPF64: Float64Array };
  const out = new Map<number, Glyph[]>();
  const filePtr = mod.wasmExports.malloc(bytes.length);
  const buf = mod.wasmExports.malloc(64);
  if (!filePtr || !buf) throw new PdfiumError("out of memory");
  mod.HEAPU8.set(bytes, filePtr);
  const doc = lib.FPDF_LoadMemDocument(filePtr, bytes.length, "");
  try {
    for (const i of doc ? pages : []) {
      const page = lib.FPDF_LoadPage(doc, i);
      if (!page) continue;
      const text = lib.FPDFText_LoadPage(page);
      try {
        const glyphs: Glyph[] = [];
        const count = text ? Math.min(lib.FPDFText_CountChars(text), 20_000) : 0;
        for (let k = 0; k < count; k++) {
          if (lib.FPDFText_IsGenerated(text, k) === 1) continue;
          const code = lib.FPDFText_GetUnicode(text, k);
          if (!code || !lib.FPDFText_GetCharOrigin(text, k, buf, buf + 8) || !lib.FPDFText_GetLooseCharBox(text, k, buf + 16)) continue;
          const [x, y] = [mod.HEAPF64[buf / 8], mod.HEAPF64[buf / 8 + 1]];
          const box = new Float32Array(mod.HEAPU8.buffer, buf + 16, 4); // left, top, right, bottom
          // PDFium gives the text's angle clockwise: its direction is (cos, -sin) in user space (y up).
          const angle = lib.FPDFText_GetCharAngle(text, k);
          const [c, sn] = [Math.cos(angle), -Math.sin(angle)];
          const [wide, high] = [Math.abs(box[2] - box[0]), Math.abs(box[1] - box[3])];
          const flat = Math.abs(c) >= Math.abs(sn);
          // The loose box spans the advance along the text and the font's ascent to descent across it (about an em).
          const glyph: Glyph = { char: String.fromCodePoint(code), along: x * c + y * sn, across: -x * sn + y * c, advance: flat ? wide : high, size: flat ? high : wide };
          const object = lib.FPDFText_GetTextObject(text, k);
          glyph.font = object ? lib.FPDFTextObj_GetFont(object) : 0;
          const square = Math.abs(Math.sin(2 * angle)) < 1e-3;
          // The tight box (the glyph's outline bounds), turned into the text's direction from its origin.
          if (square && glyph.advance > 0 && glyph.size > 0 && lib.FPDFText_GetCharBox(text, k, buf + 32, buf + 40, buf + 48, buf + 56)) {
            const [left, right, bottom, top] = [4, 5, 6, 7].map((n) => mod.HEAPF64[buf / 8 + n]);
            const corners = [left, right].flatMap((px) => [bottom, top].map((py) => [(px - x) * c + (py - y) * sn, -(px - x) * sn + (py - y) * c]));
            const along = corners.map((p) => p[0] / glyph.advance);
            const across = corners.map((p) => p[1] / glyph.size);
            glyph.ink = [Math.min(...along), Math.max(...along), Math.min(...across), Math.max(...across)];
          }
          glyphs.push(glyph);
        }
        // Characters of one glyph (a ligature's) share its origin: their boxes are pieces of it, no glyph's own.
        for (let k = 1; k < glyphs.length; k++)
          if (Math.abs(glyphs[k].along - glyphs[k - 1].along) < 0.01 && Math.abs(glyphs[k].across - glyphs[k - 1].across) < 0.01) glyphs[k].ink = glyphs[k - 1].ink = null;
        out.set(i, glyphs);
      } finally {
        if (text) lib.FPDFText_ClosePage(text);
        lib.FPDF_ClosePage(page);
      }
    }
  } finally {
    if (doc) lib.FPDF_CloseDocument(doc);
    mod.wasmExports.free(buf);
    mod.wasmExports.free(filePtr);
  }
  return out;
}

/**
 * Draws the page (or the `clip` region of it) to RGBA on white. The page is laid out at its full
 * size, shifted so the region lands on the small bitmap; PDFium draws only what falls inside it.
 */
function drawBitmap(lib: Lib, page: number, pageWidth: number, pageHeight: number, clip: { x: number; y: number; w: number; h: number } | null): Pixmap {
  const mod = lib.pdfium as typeof lib.pdfium & { HEAPU8: Uint8Array };
  const width = clip ? clip.w : pageWidth;
  const height = clip ? clip.h : pageHeight;
  const bitmap = lib.FPDFBitmap_Create(width, height, 0);
  if (!bitmap) throw new PdfiumError("out of memory");
  try {
    lib.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, 0xffffffff);
    // flags: FPDF_ANNOT (0x01) | FPDF_PRINTING (0x800)
    lib.FPDF_RenderPageBitmap(bitmap, page, clip ? -clip.x : 0, clip ? -clip.y : 0, pageWidth, pageHeight, 0, 0x01 | 0x800);
    const stride = lib.FPDFBitmap_GetStride(bitmap);
    const buf = lib.FPDFBitmap_GetBuffer(bitmap);
    const src = mod.HEAPU8;
    const data = new Uint8ClampedArray(width * height * 4);
    for (let y = 0; y < height; y++) {
      let s = buf + y * stride;
      let d = y * width * 4;
      for (let x = 0; x < width; x++, s += 4, d += 4) {
        // BGRA -> RGBA
        data[d] = src[s + 2];
        data[d + 1] = src[s + 1];
        data[d + 2] = src[s];
        data[d + 3] = 255;
      }
    }
    return { data, width, height };
  } finally {
    lib.FPDFBitmap_Destroy(bitmap);
  }
}

/**
 * The device-pixel rectangle (in the whole page drawn at `pageWidth` x `pageHeight`) holding the
 * label whose text box is `text`: the box grown by every page object within REGION_REACH of it
 * (repeatedly, so a barcode under the last line and the label's frame join), then REGION_MARGIN of
 * white around. Objects covering half the page or more (backgrounds, a sheet frame) say nothing about
 * where the label is and are left out. Null when the region is not worth it.
 */
function deviceRegion(lib: Lib, page: number, want: RegionRequest, pageWidth: number, pageHeight: number, scale: number) {
  const text = want.textBox;
  const limit = want.limit;
  const mod = lib.pdfium as typeof lib.pdfium & { HEAPU8: Uint8Array };
  const pageArea = (pageWidth / scale) * (pageHeight / scale);
  const area = (b: PdfRect) => (b.right - b.left) * (b.top - b.bottom);
  // A label page's own text already covers most of it (a 4x6 page): no region, no object walk.
  if (area(text) > pageArea * MAX_REGION_SHARE) return null;
  const bounds: PdfRect[] = [];
  const out = mod.wasmExports.malloc(16);
  if (!out) throw new PdfiumError("out of memory");
  try {
    const count = lib.FPDFPage_CountObjects(page);
    for (let k = 0; k < count; k++) {
      const obj = lib.FPDFPage_GetObject(page, k);
      if (!obj || !lib.FPDFPageObj_GetBounds(obj, out, out + 4, out + 8, out + 12)) continue;
      const f = new Float32Array(mod.HEAPU8.buffer, out, 4);
      const b = { left: f[0], bottom: f[1], right: f[2], top: f[3] };
      if (area(b) >= pageArea / 2) continue;
      bounds.push(b);
    }
  } finally {
    mod.wasmExports.free(out);
  }
  let r: PdfRect = text;
  const near = (b: PdfRect) =>
    b.left <= r.right + REGION_REACH && b.right >= r.left - REGION_REACH && b.bottom <= r.top + REGION_REACH && b.top >= r.bottom - REGION_REACH;
  for (let grown = true; grown; ) {
    grown = false;
    for (let k = bounds.length - 1; k >= 0; k--) {
      if (!near(bounds[k])) continue;
      r = unionRect(r, bounds[k]);
      bounds[k] = bounds[bounds.length - 1];
      bounds.pop();
      grown = true;
    }
  }
  r = { left: r.left - REGION_MARGIN, bottom: r.bottom - REGION_MARGIN, right: r.right + REGION_MARGIN, top: r.top + REGION_MARGIN };
  if (limit) {
    r = { left: Math.max(r.left, limit.left), bottom: Math.max(r.bottom, limit.bottom), right: Math.min(r.right, limit.right), top: Math.min(r.top, limit.top) };
  }

  // Corners to device pixels (PDFium applies the page's /Rotate and box origin).
  const xy = mod.wasmExports.malloc(8);
  if (!xy) throw new PdfiumError("out of memory");
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  try {
    for (const [px, py] of [[r.left, r.bottom], [r.left, r.top], [r.right, r.bottom], [r.right, r.top]]) {
      if (!lib.FPDF_PageToDevice(page, 0, 0, pageWidth, pageHeight, 0, px, py, xy, xy + 4)) return null;
      const d = new Int32Array(mod.HEAPU8.buffer, xy, 2);
      x0 = Math.min(x0, d[0]);
      y0 = Math.min(y0, d[1]);
      x1 = Math.max(x1, d[0]);
      y1 = Math.max(y1, d[1]);
    }
  } finally {
    mod.wasmExports.free(xy);
  }
  x0 = Math.max(0, x0 - 1);
  y0 = Math.max(0, y0 - 1);
  x1 = Math.min(pageWidth, x1 + 1);
  y1 = Math.min(pageHeight, y1 + 1);
  const w = x1 - x0;
  const h = y1 - y0;
  if (w < 1 || h < 1 || w * h > pageWidth * pageHeight * MAX_REGION_SHARE) return null;
  return { x: x0, y: y0, w, h };
}
