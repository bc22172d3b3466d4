/**
 * The import pipeline: one uploaded file -> the labels on it. Each PDF page (or the image) is one
 * label, except a sheet holding labels side by side (one label per column). PDFs: the text layer with positions (unpdf) plus a PDFium rendering of the page for its
 * barcodes (vector or raster). Images: barcodes decoded straight from the pixels; their text needs
 * OCR (ocrPending). Hostile files are refused before any heavy decoding (caps below).
 */
import { couriers } from "../couriers/registry";
import { imageBarcodes, pageBarcodes } from "./barcodes";
import { DOCUMENT_REFUSALS, type DocumentKind, documentKind, withoutCustomsForm } from "./documents";
import { ImportError } from "../lib/errors";
import { ADDRESS_KEYS, type LabelDetails } from "../../shared/label";
import type { LabelInput } from "../label-reading/fields";
import type { TextLine } from "../label-reading/text";
import { parseLabel } from "./parse-label";
import { linesAtEdge, loadPdfText, type PdfPageText, readPdfText } from "./pdf";
import { codesOn, type PdfTextPart } from "./sheet-parts";
import { mendFromGlyphs } from "./glyph-spaces";
import { withDoubtfulNames } from "./doubtful-letters";
import { BEYOND_ASCII, toldLetters, UNKNOWN, unmappedFontPages } from "./font-maps";
import { getPdfium, renderPages, type RegionRequest } from "./pdfium";
import { type UnspelledName, unspelledNames, withNamesSpelled } from "./unspelled-names";
import type { Pixmap } from "../images/raster";
import { imageInfo, MIME, sniff, type FileKind } from "../images/sniff";
import { loadBarcodeReader, type Barcode } from "../images/zxing";

/** The courier choice for one page, where OCR (ocr-job.ts) also finds it. */
export { parseLabel };

export const LIMITS = {
  /** Bytes per file. */
  maxBytes: 16 * 1024 * 1024,
  /** Pages (labels) per PDF. */
  maxPages: 50,
  /** Pixels of an uploaded image (an A4 page at 300 DPI is 8.7 Mpx). */
  maxImagePixels: 12_000_000,
  maxImageSide: 8000,
  /** Decoded RGBA bytes per file byte: anything above is a decompression bomb, not a label. */
  maxExpansion: 4000,
  /** PDF rendering: 300 DPI, the longer side at most this many pixels (A4 then ≈ 205 DPI). */
  renderDpi: 300,
  /** First rendering of PDFs whose every page has a text layer (vector barcodes). */
  vectorDpi: 200,
  renderMaxSide: 2400,
  /** Wall time per file before it is given up. */
  maxMillis: 25_000,
} as const;

export interface PipelineLabel {
  /** 1-based page of the file. */
  page: number;
  details: LabelDetails;
  /** True when the page had no text layer: sender/recipient/service wait for OCR. */
  ocrPending: boolean;
}

export interface PipelineResult {
  kind: FileKind;
  mime: string;
  pages: number;
  labels: PipelineLabel[];
  /** Pages that were not labels (1-based), when others were. */
  skippedPages: number[];
}

/** 'This file is not a recognised Evri or Royal Mail label.': every courier named. */
const notALabel = () =>
  `This file is not a recognised ${new Intl.ListFormat("en-GB", { type: "disjunction" }).format(couriers().map((c) => c.displayName))} label.`;

