/**
 * Pieces most labels are made of, each with its random choices: address blocks with or without a
 * heading, barcodes with their printed code, 2D symbols, reference lines. Families arrange them.
 */
import { linearModules, matrixAspect } from "./barcodes.ts";
import { addressLines, type AddressStyle, type Party } from "./content.ts";
import { type BarcodeItem, fitSize, textBlock, textWidth, type Block, type FontFace, type Item, type Line, type Symbology, type TextItem } from "./layout.ts";
import type { Rng } from "./random.ts";

export const RECIPIENT_HEADINGS = ["Deliver to:", "DELIVER TO:", "DELIVER TO", "Ship to:", "SHIP TO:", "To:", "TO:", "TO", "Recipient:", "Delivery address:", "Delivery Address", "Deliver To"];
export const SENDER_HEADINGS = ["From:", "FROM:", "FROM", "Sender:", "SENDER", "Sent by:", "SHIP FROM:", "Ship from:", "From"];
export const RETURN_HEADINGS = ["If undelivered please return to:", "If undelivered, please return to:", "Return address:", "Return to:", "RETURN TO:", "Returns address:", "If undelivered return to:"];

export interface AddressOpts {
  x: number;
  y: number;
  size: number;
  font: FontFace;
  /** Lines longer than this shrink (labels shrink long lines, they never wrap the name). */
  maxW: number;
  heading?: string | null;
  /** The heading on the name's line ('To: Jane Smith') instead of above it. */
  inlineHeading?: boolean;
  nameSize?: number;
  nameBold?: boolean;
  bold?: boolean;
  lead: number;
}

/** An address block; the name is its first line (after a heading line, when there is one). */
export function addressBlock(rng: Rng, party: Party, style: AddressStyle, o: AddressOpts): Block {
  return headedBlock(rng, addressLines(rng, party, style), o);
}

/** Lines under an optional heading (on its own line, or on the first line's); long lines shrink. */
export function headedBlock(rng: Rng, lines: string[], o: AddressOpts): Block {
  const out: Line[] = [];
  const headSize = Math.max(6, o.size * rng.float(0.75, 1));
  const heading = o.heading && gluesHeadings(rng) ? o.heading.replace(/\s+/g, "") : o.heading;
  if (heading && !o.inlineHeading) out.push({ text: heading, size: headSize, bold: rng.chance(0.6) });
  lines.forEach((text, i) => {
    const t = i === 0 && heading && o.inlineHeading ? `${heading} ${text}` : text;
    const size = i === 0 ? (o.nameSize ?? o.size) : o.size;
    const bold = i === 0 ? (o.nameBold ?? o.bold) : o.bold;
    out.push({ text: t, size: fitSize(t, size, o.font, o.maxW, bold), bold });
  });
  return textBlock(o.x, o.y, out, { size: o.size, font: o.font, bold: o.bold, lead: o.lead });
}

/**
 * Whether this label's tool prints its headings without their spaces ('Returnaddress:', 'DELIVERTO', 'SHIPTO:'), as a
 * text layer reads a tool that places each glyph itself and draws no space glyph (issue 36). One answer for all of a
 * label's headings, drawn from a fork so the label's other choices stay as they were.
 */
const gluesHeadings = (rng: Rng) => rng.fork("glued headings").chance(0.1);

/** A 1D barcode with its code printed under (or over) it. */
export function linearBarcode(rng: Rng, o: { x: number; y: number; w: number; h: number; symbology: Symbology; text: string; printed: string; font: FontFace; size: number; above?: boolean; quiet?: number }): { items: Item[]; bottom: number } {
  const items: Item[] = [];
  // The bars leave `quiet` modules of white each side inside the box (10, the symbologies' own rule,
  // on carriers' labels; web tools often squeeze them).
  const total = linearModules(o);
  const quiet = o.quiet ?? 10;
  const module = o.w / (total + 2 * quiet);
  const gap = rng.float(2, 6);
  const printedSize = fitSize(o.printed, o.size, o.font, o.w, true);
  const textH = printedSize * 1.2;
  const barY = o.above ? o.y + textH + gap : o.y;
  items.push({ t: "barcode", x: o.x + quiet * module, y: barY, w: total * module, h: o.h, symbology: o.symbology, text: o.text });
  const ty = o.above ? o.y : barY + o.h + gap;
  items.push({ t: "text", x: o.x, y: ty, size: printedSize, text: o.printed, font: o.font, bold: rng.chance(0.6), align: "center", w: o.w });
  return { items, bottom: o.above ? barY + o.h : ty + textH };
}

/** A 2D symbol sized by its module grid (a square Data Matrix or QR, a wide PDF417). */
export function twoD(o: { x: number; y: number; size: number; symbology: Symbology; text: string }): { item: BarcodeItem; w: number; h: number } {
  const aspect = matrixAspect(o);
  const w = aspect >= 1 ? o.size * Math.min(aspect, 3.2) : o.size;
  const h = aspect >= 1 ? w / aspect : o.size / aspect;
  return { item: { t: "barcode", x: o.x, y: o.y, w, h, symbology: o.symbology, text: o.text }, w, h };
}

/** A line of text, shrunk to `maxW` when too long. */
export function line(x: number, y: number, text: string, size: number, font: FontFace, o: { bold?: boolean; maxW?: number; align?: "left" | "center" | "right"; w?: number; white?: boolean } = {}): TextItem {
  const s = o.maxW ? fitSize(text, size, font, o.maxW, o.bold) : size;
  return { t: "text", x, y, size: s, text, font, bold: o.bold, ...(o.align && o.w ? { align: o.align, w: o.w } : {}), ...(o.white ? { white: true } : {}) };
}

/** A brand name: as text, or (on `pLogo` of labels) as a logo picture that the text layer does not hold. */
export function brandMark(rng: Rng, x: number, y: number, text: string, size: number, font: FontFace, o: { pLogo?: number; align?: "left" | "right"; w?: number } = {}): Item {
  if (!rng.chance(o.pLogo ?? 0.5)) return line(x, y, text, size, font, { bold: true, ...(o.align && o.w ? { align: o.align, w: o.w } : {}) });
  const w = textWidth(text, size, font, true);
  const left = o.align === "right" && o.w ? x + o.w - w : x;
  return { t: "logo", x: left, y, w, h: size * 1.15, text, font, size, bold: true };
}

/** Applies a case choice to decoration text ('Customer Ref:' / 'CUSTOMER REF:'). */
export const cased = (rng: Rng, s: string, pUpper = 0.3) => (rng.chance(pUpper) ? s.toUpperCase() : s);
