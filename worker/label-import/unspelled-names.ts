/**
 * Names a text layer cannot spell, read off the page's picture (issue 36). A PDF drawn in a font with no Unicode map
 * (font-maps.ts: Ghostscript's pdfwrite rewriting ReportLab's subset fonts) gives its letters beyond ASCII as unknown
 * (U+FFFD) where the fonts' outlines do not tell them ('S�ren Pritchard', 'MA�GORZATA LLOYD', 'Mr Joël M�ller'), or in
 * the Mac's table where the font was not seen to lack a map ('SÄren MÅller'): such a name was none (pipeline.ts
 * withoutUnknownLetters, withoutMisencodedNames). Every other letter of it is known, and the page is vector type: the
 * name's line is drawn at 400 DPI and read by the Latin-script model, and a name is taken only where that reading (at two
 * sizes alike) holds the text layer's name letter for letter, with a letter beyond ASCII wherever the text layer's letter
 * is unknown (the code drawn there is over 127: never an ASCII letter), or the letter claimed where two of a font's glyphs
 * claimed it (doubtful-letters.ts: 'MaCgorzata Chowdhury' has both C unknown, one a 'ł'). Anything else (a letter read
 * otherwise, a gap read or lost, an unknown letter read as plain ASCII, two places that fit) leaves the name none: a miss
 * is better than a wrong name.
 *
 * Runs only for a label that lost a name so (none in most files): the OCR engine loads for those files alone.
 */
import { ADDRESS_KEYS, type LabelDetails } from "../../shared/label";
import type { TextLine } from "../label-reading/text";
import { type Grey, scaleGrey, toGrey } from "../images/raster";
import { UNKNOWN } from "./font-maps";
import type { PdfPageText } from "./pdf";
import { renderPages } from "./pdfium";

type AddressKey = (typeof ADDRESS_KEYS)[number];

/** A name the text layer could not spell: on which page, whose (a label's code, an address's key), and as read. */
export interface UnspelledName {
  page: number;
  trackingCode: string;
  key: AddressKey;
  /** The text layer's name: U+FFFD or a letter beyond ASCII where the printed letter is unknown. */
  name: string;
  /** Whether every letter beyond ASCII of `name` is unknown (a name in the Mac's table), not U+FFFD alone. */
  beyondAsciiUnknown: boolean;
}

/** Resolution the name's line is drawn at: vector type, read best with capitals 30-40 px tall (9-11 pt type at 400 DPI). */
const LINE_DPI = 400;
/**
 * The most names read off one file's pictures: each costs a line's drawing and two readings (150-450 ms on 2 cores), and
 * a 50-label file of such names would take the upload past its time (pipeline.ts LIMITS.maxMillis). Past it, names stay none.
 */
export const MAX_NAMES = 12;
/** The shares of its size a name's line is read again at (confirmed): the first, then the second where the first fits nothing. */
const AGAIN = [0.75, 1.25];

/**
 * Whether a reading of the line at another size spells `name` alike (spelledByPicture: its case as the name's), read at the
 * first of AGAIN's sizes, and at the second where the first spells nothing: a mark the reading gets wrong at one size
 * ('Zoė' for Zoë at 400 DPI in Helvetica) it seldom gets wrong alike at another. A second spelling other than `name` is
 * no confirmation, whatever a third gives.
 */
async function confirmed(name: string, grey: Grey, dpi: number, spell: (img: Grey, dpi: number) => Promise<string | null>): Promise<boolean> {
  for (const share of AGAIN) {
    const again = await spell(scaleGrey(grey, share), dpi * share);
    if (again !== null) return again === name;
  }
  return false;
}
/** The longest side a page could be drawn at whole: only a line's region of it is drawn (pdfium.ts drawBitmap). */
const MAX_SIDE = 6000;
/** Points of white around a line's box, of its type's size. */
const PAD = 0.35;

/**
 * The names of `read` that `kept` (the same label after withoutUnknownLetters and withoutMisencodedNames) has none for,
 * as UnspelledName: a name with an unknown letter (U+FFFD), or a name in the Mac's table (`misencoded`).
 */
export function unspelledNames(read: LabelDetails, kept: LabelDetails, page: number, misencoded: (name: string) => boolean): UnspelledName[] {
  return ADDRESS_KEYS.flatMap((key) => {
    const name = read[key]?.name;
    if (!name || kept[key]?.name) return [];
    const beyondAsciiUnknown = misencoded(name);
    if (!beyondAsciiUnknown && !name.includes(UNKNOWN)) return [];
    return [{ page, trackingCode: read.trackingCode, key, name, beyondAsciiUnknown }];
  });
}

const ASCII = /^\p{ASCII}$/u;
const LETTER_BEYOND_ASCII = /^\P{ASCII}$/u;
const isLetter = (c: string | undefined) => c !== undefined && /\p{L}/u.test(c);

/**
 * The name as the picture's reading (`read`) spells it, where exactly one stretch of it, whole words, holds `name` letter
 * for letter and a letter beyond ASCII wherever `name`'s is unknown (U+FFFD; every letter beyond ASCII where
 * `beyondAsciiUnknown`), such a letter inside a word in the case of the name's told letters; null otherwise.
 */
