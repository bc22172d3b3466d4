/**
 * Field helpers shared by the courier parsers: address blocks found under a heading, weights,
 * dates and dimensions, from lines of label text (PDF text layer or OCR).
 */
import { UK_POSTCODE_IN_TEXT_RE, normalisePostcode } from "../couriers/postcode";
import type { Address } from "../services/label-model";
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
 * The address under a heading such as 'Deliver to:'. Takes the lines below the heading in the same
 * column, up to and including the first line that holds a postcode. Text after the heading on its
 * own line ('From: ACME Ltd, 1 High St, Leeds LS1 1AA') counts too, split on commas.
 */
export function addressUnder(lines: TextLine[], heading: RegExp, maxLines = 8): Address | null {
  const idx = lines.findIndex((l) => heading.test(l.text));
  if (idx < 0) return null;
  const head = lines[idx];
  const parts: string[] = [];
  const rest = clean(head.text.replace(heading, "").replace(/^[:\s-]+/, ""));
  if (rest) parts.push(...rest.split(/\s*,\s*/).filter(Boolean));
  if (!parts.some((p) => UK_POSTCODE_IN_TEXT_RE.test(p))) {
    let lastY = head.y;
    const below = lines
      .slice(idx + 1)
      .filter((l) => l.y > head.y + head.size * 0.3 && Math.abs(l.x - head.x) < Math.max(head.size, l.size) * 1.5)
      .sort((a, b) => a.y - b.y);
    for (const l of below) {
      if (l.y - lastY > Math.max(l.size, head.size) * 2.6) break;
      if (/^(from|sender|deliver to|ship to|to|return|weight|date|van)\b/i.test(l.text)) break;
      parts.push(clean(l.text));
      lastY = l.y;
      if (UK_POSTCODE_IN_TEXT_RE.test(l.text) || parts.length >= maxLines) break;
    }
  }
  return toAddress(parts);
}

/** First line the name, the last postcode found split off, the rest the address lines. */
export function toAddress(parts: string[]): Address | null {
  const lines = parts.map(clean).filter(Boolean);
  if (!lines.length) return null;
  let postcode = "";
  for (let i = lines.length - 1; i >= 0 && !postcode; i--) {
    const m = lines[i].match(UK_POSTCODE_IN_TEXT_RE);
    if (m) {
      postcode = normalisePostcode(`${m[1]}${m[2]}`);
      const left = clean(lines[i].replace(m[0], "").replace(/[,\s]+$/, ""));
      if (left) lines[i] = left;
      else lines.splice(i, 1);
    }
  }
  const [name = "", ...address] = lines;
  if (!name && !postcode) return null;
  return { name, address, postcode, countryCode: "GB" };
}

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
