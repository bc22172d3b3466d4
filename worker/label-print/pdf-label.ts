import { fill, popGraphicsState, pushGraphicsState, rectangle, rgb, setFillingGrayscaleColor, type PDFFont, type PDFImage, type PDFPage } from "pdf-lib";
import type { LabelPrintContent } from "../../shared/print-content";
import { CODE128_HEIGHT_DOTS, DOT_PT, code128, pdf417, pdf417Rects, type Code128, type Pdf417 } from "./barcodes";
import { capped, wrapAll, type LabelText } from "./wrap";

/**
 * One printed label drawn into a box of a PDF page, as the print view lays it out: banner, company, From and To
 * blocks side by side, Van Routing, the facts line, the PDF417, the Code128 and the tracking code under it.
 * The barcodes sit at the bottom as exact rectangles at whole-dot module widths (barcodes.ts), whatever the text:
 * the text above gets the room that is left. Long lines wrap inside their block; when the wrapped text is taller
 * than the room, its size steps down (10 pt to 7 pt) and then the banner gets shorter. Only text that still does
 * not fit at the smallest size (far beyond real addresses: 8 lines of 200 characters) is cut, its last line ending
 * in '…'. A label is always one page, and a smaller box (a quarter of A4) never shrinks a barcode.
 */

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface LabelFonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** A label's barcodes, encoded for its box. */
export interface LabelBarcodes {
  bars: Code128;
  symbol: Pdf417;
}

/** White inside the label's edge (0.15 in, as on the print view). */
const PADDING = 10.8;
const BLACK = rgb(0, 0, 0);
const BLOCK_PAD = 5;
const HEADING = 8;
const GAP = 6;
const LINE_SPACING = 1.2;
/** Text sizes tried for the blocks and the facts line, largest first. */
const TEXT_SIZES = [10, 9.5, 9, 8.5, 8, 7.5, 7];
/** Banner heights tried (0.8 in as on the print view, then 0.4 in) once the text is at its smallest. */
const BANNER_HEIGHTS = [57.6, 28.8];

/** Fills rectangles black in one path (the barcodes' bars and modules). */
function fillRects(page: PDFPage, rects: Array<[number, number, number, number]>) {
  if (!rects.length) return;
  page.pushOperators(pushGraphicsState(), setFillingGrayscaleColor(0), ...rects.map(([x, y, w, h]) => rectangle(x, y, w, h)), fill(), popGraphicsState());
}

const charsets = new WeakMap<PDFFont, Set<number>>();
/** The text with what the standard font cannot encode (outside WinAnsi) replaced by '?'. */
function printable(font: PDFFont, text: string): string {
  const known = charsets.get(font) ?? new Set(font.getCharacterSet());
  charsets.set(font, known);
  return [...text.normalize("NFC")].map((ch) => (known.has(ch.codePointAt(0)!) ? ch : "?")).join("");
}

/** The text cut to `width` with a trailing '…' when it is longer. */
function fitted(font: PDFFont, size: number, text: string, width: number): string {
  let t = printable(font, text);
  if (font.widthOfTextAtSize(t, size) <= width) return t;
  while (t.length > 1 && font.widthOfTextAtSize(`${t}…`, size) > width) t = t.slice(0, -1);
  return `${t}…`;
}

/** Texts wrapped to `width` in `font` at `size`, as the standard font can print them. */
function wrapIn(font: PDFFont, size: number, texts: string[], width: number): { lines: string[]; broken: boolean } {
  return wrapAll(
    texts.map((t) => printable(font, t)),
    width,
    (t) => font.widthOfTextAtSize(t, size),
  );
}

/** The largest size (from `size` down to `min`) at which the text fits on one line of `width`. */
function shrunk(font: PDFFont, text: string, size: number, min: number, width: number): number {
  const w = font.widthOfTextAtSize(printable(font, text), size);
  return w <= width ? size : Math.max(min, Math.floor(((size * width) / w) * 2) / 2);
}

function centred(page: PDFPage, font: PDFFont, size: number, text: string, box: Box, y: number) {
  const t = fitted(font, size, text, box.w - 2 * PADDING);
  page.drawText(t, { x: box.x + (box.w - font.widthOfTextAtSize(t, size)) / 2, y, size, font, color: BLACK });
}