export function spelledByPicture(name: string, read: string, beyondAsciiUnknown: boolean, claimed: ReadonlySet<string> = new Set()): string | null {
  const mask = [...name.normalize("NFC")];
  const text = [...read.normalize("NFC")];
  const unknown = (c: string) => c === UNKNOWN || (beyondAsciiUnknown && !ASCII.test(c));
  if (!mask.some(unknown)) return null;
  // An unknown letter is a letter beyond ASCII, or one the page's doubtful glyphs claim (doubtful-letters.ts).
  const fitsUnknown = (c: string) => isLetter(c) && (LETTER_BEYOND_ASCII.test(c) || claimed.has(c));
  // An unknown letter beyond ASCII inside a word has the case of the name's told letters: small where any is (a name in
  // title case), else a capital (a name in capitals). The reading's case of a marked letter is a guess ('NÍ' read for Ní
  // at 400 DPI, Helvetica).
  const small = mask.some((c) => !unknown(c) && /\p{Ll}/u.test(c));
  const cased = (c: string) => (small ? c.toLowerCase() : c.toUpperCase());
  const found: string[] = [];
  for (let s = 0; s + mask.length <= text.length; s++) {
    if (isLetter(text[s - 1]) || isLetter(text[s + mask.length])) continue;
    const window = text.slice(s, s + mask.length);
    const fits = mask.every((c, i) => (unknown(c) ? fitsUnknown(window[i]!) : window[i] === c));
    if (fits) found.push(window.map((c, i) => (unknown(mask[i]!) && isLetter(mask[i - 1]) && !ASCII.test(c) ? cased(c) : c)).join(""));
  }
  return found.length === 1 ? found[0]! : null;
}

/**
 * The text layer's line holding `name` (upright lines only: a turned line's box is not worked out here). An unknown letter
 * of `name` stands for any one character of the line: a doubtful letter (doubtful-letters.ts) is in the line as claimed.
 */
function lineOf(page: PdfPageText, name: string): TextLine | undefined {
  const held = new RegExp([...name].map((c) => (c === UNKNOWN ? "." : c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))).join(""), "u");
  return page.lines.find((l) => l.text.includes(name) || held.test(l.text));
}

/**
 * The labels with the names `unspelled` lists spelled from the page's picture where it holds them (spelledByPicture);
 * every other name as it was. `read` reads a line's picture (the Latin-script model: ocr/tesseract.ts readLatinLine).
 */
export async function withNamesSpelled<T extends { page: number; details: LabelDetails }>(
  bytes: Uint8Array,
  pages: PdfPageText[],
  labels: T[],
  unspelled: UnspelledName[],
  read: (img: Grey, dpi: number) => Promise<string>,
): Promise<T[]> {
  const spelled = new Map<UnspelledName, string>();
  const asked = unspelled.slice(0, MAX_NAMES);
  for (const index of new Set(asked.map((u) => u.page))) {
    const page = pages[index];
    if (!page || page.rotate) continue;
    // The line's box in the page's user space (label-reading/text.ts groupLines: a line's y is its top, the baseline's
    // height over the view's bottom turned downwards, less the type's size).
    const [left0, bottom0, right0, top0] = page.items.view as [number, number, number, number];
    const box = (l: TextLine) => {
      const pad = PAD * l.size;
      const baseline = bottom0 - l.y - l.size;
      // Kept inside the page: PDFium draws the whole page for a region it cannot place, at this resolution a bitmap far
      // larger than a line's.
      const left = Math.max(left0, left0 + l.x - pad);
      const right = Math.min(right0, left0 + l.x + (l.width ?? l.text.length * l.size * 0.6) + pad);
      return { left, right, bottom: Math.max(bottom0, baseline - 0.3 * l.size - pad), top: Math.min(top0, baseline + l.size + pad) };
    };
    // Each line drawn and read once: a sender's name stands under two keys (fromAddress and sendAddress), one line.
    const wanted: { line: TextLine; region: ReturnType<typeof box>; names: UnspelledName[] }[] = [];
    for (const u of asked) {
      const line = u.page === index ? lineOf(page, u.name) : undefined;
      if (!line) continue;
      const same = wanted.find((w) => w.line === line && w.names[0]!.name === u.name && w.names[0]!.beyondAsciiUnknown === u.beyondAsciiUnknown);
      const region = box(line);
      if (same) same.names.push(u);
      else if (region.right - region.left >= 1 && region.top - region.bottom >= 1) wanted.push({ line, region, names: [u] });
    }
    if (!wanted.length) continue;
    const regions = wanted.map(({ region }) => ({ textBox: region, limit: region }));
    const dpi = Math.min(LINE_DPI, (MAX_SIDE * 72) / Math.max(page.width, page.height));
    await renderPages(bytes, { dpi, maxSide: MAX_SIDE, maxPages: index + 1, fromPage: index, regions: () => regions }, async (_, pixmap) => {
      const want = wanted[pixmap.clip?.part ?? 0];
      if (!want || !pixmap.clip) return;
      const [first] = want.names;
      const spell = async (img: Grey, at: number) => spelledByPicture(first!.name, await read(img, at), first!.beyondAsciiUnknown, page.doubtful?.claimed);
      const grey = toGrey(pixmap);
      const name = await spell(grey, dpi);
      if (name && (await confirmed(name, grey, dpi, spell))) for (const u of want.names) spelled.set(u, name);
    });
  }
  if (!spelled.size) return labels;
  return labels.map((l) => {
    let details = l.details;
    for (const [u, name] of spelled) {
      const a = details[u.key];
      if (l.page !== u.page + 1 || details.trackingCode !== u.trackingCode || !a || a.name) continue;
      details = { ...details, [u.key]: { ...a, name } };
    }
    return details === l.details ? l : { ...l, details };
  });
}
