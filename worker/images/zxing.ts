/**
 * Barcode decoding with zxing-wasm's reader build. workerd cannot compile wasm from bytes, so the
 * .wasm file is imported as a module and handed to emscripten through `instantiateWasm`; the
 * package's default loader (XMLHttpRequest, then a CDN) is never used.
 */
import { prepareZXingModule, readBarcodes, type ReadResult, type ReaderOptions } from "zxing-wasm/reader";
import zxingWasm from "zxing-wasm/reader/zxing_reader.wasm";

let prepared: Promise<unknown> | null = null;

/** zxing's wasm instantiated (once an isolate): decoding waits for it. */
export function loadBarcodeReader(): Promise<unknown> {
  prepared ??= prepareZXingModule({
    overrides: {
      locateFile: (path: string) => path, // never a CDN
      instantiateWasm(imports: WebAssembly.Imports, receive: (instance: WebAssembly.Instance, module?: WebAssembly.Module) => void) {
        const module = zxingWasm as unknown as WebAssembly.Module;
        WebAssembly.instantiate(module, imports).then((instance) => receive(instance, module));
        return {};
      },
    } as never,
    fireImmediately: true,
  }).catch((err: unknown) => {
    prepared = null;
    throw err;
  });
  return prepared;
}

export interface Barcode {
  format: string;
  text: string;
  /** Bounding box in pixels of the decoded image. */
  box: { x: number; y: number; w: number; h: number };
  /** Clockwise rotation of the symbol in the image, degrees (90 = the label was turned a quarter clockwise). */
  rotation?: number;
}

const OPTIONS: ReaderOptions = {
  formats: ["PDF417", "DataMatrix", "Code128", "ITF", "QRCode"],
  tryHarder: true,
  tryRotate: true,
  tryInvert: false,
  tryDownscale: true,
  maxNumberOfSymbols: 8,
};

function toBarcode(r: ReadResult): Barcode {
  const xs = [r.position.topLeft.x, r.position.topRight.x, r.position.bottomLeft.x, r.position.bottomRight.x];
  const ys = [r.position.topLeft.y, r.position.topRight.y, r.position.bottomLeft.y, r.position.bottomRight.y];
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { format: r.format, text: r.text, box: { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y }, rotation: r.rotation };
}

/** 2D symbols only (a second look for a small one the whole-page pass missed): far cheaper. */
export const TWO_D_ONLY: ReaderOptions = { formats: ["PDF417", "DataMatrix", "QRCode"], maxNumberOfSymbols: 2 };

/** Decodes every barcode in an encoded PNG/JPEG (bytes) or in RGBA pixels. */
export async function decodeBarcodes(
  input: Uint8Array | { data: Uint8ClampedArray; width: number; height: number },
  options: ReaderOptions = {},
): Promise<Barcode[]> {
  await loadBarcodeReader();
  const results = await readBarcodes(input as Uint8Array, { ...OPTIONS, ...options });
  return results.filter((r) => r.isValid && r.text).map(toBarcode);
}
