import { env } from "cloudflare:workers";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { insertChunks } from "../../worker/db/d1-limits";
import { eq } from "drizzle-orm";
import { labels, users } from "../../worker/db/schema";
import { code128 } from "../../worker/label-print/barcodes";
import { leftOutHeader } from "../../shared/left-out";
import { readPdfText } from "../../worker/label-import/pdf";
import { renderPages } from "../../worker/label-import/pdfium";
import { decodeBarcodes } from "../../worker/images/zxing";
import type { LabelDetails } from "../../shared/label";
import { createManualLabel, saveImportedLabels } from "../../worker/labels/save";
import { call, createUser, db, type TestUser } from "./helpers";
import { fixture } from "./import-fixtures";
import { evriCode, fileFor, royalMailCode } from "./labels-fixtures";
import { parseZpl } from "./zpl-parser";

const A4: [number, number] = [595.28, 841.89];

/**
 * The longest values a real Evri label carries: names and lines at the 35 to 40 characters carriers' systems take,
 * a county, a routing line with its sort box, a full facts line and a 2D payload of the length Evri prints.
 */
const LONGEST = {
  company: "Quayside Books & Curiosities Emporium Ltd",
  tagline: "Rare, second-hand and antiquarian books posted across the United Kingdom since 1987",
  details: {
    address: {
      name: "Dr Maximilian Alexander-Featherstonehaugh",
      address: ["Flat 12B Montgomery Court Residences", "147-151 St Bartholomew's Road North", "Newcastle upon Tyne", "Tyne and Wear"],
      postcode: "NE12 8BU",
      countryCode: "GB",
    },
    fromAddress: {
      name: "Bartholomew Fitzwilliam-Worthington",
      address: ["The Old Rectory Coach House Annexe", "Upper Little Snoring Lane", "Kingston upon Hull", "East Riding of Yorkshire"],
      postcode: "HU10 6TS",
      countryCode: "GB",
    },
    vanRouting: "VAN: 412 DROP: 17 C-ROUND 7123 SORT 10 / LVPL",
    dimensionsCm: [120, 60, 60] as [number, number, number],
    weightInGrams: 14_900,
    serviceCode: "NEXT DAY",
    encodedMetadata: "H04AQA0004726589|NE128BU|LVPL|412|17|7123|NDY|14900|20261112|EVRI01|QUAYSIDE BOOKS|ORDER 206-7965794-0399534",
  },
  get lines(): string[] {
    const { address, fromAddress, vanRouting } = this.details;
    return [this.company, this.tagline, address.name, ...address.address, address.postcode, fromAddress.name, ...fromAddress.address, fromAddress.postcode, vanRouting, "120cm × 60cm × 60cm", "15 kg", "NEXT DAY"];
  },
};

const print = (u: TestUser, json: unknown) => call("/api/v1/labels/print", { method: "POST", token: u.token, json });
const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;

async function evriLabel(u: TestUser, over: Partial<LabelDetails> = {}, tags: string[] = []) {
  const trackingCode = evriCode();
  const { label } = await createManualLabel(db(), env, u.id, {
    details: {
      courier: "evri",
      trackingCode,
      countryCode: "GB",
      address: { name: "Ada Lovelace", address: ["12 Example Street", "London"], postcode: "SW1A 1AA", countryCode: "GB" },
      weightInGrams: 1450,
      dimensionsCm: [30, 20, 10],
      ...over,
    },
    tags,
  });
  return label;
}

/** A Royal Mail label imported from a one-page PDF (100 x 150 mm unless `size`) whose own Code128 of `marker` is drawn at 1.2 pt a module. */
async function royalMailFromPdf(u: TestUser, marker: string, size: [number, number] = [283.46, 425.2]) {
  const doc = await PDFDocument.create();
  const page = doc.addPage(size);
  const bars = code128(marker, 800);
  let at = 0;
  bars.widths.forEach((w, i) => {
    if (i % 2 === 0) page.drawRectangle({ x: 40 + at * 1.2, y: 200, width: w * 1.2, height: 60 });
    at += w;
  });
  return { label: await royalMailWithFile(u, "rm.pdf", "application/pdf", await doc.save()), modules: bars.modules };
}

