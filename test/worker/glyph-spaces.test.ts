import { PDFDocument, type PDFFont, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { partRunTogetherWords, wordEnds } from "../../worker/label-import/glyph-spaces";
import { readPdfText } from "../../worker/label-import/pdf";
import { importLabelFile } from "../../worker/label-import/pipeline";
import type { Glyph } from "../../worker/label-import/pdfium";
import { printedS10, s10Code } from "../../bench/label-generator/codes";
import { freshSeed, Rng } from "../../bench/label-generator/random";
import { districts, personName, postcodeIn, streetLines } from "../../bench/label-generator/world";

// Words a producer ran together by placing every glyph itself (issue 36, class 1): each glyph stepped at a share of
// its advance to fit a field, no space glyph drawn. pdf.js then reads 'JOHNSMITH'; the glyphs' positions part it.

/** Draws each line glyph by glyph, every step `squeeze` of the glyph's advance, spaces not drawn. */
function fitted(page: ReturnType<PDFDocument["addPage"]>, font: PDFFont, lines: string[], squeeze: number, size = 11, left = 20, top = 400) {
  lines.forEach((text, row) => {
    let x = left;
    for (const c of text) {
      if (c !== " ") page.drawText(c, { x, y: top - row * size * 1.4, size, font });
      x += font.widthOfTextAtSize(c, size) * squeeze;
    }
  });
}

async function fittedPdf(lines: string[], squeeze: number, face = StandardFonts.HelveticaBold): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(face);
  fitted(doc.addPage([288, 432]), font, lines, squeeze);
  return doc.save();
}

/** Glyphs of `text` each `advance` wide, stepped at `squeeze`, a space `space` ems wide where the text has one. */
function run(text: string, squeeze: number, space = 0.28): Glyph[] {
  const out: Glyph[] = [];
  let along = 0;
  for (const c of text) {
    const advance = c === "I" ? 3 : 7;
    if (c === " ") {
      along += space * 10 * squeeze;
      continue;
    }
    out.push({ char: c, along, across: 0, advance, size: 10 });
    along += advance * squeeze;
  }
  return out;
}

