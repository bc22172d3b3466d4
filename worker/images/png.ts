/**
 * A small PNG decoder for the PNGs zxing cannot take as they are: ones with transparency, which
 * must be flattened onto white (transparent pixels read as black otherwise). Inflates with the
 * runtime's DecompressionStream and stops as soon as the output passes its expected size.
 */
import { ImportError } from "../lib/errors";
import type { Pixmap } from "./raster";

const be32 = (b: Uint8Array, i: number) => ((b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]) >>> 0;

async function inflate(data: Uint8Array, limit: number): Promise<Uint8Array> {
  const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate"));
  const reader = stream.getReader();
  const out = new Uint8Array(limit);
  let n = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (n + value.length > limit) {
        await reader.cancel().catch(() => {});
        throw new ImportError(422, "This image's data is larger than its size says; it cannot be read.");
      }
      out.set(value, n);
      n += value.length;
    }
  } catch (err) {
    if (err instanceof ImportError) throw err;
    throw new ImportError(422, "This PNG is damaged and cannot be read.");
  }
  if (n < limit) throw new ImportError(422, "This PNG is incomplete and cannot be read.");
  return out;
}

/** Decodes a non-interlaced PNG to RGBA, composited onto white. */
export async function decodePngOnWhite(b: Uint8Array): Promise<Pixmap> {
  const width = be32(b, 16);
  const height = be32(b, 20);
  const depth = b[24];
  const colourType = b[25];
  const interlace = b[28];
  if (interlace !== 0) throw new ImportError(422, "Interlaced PNGs with transparency are not supported. Save the label without interlacing.");
  const channels = ({ 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 } as Record<number, number>)[colourType];
  if (!channels || ![1, 2, 4, 8, 16].includes(depth)) throw new ImportError(422, "This PNG's colour format is not supported.");

  let palette: Uint8Array | null = null;
  let trns: Uint8Array | null = null;
  const idat: Uint8Array[] = [];
  for (let i = 8; i + 12 <= b.length; ) {
    const len = be32(b, i);
    const type = String.fromCharCode(...b.subarray(i + 4, i + 8));
    const body = b.subarray(i + 8, i + 8 + len);
    if (type === "PLTE") palette = body;
    else if (type === "tRNS") trns = body;
    else if (type === "IDAT") idat.push(body);
    else if (type === "IEND") break;
    i += 12 + len;
  }
  if (!idat.length) throw new ImportError(422, "This PNG has no image data.");
  const compressed = new Uint8Array(idat.reduce((n, c) => n + c.length, 0));
  let off = 0;
  for (const c of idat) {
    compressed.set(c, off);
    off += c.length;
  }

  const bpp = Math.max(1, (channels * depth) >> 3); // bytes per complete pixel (filter unit)
  const rowBytes = Math.ceil((width * channels * depth) / 8);
  const raw = await inflate(compressed, height * (rowBytes + 1));

  // Unfilter in place, row by row.
  const cur = new Uint8Array(rowBytes);
  const prev = new Uint8Array(rowBytes);
  const out = new Uint8ClampedArray(width * height * 4);
  const maxVal = (1 << depth) - 1;
  for (let y = 0; y < height; y++) {
    const start = y * (rowBytes + 1);
    const filter = raw[start];
    for (let x = 0; x < rowBytes; x++) {
      const v = raw[start + 1 + x];
      const a = x >= bpp ? cur[x - bpp] : 0;
      const up = prev[x];
      const c = x >= bpp ? prev[x - bpp] : 0;
      let r: number;
      switch (filter) {
        case 0: r = v; break;
        case 1: r = v + a; break;
        case 2: r = v + up; break;
        case 3: r = v + ((a + up) >> 1); break;
        case 4: {
          const p = a + up - c;
          const pa = Math.abs(p - a), pb = Math.abs(p - up), pc = Math.abs(p - c);
          r = v + (pa <= pb && pa <= pc ? a : pb <= pc ? up : c);
          break;
        }
        default: throw new ImportError(422, "This PNG is damaged and cannot be read.");
      }
      cur[x] = r & 0xff;
    }
    // Expand to RGBA and composite onto white.
    const sample = (i: number): number => {
      if (depth === 8) return cur[i];
      if (depth === 16) return cur[i * 2];
      const bitPos = i * depth;
      const v = (cur[bitPos >> 3] >> (8 - depth - (bitPos & 7))) & maxVal;
      return colourType === 3 ? v : Math.round((v * 255) / maxVal);
    };
    for (let x = 0; x < width; x++) {
      let r: number, g: number, bl: number, alpha = 255;
      const base = x * channels;
      if (colourType === 3) {
        const idx = sample(x);
        r = palette?.[idx * 3] ?? 0; g = palette?.[idx * 3 + 1] ?? 0; bl = palette?.[idx * 3 + 2] ?? 0;
        alpha = trns && idx < trns.length ? trns[idx] : 255;
      } else if (colourType === 0 || colourType === 4) {
        r = g = bl = sample(base);
        if (colourType === 4) alpha = sample(base + 1);
      } else {
        r = sample(base); g = sample(base + 1); bl = sample(base + 2);
        if (colourType === 6) alpha = sample(base + 3);
      }
      const o = (y * width + x) * 4;
      const k = alpha / 255;
      out[o] = r * k + 255 * (1 - k);
      out[o + 1] = g * k + 255 * (1 - k);
      out[o + 2] = bl * k + 255 * (1 - k);
      out[o + 3] = 255;
    }
    prev.set(cur);
  }
  return { data: out, width, height };
}
