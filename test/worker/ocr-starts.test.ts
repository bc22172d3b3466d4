import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { recognise } from "../../worker/label-import/ocr/tesseract";
import { rereadLost, withStart } from "../../worker/label-import/ocr/starts";
import { ocrLines } from "../../worker/label-import/ocr/text";
import { renderPages } from "../../worker/label-import/pdfium";
import { type Pixmap, toGrey, type Grey } from "../../worker/images/raster";
import type { TextLine } from "../../worker/label-reading/text";
import { companyName } from "../../bench/label-generator/world";
import { freshSeed, Rng } from "../../bench/label-generator/random";

// Drawn names, a fresh seed each run, printed (replay with SEED=…); never asserts what a seed drew.
const SEED = process.env.SEED || freshSeed();
console.log(`lines OCR lost (drawn cases): SEED=${SEED}`);

/** A 4x6in page with `lines` drawn in Helvetica (or `face`) at (x, y from the top, size) in points, read at 300 DPI. */
async function page(lines: [number, number, number, string][], face: StandardFonts = StandardFonts.Helvetica): Promise<Grey> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(face);
  const p = doc.addPage([288, 432]);
  for (const [x, y, size, text] of lines) p.drawText(text, { x, y: 432 - y - size, size, font });
  let out: Pixmap | null = null;
  await renderPages(await doc.save(), { dpi: 300, maxSide: 2400, maxPages: 1 }, async (_i, px) => {
    out = px;
  });
  return toGrey(out!);
}

