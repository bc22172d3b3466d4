/**
 * The drawn label, independent of the toolchain that prints it: text, boxes, rules and barcodes
 * at positions in points from the label's top-left corner. The pdf-lib and the HTML renderers
 * both draw from this; the families build it.
 */
import type { Party, Truth } from "./content.ts";
import type { Rng } from "./random.ts";

export type FontFace = "sans" | "serif" | "mono" | "narrow";
export type Symbology = "code128" | "interleaved2of5" | "datamatrix" | "qrcode" | "pdf417";

export interface TextItem {
  t: "text";
  x: number;
  /** Top of the line box. */
  y: number;
  size: number;
  text: string;
  font: FontFace;
  bold?: boolean;
  /** White on a dark box. */
  white?: boolean;
  /** With `w`: the line is aligned inside [x, x + w]. */
  align?: "left" | "center" | "right";
  w?: number;
}
export interface RectItem {
  t: "rect";
  x: number;
  y: number;
  w: number;
  h: number;
  fill?: boolean;
  /** Stroke width; 0 for none. */
  line?: number;
  dash?: boolean;
  /** 0 black … 1 white, for fills. */
  grey?: number;
}
export interface LineItem {
  t: "line";
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  width: number;
  dash?: boolean;
}
export interface BarcodeItem {
  t: "barcode";
  x: number;
  y: number;
  w: number;
  h: number;
  symbology: Symbology;
  text: string;
}
/** A name drawn as a picture (a carrier's logo): seen on the page, absent from the text layer. */
export interface LogoItem {
  t: "logo";
  x: number;
  y: number;
  w: number;
  h: number;
  text: string;
  font: FontFace;
  size: number;
  bold?: boolean;
}
export type Item = TextItem | RectItem | LineItem | BarcodeItem | LogoItem;

/** One label as drawn, with the truth of what it says. */
export interface Drawing {
  w: number;
  h: number;
  items: Item[];
  truth: Truth;
  /** Family-specific choices, kept in the manifest to explain misses. */
  notes: string[];
  /** The parties as drawn (a packing slip repeats them); the sender only when the label prints one. */
  parties?: { recipient: Party; sender: Party | null };
}

/** A drawing placed on a page: translated and scaled. */
export interface Placement {
  drawing: Drawing;
  x: number;
  y: number;
  scale: number;
}

export interface PageSpec {
  w: number;
  h: number;
  placements: Placement[];
  /** Page-level text and rules (packing slips, cut lines, instructions). */
  items: Item[];
  /**
   * How the page is stored: 'upright'; 'rotate90' (the upright page with /Rotate 90, a 4x6 page shown
   * landscape); 'turned' (a landscape MediaBox with the label drawn a quarter turned and /Rotate 90,
   * as carrier APIs write it, shown upright).
   */
  storage: "upright" | "rotate90" | "turned";
}

export interface FileSpec {
  family: string;
  pages: PageSpec[];
  /** Every label in the file, in page order. */
  labels: Truth[];
  notes: string[];
}

export const PT = 72;
export const SIZES = {
  "4x6": { w: 4 * PT, h: 6 * PT },
  "6x4": { w: 6 * PT, h: 4 * PT },
  "100x150": { w: (100 / 25.4) * PT, h: (150 / 25.4) * PT },
  a6: { w: (105 / 25.4) * PT, h: (148 / 25.4) * PT },
  a4: { w: (210 / 25.4) * PT, h: (297 / 25.4) * PT },
} as const;

/** Type choices of one label: the faces and a base size the blocks scale from. */
export interface Typography {
  body: FontFace;
  head: FontFace;
  /** Leading as a multiple of the size. */
  lead: number;
  /** Multiplies every size the family asks for. */
  scale: number;
}

export function typography(rng: Rng, o: { body?: FontFace[]; head?: FontFace[] } = {}): Typography {
  const body = rng.pick(o.body ?? (["sans", "sans", "sans", "serif", "mono", "narrow"] as FontFace[]));
  return { body, head: rng.pick(o.head ?? [body, "sans", "sans"]), lead: rng.float(1.05, 1.4), scale: rng.float(0.9, 1.12) };
}

/**
 * An advance width a little above Helvetica's and DejaVu Sans's (the widest face the HTML labels
 * use), for placing blocks and keeping them apart: the renderers measure for real.
 */
export function textWidth(text: string, size: number, font: FontFace, bold = false): number {
  if (font === "mono") return text.length * size * 0.61;
  let em = 0;
  for (const c of text) em += /[A-Z]/.test(c) ? 0.76 : /[a-z]/.test(c) ? 0.6 : /\d/.test(c) ? 0.64 : c === " " ? 0.32 : c > "\u007f" ? 0.66 : 0.4;
  const face = font === "narrow" ? 0.84 : font === "serif" ? 0.94 : 1;
  return em * size * face * (bold ? 1.1 : 1);
}