export async function importLabelFile(bytes: Uint8Array, opts: { now?: () => number } = {}): Promise<PipelineResult> {
  if (bytes.length === 0) throw new ImportError(400, "The file is empty.");
  if (bytes.length > LIMITS.maxBytes) throw new ImportError(413, "File is larger than 16MB");
  const kind = sniff(bytes);
  if (!kind) throw new ImportError(415, "Unsupported file type. Upload a PDF, PNG, JPEG or WEBP file.");
  // A file's time is its own reading: the readers' code, loaded on an isolate's first file of its kind (pdf.js, PDFium's
  // and zxing's wasm), is not counted. On a loaded machine that load took 5 of a first flattened PDF's 7.6 s (the test
  // pool, which transforms each module on first import, at load 14).
  await readersLoaded(kind);
  const now = opts.now ?? Date.now;
  const started = now();
  const checkTime = () => {
    if (now() - started > LIMITS.maxMillis) throw new ImportError(422, "This file took too long to read. Upload one label per page, at most 50 pages.");
  };

  if (kind === "pdf") return importPdf(bytes, checkTime);

  const barcodes = await checkedImageBarcodes(kind, bytes);
  checkTime();
  const details = parseLabel({ lines: [], barcodes });
  if (!details) throw new ImportError(422, notALabel());
  return { kind, mime: MIME[kind], pages: 1, labels: [{ page: 1, details, ocrPending: true }], skippedPages: [] };
}

async function readersLoaded(kind: FileKind): Promise<void> {
  try {
    await Promise.all(kind === "pdf" ? [loadBarcodeReader(), loadPdfText(), getPdfium()] : [loadBarcodeReader()]);
  } catch {
    // A reader that cannot load fails the file where it is used, as before.
  }
}

