/**
 * Lines read a second time, one at a time, with the Latin-script model: a second opinion where the
 * English model's page reading is known to fall short.
 * - Names with their accents. The English model knows no accented letter but é: 'Seán Ó Briain'
 *   comes back 'Sean O Briain', 'Zoë Müller' as 'Zoé Miller'. The Latin reading is taken where its
 *   letters are the English reading's own, or accented where the English one read another letter
 *   for a letter it does not know: it can add, change or drop an accent, never change a plain letter.
 * - A line ending in something shaped like a postcode that is not one ('YO31 72ZZ'): taken from
 *   the second reading when that ends in a valid postcode.
 * - Small text beside a large logo (the English model again, on that part of the page alone).
 */
import { UK_POSTCODE_IN_TEXT_RE } from "../couriers/postcode";
import type { Address, LabelDetails } from "../labels/model";
import { readLatinLine, recognise } from "./ocr";
import { fixPostcode, ocrLines } from "./ocr-text";
import { cropGrey, type Grey } from "./raster";
import type { TextLine } from "./text";

/** Letters that carry their mark in their own shape (no Unicode decomposition). */
const BARE: Record<string, string> = { ł: "l", Ł: "L", ø: "o", Ø: "O", đ: "d", Đ: "D", ı: "i" };
const bare = (c: string) => BARE[c] ?? c.normalize("NFD").replace(/\p{M}/gu, "");

const isLetter = (c: string) => /\p{L}/u.test(c);
const accented = (c: string) => isLetter(c) && bare(c) !== c;

/**
 * `name` spelt with the accents `line` (another reading of the line it came from) gives the same
 * letters, or null when the line does not hold the name or adds nothing. Where the two readings
 * differ, the second's accented letter is taken for the first's plain one, or for two of them (the
 * English model has no ü or ñ: it reads 'Müller' as 'Miller', 'Quiñones' as 'Quifiones'); any other
 * difference and the name is left as it was.
 */
export function withAccents(name: string, line: string): string | null {
  const want = [...name];
  const chars = [...line];
  const cased = (latin: string, as: string) => (as === as.toUpperCase() ? latin.toUpperCase() : latin.toLowerCase());
  // The spelling of want[i..] read from chars[j..], or null.
  const align = (i: number, j: number): string | null => {
    if (i === want.length) return "";
    const c = chars[j];
    if (c === undefined) return null;
    const w = want[i];
    if (!isLetter(w)) return bare(c) === w ? prepend(w, align(i + 1, j + 1)) : null;
    if (bare(c).toLowerCase() === bare(w).toLowerCase() || accented(c)) {
      const one = prepend(cased(c, w), align(i + 1, j + 1));
      if (one !== null) return one;
    }
    if (accented(c) && isLetter(want[i + 1] ?? "")) return prepend(cased(c, w), align(i + 2, j + 1));
    return null;
  };
  for (let k = 0; k < chars.length; k++) {
    const fixed = align(0, k);
    if (fixed !== null) return fixed !== name ? fixed : null;
  }
  return null;
}

const prepend = (c: string, rest: string | null) => (rest === null ? null : c + rest);

function crop(g: Grey, l: TextLine): Grey | null {
  const pad = Math.round(l.size * 0.35);
  return cropBox(g, Math.floor(l.x - pad), Math.floor(l.y - pad), Math.ceil(l.x + (l.width ?? l.text.length * l.size * 0.6) + pad), Math.ceil(l.y + l.size + pad));
}

/** The pixels of [x0, x1) x [y0, y1) within the page, or null when that is next to nothing. */
function cropBox(g: Grey, x0: number, y0: number, x1: number, y1: number): Grey | null {
  [x0, y0, x1, y1] = [Math.max(0, x0), Math.max(0, y0), Math.min(g.width, x1), Math.min(g.height, y1)];
  return x1 - x0 < 4 || y1 - y0 < 4 ? null : cropGrey(g, x0, y0, x1, y1);
}

/**
 * Small text beside a large logo, read again on its own: Tesseract takes the logo's line across
 * the page, and the service and weight printed in two small lines right of 'evri' came out as one
 * letter of the logo's height ('Next day' / '2200g' read 'Next da' and 'i'). When a line of twice
 * the page's usual size or more has a second run of the same height to its right (what Tesseract
 * merged into it), what lies right of the logo over its height is read as a block of its own and
 * its lines take the place of those read there.
 */
