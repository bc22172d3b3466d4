/**
 * A page image made ready for Tesseract, which reads best at about 300 DPI, with level text lines
 * and dark text on a light ground. Labels come as 150-203 DPI scans and thermal images, photos
 * turned a degree or two, and with the service printed white on a black box (which Tesseract's
 * page layout takes for a picture and never reads). So: enlarge low resolutions, level the text,
 * and turn white-on-black boxes into black on white.
 */
import { otsuThreshold, scaleGrey, turnGrey, type Grey } from "../../images/raster";

/** Resolution Tesseract is given text at, and the most a low-resolution page is enlarged by. */
const OCR_DPI = 300;
const MAX_ENLARGE = 2.5;

/**
 * The print resolution of a page image, from its shape: a label image (4x6 in, or A6, 4.1x5.8 in:
 * sides about 2:3) is 4 inches across whatever its pixel count. Anything else is taken as 300 DPI
 * (an A4 page scanned at 150 DPI is not recognised as low resolution: noted in docs/labels-and-import.md).
 */
export function printDpi(width: number, height: number): number {
  const short = Math.min(width, height);
  const ratio = Math.max(width, height) / short;
  return ratio >= 1.3 && ratio <= 1.65 && short <= 1400 ? short / 4 : OCR_DPI;
}

/** The page enlarged to about 300 DPI when it is below 250, within `maxSide`; its resolution after. */
export function atOcrResolution(g: Grey, dpi: number, maxSide: number): { grey: Grey; dpi: number } {
  if (dpi >= 250) return { grey: g, dpi };
  const factor = Math.min(MAX_ENLARGE, OCR_DPI / dpi, maxSide / Math.max(g.width, g.height));
  if (factor < 1.2) return { grey: g, dpi };
  return { grey: scaleGrey(g, factor), dpi: dpi * factor };
}

/**
 * How far the text lines are turned clockwise, in degrees (within ±5): the angle at which the rows
 * of ink, counted along it, are most sharply peaked (lines of text and the gaps between them).
 * 0 when no angle is clearly better than none (a page without lines of text, or one on its side).
 */
export function skewAngle(g: Grey): number {
  const step = Math.max(1, Math.round(Math.max(g.width, g.height) / 600));
  const t = inkThreshold(g, step);
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < g.height; y += step) {
    for (let x = 0; x < g.width; x += step) {
      if (g.data[y * g.width + x] < t) {
        xs.push(x / step);
        ys.push(y / step);
      }
    }
  }
  if (xs.length < 500) return 0;
  const span = Math.ceil(Math.hypot(g.width, g.height) / step) + 2;
  const bins = new Float64Array(2 * span);
  const sharpness = (deg: number) => {
    const a = (deg * Math.PI) / 180;
    const sin = Math.sin(a);
    const cos = Math.cos(a);
    bins.fill(0);
    for (let i = 0; i < xs.length; i++) bins[Math.round(cos * ys[i] - sin * xs[i]) + span]++;
    let s = 0;
    for (const b of bins) s += b * b;
    return s;
  };
  let best = 0;
  let bestScore = sharpness(0);
  const level = bestScore;
  // Half-degree steps, then tenths around the best.
  for (const [from, to, by] of [[-5, 5, 0.5], [-0.4, 0.4, 0.1]]) {
    const centre = best;
    for (let d = centre + from; d <= centre + to + 1e-9; d += by) {
      const s = sharpness(d);
      if (s > bestScore) {
        bestScore = s;
        best = d;
      }
    }
  }
  // 2% sharper than level: a few lines over a large barcode gain little (its bars, upright in any
  // turn, count the same), and a page left turned by 2° may be read as no words at all.
  return bestScore > level * 1.02 ? Math.round(best * 10) / 10 : 0;
}

/**
 * The grey under which a pixel is ink: Otsu's threshold, or, when that makes a quarter of the page
 * dark (a photo's desk around the label, darker than paper, lighter than ink), Otsu's threshold
 * among the dark pixels: the desk's edges and grain would otherwise outweigh the lines of text.
 */
function inkThreshold(g: Grey, step: number): number {
  const t = otsuThreshold(g);
  const dark: number[] = [];
  let seen = 0;
  for (let y = 0; y < g.height; y += step) {
    for (let x = 0; x < g.width; x += step, seen++) if (g.data[y * g.width + x] < t) dark.push(g.data[y * g.width + x]);
  }
  return dark.length > seen / 4 ? otsuThreshold({ data: Uint8Array.from(dark), width: dark.length, height: 1 }) : t;
}

/** The page with its text lines level (turned back when they lean by more than a quarter of a degree). */
export function levelled(g: Grey): Grey {
  const angle = skewAngle(g);
  return Math.abs(angle) >= 0.25 ? turnGrey(g, -angle) : g;
}

/**
 * Black and white from each pixel's neighbourhood (Bradley's local mean: ink is what is 15% darker
 * than the mean of the square around it, an eighth of an inch wide), for the second reading of a
 * page whose light is uneven (a photo with a shadow across it): one threshold for the whole page
 * turns the shaded part black.
 */
