/**
 * Rasterises PDF pages with PDFium (@embedpdf/pdfium), for vector-drawn barcodes and flattened labels.
 * Loaded lazily on the first PDF that needs it; the .wasm is imported as a module and instantiated
 * through emscripten's `instantiateWasm` hook (workerd cannot compile wasm from bytes, and the
 * package's own loader would fetch it).
 */
import pdfiumWasm from "@embedpdf/pdfium/pdfium.wasm";

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

export interface Pixmap {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

export class PdfiumError extends Error {}

/**
 * Renders each page (page rotation applied) to RGBA on white, scaled so the longer side is at most
 * `maxSide` px and the resolution at most `dpi`. Calls `onPage` with each page as it is drawn, so only
 * one bitmap is alive at a time. `fromPage` (0-based) skips the pages before it.
 */
export async function renderPages(
  bytes: Uint8Array,
  opts: { dpi: number; maxSide: number; maxPages: number; fromPage?: number },
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
      let bitmap = 0;
      let pageOpen = true;
      try {
        const wPt = lib.FPDF_GetPageWidthF(page);
        const hPt = lib.FPDF_GetPageHeightF(page);
        if (!(wPt > 0 && hPt > 0)) throw new PdfiumError(`page ${i + 1} has no size`);
        const scale = Math.min(opts.dpi / 72, opts.maxSide / Math.max(wPt, hPt));
        const width = Math.max(1, Math.round(wPt * scale));
        const height = Math.max(1, Math.round(hPt * scale));
        bitmap = lib.FPDFBitmap_Create(width, height, 0);
        if (!bitmap) throw new PdfiumError("out of memory");
        lib.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, 0xffffffff);
        // flags: FPDF_ANNOT (0x01) | FPDF_PRINTING (0x800)
        lib.FPDF_RenderPageBitmap(bitmap, page, 0, 0, width, height, 0, 0x01 | 0x800);
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
        lib.FPDFBitmap_Destroy(bitmap);
        bitmap = 0;
        lib.FPDF_ClosePage(page);
        pageOpen = false;
        await onPage(i, { data, width, height });
      } finally {
        if (bitmap) lib.FPDFBitmap_Destroy(bitmap);
        if (pageOpen) lib.FPDF_ClosePage(page);
      }
    }
  } finally {
    if (doc) lib.FPDF_CloseDocument(doc);
    mod.wasmExports.free(filePtr);
  }
}
