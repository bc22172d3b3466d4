import { PDFDocument, popGraphicsState, pushGraphicsState, setCharacterSpacing, setCharacterSqueeze, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { readPdfText } from "../../worker/label-import/pdf";

// Text layers as producers other than ours write them: type squeezed by horizontal scaling (Tz, as iText fits
// long lines) and letters spaced out (Tc), which pdf.js reads with a space between every letter.

/** A 4x6 page with each line drawn at 11 pt under its own character spacing and horizontal scaling. */
async function page(lines: { text: string; tc?: number; tz?: number }[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const p = doc.addPage([288, 432]);
  lines.forEach((l, i) => {
    p.pushOperators(pushGraphicsState(), setCharacterSpacing(l.tc ?? 0), setCharacterSqueeze(l.tz ?? 100));
    p.drawText(l.text, { x: 20, y: 400 - i * 20, size: 11, font });
    p.pushOperators(popGraphicsState());
  });
  return doc.save();
}

describe("text layers of other producers", () => {
  it("takes a line's type size from its height, not from its width squeezed by horizontal scaling", async () => {
    const { pages } = await readPdfText(await page([{ text: "158 Riverside Estate, Little Snoring", tz: 80 }, { text: "Norwich NR2 7EJ" }]), 5);
    expect(pages[0].lines.map((l) => [l.text, Math.round(l.size * 10) / 10])).toEqual([
      ["158 Riverside Estate, Little Snoring", 11],
      ["Norwich NR2 7EJ", 11],
    ]);
  });

  it("reads letter-spaced words as words, and keeps initials apart", async () => {
    const { pages } = await readPdfText(
      await page([
        { text: "LONDON", tc: 1.4, tz: 88 },
        { text: "PRES", tc: 2 },
        { text: "NW1 2SQ", tc: 1.4 },
        { text: "Mr A J K Smith" },
      ]),
      5,
    );
    // The postcode's space is lost with the letter spaces (postcodes read without it).
    expect(pages[0].lines.map((l) => l.text)).toEqual(["LONDON", "PRES", "NW12SQ", "Mr A J K Smith"]);
  });

  it("reads letter-spaced type drawn a word at a time as words with their spaces ('Z E 1' '1 S J' is ZE1 1SJ)", async () => {
    // As pdfkit writes it: one text object a word, letters spaced out (Tc), the word space between them wider.
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const p = doc.addPage([288, 432]);
    const words = [["ZE1", "1SJ"], ["NEXT", "DAY"], ["A", "J"], ["Mr", "A", "J", "Smith"]];
    words.forEach((line, i) => {
      let x = 20;
      for (const w of line) {
        const tc = i < 2 ? 2.4 : 0;
        p.pushOperators(pushGraphicsState(), setCharacterSpacing(tc));
        p.drawText(w, { x, y: 400 - i * 24, size: 12, font });
        p.pushOperators(popGraphicsState());
        x += font.widthOfTextAtSize(w, 12) + tc * w.length + 8;
      }
    });
    const { pages } = await readPdfText(await doc.save(), 5);
    expect(pages[0].lines.map((l) => l.text)).toEqual(["ZE1 1SJ", "NEXT DAY", "A J", "Mr A J Smith"]);
  });
});