export interface Block {
  items: TextItem[];
  /** y of the line box under the last line. */
  bottom: number;
  /** The widest line's estimated width. */
  width: number;
}

export interface Line {
  text: string;
  size?: number;
  bold?: boolean;
  font?: FontFace;
}

/** Lines stacked from (x, y) down: each line's size (default `size`), leading `lead`. */
export function textBlock(x: number, y: number, lines: (string | Line)[], o: { size: number; font: FontFace; bold?: boolean; lead?: number; align?: "left" | "center" | "right"; w?: number }): Block {
  const items: TextItem[] = [];
  let top = y;
  let width = 0;
  for (const l of lines) {
    const line = typeof l === "string" ? { text: l } : l;
    const size = line.size ?? o.size;
    const font = line.font ?? o.font;
    const bold = line.bold ?? o.bold ?? false;
    if (line.text) items.push({ t: "text", x, y: top, size, text: line.text, font, bold, ...(o.align && o.w ? { align: o.align, w: o.w } : {}) });
    width = Math.max(width, textWidth(line.text, size, font, bold));
    top += size * (o.lead ?? 1.2);
  }
  return { items, bottom: top, width };
}

/** Shrinks a size so `text` fits `maxWidth` (labels shrink long lines; they never wrap them). */
export function fitSize(text: string, size: number, font: FontFace, maxWidth: number, bold = false): number {
  const w = textWidth(text, size, font, bold);
  return w > maxWidth ? Math.max(5, (size * maxWidth) / w) : size;
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Where an item prints (text by its estimated width); null for shapes. */
export function boxOf(i: Item): Box | null {
  if (i.t === "text") {
    const w = textWidth(i.text, i.size, i.font, i.bold);
    const x = i.align && i.w ? (i.align === "center" ? i.x + (i.w - w) / 2 : i.align === "right" ? i.x + i.w - w : i.x) : i.x;
    return { x, y: i.y, w, h: i.size * 1.05 };
  }
  if (i.t === "barcode" || i.t === "logo") return { x: i.x, y: i.y, w: i.w, h: i.h };
  return null;
}

export const overlap = (a: Box, b: Box) => a.x < b.x + b.w - 0.5 && b.x < a.x + a.w - 0.5 && a.y < b.y + b.h - 0.5 && b.y < a.y + a.h - 0.5;

/** Why a drawing cannot be printed as it is (text on text, off the page), or null when it is clean. */
export function layoutProblem(d: Pick<Drawing, "w" | "h" | "items">): string | null {
  const boxes = d.items.map(boxOf);
  for (let i = 0; i < boxes.length; i++) {
    const a = boxes[i];
    if (!a) continue;
    if (a.x < 0 || a.y < 0 || a.x + a.w > d.w + 0.5 || a.y + a.h > d.h + 0.5) return `off the page: ${describe(d.items[i])}`;
    for (let j = i + 1; j < boxes.length; j++) {
      const b = boxes[j];
      if (b && overlap(a, b)) return `${describe(d.items[i])} overlaps ${describe(d.items[j])}`;
    }
  }
  return null;
}

const describe = (i: Item) => (i.t === "text" || i.t === "logo" ? `'${i.text}'` : i.t === "barcode" ? i.symbology : i.t);

/**
 * Draws a label until it fits: `make` answers null (or a drawing with text over text) when the
 * content it drew does not fit; each retry uses a fresh stream and 7% smaller type.
 */
export function fitted(rng: Rng, make: (rng: Rng, shrink: number) => Drawing | null): Drawing {
  let last = "";
  for (let i = 0; i < 12; i++) {
    const d = make(i ? rng.fork(`fit${i}`) : rng, 0.93 ** Math.min(i, 6));
    if (!d) continue;
    const problem = layoutProblem(d);
    if (!problem) return d;
    last = problem;
  }
  throw new Error(`label ${rng.key} never fitted: ${last}`);
}

/**
 * A label being drawn: its size, margin and type, the items so far and the top of the free space
 * below them. Families draw it in steps, one function per part of the label.
 */
export interface Pen {
  rng: Rng;
  w: number;
  h: number;
  /** Margin. */
  m: number;
  /** Type scale (the typography's, shrunk when a draw did not fit). */
  s: number;
  typo: Typography;
  items: Item[];
  notes: string[];
  y: number;
}

export function pen(rng: Rng, size: { w: number; h: number }, typo: Typography, shrink: number, m: number): Pen {
  return { rng, w: size.w, h: size.h, m, s: typo.scale * shrink, typo, items: [], notes: [], y: m };
}
