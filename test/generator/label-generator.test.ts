/**
 * The generator checked where it matters, without the app's reader: its codes follow the
 * carriers' published rules, its 2D payloads hold what they claim, every label's truth is printed
 * in the file's text layer (pdf.js, not the import), its barcodes decode to the truth (zxing, on
 * clean images), and a seed replays the same labels. Each run uses a fresh seed (printed).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import sharp from "sharp";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";
import { Chromium } from "../../bench/label-generator/chromium.ts";
import { clickDropQrPayload, evriCheck, evriCode, hermesLegacyCode, royalMailPayload, s10Check, s10Code } from "../../bench/label-generator/codes.ts";
import { FAMILIES } from "../../bench/label-generator/families/index.ts";
import { imageChoice } from "../../bench/label-generator/images.ts";
import { planFile, planRun, renderFile } from "../../bench/label-generator/generate.ts";
import type { FileSpec, Item } from "../../bench/label-generator/layout.ts";
import type { Toolchain, Truth } from "../../bench/label-generator/manifest.ts";
import { freshSeed, Rng } from "../../bench/label-generator/random.ts";
import { renderWithPdfLib } from "../../bench/label-generator/render-pdf.ts";
import { renderWithPdfKit } from "../../bench/label-generator/render-pdfkit.ts";

const SEED = process.env.SEED || freshSeed();
console.log(`label generator tests: SEED=${SEED}`);

describe("tracking codes and payloads", () => {
  it("computes the check digits of LABELS.md's examples", () => {
    expect(evriCheck("H04AQA000472658")).toBe(9);
    expect(evriCheck("H0595C000031445")).toBe(0);
    expect(s10Check("44255083")).toBe(5); // VB442550835GB
    expect(s10Check("57704135")).toBe(9); // SG577041359GB
    expect(s10Check("92475038")).toBe(8); // ZW924750388GB
  });

  it("draws codes in the carriers' formats", () => {
    const rng = new Rng(`${SEED}/codes`);
    for (let i = 0; i < 500; i++) {
      const evri = evriCode(rng);
      expect(evri).toMatch(/^[HT][0-9A-Z]{5}\d{10}$/);
      expect(Number(evri[15])).toBe(evriCheck(evri.slice(0, 15)));
      expect(hermesLegacyCode(rng)).toMatch(/^\d{16}$/);
      const s10 = s10Code(rng);
      expect(s10).toMatch(/^[A-Z]{2}\d{9}GB$/);
      expect(Number(s10[10])).toBe(s10Check(s10.slice(2, 10)));
    }
  });

  it("lays out the Royal Mail payloads as the real ones", () => {
    const rng = new Rng(`${SEED}/payload`);
    const p = royalMailPayload(rng, { code: "VB442550835GB", product: "TPN01", date: new Date(Date.UTC(2019, 3, 30)), to: "OX18 3UQ", from: "SP6 1PA" });
    expect(p.slice(0, 5)).toBe("JGB 6");
    expect(p.slice(39, 51)).toBe("300419300419");
    expect(p.slice(51, 56)).toBe("TPN01");
    expect(p.slice(58, 71)).toBe("VB442550835GB");
    expect(p.slice(110, 121)).toMatch(/^OX183UQ\d[A-Z]GB$/);
    expect(p.slice(122)).toBe("SP61PA   SP61PA");
    expect(p).toHaveLength(137);
    expect(clickDropQrPayload(rng, "VB442550835GB", "M1 1AE").slice(27, 38)).toBe("VB442550835");
  });
});

describe("word spaces as drawn", () => {
  it("leaves a word space between words however the text is shown (a line, a word or a glyph at a time), in pdf-lib and pdfkit (pdf-lib's fitted text runs them together on purpose: issue 36, class 1)", async () => {
    // Kerned pairs ('TA', 'TO', 'AV') make a kerned measure narrower than the glyphs drawn unkerned.
    const text: Item = { t: "text", x: 10, y: 10, size: 11, text: "TAUNTON TA12SP AVON WAY", font: "sans", bold: true };
    const spec: FileSpec = { family: "test", labels: [], notes: [], pages: [{ w: 288, h: 100, placements: [], items: [text], storage: "upright" }] };
    const read = async (pdf: Uint8Array) => (await extractText(await getDocumentProxy(pdf), { mergePages: true })).text.replace(/\s+/g, " ").trim();
    for (let k = 0; k < 24; k++) {
      const rng = () => new Rng(`${SEED}/spaces${k}`);
      expect(await read(await renderWithPdfKit(spec, rng())), `pdfkit ${k}`).toBe("TAUNTON TA12SP AVON WAY");
      for (const mode of ["line", "word", "glyph"] as const) expect(await read(await renderWithPdfLib(spec, rng(), mode)), `pdf-lib ${mode} ${k}`).toBe("TAUNTON TA12SP AVON WAY");
    }
  });
});

describe("generated files", () => {
  let chromium: Chromium;
  beforeAll(async () => {
    chromium = await Chromium.start();
  }, 60_000);
  afterAll(() => chromium?.close());

  it("replays the same labels from the same seed, and other labels from another", () => {
    const a = planRun(SEED, { labels: 40, images: 4 });
    const b = planRun(SEED, { labels: 40, images: 4 });
    expect(b.map((f) => [f.name, f.labels])).toEqual(a.map((f) => [f.name, f.labels]));
    expect(JSON.stringify(b.map((f) => f.spec))).toBe(JSON.stringify(a.map((f) => f.spec)));
    const other = planRun(`${SEED}x`, { labels: 40, images: 4 });
    expect(other.map((f) => f.labels[0].trackingCode)).not.toEqual(a.map((f) => f.labels[0].trackingCode));
  });

  it("draws every family and toolchain and keeps the image quota; a run that names its toolchains draws only those", () => {
    // Runs are drawn (from this seed on) until every family and toolchain has come up: a rare family may miss one run.
    const families = new Set<string>();
    const toolchains = new Set<string>();
    for (let run = 0; families.size < Object.keys(FAMILIES).length || toolchains.size < 3; run++) {
      expect(run, "every family and toolchain within 20 runs of 400 labels").toBeLessThan(20);
      const plan = planRun(`${SEED}/${run}`, { labels: 400, images: 40, drafts: true });
      for (const f of plan) {
        families.add(f.family);
        toolchains.add(f.toolchain);
      }
      expect(plan.filter((f) => f.medium !== "text-pdf").length).toBeGreaterThanOrEqual(40);
      expect(plan.reduce((s, f) => s + f.labels.length, 0)).toBeGreaterThanOrEqual(400);
    }
    expect([...families].sort()).toEqual(Object.keys(FAMILIES).sort());
    expect(toolchains).toEqual(new Set(["pdf-lib", "chromium", "pdfkit"]));
    const two = planRun(SEED, { labels: 400, images: 40, toolchains: ["pdf-lib", "chromium"] });
    expect(two.filter((f) => f.toolchain === "pdfkit")).toEqual([]);
  });

  it("keeps weights within the courier's limit (Evri 15 kg, Royal Mail 20 kg), Royal Mail's above Evri's", () => {
    // Runs are drawn until a Royal Mail parcel over Evri's 15 kg comes up; every weight drawn meanwhile is in its limit.
    let heaviestRoyalMail = 0;
    for (let run = 0; heaviestRoyalMail <= 15_000; run++) {
      expect(run, "a Royal Mail parcel over 15 kg within 20 runs of 600 labels").toBeLessThan(20);
      const labels = planRun(`${SEED}/${run}`, { labels: 600, images: 0 }).flatMap((f) => f.labels);
      const weights = (courier: string) => labels.filter((l) => l.courier === courier && l.weightInGrams).map((l) => l.weightInGrams!);
      expect(Math.max(0, ...weights("evri"))).toBeLessThanOrEqual(15_000);
      expect(Math.max(0, ...weights("royalmail"))).toBeLessThanOrEqual(20_000);
      heaviestRoyalMail = Math.max(heaviestRoyalMail, ...weights("royalmail"));
    }
  });

  it("prints each label's truth in the text layer of every toolchain's PDFs", async () => {
    // Every family once and every toolchain on a third of them (text PDFs only), which family with which toolchain
    // turning with the seed, so runs cover every way a family is drawn between them: a family is the same layout in
    // each toolchain, and each toolchain writes its text layer one way for every family. Every family in every
    // toolchain each run (51 files, a third of them Chromium's) took 20 s of a clean-clone CI's generator project.
    const toolchains: Toolchain[] = ["pdf-lib", "chromium", "pdfkit"];
    const families = Object.keys(FAMILIES);
    const turn = new Rng(`${SEED}/toolchains`).int(0, toolchains.length - 1);
    const wanted = new Map(families.map((family, k) => [family, toolchains[(k + turn) % toolchains.length]]));
    const checked = new Set<string>();
    for (let i = 0; checked.size < families.length && i < 3000; i++) {
      const f = planFile(SEED, i, { drafts: true });
      if (f.medium !== "text-pdf" || wanted.get(f.family) !== f.toolchain || checked.has(f.family)) continue;
      checked.add(f.family);
      const bytes = await renderFile(f, chromium);
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
      for (const t of f.labels) expectPrinted(squash(text), t, f.name);
    }
    expect([...checked].sort()).toEqual([...families].sort());
  }, 180_000);

  it("prints one code per page on a consignment's labels, the same recipient on all, and the parcel count", async () => {
    let checked = 0;
    for (let i = 0; checked < 3 && i < 300; i++) {
      const f = planFile(SEED, i, { only: ["consignment"] });
      checked++;
      const codes = f.labels.map((l) => l.trackingCode);
      expect(new Set(codes).size, f.name).toBe(codes.length);
      expect(new Set(f.labels.map((l) => `${l.recipientName}|${l.recipientPostcode}|${l.senderName}|${l.service}`)).size, f.name).toBe(1);
      const { text } = await extractText(await getDocumentProxy(await renderFile(f, chromium)), { mergePages: false });
      expect(text, f.name).toHaveLength(codes.length);
      text.forEach((page, p) => {
        const flat = squash(page).replace(/-/g, "").toUpperCase();
        const own = (c: string) => (/^\d{16}$/.test(c) ? c : c.slice(0, 11));
        for (const [k, c] of codes.entries()) expect(flat.includes(own(c)), `${f.name} page ${p + 1}: code ${c}`).toBe(k === p);
        if (!f.notes.includes("no room for the parcel count")) expect(flat, `${f.name} page ${p + 1}`).toMatch(new RegExp(`${p + 1}(OF|/)${codes.length}`));
      });
    }
  }, 60_000);

  it("draws barcodes that decode to the truth", async () => {
    await prepareZXingModule({ overrides: { wasmBinary: readFileSync(createRequire(import.meta.url).resolve("zxing-wasm/reader/zxing_reader.wasm")) } as never, fireImmediately: true });
    let checked = 0;
    for (let i = 0; checked < 6 && i < 3000; i++) {
      const planned = planFile(SEED, i);
      if (planned.medium !== "image") continue;
      // A clean 300 DPI scan of the label: what is checked is the drawing, not how much blur zxing stands.
      const f = { ...planned, image: { ...planned.image!, kind: "scan" as const, dpi: 300, format: "png" as const, blur: 0, noise: 0, fade: 0, angle: 0 } };
      checked++;
      // On white margins: what is checked is that the bars encode the code (web tools squeeze quiet zones on purpose).
      const png = await sharp(await renderFile(f, chromium)).extend({ top: 60, bottom: 60, left: 60, right: 60, background: "#fff" }).png().toBuffer();
      const found = await readBarcodes(new Uint8Array(png), { formats: ["Code128", "ITF"], tryHarder: true });
      expect(found.map((b) => b.text), f.name).toContain(f.labels[0].trackingCode);
    }
    expect(checked).toBe(6);
  }, 120_000);

  it("keeps images within the upload limits (16 MB, 12 Mpx)", async () => {
    // Lossless colour is what grows past 16 MB: it is planned only up to 300 DPI (photos are JPEG or WEBP).
    const rng = new Rng(`${SEED}/choices`);
    for (let i = 0; i < 3000; i++) {
      const c = imageChoice(rng);
      if (c.format === "png" && !c.grey) expect(c.dpi, JSON.stringify(c)).toBeLessThanOrEqual(300);
    }
    let i = 0;
    while (planFile(SEED, i).medium !== "image") i++;
    const planned = planFile(SEED, i);
    const worst = [
      { kind: "scan", dpi: 600, format: "png", grey: true, noise: 14 },
      { kind: "scan", dpi: 300, format: "png", grey: false, noise: 14 },
      { kind: "photo", dpi: 600, format: "jpeg", grey: false, noise: 14, quality: 95 },
    ] as const;
    for (const w of worst) {
      const f = { ...planned, image: { ...planned.image!, ...w, fade: 0, blur: 0 } };
      const bytes = await renderFile(f, chromium);
      const { width, height } = await sharp(bytes).metadata();
      expect(bytes.length, JSON.stringify(w)).toBeLessThan(16 * 1024 * 1024);
      expect(width! * height!, JSON.stringify(w)).toBeLessThanOrEqual(12_000_000);
    }
  }, 120_000);

  it("keeps the ink of faded thermal prints (the 1-bit cut-off sits above the faded black)", async () => {
    let checked = 0;
    for (let i = 0; checked < 3 && i < 3000; i++) {
      const planned = planFile(SEED, i);
      if (planned.medium !== "image") continue;
      checked++;
      const f = { ...planned, image: { ...planned.image!, kind: "thermal" as const, dpi: 203, fade: 0.5, noise: 8 } };
      const { data } = await sharp(await renderFile(f, chromium)).greyscale().raw().toBuffer({ resolveWithObject: true });
      const dark = data.reduce((n, v) => n + (v < 128 ? 1 : 0), 0) / data.length;
      expect(dark, f.name).toBeGreaterThan(0.01);
    }
  }, 60_000);
});

/** Text without spaces or case: Chromium's text layer splits and spaces runs its own way. */
const squash = (s: string) => s.replace(/\s+/g, "").toLowerCase();