/** The label's barcodes at their sizes for this box; a BarcodeFitError when they cannot be drawn in spec in it. */
export function labelBarcodes(content: LabelPrintContent, box: Box): LabelBarcodes {
  const maxDots = Math.floor(box.w / DOT_PT);
  // The PDF417 at most half the label's height: the addresses keep the rest.
  return { bars: code128(content.code128, maxDots), symbol: pdf417(content.pdf417, maxDots, Math.floor(box.h / 2 / DOT_PT)) };
}

/** The barcodes and the tracking code, bottom up; answers the top of what was drawn. */
function drawBarcodes(page: PDFPage, box: Box, content: LabelPrintContent, { bars, symbol }: LabelBarcodes, fonts: LabelFonts): number {
  let y = box.y + PADDING;
  centred(page, fonts.bold, 12, content.code128, box, y + 2);
  y += 16;

  const x128 = box.x + (box.w - bars.modules * bars.dots * DOT_PT) / 2;
  const height = CODE128_HEIGHT_DOTS * DOT_PT;
  const rects: Array<[number, number, number, number]> = [];
  let at = 0;
  bars.widths.forEach((w, i) => {
    if (i % 2 === 0) rects.push([x128 + at * bars.dots * DOT_PT, y, w * bars.dots * DOT_PT, height]);
    at += w;
  });
  y += height + 10;

  const m = symbol.dots * DOT_PT;
  const x417 = box.x + (box.w - symbol.cols * m) / 2;
  const top = y + symbol.rows.length * m;
  for (const r of pdf417Rects(symbol)) rects.push([x417 + r.x * m, top - (r.y + r.h) * m, r.w * m, r.h * m]);
  fillRects(page, rects);
  return top;
}

/** A bordered block with a heading and its lines, `size` pt. */
function drawBlock(page: PDFPage, font: PDFFont, fonts: LabelFonts, at: Box, heading: string, lines: string[], size: number) {
  page.drawRectangle({ x: at.x, y: at.y, width: at.w, height: at.h, borderColor: BLACK, borderWidth: 1.5 });
  const left = at.x + BLOCK_PAD + 1;
  let y = at.y + at.h - BLOCK_PAD - HEADING;
  page.drawText(heading, { x: left, y, size: HEADING, font: fonts.bold, color: BLACK });
  for (const line of lines) {
    y -= size * LINE_SPACING;
    page.drawText(line, { x: left, y, size, font, color: BLACK });
  }
}

const blockHeight = (lines: number, size: number) => BLOCK_PAD * 2 + HEADING + 1 + lines * size * LINE_SPACING;
const blockTextWidth = (w: number) => w - 2 * BLOCK_PAD - 2;


function textLayout(content: LabelPrintContent, fonts: LabelFonts, inner: number, size: number): LabelText {
  const half = blockTextWidth((inner - GAP) / 2);
  const from = wrapIn(fonts.regular, size, content.from, half);
  const to = wrapIn(fonts.bold, size, content.to, half);
  const van = wrapIn(fonts.regular, size, content.vanRouting ? [content.vanRouting] : [], blockTextWidth(inner));
  const facts = wrapIn(fonts.regular, size, content.facts.length ? [content.facts.join("   ")] : [], inner);
  const height =
    blockHeight(Math.max(from.lines.length, to.lines.length, 1), size) +
    GAP +
    (van.lines.length ? blockHeight(van.lines.length, size) + GAP : 0) +
    facts.lines.length * size * LINE_SPACING;
  const broken = from.broken || to.broken || van.broken || facts.broken;
  return { size, from: from.lines, to: to.lines, van: van.lines, facts: facts.lines, height, broken };
}

