/**
 * The first toolchain: PDFs drawn directly with pdf-lib, as carrier APIs (iText) write them: the
 * standard fonts (Helvetica, Times, Courier), barcodes as vector rectangles, logos as images, a
 * landscape MediaBox with the label turned and /Rotate 90 when the page says so. Text is shown a
 * line per text-show, or a word or a glyph at a time at computed positions (as some label tools
 * write it): a reader must rebuild lines from positions, not from the stream.
 */
import { concatTransformationMatrix, degrees, PDFDocument, type PDFFont, type PDFImage, type PDFPage, popGraphicsState, pushGraphicsState, rgb, StandardFonts } from "pdf-lib";
import { barcodeRects } from "./barcodes.ts";
import type { FileSpec, FontFace, Item, LogoItem, PageSpec } from "./layout.ts";
import { logoPng } from "./logo.ts";
import type { Rng } from "./random.ts";

const FACES: Record<FontFace, [StandardFonts, StandardFonts]> = {
  sans: [StandardFonts.Helvetica, StandardFonts.HelveticaBold],
  narrow: [StandardFonts.Helvetica, StandardFonts.HelveticaBold],
  serif: [StandardFonts.TimesRoman, StandardFonts.TimesRomanBold],
  mono: [StandardFonts.Courier, StandardFonts.CourierBold],
};

/** WinAnsi is all the standard fonts draw: decoration outside it (a scissors sign) becomes '-'. */
const WIN_ANSI = /[^\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]/g;

const PRODUCERS = ["iText® 5.5.13.1 ©2000-2019 iText Group NV (AGPL-version)", "iText 2.1.7 by 1T3XT", "iText® 7.1.16 ©2000-2021 iText Group NV", "pdf-lib (https://github.com/Hopding/pdf-lib)"];

/**
 * How a line's text is shown: a text-show per line, per word or per glyph at its computed position; or 'fitted',
 * every glyph placed by the producer at a step shorter than its advance (a tool condensing its type into fixed
 * fields, as iText-like producers and Ghostscript's re-distilled pages position glyphs), no space glyph drawn: the
 * word gap left is narrower than the advance a reader expects (issue 36, class 1: 'JOHNSMITH').
 */
export type TextMode = "line" | "word" | "glyph" | "fitted";

interface Ctx {
  font: (f: FontFace, bold: boolean) => Promise<PDFFont>;
  logo: (l: LogoItem) => Promise<PDFImage>;
  mode: TextMode;
  /** The 'fitted' mode's step, as a share of each glyph's advance. */
  squeeze: number;
}

/** `mode` names how text is shown (a test's choice); else the seed draws it. */
export async function renderWithPdfLib(file: FileSpec, rng: Rng, mode?: TextMode): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const when = new Date(Date.UTC(2026, 10, 1));
  doc.setCreationDate(when);
  doc.setModificationDate(when);
  doc.setProducer(rng.pick(PRODUCERS));
  const fonts = new Map<string, PDFFont>();
  const font = async (face: FontFace, bold: boolean) => {
    const name = FACES[face][bold ? 1 : 0];
    let f = fonts.get(name);
    if (!f) {
      f = await doc.embedFont(name);
      fonts.set(name, f);
    }
    return f;
  };
  const logos = new Map<string, PDFImage>();
  const logo = async (l: LogoItem) => {
    const key = `${l.text}|${l.font}|${l.w}|${l.h}`;
    let img = logos.get(key);
    if (!img) {
      img = await doc.embedPng(await logoPng(l));
      logos.set(key, img);
    }
    return img;
  };
  // Drawn even when `mode` is given, so a seed's other draws stay as they were.
  const drawn = rng.weighted([["line", 6], ["word", 2.5], ["glyph", 1.5], ["fitted", 1]] as const);
  const ctx: Ctx = { font, logo, mode: mode ?? drawn, squeeze: rng.float(0.74, 0.86) };
  for (const spec of file.pages) {
    const turned = spec.storage === "turned";
    const page = doc.addPage(turned ? [spec.h, spec.w] : [spec.w, spec.h]);
    // A turned page holds the label a quarter anticlockwise, so /Rotate 90 shows it upright.
    if (turned) page.pushOperators(pushGraphicsState(), concatTransformationMatrix(0, 1, -1, 0, spec.h, 0));
    await drawPage(page, spec, ctx);
    if (turned) page.pushOperators(popGraphicsState());
    if (spec.storage !== "upright") page.setRotation(degrees(90));
  }
  return doc.save({ useObjectStreams: rng.chance(0.5) });
}

