/**
 * The text layer of a PDF with positions (unpdf / pdf.js), grouped into reading lines per page.
 * Also where malformed, truncated and encrypted files are told apart, before anything else runs.
 */
import { getDocumentProxy } from "unpdf";
import { ImportError } from "./errors";
import { groupLines, type TextLine, type TextWord } from "./text";

export interface PdfPageText {
  /** Page size in points, after the page's /Rotate. */
  width: number;
  height: number;
  rotate: number;
  lines: TextLine[];
  /** Number of text items with visible characters. */
  chars: number;
  /**
   * Bounding box of the visible text items in PDF user space (points, y upwards, before /Rotate):
   * where the label sits on a larger sheet. Null when the page has no text layer.
   */
  textBox: PdfRect | null;
  /**
   * Labels side by side on one sheet (text in columns with a clear gutter between them): each
   * one's text box, lines and the band of the page it may grow into, in display order (left to
   * right). Empty for a page whose text does not fall apart that way.
   */
  parts: PdfTextPart[];
}

export interface PdfTextPart {
  textBox: PdfRect;
  lines: TextLine[];
  /** The part's side of the gutters (user space; open on the other axis). */
  limit: PdfRect;
}

/** A rectangle in PDF user space. */
export interface PdfRect {
  left: number;
  bottom: number;
  right: number;
  top: number;
}

export interface PdfText {
  pageCount: number;
  pages: PdfPageText[];
}

interface PdfJsTextItem {
  str?: string;
  transform?: number[];
  width?: number;
  height?: number;
}

/** Opens the PDF and reads the text of its first `maxPages` pages. Throws ImportError for bad files. */
export async function readPdfText(bytes: Uint8Array, maxPages: number): Promise<PdfText> {
  let doc: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // pdf.js takes ownership of (and detaches) the buffer it is given: hand it a copy.
    doc = await getDocumentProxy(bytes.slice(), {
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      stopAtErrors: true,
      verbosity: 0,
    } as never);
  } catch (err) {
    throw pdfOpenError(err);
  }
  try {
    const pageCount = doc.numPages;
    if (pageCount < 1) throw new ImportError(422, "This PDF has no pages.");
    if (pageCount > maxPages) {
      throw new ImportError(422, `This PDF has ${pageCount} pages; at most ${maxPages} labels can be imported from one file.`);
    }
    const pages: PdfPageText[] = [];
    for (let i = 1; i <= pageCount; i++) {
      const page = await doc.getPage(i);
      const [x0, y0, x1, y1] = page.view;
      const rotate = ((page.rotate % 360) + 360) % 360;
      const w = x1 - x0;
      const h = y1 - y0;
      const content = await page.getTextContent();
      const words: TextWord[] = [];
      const boxes: PdfRect[] = [];
      let box: PdfRect | null = null;
      for (const raw of content.items as PdfJsTextItem[]) {
        const str = raw.str?.trim();
        if (!str || !raw.transform) continue;
        const [a, b, c, d, e, f] = raw.transform;
        const size = Math.hypot(a, b) || raw.height || 1;
        words.push({ text: str, x: e - x0, y: f - y0, size, angle: Math.atan2(b, a), width: raw.width ?? 0 });
        boxes.push(itemBox(a, b, c, d, e, f, raw.width ?? 0));
        box = unionRect(box, boxes[boxes.length - 1]);
      }
      pages.push({
        width: rotate % 180 ? h : w,
        height: rotate % 180 ? w : h,
        rotate,
        lines: groupLines(words),
        chars: words.reduce((n, word) => n + word.text.length, 0),
        textBox: box,
        parts: sheetParts(words, boxes, rotate, page.view),
      });
      page.cleanup();
    }
    return { pageCount, pages };
  } catch (err) {
    if (err instanceof ImportError) throw err;
    throw pdfOpenError(err);
  } finally {
    const d = doc as unknown as { destroy?: () => Promise<void>; cleanup?: () => Promise<void>; loadingTask?: { destroy?: () => Promise<void> } };
    await (d.loadingTask?.destroy ?? d.destroy ?? d.cleanup)?.call(d.loadingTask?.destroy ? d.loadingTask : d)?.catch(() => {});
  }
}

/** Gutter (points) between two labels' text on one sheet; each label holds at least MIN_PART_ITEMS text items. */
const GUTTER = 12;
const MIN_PART_ITEMS = 5;
/** A tracking number as printed (Evri, legacy Hermes, Royal Mail S10): each label of a sheet has its own. */
const PRINTED_CODE = /\b[HT][0-9A-Z]{5}\d{10}\b|\b\d{2}-\d{3}-\d{2}-\d{8}-\d\b|\b[A-Z]{2}\d{9}[A-Z]{2}\b/;

/**
 * Splits a sheet holding several labels (A4 with two side by side, two stacked, or four in a 2x2
 * grid): first into columns at the vertical gutters of the displayed page, then each column into
 * rows at its horizontal gutters. A cut is kept only where both sides hold a label's worth of text
 * and a printed tracking number of their own, so the gaps inside one label (between its address
 * and its barcode) never split it. Whether each part really is a label is for the caller to find
 * out (pipeline.ts: each must read as a label with a tracking code of its own).
 */
