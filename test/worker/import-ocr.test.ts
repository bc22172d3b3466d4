import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { concatTransformationMatrix, drawObject, PDFDocument, PDFName, popGraphicsState, pushGraphicsState } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { labelActionWindow } from "../../worker/deadlines/action-window";
import { storedDetails } from "../../worker/deadlines/label-input";
import { labels } from "../../worker/db/schema";
import { fillDetails, pieceOfLine, plausibleOnly, senderFromSparse, untimedSpecialDelivery } from "../../worker/label-import/ocr-job";
import { atOcrResolution, invertReversedBoxes, levelled, printDpi, skewAngle } from "../../worker/label-import/ocr/image";
import { offDesk, paperOnly } from "../../worker/label-import/ocr/paper";
import { keptWords, latinReading, linesOfName, rereadBesideLogo, rereadTop, undoubled, votedAccents, votedName, withAccents } from "../../worker/label-import/ocr/reread";
import { holdsName } from "../../worker/label-import/ocr/agree";
import { companyName, personName, shopName } from "../../bench/label-generator/world";
import { freshSeed, Rng } from "../../bench/label-generator/random";
import { isListedWord, recognise } from "../../worker/label-import/ocr/tesseract";
import { fixCapitalI, fixCompanyEnd, fixHeading, fixPostcode, fixWeight, gapsBack, ocrLines, type OcrWord } from "../../worker/label-import/ocr/text";
import { checkedWeight, weightCandidates } from "../../worker/label-import/ocr/weight";
import { weightGrams } from "../../worker/label-reading/fields";
import { PRINTED_HEADINGS } from "../../worker/label-reading/vocabulary";
import { parseLabel } from "../../worker/label-import/pipeline";
import type { TextLine } from "../../worker/label-reading/text";
import { renderPages } from "../../worker/label-import/pdfium";
import { type Pixmap, rotateGrey, toGrey, turnGrey, type Grey } from "../../worker/images/raster";
import { labelPixels } from "../../worker/label-import/label-pixels";
import { isRealPostcode } from "../../worker/lib/uk-postcode";
import type { ApiLabel, LabelDetails } from "../../shared/label";
import { createUser, db } from "./helpers";
import { expected, fixture } from "./import-fixtures";
import { captureEnv, deliver, getLabel, importAndOcr, upload } from "./ocr-queue";

// OCR of image-only labels, end to end: POST /api/v1/label answers at once (ocrStatus 'pending')
// and queues {type:'label.ocr'}; the test is the queue's transport and hands the messages to the
// real queue() handler (createMessageBatch + getQueueResult), which reads the original from R2,
// OCRs it with Tesseract and fills in the label in D1.
//
// Two sets of raster labels, each read in full (the 8pt sender and return blocks included): the
// generated fixtures (test/fixtures/labels: 8-bit grey PNG, JPEG, WEBP, grey+alpha PNG and a
// flattened PDF, set in DejaVu Sans by librsvg), and 300 DPI rasters made here from the text-layer
// PDF fixtures with PDFium (Helvetica; grey PNG, a turned PNG, and a flattened PDF holding the image).

// Drawn cases of the OCR helpers: a fresh seed each run, printed (replay with SEED=…); never asserts what a seed drew.
const HEADING_SEED = process.env.SEED || freshSeed();
console.log(`OCR helpers (drawn cases): SEED=${HEADING_SEED}`);

const EVRI = expected["evri.pdf"][0] as unknown as LabelDetails;
const RM = expected["royalmail.pdf"][0] as unknown as LabelDetails;

// ---------- rasters drawn here from the text-layer fixtures ----------

const CRC = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + body.length);
  const dv = new DataView(out.buffer);
  dv.setUint32(0, body.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(body, 8);
  dv.setUint32(8 + body.length, crc32(out.subarray(4, 8 + body.length)));
  return out;
}
const deflate = async (bytes: Uint8Array) => new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate"))).arrayBuffer());
/** 8-bit greyscale PNG with 300 DPI in pHYs. */
async function encodePng(g: Grey): Promise<Uint8Array> {
  const raw = new Uint8Array((g.width + 1) * g.height);
  for (let y = 0; y < g.height; y++) raw.set(g.data.subarray(y * g.width, (y + 1) * g.width), y * (g.width + 1) + 1);
  const idat = await deflate(raw);
  const ihdr = new Uint8Array(13);
  new DataView(ihdr.buffer).setUint32(0, g.width);
  new DataView(ihdr.buffer).setUint32(4, g.height);
  ihdr.set([8, 0, 0, 0, 0], 8);
  const phys = new Uint8Array(9);
  new DataView(phys.buffer).setUint32(0, 11811); // 300 DPI in pixels per metre
  new DataView(phys.buffer).setUint32(4, 11811);
  phys[8] = 1;
  const parts = [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr), chunk("pHYs", phys), chunk("IDAT", idat), chunk("IEND", new Uint8Array())];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}
const rasters = new Map<string, Promise<Grey>>();
/** The fixture's first page drawn at 300 DPI, once for the file's tests (they only read it). */
function pdfiumRaster(pdfName: string): Promise<Grey> {
  if (!rasters.has(pdfName)) {
    rasters.set(
      pdfName,
      (async () => {
        let page: Pixmap | null = null;
        await renderPages(fixture(pdfName), { dpi: 300, maxSide: 2400, maxPages: 1 }, async (_i, p) => {
          page = p;
        });
        return toGrey(page!);
      })(),
    );
  }
  return rasters.get(pdfName)!;
}
/**
 * A 4x6in page holding nothing but the grey raster, as a FlateDecode DeviceGray image (what flattening tools write).
 * Written straight from the pixels: pdf-lib's embedPng decodes a PNG in JavaScript (a second under load).
 */
async function flattenedPdf(g: Grey): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const image = doc.context.register(
    doc.context.stream(await deflate(g.data), { Type: "XObject", Subtype: "Image", Width: g.width, Height: g.height, ColorSpace: "DeviceGray", BitsPerComponent: 8, Filter: "FlateDecode" }),
  );
  const page = doc.addPage([288, 432]);
  page.node.setXObject(PDFName.of("Label"), image);
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(288, 0, 0, 432, 0, 0), drawObject("Label"), popGraphicsState());
  return doc.save();
}

describe("OCR of image-only labels through the queue", () => {
  // One reading (a page's OCR is the slow part) for what it fills in and for the tracked label's action window.
  it("a PDFium-drawn 300 DPI Evri PNG: recipient, sender, service, weight and date filled in, barcode fields kept; a tracked label's action window moves with the service and day it reads", async () => {
    const user = await createUser({ credits: 5 });
    const png = await encodePng(await pdfiumRaster("evri.pdf"));
    const { sent, env: e } = captureEnv();
    const [answered] = (await (await upload(e, user, "evri-clean.png", png, "image/png")).json()) as ApiLabel[];
    // The first answer has only what the barcodes give.
    expect(answered.ocrStatus).toBe("pending");
    expect(answered.data[0].address ?? null).toBeNull();
    // Tracking came before the reading: scanned days ago (late whatever the service), the window not written yet.
    const scanAt = Date.now() - 6 * 86_400_000;
    await db()
      .update(labels)
      .set({ trackingStatus: "in_transit", firstScanAt: scanAt, lastScanAt: scanAt, actionFrom: null, actionUntil: null })
      .where(eq(labels.id, answered.id));
    expect((await deliver(e, sent)).explicitAcks).toHaveLength(1);
    const label = await getLabel(user, answered.id);
    expect(label.ocrStatus).toBe("done");
    expect(Date.parse(label.updatedAt)).toBeGreaterThan(Date.parse(answered.updatedAt));
    expect(label.data[0]).toMatchObject({
      courier: "evri",
      trackingCode: EVRI.trackingCode,
      encodedMetadata: EVRI.encodedMetadata,
      address: { name: "Jane Smith", address: ["Flat 2", "14 Acacia Avenue", "Manchester"], postcode: "M1 1AE" },
      fromAddress: { name: "ACME Widgets Ltd", postcode: "LS11 5TD" },
      serviceCode: "NEXT DAY",
      isNextDay: true,
      weightInGrams: 1200,
      shippingLabelCreatedAt: "2026-11-12T00:00:00.000Z",
    });
    // The analytics columns follow the details, and the action window the service and day read.
    const [row] = await db().select().from(labels).where(eq(labels.id, label.id));
    expect(row).toMatchObject({ weightGrams: 1200, isNextDay: true, shippedOn: "2026-11-12", ocrStatus: "done" });
    expect(row.actionUntil).not.toBeNull();
    expect({ actionFrom: row.actionFrom, actionUntil: row.actionUntil }).toEqual(labelActionWindow(row, storedDetails(row)));
  }, 60_000);

  it("a PDFium-drawn 300 DPI Royal Mail PNG: recipient and return address; the Data Matrix postcode and product stay", async () => {
    const user = await createUser({ credits: 5 });
    const png = await encodePng(await pdfiumRaster("royalmail.pdf"));
    const { answered, label } = await importAndOcr(user, "rm-clean.png", png, "image/png");
    expect(answered.data[0].address).toMatchObject({ name: "", postcode: "OX18 3UQ" });
    expect(label.ocrStatus).toBe("done");
    expect(label.data[0]).toMatchObject({
      courier: "royalmail",
      trackingCode: RM.trackingCode,
      serviceCode: "TPN01",
      encodedMetadata: RM.encodedMetadata,
      address: { name: "Tom Jones", address: ["22 Station Road", "Kidlington"], postcode: "OX18 3UQ" },
      returnAddress: { name: "Bright Prints", postcode: "SP6 1PA" },
      classId: "Tracked 24",
      weightInGrams: 750,
    });
  }, 60_000);

  it("a PDFium-drawn label turned a quarter anticlockwise is read upright", async () => {
    const user = await createUser({ credits: 5 });
    const png = await encodePng(rotateGrey(await pdfiumRaster("evri.pdf"), 3));
    const { label } = await importAndOcr(user, "evri-turned.png", png, "image/png");
    expect(label.ocrStatus).toBe("done");
    expect(label.data[0]).toMatchObject({
      address: { name: "Jane Smith", postcode: "M1 1AE" },
      fromAddress: { postcode: "LS11 5TD" },
    });
  }, 60_000);

  it("a PDFium-drawn flattened PDF (one image, no text layer) is rendered and read", async () => {
    const user = await createUser({ credits: 5 });
    const pdf = await flattenedPdf(await pdfiumRaster("royalmail.pdf"));
    const { label } = await importAndOcr(user, "rm-flat.pdf", pdf, "application/pdf");
    expect(label.ocrStatus).toBe("done");
    expect(label.data[0]).toMatchObject({
      address: { name: "Tom Jones", postcode: "OX18 3UQ" },
      returnAddress: { name: "Bright Prints", postcode: "SP6 1PA" },
    });
  }, 60_000);

  // The generated raster fixtures (8-bit grey at 300 DPI, the flattened PDFs a q60 JPEG of them):
  // everything the text-layer PDF of the same label gives, the small print included.
  for (const [name, type, courier] of [
    ["evri-300dpi.png", "image/png", "evri"],
    // royalmail-300dpi.png: read on a retry after an R2 outage, below.
    ["evri-rotated.png", "image/png", "evri"],
    ["royalmail-rotated.png", "image/png", "royalmail"],
    ["evri-300dpi.jpg", "image/jpeg", "evri"],
    ["royalmail-300dpi.jpg", "image/jpeg", "royalmail"],
    ["evri-300dpi.webp", "image/webp", "evri"],
    ["royalmail-transparent.png", "image/png", "royalmail"],
    ["evri-flattened.pdf", "application/pdf", "evri"],
    ["royalmail-flattened.pdf", "application/pdf", "royalmail"],
  ] as const) {
    it(`the generated fixture ${name}: every field of the label`, async () => {
      const user = await createUser({ credits: 5 });
      const { answered, label } = await importAndOcr(user, name, fixture(name), type);
      const want = courier === "evri" ? EVRI : RM;
      expect(answered.data[0]).toMatchObject(expected[name][0]);
      expect(label.ocrStatus).toBe("done");
      expect(label.data[0]).toMatchObject(want as unknown as Record<string, unknown>);
    }, 60_000);
  }

  it("never overwrites what the label already holds", async () => {
    const user = await createUser({ credits: 5 });
    const { sent, env: e } = captureEnv();
    const [answered] = (await (await upload(e, user, "evri.png", fixture("evri-300dpi.png"), "image/png")).json()) as ApiLabel[];
    // Meanwhile the label got a recipient name from elsewhere.
    const [row] = await db().select().from(labels).where(eq(labels.id, answered.id));
    const details = { ...JSON.parse(row.detailsJson), address: { name: "Kept Name", address: [], postcode: "", countryCode: "GB" }, weightInGrams: 99 };
    await db().update(labels).set({ detailsJson: JSON.stringify(details) }).where(eq(labels.id, answered.id));
    await deliver(e, sent);
    const label = await getLabel(user, answered.id);
    expect(label.ocrStatus).toBe("done");
    expect(label.data[0].address).toMatchObject({ name: "Kept Name", postcode: "M1 1AE", address: ["Flat 2", "14 Acacia Avenue", "Manchester"] });
    expect(label.data[0].weightInGrams).toBe(99);
    expect(label.data[0].encodedMetadata).toBe(EVRI.encodedMetadata);
  }, 60_000);

  it("a label whose original is gone from R2 ends 'failed', still complete with its barcode fields", async () => {
    const user = await createUser({ credits: 5 });
    const { sent, env: e } = captureEnv();
    const [answered] = (await (await upload(e, user, "rm.png", fixture("royalmail-300dpi.png"), "image/png")).json()) as ApiLabel[];
    for (const o of (await env.FILES.list({ prefix: `labels/${user.id}/` })).objects) await env.FILES.delete(o.key);
    const result = await deliver(e, sent);
    expect(result.explicitAcks).toHaveLength(1);
    const label = await getLabel(user, answered.id);
    expect(label.ocrStatus).toBe("failed");
    expect(label.data[0]).toMatchObject({ trackingCode: RM.trackingCode, serviceCode: "TPN01", address: { postcode: "OX18 3UQ" } });
  }, 60_000);

  it("an R2 outage retries the message and leaves the label pending; the retry reads every field of the generated fixture royalmail-300dpi.png", async () => {
    const user = await createUser({ credits: 5 });
    const { sent, env: e } = captureEnv();
    const [answered] = (await (await upload(e, user, "rm.png", fixture("royalmail-300dpi.png"), "image/png")).json()) as ApiLabel[];
    expect(answered).toMatchObject({ ocrStatus: "pending" });
    expect(answered.data[0]).toMatchObject(expected["royalmail-300dpi.png"][0]);
    const broken = { ...e, FILES: { get: async () => Promise.reject(new Error("R2 unavailable")) } as unknown as R2Bucket };
    const result = await deliver(broken, sent);
    expect(result.retryMessages).toHaveLength(1);
    expect(result.explicitAcks).toEqual([]);
    expect((await getLabel(user, answered.id)).ocrStatus).toBe("pending");
    // The retry, with R2 back, completes it: everything the text-layer PDF of the same label gives.
    expect((await deliver(e, sent)).explicitAcks).toHaveLength(1);
    const label = await getLabel(user, answered.id);
    expect(label.ocrStatus).toBe("done");
    expect(label.data[0]).toMatchObject(RM as unknown as Record<string, unknown>);
  }, 60_000);

  it("does nothing for a label that no longer waits for OCR (re-imported from a text-layer PDF)", async () => {
    const user = await createUser({ credits: 5 });
    const { sent, env: e } = captureEnv();
    const [first] = (await (await upload(e, user, "evri.png", fixture("evri-300dpi.png"), "image/png")).json()) as ApiLabel[];
    const [again] = (await (await upload(e, user, "evri.pdf", fixture("evri.pdf"), "application/pdf")).json()) as ApiLabel[];
    expect(again.id).toBe(first.id);
    expect(again.ocrStatus).toBe("done");
    expect(sent).toHaveLength(1);
    const before = await getLabel(user, first.id);
    const result = await deliver(e, sent);
    expect(result.explicitAcks).toHaveLength(1);
    expect(await getLabel(user, first.id)).toEqual(before);
  }, 60_000);

  it("when the queue refuses the job the label is saved and marked 'failed', never left pending", async () => {
    const user = await createUser({ credits: 5 });
    const JOBS = { send: async () => Promise.reject(new Error("queue down")), sendBatch: async () => Promise.reject(new Error("queue down")) } as unknown as Queue;
    const res = await upload({ ...env, JOBS } as Env, user, "evri.png", fixture("evri-300dpi.png"), "image/png");
    expect(res.status).toBe(200);
    const [label] = (await res.json()) as ApiLabel[];
    expect(label).toMatchObject({ ocrStatus: "failed", trackingCode: EVRI.trackingCode });
    expect((await getLabel(user, label.id)).ocrStatus).toBe("failed");
  }, 60_000);
});