async function royalMailWithFile(u: TestUser, name: string, mime: string, bytes: Uint8Array) {
  const fileId = `file_${crypto.randomUUID()}`;
  await env.FILES.put(`labels/${fileId}`, bytes);
  const [label] = await saveImportedLabels(db(), env, {
    userId: u.id,
    file: fileFor(fileId, { name, mime, size: bytes.length, pages: 1 }),
    labels: [{ page: 1, details: { courier: "royalmail", trackingCode: royalMailCode(), countryCode: "GB" }, ocrPending: false }],
  });
  return label;
}

/** Every barcode on every page, rendered by PDFium at 203 dpi and read by zxing: one list per page. */
async function barcodesByPage(pdf: Uint8Array): Promise<Array<Array<{ format: string; text: string }>>> {
  const pages: Array<Array<{ format: string; text: string }>> = [];
  await renderPages(pdf, { dpi: 203, maxSide: 2400, maxPages: 50 }, async (index, pixmap) => {
    const found = await decodeBarcodes(pixmap, { formats: ["Code128", "PDF417"], maxNumberOfSymbols: 8, tryRotate: false });
    pages[index] = found.map((b) => ({ format: b.format, text: b.text }));
  });
  return pages;
}

/** A ZPL graphic's dots as an image on white (printed dots black), for zxing. */
function graphicImage(g: { width: number; height: number; dots: Uint8Array }) {
  const data = new Uint8ClampedArray(g.width * g.height * 4).fill(255);
  for (let i = 0; i < g.width * g.height; i++) if (g.dots[i >> 3] & (0x80 >> (i & 7))) data.fill(0, i * 4, i * 4 + 3);
  return { data, width: g.width, height: g.height };
}

/** What the answer's headers say of the labels printed and left out. */
const leftOutHeaders = (res: Response) => ({
  printed: res.headers.get("X-Labels-Printed"),
  leftOut: res.headers.get("X-Labels-Left-Out"),
  reasons: JSON.parse(res.headers.get("X-Labels-Left-Out-Reasons") ?? "null") as unknown,
});

const sizes = async (pdf: Uint8Array) => (await PDFDocument.load(pdf)).getPages().map((p) => [p.getWidth(), p.getHeight()]);

