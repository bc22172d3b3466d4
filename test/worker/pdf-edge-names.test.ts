import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { evriCode } from "../../bench/label-generator/codes";
import { freshSeed, Rng } from "../../bench/label-generator/random";
import { companyName, districts, personName, postcodeIn, shopName, streetLines } from "../../bench/label-generator/world";
import { linesAtEdge, readPdfText } from "../../worker/label-import/pdf";
import { importLabelFile } from "../../worker/label-import/pipeline";
import { loadReadersFirst } from "./readers";

loadReadersFirst();

// Drawn from the label generator's names and places, a fresh seed each run (replay with SEED=…).
const SEED = process.env.SEED || freshSeed();

/**
 * A text label whose recipient's name runs past the page's right edge (`cut`) or ends one to three ems inside it.
 * pdf.js leaves out the glyphs that begin beyond the page, as a printer does: the name as printed is cut.
 */
async function label(rng: Rng, cut: boolean) {
  const doc = await PDFDocument.create();
  const [w, h] = rng.pick([[288, 432], [283.5, 425.2], [297.6, 419.5]] as const);
  const page = doc.addPage([w, h]);
  const font = await doc.embedFont(rng.pick([StandardFonts.Helvetica, StandardFonts.HelveticaBold, StandardFonts.Courier, StandardFonts.TimesRoman]));
  const upper = rng.chance(0.4);
  const cased = (t: string) => (upper ? t.toUpperCase() : t);
  const perGlyph = rng.chance(0.4);
  const draw = (text: string, x: number, y: number, size: number) => {
    if (!perGlyph) return page.drawText(text, { x, y, size, font });
    let at = x;
    for (const c of text) {
      if (c.trim()) page.drawText(c, { x: at, y, size, font });
      at += font.widthOfTextAtSize(c, size);
    }
  };
  const code = evriCode(rng);
  const district = rng.pick(districts);
  const postcode = postcodeIn(rng, district);
  // A name long enough to fill the page's width at a label's type sizes (9 to 18 pt), which runs past the edge by up to
  // a few letters (`over` ems), or ends one to three letters short of it.
  const margin = rng.float(8, 20);
  const over = cut ? rng.float(0.1, 3) : -rng.float(1, 3);
  let [name, nameLine, nameSize] = ["", "", 0];
  while (nameSize < 9 || nameSize > 18) {
    name = rng.pick([() => companyName(rng), () => `${shopName(rng)} ${rng.pick(["Limited", "Holdings Ltd", "Trading Ltd"])}`, () => `${personName(rng)} ${personName(rng).split(" ").pop()}`])();
    const inline = rng.chance(0.4) ? `${rng.pick(["TO:", "Ship to:", "Deliver to:"])} ` : "";
    nameLine = cased(`${inline}${name}`);
    // The name's width at nameSize is (w - margin + over * nameSize), its glyphs' advances unkerned, as drawText shows them.
    nameSize = (w - margin) / ([...nameLine].reduce((n, c) => n + font.widthOfTextAtSize(c, 1), 0) - over);
  }
  const inline = nameLine.length > name.length;
  // Lines top down, each `gap` points under the one before.
  let y = h - margin;
  const next = (text: string, size: number, gap: number) => {
    y -= gap;
    draw(text, margin, y, size);
  };
  next("EVRI", 16, 16);
  next(cased(`From: ${shopName(rng)}`), 8, 18);
  if (!inline) next(cased(rng.pick(["SHIP TO:", "Deliver to:", "TO:"])), 9, 18);
  next(nameLine, nameSize, nameSize * 1.4);
  const size = Math.max(9, Math.min(14, nameSize));
  for (const line of [...streetLines(rng), district.town, postcode]) next(cased(line), size, size * 1.3);
  draw(code, margin + 20, margin + 10, 12);
  return { bytes: await doc.save(), name, postcode, code, over };
}

describe(`a text PDF's name that runs off the page (drawn, SEED=${SEED})`, () => {
  it("gives no name where the name's line reaches the page's edge, and leaves a name that ends inside it as read", async () => {
    let cut = 0;
    let whole = 0;
    for (let k = 0; k < 12; k++) {
      const rng = new Rng(`${SEED}/edge/${k}`);
      const l = await label(rng, k % 2 === 1);
      const got = (await importLabelFile(l.bytes)).labels[0]?.details;
      const why = `${SEED}/${k} ${l.name} over ${l.over.toFixed(2)} em: ${got?.address?.name}`;
      expect(got?.trackingCode, why).toBe(l.code);
      expect(got?.address?.postcode, why).toBe(l.postcode);
      const read = got?.address?.name ?? "";
      const edge = linesAtEdge((await readPdfText(l.bytes, 1)).pages[0]).map((e) => e.text);
      if (l.over > 0) {
        // The name as the page shows it is cut: its line is found at the edge, and the name is none, never a cut name.
        expect(edge.some((t) => t.toUpperCase().includes(l.name.toUpperCase().split(" ")[0])), why).toBe(true);
        expect(read, why).toBe("");
        cut++;
      } else {
        // A name that ends inside the page is no line at the edge: read as before, whole (or missed for another reason).
        expect(edge, `${why} ${edge}`).toEqual([]);
        if (read) expect(read.toUpperCase(), why).toContain(l.name.toUpperCase());
        if (read) whole++;
      }
    }
    console.log(`SEED=${SEED}: ${cut} cut names none, ${whole} of 6 whole names read`);
  }, 120_000);
});