describe("OCR helpers", () => {
  it("fills only empty fields, address blocks field by field", () => {
    const known = { courier: "royalmail", trackingCode: "VB442550835GB", serviceCode: "TPN01", address: { name: "", address: [], postcode: "OX18 3UQ", countryCode: "GB" }, weightInGrams: null } as unknown as LabelDetails;
    const read = { courier: "royalmail", trackingCode: "XX", serviceCode: "TPNO1", address: { name: "Tom Jones", address: ["22 Station Road"], postcode: "OX1 8UQ", countryCode: "GB" }, weightInGrams: 750, encodedMetadata: "ocr" } as unknown as LabelDetails;
    expect(fillDetails(known, read)).toEqual({
      courier: "royalmail",
      trackingCode: "VB442550835GB",
      serviceCode: "TPN01",
      address: { name: "Tom Jones", address: ["22 Station Road"], postcode: "OX18 3UQ", countryCode: "GB" },
      weightInGrams: 750,
      // What OCR filled says so; the service came from the barcode and stays unmarked here.
      fieldSources: { address: "ocr", weightInGrams: "ocr" },
    });
  });

  it("gives no weight over the courier's limit and no postcode that cannot exist (generated seeds 3032672522, 1329675666)", () => {
    const read: LabelDetails = { courier: "evri", trackingCode: "HG8A3N9036256462", countryCode: "GB", weightInGrams: 75_000, address: { name: "Ann Lee", address: [], postcode: "WW2 8AQ", countryCode: "GB" } };
    expect(plausibleOnly(read)).toMatchObject({ weightInGrams: null, address: { name: "Ann Lee", postcode: "" } });
    const fine: LabelDetails = { ...read, weightInGrams: 15_000, address: { ...read.address!, postcode: "W2 8AQ" } };
    expect(plausibleOnly(fine)).toEqual(fine);
    expect(plausibleOnly({ ...fine, courier: "royalmail", weightInGrams: 20_000 }).weightInGrams).toBe(20_000);
    expect(plausibleOnly({ ...fine, courier: "royalmail", weightInGrams: 20_500 }).weightInGrams).toBeNull();
    // A name ending in a particle its accent was restored on is part of a name (rehearsal seed 4055776722, file 176).
    for (const name of ["EWAN Ní", "Ewan NÍ", "Aoife Ó", "Ellie de"]) expect(plausibleOnly({ ...fine, address: { ...fine.address!, name } }).address?.name, name).toBe("");
    for (const name of ["Ewan Ní Bhriain", "Aoife Ó Súilleabháin", "Li Ni"]) expect(plausibleOnly({ ...fine, address: { ...fine.address!, name } }).address?.name, name).toBe(name);
    // Words run together past an '&' or a bracket (gate seed 759984494, file 326, a flattened PDF).
    for (const name of ["HAZEL&HIVEOUTDOORLTD FAOEWANGALLAGHER", "SALTMARSHOUTDOOR(UK)LTD CIOMOHAMMEDKHAN"])
      expect(plausibleOnly({ ...fine, fromAddress: { ...fine.address!, name } }).fromAddress?.name, name).toBe("");
    // A name's last word read twice, a piece of the label's own code (fresh seed 2711752841, files 477 and 942).
    for (const name of ["Niamh Baker Baker", "NIAMH BAKER baker", "HG8A 3N90", "hg8a3n 9036"])
      expect(plausibleOnly({ ...fine, fromAddress: { ...fine.address!, name } }).fromAddress?.name, name).toBe("");
    for (const name of ["Li Li", "Baker & Baker", "Kwame Kwame Martin", "HG 8 Studio", "3D Prints"])
      expect(plausibleOnly({ ...fine, fromAddress: { ...fine.address!, name } }).fromAddress?.name, name).toBe(name);
    // A letter read three times, its capital between two of its small letters (run D, SEED=2845914634, file 3220, a 203 DPI
    // thermal print): none. A capital after its own small letter alone, or after another letter, stays.
    for (const name of ["GwenlLlian Morris", "Mrs Amelia HolLlow", "Copper KetTtle Studio", "Mr GwenLllian Hall"]) expect(plausibleOnly({ ...fine, address: { ...fine.address!, name } }).address?.name, name).toBe("");
    // The capital first, then two of its small letters (fresh seed 295051100, file 364, a 96 DPI screenshot): drawn names
    // with a double letter inside a word, read so, are none.
    const tripleSeed = process.env.SEED || freshSeed();
    console.log(`a letter read three times: SEED=${tripleSeed}`);
    let tripled = 0;
    for (let k = 0; k < 200; k++) {
      const rng = new Rng(`${tripleSeed}/tripled/${k}`);
      const name = rng.chance(0.5) ? personName(rng) : shopName(rng);
      const misread = name.replace(/(?<=\p{Ll})(\p{Ll})\1/u, (d, c: string) => c.toUpperCase() + d);
      if (misread === name) continue;
      tripled++;
      expect(plausibleOnly({ ...fine, address: { ...fine.address!, name: misread } }).address?.name, JSON.stringify({ k, misread })).toBe("");
    }
    expect(tripled).toBeGreaterThan(20);
    for (const name of ["Niamh McCarthy", "Marco DiIorio", "Morag MacLeod", "Gwenllian Morris", "IslaAhmed", "GWENLLIAN MORRIS"])
      expect(plausibleOnly({ ...fine, address: { ...fine.address!, name } }).address?.name, name).toBe(name);
    // A Polish name's ł read as a t by both models (bench/outside seed 85369019, files 134 and 198): none; so spelt, kept.
    for (const name of ["Ms Matgorzata Thorne", "MATGORZATA ABBOTT", "Pawet Nowak", "Michat Kowalski"]) expect(plausibleOnly({ ...fine, address: { ...fine.address!, name } }).address?.name, name).toBe("");
    for (const name of ["Małgorzata Abbott", "Malgorzata Abbott", "Paweł Nowak", "Michal Kowalski", "Matthew Gorse"]) expect(plausibleOnly({ ...fine, address: { ...fine.address!, name } }).address?.name, name).toBe(name);
    // A speck read as an apostrophe before an initial (fresh seed 41926439, file 374, a 300 DPI thermal print): the initial.
    expect(plausibleOnly({ ...fine, address: { ...fine.address!, name: "MX 'W LEFÈVRE" } }).address?.name).toBe("MX W LEFÈVRE");
    expect(plausibleOnly({ ...fine, address: { ...fine.address!, name: "‘J. Smith" } }).address?.name).toBe("J. Smith");
    for (const name of ["Niamh O'Brien", "Noah's Silver", "Bethan D'Arcy"]) expect(plausibleOnly({ ...fine, address: { ...fine.address!, name } }).address?.name, name).toBe(name);
    // An O' surname's apostrophe read with a gap after it: the surname whole (ocr-job.ts SPACED_APOSTROPHE).
    expect(plausibleOnly({ ...fine, address: { ...fine.address!, name: "Mrs Ann O' Neill" } }).address?.name).toBe("Mrs Ann O'Neill");
    // A last word starting with a small letter in a name of both cases: a capital lost or a word split (fresh seed
    // 2711752841, file 561, a table photo: 'Ní hriain' for Ní Bhriain). A particle stands before the surname; a suffix may be small.
    for (const name of ["Mr and Mrs Ní hriain", "Noah wilson", "Siobhán Garc ía", "Renée delaCruz"])
      expect(plausibleOnly({ ...fine, address: { ...fine.address!, name } }).address?.name, name).toBe("");
    for (const name of ["Zoë van der Berg", "Ewan de la Cruz", "Priya ap Rhys", "Ceilidh Dental Practice plc", "Seren Trading co", "SEREN TRADING co"])
      expect(plausibleOnly({ ...fine, address: { ...fine.address!, name } }).address?.name, name).toBe(name);
    // A last word cut after its capital, run into the word before it ('CeilidhSuppliesL' for Ceilidh Supplies Ltd: run F,
    // SEED=2548624490, file 1862, a flattened PDF): none. Drawn names so cut, each; their initials stand apart and stay.
    expect(plausibleOnly({ ...fine, fromAddress: { ...fine.address!, name: "CeilidhSuppliesL" } }).fromAddress?.name).toBe("");
    const cutSeed = process.env.SEED || freshSeed();
    console.log(`cut after a capital: SEED=${cutSeed}`);
    for (let k = 0; k < 100; k++) {
      const rng = new Rng(`${cutSeed}/cut-capital/${k}`);
      const name = rng.chance(0.5) ? personName(rng) : shopName(rng);
      const cut = name.replace(/\s+(\p{Lu})[^\s]*$/u, "$1");
      if (cut === name || !/\p{Ll}\p{Lu}$/u.test(cut)) continue;
      expect(plausibleOnly({ ...fine, fromAddress: { ...fine.address!, name: cut } }).fromAddress?.name, JSON.stringify({ k, cut })).toBe("");
    }
    for (const name of ["Prof W Roberts", "Mr J McKenzie", "Ms A MacLeod", "Dr E O'Brien"])
      expect(plausibleOnly({ ...fine, fromAddress: { ...fine.address!, name } }).fromAddress?.name, name).not.toBe("");
    // A suffix alone run into the word before it: the gap is put back, the name kept.
    for (const [name, spaced] of [["BRIGHTON CRAFTSLTD", "BRIGHTON CRAFTS LTD"], ["Old Forge Dental PracticeLtd.", "Old Forge Dental Practice Ltd."], ["Fern & Fable DesignsLLP", "Fern & Fable Designs LLP"]])
      expect(plausibleOnly({ ...fine, fromAddress: { ...fine.address!, name } }).fromAddress?.name, name).toBe(spaced);
    for (const name of ["Hazel & Hive Outdoor Ltd", "HAZEL & HIVE OUTDOOR LTD", "FAOLÁN BYRNE", "Featherstonehaugh-Wolstenholme Plc", "SALTMARSH OUTDOOR (UK) LTD"])
      expect(plausibleOnly({ ...fine, fromAddress: { ...fine.address!, name } }).fromAddress?.name, name).toBe(name);
  });

  it("puts back gaps OCR lost on a photo of tight type: a heading run into a name, capitalised words run into one", () => {
    // Generated table photos with tight word spacing (SEED=31): 'FROMZo# Patel' hid its heading and the sender became
    // the recipient's name; 'TheCwmtTradingCo' was the sender.
    expect(gapsBack("FROMZoë Patel")).toBe("From: Zoë Patel");
    expect(gapsBack("SHIPTOJane Smith")).toBe("Ship to: Jane Smith");
    // The recipient's 'TO' (fresh seed 969544535, file 2728, a 300 DPI photo: 'TOMarlowAccountants &Co' was the name).
    expect(gapsBack("TOMarlowAccountants &Co")).toBe("TO MarlowAccountants &Co");
    for (const kept of ["TOMASZ", "Tomasz", "TOP", "TO"]) expect(gapsBack(kept)).toBe(kept);
    // Run into an initial and its stop (fresh seed 969544535, file 1679, a flattened PDF: 'TOA. Wright' gave no name).
    expect(gapsBack("TOA. Wright")).toBe("TO A. Wright");
    expect(gapsBack("TOJ. VAN DER BERG")).toBe("TO J. VAN DER BERG");
    for (const kept of ["TOA.", "TOA. wright", "TOAD. Hall", "TOA Wright", "STOA. Wright"]) expect(gapsBack(kept)).toBe(kept);
    expect(gapsBack("TheCwmTradingCo")).toBe("The Cwm Trading Co");
    // A title run into its initial (fresh seed 3217537065, file 3199: 'DrA' over 'Nguyen').
    expect(gapsBack("DrA")).toBe("Dr A");
    expect(gapsBack("MrsJ.")).toBe("Mrs J.");
    for (const kept of ["Drake", "DrAB", "Mrs"]) expect(gapsBack(kept)).toBe(kept);
    expect(gapsBack("Sold by: HollowOakSoapCo")).toBe("Sold by: Hollow Oak Soap Co");
    // A name's own capitals, a brand's one join, capitals alone: as read.
    for (const kept of ["Morag McKenzie", "Ailsa MacLeod-FitzGerald", "ParcelShop", "JOHNSMITH", "Dr DeVito", "FROMAGE", "Ms O'Brien", "iPhoneCaseShop"]) expect(gapsBack(kept)).toBe(kept);
  });

  it(`puts back the gaps of a shop's or company's name OCR ran together on a photo of tight type, an '&', a stop, a heading's colon (drawn, SEED=${HEADING_SEED})`, () => {
    // Fresh seed 3930571097, files 112 and 1727 (a 240 DPI photo, a 200 DPI table photo, the words set tight): both models
    // read 'Oak&AnchorVintageLimited' and 'Sender:DovetailOutfittersLimited' letter for letter, and both senders were
    // given as none (20 letters or more without a gap: ocr-job.ts GLUED).
    const rng = new Rng(`${HEADING_SEED}/tight-words`);
    const word = (w: string, i: number, n: number) => new RegExp(`^\\p{Lu}\\p{Ll}+${i === 0 ? "(?:'s)?" : ""}${i === n - 1 ? "\\.?" : ""}$`, "u").test(w);
    let spaced = 0;
    for (let i = 0; i < 60; i++) {
      const name = rng.chance(0.5) ? shopName(rng) : companyName(rng);
      const glued = name.replaceAll(" ", "");
      // A suffix in small letters stays on the word before it (no capital marks the join): plausibleOnly's GLUED_SUFFIX parts it.
      const seen = name.replace(/ plc$/, "plc");
      const words = seen.split(" ").filter((w) => w !== "&");
      // Capitalised words only (a possessive first, a stop last), three of them or two about an '&': each gap is a join.
      const apart = words.every((w, j) => word(w, j, words.length) && !/^(?:Mc|Mac|De|Di|Da|Du|Le|La|Van|Von|Fitz|St)$/.test(w)) && (words.length >= 3 || (seen.includes(" & ") && words.length >= 2));
      const heading = rng.pick(["Sender:", "From:", "Ship from:", "Return to:"]);
      expect(gapsBack(glued), glued).toBe(apart ? seen : glued);
      expect(gapsBack(`${heading}${glued}`), glued).toBe(`${heading} ${apart ? seen : glued}`);
      if (apart) spaced++;
    }
    expect(spaced).toBeGreaterThan(0);
    // A brand's capitals about an '&', a word in small letters after one, digits: as read.
    for (const kept of ["B&Q", "AT&T", "M&S Direct", "Wren&lvyTeaCo", "Fable&FernSilver,51FoxgloveWalk", "ORDER:123", "10:20"]) expect(gapsBack(kept), kept).toBe(kept);
    // A stop after a small letter before a figure or a capital: the line goes on past the name (fresh seed 208294708, file
    // 1319, a 150 DPI photo: 'MarlowPottery.123BarraciP Iace …', the whole line taken as the name). Not a domain in
    // capitals, a decimal, an address in small letters.
    expect(gapsBack("MarlowPottery.123BarrackPlace")).toBe("MarlowPottery. 123BarrackPlace");
    expect(gapsBack("Mrs.OGreen")).toBe("Mrs. OGreen");
    for (const kept of ["LOOMWELL.COM", "1.5kg", "www.parceldash.co.uk", "MR.C LEROY", "J.Smith"]) expect(gapsBack(kept), kept).toBe(kept);
    // A first word whose capital I was read as l (file 446 of the same seed, a 150 DPI photo: 'lainRaviHussain', given as none).
    expect(ocrLines([{ text: "lainRaviHussain", left: 50, top: 300, width: 400, height: 36, conf: 90 }]).map((l) => l.text)).toEqual(["Iain Ravi Hussain"]);
    for (const kept of ["lainRavi", "iPhoneCaseShop"]) expect(gapsBack(kept), kept).toBe(kept);
  });

  it("never gives a name whose words OCR ran together past any one word (20 letters or more without a gap)", () => {
    const read: LabelDetails = { courier: "evri", trackingCode: "HG8A3N9036256462", countryCode: "GB", address: { name: "BRIGHTONCRAFTSUPPLIESLTD", address: [], postcode: "W2 8AQ", countryCode: "GB" }, fromAddress: { name: "Mrs Annabelle Featherstonehaugh-Wolstenholme", address: [], postcode: "", countryCode: "GB" } };
    const checked = plausibleOnly(read);
    expect(checked.address).toMatchObject({ name: "", postcode: "W2 8AQ" });
    // Long names with their gaps (and hyphens) are names.
    expect(checked.fromAddress?.name).toBe("Mrs Annabelle Featherstonehaugh-Wolstenholme");
  });

  it("never fills a name read in lower case: OCR's noise (generated seeds 583019447, 1287345091)", () => {
    const known = { courier: "evri", trackingCode: "H0DKNI4801483453", address: { name: "", address: [], postcode: "", countryCode: "GB" } } as unknown as LabelDetails;
    const read = (name: string) =>
      ({ ...known, address: { name, address: ["1 Park Square"], postcode: "DL1 2BQ", countryCode: "GB" }, fromAddress: { name: "cer", address: [], postcode: "BS8 1NH", countryCode: "GB" } }) as unknown as LabelDetails;
    const noise = fillDetails(known, read("vanes"));
    expect(noise.address).toMatchObject({ name: "", address: ["1 Park Square"], postcode: "DL1 2BQ" });
    expect(noise.fromAddress).toMatchObject({ name: "", postcode: "BS8 1NH" });
    // Nor one with no capital at all, a column of smudges read beside a heading (fresh seed 2601711117, file 281).
    expect(fillDetails(known, read("28) ae")).address?.name).toBe("");
    expect(fillDetails(known, read("Iain Clark")).address?.name).toBe("Iain Clark");
    expect(fillDetails(known, read("ÉLODIE MARTIN")).address?.name).toBe("ÉLODIE MARTIN");
  });

  it("puts back headings and postcodes misread by a character", () => {
    expect(fixHeading("Deliver toa:")).toBe("Deliver to:");
    expect(fixHeading("Fr0m:")).toBe("From:");
    expect(fixHeading("Delivery address")).toBe("Delivery address");
    // An rn read as m: 'Retum address:' over the sender's name (3,000-label seed 1113018866, file 394, a 203 DPI thermal
    // print: the heading was given as the sender's name); 'Retums address.' (seed 1914321767, file 3024, a 150 DPI photo).
    expect(fixHeading("Retum address:")).toBe("Return address:");
    expect(fixHeading("Retums address.")).toBe("Return address:");
    expect(fixHeading("Retum to: Bluebell Ceramics")).toBe("Return to: Bluebell Ceramics");
    // Not a name or a street of those letters one more off.
    for (const text of ["Reta Adams", "Retford Road", "Reform Club"]) expect(fixHeading(text), text).toBe(text);
    expect(fixPostcode("M1 LAE")).toBe("M1 1AE");
    expect(fixPostcode("Ml LAE")).toBe("M1 1AE");
    expect(fixPostcode("Leeds LS11 STD")).toBe("Leeds LS11 5TD");
    expect(fixPostcode("Ali Bob")).toBe("Ali Bob");
    expect(fixPostcode("5 Mill Lane")).toBe("5 Mill Lane");
  });

  it(`keeps an initial OCR ran into a heading ('FROMY Wilson'): the whole name, never its surname alone (drawn, SEED=${HEADING_SEED})`, () => {
    // Fresh seed 2770900263, file 191 (a 300 DPI photo of 'FROM: Y Wilson'): the sender was given as 'Wilson'.
    const rng = new Rng(`${HEADING_SEED}/initial-heading`);
    const headings = ["FROM:", "From:", "SHIP TO:", "Ship from:", "SENDER:", "Deliver to:", "Return to:"];
    for (let i = 0; i < 40; i++) {
      const heading = rng.pick(headings);
      const initial = rng.pick([..."ABCDEFGHKMNOPRSTVWYZ"]);
      const surname = personName(rng).split(" ").at(-1)!;
      const read = `${heading.replace(/:$/, "")}${initial} ${surname}`;
      const want = PRINTED_HEADINGS.find((h) => h.toLowerCase() === heading.toLowerCase())!;
      expect(fixHeading(read), read).toBe(`${want} ${initial} ${surname}`);
      // A stroke after the heading may be its colon read as a letter: the heading alone, as before.
      expect(fixHeading(`${heading.replace(/:$/, "")}I ${surname}`)).toBe(`${want} ${surname}`);
      // The heading misread with nothing run into it: no letter made up.
      if (/o/i.test(heading)) expect(fixHeading(`${heading.replace(/:$/, "").replace(/o/i, "0")} ${surname}`)).toBe(`${want} ${surname}`);
    }
  });

  it(`puts a company's suffix Tesseract gave a line of its own back on its name's line ('Saltmarsh Outdoor' / 'LLP') (drawn, SEED=${HEADING_SEED})`, () => {
    // Fresh seed 1009498975, file 189 (a 300 DPI photo): the recipient was given as 'Saltmarsh Outdoor'.
    const rng = new Rng(`${HEADING_SEED}/suffix-line`);
    for (let i = 0; i < 30; i++) {
      const words = companyName(rng).split(" ");
      if (!/^(?:ltd\.?|limited|llp|plc)$/i.test(words[words.length - 1])) continue;
      const h = rng.int(30, 60);
      let left = 60;
      const ocr: OcrWord[] = words.map((text, k) => {
        const w = { text, left, top: 260 + rng.int(-3, 3), width: Math.round(text.length * h * 0.6), height: h, conf: 95, line: k === words.length - 1 ? "4.1.1" : "2.1.1" };
        left += w.width + Math.round(h * (k === words.length - 2 ? rng.float(0.3, 1.2) : 0.35));
        return w;
      });
      const street: OcrWord[] = [{ text: "47", left: 60, top: 260 + 2 * h, width: h, height: h, conf: 95, line: "2.1.2" }, { text: "Elm", left: 60 + 2 * h, top: 260 + 2 * h, width: 2 * h, height: h, conf: 95, line: "2.1.2" }];
      expect(ocrLines([...ocr, ...street]).map((l) => l.text)[0], words.join(" ")).toBe(words.join(" "));
      // A suffix far across the row (another column's line) stays a line of its own.
      const far = ocr.map((w, k) => (k === words.length - 1 ? { ...w, left: w.left + 6 * h } : w));
      expect(ocrLines([...far, ...street]).some((l) => l.text === words[words.length - 1])).toBe(true);
    }
  });

  it("puts back a heading broken off a tilted photo ('LIVERTO'), so it is never the recipient's name", () => {
    expect(fixHeading("LIVERTO")).toBe("Deliver to:");
    expect(fixHeading("ELIVER TO:")).toBe("Deliver to:");
    expect(fixHeading("ETURN ADDRESS")).toBe("Return address:");
    // Names stay names: too few of a heading's letters, or not a heading's end or start.
    for (const name of ["OLIVER", "Oliver Twist", "LIVER", "TOM"]) expect(fixHeading(name)).toBe(name);
    // As OCR gives it: the broken heading on its own line over the recipient's block.
    const word = (text: string, line: number, left: number, top: number): OcrWord => ({ text, left, top, width: text.length * 22, height: 36, conf: 90, line: `1.1.${line}` });
    const lines = ocrLines([
      word("LIVERTO", 1, 60, 500),
      word("Amelia", 2, 60, 560), word("Hughes", 2, 220, 560),
      word("12", 3, 60, 620), word("Orchard", 3, 120, 620), word("Close", 3, 300, 620),
      word("Sheffield", 4, 60, 680),
      word("S1", 5, 60, 740), word("2HE", 5, 130, 740),
    ]);
    const d = parseLabel({ lines, barcodes: [{ format: "Code128", text: "H0IOS08561275718", box: { x: 0, y: 0, w: 1, h: 1 } }] });
    expect(d?.address).toMatchObject({ name: "Amelia Hughes", address: ["12 Orchard Close", "Sheffield"], postcode: "S1 2HE" });
  });

  it("reads an initial I that OCR gave as a bar ('| Ellis-Jones', '|! ROBERTS'), not a frame's edge (fresh seed 1145600887, files 171 and 1128)", () => {
    const w = (text: string, left: number, width: number, height: number, top = 1415): OcrWord => ({ text, left, top, width, height, conf: 93, line: "7.2.1" });
    expect(ocrLines([w("|", 798, 4, 23), w("Ellis-Jones", 817, 153, 30)])[0].text).toBe("I Ellis-Jones");
    expect(ocrLines([w("|!", 68, 9, 33), w("ROBERTS", 95, 228, 33)])[0].text).toBe("I ROBERTS");
    expect(ocrLines([w("|.", 100, 9, 25), w("GREEN", 116, 124, 25)])[0].text).toBe("I. GREEN");
    // A frame's edge: taller than the text, or further from it.
    expect(ocrLines([w("|", 760, 4, 80, 1390), w("Ellis-Jones", 817, 153, 30)])[0].text).toBe("Ellis-Jones");
    expect(ocrLines([w("|", 700, 4, 30), w("Ellis-Jones", 817, 153, 30)])[0].text).toBe("Ellis-Jones");
  });

  it("keeps a sign of a letter's height touching a capitalised word on it: a letter OCR could not read (fixed seed 3217537065, file 2749)", () => {
    const w = (text: string, left: number, width: number, height = 35): OcrWord => ({ text, left, top: 71, width, height, conf: 58, line: "2.1.1" });
    // '=' for the B of BRIGHTBAY: the name reads as noise, not as 'RIGHTBAY DIRECT'.
    const [line] = ocrLines([w("=", 462, 25), w("RIGHTBAY", 492, 264), w("DIRECT", 773, 186, 37)]);
    expect(line.text).toBe("=RIGHTBAY DIRECT");
    expect(plausibleOnly({ courier: "evri", countryCode: "GB", trackingCode: "T07R7E2814025841", fromAddress: { name: "=RIGHTBAY DIRECT", address: [], postcode: "", countryCode: "GB" } }).fromAddress?.name).toBe("");
    // A mark a gap away, or of another height, is a mark.
    expect(ocrLines([w("=", 440, 25), w("RIGHTBAY", 492, 264)])[0].text).toBe("RIGHTBAY");
    expect(ocrLines([w("=", 462, 25, 12), w("RIGHTBAY", 492, 264)])[0].text).toBe("RIGHTBAY");
    expect(ocrLines([w("-", 462, 25), w("RIGHTBAY", 492, 264)])[0].text).toBe("RIGHTBAY");
  });

  it("puts back a postcode whose S was read as $ or whose letter came out twice", () => {
    expect(fixPostcode("$1 2HE")).toBe("S1 2HE");
    expect(fixPostcode("YO31 72ZZ")).toBe("YO31 7ZZ");
    expect(fixPostcode("York YO31 72ZZ")).toBe("York YO31 7ZZ");
    expect(fixPostcode("Flat 12 3AB")).toBe("Flat 12 3AB");
    expect(fixPostcode("Price $1 2HE each")).toBe("Price $1 2HE each");
    // Read in lower case off a scan (seed 39716860, file 295): the inward code's digit makes it one.
    expect(fixPostcode("wrl 9ea")).toBe("WR1 9EA");
    expect(fixPostcode("Ali Bob")).toBe("Ali Bob");
    // The district's digit after one letter, not two ('Elw 1UW': a 200 DPI scan), or read as a small letter after a town
    // ('NiC ODT': a 203 DPI thermal print; fresh seed 3217537065, files 342 and 1618): only a postcode that can exist.
    expect(fixPostcode("Elw 1UW")).toBe("E1W 1UW");
    expect(fixPostcode("London NiC ODT")).toBe("London N1C 0DT");
    expect(fixPostcode("Bristol BSl 4DJ")).toBe("Bristol BS1 4DJ");
    expect(fixPostcode("Croydon CRO 1GB")).toBe("Croydon CR0 1GB");
    for (const kept of ["Leeds Bio 8XF", "Hove Mio ABC", "BS1 4DJ"]) expect(fixPostcode(kept)).toBe(kept);
    // Printed without its space, both zeros read as O, alone on its line (fresh seed 3515107650, file 486, a 300 DPI scan);
    // not a word of five letters, nor one that gives no postcode that can exist.
    expect(fixPostcode("CROOXU")).toBe("CR0 0XU");
    for (const kept of ["NOLAN", "BROOKS", "CROOKS", "Croydon CROOXU"]) expect(fixPostcode(kept)).toBe(kept);
  });

  it("puts back a postcode whose J was read as a bracket, or whose area's O as 0 (generated seed 583019447)", () => {
    expect(fixPostcode("LE1 3)F")).toBe("LE1 3JF");
    expect(fixPostcode("Crewe CW1 5S]")).toBe("Crewe CW1 5SJ");
    expect(fixPostcode("ML15E}")).toBe("ML15EJ"); // a postcode printed without its space, as the parsers take it
    expect(fixPostcode("London E1W 1B]")).toBe("London E1W 1BJ");
    expect(fixPostcode("$014 5UQ")).toBe("SO14 5UQ");
    expect(fixPostcode("Southampton S014 5UQ")).toBe("Southampton SO14 5UQ");
    expect(fixPostcode("Croydon CRO 1GB")).toBe("Croydon CR0 1GB");
    expect(fixPostcode("BLi3TY")).toBe("BL1 3TY");
    expect(fixPostcode("Ali Bob")).toBe("Ali Bob");
    expect(fixPostcode("BOLTON")).toBe("BOLTON");
    // Brackets elsewhere, and a house number, stay as printed.
    expect(fixPostcode("Unit 3 (rear)")).toBe("Unit 3 (rear)");
    expect(fixPostcode("Flat 12 3AB")).toBe("Flat 12 3AB");
  });

  it("puts back an initial I read as 1 and a 'Ship from' heading off by a letter (generated seed 583019447)", () => {
    expect(fixCapitalI("1. Smith")).toBe("I. Smith");
    // A possessive shop name (fresh seed 1747571601, file 206: read 'lain's Studio', dropped as noise).
    expect(fixCapitalI("lain's Studio")).toBe("Iain's Studio");
    // The Irish O read as a zero (fresh seed 3422717994, file 1280).
    expect(fixCapitalI("0 KELLY")).toBe("O KELLY");
    expect(fixCapitalI("0. OKAFOR")).toBe("O. OKAFOR");
    expect(fixCapitalI("0. Okafor-Reid")).toBe("O. Okafor-Reid");
    expect(fixCapitalI("0. 5 kg")).toBe("0. 5 kg");
    // Alone after a name's heading, the surname on the next line (seed 258096912, file 2842, a 150 DPI table photo:
    // 'Sent by: 0' over 'MORRIS'); a field's heading keeps its figure. Headings drawn (SEED printed above).
    const rng = new Rng(`${HEADING_SEED}/zero-after-heading`);
    for (let i = 0; i < 20; i++) {
      const heading = rng.pick(PRINTED_HEADINGS);
      const printed = rng.chance(0.5) ? heading.toUpperCase() : heading;
      const field = /^(?:Weight|Date|Posted|Service):$/.test(heading);
      expect(fixCapitalI(`${printed} 0`), printed).toBe(field ? `${printed} 0` : `${printed} O`);
    }
    for (const kept of ["Parcels: 0", "Weight: 0", "Sent by: 10"]) expect(fixCapitalI(kept), kept).toBe(kept);
    expect(fixCapitalI("Wren & lvy Supplies")).toBe("Wren & Ivy Supplies");
    // A company's end misread as no name's (fresh seed 584889086, file 179: 'pic' dropped as debris, 'Foxhole Outdoor').
    expect(fixCompanyEnd("Foxhole Outdoor pic")).toBe("Foxhole Outdoor plc");
    expect(fixCompanyEnd("Pebble & Pine Print Studio ple")).toBe("Pebble & Pine Print Studio plc");
    expect(fixCompanyEnd("Hazel Print Itd")).toBe("Hazel Print Ltd");
    expect(fixCompanyEnd("Larkspur Tea Ca")).toBe("Larkspur Tea Co");
    expect(fixCompanyEnd("Maria Ca")).toBe("Maria Ca");
    expect(fixCompanyEnd("a pic")).toBe("a pic");
    // Run into the '&' (fixed seed 3217537065, file 1547; fresh seed 3515107650, file 648), not a brand's 'B&Q'.
    expect(fixCapitalI("Wren &lvy Crafts")).toBe("Wren & Ivy Crafts");
    expect(fixCapitalI("B&Q Supplies")).toBe("B&Q Supplies");
    expect(fixCapitalI("Unit 0")).toBe("Unit 0");
    expect(fixCapitalI("1. Fold the label")).toBe("1. Fold the label");
    expect(fixCapitalI("1 Smith Way")).toBe("1 Smith Way");
    // An initial I read with a second stroke (fresh seed 2601711117, file 1245).
    expect(fixCapitalI("Il. MENSAH")).toBe("I. MENSAH");
    expect(fixCapitalI("Il. Fold the label")).toBe("Il. Fold the label");
    // A capital L read as 'I.' inside a word (fresh seed 1089055165, file 1348: 'Ship from: Priya I.efevre').
    expect(fixCapitalI("Ship from: Priya I.efevre")).toBe("Ship from: Priya Lefevre");
    expect(fixCapitalI("I. Efe")).toBe("I. Efe");
    expect(fixCapitalI("i.e. fragile")).toBe("i.e. fragile");
    // An initial I read in lower case or as a backslash before a surname in capitals; an O'name whose O was read as a
    // zero (fresh seed 3017533773: 'TURNER' was given for 'I. Turner', "Thomas 0'Connor" for "Thomas O'Connor").
    expect(fixCapitalI("i. TURNER")).toBe("I. TURNER");
    expect(fixCapitalI("\\, CLARKE")).toBe("I. CLARKE");
    expect(fixCapitalI("i. e. FRAGILE")).toBe("i. e. FRAGILE");
    expect(fixCapitalI("i. Turner Road")).toBe("i. Turner Road");
    expect(fixCapitalI("Thomas 0'Connor")).toBe("Thomas O'Connor");
    expect(fixCapitalI("0'CONNOR")).toBe("O'CONNOR");
    expect(fixCapitalI("Flat 0'2")).toBe("Flat 0'2");
    expect(fixHeading("Ship frem:")).toBe("Ship from:");
    // Its O read as a zero and its T as a one (fresh seed 2601711117, file 281).
    expect(fixHeading("DELIVER 10: Chloé Ward")).toBe("Deliver to: Chloé Ward");
    // A broker's sender heading, its f read as t (fresh seed 2541827600, file 458: 'Collect trom:' was the sender).
    expect(fixHeading("Collect trom:")).toBe("Collect from:");
    expect(fixHeading("Collection adress: Wren & Ivy")).toBe("Collection address: Wren & Ivy");
    expect(fixHeading("Collect from:")).toBe("Collect from:");
    expect(fixHeading("Ship from:")).toBe("Ship from:");
  });

  it("puts back a weight whose digits were read as letters (generated seed 583019447)", () => {
    expect(fixWeight("Weight I51 0OG")).toBe("Weight 15100g");
    expect(fixWeight("O.7kg")).toBe("0.7kg");
    expect(fixWeight("Weight: Z.4kg Date: 07/01/26")).toBe("Weight: 2.4kg Date: 07/01/26");
    // A weight read right, and words, stay as they are.
    for (const t of ["Weight (kg): 0.35", "Weight: 1.3kg", "Weight: SOLO", "Oslo kg", "Weight I51"]) expect(fixWeight(t)).toBe(t);
  });

  it("puts back a kilogram weight whose point OCR read as a space or twice, or whose kg as 'kq'/'ky', without a heading (generated seed 565198608)", () => {
    // '15.3kg' on a 203 DPI thermal print read '15 3kg' gave 3 kg: a wrong weight.
    expect(fixWeight("15 3kg")).toBe("15.3kg");
    expect(fixWeight("Weight: 15 3 kg")).toBe("Weight: 15.3kg");
    expect(fixWeight("1..35kq")).toBe("1.35kg");
    expect(fixWeight("Peel na 0.6 ky")).toBe("Peel na 0.6kg");
    for (const t of ["Weight: 2 of 3", "Printed 12 07 26", "2 x 3kg", "Sky 0.6", "Flat 12 3 Kings Road"]) expect(fixWeight(t)).toBe(t);
  });

  it("puts back a gram weight whose leading 6 OCR read as G, or whose g as 9, after a weight heading (generated seed 3878780346)", () => {
    expect(fixWeight("Weight: G7 0OG")).toBe("Weight: 6700g");
    expect(fixWeight("Weight G1 0OG")).toBe("Weight 6100g");
    expect(fixWeight("Weight: 118009 Date: 04/06/26")).toBe("Weight: 11800g Date: 04/06/26");
    for (const t of ["Weight: GB", "Weight: 2.59", "Weight: 19", "Weight: Gold"]) expect(fixWeight(t)).toBe(t);
  });

  it("puts back a figure of grams alone on its line whose digits OCR read as letters, without a heading (generated seed 1149016970)", () => {
    // Printed '12300g', '1000g', '1150g', '6100g' under the service or a date: 150-400 DPI photos and scans.
    expect(fixWeight("I23 0OG")).toBe("12300g");
    expect(fixWeight("I0 0OG")).toBe("1000g");
    expect(fixWeight("I1 5OG")).toBe("1150g");
    expect(fixWeight("G1 0OG")).toBe("6100g");
    expect(fixWeight("S0Og")).toBe("500g");
    // No figure of grams: postcodes (no inward code ends in O or 0 then G), words, a line with more on it, too few digits.
    for (const t of ["B1 1DG", "SG1 0OG", "IOOOG", "1 log", "I0 0OG Next day", "10G", "Flat 10G", "LOG"]) expect(fixWeight(t)).toBe(t);
  });

  it("drops an underline OCR read after a weight's unit (generated seed 1294003178)", () => {
    // A broker's 300 DPI scan: 'WEIGHT 5.20KG_' gave no weight (the unit was no word's end).
    expect(fixWeight("WEIGHT 5.20KG_ Collection date: 20-05-2026")).toBe("WEIGHT 5.20KG Collection date: 20-05-2026");
    expect(fixWeight("750g__")).toBe("750g");
    for (const t of ["Ref: AB_12", "jo_bloggs_", "Weight: 1.3kg"]) expect(fixWeight(t)).toBe(t);
  });

  it("takes no weight from a figure and a unit on two lines, and reads a 0 OCR read as '@' or '€' in a weight (generated seed 1786234349)", () => {
    // A 203 DPI thermal print: '@.35' (for 0.35) read at confidence 0 and dropped left 'KG' alone under 'DATE: 5 Aug 2026',
    // which gave 2,026 kg; dropped as over the limit, but it kept the weight line from being read again.
    expect(weightGrams("DATE: 5 Aug 2026\nKG")).toBeNull();
    expect(weightGrams("Parcel 1 of 2\nkg")).toBeNull();
    // A street's number before a word whose capital G OCR split off it (fresh seed 1828812012, file 580, a 240 DPI table photo).
    expect(weightGrams("Return address:\nOld Forge Goods\n159G eorgeAvenue\nLondon")).toBeNull();
    for (const [text, grams] of [["450G", 450], ["450 G\nLondon", 450], ["Small parcel 750g net", 750], ["250 grams", 250], ["250 GRAMS", 250]] as const) expect(weightGrams(text), text).toBe(grams);
    expect(weightGrams("Weight\n1.2 kg")).toBe(1200);
    expect(weightGrams("Weight (kg):\n2.60")).toBe(2600);
    // A heading whose line ends in a bare figure holds the weight's first figure, read apart ('Weight:1' / '2600g' for
    // 12600 g: rehearsal ci-83, gate seed 1014088097, file 536, a 300 DPI photo): none, not 2,600 g.
    expect(weightGrams("STANDARD DELIVERY\nWeight:1\n2600g\nFrom:")).toBeNull();
    expect(weightGrams("Weight: 1\n0.35 kg")).toBeNull();
    expect(weightGrams("Weight: 12600g\nParcel 1 of 1")).toBe(12600);
    expect(weightGrams("Weight:\n2600g")).toBe(2600);
    expect(fixWeight("@.35 KG")).toBe("0.35kg");
    expect(fixWeight("€.35 KG")).toBe("0.35kg");
    for (const t of ["jo@x.kg", "€5 off"]) expect(fixWeight(t)).toBe(t);
  });

  it("picks the lines to read again for a weight: a heading with no figure, a figure whose unit gives none (generated seeds 1149016970, 1294003178)", () => {
    const line = (text: string) => ({ text, x: 10, y: 10, size: 20, width: 100 });
    const picked = weightCandidates(["Weight:", "WEIGHT", "2.90k", "750 9g", "Wt: 1,2 kq Ref 5", "KG"].map(line)).map((l) => l.text);
    expect(picked).toEqual(["Weight:", "WEIGHT", "2.90k", "750 9g", "Wt: 1,2 kq Ref 5", "KG"]);
    // Lines that give a weight, or hold no weight at all.
    expect(weightCandidates(["Weight: 1.2kg", "750g", "Printed: 07/01/26", "Flat 2A", "12 King Street", "Hackney E8 1AB", "Postage Paid GB", "Big"].map(line))).toEqual([]);
  });

  it("puts back a weight whose unit was read with a letter too many or a q for its g (generated seed 1329675666)", () => {
    expect(fixWeight("Weight: 5,100 yg")).toBe("Weight: 5,100g");
    expect(fixWeight("Wt: 1.25 kq")).toBe("Wt: 1.25kg");
    for (const t of ["Weight: 2 of 3", "Weight: 5,100 bags"]) expect(fixWeight(t)).toBe(t);
  });

  it("knows a postcode that can exist from one that only has its shape, and puts back the one a stray letter hid (generated seed 1329675666)", () => {
    for (const pc of ["SW1A 1AA", "W1A 1AA", "EC1A 1BB", "E1W 1AA", "CR0 1GB", "KY16 3NY", "HX1 5YJ", "ZE1 0AA"]) expect(isRealPostcode(pc)).toBe(true);
    // No area WW, XX or QA; a letter after the district only in central London; no C, I, K, M, O or V inward.
    for (const pc of ["WW2 8AQ", "XX1 1AA", "QA1 1AA", "BR1I 5JW", "TD1I 9FT", "B1A 1AA", "HA1 5YC", "HA1 5OJ"]) expect(isRealPostcode(pc)).toBe(false);
    // No two-figure district begins with 0 (run J, fresh seed 3605086469, file 1514: 'CO01 2WS' for CO1 2WS); a 0 alone is one.
    for (const pc of ["CO01 2WS", "SE05 1AA", "B09 1AA", "LS00 1AB"]) expect(isRealPostcode(pc), pc).toBe(false);
    for (const pc of ["BS0 1AA", "SE10 1AA", "B90 1AA"]) expect(isRealPostcode(pc), pc).toBe(true);
    // A 203 DPI thermal print and a 240 DPI scan: a letter read twice, an I after the district.
    expect(fixPostcode("BR1I 5JW")).toBe("BR1 5JW");
    expect(fixPostcode("WW2 8AQ")).toBe("W2 8AQ");
    expect(fixPostcode("Galashiels TD1I 9FT")).toBe("Galashiels TD1 9FT");
    // Two real ways back (or none): left as read, and the reading then gives no postcode.
    expect(fixPostcode("SSE1 1AA")).toBe("SSE1 1AA");
    expect(fixPostcode("HA1 5YJ")).toBe("HA1 5YJ");
  });

  it(`reads a letter after the district that no district has there, and that looks like a digit, as that digit (gate seed 1875347505, file 388: 'SE1S 1SZ'; drawn, SEED=${HEADING_SEED})`, () => {
    // A central London district's letter is one the format allows there: after AA9 one of ABEHMNPRVWXY, after A9 one of ABCDEFGHJKPSTUW.
    for (const pc of ["SE1S 1SZ", "SE1L 7ZW", "SW1O 2AB", "W1L 2AB", "EC1S 1AA"]) expect(isRealPostcode(pc), pc).toBe(false);
    for (const pc of ["SE1P 5AB", "W1S 1AA", "EC1V 9AA", "WC2H 8AA", "N1C 4AA", "E1W 1AA", "NW1W 8AA"]) expect(isRealPostcode(pc), pc).toBe(true);
    expect(fixPostcode("London SE1S 1SZ")).toBe("London SE15 1SZ");
    expect(fixPostcode("Cardiff CF1O 6TW")).toBe("Cardiff CF10 6TW");
    // An I or an L after a 1: the 1 read twice, the letter dropped (gate seed 359445321, file 736: 'SE1L 7ZW' for SE1 7ZW).
    expect(fixPostcode("London SE1L 7ZW")).toBe("London SE1 7ZW");
    expect(fixPostcode("BR1I 5JW")).toBe("BR1 5JW");
    const rng = new Rng(`${HEADING_SEED}/district-digit`);
    const looks: Record<string, string> = { "0": "O", "5": "S", "8": "B", "2": "Z", "6": "G" };
    let drawn = 0;
    for (let k = 0; k < 200; k++) {
      const area = rng.pick(["SE", "SW", "NW", "EC", "WC", "E", "N", "W", "B", "M", "L", "G", "S", "CF", "LS", "BS", "NE", "PO", "KY", "BT"]);
      const printed = `${area}${rng.int(1, 9)}${rng.pick(Object.keys(looks))} ${rng.int(0, 9)}${rng.chars(2, "ABDEFGHJLNPQRSTUWXYZ")}`;
      const misread = printed.replace(/\d(?= )/, (d) => looks[d]);
      const town = rng.pick(["", "London ", "Leeds "]);
      const drawnCase = JSON.stringify({ k, printed, misread });
      expect(fixPostcode(`${town}${printed}`), drawnCase).toBe(`${town}${printed}`);
      // A letter a central London district may have there is that district: which was printed is not known.
      if (isRealPostcode(misread)) continue;
      drawn++;
      expect(fixPostcode(`${town}${misread}`), drawnCase).toBe(`${town}${printed}`);
    }
    expect(drawn).toBeGreaterThan(150);
  });

  it("puts back a capital I read as l at the start of a name, and leaves lower-case words alone", () => {
    // Generated scans (seed 39716860): 'lain Niamh Thompson', 'Sold by: lronbridge Studio'.
    expect(fixCapitalI("lain Niamh Thompson")).toBe("Iain Niamh Thompson");
    expect(fixCapitalI("Sold by: lronbridge Studio")).toBe("Sold by: Ironbridge Studio");
    expect(fixCapitalI("Mr lan Smith")).toBe("Mr Ian Smith");
    for (const line of ["Renée de la Cruz", "Posted on lane 4", "12 lower Road", "Bob ltd", "lain", "Deliver to: lain"]) expect(fixCapitalI(line)).toBe(line);
  });

  it("puts back a postcode printed without its space, and leaves words that are not one", () => {
    expect(fixPostcode("0X187SG")).toBe("OX18 7SG");
    expect(fixPostcode("5G16NZ")).toBe("SG1 6NZ");
    // Not fixed: already a postcode as printed, a town, a reference with one digit, a house number.
    for (const line of ["OX187SG", "SG16NZ", "LONDON", "BURFORD", "Leeds LS115TD", "C-ROUND 7123"]) expect(fixPostcode(line)).toBe(line);
  });

  it("reads a name's line again enlarged where the Latin reading does not hold it, keeping the first where the second holds it no better, only with an l for an I, or lost an accent (fixed seed 3217537065, files 750 and 1094)", async () => {
    const crop: Grey = { data: new Uint8Array(40 * 10).fill(255), width: 40, height: 10 };
    // A reader that answers by the crop's scale, and what it was asked to read (width, dpi).
    const reader = (atPage: string, enlarged: string) => {
      const asked: [number, number][] = [];
      const read = async (img: Grey, dpi?: number) => {
        asked.push([img.width, dpi ?? 0]);
        return img.width === crop.width ? atPage : enlarged;
      };
      return { asked, read };
    };
    let r = reader("Isla Hussan", "Isla Hussain");
    expect(await latinReading("Isla Hussain", [crop], 300, holdsName, r.read)).toBe("Isla Hussain");
    expect(r.asked).toEqual([[40, 300], [80, 600]]);
    // A name broken over two lines: both read again.
    r = reader("MARWOỌOOD", "MARWOOD");
    expect(await latinReading("MARWOOD", [crop, crop], 300, holdsName, r.read)).toBe("MARWOOD MARWOOD");
    expect(r.asked).toEqual([[40, 300], [40, 300], [80, 600], [80, 600]]);
    // Held at once: read once.
    r = reader("Isla Hussain", "Isla Hussan");
    expect(await latinReading("Isla Hussain", [crop], 300, holdsName, r.read)).toBe("Isla Hussain");
    expect(r.asked).toHaveLength(1);
    // The second reading holds it no better, or holds it by losing the mark the first saw (Müller): the first stays.
    r = reader("Isla Hussan", "Isla Hussin");
    expect(await latinReading("Isla Hussain", [crop], 300, holdsName, r.read)).toBe("Isla Hussan");
    r = reader("Yusuf Müllor", "Yusuf Muller");
    expect(await latinReading("Yusuf Muller", [crop], 300, holdsName, r.read)).toBe("Yusuf Müllor");
    // A letter read twice, plain then with its mark, is read once (undoubled): the first then holds the name.
    r = reader("Yusuf Muüller", "Yusuf Muller");
    expect(await latinReading("Yusuf Muller", [crop], 300, holdsName, r.read)).toBe("Yusuf Müller");
    // Letter for letter only: the page's l for an I is no reading of it (fresh seed 892709032, file 915).
    r = reader("The Irenbridge Home", "The Ironbridge Home");
    expect(await latinReading("The lronbridge", [crop], 300, holdsName, r.read)).toBe("The Irenbridge Home");
    // Without the check, never read again.
    r = reader("Isla Hussan", "Isla Hussain");
    expect(await latinReading("Isla Hussain", [crop], 300, undefined, r.read)).toBe("Isla Hussan");
    expect(r.asked).toHaveLength(1);
  });

  it("takes a sender's name from a sparse reading of the page where the page's reading lost it, only from the same label and never the recipient's (fixed seed 3217537065, file 587)", () => {
    const block = (name: string, postcode: string, address: string[] = []) => ({ name, address, postcode, countryCode: "GB" });
    const page = { courier: "evri", trackingCode: "HUQDT69088272955", address: block("Grace Morris", "PA20 6NU", ["74A Market Mews"]), fromAddress: block("", "DY1 4WG", ["Dudley"]) } as unknown as LabelDetails;
    const sparse = { ...page, fromAddress: block("Redwing Design", "DY1 4WG", ["218B Bridge Crescent", "Dudley"]), sendAddress: block("Redwing Design", "DY1 4WG") } as unknown as LabelDetails;
    const got = senderFromSparse(page, sparse);
    expect(got?.fromAddress).toEqual(block("Redwing Design", "DY1 4WG", ["Dudley"]));
    expect(got?.sendAddress?.name).toBe("Redwing Design");
    expect(got?.address).toEqual(page.address);
    // Not the same label, not the same recipient, the recipient's name, another block's postcode, no name: none.
    expect(senderFromSparse(page, { ...sparse, trackingCode: "H0000000000000" })).toBeNull();
    expect(senderFromSparse(page, { ...sparse, address: block("Grace Morris", "PA2 6NU") })).toBeNull();
    expect(senderFromSparse(page, { ...sparse, fromAddress: block("Grace Morris", "DY1 4WG"), sendAddress: null })).toBeNull();
    expect(senderFromSparse(page, { ...sparse, fromAddress: block("Redwing Design", "DY1 4WQ"), sendAddress: null })).toBeNull();
    expect(senderFromSparse(page, { ...sparse, fromAddress: block("", "DY1 4WG"), sendAddress: null })).toBeNull();
    expect(senderFromSparse(page, null)).toBeNull();
  });

  it("keeps a word of the English model's list where the Latin reading put one accented letter for two of its letters (fresh seed 791838569, file 512)", async () => {
    // A 150 DPI scan: 'Atlas Goods', the Latin reading 'Aïas Goods', was given as 'Aïas Goods'.
    expect(await keptWords("Atlas Goods", withAccents("Atlas Goods", "Aïas Goods") ?? "")).toBe("Atlas Goods");
    // A name the readings voted for is given its accents so too (votedNames).
    expect(await votedAccents("Atlas Goods", "Aïas Goods")).toBe("Atlas Goods");
    expect(await votedAccents("Mx Imogen Quifiones", "Mx Imogen Quiñones")).toBe("Mx Imogen Quiñones");
    expect(await votedAccents("Zoe Muller", "Zoë Müller")).toBe("Zoë Müller");
    // Two letters the English model read for one it does not know make no listed word: the accent stays.
    expect(await keptWords("Mx Imogen Quifiones", withAccents("Mx Imogen Quifiones", "Mx Imogen Quiñones") ?? "")).toBe("Mx Imogen Quiñones");
    expect(await keptWords("Zoé Miller", "Zoë Müller")).toBe("Zoë Müller");
    const seed = process.env.SEED || freshSeed();
    const rng = new Rng(`${seed}/kept-words`);
    let listedSeen = 0;
    for (let k = 0; k < 120; k++) {
      const name = rng.pick([shopName, companyName])(rng);
      const words = name.split(" ");
      const at = rng.int(0, words.length - 1);
      const word = words[at];
      if (!/^\p{L}{4,}$/u.test(word)) continue;
      // Two of its letters read as one accented letter, anywhere in it.
      const i = rng.int(1, word.length - 2);
      const misread = word.slice(0, i) + rng.pick(["ï", "ü", "ñ", "é", "ø"]) + word.slice(i + 2);
      const fixed = words.map((w, j) => (j === at ? misread : w)).join(" ");
      const drawn = JSON.stringify({ seed, k, name, fixed });
      const listed = await isListedWord(word.toLowerCase());
      listedSeen += Number(listed);
      expect(await keptWords(name, fixed), drawn).toBe(listed ? name : fixed);
      // One accented letter for one of the word's letters is an accent, kept.
      const marked = words.map((w, j) => (j === at ? word.slice(0, i) + "é" + word.slice(i + 1) : w)).join(" ");
      expect(await keptWords(name, marked), drawn).toBe(marked);
    }
    expect(listedSeen).toBeGreaterThan(20);
  });

  it("takes a second reading's accents, never its other letters", () => {
    expect(withAccents("Sean O Briain", "Seán Ó Briain")).toBe("Seán Ó Briain");
    expect(withAccents("SEAN O BRIAIN", "SEÁN Ó BRIAIN")).toBe("SEÁN Ó BRIAIN");
    // The English model's only accent is é, and it has no ü: 'Zoë Müller' came back 'Zoé Miller'.
    expect(withAccents("Zoé Miller", "Zoë Müller")).toBe("Zoë Müller");
    expect(withAccents("Lukasz Wojcik", "Łukasz Wójcik")).toBe("Łukasz Wójcik");
    // Inside a longer line; nothing to add; other letters differ.
    expect(withAccents("Cafe Zoe", "From: Café Zoë")).toBe("Café Zoë");
    expect(withAccents("Tidewater Tea Co", "From: Tidewater Tea Co")).toBeNull();
    expect(withAccents("Jane Smith", "Jane Smlth")).toBeNull();
    // A digit in a name is noise ('O6zturk'); the Latin model's Vietnamese 'Ọ' for a smudged O is no accent (seed 1390630706, files 112 and 870).
    expect(withAccents("Dr C O6zturk", "Dr C Öztürk")).toBe("Dr C Öztürk");
    expect(withAccents("MARWOOD KIDS", "MARWỌOD KIDS")).toBeNull();
    expect(withAccents("Dr C Ö6ztürk", "Dr C Öztürk")).toBeNull();
    // Word by word: a letter misread in another word does not stop this one's accent.
    expect(withAccents("Jane Smith", "Jáne Sm1th")).toBe("Jáne Smith");
    // No ñ in the English model: 'Quiñones' came back 'Quifiones' (two letters for one).
    expect(withAccents("Mx Imogen Quifiones", "Mx Imogen Quiñones")).toBe("Mx Imogen Quiñones");
    expect(withAccents("O'Connor", "Ó'Connor")).toBe("Ó'Connor");
    expect(withAccents("Jane Smith", "Jane Smith")).toBeNull();
    // Two words the second reading ran together (a 600 DPI photo, fresh seed 3215497301).
    expect(withAccents("James Anais Llewellyn", "JamesAnaïs Llewellyn")).toBe("James Anaïs Llewellyn");
    // A gap one reading lost: the name keeps its own gaps (fresh seed 3474335258, files 264 and 219).
    expect(withAccents("DR. SEANNAKAMURA", "DR.SEÁNNAKAMURA")).toBe("DR. SEÁNNAKAMURA");
    expect(withAccents("DrDOSuilleabhain", "DrD Ó Súilleabháin")).toBe("DrDÓSúilleabháin");
    // A letter and an '@' for one ø (fresh seed 3515107650, file 1107, a 150 DPI photo: 'Mei Seøren ap Rhys').
    expect(withAccents("Mei Se@ren ap Rhys", "Mei Søren ap Rhys")).toBe("Mei Søren ap Rhys");
    // Two letters for one in a word in capitals: the accented letter a capital too (fresh seed 258096912, file 2095).
    expect(withAccents("ANAiIS SMITH", "ANAÏS SMITH")).toBe("ANAÏS SMITH");
  });

  it(`keeps an accented letter put for two a capital in a name printed in capitals (drawn, SEED=${HEADING_SEED})`, () => {
    let drawn = 0;
    for (let k = 0; k < 400; k++) {
      const rng = new Rng(`${HEADING_SEED}/capitals/${k}`);
      const name = personName(rng).toUpperCase();
      const at = [...name].findIndex((c) => c !== c.normalize("NFD").replace(/\p{M}/gu, "") && /\p{Lu}/u.test(c));
      if (at < 0) continue;
      drawn++;
      // The English reading: the name without accents, the accented letter read as its small and its capital letter ('ANAiIS').
      const plain = [...name].map((c) => c.normalize("NFD").replace(/\p{M}/gu, ""));
      const english = [...plain.slice(0, at), plain[at].toLowerCase() + plain[at], ...plain.slice(at + 1)].join("");
      const got = withAccents(english, name);
      // Never a small accented letter among capitals; the name whole where the second reading gives it.
      if (got !== null) expect(got, JSON.stringify({ k, english, name })).toBe(got.toUpperCase());
      expect(got === null || got === name, JSON.stringify({ k, english, name, got })).toBe(true);
    }
    expect(drawn).toBeGreaterThan(20);
  });

  // Fresh seed 1747571601 (images): the Latin model's reading of a name's line holds its accents
  // but reads worse than the English one elsewhere, so the whole name never matched and 8 names of
  // 200 images lost their accents. Each word takes its accents from the closest word read there.
  it.each([
    ["SHIP FROM: MX JOAOQOUÍN ROBINSON", "MX JOAQUIN ROBINSON", "MX JOAQUÍN ROBINSON"],
    ["nEiIVER TO PROF BIÖRN ÖZTÜRK", "PROF BJORN OZTURK", "PROF BJÖRN ÖZTÜRK"],
    ["hote Lefèv re", "Aoife Lefevre", "Aoife Lefèvre"],
    ["Anaiïs Clarke", "Anais Clarke", "Anaïs Clarke"],
    ["Fi rançois Davies", "Francois Davies", "François Davies"],
    // A letter the English model does not know read as a digit (fresh seed 4041973351, files 0 and 37).
    ["Zsófia O'Brien", "Zs6fia O'Brien", "Zsófia O'Brien"],
    ["Wei Ó Súilleabháin", "Wei 6 Siilleabhain", "Wei Ó Súilleabháin"],
  ])("takes the accents of a second reading that differs elsewhere too (%j)", (latin, name, want) => {
    expect(withAccents(name, latin)).toBe(want);
  });

  it("reads again every line of a name a narrow column broke ('Mx H' / 'Oztiirk', seed 1747571601 file 638)", () => {
    const at = (y: number, text: string) => ({ text, x: 70, y, size: 33 });
    const lines = [at(263, "SHIP TO"), at(309, "Mx H"), at(351, "Oztiirk"), at(408, "192 Fore Court"), at(455, "Guildford")];
    expect(linesOfName(lines, "Mx H Oztiirk").map((l) => l.text)).toEqual(["Mx H", "Oztiirk"]);
    expect(linesOfName(lines, "192 Fore Court").map((l) => l.text)).toEqual(["192 Fore Court"]);
    // Its first words after a heading (fresh seed 3217537065, file 1832).
    const headed = [at(246, "FROM Hazel & Hive Tea"), at(290, "Co"), at(340, "117 Foxglove Terrace")];
    expect(linesOfName(headed, "Hazel & Hive Tea Co").map((l) => l.text)).toEqual(["FROM Hazel & Hive Tea", "Co"]);
    expect(linesOfName(headed, "Hive Tea Co").map((l) => l.text)).toEqual(["FROM Hazel & Hive Tea", "Co"]);
  });

  it("finds the line of a name the layout mended: a '!' read for an I (fresh seed 683783121, file 777)", () => {
    const at = (y: number, text: string) => ({ text, x: 156, y, size: 41 });
    const lines = [at(386, "VAN 119"), at(473, "WE! MACLEOD"), at(535, "UNIT 24, MERCER HOUSE"), at(598, "110 MEADOW MEWS")];
    expect(linesOfName(lines, "WEI MACLEOD").map((l) => l.text)).toEqual(["WE! MACLEOD"]);
    expect(linesOfName([at(473, "Danie! Johnson")], "Daniel Johnson").map((l) => l.text)).toEqual(["Danie! Johnson"]);
    // Not another name's line, nor a line that holds a short name's letters by chance.
    expect(linesOfName(lines, "WEI MACLEAN")).toEqual([]);
    expect(linesOfName(lines, "Uni")).toEqual([]);
  });

  it(`reads once a letter the Latin model read twice, plain or dotted then with its diaeresis or stroke ('Zoėë', 'Soøren') (drawn, SEED=${HEADING_SEED})`, () => {
    // Fresh SEED=969544535, file 2727, a 400 DPI scan: "Zoėë O'Connor" for Zoë O'Connor, the name given as none.
    expect(withAccents("Zoé O'Connor", undoubled("Zoėë O'Connor", "Zoé O'Connor"))).toBe("Zoë O'Connor");
    expect(withAccents("Seren Ni Bhriain", undoubled("Soøren Ni Bhriain", "Seren Ni Bhriain"))).toBe("Søren Ni Bhriain");
    // A letter the page's reading has twice stays twice; another mark after a letter is not a doubled one.
    expect(undoubled("Coöper", "Cooper")).toBe("Coöper");
    expect(undoubled("Pennyroyàál", "Pennyroyal")).toBe("Pennyroyàál");
    let drawn = 0;
    for (let k = 0; k < 600; k++) {
      const rng = new Rng(`${HEADING_SEED}/doubled/${k}`);
      const name = rng.chance(0.5) ? personName(rng) : shopName(rng);
      const plain = [...name].map((c) => (c === "ø" ? "o" : c === "Ø" ? "O" : c.normalize("NFD").replace(/\p{M}/gu, ""))).join("");
      // A reading without a doubled letter is kept as read.
      expect(undoubled(name, plain)).toBe(name.normalize("NFC"));
      const chars = [...name];
      const at = chars.findIndex((c) => /[øØ]/u.test(c) || c.normalize("NFD").includes("\u0308"));
      if (at < 0 || plain.toLowerCase().includes(plain[at].toLowerCase().repeat(2))) continue;
      drawn++;
      // The letter read first without its mark (an i keeps its own dot) or with one dot, then as printed.
      const first = plain[at] === "i" || rng.chance(0.5) ? plain[at] : `${plain[at]}\u0307`.normalize("NFC");
      const latin = [...chars.slice(0, at), first, ...chars.slice(at)].join("");
      expect(withAccents(plain, undoubled(latin, plain)), JSON.stringify({ k, latin, plain })).toBe(withAccents(plain, name));
      expect(withAccents(plain, name)).not.toBeNull();
    }
    expect(drawn).toBeGreaterThan(10);
  });

  it("takes an ø OCR read as '@', and no two letters of one word changed for accented ones (fresh seed 1145600887, files 860 and 918)", () => {
    expect(withAccents("Miss S S@rensen", "Miss S Sørensen")).toBe("Miss S Sørensen");
    expect(withAccents("ANAIS LLEWELLYN", "AÏŤS LLEWELLYN")).toBeNull();
    // 'İ' and 'ı' are the Latin model's readings of i and l, not accents; nor ė, its reading of a mark over an e it could
    // not name (seed 258096912, file 796: 'Chloė Morgan' for Chloé).
    expect(withAccents("Joaquín Hiil", "Joaquín Hiİl")).toBeNull();
    expect(withAccents("Chloé Morgan", "Chloė Morgan")).toBeNull();
    expect(withAccents("Hélene Wilson", "Hélėne Wilson")).toBeNull();
    expect(withAccents("Zoe Williams", "Zoė Williams")).toBeNull();
    expect(withAccents("CIARA", "CIARÀ")).toBeNull();
    expect(withAccents("Oscar D'Arcy", "Oscàr D'Arcy")).toBeNull();
    expect(withAccents("DANIEL O SUILLEABHAIN", "DANIEL Ó SŰILLEABHÁIN")).toBe("DANIEL Ó SUILLEABHÁIN");
    expect(withAccents("Chidi O Suilleabhain", "Chidi Ó Súilleabhåin")).toBe("Chidi Ó Súilleabhain");
    expect(withAccents("Aoife Lefevre", "Aoife Lefèvre")).toBe("Aoife Lefèvre");
  });

  it("takes no accent from a word read too differently, nor a plain letter from anywhere", () => {
    expect(withAccents("Ffion Kelly", "Ffion Keliy")).toBeNull();
    expect(withAccents("Mr J Doe", "Mr Jó Doe")).toBeNull();
    expect(withAccents("Aoife Lefevre", "Aoife Lèfxyrz")).toBeNull();
    expect(withAccents("Jose Smith", "Jose Smith Ó")).toBeNull();
  });

  it("takes no macron: the Latin model's reading of a rule or smudge over a vowel (fresh seed 2601711117, file 1167)", () => {
    expect(withAccents("Freya Harris", "Freyā Hārris")).toBeNull();
    expect(withAccents("FREYA HARRIS", "FREYĀ HARRIS")).toBeNull();
    expect(withAccents("Freya Muller", "Freyā Müller")).toBe("Freya Müller");
    // Nor a breve: two letters read as one ('Faŭma' for Fatima: fresh seed 3515107650, file 138); Romanian's ă stays.
    expect(withAccents("Fatima Singh", "Faŭma Singh")).toBeNull();
    expect(withAccents("Stefanescu", "Ștefănescu")).toBe("Ștefănescu");
  });
});