// Each test renders the PDFs it gets (PDFium) and decodes their barcodes (zxing): seconds each on a loaded machine.
describe("POST /api/v1/labels/print (PDF)", () => {
  it("merges labels into one 4x6 in page each whose Code128 and PDF417 decode back to the label", async () => {
    const u = await createUser({ credits: 3 });
    const made = [await evriLabel(u), await evriLabel(u, { encodedMetadata: "EVRI|2D|PAYLOAD|SW1A1AA|GB|0123456789" }), await evriLabel(u)];
    const res = await print(u, { ids: made.map((l) => l.id), layout: "4x6", format: "pdf" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="labels-4x6-\d{4}-\d{2}-\d{2}\.pdf"$/);
    expect(leftOutHeaders(res)).toEqual({ printed: "3", leftOut: "0", reasons: null });
    const pdf = new Uint8Array(await res.arrayBuffer());
    expect(await sizes(pdf)).toEqual([
      [288, 432],
      [288, 432],
      [288, 432],
    ]);
    const pages = await barcodesByPage(pdf);
    made.forEach((label, i) => {
      expect(pages[i].filter((b) => b.format === "Code128").map((b) => b.text)).toEqual([label.trackingCode]);
      const payload = i === 1 ? "EVRI|2D|PAYLOAD|SW1A1AA|GB|0123456789" : `${label.trackingCode} SW1A1AA GB`;
      expect(pages[i].filter((b) => b.format === "PDF417").map((b) => b.text)).toEqual([payload]);
    });
  });

  it("puts two labels on each A4 sheet (a4-2) and four (a4-4), every barcode readable", async () => {
    const u = await createUser({ credits: 5 });
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await evriLabel(u, { fromAddress: { name: "Quayside Books", address: ["3 Dock St"], postcode: "BS1 4RB", countryCode: "GB" } }));
    const ids = made.map((l) => l.id);

    const two = new Uint8Array(await (await print(u, { ids, layout: "a4-2" })).arrayBuffer());
    expect(await sizes(two)).toEqual([A4, A4, A4]);
    const twoPages = await barcodesByPage(two);
    expect(twoPages.map((p) => p.filter((b) => b.format === "Code128").map((b) => b.text).sort())).toEqual([
      [made[0].trackingCode, made[1].trackingCode].sort(),
      [made[2].trackingCode, made[3].trackingCode].sort(),
      [made[4].trackingCode],
    ]);

    const four = new Uint8Array(await (await print(u, { ids, layout: "a4-4" })).arrayBuffer());
    expect(await sizes(four)).toEqual([A4, A4]);
    const fourPages = await barcodesByPage(four);
    expect(fourPages[0].filter((b) => b.format === "Code128").map((b) => b.text).sort()).toEqual(made.slice(0, 4).map((l) => l.trackingCode).sort());
    expect(fourPages[0].filter((b) => b.format === "PDF417")).toHaveLength(4);
    expect(fourPages[1].map((b) => b.text)).toContain(made[4].trackingCode);
  });

  it("merges a Royal Mail label's original PDF page, scaled to fit the 4x6 page", async () => {
    const u = await createUser({ credits: 2 });
    const evri = await evriLabel(u);
    const { label: rm } = await royalMailFromPdf(u, "RMORIGINAL42");
    const res = await print(u, { ids: [rm.id, evri.id], layout: "4x6" });
    expect(res.status).toBe(200);
    const pdf = new Uint8Array(await res.arrayBuffer());
    expect(await sizes(pdf)).toEqual([
      [288, 432],
      [288, 432],
    ]);
    const pages = await barcodesByPage(pdf);
    expect(pages[0].map((b) => b.text)).toEqual(["RMORIGINAL42"]);
    expect(pages[1].filter((b) => b.format === "Code128").map((b) => b.text)).toEqual([evri.trackingCode]);
  });

  it("merges Royal Mail originals of every kind (PDF, page turned by /Rotate, PNG, JPEG, WEBP) so their own barcodes still read", async () => {
    const u = await createUser({ credits: 6 });
    const originals: Array<[string, string]> = [
      ["royalmail.pdf", "application/pdf"],
      ["royalmail-rotated.pdf", "application/pdf"],
      ["royalmail-300dpi.png", "image/png"], // 8-bit grey: its data copied as is
      ["royalmail-transparent.png", "image/png"], // with alpha: decoded by pdf-lib
      ["royalmail-300dpi.jpg", "image/jpeg"],
      ["royalmail-300dpi.webp", "image/webp"],
    ];
    const made = [];
    for (const [name, mime] of originals) made.push(await royalMailWithFile(u, name, mime, fixture(name)));
    const res = await print(u, { ids: made.map((l) => l.id), layout: "4x6" });
    expect(res.status).toBe(200);
    const pdf = new Uint8Array(await res.arrayBuffer());
    expect(await sizes(pdf)).toEqual(originals.map(() => [288, 432]));
    const found: string[][] = [];
    await renderPages(pdf, { dpi: 300, maxSide: 4000, maxPages: 10 }, async (i, pixmap) => {
      found[i] = (await decodeBarcodes(pixmap, { maxNumberOfSymbols: 8 })).map((b) => b.text);
    });
    // Each original carries its Royal Mail number in its own barcodes: every page reads it.
    expect(found.map((texts) => texts.some((t) => t.includes("VB442550835GB")))).toEqual(originals.map(() => true));
  });

  it("turns a landscape original a quarter on a 4x6 page, so it prints at full size", async () => {
    const u = await createUser({ credits: 1 });
    const { label, modules } = await royalMailFromPdf(u, "RMLANDSCAPE1", [432, 288]); // 6 x 4 in
    const pdf = new Uint8Array(await (await print(u, { ids: [label.id] })).arrayBuffer());
    const found: Array<{ text: string; length: number }> = [];
    await renderPages(pdf, { dpi: 203, maxSide: 2400, maxPages: 1 }, async (_i, pixmap) => {
      for (const b of await decodeBarcodes(pixmap, { formats: ["Code128"] })) found.push({ text: b.text, length: Math.max(b.box.w, b.box.h) });
    });
    expect(found.map((b) => b.text)).toEqual(["RMLANDSCAPE1"]);
    // Its bars at their own 1.2 pt a module (scaled to fit unturned, they would be a third shorter).
    expect(found[0].length / ((modules * 1.2 * 203) / 72)).toBeGreaterThan(0.93);
  });

  it("prints the rest and names the Royal Mail labels left out for having no file to merge", async () => {
    const u = await createUser({ credits: 3 });
    const evri = await evriLabel(u);
    const { label: bare } = await createManualLabel(db(), env, u.id, { details: { courier: "royalmail", trackingCode: royalMailCode(), countryCode: "GB" } });
    const gif = await royalMailWithFile(u, "rm.gif", "image/gif", new TextEncoder().encode("GIF89a"));
    const res = await print(u, { ids: [evri.id, bare.id, gif.id], layout: "4x6" });
    expect(res.status).toBe(200);
    expect(leftOutHeaders(res)).toEqual({ printed: "1", leftOut: "2", reasons: { no_original_file: [bare.trackingCode, gif.trackingCode] } });
    const pdf = new Uint8Array(await res.arrayBuffer());
    expect(await sizes(pdf)).toEqual([[288, 432]]);
    expect((await barcodesByPage(pdf))[0].filter((b) => b.format === "Code128").map((b) => b.text)).toEqual([evri.trackingCode]);
  });

  it("leaves out a label with only a postcode for its recipient, and answers 400 naming every label when none can print", async () => {
    const u = await createUser({ credits: 3 });
    const full = await evriLabel(u);
    const postcodeOnly = await evriLabel(u, { address: { name: "", address: [], postcode: "SW1A 1AA", countryCode: "GB" } });
    const { label: bare } = await createManualLabel(db(), env, u.id, { details: { courier: "royalmail", trackingCode: royalMailCode(), countryCode: "GB" } });
    for (const layout of ["4x6", "a4-2", "a4-4"]) {
      const res = await print(u, { ids: [postcodeOnly.id, full.id, bare.id], layout });
      expect(res.status).toBe(200);
      expect(leftOutHeaders(res)).toEqual({
        printed: "1",
        leftOut: "2",
        reasons: { no_recipient_address: [postcodeOnly.trackingCode], no_original_file: [bare.trackingCode] },
      });
      // One page: the label that prints takes the first cell, no gap where the others would have been.
      const pdf = new Uint8Array(await res.arrayBuffer());
      expect(await sizes(pdf)).toEqual([layout === "4x6" ? [288, 432] : A4]);
      expect((await barcodesByPage(pdf))[0].filter((b) => b.format === "Code128").map((b) => b.text)).toEqual([full.trackingCode]);
    }

    const none = await print(u, { ids: [postcodeOnly.id, bare.id] });
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual({
      error: `Nothing to print. ${postcodeOnly.trackingCode}: no recipient name and address (add them on the label page). ${bare.trackingCode}: no original PDF, PNG, JPEG or WEBP file to print.`,
      leftOut: { no_recipient_address: [postcodeOnly.trackingCode], no_original_file: [bare.trackingCode] },
    });
  });

  it("takes tracking codes as well as ids (spaces, dashes and case ignored), printing a label named twice once", async () => {
    const owner = await createUser({ credits: 2 });
    const other = await createUser({ credits: 1 });
    const a = await evriLabel(owner);
    const b = await evriLabel(owner);
    const theirs = await evriLabel(other);
    const spaced = `${b.trackingCode.slice(0, 4)} ${b.trackingCode.slice(4, 9)}-${b.trackingCode.slice(9)}`.toLowerCase();
    const res = await print(owner, { ids: [spaced, a.id, b.id, a.trackingCode] });
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Labels-Printed")).toBe("2");
    const pages = await barcodesByPage(new Uint8Array(await res.arrayBuffer()));
    expect(pages.map((p) => p.find((x) => x.format === "Code128")?.text)).toEqual([b.trackingCode, a.trackingCode]);

    const zpl = await print(owner, { ids: [a.trackingCode.toLowerCase()], format: "zpl" });
    expect(parseZpl(await zpl.text()).map((f) => f.barcode("BC"))).toEqual([a.trackingCode]);

    // Another user's code is not found, like their id: nothing printed.
    const refused = await print(owner, { ids: [a.trackingCode, theirs.trackingCode] });
    expect(refused.status).toBe(404);
    expect(await errorOf(refused)).toBe(`Label not found: ${theirs.trackingCode}`);
  });

  it("prints the company banner above the label, outside its barcodes", async () => {
    const u = await createUser({ credits: 1 });
    await env.FILES.put(`banners/${u.id}`, fixture("evri-transparent.png"));
    await db().update(users).set({ bannerKey: `banners/${u.id}`, companyName: "Quayside Books" }).where(eq(users.id, u.id));
    const label = await evriLabel(u);
    const pdf = new Uint8Array(await (await print(u, { ids: [label.id] })).arrayBuffer());
    expect(new TextDecoder("latin1").decode(pdf)).toMatch(/\/Subtype\s*\/Image/);
    const [page] = await barcodesByPage(pdf);
    expect(page.filter((b) => b.format === "Code128").map((b) => b.text)).toEqual([label.trackingCode]);
    expect(page.filter((b) => b.format === "PDF417")).toHaveLength(1);
  });

  it("prints the longest realistic label with a banner, company and tagline on one page per label, no text cut, barcodes in place (every layout)", async () => {
    const u = await createUser({ credits: 2 });
    await env.FILES.put(`banners/${u.id}`, fixture("evri-transparent.png")); // a tall banner: 0.8 in high at most
    await db().update(users).set({ bannerKey: `banners/${u.id}`, companyName: LONGEST.company, companyTagline: LONGEST.tagline }).where(eq(users.id, u.id));
    const long = await evriLabel(u, LONGEST.details);
    const plain = await evriLabel(u);
    for (const layout of ["4x6", "a4-2", "a4-4"] as const) {
      const res = await print(u, { ids: [long.id, plain.id], layout });
      expect(res.status).toBe(200);
      const pdf = new Uint8Array(await res.arrayBuffer());
      expect(await sizes(pdf)).toEqual(layout === "4x6" ? [[288, 432], [288, 432]] : [A4]);
      const found = (await barcodesByPage(pdf)).flat();
      expect(found.filter((b) => b.format === "Code128").map((b) => b.text).sort()).toEqual([long.trackingCode, plain.trackingCode].sort());
      expect(found.filter((b) => b.format === "PDF417").map((b) => b.text)).toContain(LONGEST.details.encodedMetadata);
      // Every word of every line is printed: wrapped or smaller, never cut with '…'.
      const text = (await readPdfText(pdf, 5)).pages[0].lines.map((l) => l.text).join(" ");
      expect(text).not.toContain("…");
      // Words as wrapping may break them: between words, or after a hyphen.
      const words = (t: string) => t.split(/[\s,]+|(?<=-)/).filter(Boolean);
      const printed = new Set(words(text));
      for (const line of LONGEST.lines) for (const word of words(line)) expect(printed, `${layout}: '${word}' of '${line}'`).toContain(word);
    }
    // The same label's Code128 is where a plain label's is: the text above never moves it.
    const res = await print(u, { ids: [long.id, plain.id] });
    const boxes: Array<{ x: number; y: number; w: number; h: number }> = [];
    await renderPages(new Uint8Array(await res.arrayBuffer()), { dpi: 203, maxSide: 2400, maxPages: 2 }, async (_i, pixmap) => {
      boxes.push((await decodeBarcodes(pixmap, { formats: ["Code128"], tryRotate: false }))[0].box);
    });
    expect(Math.abs(boxes[0].y - boxes[1].y)).toBeLessThanOrEqual(2);
    expect(Math.abs(boxes[0].h - boxes[1].h)).toBeLessThanOrEqual(2);
  });

  it("keeps a label with far more text than a label holds (8 lines of 200 characters) to one page, its barcodes readable", async () => {
    const u = await createUser({ credits: 1 });
    await db().update(users).set({ companyName: "C".repeat(200), companyTagline: "tagline ".repeat(25) }).where(eq(users.id, u.id));
    const line = "Long address line ".repeat(11).slice(0, 200);
    const address = { name: "N".repeat(200), address: Array.from({ length: 8 }, () => line), postcode: "SW1A 1AA", countryCode: "GB" };
    const label = await evriLabel(u, { address, fromAddress: address, vanRouting: "V".repeat(300), serviceCode: "S".repeat(100) });
    for (const layout of ["4x6", "a4-4"] as const) {
      const pdf = new Uint8Array(await (await print(u, { ids: [label.id], layout })).arrayBuffer());
      expect(await sizes(pdf)).toEqual([layout === "4x6" ? [288, 432] : A4]);
      const [page] = await barcodesByPage(pdf);
      expect(page.filter((b) => b.format === "Code128").map((b) => b.text)).toEqual([label.trackingCode]);
    }
  });

  it("leaves out an original that is not a readable PDF (or is gone from storage), naming it (PDF and ZPL)", async () => {
    const u = await createUser({ credits: 3 });
    const evri = await evriLabel(u);
    const broken = await royalMailWithFile(u, "rm.pdf", "application/pdf", new TextEncoder().encode("%PDF-1.4 not really"));
    const gone = await royalMailWithFile(u, "rm.png", "image/png", fixture("royalmail-300dpi.png"));
    await env.FILES.delete(`labels/${(await db().query.labels.findFirst({ where: eq(labels.id, gone.id) }))!.fileId}`);
    for (const format of ["pdf", "zpl"]) {
      const res = await print(u, { ids: [broken.id, evri.id, gone.id], format });
      expect(res.status).toBe(200);
      expect(leftOutHeaders(res)).toEqual({ printed: "1", leftOut: "2", reasons: { unreadable_original_file: [broken.trackingCode, gone.trackingCode] } });
    }
    const res = await print(u, { ids: [broken.id] });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toBe(`Nothing to print. ${broken.trackingCode}: its original file cannot be read.`);
  });

  it("leaves out, naming it, a label whose 2D payload is too long for a PDF417 in spec on the label (PDF and ZPL)", async () => {
    const u = await createUser({ credits: 3 });
    const fine = await evriLabel(u);
    const long = await evriLabel(u, { encodedMetadata: "x".repeat(1500) }); // encodable, but taller than half the label
    const huge = await evriLabel(u, { encodedMetadata: "x".repeat(4000) });
    for (const format of ["pdf", "zpl"]) {
      const res = await print(u, { ids: [long.id, fine.id, huge.id], format });
      expect(res.status).toBe(200);
      expect(leftOutHeaders(res)).toEqual({ printed: "1", leftOut: "2", reasons: { barcode_too_large: [long.trackingCode, huge.trackingCode] } });
      if (format === "pdf") expect(await sizes(new Uint8Array(await res.arrayBuffer()))).toEqual([[288, 432]]);
      else expect(parseZpl(await res.text()).map((f) => f.barcode("BC"))).toEqual([fine.trackingCode]);
    }
  });

  it("answers 404 for another user's label and prints nothing of the caller's own", async () => {
    const owner = await createUser({ credits: 1 });
    const other = await createUser({ credits: 1 });
    const mine = await evriLabel(owner);
    const theirs = await evriLabel(other);
    const res = await print(owner, { ids: [mine.id, theirs.id] });
    expect(res.status).toBe(404);
    expect(await errorOf(res)).toBe(`Label not found: ${theirs.id}`);
  });

  it("refuses more than 500 ids, no ids, an unknown layout or both ids and filters", async () => {
    const u = await createUser();
    const ids = Array.from({ length: 501 }, (_, i) => `lbl_${i}`);
    const cases: Array<[unknown, string]> = [
      [{ ids }, "ids: at most 500 labels at once"],
      [{ ids: [] }, "ids: choose at least one label"],
      [{ ids: ["lbl_1"], layout: "a5" }, "layout: must be 4x6, a4-2 or a4-4"],
      [{ ids: ["lbl_1"], format: "png" }, "format: must be pdf or zpl"],
      [{ ids: ["lbl_1"], filters: {} }, "Send either ids or filters"],
      [{ layout: "4x6" }, "Send either ids or filters"],
    ];
    for (const [body, message] of cases) {
      const res = await print(u, body);
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toBe(message);
    }
  });

  it("prints every label matching the list's filters, newest first", async () => {
    const u = await createUser({ credits: 3 });
    const a = await evriLabel(u, {}, ["shop"]);
    await evriLabel(u, {}, ["other"]);
    const b = await evriLabel(u, {}, ["shop"]);
    const res = await print(u, { filters: { tags: "shop" }, layout: "4x6" });
    expect(res.status).toBe(200);
    const pages = await barcodesByPage(new Uint8Array(await res.arrayBuffer()));
    expect(pages.map((p) => p.find((x) => x.format === "Code128")?.text)).toEqual([b.trackingCode, a.trackingCode]);

    const none = await print(u, { filters: { tags: "nothing" } });
    expect(none.status).toBe(400);
    expect(await errorOf(none)).toBe("No labels match these filters.");
  });

  it("refuses filters matching more than 500 labels", async () => {
    const u = await createUser();
    const rows = Array.from({ length: 501 }, () => ({
      id: `lbl_${crypto.randomUUID()}`,
      userId: u.id,
      courier: "evri",
      trackingCode: evriCode(),
      source: "manual" as const,
      shippedOn: "2026-11-20",
    }));
    // Drizzle binds 14 values a row of these since the buyer columns (8 rows were 112, over D1's 100).
    for (const chunk of insertChunks(rows, 14)) await db().insert(labels).values(chunk);
    const res = await print(u, { filters: { courier: "evri" } });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatch(/^More than 500 labels match these filters/);
  });
});

