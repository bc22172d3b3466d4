/**
 * Labels on one sheet (A4 with two side by side, two stacked, or four in a 2x2 grid), found from a
 * PDF page's text items: each label's text box, lines and the band of the page it may grow into.
 * Whether each part really is a label is for the caller to find out (pipeline.ts: each must read as
 * a label with a tracking code of its own).
 */
import { couriers } from "../couriers/registry";
import { readAddresses } from "../label-reading/layout";
import { groupLines, type TextLine, type TextWord } from "../label-reading/text";

/** A rectangle in PDF user space. */
export interface PdfRect {
  left: number;
  bottom: number;
  right: number;
  top: number;
}

export interface PdfTextPart {
  textBox: PdfRect;
  lines: TextLine[];
  /** The part's side of the gutters (user space; open on the other axis). */
  limit: PdfRect;
}

export function unionRect(a: PdfRect | null, b: PdfRect): PdfRect {
  if (!a) return b;
  return { left: Math.min(a.left, b.left), bottom: Math.min(a.bottom, b.bottom), right: Math.max(a.right, b.right), top: Math.max(a.top, b.top) };
}

/**
 * A shipping label's least width and height on a sheet, in points: 3.5in across (4x6 and A6
 * labels are 4in; so an A4 page holds two columns at most: the panel at a label's right edge is no
 * column of its own), and 2.5in high (eight 99 x 68 mm labels a sheet are four rows).
 */
const MIN_LABEL_WIDTH = 252;
const MIN_LABEL_HEIGHT = 180;

/** How much nearer the sheet's grid, in bands, cutting rows first must be to win over columns first (a tenth of a band). */
const OFF_GRID_MARGIN = 0.1;

/** Each label holds at least this many text items. */
const MIN_PART_ITEMS = 5;
/**
 * Text items that may run across a cut and belong to no label: a sheet's own title or footer
 * ('Your labels: print and attach one to each parcel', 'Page 1 of 1').
 */
const MAX_STRAY_ITEMS = 3;

/** The tracking codes printed on these lines, as each courier prints them (spaced, dashed or grouped). */
export function codesOn(lines: TextLine[]): Set<string> {
  const text = lines.map((l) => l.text).join("\n");
  return new Set(couriers().flatMap((c) => c.labelReader.printedCodes(text)));
}

/**
 * Splits a sheet: first into columns of the displayed page, then each column into rows. A cut sits
 * where the fewest text items cross (a gutter, however narrow: labels printed edge to edge leave a
 * few points), near the sheet's equal bands, and is kept only where both sides hold a label's worth
 * of text and a printed tracking number of their own (as its courier prints it: spaced, dashed or
 * grouped), so the gaps inside one label, between its address and its barcode, never split it.
 */