async function importPdf(bytes: Uint8Array, checkTime: () => void): Promise<PipelineResult> {
  const text = await readPdfText(bytes, LIMITS.maxPages);
  // A damaged file PDFium cannot take apart keeps the text as pdf.js read it (its drawing, next, decides the answer).
  await mendFromGlyphs(bytes, text).catch(() => {});
  // Pages drawn in a font with no Unicode map (font-maps.ts): their letters beyond ASCII are unknown. Looked for only when
  // the text layer has such a letter; a file pdf-lib cannot take apart is read as before.
  const hasBeyondAscii = text.pages.some((p) => p.lines.some((l) => BEYOND_ASCII.test(l.text)));
  const unmapped = hasBeyondAscii ? await unmappedFontPages(bytes, text.pages.length).catch(() => new Map()) : new Map();
  // Their letters beyond ASCII read as the fonts' outlines tell them, the rest as unknown (U+FFFD).
  for (const [i, page] of unmapped) for (const line of text.pages[i]?.lines ?? []) line.text = toldLetters(line.text, page);
  checkTime();
  const labels: PipelineLabel[] = [];
  const skippedPages: number[] = [];
  // Pages with a text layer are vector labels: 200 DPI decodes their barcodes at a third of the
  // cost of 300. A page is drawn again at 300 only when neither a 2D symbol nor a 1D code was found
  // at 200 (a 1D code read there shows the resolution was enough: a page with no 2D symbol after
  // the quadrant search at 200 DPI has none to keep).
  const allText = text.pages.every((p) => p.lines.length > 0);
  const firstDpi = allText ? LIMITS.vectorDpi : LIMITS.renderDpi;
  // A label on a larger sheet (A4 with the label in a quarter) is drawn and decoded only around its
  // text (pdfium.ts grows the text box to the barcodes and frame that touch it): a quarter of the
  // pixels for zxing. Labels side by side are drawn one region each and read as one label each
  // when every one of them reads as a label of its own; else the page is read as one label. When
  // nothing decodes around the text, the whole page is drawn.
  const regions = (i: number): RegionRequest[] => {
    const page = text.pages[i];
    if (!page?.textBox) return [];
    return page.parts.length > 1 && !single.includes(i) ? page.parts : [{ textBox: page.textBox }];
  };
  const single: number[] = [];
  const whole: number[] = [];
  const again: number[] = [];
  const partBarcodes = new Map<number, Barcode[][]>();
  // Pages that hold a code but are no label (documents.ts): what they were, for the refusal's words.
  const documents: DocumentKind[] = [];
  // Names dropped for letters the text layer cannot tell, read off the pages' pictures once every page is read.
  const unspelled: UnspelledName[] = [];
  const labelOn = (input: LabelInput, page: number): LabelDetails | null => {
    const read = parseLabel(input);
    const kind = read && documentKind(input, read);
    if (kind) documents.push(kind);
    if (kind || !read) return null;
    // A label with a customs form beside it is read without the form (its weights are the contents').
    const outside = withoutCustomsForm(input.lines);
    const own = outside && parseLabel({ lines: outside, barcodes: input.barcodes });
    // A name holding a letter two of a font's glyphs claim has it unknown (doubtful-letters.ts).
    const whole = withDoubtfulNames(withoutNamesAtEdge(own?.trackingCode === read.trackingCode ? own : read, edges(page)), text.pages[page]?.doubtful, input.lines);
    const details = withoutMisencodedNames(whole);
    // Letters unknown: a font's with no Unicode map (font-maps.ts), or claimed by two of a font's glyphs (doubtful-letters.ts).
    const kept = withoutUnknownLetters(details);
    // A name dropped for letters the text layer cannot tell: read off the page's picture below (unspelled-names.ts).
    unspelled.push(...unspelledNames(whole, kept, page, misencoded));
    return kept;
  };
  const atEdge = new Map<number, TextLine[]>();
  const edges = (page: number) => {
    if (!atEdge.has(page)) atEdge.set(page, text.pages[page] ? linesAtEdge(text.pages[page]) : []);
    return atEdge.get(page)!;
  };
  const native: number[] = [];
  const readPage = (dpi: number, atImageResolution = false) => async (i: number, pixmap: Pixmap) => {
    checkTime();
    const page = text.pages[i];
    if (pixmap.clip && pixmap.clip.parts > 1 && page) {
      const { part, parts } = pixmap.clip;
      const found = partBarcodes.get(i) ?? [];
      found[part] = ownBarcodes(await pageBarcodes(pixmap, page.parts[part].lines), page.parts, part);
      partBarcodes.set(i, found);
      if (part < parts - 1) return;
      partBarcodes.delete(i);
      // A part printing two labels' codes holds two labels (a column the cut left whole: one label's postcode not read as
      // one): its addresses, service and weight may be either label's, so only the code it reads is kept.
      const read = page.parts.map((p, k) => {
        const details = labelOn({ lines: p.lines, barcodes: found[k] }, i);
        return details && codesOn(p.lines).size > 1 ? codeOnly(details) : details;
      });
      const codes = new Set(read.map((d) => d?.trackingCode));
      if (read.every(Boolean) && codes.size === read.length) {
        for (const details of read) labels.push({ page: i + 1, details: details!, ocrPending: false });
      } else {
        single.push(i);
      }
      return;
    }
    const lines = page?.lines ?? [];
    const barcodes = await pageBarcodes(pixmap, lines);
    if (!barcodes.length && pixmap.clip) {
      whole.push(i);
      return;
    }
    if (dpi < LIMITS.renderDpi && !barcodes.length) {
      again.push(i);
      return;
    }
    const read = labelOn({ lines, barcodes }, i);
    // A page with no text that read as no label: once more at its picture's own resolution (renderPages
    // atImageResolution), where it is one picture. Drawn at 300 DPI, a flattened label's 165 DPI screenshot was
    // smoothed so its 1D code read as nothing, and the file was refused (fresh seed 1113018866, file 1021).
    if (!read && !lines.length && !atImageResolution && dpi === LIMITS.renderDpi) {
      native.push(i);
      return;
    }
    const details = read && page ? withoutNamesAtEdge(ownFields(read, page), edges(i)) : read;
    if (details) labels.push({ page: i + 1, details, ocrPending: lines.length === 0 });
    else skippedPages.push(i + 1);
  };
  const one = (i: number) => ({ maxSide: LIMITS.renderMaxSide, maxPages: i + 1, fromPage: i });
  try {
    await renderPages(bytes, { dpi: firstDpi, maxSide: LIMITS.renderMaxSide, maxPages: LIMITS.maxPages, regions }, readPage(firstDpi));
    for (const i of single) await renderPages(bytes, { dpi: firstDpi, ...one(i), regions }, readPage(firstDpi));
    for (const i of whole) await renderPages(bytes, { dpi: firstDpi, ...one(i) }, readPage(firstDpi));
    for (const i of again) await renderPages(bytes, { dpi: LIMITS.renderDpi, ...one(i) }, readPage(LIMITS.renderDpi));
    for (const i of native) {
      let drawn = false;
      await renderPages(bytes, { dpi: LIMITS.renderDpi, ...one(i), atImageResolution: true }, async (k, pixmap) => {
        drawn = true;
        await readPage(LIMITS.renderDpi, true)(k, pixmap);
      });
      if (!drawn) skippedPages.push(i + 1);
    }
  } catch (err) {
    if (err instanceof ImportError) throw err;
    throw new ImportError(422, "This PDF is damaged or incomplete and cannot be read.");
  }
  if (!labels.length) throw new ImportError(422, documents.length ? DOCUMENT_REFUSALS[documents[documents.length - 1]] : notALabel());
  const spelled = unspelled.length ? await spelledNames(bytes, text.pages, labels, unspelled) : labels;
  spelled.sort((a, b) => a.page - b.page);
  skippedPages.sort((a, b) => a - b);
  return { kind: "pdf", mime: MIME.pdf, pages: text.pageCount, labels: spelled, skippedPages };
}