describe("the labels a print left out", () => {
  it("names them by reason in a header kept under 8 KB, however many and however long their codes", () => {
    const many = Array.from({ length: 499 }, (_, i) => ({ id: `lbl_${i}`, trackingCode: `X${String(i).padStart(39, "0")}`, reason: i % 3 ? ("no_original_file" as const) : ("no_recipient_address" as const) }));
    const header = leftOutHeader(many);
    expect(header.length).toBeLessThanOrEqual(8000);
    const named = JSON.parse(header) as Record<string, string[]>;
    expect(named.no_original_file.length + named.no_recipient_address.length).toBeGreaterThan(150);
    expect(named.no_original_file.every((code) => many.some((m) => m.trackingCode === code && m.reason === "no_original_file"))).toBe(true);
    const few = many.slice(0, 3);
    expect(JSON.parse(leftOutHeader(few))).toEqual({ no_recipient_address: [few[0].trackingCode], no_original_file: [few[1].trackingCode, few[2].trackingCode] });
  });
});

describe("POST /api/v1/labels/print (ZPL)", () => {
  it("writes one ^XA…^XZ format per label, its ^BC the tracking code and its ^B7 the 2D payload", async () => {
    const u = await createUser({ credits: 2 });
    const plain = await evriLabel(u, { fromAddress: { name: "Caret ^ Tilde ~ Co_", address: ["1 High St"], postcode: "BS1 4RB", countryCode: "GB" } });
    const payload = "EVRI^2D~PAYLOAD_SW1A1AA";
    const coded = await evriLabel(u, { encodedMetadata: payload, vanRouting: "VAN 12" });
    const res = await print(u, { ids: [plain.id, coded.id], format: "zpl" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toMatch(/filename="labels-\d{4}-\d{2}-\d{2}\.zpl"/);
    const formats = parseZpl(await res.text());
    expect(formats).toHaveLength(2);
    for (const f of formats) {
      expect(f.commands.find((c) => c.name === "PW")?.params).toBe("812");
      expect(f.commands.find((c) => c.name === "LL")?.params).toBe("1218");
    }
    expect(formats.map((f) => f.barcode("BC"))).toEqual([plain.trackingCode, coded.trackingCode]);
    expect(formats.map((f) => f.barcode("B7"))).toEqual([`${plain.trackingCode} SW1A1AA GB`, payload]);
    expect(formats[0].texts()).toContain("Caret ^ Tilde ~ Co_");
    expect(formats[1].texts()).toContain("VAN 12");
    expect(formats[1].texts()).toContain("30cm × 20cm × 10cm   1.5 kg");
  });

  // Font 0 is proportional and its widths are not published; a line of n characters is at least n × 0.45 of the
  // font's height wide (its narrowest mix of lower case). A field block longer than that is cut by the printer.
  const leastWidth = (text: string, size: number) => [...text].length * size * 0.45;

  it("wraps long address lines inside their block (never cut by the printer), every word printed above the barcodes", async () => {
    const u = await createUser({ credits: 1 });
    const long = await evriLabel(u, LONGEST.details);
    const [format] = parseZpl(await (await print(u, { ids: [long.id], format: "zpl" })).text());
    const fields = format.textFields();
    const blocks = fields.filter((f) => f.width !== undefined && f.width < 800);
    for (const f of blocks) expect(leastWidth(f.text, f.size), `'${f.text}' in ${f.width} dots`).toBeLessThanOrEqual(f.width!);
    const printed = fields.map((f) => f.text).join(" ");
    expect(printed).not.toContain("…");
    const words = (t: string) => t.split(/[\s,]+|(?<=-)/).filter(Boolean);
    const present = new Set(words(printed));
    for (const line of LONGEST.lines.slice(2)) for (const word of words(line)) expect(present, `'${word}' of '${line}'`).toContain(word);
    const symbolTop = Number(format.commands[format.commands.findIndex((c) => c.name === "B7") - 2].params.split(",")[1]);
    for (const f of fields.filter((f) => f.text !== long.trackingCode)) expect(f.y + f.size, f.text).toBeLessThan(symbolTop);
  });

  it("keeps far more text than a label holds (8 lines of 200 characters) above the barcodes, cut with '…', in ZPL", async () => {
    const u = await createUser({ credits: 1 });
    const line = "Long address line ".repeat(11).slice(0, 200);
    const address = { name: "N".repeat(200), address: Array.from({ length: 8 }, () => line), postcode: "SW1A 1AA", countryCode: "GB" };
    const label = await evriLabel(u, { address, fromAddress: address, vanRouting: "V".repeat(300), serviceCode: "S".repeat(100) });
    const [format] = parseZpl(await (await print(u, { ids: [label.id], format: "zpl" })).text());
    expect(format.barcode("BC")).toBe(label.trackingCode);
    const fields = format.textFields();
    expect(fields.map((f) => f.text).join(" ")).toContain("…");
    const symbolTop = Number(format.commands[format.commands.findIndex((c) => c.name === "B7") - 2].params.split(",")[1]);
    for (const f of fields.filter((f) => f.text !== label.trackingCode)) expect(f.y + f.size, f.text).toBeLessThan(symbolTop);
  });

  it("prints Royal Mail originals (PDF, PNG, WEBP) as ^GFA graphics whose own barcodes read back from the dots", async () => {
    const u = await createUser({ credits: 4 });
    const evri = await evriLabel(u);
    const made = [];
    for (const [name, mime] of [
      ["royalmail.pdf", "application/pdf"],
      ["royalmail-300dpi.png", "image/png"],
      ["royalmail-300dpi.webp", "image/webp"],
    ]) {
      made.push(await royalMailWithFile(u, name, mime, fixture(name)));
    }
    const res = await print(u, { ids: [evri.id, ...made.map((l) => l.id)], format: "zpl" });
    expect(res.status).toBe(200);
    const zpl = await res.text();
    const formats = parseZpl(zpl);
    expect(formats).toHaveLength(4);
    // Compressed: each graphic far below its 124 KB of raw dots (248 KB as plain hex).
    for (const block of zpl.split("^XZ").slice(1, 4)) expect(block.length).toBeLessThan(40_000);
    expect(formats[0].barcode("BC")).toBe(evri.trackingCode);
    for (const f of formats.slice(1)) {
      const g = f.graphic()!;
      expect(g.x + g.width).toBeLessThanOrEqual(812 + 7);
      expect(g.y + g.height).toBeLessThanOrEqual(1218);
      const texts = (await decodeBarcodes(graphicImage(g), { maxNumberOfSymbols: 8 })).map((b) => b.text);
      expect(texts.some((t) => t.includes("VB442550835GB"))).toBe(true);
    }
  });

  it("turns a landscape original a quarter in ZPL too, its bars at full length", async () => {
    const u = await createUser({ credits: 1 });
    const { label, modules } = await royalMailFromPdf(u, "RMLANDSCAPE2", [432, 288]);
    const g = parseZpl(await (await print(u, { ids: [label.id], format: "zpl" })).text())[0].graphic()!;
    expect(g.height).toBeGreaterThan(g.width);
    const [bars] = await decodeBarcodes(graphicImage(g), { formats: ["Code128"] });
    expect(bars.text).toBe("RMLANDSCAPE2");
    expect(Math.max(bars.box.w, bars.box.h) / ((modules * 1.2 * 203) / 72)).toBeGreaterThan(0.93);
  });

  it("leaves out Royal Mail labels without a file in ZPL too, naming them", async () => {
    const u = await createUser({ credits: 2 });
    const evri = await evriLabel(u);
    const { label: bare } = await createManualLabel(db(), env, u.id, { details: { courier: "royalmail", trackingCode: royalMailCode(), countryCode: "GB" } });
    const res = await print(u, { ids: [evri.id, bare.id], format: "zpl" });
    expect(res.status).toBe(200);
    expect(leftOutHeaders(res)).toEqual({ printed: "1", leftOut: "1", reasons: { no_original_file: [bare.trackingCode] } });
    expect(parseZpl(await res.text()).map((f) => f.barcode("BC"))).toEqual([evri.trackingCode]);
  });
});
