/**
 * The third toolchain: the same drawings through pdfkit, as carrier and shop systems that embed
 * their own TrueType fonts write PDFs: subset fonts (Arimo, Tinos, Cousine: metric twins of Arial,
 * Times New Roman and Courier New; Roboto Condensed for narrow type) in Identity-H encoding with a
 * ToUnicode map, each line a TJ array of glyph ids with kerning offsets, shapes filled as paths in
 * one top-down coordinate system. Lines are shown whole, whole with the spaces left out (the gap is
 * a TJ offset, as justifying producers write it: there is no space glyph to find), or a word at a
 * time at measured positions. The fonts come from @fontsource packages, so a clean machine draws
 * the same files.
 */
import { createRequire } from "node:module";
import { barcodeRects } from "./barcodes.ts";
import type { FileSpec, FontFace, Item, PageSpec } from "./layout.ts";
import { logoPng } from "./logo.ts";
import type { Rng } from "./random.ts";

const require = createRequire(import.meta.url);
// Node's build through require: under vitest's globalSetup an import resolves to the browser build (no standard fonts).
const PDFDocument: typeof import("pdfkit") = require("pdfkit");
const file = (pkg: string, weight: 400 | 700) => require.resolve(`@fontsource/${pkg}/files/${pkg}-latin-${weight}-normal.woff`);
const FACES: Record<FontFace, string> = { sans: "arimo", narrow: "roboto-condensed", serif: "tinos", mono: "cousine" };

/** What the latin subsets of the fonts hold (Latin-1, general punctuation, €): anything else (a scissors sign) becomes '-'. */
const OUTSIDE = /[^\x20-\x7e\xa0-\xff\u0131\u0152\u0153\u2000-\u206f\u20ac\u2122]/g;

const PRODUCERS = [
  ["PDFKit", "PDFKit"],
  ["iText® 7.2.5 ©2000-2023 Apryse Group NV", "Evri Label Service"],
  ["Royal Mail Click & Drop", "PDFKit"],
  ["ParcelHub Labels 3.4", "PDFKit"],
] as const;

type TextMode = "line" | "gaps" | "word";

/**
 * How a file sets its type's width: as the font draws it; squeezed by horizontal scaling (Tz 80-95%, as
 * iText fits long lines); or letter-spaced (Tc) and squeezed back to the same width.
 */
interface Spacing {
  squeeze: number;
  track: number;
}

interface Ctx {
  mode: TextMode;
  spacing: Spacing;
}

export async function renderWithPdfKit(spec: FileSpec, rng: Rng): Promise<Uint8Array> {
  const [producer, creator] = rng.pick(PRODUCERS);
  const when = new Date(Date.UTC(2026, 10, 1));
  const doc = new PDFDocument({ autoFirstPage: false, compress: rng.chance(0.8), info: { Producer: producer, Creator: creator, CreationDate: when, ModDate: when } });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });
  for (const [face, pkg] of Object.entries(FACES)) {
    doc.registerFont(`${face}-0`, file(pkg, 400));
    doc.registerFont(`${face}-1`, file(pkg, 700));
  }
  const mode = rng.weighted([["line", 5], ["gaps", 3], ["word", 2]] as const);
  const width = rng.weighted([["plain", 13], ["squeeze", 4], ["track", 3]] as const);
  const ctx: Ctx = { mode, spacing: { squeeze: width === "squeeze" ? rng.float(80, 95) : 100, track: width === "track" ? rng.float(0.04, 0.12) : 0 } };
  for (const page of spec.pages) {
    const turned = page.storage === "turned";
    doc.addPage({ size: turned ? [page.h, page.w] : [page.w, page.h], margin: 0 });
    doc.save();
    // A turned page holds the label a quarter anticlockwise (top-down coordinates), so /Rotate 90 shows it upright.
    if (turned) doc.transform(0, -1, 1, 0, 0, page.w);
    await drawPage(doc, page, ctx);
    doc.restore();
    if (page.storage !== "upright") (doc.page.dictionary as unknown as { data: Record<string, unknown> }).data.Rotate = 90;
  }
  doc.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}

async function drawPage(doc: PDFKit.PDFDocument, page: PageSpec, ctx: Ctx) {
  await drawItems(doc, page.items, ctx);
  for (const p of page.placements) {
    doc.save();
    doc.transform(p.scale, 0, 0, p.scale, p.x, p.y);
    await drawItems(doc, p.drawing.items, ctx);
    doc.restore();
  }
}

/** The text options of a line: Tz squeezes; Tc spaces the letters and a Tz takes the width back to the font's. */
function widthOptions(doc: PDFKit.PDFDocument, text: string, size: number, s: Spacing) {
  if (!s.track) return { horizontalScaling: s.squeeze };
  const characterSpacing = s.track * size;
  const natural = doc.widthOfString(text);
  return { characterSpacing, horizontalScaling: (100 * natural) / (natural + characterSpacing * Math.max(0, text.length - 1)) };
}

async function drawItems(doc: PDFKit.PDFDocument, items: Item[], ctx: Ctx) {
  for (const i of items) {
    if (i.t === "text") {
      const text = i.text.replace(OUTSIDE, "-");
      doc.font(`${i.font}-${i.bold ? 1 : 0}`).fontSize(i.size).fillColor(i.white ? "white" : "black");
      // The baseline where the pdf-lib renderer puts it (the top of the line box plus the cap height and a little).
      const y = i.y + i.size * 0.8;
      const opts = { lineBreak: false, baseline: "alphabetic", ...widthOptions(doc, text, i.size, ctx.spacing) } as const;
      const width = doc.widthOfString(text, opts);
      const x = i.align && i.w ? (i.align === "center" ? i.x + (i.w - width) / 2 : i.align === "right" ? i.x + i.w - width : i.x) : i.x;
      if (ctx.mode === "word") {
        let at = x;
        for (const run of text.split(/(?<= )/)) {
          if (run.trim()) doc.text(run.trimEnd(), at, y, opts);
          at += doc.widthOfString(run, opts);
        }
      } else if (ctx.mode === "gaps" && text.trim().includes(" ")) {
        // A word spacing of (almost) nothing: pdfkit then writes the words without their space glyphs, the gap as an offset.
        doc.text(text, x, y, { ...opts, wordSpacing: 0.001 });
      } else if (text.trim()) {
        doc.text(text, x, y, opts);
      }
    } else if (i.t === "logo") {
      doc.image(await logoPng(i), i.x, i.y, { width: i.w, height: i.h });
    } else if (i.t === "rect") {
      doc.save();
      const g = Math.round(255 * (i.grey ?? 0));
      doc.rect(i.x, i.y, i.w, i.h);
      if (i.line) {
        doc.lineWidth(i.line);
        if (i.dash) doc.dash(4, { space: 3 });
      }
      if (i.fill && i.line) doc.fillAndStroke([g, g, g], "black");
      else if (i.fill) doc.fill([g, g, g]);
      else if (i.line) doc.stroke("black");
      doc.restore();
    } else if (i.t === "line") {
      doc.save();
      doc.lineWidth(i.width);
      if (i.dash) doc.dash(5, { space: 4 });
      doc.moveTo(i.x1, i.y1).lineTo(i.x2, i.y2).stroke("black");
      doc.restore();
    } else {
      // Every bar or module of the symbol in one path, filled once.
      for (const r of barcodeRects(i)) doc.rect(r.x, r.y, r.w, r.h);
      doc.fill("black");
    }
  }
}