function sheetParts(words: TextWord[], boxes: PdfRect[], rotate: number, view: number[]): PdfTextPart[] {
  if (words.length < 2 * MIN_PART_ITEMS) return [];
  // Displayed x runs along user-space x on an upright page, along y on one turned a quarter.
  const upright = rotate % 180 === 0;
  const xLo = (b: PdfRect) => (upright ? b.left : b.bottom);
  const xHi = (b: PdfRect) => (upright ? b.right : b.top);
  const yLo = (b: PdfRect) => (upright ? b.bottom : b.left);
  const yHi = (b: PdfRect) => (upright ? b.top : b.right);
  const codes = (ks: number[]) => {
    const text = groupLines(ks.map((k) => words[k]))
      .map((l) => l.text.replace(/(?<=[A-Z0-9])[\s-]+(?=\d)|(?<=\d)[\s-]+(?=[A-Z0-9])/gi, ""))
      .join("\n")
      .toUpperCase();
    return new Set(text.match(new RegExp(PRINTED_CODE.source, "g")) ?? []).size;
  };

  /**
   * Groups of `ks` along one axis, each with a printed tracking number of its own: the cuts are the
   * gutters nearest the sheet's equal bands (sheets print labels on a regular grid; the gaps inside
   * one label, between its address and its barcode, are often wider than between two labels).
   * [ks] when no band count gives every band a number.
   */
  function split(ks: number[], lo: (b: PdfRect) => number, hi: (b: PdfRect) => number, span: [number, number]) {
    const whole = [{ ks, from: Number.NEGATIVE_INFINITY, to: Number.POSITIVE_INFINITY }];
    const n = codes(ks);
    if (n < 2 || n > 8) return whole;
    const order = [...ks].sort((a, b) => lo(boxes[a]) - lo(boxes[b]));
    const gutters: number[] = [];
    let reach = hi(boxes[order[0]]);
    for (const k of order) {
      if (lo(boxes[k]) - reach >= GUTTER) gutters.push((reach + lo(boxes[k])) / 2);
      reach = Math.max(reach, hi(boxes[k]));
    }
    // As many bands as numbers (one label each), else fewer (a 2x2 sheet has two columns of two).
    for (let m = Math.min(n, 4); m >= 2; m--) {
      const cuts = new Set<number>();
      for (let i = 1; i < m; i++) {
        const ideal = span[0] + ((span[1] - span[0]) * i) / m;
        const best = gutters.filter((g) => !cuts.has(g)).sort((a, b) => Math.abs(a - ideal) - Math.abs(b - ideal))[0];
        if (best !== undefined) cuts.add(best);
      }
      if (cuts.size !== m - 1) continue;
      const bounds = [Number.NEGATIVE_INFINITY, ...[...cuts].sort((a, b) => a - b), Number.POSITIVE_INFINITY];
      const groups = bounds.slice(1).map((to, i) => ({ ks: order.filter((k) => lo(boxes[k]) > bounds[i] && hi(boxes[k]) < to), from: bounds[i], to }));
      const complete = groups.reduce((sum, g) => sum + g.ks.length, 0) === ks.length;
      if (complete && groups.every((g) => g.ks.length >= MIN_PART_ITEMS && codes(g.ks) >= 1)) return groups;
    }
    return whole;
  }

  const all = words.map((_, k) => k);
  const cells: { ks: number[]; x: [number, number]; y: [number, number] }[] = [];
  for (const col of split(all, xLo, xHi, upright ? [view[0], view[2]] : [view[1], view[3]])) {
    for (const row of split(col.ks, yLo, yHi, upright ? [view[1], view[3]] : [view[0], view[2]])) cells.push({ ks: row.ks, x: [col.from, col.to], y: [row.from, row.to] });
  }
  if (cells.length < 2 || cells.length > 8) return [];
  const parts = cells.map((c) => ({
    textBox: c.ks.map((k) => boxes[k]).reduce<PdfRect | null>(unionRect, null)!,
    lines: groupLines(c.ks.map((k) => words[k])),
    limit: upright ? { left: c.x[0], right: c.x[1], bottom: c.y[0], top: c.y[1] } : { bottom: c.x[0], top: c.x[1], left: c.y[0], right: c.y[1] },
    // Reading order: top row first (user-space y grows upwards), then left to right.
    order: [-(upright ? c.y[1] : c.x[1]), upright ? c.x[0] : c.y[0]] as const,
  }));
  parts.sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1]);
  // User space runs right to left / bottom to top on a page turned 180 or 270.
  const ordered = rotate === 180 || rotate === 270 ? parts.reverse() : parts;
  return ordered.map(({ textBox, lines, limit }) => ({ textBox, lines, limit }));
}

/**
 * User-space box of one text item: origin (e, f), `width` along the baseline (a, b), the font size
 * up (c, d), a quarter of it below the baseline for descenders.
 */
function itemBox(a: number, b: number, c: number, d: number, e: number, f: number, width: number): PdfRect {
  const along = Math.hypot(a, b) || 1;
  const [ux, uy] = [a / along, b / along];
  const [vx, vy] = [c, d];
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [s, t] of [[0, -0.25], [width, -0.25], [0, 1], [width, 1]]) {
    xs.push(e + ux * s + vx * t);
    ys.push(f + uy * s + vy * t);
  }
  return { left: Math.min(...xs), bottom: Math.min(...ys), right: Math.max(...xs), top: Math.max(...ys) };
}

export function unionRect(a: PdfRect | null, b: PdfRect): PdfRect {
  if (!a) return b;
  return { left: Math.min(a.left, b.left), bottom: Math.min(a.bottom, b.bottom), right: Math.max(a.right, b.right), top: Math.max(a.top, b.top) };
}

function pdfOpenError(err: unknown): ImportError {
  const name = (err as { name?: string })?.name ?? "";
  if (name === "PasswordException") {
    return new ImportError(422, "This PDF is password-protected. Remove the password and upload it again.");
  }
  return new ImportError(422, "This PDF is damaged or incomplete and cannot be read.");
}