export function sheetParts(
  words: TextWord[],
  boxes: PdfRect[],
  rotate: number,
  view: number[],
  respace: (lines: TextLine[]) => TextLine[] = (lines) => lines,
): PdfTextPart[] {
  if (words.length < 2 * MIN_PART_ITEMS) return [];
  // The lines of some items, with the words a producer ran together parted again when that is known (glyph-spaces.ts).
  const linesOf = (ks: number[]) => respace(groupLines(ks.map((k) => words[k])));
  // Displayed x runs along user-space x on an upright page, along y on one turned a quarter.
  const upright = rotate % 180 === 0;
  const xLo = (b: PdfRect) => (upright ? b.left : b.bottom);
  const xHi = (b: PdfRect) => (upright ? b.right : b.top);
  const yLo = (b: PdfRect) => (upright ? b.bottom : b.left);
  const yHi = (b: PdfRect) => (upright ? b.top : b.right);
  const codes = (ks: number[]) => codesOn(linesOf(ks));
  // A label's worth of text: enough items, a printed number and a recipient with a postcode (a
  // panel of service words and the number at one label's edge is no label; nor is a label's code
  // and return address cut off from its recipient by a column through a label set off to the
  // right of the one above it: the recipient went to the other side, a neighbour's wrong data).
  const isLabel = (ks: number[]) => {
    if (ks.length < MIN_PART_ITEMS) return false;
    const lines = linesOf(ks);
    return codesOn(lines).size >= 1 && Boolean(readAddresses(lines).recipient?.postcode);
  };

  /**
   * Groups of `ks` along one axis, each with a printed tracking number of its own. [ks] when no
   * band count gives every band a number.
   */
  function split(ks: number[], lo: (b: PdfRect) => number, hi: (b: PdfRect) => number, span: [number, number], minBand: number) {
    const whole = { groups: [{ ks, from: Number.NEGATIVE_INFINITY, to: Number.POSITIVE_INFINITY }], stray: 0, across: 0, offGrid: 0 };
    const n = codes(ks).size;
    if (n < 2 || n > 8) return whole;
    // As many bands as numbers (one label each), else fewer (a 2x2 sheet has two columns of two),
    // never narrower than a label.
    for (let m = Math.min(n, 4, Math.floor((span[1] - span[0]) / minBand)); m >= 2; m--) {
      const band = (span[1] - span[0]) / m;
      const cuts: number[] = [];
      for (let i = 1; i < m; i++) {
        const cut = clearestCut(ks, lo, hi, { ideal: span[0] + band * i, window: band / 4, from: cuts[i - 2] ?? Number.NEGATIVE_INFINITY, to: i + 1 < m ? span[0] + band * (i + 1) : Number.POSITIVE_INFINITY });
        if (cut !== null) cuts.push(cut);
      }
      if (cuts.length !== m - 1) continue;
      const bounds = [Number.NEGATIVE_INFINITY, ...cuts, Number.POSITIVE_INFINITY];
      // An item belongs to the band that holds most of it (text widths are estimates: a line set
      // against its label's edge may reach a point past the cut); one lying across, to none.
      const bandOf = (k: number) => {
        const [a, b] = [lo(boxes[k]), hi(boxes[k])];
        const i = bounds.findIndex((to, j) => j > 0 && (a + b) / 2 < to) - 1;
        const inside = Math.min(b, bounds[i + 1]) - Math.max(a, bounds[i]);
        return inside >= 0.8 * (b - a) ? i : -1;
      };
      const groups = bounds.slice(1).map((to, i) => ({ ks: ks.filter((k) => bandOf(k) === i), from: bounds[i], to }));
      const stray = ks.filter((k) => bandOf(k) < 0);
      if (stray.length > MAX_STRAY_ITEMS || codes(stray).size) continue;
      // How far the cuts lie off the sheet's grid lines, in bands (the farthest).
      const offGrid = Math.max(...cuts.map((c, j) => Math.abs(c - (span[0] + band * (j + 1))) / band));
      // Items a cut passes through at all, though most of each lies on one side (a printed number reaching past the cut).
      const across = ks.filter((k) => cuts.some((c) => lo(boxes[k]) < c - 0.5 && hi(boxes[k]) > c + 0.5)).length;
      if (groups.every((g) => isLabel(g.ks))) return { groups, stray: stray.length, across, offGrid };
    }
    return whole;
  }

  /**
   * The cut between two neighbouring labels: within `window` of `ideal`, in an interval crossed by the
   * fewest items (at most MAX_STRAY_ITEMS), leaving a label's worth of text and a printed number on
   * both sides (up to `from` and `to`); of those the one whose empty band is widest for its distance
   * from `ideal` (width minus distance: the band between two labels is wide and near the sheet's grid; a gap inside one label, between its header and its address,
   * may be as wide but lies off the grid, and a 6x4 label above a 4x6 one moves the band off it
   * but widens it). The cut is the interval's middle, or `ideal` where the interval holds it: a
   * label draws more than its text (a barcode under its printed number, its frame), and the region
   * drawn for its barcodes (pdfium.ts) stops at the cut, so a cut through the middle of the text's
   * gap went through the upper label's barcode and gave its lower neighbour's region that code too.
   * Null when every place is crossed by more.
   */
  function clearestCut(ks: number[], lo: (b: PdfRect) => number, hi: (b: PdfRect) => number, at: { ideal: number; window: number; from: number; to: number }): number | null {
    const [wFrom, wTo] = [at.ideal - at.window, at.ideal + at.window];
    const edges = [wFrom, wTo, ...ks.flatMap((k) => [lo(boxes[k]), hi(boxes[k])]).filter((x) => x > wFrom && x < wTo)].sort((a, b) => a - b);
    const candidates: { cut: number; crossing: number; score: number }[] = [];
    for (let i = 0; i + 1 < edges.length; i++) {
      if (edges[i + 1] - edges[i] < 0.5) continue;
      const middle = (edges[i] + edges[i + 1]) / 2;
      const crossing = ks.filter((k) => Math.min(middle - lo(boxes[k]), hi(boxes[k]) - middle) > 0.2 * (hi(boxes[k]) - lo(boxes[k]))).length;
      const cut = edges[i] < at.ideal && at.ideal < edges[i + 1] ? at.ideal : middle;
      if (crossing <= MAX_STRAY_ITEMS) candidates.push({ cut, crossing, score: Math.abs(middle - at.ideal) - (edges[i + 1] - edges[i]) });
    }
    // The fewest crossing first; among them the first, by score, that leaves both sides a label (the
    // printed numbers are read only for the candidates looked at: a sheet has hundreds of gaps).
    const fewest = Math.min(...candidates.map((c) => c.crossing));
    const ranked = candidates.filter((c) => c.crossing === fewest).sort((a, b) => a.score - b.score);
    const valid = (cut: number) =>
      [ks.filter((k) => lo(boxes[k]) >= at.from && hi(boxes[k]) <= cut), ks.filter((k) => lo(boxes[k]) >= cut && hi(boxes[k]) <= at.to)].every(
        isLabel,
      );
    return (ranked.find((c) => valid(c.cut)) ?? ranked[0])?.cut ?? null;
  }

  type Cell = { ks: number[]; x: [number, number]; y: [number, number] };
  const xSplit = (ks: number[]) => split(ks, xLo, xHi, upright ? [view[0], view[2]] : [view[1], view[3]], MIN_LABEL_WIDTH);
  const ySplit = (ks: number[]) => split(ks, yLo, yHi, upright ? [view[1], view[3]] : [view[0], view[2]], MIN_LABEL_HEIGHT);
  /** Cells cut along one axis first, then each band along the other, and the items no cell holds. */
  const grid = (columnsFirst: boolean) => {
    const [first, then] = columnsFirst ? [xSplit, ySplit] : [ySplit, xSplit];
    const cells: Cell[] = [];
    const outer = first(words.map((_, k) => k));
    let stray = outer.stray;
    let offGrid = outer.offGrid;
    let across = outer.across;
    for (const a of outer.groups) {
      const inner = then(a.ks);
      stray += inner.stray;
      across += inner.across;
      offGrid = Math.max(offGrid, inner.offGrid);
      for (const b of inner.groups) {
        const [col, row] = columnsFirst ? [a, b] : [b, a];
        cells.push({ ks: b.ks, x: [col.from, col.to], y: [row.from, row.to] });
      }
    }
    return { cells, stray, across, offGrid };
  };
  // Columns first (a 2x2 sheet), unless cutting rows first finds as many labels with fewer items
  // lying across a cut: a 6x4 label over another whose lines overlap in x across the page's middle.
  const byColumns = grid(true);
  const byRows = grid(false);
  // Where both find as many labels with as few items across, the cuts nearer the sheet's grid: labels are printed in its
  // cells. Two labels stacked, the upper one's sender printed in a narrow column at its left, were cut down the page
  // beside that column (a quarter band off the middle), and the lower label took the upper one's sender (fresh seed
  // 1012457048, file 146, a Chromium sheet); the rows' cut lies on the page's middle.
  // Then, as many items lying across, the cuts through fewer items at all: two stacked labels, each its recipient in a column
  // of its own (the upper one's at the right, the lower one's at the left), were cut down the page through the upper
  // label's printed number, most of which lay left of the cut, and each part read one label's code with the other's
  // recipient (fresh seed 3605086469, file 422, a pdf-lib sheet); the rows' cut lies in the empty band between them.
  const fewerAcross = byRows.across < byColumns.across || (byRows.across === byColumns.across && byRows.offGrid + OFF_GRID_MARGIN < byColumns.offGrid);
  const rowsFirst = byRows.cells.length >= byColumns.cells.length && (byRows.stray < byColumns.stray || (byRows.stray === byColumns.stray && fewerAcross));
  const { cells } = rowsFirst ? byRows : byColumns;
  if (cells.length < 2 || cells.length > 8) return [];
  const parts = cells.map((c) => ({
    textBox: c.ks.map((k) => boxes[k]).reduce<PdfRect | null>(unionRect, null)!,
    lines: linesOf(c.ks),
    limit: upright ? { left: c.x[0], right: c.x[1], bottom: c.y[0], top: c.y[1] } : { bottom: c.x[0], top: c.x[1], left: c.y[0], right: c.y[1] },
    // Reading order: top row first (user-space y grows upwards), then left to right.
    order: [-(upright ? c.y[1] : c.x[1]), upright ? c.x[0] : c.y[0]] as const,
  }));
  parts.sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1]);
  // User space runs right to left / bottom to top on a page turned 180 or 270.
  const ordered = rotate === 180 || rotate === 270 ? parts.reverse() : parts;
  return ordered.map(({ textBox, lines, limit }) => ({ textBox, lines, limit }));
}