describe("lines read again", () => {
  // One page and its reading for the tests below (a page's OCR is the slow part).
  let read: Promise<{ page: Grey; lines: ReturnType<typeof ocrLines> }> | null = null;
  const evriPage = () =>
    (read ??= (async () => {
      const page = invertReversedBoxes(toGrey(await labelPixels(fixture("evri-accents-300dpi.png"), 1)));
      return { page, lines: ocrLines((await recognise(page, 300)).words) };
    })());

  it("reads again what Tesseract merged into a large logo's line: the service right of 'evri'", async () => {
    const { page, lines } = await evriPage();
    const logo = lines.find((l) => l.text === "evri")!;
    expect(lines.some((l) => l.text === "NEXT DAY")).toBe(true);
    // As a generated scan came out (seed 39716860, file 888): Tesseract's line of the logo, more than
    // twice the usual height, took in the small lines right of it as one letter of its height.
    const tall = { ...logo, size: 120 };
    const merged = [...lines.filter((l) => l !== logo && l.text !== "NEXT DAY"), tall, { text: "i", x: logo.x + 500, y: logo.y, size: 120, width: 20 }];
    const again = await rereadBesideLogo(merged, page, 300);
    expect(again.map((l) => l.text)).toContain("NEXT DAY");
    expect(again.map((l) => l.text)).not.toContain("i");
    expect(again.filter((l) => l.y > logo.y + 2 * logo.size)).toEqual(lines.filter((l) => l.y > logo.y + 2 * logo.size));
    // Nothing merged: nothing read again.
    expect(await rereadBesideLogo(lines, page, 300)).toBe(lines);
  });

  it("reads the top of the page again on its own where the page's reading skipped the service printed there", async () => {
    const { page, lines } = await evriPage();
    // As scans and thermal prints of fresh seed 946120337 came out ('48HR', 'Tracked 48' in a framed box): the
    // page's layout analysis skipped the bold service at the top, and the label lost its service.
    const lost = lines.filter((l) => l.text !== "NEXT DAY");
    expect(parseLabel({ lines: lost, barcodes: [] })?.serviceCode ?? null).toBeNull();
    const again = await rereadTop(lost, page, 300);
    expect(again.map((l) => l.text)).toContain("NEXT DAY");
    const below = (ls: typeof lines) => ls.filter((l) => l.y > page.height * 0.15);
    expect(below(again)).toEqual(below(lines));
  });

  it("reads again a weight another reading of the page gave otherwise, and keeps it only where both models agree", async () => {
    const { page, lines } = await evriPage();
    const weight = lines.find((l) => weightGrams(l.text) === 750)!;
    // As the black-and-white reading of a flattened marketplace PDF gave 'Weight (kg): 0.35' (fixed seed 3636036, file
    // 96): '9.35', kept for the postcode that reading found, was 9,350 g.
    const misread = lines.map((l) => (l === weight ? { ...l, text: l.text.replace("750", "9750") } : l));
    expect(await checkedWeight(misread, page, 300, 9750)).toBe(750);
    // Its line where nothing is printed (a figure OCR made of a mark): none.
    expect(await checkedWeight([{ ...weight, text: "9750g", y: page.height - 4 * weight.size }], page, 300, 9750)).toBeNull();
  });
});

