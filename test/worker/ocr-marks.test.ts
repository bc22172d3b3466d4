import { PDFDocument, type PDFFont, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { markOverCapitals, withoutMarkedCapitals } from "../../worker/label-import/ocr/marks";
import { atOcrResolution } from "../../worker/label-import/ocr/image";
import { renderPages } from "../../worker/label-import/pdfium";
import { type Grey, type Pixmap, toGrey } from "../../worker/images/raster";
import type { TextLine } from "../../worker/label-reading/text";
import type { LabelDetails } from "../../shared/label";
import { personName, shopName } from "../../bench/label-generator/world";
import { freshSeed, Rng } from "../../bench/label-generator/random";
import { blur } from "../fixtures/blur";

// Drawn names, a fresh seed each run, printed (replay with SEED=…); never asserts what a seed drew.
const SEED = process.env.SEED || freshSeed();
console.log(`marks over capitals (drawn cases): SEED=${SEED}`);

/** Cap heights of the standard faces, in thousandths of the size. */
const CAP: Partial<Record<StandardFonts, number>> = {
  [StandardFonts.Helvetica]: 718,
  [StandardFonts.HelveticaBold]: 718,
  [StandardFonts.Courier]: 562,
  [StandardFonts.CourierBold]: 562,
  [StandardFonts.TimesRoman]: 662,
};
const FACES = Object.keys(CAP) as StandardFonts[];
const HEADINGS = ["Deliver To", "Ship to:", "SENDER", "Return address:", "FROM:", "Delivery address", "Sent by:"];
/** Accented capitals with a mark over the letter, by the letter they stand on. */
const MARKED: Record<string, string> = { A: "ÁÄ", E: "ÉËÈ", I: "ÏÍ", O: "ÓÖ", U: "ÚÜ", N: "Ñ" };
const plain = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").replace(/Ø/g, "O").replace(/ø/g, "o");
/** `s` with any letter the standard faces' encoding lacks (WinAnsi: Latin-1) given plain. */
const latin1 = (s: string) => [...s].map((c) => (c.codePointAt(0)! < 0x100 ? c : plain(c))).join("");

interface Drawn {
  page: Grey;
  line: TextLine;
  printed: string;
  read: string;
  media: string;
}

/**
 * A 4x6in page with a heading, a name in capitals or with a particle in capitals (`marked`: with an accent over a capital,
 * else plain) and a street under
 * it, rendered at a drawn resolution and enlarged as the OCR job enlarges it, blurred, binarised or specked; with the line
 * box OCR would give the name (its top at the capitals or up to a third of their height over them).
 */
async function drawn(rng: Rng, marked: boolean, tight = false): Promise<Drawn> {
  let name: string;
  let read: string;
  if (!tight && rng.chance(0.3)) {
    // A name in small letters with an Irish particle in capitals, Ó or O ('Zoë Ó Súilleabháin'): only the particle's mark lost.
    const words = personName(rng).split(" ");
    name = latin1(`${words[0]} ${marked ? "Ó" : "O"} ${words[words.length - 1]}`);
    read = name.replace("Ó", "O");
  } else {
    name = plain(rng.chance(0.6) ? personName(rng) : shopName(rng)).toUpperCase();
    if (marked) {
      const at = [...name].flatMap((c, i) => (MARKED[c] ? [i] : []));
      const i = rng.pick(at);
      name = name.slice(0, i) + rng.pick([...MARKED[name[i]]]) + name.slice(i + 1);
    }
    read = plain(name);
  }
  const face = rng.pick(FACES);
  const size = rng.float(9, 14);
  const dpi = rng.pick([120, 150, 200, 240, 300, 400]);
  const doc = await PDFDocument.create();
  const font: PDFFont = await doc.embedFont(face);
  const p = doc.addPage([288, 432]);
  const x = rng.float(20, 60);
  const base = rng.float(80, 200);
  const lead = size * rng.float(1.2, 1.6);
  p.drawText(rng.pick(HEADINGS), { x, y: 432 - (base - lead), size: size * rng.float(0.7, 1), font });
  // Words set close (`tight`): a fifth to a third of the capitals' height apart, as a condensed face sets them.
  const gap = rng.float(0.2, 0.33) * (CAP[face]! / 1000) * size;
  const words = name.split(" ");
  let at = x;
  for (const word of tight ? words : [name]) {
    p.drawText(word, { x: at, y: 432 - base, size, font });
    at += font.widthOfTextAtSize(word, size) + gap;
  }
  p.drawText(`${rng.int(1, 300)} ${rng.pick(["MILL LANE", "HIGH STREET", "QUEEN'S SQUARE", "GROVE ROAD"])}`, { x, y: 432 - (base + lead), size, font });
  let out: Pixmap | null = null;
  await renderPages(await doc.save(), { dpi, maxSide: 2400, maxPages: 1 }, async (_i, px) => {
    out = px;
  });
  const page = atOcrResolution(toGrey(out!), dpi, 4000);
  const g = page.grey;
  const media = rng.pick(["clean", "blur", "thermal", "specks"]);
  if (media === "blur") blur(g);
  if (media === "thermal") for (let i = 0; i < g.data.length; i++) g.data[i] = g.data[i] < 128 ? 0 : 255;
  if (media === "specks") for (let i = 0; i < g.data.length; i++) if (rng.chance(0.002)) g.data[i] = rng.int(0, 100);
  const s = page.dpi / 72;
  const cap = ((CAP[face]! / 1000) * size * s);
  const capTop = (base - (CAP[face]! / 1000) * size) * s;
  const over = rng.float(0, 0.35) * cap;
  const width = tight ? at - gap - x : font.widthOfTextAtSize(name, size);
  const line: TextLine = { text: read, x: x * s, y: capTop - over, size: cap + over, width: width * s };
  return { page: g, line, printed: name, read, media: `${face} ${size.toFixed(1)}pt ${dpi} DPI ${media}` };
}


describe("a mark over a name printed in capitals", () => {
  it("finds the mark the reading lost over a drawn name in capitals, and none over one printed plain", async () => {
    const rng = new Rng(`${SEED}:marks`);
    const N = 24;
    let found = 0;
    const wrong: string[] = [];
    const lost: string[] = [];
    for (let k = 0; k < N; k++) {
      const m = await drawn(rng, true);
      if (markOverCapitals(m.page, m.line, m.read)) found++;
      else lost.push(`${m.printed} (${m.media})`);
      const p = await drawn(rng, false);
      if (markOverCapitals(p.page, p.line, p.read)) wrong.push(`${p.printed} (${p.media})`);
    }
    // A plain name flagged is a right name made none: never.
    expect(wrong).toEqual([]);
    // Courier's thin accents, joined to their capitals on a thermal print or blurred, are lost in some draws (20 to 24 of
    // 24 found over the drafts' 27 seeds): a miss, the name staying as read.
    expect(found, `marks lost: ${lost.join("; ")}`).toBeGreaterThanOrEqual(N - 6);
  }, 120_000);

  it("finds the mark over a name whose words are set too close for gaps to part them, and none over one printed plain", async () => {
    // 'DR JOAQUÍN WHITE' in a condensed bold face ran into one span and was not judged (run I, SEED=139911343, file 2792).
    const rng = new Rng(`${SEED}:tight`);
    const N = 12;
    let found = 0;
    const wrong: string[] = [];
    const lost: string[] = [];
    for (let k = 0; k < N; k++) {
      const m = await drawn(rng, true, true);
      if (markOverCapitals(m.page, m.line, m.read)) found++;
      else lost.push(`${m.printed} (${m.media})`);
      const p = await drawn(rng, false, true);
      if (markOverCapitals(p.page, p.line, p.read)) wrong.push(`${p.printed} (${p.media})`);
    }
    expect(wrong).toEqual([]);
    expect(found, `marks lost: ${lost.join("; ")}`).toBeGreaterThanOrEqual(N - 3);
  }, 120_000);

  it("judges only a name read in capitals with no accent, and makes only that name none", async () => {
    const rng = new Rng(`${SEED}:judged`);
    let m = await drawn(rng, true);
    for (let k = 0; k < 5 && !markOverCapitals(m.page, m.line, m.read); k++) m = await drawn(rng, true);
    expect(markOverCapitals(m.page, m.line, m.read)).toBe(true);
    // The reading kept the accent, or gave the name in small letters: not judged.
    expect(markOverCapitals(m.page, { ...m.line, text: m.printed }, m.printed)).toBe(false);
    const small = m.read.toLowerCase();
    expect(markOverCapitals(m.page, { ...m.line, text: small }, small)).toBe(false);
    const d = { address: { name: m.read, address: [], postcode: "", countryCode: "GB" }, fromAddress: { name: "Atlas Soap Co", address: [], postcode: "", countryCode: "GB" } } as unknown as LabelDetails;
    const out = withoutMarkedCapitals(d, [m.line], m.page);
    expect(out.address?.name).toBe("");
    expect(out.fromAddress?.name).toBe("Atlas Soap Co");
    // A sender's name is not judged (small type under tight leading: the line above's commas stood as marks, run G's
    // SEED=353825910 files 3334, 3382, 3459): the same marked line read as the sender's keeps its name.
    const sender = { fromAddress: { name: m.read, address: [], postcode: "", countryCode: "GB" } } as unknown as LabelDetails;
    expect(withoutMarkedCapitals(sender, [m.line], m.page).fromAddress?.name).toBe(m.read);
  }, 60_000);
});