/**
 * The labels with their unspelled names read off the page's picture (unspelled-names.ts); the OCR engine loads only here.
 * A picture that cannot be drawn or read leaves them none, as before.
 */
async function spelledNames(bytes: Uint8Array, pages: PdfPageText[], labels: PipelineLabel[], unspelled: UnspelledName[]): Promise<PipelineLabel[]> {
  try {
    const { readLatinLine } = await import("./ocr/tesseract");
    return await withNamesSpelled(bytes, pages, labels, unspelled, readLatinLine);
  } catch (err) {
    if (err instanceof ImportError) throw err;
    return labels;
  }
}

/**
 * The barcodes decoded in a sheet's part that are not another part's: a code printed in another part's text and not
 * in this one's is that label's, its barcode reaching into this part's region (drawn to the cut between them, which
 * may lie across the neighbour's bars); read here, this part would take its neighbour's code.
 */
function ownBarcodes(barcodes: Barcode[], parts: PdfTextPart[], part: number): Barcode[] {
  const own = codesOn(parts[part].lines);
  const others = parts.flatMap((p, k) => (k === part ? [] : [...codesOn(p.lines)])).filter((c) => !own.has(c));
  if (!others.length) return barcodes;
  return barcodes.filter((b) => {
    const text = b.text.replace(/[\s-]/g, "").toUpperCase();
    return !others.some((c) => text.includes(c));
  });
}

/**
 * A page read as one label that prints another label's tracking code too (a sheet that could not
 * be cut into labels each reading as its own): its addresses, service and weight may be the other
 * label's, and wrong data is worse than none. They are read from the part of the sheet that prints
 * this code and no other, when there is one; else only the code and courier are kept, for the user
 * to complete.
 */
function ownFields(details: LabelDetails, page: PdfPageText): LabelDetails {
  const others = [...codesOn(page.lines)].filter((c) => c !== details.trackingCode);
  if (!others.length) return details;
  const part = page.parts.find((p) => {
    const codes = codesOn(p.lines);
    return codes.has(details.trackingCode) && !others.some((c) => codes.has(c));
  });
  const own = part ? parseLabel({ lines: part.lines, barcodes: [] }) : null;
  const sources = details.fieldSources?.trackingCode ? { trackingCode: details.fieldSources.trackingCode } : null;
  if (own?.trackingCode === details.trackingCode) return { ...own, fieldSources: { ...own.fieldSources, ...sources } };
  return codeOnly(details);
}

/** A label's code and courier alone, for the user to complete: the rest may be another label's. */
function codeOnly(details: LabelDetails): LabelDetails {
  const sources = details.fieldSources?.trackingCode ? { trackingCode: details.fieldSources.trackingCode } : null;
  return { courier: details.courier, trackingCode: details.trackingCode, countryCode: details.countryCode, fieldSources: sources };
}