export function binarised(g: Grey, dpi: number): Grey {
  const { width: w, height: h, data } = g;
  const sums = new Uint32Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += data[y * w + x];
      sums[(y + 1) * (w + 1) + x + 1] = sums[y * (w + 1) + x + 1] + row;
    }
  }
  const r = Math.max(4, Math.round(dpi / 16));
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(h, y + r + 1);
    for (let x = 0; x < w; x++) {
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(w, x + r + 1);
      const total = sums[y1 * (w + 1) + x1] - sums[y0 * (w + 1) + x1] - sums[y1 * (w + 1) + x0] + sums[y0 * (w + 1) + x0];
      out[y * w + x] = data[y * w + x] * (x1 - x0) * (y1 - y0) < total * 0.85 ? 0 : 255;
    }
  }
  return { data: out, width: w, height: h };
}

/**
 * Boxes printed solid with text left white in them (a service 'NEXT DAY' reversed out of a black
 * box): inverted in place, so the text reads dark on light. A box is a connected solid area at
 * least ten cells wide and four tall, at most a sixth of the page tall, mostly ink (60%) with a
 * solid edge (90%) and some paper inside (the letters); a barcode (thin separate bars) or a 2D
 * symbol (a broken edge) is not one.
 */
export function invertReversedBoxes(g: Grey): Grey {
  const cell = Math.max(2, Math.round(Math.max(g.width, g.height) / 600));
  const cw = Math.ceil(g.width / cell);
  const ch = Math.ceil(g.height / cell);
  const t = otsuThreshold(g);
  // Ink pixels per cell, in one pass over the page; a cell is dark when half of it is ink.
  const ink = new Uint16Array(cw * ch);
  const column = new Uint32Array(g.width);
  for (let x = 0; x < g.width; x++) column[x] = (x / cell) | 0;
  for (let y = 0; y < g.height; y++) {
    const row = ((y / cell) | 0) * cw;
    for (let x = 0, i = y * g.width; x < g.width; x++, i++) if (g.data[i] < t) ink[row + column[x]]++;
  }
  const dark = new Uint8Array(cw * ch);
  for (let cy = 0; cy < ch; cy++) {
    const rows = Math.min(cell, g.height - cy * cell);
    for (let cx = 0; cx < cw; cx++) dark[cy * cw + cx] = ink[cy * cw + cx] * 2 >= rows * Math.min(cell, g.width - cx * cell) ? 1 : 0;
  }
  const out = new Uint8Array(g.data);
  const seen = new Uint8Array(cw * ch);
  for (let start = 0; start < dark.length; start++) {
    if (!dark[start] || seen[start]) continue;
    const box = component(dark, seen, start, cw);
    const bw = box.x1 - box.x0 + 1;
    const bh = box.y1 - box.y0 + 1;
    if (bw < 10 || bh < 4 || bh > ch / 6 || box.count < 0.6 * bw * bh || box.count > 0.97 * bw * bh) continue;
    if (edgeInk(dark, box, cw) < 0.9) continue;
    // Inverted inside; its outermost cell left white, so the box's blurred edge does not become
    // a thin frame round the text (which Tesseract then reads half of).
    const [x0, y0] = [box.x0 * cell, box.y0 * cell];
    const [x1, y1] = [Math.min(g.width, (box.x1 + 1) * cell), Math.min(g.height, (box.y1 + 1) * cell)];
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const edge = x < x0 + cell || x >= x1 - cell || y < y0 + cell || y >= y1 - cell;
        out[y * g.width + x] = edge ? 255 : 255 - g.data[y * g.width + x];
      }
    }
  }
  return { data: out, width: g.width, height: g.height };
}

interface CellBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  count: number;
}

/** The 4-connected dark cells from `start`: their bounding box and number. */
function component(dark: Uint8Array, seen: Uint8Array, start: number, cw: number): CellBox {
  const box = { x0: cw, y0: Number.MAX_SAFE_INTEGER, x1: 0, y1: 0, count: 0 };
  const stack = [start];
  seen[start] = 1;
  while (stack.length) {
    const i = stack.pop()!;
    const x = i % cw;
    const y = (i - x) / cw;
    box.count++;
    box.x0 = Math.min(box.x0, x);
    box.x1 = Math.max(box.x1, x);
    box.y0 = Math.min(box.y0, y);
    box.y1 = Math.max(box.y1, y);
    for (const j of [x > 0 ? i - 1 : -1, x < cw - 1 ? i + 1 : -1, i - cw, i + cw]) {
      if (j >= 0 && j < dark.length && dark[j] && !seen[j]) {
        seen[j] = 1;
        stack.push(j);
      }
    }
  }
  return box;
}

/** Share of the cells on a box's edge that are ink. */
function edgeInk(dark: Uint8Array, b: CellBox, cw: number): number {
  let n = 0;
  let d = 0;
  for (let x = b.x0; x <= b.x1; x++) {
    for (const y of [b.y0, b.y1]) {
      n++;
      d += dark[y * cw + x];
    }
  }
  for (let y = b.y0 + 1; y < b.y1; y++) {
    for (const x of [b.x0, b.x1]) {
      n++;
      d += dark[y * cw + x];
    }
  }
  return d / n;
}
