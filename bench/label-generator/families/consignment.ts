/**
 * A multi-parcel consignment: one sender sends 2–4 parcels to one recipient with one service, and
 * the tool prints a label per parcel, one per page, each with its own tracking code (and 2D
 * payload) and 'Parcel 2 of 3' (in its own words) at the same place on every label; a consignment
 * number on some. The labels are one drawing of the families sheet tools print, its code replaced
 * on every parcel after the first: every label is its own answer, the recipient the same on all.
 */
import { evriCode, hermesLegacyCode, s10Code } from "../codes.ts";
import { boxOf, type Drawing, type FileSpec, type FontFace, layoutProblem, overlap, type PageSpec, type TextItem } from "../layout.ts";
import { cased, line } from "../parts.ts";
import type { Rng } from "../random.ts";
import { anyLabel } from "./sheets.ts";

const WORDING = [
  (i: number, n: number) => `Parcel ${i} of ${n}`,
  (i: number, n: number) => `PARCEL ${i}/${n}`,
  (i: number, n: number) => `Package ${i} of ${n}`,
  (i: number, n: number) => `${i} of ${n}`,
  (i: number, n: number) => `Box ${i} of ${n}`,
  (i: number, n: number) => `Item ${i}/${n}`,
  (i: number, n: number) => `Pieces: ${i}/${n}`,
  (i: number, n: number) => `${i}/${n}`,
  (i: number, n: number) => `Parcel: ${i} of ${n}`,
];

export function consignment(rng: Rng): FileSpec {
  const first = anyLabel(rng.fork("label"));
  const n = rng.int(2, 4);
  const words = rng.pick(WORDING);
  const consignmentNo = rng.chance(0.4) ? `${rng.pick(["Consignment:", "Consignment no.", "Shipment ID:", "Con No:"])} ${rng.pick([rng.digits(10), `C${rng.digits(9)}`, `${rng.digits(4)}-${rng.digits(6)}`])}` : null;
  const stamp = place(first, rng, [cased(rng, words(n, n), 0.2), ...(consignmentNo ? [consignmentNo] : [])]);
  const drawings = Array.from({ length: n }, (_, i) => {
    const d = i === 0 ? first : withCode(first, nextCode(rng, first.truth.trackingCode));
    if (!stamp) return d;
    const text = [cased(rng.fork("case"), words(i + 1, n), 0.2), ...(consignmentNo ? [consignmentNo] : [])];
    return { ...d, items: [...d.items, ...stamp(text)] };
  });
  const pages: PageSpec[] = drawings.map((d) => ({ w: d.w, h: d.h, placements: [{ drawing: d, x: 0, y: 0, scale: 1 }], items: [], storage: "upright" }));
  return { family: "consignment", pages, labels: drawings.map((d) => d.truth), notes: [`${n} parcels`, stamp ? words(1, n) : "no room for the parcel count", ...first.notes] };
}

/** Another code of the same kind (Evri, legacy Hermes, S10 of the same service). */
function nextCode(rng: Rng, code: string): string {
  if (/^\d{16}$/.test(code)) return hermesLegacyCode(rng);
  // The service's letters stay (the check digit is over the serial alone).
  if (/^[A-Z]{2}\d{9}GB$/.test(code)) return code.slice(0, 2) + s10Code(rng).slice(2);
  return evriCode(rng);
}

/** The drawing with its code replaced everywhere it is printed or encoded (the printed forms keep their spacing). */
function withCode(d: Drawing, code: string): Drawing {
  const old = d.truth.trackingCode;
  const items = d.items.map((i) => {
    if (i.t === "barcode") {
      let text = i.text.split(old).join(code);
      // A Click & Drop QR holds the S10 without its 'GB'.
      if (/GB$/.test(old)) text = text.split(old.slice(0, 11)).join(code.slice(0, 11));
      return { ...i, text };
    }
    return i.t === "text" ? { ...i, text: respaced(i.text, old, code) } : i;
  });
  const left = items.find((i) => (i.t === "text" || i.t === "barcode") && i.text.replace(/[\s-]/g, "").includes(old));
  if (left) throw new Error(`consignment: ${old} is still printed in '${(left as TextItem).text}'`);
  return { ...d, items, truth: { ...d.truth, trackingCode: code } };
}

/** `text` with the characters of `old` (printed with spaces or dashes between them) replaced by `code`'s. */
function respaced(text: string, old: string, code: string): string {
  const at: number[] = [];
  for (let i = 0; i < text.length; i++) if (/[0-9A-Za-z]/.test(text[i])) at.push(i);
  const squashed = at.map((i) => text[i]).join("");
  const start = squashed.indexOf(old);
  if (start < 0) return text;
  const chars = [...text];
  for (let k = 0; k < old.length; k++) chars[at[start + k]] = code[k];
  return chars.join("");
}

/**
 * Finds free room on the label for the parcel count (and consignment number) lines: the same place
 * on every parcel's label, big and bold when there is room for it. Null when no place is free.
 */
function place(d: Drawing, rng: Rng, widest: string[]): ((text: string[]) => TextItem[]) | null {
  const font: FontFace = rng.pick(["sans", "sans", "narrow", "mono"]);
  const bold = rng.chance(0.7);
  const m = 6;
  for (const size of [rng.float(11, 16), rng.float(8, 10), 7]) {
    const lead = size * 1.25;
    const make = (text: string[], x: number, y: number, align: "left" | "right", w: number) =>
      text.map((t, k) => line(x, y + k * lead, t, k ? size * 0.7 : size, font, { bold: k ? false : bold, align, w }));
    const spots: [number, number, "left" | "right"][] = [];
    for (let y = m; y + lead * widest.length < d.h - m; y += 4) spots.push([m, y, "left"], [m, y, "right"]);
    for (const [x, y, align] of rng.shuffle(spots)) {
      const items = make(widest, x, y, align, d.w - 2 * m);
      if (clear(d, items, size)) return (text) => make(text, x, y, align, d.w - 2 * m);
    }
  }
  return null;
}

/**
 * Room of its own, as labels print a parcel count: on the label, a gap of two letters' widths to any
 * other text, barcode or logo on its band, and not on a dark box.
 */
function clear(d: Drawing, items: TextItem[], size: number): boolean {
  if (layoutProblem({ w: d.w, h: d.h, items })) return false;
  for (const i of items) {
    const b = boxOf(i)!;
    const room = { x: b.x - 2 * size, y: b.y - 0.3 * size, w: b.w + 4 * size, h: b.h + 0.6 * size };
    for (const o of d.items) {
      const other = o.t === "rect" ? (o.fill && (o.grey ?? 0) < 0.6 ? o : null) : boxOf(o);
      if (other && overlap(room, other)) return false;
    }
  }
  return true;
}
