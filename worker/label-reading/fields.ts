/**
 * Field helpers shared by the courier parsers: weights, dates, dimensions and 2D payloads, from lines
 * of label text (PDF text layer or OCR). Addresses come from the layout model (layout.ts).
 */
import type { Barcode } from "../images/zxing";
import type { TextLine } from "./text";
import { WEIGHT_HEADING } from "./vocabulary";

export interface LabelInput {
  lines: TextLine[];
  barcodes: Barcode[];
}

export const clean = (s: string) => s.replace(/\s+/g, " ").trim();

/** A text's letters only, in capitals: how a heading OCR spaced or punctuated otherwise compares with one as printed. */
export const letters = (s: string) => s.toUpperCase().replace(/[^A-Z]/g, "");

/** Letters added, dropped or changed to make `a` into `b` (Levenshtein): how far OCR's reading is from a word as printed. */
export function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0];
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j];
      prev[j] = Math.min(prev[j] + 1, prev[j - 1] + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length];
}

/** Whole text of the label, one line per text line. */
export const fullText = (lines: TextLine[]) => lines.map((l) => l.text).join("\n");

/**
 * A printed weight in grams: 'Weight: 1.2kg', 'Parcel weight: 2.5 kg', 'WT 0.75 KG', '1,2 kg',
 * '750g', 'Weight: 12,800 g' or '4.300 g' (a thousands separator), 'Weight (kg): 2.60' (the unit before the
 * figure). A labelled weight wins over a bare one; kilograms over a bare gram figure. A figure
 * run on from a date ('16-01-20261.8 kg') is no weight.
 */
export function weightGrams(read: string): number | null {
  const text = read.replace(POINT_GAP, "$1$2$3");
  const unitFirst = text.match(WEIGHT_UNIT_FIRST);
  // A bare figure on a line with a price is an item's size on a packing slip ('1  Soy wax candle 200g  £12.50'); so is one
  // after two words or more, its price printed in a column of its own ('Soy wax candle 200g' / '£62.97': fresh seed
  // 2970226876, files 829 and 1041, packing slips under labels that print no weight, read as 200 g).
  // Only where the text holds a slip or an order (SLIP_WORDS): elsewhere two words before a weight are as likely a heading
  // OCR misread ('Peel na 0.6 ky' for 'Weight: 0.6 kg', import-ocr.test.ts) or a parcel's own line ('Small Parcel 1.5kg').
  const slip = SLIP_WORDS.test(text);
  const unpriced = text.split("\n").filter((l) => !PRICE.test(l) && !(slip && namesItem(l))).join("\n");
  const labelled = (unitFirst && [unitFirst[0], unitFirst[2], unitFirst[1]]) ?? text.match(WEIGHT_LABELLED);
  // A heading whose line ends in a bare figure ('Weight:1' over '2600g' for 12600 g, the value's first figure read apart
  // into the heading's box: rehearsal ci-83, gate seed 1014088097, file 536, a 300 DPI photo, given 2,600 g) holds part of
  // the weight: a figure with a unit elsewhere is not known to be all of it. None.
  if (!labelled && HEADING_BARE_FIGURE.test(text)) return null;
  const m = labelled ?? unpriced.match(WEIGHT_KILOS) ?? unpriced.match(WEIGHT_GRAMS);
  if (!m) return null;
  const kilos = /^k/i.test(m[2]);
  // Kilograms with a comma before three digits ('6,100 kg') are thousands (no parcel weighs tonnes) or a decimal comma
  // no UK label prints with three decimals: OCR's reading of a point, and a figure misread once may be misread twice
  // (rehearsal ci-87's gate, seed 2785969602, file 291: 'Weight: 0.100 kg', a monospaced dotted zero on a 203 DPI
  // thermal print, read 'Weight: 6,100 kg' and given 6,100 g). None. '1,2 kg' (a decimal comma) is read as before.
  if (kilos && /^\d{1,3},\d{3}$/.test(m[1])) return null;
  // In grams a comma or point before three digits groups thousands ('12,800 g', '4.300 g': no one
  // prints 4.3 grams; OCR also reads a comma as a point); in kilograms it is the decimal point.
  const n = Number(kilos ? m[1].replace(",", ".") : m[1].replace(/[.,](?=\d{3}\b)/g, "").replace(",", "."));
  if (!Number.isFinite(n) || n <= 0) return null;
  return Math.round(kilos ? n * 1000 : n);
}

/**
 * Kilograms whose point was read with a gap after it ('0. 60kg' for 0.60 kg: a monospaced face gives the point a whole
 * letter's width; the second maker's seed 1322321477, file 258, a 150 DPI JPEG in Courier, read 60 kg, over the limit,
 * and the weight lost): the gap closed, between digits before a unit of kilograms only.
 */