async function checkedImageBarcodes(kind: Exclude<FileKind, "pdf">, bytes: Uint8Array): Promise<Barcode[]> {
  const info = imageInfo(kind, bytes);
  if (!info || info.width < 1 || info.height < 1) throw new ImportError(422, "This image is damaged or incomplete and cannot be read.");
  const pixels = info.width * info.height;
  if (pixels > LIMITS.maxImagePixels || info.width > LIMITS.maxImageSide || info.height > LIMITS.maxImageSide) {
    throw new ImportError(422, `This image is too large (${info.width} × ${info.height} pixels). Upload it at 300 DPI, at most 12 megapixels.`);
  }
  if (kind !== "jpeg" && (pixels * 4) / bytes.length > LIMITS.maxExpansion) {
    throw new ImportError(422, "This image expands to far more data than a label holds; it was refused.");
  }
  try {
    return await imageBarcodes(kind, bytes, info.hasAlpha);
  } catch (err) {
    if (err instanceof ImportError) throw err;
    throw new ImportError(422, "This image is damaged or incomplete and cannot be read.");
  }
}

/**
 * A name on a line that runs to the page's edge (pdf.ts linesAtEdge) may have lost letters there, and a name cut short is
 * a wrong name ('OAK & ANCHOR ACCOUNTANTS (UK) LT' for '… (UK) LTD'): none, as a miss. A name is on such a line when the
 * line holds the name's first word and its own last word is one of the name's (a name broken over two lines included).
 */
export function withoutNamesAtEdge(details: LabelDetails, cut: TextLine[]): LabelDetails {
  if (!cut.length) return details;
  const words = (t: string) => t.toUpperCase().split(/\s+/).filter(Boolean);
  const onCutLine = (name: string) => {
    const n = words(name);
    return cut.some((l) => {
      const w = words(l.text);
      return n.length > 0 && w.includes(n[0]) && n.includes(w[w.length - 1]);
    });
  };
  let out = details;
  for (const k of ADDRESS_KEYS) {
    const name = out[k]?.name;
    if (name && onCutLine(name)) out = { ...out, [k]: { ...out[k]!, name: "" } };
  }
  return out;
}

/**
 * A text layer's name with a capital beyond ASCII inside a word, in a name that has small letters ('ChloÄ Nowak',
 * 'SÄren MÅller', 'Vikram NÄ Dhomhnaill'): a font without a Unicode map, whose letters beyond ASCII the producer gave the
 * codes from 128 up, which a reader can only take in the Mac's table (Ä, Å, Ç, É…). Ghostscript's pdfwrite so rewrites
 * ReportLab's subset fonts: the second label maker's 'gs' PDFs, 29 names in the stored runs, every one wrong (for Chloé,
 * Søren, Müller, Ní, Renée, Joël). Which letter was printed is unknown: the name is none, as a miss, unless the page's
 * picture spells it (unspelled-names.ts: read off the name's line, kept only where it holds every letter told). A name in capitals
 * ('SØREN MÜLLER') and a capital starting a word ('Åsa') are names as printed.
 */
export function withoutMisencodedNames(details: LabelDetails): LabelDetails {
  let out = details;
  for (const k of ADDRESS_KEYS) {
    const name = out[k]?.name;
    if (name && misencoded(name)) out = { ...out, [k]: { ...out[k]!, name: "" } };
  }
  return out;
}

const misencoded = (name: string) => /\p{Ll}/u.test(name) && /\p{L}[^\P{Lu}A-Z]/u.test(name.normalize("NFC"));

/**
 * A label read from a page drawn in a font with no Unicode map (font-maps.ts), whose letters beyond ASCII its fonts'
 * outlines did not tell are unknown (U+FFFD; 'MaÄgorzata' for Małgorzata before): a name holding one is none (unless the
 * page's picture spells it: unspelled-names.ts), an address line holding one is left out (a miss, never a wrong letter).
 * Letters told and plain ASCII are as read.
 */
export function withoutUnknownLetters(details: LabelDetails): LabelDetails {
  let out = details;
  const unknown = (s: string) => s.includes(UNKNOWN);
  for (const k of ADDRESS_KEYS) {
    const a = out[k];
    if (!a || !(unknown(a.name) || a.address.some(unknown))) continue;
    out = { ...out, [k]: { ...a, name: unknown(a.name) ? "" : a.name, address: a.address.filter((line) => !unknown(line)) } };
  }
  return out;
}