describe("the start of a line OCR lost", () => {
  it("puts the words read again in front of the line, only where the reading holds the line's start and the words after it", () => {
    // Fresh seed 2601711117: a broker's sender 'as Soap Co' (file 1598), a return line 'Jackson, Flat 19, …' (file 1400).
    expect(withStart("as Soap Co", "Atlas Soap Co")).toBe("Atlas Soap Co");
    expect(withStart("Jackson, Flat 19, Riverside Estate", "I. Jackson, Flat 19, Riverside Estat")).toBe("I. Jackson, Flat 19, Riverside Estate");
    expect(withStart("e Harbour Light nits", "The Harbour Light Knits")).toBe("The Harbour Light nits");
    // Nothing gained, a reading of something else, or debris in front: the line stays as read.
    expect(withStart("Atlas Soap Co", "Atlas Soap Co")).toBeNull();
    expect(withStart("as Soap Co", "Atlas Candle Co")).toBeNull();
    expect(withStart("Soap Co", "ne Soap Co")).toBeNull();
  });

  it("reads a line's lost start again from the left edge of the lines under it, where there is ink", async () => {
    const g = await page([
      [40, 60, 11, "Atlas Soap Co"],
      [40, 76, 11, "234 Nelson Road"],
      [40, 92, 11, "Cambridge"],
      [40, 108, 11, "CB1 4JZ"],
      [62, 160, 11, "Lucy Patel"],
      [40, 176, 11, "12 Mill Lane"],
      [40, 192, 11, "Leeds"],
    ]);
    const lines = ocrLines((await recognise(g, 300)).words);
    const name = lines.find((l) => l.text === "Atlas Soap Co")!;
    expect(name).toBeDefined();
    // As OCR gave it: the first letters lost, the line starting right of its block.
    const cut = { ...name, text: "as Soap Co", x: name.x + 0.35 * name.width!, width: 0.65 * name.width! };
    const lost: TextLine[] = lines.map((l) => (l === name ? cut : l));
    const again = await rereadLost(lost, g, 300);
    expect(again.find((l) => l.y === name.y)?.text).toBe("Atlas Soap Co");
    // A line printed indented over its block, with no ink before it, is left as it is ('Lucy Patel').
    expect(again.filter((l) => l.y !== name.y)).toEqual(lost.filter((l) => l.y !== name.y));
  });

  it("reads the rest of the row Tesseract broke off with the start (fresh seed 1520990444, file 1397: 'race' / 'Thomas')", async () => {
    const g = await page([
      [40, 60, 11, "Grace Thomas"],
      [40, 76, 11, "58 Dock House"],
      [40, 92, 11, "Castle Gardens"],
      [40, 108, 11, "DH1 6LF"],
    ]);
    const lines = ocrLines((await recognise(g, 300)).words);
    const name = lines.find((l) => l.text === "Grace Thomas")!;
    expect(name).toBeDefined();
    const w = name.width!;
    const broken: TextLine[] = [...lines.filter((l) => l !== name), { ...name, text: "race", x: name.x + 0.08 * w, width: 0.36 * w, size: name.size * 0.7 }, { ...name, text: "Thomas", x: name.x + 0.5 * w, width: 0.5 * w }];
    const again = await rereadLost(broken, g, 300);
    expect(again.map((l) => l.text)).toEqual(lines.map((l) => l.text));
  });

  it("reads a line OCR lost whole over a block's first line, where there is ink, and keeps what it reads in the block's column", async () => {
    const g = await page([
      [30, 40, 9, "DESPATCH DATE: 06/03/2026"],
      [40, 120, 11, "Mei Cunningham"],
      [40, 136, 11, "LITTLE FERN PRINT STUDIO"],
      [40, 152, 11, "203 ORCHARD SQUARE"],
      [40, 168, 11, "NEWRY"],
      [40, 184, 11, "BT34 2ZR"],
    ]);
    const lines = ocrLines((await recognise(g, 300)).words);
    const name = lines.find((l) => l.text === "Mei Cunningham")!;
    expect(name).toBeDefined();
    // As a flattened Click & Drop page came out (fresh seed 2601711117, file 317): the name never read, the company taken for it.
    const lost = lines.filter((l) => l !== name);
    const again = await rereadLost(lost, g, 300);
    expect(again.map((l) => l.text)).toEqual(lines.map((l) => l.text));
    // Nothing lost: nothing added, nothing read.
    expect(await rereadLost(lines, g, 300)).toBe(lines);
  });

  it("reads a title OCR lost alone on its line over the name as a line, where page layout finds none in it (run D, file 1232)", async () => {
    // Run D (SEED=2845914634), file 1232, a 300 DPI photo: 'MS' on its own line over 'FREYA ROBERTS' was never read, and the
    // name was given without its title; read again, the crop over the name gave no word at all as a page.
    // (Page layout analysis finds no line in a crop holding 'Mr' or 'Ms' alone in Times: measured on these renders.)
    for (const title of ["Mr", "Ms", "MS"]) {
      const g = await page([
        [30, 40, 9, "Date: 11 Apr 2026"],
        [30, 120, 16, title],
        [30, 142, 16, "Freya Roberts"],
        [30, 164, 16, "215 Dock House"],
        [30, 186, 16, "Darlington"],
        [30, 208, 16, "DL1 0BE"],
      ], StandardFonts.TimesRoman);
      const lines = ocrLines((await recognise(g, 300)).words);
      const lost = lines.filter((l) => l.text !== title);
      const again = await rereadLost(lost, g, 300);
      expect(lines.map((l) => l.text), title).toContain(title);
      expect(again.map((l) => l.text), title).toContain(title);
    }
  });

  it(`reads a lost line that runs on past its block's width whole, never cut at the block's edge (drawn, SEED=${SEED})`, async () => {
    // Fresh seed 3401830015, file 355 (a 203 DPI thermal print): 'DOVETAIL GARAGE STUDIOS LTD' over '82 CHESTNUT RISE' was
    // read again only as wide as the block and given without its 'LTD'.
    const rng = new Rng(`${SEED}/long-name`);
    // Two cases, drawn until they come up: the page's first reading must hold the name whole for the case to be the
    // one this is about, and OCR loses a letter of some names on its own ('TIDEWATER DENTAL PRACTICE STUDIOS LT',
    // SEED=3085711659 in a CI rehearsal): such a draw is no case here, and another name is drawn.
    let cases = 0;
    for (let draw = 0; cases < 2 && draw < 8; draw++) {
      // A company's name much wider than the short lines under it.
      let name = companyName(rng).toUpperCase();
      while (name.length < 24) name = companyName(rng).toUpperCase();
      const g = await page([
        [30, 40, 9, "DESPATCH DATE: 06/03/2026"],
        [30, 120, 12, name],
        [30, 137, 12, `${rng.int(1, 99)} ELM RISE`],
        [30, 154, 12, "BATH"],
        [30, 171, 12, "BA1 2QA"],
      ]);
      const lines = ocrLines((await recognise(g, 300)).words);
      const read = lines.find((l) => l.text === name);
      if (!read) continue;
      cases++;
      const lost = lines.filter((l) => l !== read);
      const again = await rereadLost(lost, g, 300);
      expect(again.map((l) => l.text), name).toEqual(lines.map((l) => l.text));
    }
    expect(cases, "names the first reading held whole, of 8 drawn").toBe(2);
  });
});
