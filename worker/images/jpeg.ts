/**
 * JPEG -> RGBA (@jsquash/jpeg: libjpeg-turbo's decoder as wasm, 5-10x faster than jpeg-js on a
 * 300 DPI label). Loaded on the first JPEG that needs its pixels (OCR, the search of a page's bars).
 * jpeg-js stays behind it for what that build refuses (CMYK files from print workflows).
 */
import decode, { init } from "@jsquash/jpeg/decode.js";
import jpegWasm from "@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm";
import jpeg from "jpeg-js";
import { ImportError } from "../lib/errors";
import type { Pixmap } from "./raster";

let ready: Promise<void> | null = null;

export async function decodeJpeg(bytes: Uint8Array): Promise<Pixmap> {
  ready ??= (init as (module: WebAssembly.Module, overrides: object) => Promise<void>)(jpegWasm, { locateFile: (p: string) => p });
  await ready;
  try {
    const img = await decode(bytes.slice().buffer);
    return { data: img.data, width: img.width, height: img.height };
  } catch {
    // Not a JPEG that build reads: jpeg-js below.
  }
  try {
    const img = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: 12, maxMemoryUsageInMB: 128 });
    return { data: new Uint8ClampedArray(img.data.buffer, img.data.byteOffset, img.data.length), width: img.width, height: img.height };
  } catch {
    throw new ImportError(422, "This JPEG is damaged and cannot be read.");
  }
}
