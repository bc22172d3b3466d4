import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { init } from "@embedpdf/pdfium";
import { prepareZXingModule } from "zxing-wasm/reader";

// Reading the PDFs the app produces, in Node: PDFium renders their pages, zxing-wasm decodes the barcodes.

const resolveModule = createRequire(import.meta.url).resolve;

/** zxing-wasm in Node, from the package's own .wasm (never the CDN loader). */
export async function loadZxing() {
  const wasm = readFileSync(resolveModule("zxing-wasm/reader/zxing_reader.wasm"));
  await prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer },
    fireImmediately: true,
  });
}

export type Pdfium = Awaited<ReturnType<typeof init>>;

export async function loadPdfium(): Promise<Pdfium> {
  const wasm = readFileSync(resolveModule("@embedpdf/pdfium/pdfium.wasm"));
  const lib = await init({ wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer } as never);
  lib.PDFiumExt_Init();
  return lib;
}

/** Every page of the PDF rendered at `dpi` on white, as RGBA. */
export function renderPdf(lib: Pdfium, bytes: Uint8Array, dpi: number): Array<{ data: Uint8ClampedArray; width: number; height: number }> {
  const mod = lib.pdfium as typeof lib.pdfium & { HEAPU8: Uint8Array };
  const ptr = mod.wasmExports.malloc(bytes.length);
  mod.HEAPU8.set(bytes, ptr);
  const doc = lib.FPDF_LoadMemDocument(ptr, bytes.length, "");
  const pages = [];
  try {
    for (let i = 0; i < lib.FPDF_GetPageCount(doc); i++) {
      const page = lib.FPDF_LoadPage(doc, i);
      const width = Math.round((lib.FPDF_GetPageWidthF(page) * dpi) / 72);
      const height = Math.round((lib.FPDF_GetPageHeightF(page) * dpi) / 72);
      const bitmap = lib.FPDFBitmap_Create(width, height, 0);
      lib.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, 0xffffffff);
      lib.FPDF_RenderPageBitmap(bitmap, page, 0, 0, width, height, 0, 0x01 | 0x800);
      const stride = lib.FPDFBitmap_GetStride(bitmap);
      const buf = lib.FPDFBitmap_GetBuffer(bitmap);
      const data = new Uint8ClampedArray(width * height * 4);
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const s = buf + y * stride + x * 4;
          const d = (y * width + x) * 4;
          data[d] = mod.HEAPU8[s + 2];
          data[d + 1] = mod.HEAPU8[s + 1];
          data[d + 2] = mod.HEAPU8[s];
          data[d + 3] = 255;
        }
      }
      pages.push({ data, width, height });
      lib.FPDFBitmap_Destroy(bitmap);
      lib.FPDF_ClosePage(page);
    }
  } finally {
    lib.FPDF_CloseDocument(doc);
    mod.wasmExports.free(ptr);
  }
  return pages;
}

