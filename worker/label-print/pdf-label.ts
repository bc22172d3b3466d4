import { fill, popGraphicsState, pushGraphicsState, rectangle, rgb, setFillingGrayscaleColor, type PDFFont, type PDFImage, type PDFPage } from "pdf-lib";
import type { LabelPrintContent } from "../labels/print-content";
import { CODE128_HEIGHT_DOTS, DOT_PT, code128, pdf417, pdf417Rects } from "./barcodes";

/**
 * One printed label drawn into a box of a PDF page, as the print view lays it out: banner, company, From and To
 * blocks side by side, Van Routing, the facts line, the PDF417, the Code128 and the tracking code under it.
 * The barcodes are drawn first, from the bottom, as exact rectangles at whole-dot module widths (barcodes.ts);
 * the text above gets the room that is left (address lines beyond it end in '…'), so a smaller box (a quarter of
 * A4) never shrinks a barcode.
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

/** White inside the label's edge (0.15 in, as on the print view). */
const PADDING = 10.8;
const BLACK = rgb(0, 0, 0);
const LINE = 12;
const BLOCK_PAD = 5;
const GAP = 6;

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

function centred(page: PDFPage, font: PDFFont, size: number, text: string, box: Box, y: number) {
  const t = fitted(font, size, text, box.w - 2 * PADDING);
  page.drawText(t, { x: box.x + (box.w - font.widthOfTextAtSize(t, size)) / 2, y, size, font, color: BLACK });
}

/** The barcodes and the tracking code, bottom up; answers the top of what was drawn. */
function drawBarcodes(page: PDFPage, box: Box, content: LabelPrintContent, fonts: LabelFonts): number {
  const maxDots = Math.floor(box.w / DOT_PT);
  let y = box.y + PADDING;
  centred(page, fonts.bold, 12, content.code128, box, y + 2);
  y += 16;

  const bars = code128(content.code128, maxDots);
  const x128 = box.x + (box.w - bars.modules * bars.dots * DOT_PT) / 2;
  const height = CODE128_HEIGHT_DOTS * DOT_PT;
  const rects: Array<[number, number, number, number]> = [];
  let at = 0;
  bars.widths.forEach((w, i) => {
    if (i % 2 === 0) rects.push([x128 + at * bars.dots * DOT_PT, y, w * bars.dots * DOT_PT, height]);
    at += w;
  });
  y += height + 10;

  // At most half the label's height: the addresses keep the rest.
  const symbol = pdf417(content.pdf417, maxDots, Math.floor(box.h / 2 / DOT_PT));
  const m = symbol.dots * DOT_PT;
  const x417 = box.x + (box.w - symbol.cols * m) / 2;
  const top = y + symbol.rows.length * m;
  for (const r of pdf417Rects(symbol)) rects.push([x417 + r.x * m, top - (r.y + r.h) * m, r.w * m, r.h * m]);
  fillRects(page, rects);
  return top;
}

/** A bordered block with a heading and its lines; answers its height. */
function drawBlock(page: PDFPage, fonts: LabelFonts, at: Box, heading: string, lines: string[], bold: boolean) {
  page.drawRectangle({ x: at.x, y: at.y, width: at.w, height: at.h, borderColor: BLACK, borderWidth: 1.5 });
  const left = at.x + BLOCK_PAD + 1;
  const width = at.w - 2 * BLOCK_PAD - 2;
  let y = at.y + at.h - BLOCK_PAD - 8;
  page.drawText(heading, { x: left, y, size: 8, font: fonts.bold, color: BLACK });
  for (const line of lines) {
    y -= LINE;
    const font = bold ? fonts.bold : fonts.regular;
    page.drawText(fitted(font, 10, line, width), { x: left, y, size: 10, font, color: BLACK });
  }
}

const blockHeight = (lines: number) => BLOCK_PAD * 2 + 9 + lines * LINE;

/** At most `max` lines; the last one kept says '…' when some were cut. */
function capped(lines: string[], max: number): string[] {
  if (lines.length <= max) return lines;
  if (max <= 0) return [];
  return [...lines.slice(0, max - 1), `${lines[max - 1]} …`];
}

export function drawLabel(page: PDFPage, box: Box, content: LabelPrintContent, fonts: LabelFonts, banner: PDFImage | null) {
  const floor = drawBarcodes(page, box, content, fonts) + 8;
  const inner = box.w - 2 * PADDING;
  let y = box.y + box.h - PADDING;

  if (banner) {
    const s = Math.min(inner / banner.width, 57.6 / banner.height);
    const w = banner.width * s;
    const h = banner.height * s;
    page.drawImage(banner, { x: box.x + (box.w - w) / 2, y: y - h, width: w, height: h });
    y -= h + 4;
  }
  if (content.companyName) {
    y -= 11;
    centred(page, fonts.bold, 11, content.companyName, box, y);
    y -= 3;
  }
  if (content.companyTagline) {
    y -= 9;
    centred(page, fonts.regular, 9, content.companyTagline, box, y);
    y -= 3;
  }
  y -= GAP;

  // Below the blocks: the facts line, then the barcodes.
  const factsHeight = content.facts.length ? 14 : 0;
  const vanHeight = content.vanRouting ? blockHeight(1) + GAP : 0;
  const room = y - floor - factsHeight - vanHeight;
  const lines = Math.max(0, Math.floor((room - blockHeight(0)) / LINE));
  const from = capped(content.from, lines);
  const to = capped(content.to, lines);
  const h = blockHeight(Math.max(from.length, to.length, 1));
  const half = (inner - GAP) / 2;
  if (room >= blockHeight(1)) {
    drawBlock(page, fonts, { x: box.x + PADDING, y: y - h, w: half, h }, "FROM", from, false);
    drawBlock(page, fonts, { x: box.x + PADDING + half + GAP, y: y - h, w: half, h }, "TO", to, true);
    y -= h + GAP;
  }
  if (content.vanRouting) {
    const vh = blockHeight(1);
    drawBlock(page, fonts, { x: box.x + PADDING, y: y - vh, w: half, h: vh }, "VAN ROUTING", [content.vanRouting], false);
    y -= vh + GAP;
  }
  if (content.facts.length) {
    page.drawText(fitted(fonts.regular, 10, content.facts.join("   "), inner), { x: box.x + PADDING, y: y - 10, size: 10, font: fonts.regular, color: BLACK });
  }
}