export async function rereadBesideLogo(lines: TextLine[], page: Grey, dpi: number): Promise<TextLine[]> {
  const sizes = lines.map((l) => l.size).sort((a, b) => a - b);
  const usual = sizes[sizes.length >> 1];
  const sameRow = (a: TextLine, b: TextLine) => b !== a && b.size === a.size && Math.abs(b.y - a.y) < a.size * 0.25 && b.x > a.x;
  const logo = lines.find((a) => a.size >= 2 * usual && a.width !== undefined && lines.some((b) => sameRow(a, b)));
  if (!logo) return lines;
  const pad = Math.round(usual * 0.5);
  const [x0, y0, y1] = [Math.ceil(logo.x + logo.width! + pad), Math.max(0, logo.y - pad), Math.min(page.height, logo.y + logo.size + pad)];
  const img = cropBox(page, x0, y0, page.width, y1);
  const found = img ? ocrLines((await recognise(img, dpi)).words).map((l) => ({ ...l, x: l.x + x0, y: l.y + y0 })) : [];
  if (!found.length) return lines;
  const there = (l: TextLine) => l.x >= x0 - pad && l.y + l.size / 2 >= y0 && l.y + l.size / 2 <= y1;
  return [...lines.filter((l) => !there(l)), ...found].sort((a, b) => a.y - b.y || a.x - b.x);
}

/** A line's last two words shaped like a postcode, misread: a digit in each, 2-4 then 3-4 characters. */
const POSTCODE_SHAPED = /(?:^|\s)[A-Z$](?=[A-Z0-9]{0,2}\d)[A-Z0-9]{1,3}\s(?=[A-Z]{0,2}\d)[0-9A-Z]{3,4}$/i;

/** Lines ending in a misread postcode, read again; kept when the second reading ends in a valid one. */
export async function rereadPostcodes(lines: TextLine[], page: Grey, dpi: number): Promise<TextLine[]> {
  const out: TextLine[] = [];
  for (const l of lines) {
    const img = POSTCODE_SHAPED.test(l.text) && !UK_POSTCODE_IN_TEXT_RE.test(l.text) ? crop(page, l) : null;
    const again = img ? fixPostcode(await readLatinLine(img, dpi)) : "";
    const pc = again.match(UK_POSTCODE_IN_TEXT_RE);
    out.push(pc && again.endsWith(pc[0]) ? { ...l, text: again } : l);
  }
  return out;
}

const KEYS = ["address", "fromAddress", "sendAddress", "returnAddress"] as const;

/** The details with each address name re-read from its line on `page` (the image the lines come from). */
export async function restoreAccents(details: LabelDetails, lines: TextLine[], page: Grey, dpi: number): Promise<LabelDetails> {
  const out: LabelDetails = { ...details };
  const done = new Map<string, string>();
  for (const key of KEYS) {
    const a: Address | null | undefined = details[key];
    if (!a?.name) continue;
    if (!done.has(a.name)) {
      const line = lines.find((l) => l.text.includes(a.name));
      const img = line && crop(page, line);
      done.set(a.name, img ? (withAccents(a.name, await readLatinLine(img, dpi)) ?? a.name) : a.name);
    }
    const name = done.get(a.name)!;
    if (name !== a.name) out[key] = { ...a, name };
  }
  return out;
}

/** The share of the page's height, from its top, read again where no service was read. */
const TOP_BAND = 0.15;

/**
 * The top of the page read again on its own, with Tesseract looking for sparse text: the service
 * and the carrier printed there in bold ('48HR', 'Tracked 48' in a framed box beside 'Royal Mail')
 * were skipped by the page's layout analysis on scans and thermal prints, and the service lost. The
 * lines found there take the place of those read there before.
 */
export async function rereadTop(lines: TextLine[], page: Grey, dpi: number): Promise<TextLine[]> {
  const h = Math.round(page.height * TOP_BAND);
  const img = cropBox(page, 0, 0, page.width, h);
  const found = img ? ocrLines((await recognise(img, dpi, "sparse")).words) : [];
  if (!found.length) return lines;
  return [...lines.filter((l) => l.y + l.size / 2 > h), ...found].sort((a, b) => a.y - b.y || a.x - b.x);
}
