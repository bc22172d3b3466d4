import type { PDFDocument, PDFRef } from "pdf-lib";

/**
 * A PNG placed in a PDF without decoding it: PDF's FlateDecode with PNG predictors (Predictor 15) reads a PNG's
 * IDAT data as it is, so an 8-bit grey or RGB, non-interlaced PNG (what label printers and carriers produce)
 * becomes an image XObject by copying bytes. pdf-lib's embedPng decodes and re-compresses the whole image instead,
 * about 130 ms a label, which 500 labels cannot afford. Other PNGs (alpha, palette, 16-bit, interlaced) and WEBPs
 * are decoded by the import's readers and go in losslessly through embedPixels, deflated by the runtime.
 */

const be32 = (b: Uint8Array, i: number) => ((b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]) >>> 0;

export interface PngXObject {
  ref: PDFRef;
  width: number;
  height: number;
}

export function embedPngAsIs(doc: PDFDocument, png: Uint8Array): PngXObject | null {
  if (png.length < 33 || be32(png, 0) !== 0x89504e47 || be32(png, 12) !== 0x49484452) return null;
  const width = be32(png, 16);
  const height = be32(png, 20);
  const [depth, colour, , , interlace] = png.subarray(24, 29);
  const colours = colour === 0 ? 1 : colour === 2 ? 3 : 0;
  if (!width || !height || depth !== 8 || interlace !== 0 || !colours) return null;
  const parts: Uint8Array[] = [];
  for (let i = 8; i + 12 <= png.length; ) {
    const length = be32(png, i);
    const type = String.fromCharCode(...png.subarray(i + 4, i + 8));
    if (i + 12 + length > png.length) return null;
    if (type === "IDAT") parts.push(png.subarray(i + 8, i + 8 + length));
    if (type === "IEND") break;
    i += 12 + length;
  }
  if (!parts.length) return null;
  const data = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    data.set(p, at);
    at += p.length;
  }
  const stream = doc.context.stream(data, {
    Type: "XObject",
    Subtype: "Image",
    Width: width,
    Height: height,
    ColorSpace: colours === 1 ? "DeviceGray" : "DeviceRGB",
    BitsPerComponent: 8,
    Filter: "FlateDecode",
    DecodeParms: { Predictor: 15, Colors: colours, BitsPerComponent: 8, Columns: width },
  });
  return { ref: doc.context.register(stream), width, height };
}

/** Decoded pixels (RGBA on white) as an RGB image XObject: rows with PNG's 'None' filter, deflated by the runtime. */
export async function embedPixels(doc: PDFDocument, pixels: { data: Uint8ClampedArray; width: number; height: number }): Promise<PngXObject> {
  const { width, height, data } = pixels;
  const rowLength = width * 3 + 1;
  const rows = new Uint8Array(rowLength * height);
  for (let y = 0; y < height; y++) {
    let o = y * rowLength + 1;
    for (let i = y * width * 4, end = i + width * 4; i < end; i += 4) {
      rows[o++] = data[i];
      rows[o++] = data[i + 1];
      rows[o++] = data[i + 2];
    }
  }
  const deflated = new Uint8Array(await new Response(new Blob([rows]).stream().pipeThrough(new CompressionStream("deflate"))).arrayBuffer());
  const stream = doc.context.stream(deflated, {
    Type: "XObject",
    Subtype: "Image",
    Width: width,
    Height: height,
    ColorSpace: "DeviceRGB",
    BitsPerComponent: 8,
    Filter: "FlateDecode",
    DecodeParms: { Predictor: 15, Colors: 3, BitsPerComponent: 8, Columns: width },
  });
  return { ref: doc.context.register(stream), width, height };
}
