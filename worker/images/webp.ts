/** WEBP -> RGBA on white (@jsquash/webp; zxing reads PNG/JPEG only). Loaded on the first WEBP. */
import decode, { init } from "@jsquash/webp/decode.js";
import webpWasm from "@jsquash/webp/codec/dec/webp_dec.wasm";
import { ImportError } from "../lib/errors";
import type { Pixmap } from "./raster";

let ready: Promise<void> | null = null;

export async function decodeWebp(bytes: Uint8Array): Promise<Pixmap> {
  ready ??= (init as (module: WebAssembly.Module, overrides: object) => Promise<void>)(webpWasm, { locateFile: (p: string) => p });
  await ready;
  let img: { data: Uint8ClampedArray; width: number; height: number };
  try {
    img = await decode(bytes.slice().buffer);
  } catch {
    throw new ImportError(422, "This WEBP image is damaged and cannot be read.");
  }
  const d = img.data;
  for (let i = 0; i < d.length; i += 4) {
    const k = d[i + 3] / 255;
    if (k < 1) {
      d[i] = d[i] * k + 255 * (1 - k);
      d[i + 1] = d[i + 1] * k + 255 * (1 - k);
      d[i + 2] = d[i + 2] * k + 255 * (1 - k);
      d[i + 3] = 255;
    }
  }
  return { data: d, width: img.width, height: img.height };
}

/** A WEBP as a JPEG (quality 92), for PDFs: pdf-lib embeds PNG and JPEG only. */
export async function webpAsJpeg(bytes: Uint8Array): Promise<Uint8Array> {
  const [pixels, jpeg] = await Promise.all([decodeWebp(bytes), import("jpeg-js")]);
  return jpeg.default.encode({ data: pixels.data, width: pixels.width, height: pixels.height }, 92).data;
}
