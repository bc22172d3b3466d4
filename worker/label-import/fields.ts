/**
 * Field helpers shared by the courier parsers: weights, dates, dimensions and 2D payloads, from lines
 * of label text (PDF text layer or OCR). Addresses come from the layout model (layout.ts).
 */
import type { Barcode } from "./zxing";
import type { TextLine } from "./text";

export interface LabelInput {
  lines: TextLine[];
  barcodes: Barcode[];
}

export const clean = (s: string) => s.replace(/\s+/g, " ").trim();

/** Whole text of the label, one line per text line. */
export const fullText = (lines: TextLine[]) => lines.map((l) => l.text).join("\n");

/**
 * A printed weight in grams: 'Weight: 1.2kg', 'Parcel weight: 2.5 kg', 'WT 0.75 KG', '1,2 kg',
 * '750g'. A labelled weight wins over a bare one; kilograms over a bare gram figure.
 */
export function weightGrams(text: string): number | null {
  const m =
    text.match(/\b(?:weight|wt)\b[^\d\n]{0,12}(\d+(?:[.,]\d+)?)\s*(kg|kgs|g|grams?)\b/i) ??
    text.match(/\b(\d+(?:[.,]\d+)?)\s*(kg|kgs|kilos?)\b/i) ??
    text.match(/\b(\d{2,5})\s*(g|grams?)\b/i);
  if (!m) return null;
  const n = Number(m[1].replace(",", "."));
  if (!Number.isFinite(n) || n <= 0) return null;
  return Math.round(/^k/i.test(m[2]) ? n * 1000 : n);
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
