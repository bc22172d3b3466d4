/**
 * Pixels for reading and printing: an image file (PNG, JPEG, WEBP) as RGBA, then 8-bit grey scaled
 * down to about 300 DPI and turned upright. A PDF page's pixels come from PDFium
 * (worker/label-import/label-pixels.ts); import, OCR and print share these.
 */
import { decodePngOnWhite } from "./png";
import type { FileKind } from "./sniff";

/** RGBA pixels on white: an image file decoded, or a PDF page drawn by PDFium. */
export interface Pixmap {
  data: Uint8ClampedArray;
  width: number;
  height: number;
  /**
   * Set when only a region of the page was drawn: where it sits in the whole page at this
   * resolution, and which of the page's `parts` regions (labels side by side) it is.
   */
  clip?: { x: number; y: number; pageWidth: number; pageHeight: number; part: number; parts: number };
}

/** 8-bit grey, one byte per pixel, rows packed. */
export interface Grey {
  data: Uint8Array;
  width: number;
  height: number;
}

export const OCR_LIMITS = {
  /** An upload is refused above this before it is ever stored (pipeline.ts LIMITS). */
  maxImagePixels: 12_000_000,
  maxImageSide: 8000,
  /** OCR input: the longer side at most this many pixels (4x6in at 400 DPI, A4 at ≈ 205 DPI). */
  maxOcrSide: 2400,
  renderDpi: 300,
} as const;

/** An image file's pixels (RGBA on white); its size is checked by the caller. */
export async function imagePixels(kind: Exclude<FileKind, "pdf">, bytes: Uint8Array): Promise<Pixmap> {
  if (kind === "png") return decodePngOnWhite(bytes);
  if (kind === "webp") {
    const { decodeWebp } = await import("./webp");
    return decodeWebp(bytes);
  }
  const { decodeJpeg } = await import("./jpeg");
  return decodeJpeg(bytes);
}

/**
 * RGBA -> grey (Rec. 601 luma), scaled down by area averaging so the longer side is at most
 * `maxSide`. Never scales up.
 */
export function toGrey(p: Pixmap, maxSide: number = OCR_LIMITS.maxOcrSide): Grey {
  const scale = Math.min(1, maxSide / Math.max(p.width, p.height));
  const width = Math.max(1, Math.round(p.width * scale));
  const height = Math.max(1, Math.round(p.height * scale));
  const out = new Uint8Array(width * height);
  const src = p.data;
  if (scale === 1) {
    for (let i = 0, o = 0; o < out.length; i += 4, o++) out[o] = (src[i] * 299 + src[i + 1] * 587 + src[i + 2] * 114) / 1000;
    return { data: out, width, height };
  }
  // Each output pixel averages the source pixels whose centres fall inside it.
  const sums = new Float64Array(width);
  const counts = new Uint32Array(width);
  const xMap = new Uint32Array(p.width);
  for (let x = 0; x < p.width; x++) xMap[x] = Math.min(width - 1, Math.floor((x + 0.5) * scale));
  let row = -1;
  const flush = () => {
    if (row < 0) return;
    for (let x = 0; x < width; x++) out[row * width + x] = counts[x] ? sums[x] / counts[x] : 255;
    sums.fill(0);
    counts.fill(0);
  };
  for (let y = 0; y < p.height; y++) {
    const oy = Math.min(height - 1, Math.floor((y + 0.5) * scale));
    if (oy !== row) {
      flush();
      row = oy;
    }
    let i = y * p.width * 4;
    for (let x = 0; x < p.width; x++, i += 4) {
      const ox = xMap[x];
      sums[ox] += (src[i] * 299 + src[i + 1] * 587 + src[i + 2] * 114) / 1000;
      counts[ox]++;
    }
  }
  flush();
  return { data: out, width, height };
}