describe("words run together in a text layer, parted by their glyphs' positions", () => {
  it("finds a word space left in a squeezed run, and no other", () => {
    expect(wordEnds(run("JOHN SMITH", 0.8))).toEqual([3]);
    expect(wordEnds(run("BRIGHTON CRAFT SUPPLIES LTD", 0.78))).toEqual([7, 12, 20]);
    // An initial run on to a surname, letter-spaced type, one word: nothing else parts.
    expect(wordEnds(run("J SMITH", 0.8))).toEqual([0]);
    expect(wordEnds(run("LONDON", 1.3))).toEqual([]);
    expect(wordEnds(run("MANCHESTER", 0.8))).toEqual([]);
  });

  it("puts the spaces back in a fitted page's names, address and postcode", async () => {
    const lines = ["JOHN SMITH", "BRIGHTON CRAFT SUPPLIES LTD", "14 ACACIA AVENUE", "MANCHESTER", "M1 1AE"];
    for (const squeeze of [0.74, 0.8]) {
      const text = await readPdfText(await fittedPdf(lines, squeeze), 5);
      // What pdf.js reads: the gaps are narrower than it takes for a space.
      expect(text.pages[0].lines.map((l) => l.text)).toContain("JOHNSMITH");
      await partRunTogetherWords(await fittedPdf(lines, squeeze), text);
      expect(text.pages[0].lines.map((l) => l.text)).toEqual(lines);
    }
  });

  it("joins again the pieces pdf.js split a fitted line into, and keeps two fields of one baseline apart", async () => {
    // A 17 pt heading whose first glyph, by pdf.js's widths, runs into the next, which then starts where the block's
    // lines start: pdf.js's reading gave 'O' and 'RLAFASHION' as two lines, and the sender read 'RLA FASHION'.
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.HelveticaBold);
    const page = doc.addPage([288, 432]);
    fitted(page, font, ["ORLA FASHION"], 0.74, 17, 11, 400);
    fitted(page, font, ["VAN 44"], 0.8, 12, 33, 340);
    fitted(page, font, ["DROP 51"], 0.8, 12, 117, 340);
    fitted(page, font, ["Mr F Thompson", "83 Primrose Close", "Cambridge", "CB1 6AD"], 0.8, 13, 18, 300);
    const bytes = await doc.save();
    const text = await readPdfText(bytes, 5);
    await partRunTogetherWords(bytes, text);
    const lines = text.pages[0].lines.map((l) => l.text);
    expect(lines).toContain("ORLA FASHION");
    expect(lines).toEqual(expect.arrayContaining(["VAN 44", "DROP 51", "Mr F Thompson", "83 Primrose Close", "CB1 6AD"]));
  });

  it("leaves a text layer with its spaces as it is", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([288, 432]);
    const lines = ["Jane Smith", "Flat 2, 14 Acacia Avenue", "Manchester", "M1 1AE"];
    for (const [i, t] of lines.entries()) page.drawText(t, { x: 20, y: 400 - i * 16, size: 11, font });
    const bytes = await doc.save();
    const text = await readPdfText(bytes, 5);
    await partRunTogetherWords(bytes, text);
    expect(text.pages[0].lines.map((l) => l.text)).toEqual(lines);
  });

  it("reads the recipient's whole name off a fitted label", async () => {
    const bytes = await fittedPdf(["EVRI NEXT DAY", "DELIVER TO:", "JOHN SMITH", "14 ACACIA AVENUE", "MANCHESTER", "M1 1AE", "H04AQA0004726589", "FROM: BRIGHTON CRAFT SUPPLIES LTD"], 0.8);
    const { labels } = await importLabelFile(bytes);
    expect(labels[0].details.address?.name).toBe("JOHN SMITH");
    expect(labels[0].details.fromAddress?.name).toBe("BRIGHTON CRAFT SUPPLIES LTD");
  }, 60_000);

  // Two labels side by side on an A4 sheet, each fitted, set at heights of their own (the gate's a4-sheet family, seed
  // 2770900263 file 30): the sheet is cut where each side reads as a label with a recipient's postcode, which the words
  // run together hid ('SouthYorkshireS19LU'), so the page was read as one label of two codes and kept neither's
  // fields. Drawn from the generator's parties, a fresh seed each run (SEED=… replays); never asserts what a seed drew.
  const SHEET_SEED = process.env.SEED || freshSeed();
  /** Two fitted labels side by side on an A4 sheet, drawn by `rng`; a double-barrelled surname on each half the time when `hyphens`. */
  async function fittedSheet(rng: Rng, hyphens: boolean) {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([595.28, 841.89]);
    const want = [20, 312].map((left) => {
      const name = hyphens && rng.chance(0.5) ? `${personName(rng).split(" ").slice(0, -1).join(" ") || "Søren"} ${rng.pick(["Turner-Hale", "Ellis-Jones", "Lloyd-Evans"])}` : personName(rng);
      const postcode = postcodeIn(rng, rng.pick(districts));
      const code = s10Code(rng);
      // The postcode on the town's line or its own; the code under the address.
      const town = rng.pick(["Sheffield", "Galashiels", "Leeds", "Cardiff"]);
      const tail = rng.chance(0.5) ? [`${town} ${postcode}`] : [town, postcode];
      const lines = ["Royal Mail Tracked 24", "Deliver to:", name, ...streetLines(rng), ...tail, printedS10(rng, code)];
      fitted(page, font, lines, rng.float(0.74, 0.86), 10, left, rng.int(480, 800));
      return { code, name, postcode };
    });
    const { labels } = await importLabelFile(await doc.save());
    return { want, got: labels.map((l) => ({ code: l.details.trackingCode, name: l.details.address?.name, postcode: l.details.address?.postcode })) };
  }

  it(`cuts a fitted sheet of two labels side by side into both, names whole (drawn, SEED=${SHEET_SEED})`, async () => {
    for (let k = 0; k < 3; k++) {
      const { want, got } = await fittedSheet(new Rng(`${SHEET_SEED}/fitted sheet/${k}`), true);
      expect(got, `drawn sheet ${k}`).toEqual(want);
    }
  }, 60_000);

  // Four fitted labels in a 2x2 grid (the gate's a4-sheet family, fresh seed 2477354623, file 590): pdf.js's words
  // hid some recipients' postcodes ('SW 114ZN'), so the sheet was cut into three, a column of two labels left whole,
  // and that part read as the lower label's code with the upper label's name, postcode and weight. Each label's
  // postcode on its town's line or its own, at random: where one column's postcodes are read and the other's not, the
  // cut pdf.js's words give leaves that column whole; cut again on the parted words, every label is a part of its own.
  /** Four fitted labels in a 2x2 grid on an A4 sheet, drawn by `rng`. */
  async function fittedGrid(rng: Rng) {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([595.28, 841.89]);
    const want = [
      [20, 800],
      [312, 800],
      [20, 380],
      [312, 380],
    ].map(([left, top]) => {
      const name = personName(rng);
      const postcode = postcodeIn(rng, rng.pick(districts));
      const code = s10Code(rng);
      const town = rng.pick(["Sheffield", "Galashiels", "Leeds", "Cardiff"]);
      const tail = rng.chance(0.5) ? [`${town} ${postcode}`] : [town, postcode];
      fitted(page, font, ["Royal Mail Tracked 24", "Deliver to:", name, ...streetLines(rng), ...tail, printedS10(rng, code)], rng.float(0.74, 0.86), 10, left, top - rng.int(0, 60));
      return { code, name, postcode };
    });
    return { bytes: await doc.save(), want };
  }

  it(`cuts a fitted sheet of four labels into four, however many postcodes pdf.js's words show (drawn, SEED=${SHEET_SEED})`, async () => {
    // At least 22 of 24 sheets (before: 10-14 of 24 on three seeds); every code in one part, never two labels' codes in
    // a part that reads a recipient (a few sheets still keep a column whole where a code is not read off pdf.js's words:
    // that part's label keeps only its code, pipeline.ts).
    let four = 0;
    for (let k = 0; k < 24; k++) {
      const { bytes, want } = await fittedGrid(new Rng(`${SHEET_SEED}/fitted grid/${k}`));
      const text = await readPdfText(bytes, 5);
      await partRunTogetherWords(bytes, text);
      const parts = text.pages[0].parts.map((p) => p.lines.map((l) => l.text.replace(/[\s-]/g, "")).filter((t) => want.some((w) => w.code === t)));
      if (parts.length === 4 && want.every((w) => parts.some((p) => p.length === 1 && p[0] === w.code))) four++;
    }
    console.log(`fitted sheets of four cut into four: ${four} of 24 (SEED=${SHEET_SEED})`);
    expect(four).toBeGreaterThanOrEqual(22);
  });

  it("reads a double-barrelled name whole beside a second fitted label ('Søren Turner-Hale', SEED=4016819574's first sheet)", async () => {
    // PDFium's reading order mixed the two labels' lines and gave the hyphen as U+0002 (a word broken at a line's end): the
    // name matched no run of glyphs and stayed 'SørenTurner-Hale'; the same line alone on a page parted.
    const { want, got } = await fittedSheet(new Rng("4016819574/fitted sheet/0"), false);
    expect(want[0].name).toBe("Søren Turner-Hale");
    expect(got).toEqual(want);
  }, 60_000);
});