async function drawPage(page: PDFPage, spec: PageSpec, ctx: Ctx) {
  await drawItems(page, spec.items, spec.h, ctx);
  for (const p of spec.placements) {
    // The drawing's own coordinates (top-left origin, its height d.h) mapped into the page's.
    page.pushOperators(pushGraphicsState(), concatTransformationMatrix(p.scale, 0, 0, p.scale, p.x, spec.h - p.y - p.scale * p.drawing.h));
    await drawItems(page, p.drawing.items, p.drawing.h, ctx);
    page.pushOperators(popGraphicsState());
  }
}

async function drawItems(page: PDFPage, items: Item[], h: number, ctx: Ctx) {
  const black = rgb(0, 0, 0);
  for (const i of items) {
    if (i.t === "text") {
      const f = await ctx.font(i.font, Boolean(i.bold));
      const text = i.text.replace(WIN_ANSI, "-");
      // Widths as drawn: drawText shows glyphs unkerned, and widthOfTextAtSize kerns ('TA' -90/1000): a kerned
      // measure had left 'TAUNTON' and 'TA12SP' 0.1 em apart (word at a time) instead of a word space.
      const drawn = (t: string) => [...t].reduce((w, c) => w + f.widthOfTextAtSize(c, i.size), 0);
      const width = drawn(text);
      const x = i.align && i.w ? (i.align === "center" ? i.x + (i.w - width) / 2 : i.align === "right" ? i.x + i.w - width : i.x) : i.x;
      const y = h - i.y - f.heightAtSize(i.size, { descender: false }) - i.size * 0.08;
      const color = i.white ? rgb(1, 1, 1) : black;
      // A run per line, per word or per glyph, each at its own position.
      const runs = ctx.mode === "line" ? [text] : ctx.mode === "word" ? text.split(/(?<= )/) : [...text];
      const step = ctx.mode === "fitted" ? ctx.squeeze : 1;
      let at = x;
      for (const run of runs) {
        const shown = ctx.mode === "word" ? run.trimEnd() : run;
        if (shown.trim()) page.drawText(shown, { x: at, y, size: i.size, font: f, color });
        at += drawn(run) * step;
      }
    } else if (i.t === "logo") {
      page.drawImage(await ctx.logo(i), { x: i.x, y: h - i.y - i.h, width: i.w, height: i.h });
    } else if (i.t === "rect") {
      const grey = i.grey ?? 0;
      page.drawRectangle({
        x: i.x,
        y: h - i.y - i.h,
        width: i.w,
        height: i.h,
        ...(i.fill ? { color: rgb(grey, grey, grey) } : {}),
        ...(i.line ? { borderColor: black, borderWidth: i.line, ...(i.dash ? { borderDashArray: [4, 3] } : {}) } : { borderWidth: 0 }),
      });
    } else if (i.t === "line") {
      page.drawLine({ start: { x: i.x1, y: h - i.y1 }, end: { x: i.x2, y: h - i.y2 }, thickness: i.width, color: black, ...(i.dash ? { dashArray: [5, 4] } : {}) });
    } else {
      for (const r of barcodeRects(i)) page.drawRectangle({ x: r.x, y: h - r.y - r.h, width: r.w, height: r.h, color: black, borderWidth: 0 });
    }
  }
}