describe("pages made ready for OCR", () => {
  const page = async (name: string) => toGrey(await labelPixels(fixture(name), 1));

  it("takes a label image's resolution from its shape, and enlarges a low one to about 300 DPI", () => {
    expect(printDpi(1200, 1800)).toBe(300);
    expect(printDpi(812, 1218)).toBe(203);
    expect(printDpi(1800, 1200)).toBe(300);
    expect(printDpi(2480, 3508)).toBe(300); // an A4 page: unknown, taken as 300
    const small: Grey = { data: new Uint8Array(600 * 900).fill(255), width: 600, height: 900 };
    expect(atOcrResolution(small, 150, 2400)).toMatchObject({ dpi: 300, grey: { width: 1200, height: 1800 } });
    const label: Grey = { data: new Uint8Array(1200 * 1800).fill(255), width: 1200, height: 1800 };
    expect(atOcrResolution(label, 300, 2400).grey).toBe(label);
  });

  it("paints out the desk around a photo of a label turned on it, and leaves a page with paper at its border as it is", () => {
    // A 600x800 photo: a desk (70, with grain) and the label (235) turned 4 degrees about (300, 400),
    // 400x600, a line of text (0) across it. Rows and columns cross its turned edges: paperOnly cannot cut it.
    const [w, h] = [600, 800];
    const a = (4 * Math.PI) / 180;
    const photo: Grey = { data: new Uint8Array(w * h), width: w, height: h };
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const u = Math.cos(a) * (x - 300) + Math.sin(a) * (y - 400);
        const v = -Math.sin(a) * (x - 300) + Math.cos(a) * (y - 400);
        const onPaper = Math.abs(u) <= 200 && Math.abs(v) <= 300;
        const ink = onPaper && Math.abs(v + 200) <= 8 && Math.abs(u) <= 150;
        photo.data[y * w + x] = ink ? 0 : onPaper ? 235 : 70 + ((x * 7 + y * 13) % 20);
      }
    }
    expect(paperOnly(photo)).toBe(photo);
    const off = offDesk(photo);
    // Cut to the turned paper's extent (about 442x627), the desk in its corners white, the ink kept.
    expect(off.width).toBeGreaterThan(420);
    expect(off.width).toBeLessThan(470);
    expect(off.height).toBeGreaterThan(600);
    expect(off.height).toBeLessThan(650);
    expect(off.data[0]).toBe(255);
    expect(off.data[off.data.length - 1]).toBe(255);
    expect(off.data.reduce((m, v) => Math.min(m, v), 255)).toBe(0);
    expect([...off.data].filter((v) => v > 60 && v < 110).length).toBeLessThan(off.data.length * 0.01);
    // A label image (paper to its border) is no photo on a desk.
    const label: Grey = { data: new Uint8Array(800 * 1200).fill(255), width: 800, height: 1200 };
    for (let y = 100; y < 1100; y += 30) label.data.fill(0, y * 800 + 60, y * 800 + 500);
    expect(offDesk(label)).toBe(label);
  });

  it("cuts a label out of a viewer's grey surround, and leaves a label image with white margins whole", () => {
    // A 1366x768 screenshot: grey surround (90), a dark toolbar, the label (white, with text) at 480-880 x 100-700.
    const shot: Grey = { data: new Uint8Array(1366 * 768).fill(90), width: 1366, height: 768 };
    for (let y = 0; y < 40; y++) shot.data.fill(40, y * 1366, (y + 1) * 1366);
    for (let y = 100; y < 700; y++) shot.data.fill(255, y * 1366 + 480, y * 1366 + 880);
    for (let y = 150; y < 650; y += 30) shot.data.fill(0, y * 1366 + 500, y * 1366 + 700);
    const cut = paperOnly(shot);
    expect([cut.width, cut.height]).toEqual([400, 600]);
    expect(cut.data[50 * 400 + 20]).toBe(0);
    // A label image: white margins around it are paper, nothing is cut.
    const label: Grey = { data: new Uint8Array(800 * 1200).fill(255), width: 800, height: 1200 };
    for (let y = 100; y < 1100; y += 30) label.data.fill(0, y * 800 + 60, y * 800 + 500);
    expect(paperOnly(label)).toBe(label);
    // A shadow fading from dark grey at the left to paper at the middle is part of the label.
    const shaded: Grey = { data: label.data.map((v, i) => Math.min(v, 70 + Math.min(185, Math.round(((i % 800) / 400) * 185)))), width: 800, height: 1200 };
    expect(paperOnly(shaded)).toBe(shaded);
  });

  it("keeps paper shaded by uneven light: the grey top of a photographed label on a dark desk (generated seed 1329675666)", () => {
    // A 600x900 photo: a desk (50), the label at 100-500 x 100-800, grey (210) over its top fifth and white below, text on both.
    const photo: Grey = { data: new Uint8Array(600 * 900).fill(50), width: 600, height: 900 };
    for (let y = 100; y < 800; y++) photo.data.fill(y < 240 ? 210 : 255, y * 600 + 100, y * 600 + 500);
    for (let y = 130; y < 780; y += 40) photo.data.fill(0, y * 600 + 130, y * 600 + 400);
    const cut = paperOnly(photo);
    // The shaded top (with the service printed on it) is kept; the desk goes.
    expect(cut.height).toBeGreaterThanOrEqual(700);
    expect(cut.height).toBeLessThan(720);
    expect(cut.width).toBeLessThan(420);
  });

  it("finds how far a page's text is turned and levels it", async () => {
    const upright = await page("evri-300dpi.png");
    expect(skewAngle(upright)).toBe(0);
    for (const deg of [1.5, -2.2]) {
      const turned = turnGrey(upright, deg);
      expect(Math.abs(skewAngle(turned) - deg)).toBeLessThanOrEqual(0.15);
      expect(Math.abs(skewAngle(levelled(turned)))).toBeLessThanOrEqual(0.15);
    }
  });

  // A generated 200 DPI scan turned 2° (seed 39716860, file 334) was read as no words at all: its
  // bars held the gain of the right angle to 4.99%, under the 5% once asked for.
  it("levels a page of a few lines over a large barcode and 2D code, whose bars gain nothing from the turn", () => {
    // 1200x1800: 8 lines of 'words' (40 px tall, 20 px gaps), a 1D code of 1000x400 px and a 2D code.
    const page: Grey = { data: new Uint8Array(1200 * 1800).fill(255), width: 1200, height: 1800 };
    const ink = (x0: number, y0: number, w: number, h: number) => {
      for (let y = y0; y < y0 + h; y++) page.data.fill(0, y * 1200 + x0, y * 1200 + x0 + w);
    };
    for (let k = 0; k < 4; k++) for (let x = 80; x < 80 + (k % 3 ? 700 : 400); x += 35) ink(x, 150 + 60 * k, 28, 40);
    for (let x = 80; x < 1080; x += 17) ink(x, 450, (x * 7) % 11 > 5 ? 12 : 8, 800);
    for (let y = 1250; y < 1650; y += 20) for (let x = 700; x < 1100; x += 20) if ((x * 31 + y * 17) % 7 < 3) ink(x, y, 20, 20);
    expect(Math.abs(skewAngle(turnGrey(page, 2.2)) - 2.2)).toBeLessThanOrEqual(0.15);
    expect(skewAngle(page)).toBe(0);
  });

  it("turns a box printed solid with white text in it dark on light, and leaves barcodes and text alone", async () => {
    const g = await page("evri-store-1bit.png");
    const mean = (img: Grey, x0: number, y0: number, w: number, h: number) => {
      let s = 0;
      for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) s += img.data[y * img.width + x];
      return s / (w * h);
    };
    const out = invertReversedBoxes(g);
    // The 'NEXT DAY' box (2.05-3.8 in, 0.2-0.62 in at 203 DPI) was mostly ink, is now mostly paper.
    expect(mean(g, 430, 50, 320, 70)).toBeLessThan(100);
    expect(mean(out, 430, 50, 320, 70)).toBeGreaterThan(155);
    // The barcode, the QR code and the address are untouched.
    const rest = (img: Grey) => [mean(img, 60, 670, 690, 170), mean(img, 560, 930, 190, 190), mean(img, 40, 370, 400, 180)];
    expect(rest(out)).toEqual(rest(g));
  });
});


