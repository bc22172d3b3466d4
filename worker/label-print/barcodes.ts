import bwipjs from "bwip-js/generic";
import { LeftOutError } from "./select";

/**
 * The printed label's barcodes as modules, from bwip-js's raw encoder: the PDF and the ZPL both draw from these,
 * at a module width that is a whole number of 203 dpi printer dots, never a scaled size. A thermal printer then
 * prints every bar at exactly its width, and a laser printer at 0.5 mm / 0.375 mm modules, inside the symbologies'
 * usual X-dimension range.
 */

/** One dot of a 203 dpi thermal printer, in PDF points. */
export const DOT_PT = 72 / 203;
/** Code128 bar height: 127 dots (0.625 in, 60 CSS px on the print view). */
export const CODE128_HEIGHT_DOTS = 127;
/** Code128 module widths tried, widest first, until the symbol and its quiet zones fit. */
const CODE128_DOTS = [4, 3, 2];
/** Quiet zone each side, in modules (Code128: 10X; PDF417: 2X). */
export const CODE128_QUIET = 10;
export const PDF417_QUIET = 2;
/** PDF417 module: 3 dots (0.375 mm). bwip-js's matrix already repeats each row to its height (3 modules). */
export const PDF417_DOTS = 3;

export interface Code128 {
  /** Widths in modules, bar first, alternating bar and space. */
  widths: number[];
  modules: number;
  /** Module width in printer dots. */
  dots: number;
}

export interface Pdf417 {
  /** Rows of square modules (1 = dark), each symbol row already repeated to its height. */
  rows: Uint8Array[];
  cols: number;
  /** Data columns of the symbol (for ZPL's ^B7). */
  dataColumns: number;
  /** Module width in printer dots. */
  dots: number;
}

/** A barcode that cannot be drawn in spec on the label (too long, too much data): its label is left out of the print. */
export class BarcodeFitError extends LeftOutError {
  constructor() {
    super("barcode_too_large");
  }
}

/** Code128 of `text` at the widest module width whose symbol and quiet zones fit in `maxWidthDots`. */
/** bwip-js's encoding, its refusals (data it cannot encode, too much of it) as a BarcodeFitError. */
function encode<T>(bcid: string, text: string, options: object): T {
  try {
    return (bwipjs.raw(bcid, text, options as never) as T[])[0];
  } catch {
    throw new BarcodeFitError();
  }
}

export function code128(text: string, maxWidthDots: number): Code128 {
  const raw = encode<{ sbs: number[] }>("code128", text, {});
  const modules = raw.sbs.reduce((s, w) => s + w, 0);
  const dots = CODE128_DOTS.find((d) => (modules + 2 * CODE128_QUIET) * d <= maxWidthDots);
  if (!dots) throw new BarcodeFitError();
  return { widths: raw.sbs, modules, dots };
}

/**
 * PDF417 of `text`, with as many data columns as bwip-js chooses, fewer when that is wider than `maxWidthDots`;
 * a symbol taller than `maxHeightDots` (a payload too long for the label) is refused.
 */
export function pdf417(text: string, maxWidthDots: number, maxHeightDots: number): Pdf417 {
  type Raw = { pixs: number[]; pixx: number; pixy: number };
  const maxCols = Math.floor(maxWidthDots / PDF417_DOTS) - 2 * PDF417_QUIET;
  let raw = encode<Raw>("pdf417", text, {});
  if (raw.pixx > maxCols) {
    // 69 modules of start, stop and row indicators, 17 per data column.
    const columns = Math.floor((maxCols - 69) / 17);
    if (columns < 1) throw new BarcodeFitError();
    raw = encode<Raw>("pdf417", text, { columns });
  }
  if (raw.pixy * PDF417_DOTS > maxHeightDots) throw new BarcodeFitError();
  const rows: Uint8Array[] = [];
  for (let y = 0; y < raw.pixy; y++) rows.push(Uint8Array.from(raw.pixs.slice(y * raw.pixx, (y + 1) * raw.pixx)));
  return { rows, cols: raw.pixx, dataColumns: (raw.pixx - 69) / 17, dots: PDF417_DOTS };
}

/**
 * The dark rectangles of a PDF417 in modules (x, y from the top-left, w, h): each run of dark modules in a row,
 * and identical rows below merged into one taller rectangle.
 */
export function pdf417Rects(symbol: Pdf417): Array<{ x: number; y: number; w: number; h: number }> {
  const rects: Array<{ x: number; y: number; w: number; h: number }> = [];
  let y = 0;
  while (y < symbol.rows.length) {
    let h = 1;
    while (y + h < symbol.rows.length && symbol.rows[y + h].every((v, i) => v === symbol.rows[y][i])) h++;
    const row = symbol.rows[y];
    for (let x = 0; x < symbol.cols; ) {
      if (!row[x]) {
        x++;
        continue;
      }
      let w = 1;
      while (x + w < symbol.cols && row[x + w]) w++;
      rects.push({ x, y, w, h });
      x += w;
    }
    y += h;
  }
  return rects;
}