/** Grey scaled by `factor` (bilinear; for enlarging a low-resolution page before OCR). */
export function scaleGrey(g: Grey, factor: number): Grey {
  const width = Math.max(1, Math.round(g.width * factor));
  const height = Math.max(1, Math.round(g.height * factor));
  const out = new Uint8Array(width * height);
  const src = g.data;
  for (let y = 0; y < height; y++) {
    const sy = Math.min(g.height - 1, Math.max(0, (y + 0.5) / factor - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(g.height - 1, y0 + 1);
    const fy = sy - y0;
    for (let x = 0; x < width; x++) {
      const sx = Math.min(g.width - 1, Math.max(0, (x + 0.5) / factor - 0.5));
      const x0 = Math.floor(sx);
      const x1 = Math.min(g.width - 1, x0 + 1);
      const fx = sx - x0;
      const top = src[y0 * g.width + x0] * (1 - fx) + src[y0 * g.width + x1] * fx;
      const bottom = src[y1 * g.width + x0] * (1 - fx) + src[y1 * g.width + x1] * fx;
      out[y * width + x] = top * (1 - fy) + bottom * fy;
    }
  }
  return { data: out, width, height };
}

/** Grey turned by a small angle (degrees, clockwise) about its centre, on white. */
export function turnGrey(g: Grey, degrees: number): Grey {
  const a = (degrees * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const { width: w, height: h, data } = g;
  const cx = (w - 1) / 2;
  const cy = (h - 1) / 2;
  const out = new Uint8Array(w * h).fill(255);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      // The source of each output pixel: turned back.
      const sx = cos * (x - cx) + sin * (y - cy) + cx;
      const sy = -sin * (x - cx) + cos * (y - cy) + cy;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 >= w - 1 || y0 >= h - 1) continue;
      const fx = sx - x0;
      const fy = sy - y0;
      const i = y0 * w + x0;
      const top = data[i] * (1 - fx) + data[i + 1] * fx;
      const bottom = data[i + w] * (1 - fx) + data[i + w + 1] * fx;
      out[y * w + x] = top * (1 - fy) + bottom * fy;
    }
  }
  return { data: out, width: w, height: h };
}

/** The grey level that best splits the image into ink and paper (Otsu: most between-class variance). */
export function otsuThreshold(g: Grey): number {
  const hist = new Float64Array(256);
  for (let i = 0; i < g.data.length; i++) hist[g.data[i]]++;
  const total = g.data.length;
  let sumAll = 0;
  for (let t = 0; t < 256; t++) sumAll += t * hist[t];
  let below = 0;
  let sumBelow = 0;
  let best = 128;
  let bestVar = -1;
  for (let t = 0; t < 255; t++) {
    below += hist[t];
    sumBelow += t * hist[t];
    const above = total - below;
    if (!below || !above) continue;
    const diff = sumBelow / below - (sumAll - sumBelow) / above;
    const between = below * above * diff * diff;
    if (between > bestVar) {
      bestVar = between;
      best = t + 1;
    }
  }
  return best;
}

/** Turns a grey image clockwise by `quarters` quarter turns. */
export function rotateGrey(g: Grey, quarters: number): Grey {
  const q = ((quarters % 4) + 4) % 4;
  if (q === 0) return g;
  const { width: w, height: h, data } = g;
  const W = q === 2 ? w : h;
  const H = q === 2 ? h : w;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const v = data[y * w + x];
      let nx: number, ny: number;
      if (q === 1) { nx = h - 1 - y; ny = x; }
      else if (q === 2) { nx = w - 1 - x; ny = h - 1 - y; }
      else { nx = y; ny = w - 1 - x; }
      out[ny * W + nx] = v;
    }
  }
  return { data: out, width: W, height: H };
}

/** The pixels of [x0, x1) x [y0, y1), a rectangle inside the image. */
export function cropGrey(g: Grey, x0: number, y0: number, x1: number, y1: number): Grey {
  const w = x1 - x0;
  const data = new Uint8Array(w * (y1 - y0));
  for (let y = y0; y < y1; y++) data.set(g.data.subarray(y * g.width + x0, y * g.width + x1), (y - y0) * w);
  return { data, width: w, height: y1 - y0 };
}
