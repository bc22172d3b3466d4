/**
 * Barcode geometry from bwip-js's encoder: the dark bars or modules as rectangles inside the
 * item's box, so the PDF renderer draws them as vector rectangles (as iText does) and the HTML
 * renderer as SVG.
 */
import bwipjs from "bwip-js/generic";
import type { BarcodeItem } from "./layout.ts";

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

interface Linear {
  sbs: number[];
}
interface Matrix {
  pixs: number[];
  pixx: number;
  pixy: number;
}

const cache = new Map<string, Linear | Matrix>();

function encode(b: BarcodeItem): Linear | Matrix {
  const key = `${b.symbology}\u0000${b.text}`;
  let r = cache.get(key);
  if (!r) {
    const opts = b.symbology === "pdf417" ? { columns: b.text.length > 60 ? 6 : 4 } : {};
    r = (bwipjs.raw(b.symbology, b.text, opts as never) as unknown as (Linear | Matrix)[])[0];
    if (cache.size > 2000) cache.clear();
    cache.set(key, r);
  }
  return r;
}

/** The symbol's dark parts in the item's coordinates (top-left origin), centred in its box; 2D modules stay square. */
export function barcodeRects(b: BarcodeItem): Rect[] {
  const r = encode(b);
  const out: Rect[] = [];
  if ("sbs" in r) {
    const total = r.sbs.reduce((a, v) => a + v, 0);
    const unit = b.w / total;
    let x = b.x;
    r.sbs.forEach((w, i) => {
      if (i % 2 === 0) out.push({ x, y: b.y, w: w * unit, h: b.h });
      x += w * unit;
    });
    return out;
  }
  const rows = r.pixs.length / r.pixx;
  const rowH = r.pixy / rows;
  const mod = Math.min(b.w / r.pixx, b.h / r.pixy);
  const ox = b.x + (b.w - mod * r.pixx) / 2;
  const oy = b.y + (b.h - mod * r.pixy) / 2;
  for (let row = 0; row < rows; row++) {
    let start = -1;
    for (let col = 0; col <= r.pixx; col++) {
      const dark = col < r.pixx && r.pixs[row * r.pixx + col];
      if (dark && start < 0) start = col;
      if (!dark && start >= 0) {
        out.push({ x: ox + start * mod, y: oy + row * rowH * mod, w: (col - start) * mod, h: rowH * mod });
        start = -1;
      }
    }
  }
  return out;
}

/** Modules across a 1D symbol (bars and spaces), to size its quiet zones. */
export function linearModules(b: Pick<BarcodeItem, "symbology" | "text">): number {
  const r = encode({ ...b, t: "barcode", x: 0, y: 0, w: 1, h: 1 });
  return "sbs" in r ? r.sbs.reduce((a, v) => a + v, 0) : r.pixx;
}

/** The symbol's natural aspect (width / height) for 2D codes, so families size their boxes. */
export function matrixAspect(b: Pick<BarcodeItem, "symbology" | "text">): number {
  const r = encode({ ...b, t: "barcode", x: 0, y: 0, w: 1, h: 1 });
  return "sbs" in r ? 1 : r.pixx / r.pixy;
}

/** The SVG of the symbol in its box, for HTML labels. */
export function barcodeSvg(b: BarcodeItem): string {
  const d = barcodeRects(b)
    .map((r) => `M${(r.x - b.x).toFixed(3)} ${(r.y - b.y).toFixed(3)}h${r.w.toFixed(3)}v${r.h.toFixed(3)}h${(-r.w).toFixed(3)}z`)
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${b.w}pt" height="${b.h}pt" viewBox="0 0 ${b.w} ${b.h}" shape-rendering="crispEdges"><path d="${d}" fill="#000"/></svg>`;
}
