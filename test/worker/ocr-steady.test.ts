import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { readLabelPage } from "../../worker/label-import/ocr-job";
import { atOcrResolution } from "../../worker/label-import/ocr/image";
import { readLatinLine, recognise } from "../../worker/label-import/ocr/tesseract";
import { labelPixels } from "../../worker/label-import/label-pixels";
import { renderPages } from "../../worker/label-import/pdfium";
import { cropGrey, type Grey, type Pixmap, scaleGrey, toGrey } from "../../worker/images/raster";
import { personName, shopName } from "../../bench/label-generator/world";
import { freshSeed, Rng } from "../../bench/label-generator/random";
import { blur } from "../fixtures/blur";
import { fixture } from "./import-fixtures";

// A page's reading must be its own: one seller's upload never reads otherwise for the uploads the isolate read before
// it (one Tesseract engine an isolate, its wasm memory never shrinking). Drawn pages, a fresh seed each run, printed
// (replay with SEED=…). Session 18's cases of a file read otherwise in a replay (run I 2792, run H 1695, 1811, 913)
// were the generator's: it drew those images with other pixels in the full run than in the replay (bench/README).
const SEED = process.env.SEED || freshSeed();
console.log(`a page's reading is its own (drawn pages): SEED=${SEED}`);

/** `s` with any letter the standard faces' encoding (WinAnsi) lacks given plain ('Łukasz' -> 'Lukasz'). */
const winAnsi = (s: string) => [...s].map((c) => (c.codePointAt(0)! < 0x100 ? c : c.normalize("NFD").replace(/\p{M}/gu, "").replace(/[^\x20-\x7e]/g, "?"))).join("");

const FACES = [StandardFonts.Helvetica, StandardFonts.HelveticaBold, StandardFonts.Courier, StandardFonts.TimesRoman];

interface Drawn {
  page: Grey;
  dpi: number;
  /** The name's line, a crop as the name passes cut it. */
  name: Grey;
}

/** A 4x6in page with a heading, a name, a street and a sender's line in small type, drawn at a drawn resolution, blurred or thresholded. */
async function drawn(rng: Rng): Promise<Drawn> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(rng.pick(FACES));
  const p = doc.addPage([288, 432]);
  const size = rng.float(9, 14);
  const [x, base] = [rng.float(20, 50), rng.float(90, 220)];
  p.drawText(rng.pick(["Deliver To", "SHIP TO:", "Delivery address"]), { x, y: 432 - base + 1.5 * size, size: size * 0.8, font });
  p.drawText(winAnsi(rng.chance(0.6) ? personName(rng) : shopName(rng)), { x, y: 432 - base, size, font });
  p.drawText(`${rng.int(1, 300)} ${rng.pick(["MILL LANE", "High Street", "QUEEN'S SQUARE", "Grove Road"])}`, { x, y: 432 - base - 1.4 * size, size, font });
  p.drawText(winAnsi(`From: ${shopName(rng)}, ${rng.int(1, 99)} Albion Court`), { x, y: 40, size: 7, font });
  const dpi = rng.pick([150, 200, 240, 300, 400]);
  let px: Pixmap | null = null;
  await renderPages(await doc.save(), { dpi, maxSide: 2400, maxPages: 1 }, async (_i, out) => {
    px = out;
  });
  const at = atOcrResolution(toGrey(px!), dpi, 4000);
  const g = at.grey;
  const media = rng.pick(["clean", "blur", "thermal"]);
  if (media === "blur") blur(g);
  if (media === "thermal") for (let i = 0; i < g.data.length; i++) g.data[i] = g.data[i] < 128 ? 0 : 255;
  const s = at.dpi / 72;
  const name = cropGrey(g, Math.max(0, Math.floor((x - 6) * s)), Math.floor((base - size) * s), g.width, Math.ceil((base + 0.4 * size) * s));
  return { page: g, dpi: at.dpi, name };
}

/** Every reading the OCR job makes of a page, as Tesseract gives it (words with their boxes and confidences; times left out). */
async function readings(d: Drawn) {
  const auto = await recognise(d.page, d.dpi);
  const sparse = await recognise(d.page, d.dpi, "sparse");
  const line = await recognise(scaleGrey(d.name, 2), d.dpi * 2, "line");
  return {
    auto: { words: auto.words, meanConf: auto.meanConf },
    sparse: { words: sparse.words, meanConf: sparse.meanConf },
    line: { words: line.words, meanConf: line.meanConf },
    latin: await readLatinLine(d.name, d.dpi),
  };
}

describe("a page's reading is its own", () => {
  it("reads a drawn page alike first and after other drawn pages of other sizes, in every layout and with the Latin model", async () => {
    const rng = new Rng(`${SEED}:pages`);
    const page = await drawn(rng);
    const first = await readings(page);
    expect(first.auto.words.length).toBeGreaterThan(0);
    // Others before it again: other resolutions and media, so the engine's memory grows and its buffers hold other pages.
    for (let k = 0; k < 3; k++) await readings(await drawn(rng));
    expect(await readings(page)).toEqual(first);
  }, 180_000);

  it("reads a label's fields alike first and after other labels' pages (a scan, a photo on a table, a thermal print)", async () => {
    const label = await labelPixels(fixture("generated-evri-instore-thermal-203.png"), 1);
    const first = await readLabelPage(label);
    expect(first.details?.trackingCode).toBeTruthy();
    for (const other of ["generated-evri-home-table-200.jpg", "generated-evri-instore-scan-150.webp"]) await readLabelPage(await labelPixels(fixture(other), 1));
    const again = await readLabelPage(label);
    expect({ ...again, ms: 0 }).toEqual({ ...first, ms: 0 });
  }, 180_000);
});