// Drawn from the label generator's names, a fresh seed each run (replay with SEED=…): never asserts what a seed drew.
const VOTE_SEED = process.env.SEED || freshSeed();
console.log(`name votes (drawn cases): SEED=${VOTE_SEED}`);

describe(`a name the page's reading got a letter wrong in (drawn, SEED=${VOTE_SEED})`, () => {
  const ONE_STROKE = /[ijlIJL1]/;
  const other = (rng: Rng, c: string) => {
    const pool = [..."abcdefghkmnopqrstuvwxyz"].filter((x) => x !== c.toLowerCase());
    const x = rng.pick(pool);
    return c === c.toUpperCase() ? x.toUpperCase() : x;
  };
  const heading = (rng: Rng) => rng.pick(["", "Ship to: ", "FROM ", "Sender: "]);
  const tail = (rng: Rng) => rng.pick(["", ", 12 High Street", " Flat 2"]);

  it("is put right where the line read alone by both models gives another spelling alike, a letter or two off (fixed seed 3217537065, files 701 and 3170)", () => {
    expect(votedName("Harry Anmed", " Harry Ahmed", "Harry Ahmed", holdsName)).toBe("Harry Ahmed");
    expect(votedName("Little Forn Studio", " Little Fern Studio", "Ship from: Little Fern Studio", holdsName)).toBe("Little Fern Studio");
    // A word's capital, or an f read as t, voted over the page's right letter (seed 1914321767, files 224 and 1655): no vote.
    expect(votedName("MR ELLIE QUINONES", " MR ELLIE OUINONES", "MR ELLIE OUIÑONES", holdsName)).toBeNull();
    expect(votedName("Button TinCoffee", " Button TinCoftee", "ButtonTinCoftee", holdsName)).toBeNull();
    let drawn = 0;
    for (let k = 0; k < 300; k++) {
      const rng = new Rng(`${VOTE_SEED}/vote/${k}`);
      const name = rng.chance(0.5) ? personName(rng) : shopName(rng);
      // A letter after the first, of more than one stroke, read as another such letter. A letter of its own beyond a-z
      // ('ø' of Sørensen, which NFD leaves whole) read as a plain one is an accent lost, not a letter misread: the accent
      // readings' business (restoreAccents), and the vote leaves it as none (SEED=295456427, k 54, in a CI rehearsal).
      // Not a word's first letter, nor an f, which the vote leaves to the page (capitalVoted, fVoted).
      const at = [...name].flatMap((c, i) => (i > 0 && /[a-z]/i.test(c) && !ONE_STROKE.test(c) && /\p{L}/u.test(name[i - 1]) && c !== "f" ? [i] : []));
      if (!at.length || name.replace(/[^\p{L}]/gu, "").length < 5) continue;
      const i = rng.pick(at);
      const misread = name.slice(0, i) + other(rng, name[i]) + name.slice(i + 1);
      // (A t read as f: the f the vote leaves to the page, as above.)
      if (misread[i] === "f" && /[ti]/.test(name[i])) continue;
      drawn++;
      const [again, latin] = [`${heading(rng)}${name}${tail(rng)}`, `${heading(rng)}${name}${tail(rng)}`];
      expect(votedName(misread, again, latin, holdsName), JSON.stringify({ k, misread, again, latin })).toBe(name);
      // Not where the Latin reading gives another name, nor a letter of one stroke for one of more, nor the first letter.
      const elsewhere = rng.chance(0.5) ? personName(rng) : shopName(rng);
      if (!holdsName(name, elsewhere)) expect(votedName(misread, again, elsewhere, holdsName), elsewhere).toBeNull();
      const stroke = name.slice(0, i) + rng.pick(["l", "i", "j"]) + name.slice(i + 1);
      expect(votedName(stroke, again, latin, holdsName), stroke).toBeNull();
      const first = other(rng, name[0]) + name.slice(1);
      expect(votedName(first, again, latin, holdsName), first).toBeNull();
    }
    expect(drawn).toBeGreaterThan(200);
  });

  it(`is put right where a stroke read otherwise made a non-word of a listed word, both other readings giving the word (drawn, SEED=${VOTE_SEED}; 'Redwing Sitver', fresh seed 1411914453, file 1948)`, () => {
    let drawn = 0;
    for (let k = 0; k < 300; k++) {
      const rng = new Rng(`${VOTE_SEED}/vote-word/${k}`);
      const name = shopName(rng);
      const words = name.split(" ");
      // A word of the shop's, an l or i after its first letter read as a t or an l ('Silver' -> 'Sitver').
      const w = rng.int(0, words.length - 1);
      const at = [...words[w]!].flatMap((c, i) => (i > 0 && /[li]/.test(c) ? [i] : []));
      if (!at.length) continue;
      const i = rng.pick(at);
      const misreadWord = words[w]!.slice(0, i) + (words[w]![i] === "l" ? "t" : rng.pick(["t", "l"])) + words[w]!.slice(i + 1);
      const misread = words.map((x, k2) => (k2 === w ? misreadWord : x)).join(" ");
      drawn++;
      // The English model's list: the shop's words, not the misread one.
      const listed = (x: string) => words.includes(x) && x !== misreadWord;
      const [again, latin] = [`${heading(rng)}${name}${tail(rng)}`, `${heading(rng)}${name}${tail(rng)}`];
      const why = JSON.stringify({ k, name, misread });
      expect(votedName(misread, again, latin, holdsName, listed), why).toBe(name);
      // Not where the misread word is a listed word too ('Candies' for Candles), nor without the list (a person's name).
      expect(votedName(misread, again, latin, holdsName, (x) => words.includes(x) || x === misreadWord), why).toBeNull();
      expect(votedName(misread, again, latin, holdsName), why).toBeNull();
    }
    expect(drawn).toBeGreaterThan(100);
  });

  it("is left as none where both other readings take a stroke for another letter alike ('MISS BIORN WILSON' for BJÖRN, file 1685), or the name is another", () => {
    expect(votedName("MISS BJORN WILSON", " MISS BIORN WILSON", "MISS BIÖRN WILSON", holdsName)).toBeNull();
    expect(votedName("My Iain O'Connor", " Mx lain O'Connor", "Mx lain O'Connor", holdsName)).toBeNull();
    expect(votedName("Olivia j Oe", " Olivia Jackson", "Olivia Jackson", holdsName)).toBeNull();
    expect(votedName("Yusuf Oztirk", " Yusuf Ozturk", "Yusuf Öztürk", holdsName)).toBeNull();
    expect(votedName("Harry Anmed", " Harry Ahmed", "Harry Anned", holdsName)).toBeNull();
  });
});