const SERVICE_TEXT: Record<string, RegExp> = {
  "NEXT DAY": /next-?day/,
  "48 HOUR": /48h/,
  STANDARD: /standard|2-3day/,
  "Tracked 24": /tracked24/,
  "Tracked 48": /tracked48/,
  "1st Class": /1stclass/,
  "2nd Class": /2ndclass/,
  "Special Delivery Guaranteed by 1pm": /specialdelivery/,
  "Special Delivery Guaranteed by 9am": /specialdelivery.*9(\.00)?am|9(\.00)?am.*specialdelivery/,
};

function expectPrinted(text: string, t: Truth, file: string) {
  // A name broken over two lines may be apart in a text layer written out of reading order: then each word.
  const inText = (name: string) => text.includes(squash(name)) || name.split(/\s+/).every((w) => text.includes(squash(w)));
  expect(inText(t.recipientName), `${file}: recipient ${t.recipientName}`).toBe(true);
  expect(text, `${file}: postcode`).toContain(squash(t.recipientPostcode));
  if (t.senderName) expect(inText(t.senderName), `${file}: sender ${t.senderName}`).toBe(true);
  expect(text, `${file}: service`).toMatch(SERVICE_TEXT[t.service]);
  const code = t.trackingCode.toLowerCase();
  expect(text.replace(/-/g, ""), `${file}: code`).toContain(/^\d{16}$/.test(code) ? code : code.slice(0, 11));
  if (t.weightInGrams !== undefined) {
    const g = t.weightInGrams;
    const forms = [`${g}g`, `${g.toLocaleString("en-GB")}g`, `${g / 1000}kg`, `${(g / 1000).toFixed(2)}kg`, `${(g / 1000).toFixed(3)}kg`, `(kg):${(g / 1000).toFixed(2)}`];
    expect(forms.some((w) => text.includes(w.toLowerCase())), `${file}: weight ${g}`).toBe(true);
  }
}