/** The company lines under the banner: the name on one line (smaller when long), the tagline on at most two. */
function companyLines(content: LabelPrintContent, fonts: LabelFonts, inner: number) {
  const name = content.companyName ? { size: shrunk(fonts.bold, content.companyName, 11, 7, inner), text: content.companyName } : null;
  const taglineSize = content.companyTagline ? shrunk(fonts.regular, content.companyTagline, 9, 7, inner) : 9;
  const tagline = content.companyTagline ? capped(wrapIn(fonts.regular, taglineSize, [content.companyTagline], inner).lines, 2) : [];
  const height = (name ? name.size + 3 : 0) + tagline.length * (taglineSize + 3);
  return { name, tagline, taglineSize, height };
}

export function drawLabel(page: PDFPage, box: Box, content: LabelPrintContent, barcodes: LabelBarcodes, fonts: LabelFonts, banner: PDFImage | null) {
  const floor = drawBarcodes(page, box, content, barcodes, fonts) + 8;
  const inner = box.w - 2 * PADDING;
  const top = box.y + box.h - PADDING;
  const company = companyLines(content, fonts, inner);
  const bannerSize = (max: number) => {
    if (!banner) return { w: 0, h: 0 };
    const s = Math.min(inner / banner.width, max / banner.height);
    return { w: banner.width * s, h: banner.height * s };
  };
  const roomUnder = (bannerH: number) => top - (banner ? bannerH + 4 : 0) - company.height - GAP - floor;

  // The largest text that fits with the full banner, else with a shorter banner; else the smallest, cut to the room.
  let chosen: { layout: LabelText; bannerMax: number } | null = null;
  for (const bannerMax of BANNER_HEIGHTS) {
    for (const size of TEXT_SIZES) {
      const layout = textLayout(content, fonts, inner, size);
      const last = size === TEXT_SIZES[TEXT_SIZES.length - 1];
      if (layout.height <= roomUnder(bannerSize(bannerMax).h) && (!layout.broken || last)) {
        chosen = { layout, bannerMax };
        break;
      }
    }
    if (chosen) break;
  }
  const bannerMax = chosen?.bannerMax ?? BANNER_HEIGHTS[BANNER_HEIGHTS.length - 1];
  const layout = chosen?.layout ?? textLayout(content, fonts, inner, TEXT_SIZES[TEXT_SIZES.length - 1]);
  const { size } = layout;
  const lineHeight = size * LINE_SPACING;

  let y = top;
  if (banner) {
    const { w, h } = bannerSize(bannerMax);
    page.drawImage(banner, { x: box.x + (box.w - w) / 2, y: y - h, width: w, height: h });
    y -= h + 4;
  }
  if (company.name) {
    y -= company.name.size;
    centred(page, fonts.bold, company.name.size, company.name.text, box, y);
    y -= 3;
  }
  for (const line of company.tagline) {
    y -= company.taglineSize;
    centred(page, fonts.regular, company.taglineSize, line, box, y);
    y -= 3;
  }
  y -= GAP;

  // Nothing fitted (far beyond real addresses): the van and facts keep two lines each, the addresses the rest.
  const facts = chosen ? layout.facts : capped(layout.facts, 2);
  const van = chosen ? layout.van : capped(layout.van, 2);
  const below = facts.length * lineHeight + (van.length ? blockHeight(van.length, size) + GAP : 0);
  const lines = Math.max(0, Math.floor((y - floor - below - GAP - blockHeight(0, size) + 0.001) / lineHeight));
  const from = capped(layout.from, lines);
  const to = capped(layout.to, lines);
  const half = (inner - GAP) / 2;
  if (lines >= 1) {
    const h = blockHeight(Math.max(from.length, to.length, 1), size);
    drawBlock(page, fonts.regular, fonts, { x: box.x + PADDING, y: y - h, w: half, h }, "FROM", from, size);
    drawBlock(page, fonts.bold, fonts, { x: box.x + PADDING + half + GAP, y: y - h, w: half, h }, "TO", to, size);
    y -= h + GAP;
  }
  if (van.length) {
    const vh = blockHeight(van.length, size);
    drawBlock(page, fonts.regular, fonts, { x: box.x + PADDING, y: y - vh, w: inner, h: vh }, "VAN ROUTING", van, size);
    y -= vh + GAP;
  }
  for (const line of facts) {
    page.drawText(line, { x: box.x + PADDING, y: y - size, size, font: fonts.regular, color: BLACK });
    y -= lineHeight;
  }
}