describe("Special Delivery read off an image (untimedSpecialDelivery)", () => {
  const sd: LabelDetails = { courier: "royalmail", trackingCode: "QP176363025GB", countryCode: "GB", serviceCode: null, classId: "Special Delivery Guaranteed by 1pm" };
  const line = (text: string, y: number) => ({ text, x: 40, y, size: 30 });

  it("gives no service where the time was not read (fresh seed 1113018866, files 2624 and 3866: 'by 1pm' for 9am)", () => {
    // The text layer's rule (couriers/royalmail/parse.ts) gives the bare name's product, by 1pm, where no time was read.
    expect(untimedSpecialDelivery(sd, [line("SPECIAL DELIVERY GUARANTEED", 80), line("BY 94M", 120)]).classId).toBeNull();
    expect(untimedSpecialDelivery(sd, [line("SPECIAL DELIVERY GUARANTEED", 80)]).classId).toBeNull();
  });

  it("keeps by 1pm where the time was read, however OCR spelt it, and every other service", () => {
    for (const time of ["by 1pm", "BY 1PM", "by l pm", "by 1.00 p.m.", "by I:00pm"]) expect(untimedSpecialDelivery(sd, [line("Special Delivery Guaranteed", 0), line(time, 40)]).classId, time).toBe(sd.classId);
    const nine = { ...sd, classId: "Special Delivery Guaranteed by 9am" };
    const coded = { ...sd, serviceCode: "SD101" };
    expect(untimedSpecialDelivery(coded, [])).toBe(coded);
    expect(untimedSpecialDelivery(nine, [line("Special Delivery Guaranteed", 0)])).toBe(nine);
    const tracked = { ...sd, classId: "Tracked 48" };
    expect(untimedSpecialDelivery(tracked, [])).toBe(tracked);
    // An address number with pm after it is no time ('21 PM' is not 'by 1pm').
    expect(untimedSpecialDelivery(sd, [line("21 PMB Street", 0)]).classId).toBeNull();
  });
});