const POINT_GAP = /(?<![\d.,])(\d{1,3})([.,])[^\S\n](\d{1,3})(?=[^\S\n]*(?:kg|kgs|kilos?)\b)/gi;

/** A weight's figure, not run on from a date or another number. */
const WEIGHT_NUM = String.raw`(?<![\d.,/-])(\d{1,3}(?:,\d{3})+|\d+(?:[.,]\d+)?)`;
const WEIGHT_UNIT_FIRST = new RegExp(String.raw`\b${WEIGHT_HEADING}\s*\(\s*(kg|kgs|g|grams?)\s*\)\s*:?\s*${WEIGHT_NUM}`, "i");
// A figure and its unit share a line: '2026' ending a date line is no weight of a 'KG' under it whose figure OCR lost.
// (The heading may run into its figure: 'Weight1050g', OCR's reading of a photo.)
/** A weight heading and up to 12 characters after it on its line, none a figure. */
const HEADING_THEN = String.raw`\b${WEIGHT_HEADING}(?![a-z])[^\d\n]{0,12}`;
const WEIGHT_LABELLED = new RegExp(String.raw`${HEADING_THEN}${WEIGHT_NUM}[^\S\n]*(kg|kgs|g|grams?)\b`, "i");
// A bare figure never runs on from a letter: 'H06G R404 2890 7995', an Evri code printed grouped, holds no '06G' (gate seed
// 1306377285, file 44, a Chromium text PDF whose weight was read as 6 g where none is printed).
const WEIGHT_KILOS = new RegExp(String.raw`(?<!\p{L})${WEIGHT_NUM}[^\S\n]*(kg|kgs|kilos?)\b`, "iu");
// Nor is a capital G the start of a word OCR split after it ('159G eorgeAvenue' for 159 George Avenue, a sender's street:
// fresh seed 1828812012, file 580, a 240 DPI table photo of a label that prints no weight, given 159 g).
// (Cased by hand, not /i: under /i the G looked back at would be a g too.)
const WEIGHT_GRAMS = /(?<![\p{L}\d.,/-])(\d{2,5}|\d{1,2},\d{3})[^\S\n]*(g|G|[Gg]rams?|GRAMS?)\b(?!(?<=G)[^\S\n]\p{Ll})/u;
const PRICE = /[£€$]\s?\d/;
const HEADING_BARE_FIGURE = new RegExp(String.raw`${HEADING_THEN}\d[\d.,]*[^\S\n]*$`, "im");
/** Words a packing slip or an order prints and a label does not. */
const SLIP_WORDS = /\b(?:packing (?:slip|list)|(?:delivery|dispatch) note|order (?:summary|total)|qty|quantity|subtotal|items? ordered|product)\b/i;
/** A bare weight after two words or more on its line of a slip: an item's size in its name, no parcel's weight ('Parcel 1.2 kg' is one word). */
function namesItem(line: string): boolean {
  const m = line.match(WEIGHT_KILOS) ?? line.match(WEIGHT_GRAMS);
  return m?.index !== undefined && line.slice(0, m.index).split(/\s+/).filter((w) => /\p{L}{2}/u.test(w)).length >= 2;
}

export function dimensionsCm(text: string): [number, number, number] | null {
  const m = text.match(/(\d+(?:\.\d+)?)\s*[x×*]\s*(\d+(?:\.\d+)?)\s*[x×*]\s*(\d+(?:\.\d+)?)\s*cm\b/i);
  if (!m) return null;
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** UK day-first date ('12/11/2026', '12.11.26') after one of the given labels, as ISO date-time (UTC midnight). */
export function labelledDate(text: string, labels: RegExp): string | null {
  const re = new RegExp(`(?:${labels.source})\\s*:?\\s*(\\d{1,2})[/.-](\\d{1,2})[/.-](\\d{2,4})`, "i");
  const m = text.match(re);
  return m ? isoDate(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

export function isoDate(day: number, month: number, year: number): string | null {
  const y = year < 100 ? 2000 + year : year;
  const d = new Date(Date.UTC(y, month - 1, day));
  if (d.getUTCFullYear() !== y || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return d.toISOString();
}

/** Splits a 2D payload into its fields: on '|' or other separators when present, else on runs of space. */
export function splitPayload(payload: string): string[] {
  const sep = payload.match(/[|;~^]/)?.[0];
  return (sep ? payload.split(sep) : payload.split(/\s+/)).map((s) => s.trim()).filter((s, i) => s !== "" || i === 0);
}

/** The first 2D symbol (PDF417, Data Matrix, QR) on the label. */
export function twoD(barcodes: Barcode[]): Barcode | undefined {
  return barcodes.find((b) => b.format === "PDF417" || b.format === "DataMatrix" || b.format === "QRCode");
}