describe(`a sender's name a second reading broke off a line the page read whole (pieceOfLine, drawn, SEED=${HEADING_SEED})`, () => {
  const at = (text: string, x: number, y: number, size: number): TextLine => ({ text, x, y, size, width: Math.round(text.length * size * 0.55) });

  it("is none ('Order' where the page read 'Order: 271064-88': run J, SEED=3605086469, file 2199)", () => {
    expect(pieceOfLine([at("Order", 43, 45, 23)], [at("Order: 271064-88", 43, 45, 23), at("evri STANDARD COU-PNXT", 43, 94, 32)], "Order")).toBe(true);
  });

  it("takes any drawn name cut inside its last word or before a colon; leaves one the page ran on into other words, or read elsewhere", () => {
    for (let k = 0; k < 200; k++) {
      const rng = new Rng(`${HEADING_SEED}/piece-of-line/${k}`);
      const name = rng.pick([shopName, personName, companyName])(rng);
      const [x, y, size] = [rng.int(20, 600), rng.int(40, 900), rng.int(15, 45)];
      const cut = name.slice(0, -rng.int(1, Math.max(1, (name.split(" ").pop()?.length ?? 2) - 1)));
      const drawn = JSON.stringify({ k, name, cut });
      const found = (text: string) => [at(text, x + rng.int(-3, 3), y + rng.int(-3, 3), size)];
      if (cut.length >= 2 && !cut.endsWith(" ")) expect(pieceOfLine(found(cut), [at(name, x, y, size)], cut), drawn).toBe(true);
      expect(pieceOfLine(found(name), [at(`${name}: ${rng.int(100, 99999)}`, x, y, size)], name), drawn).toBe(true);
      expect(pieceOfLine(found(name), [at(`${name} ${rng.int(1, 200)} Bridge Crescent`, x, y, size)], name), drawn).toBe(false);
      expect(pieceOfLine(found(name), [at(name, x, y, size)], name), drawn).toBe(false);
      expect(pieceOfLine(found(name), [at(`${name}: ${rng.int(100, 99999)}`, x, y + 3 * size, size)], name), drawn).toBe(false);
    }
  });
});
