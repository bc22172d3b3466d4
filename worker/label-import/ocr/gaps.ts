/**
 * Gaps put back from the ink: a name OCR read with its words run together ('BluebellHome' for Bluebell Home, 'Anhdela Cruz'
 * for Anh de la Cruz: run I, SEED=139911343, files 922 and 3520, phone photos of labels set with tight word spaces; 'MS
 * ANOWAK' for Ms A Nowak, 2813, a 400 DPI scan) is spaced again where the page shows a word's gap between two of its letters.
 *
 * The name's letters are paired with the ink blobs on its line one to one, in order (an i's dot, an accent, a stop and an
 * apostrophe are no letter's blob), each blob as wide as its letter may be against the others (widthsFit); where they do
 * not pair off (letters run together or broken), nothing is judged. The gap between two letters is the widest stretch of
 * paper between their ink across the letters' height (a stop, a hyphen or an apostrophe between them is ink). A gap inside
 * a word read whole is a word's where it stands apart from every other gap between the name's letters (GAP); else the word
 * stays as read. Most words run together on the runs' photos are set so tight that their gap is a letter's (a pixel or two
 * apart at most: 'MSKWAMEGARCÍA', 'SaltmarshCandles'): those the ink cannot tell, and they stay as read.
 */
import { ADDRESS_KEYS, type LabelDetails } from "../../../shared/label";
import type { Grey } from "../../images/raster";
import type { TextLine } from "../../label-reading/text";
import { type Blob, median, stretchInk } from "./marks";
import { renamed } from "./names";
import { fold, nameStretch } from "./small-marks";

/** Letters whose left side, and whose right side, is a straight stem in most faces. */
const LEFT_STEM = /^[bhiklmnpruBDEFHIKLMNPRU]$/u;
const RIGHT_STEM = /^[adghilmnquHIJMNU]$/u;

/** A character printed as one blob of its own: a letter, a figure or an '&'. */
const GLYPH = /[\p{L}\p{N}&]/u;

/** Between two letters of a name: where in the name a gap would go, the paper between their ink, and whether it was read spaced. */
export interface LetterGap {
  /** The name's index of the second letter's character (the gap goes before it). */
  at: number;
  gap: number;
  spaced: boolean;
  /** Two stems face each other across it ('ll', 'nH'): the widest room two letters of one word leave between them. */
  stems: boolean;
}

/** A name's letters on the page: the gaps between them and the type's measures, in the page's pixels. */
export interface NameInk {
  gaps: LetterGap[];
  /** The gaps between the name and the words beside it on its line (none where the line holds the name alone). */
  edges: number[];
  /** The height of the capitals (of the tallest fifth of the letters). */
  capH: number;
}

/**
 * The gaps between the letters of `name`, read from line `l` of page `g` (see the file's comment); null where the name is
 * not on the line or its letters and the page's blobs do not pair off one to one.
 */
export function nameInk(g: Grey, l: TextLine, name: string): NameInk | null {
  const span = nameStretch(l, name);
  if (!span) return null;
  const { from, to } = span;
  // A letter's height wider either side: the words beside the name on its line, if any, are seen.
  const stretch = stretchInk(g, l, from - l.size, to + l.size);
  if (!stretch) return null;
  const { x0, y0, blobs } = stretch;
  const top = l.y - y0;
  const [left, right] = [from - x0, to - x0];
  // Letters and figures: a quarter of the line's height or more, across its lower half.
  const print = blobs.filter((b) => b.y1 - b.y0 >= l.size * 0.25 && b.y0 < top + l.size * 0.8 && b.y1 > top + l.size * 0.5);
  const letters = print.filter((b) => b.x1 > left - l.size * 0.3 && b.x0 < right + l.size * 0.3).sort((a, b) => a.x0 - b.x0);
  const chars = [...name].map((c, i) => ({ c, i })).filter(({ c }) => GLYPH.test(c));
  // Their index in the name's string (code units), where a gap goes.
  const index = (k: number) => [...name].slice(0, chars[k].i).join("").length;
  const own = [...letters];
  const mid = (b: Blob) => (b.x0 + b.x1) / 2;
  while (own.length > chars.length && mid(own[0]) < left) own.shift();
  while (own.length > chars.length && mid(own[own.length - 1]) > right) own.pop();
  if (own.length !== chars.length || own.length < 2 || !widthsFit(own, chars.map(({ c }) => c))) return null;
  const base = median(own.map((b) => b.y1));
  const heights = own.map((b) => base - b.y0).sort((a, b) => a - b);
  const capH = heights[Math.floor(heights.length * 0.8)];
  // The ink between letters: any blob across the letters' height (a stop, a comma, a hyphen, an apostrophe), not the rows above or under.
  const band = blobs.filter((b) => b.y1 > base - capH * 1.05 && b.y0 < base + capH * 0.1 && b.y0 > base - capH * 1.6);
  const gaps: LetterGap[] = [];
  for (let k = 1; k < own.length; k++) {
    const from = Math.max(...own.slice(0, k).map((b) => b.x1));
    const to = Math.min(...own.slice(k).map((b) => b.x0));
    const between = name.slice(index(k - 1) + chars[k - 1].c.length, index(k));
    // Not beside an apostrophe or a hyphen: the room either side of one is no word's gap ("Thomas's", "D'ARCY").
    const stems = RIGHT_STEM.test(chars[k - 1].c.normalize("NFD")[0]) && LEFT_STEM.test(chars[k].c.normalize("NFD")[0]);
    if (!/['’-]/u.test(between)) gaps.push({ at: index(k), gap: paperBetween(band, from, to), spaced: /\s/u.test(between), stems });
  }
  // The gaps parting the name from its neighbours on the line, where the crop took some in: words' gaps.
  const before = print.filter((b) => b.x1 <= own[0].x0);
  const after = print.filter((b) => b.x0 >= own[own.length - 1].x1);
  const edges = [
    ...(before.length ? [paperBetween(band, Math.max(...before.map((b) => b.x1)), own[0].x0)] : []),
    ...(after.length ? [paperBetween(band, own[own.length - 1].x1, Math.min(...after.map((b) => b.x0)))] : []),
  ];
  return { gaps, edges, capH };
}

/** The widest stretch of columns from `from` to `to` that no blob of `band` covers (0 where the two letters overlap). */
function paperBetween(band: Blob[], from: number, to: number): number {
  if (to <= from) return 0;
  const inside = band.filter((b) => b.x1 > from && b.x0 < to).sort((a, b) => a.x0 - b.x0);
  let [widest, x] = [0, from];
  for (const b of inside) {
    widest = Math.max(widest, b.x0 - x);
    x = Math.max(x, b.x1);
  }
  return Math.max(widest, to - x);
}

/**
 * How a gap inside a word read whole is judged a word's: at least `least` pixels and `ofCap` of the capitals' height, and
 * `overRest` times the widest of the name's other gaps between letters; `hinted` times where the letters either side say a
 * word may part there (a small letter then a capital, an '&', a stop), a weak hint only ('MacLeod' keeps its capital).
 */
export const GAP = { least: 3, ofCap: 0.3, overRest: 1.8, hinted: 1.5, stems: 1.25 };

/** Whether the name may part before its character at `at` by its letters alone: a small letter then a capital, an '&' either side, a stop before. */
const hinted = (name: string, at: number) => (/\p{Ll}$/u.test(name.slice(0, at)) && /^\p{Lu}/u.test(name.slice(at))) || /[&.]$/u.test(name.slice(0, at)) || /^&/u.test(name.slice(at));

/**
 * `name` (read from line `l` of page `g`) with a gap put back wherever the page shows a word's gap inside a word read whole
 * (see the file's comment); as read where the ink cannot tell.
 */
export function spacedFromInk(g: Grey, l: TextLine, name: string): string {
  const ink = nameInk(g, l, name);
  if (!ink) return name;
  // Each gap against its letters' room: two stems facing each other leave more ('Ravi Kaur', its 'ur' 5 px where the name's
  // other letters leave 3 at most: run H, file 652, a 300 DPI scan).
  const room = (x: LetterGap) => x.gap / (x.stems ? GAP.stems : 1);
  const inside = ink.gaps.filter((x) => !x.spaced).sort((a, b) => room(b) - room(a));
  // The fewest widest gaps that each stand apart from the rest (the widest of which is inside[j]), if any.
  for (let j = 1; j < inside.length && j <= 3; j++) {
    const rest = Math.max(1, room(inside[j]));
    const apart = inside.slice(0, j).every((x) => x.gap >= Math.max(GAP.least, GAP.ofCap * ink.capH) && room(x) >= rest * (hinted(name, x.at) ? GAP.hinted : GAP.overRest));
    if (!apart) continue;
    // Gaps the page's words are known to part at (the reading's spaces, the name's edges) no narrower than those put back
    // but by a fifth: else the letters and the blobs are paired off askew ('SENDER Northgate' with its R taken for the N
    // and a letter run together further on: run H, file 1492, a 150 DPI photo, 'N orthgate').
    const known = [...ink.gaps.filter((x) => x.spaced).map((x) => x.gap), ...ink.edges];
    if (inside.length - j < 3 || known.some((k) => k < Math.max(...inside.slice(0, j).map((x) => x.gap)) * 0.8)) return name;
    return inside
      .slice(0, j)
      .map((x) => x.at)
      .sort((a, b) => b - a)
      .reduce((s, i) => `${s.slice(0, i)} ${s.slice(i)}`, name);
  }
  return name;
}

/** Letters whose ink is narrow (a stem), a little narrow, or wide, in most faces; the rest are as wide as an n or an H. */
const NARROW = /^[iljI1!|]$/u;
const SLIM = /^[frtJ]$/u;
const WIDE = /^[mwMW]$/u;

/**
 * Whether each blob of `own` is as wide as the letter it is paired with (`chars`, in order) may be against the name's
 * other letters: a letter broken in two (a u's stem apart from its bowl, a 150 DPI photo) and two run together elsewhere
 * pair off in number but not in width ('Blue Heron Apothecary', run H file 352: its 'u' two blobs and 'ry' one).
 */
function widthsFit(own: Blob[], chars: string[]): boolean {
  const width = (k: number) => own[k].x1 - own[k].x0;
  const kind = (mark: string) => {
    const c = mark.normalize("NFD")[0];
    return NARROW.test(c) ? "narrow" : SLIM.test(c) ? "slim" : WIDE.test(c) ? "wide" : "regular";
  };
  const regular = chars.flatMap((c, k) => (kind(c) === "regular" ? [width(k)] : []));
  if (regular.length < 2) return false;
  const m = median(regular);
  return chars.every((c, k) => {
    const r = width(k) / m;
    const bounds = { narrow: [0, 0.6], slim: [0.25, 1.25], wide: [0.9, 2.4], regular: [0.55, 1.75] }[kind(c)];
    return r >= bounds[0] && r <= bounds[1];
  });
}

/**
 * `d` with each name (the recipient's and the sender's) spaced again where the page's ink shows a gap its reading lost
 * (spacedFromInk). The name's own line only: one the page's reading holds whole.
 */
export function withGapsFromInk(d: LabelDetails, lines: readonly TextLine[], page: Grey): LabelDetails {
  return renamed(d, ADDRESS_KEYS, ({ name }) => {
    const line = lines.find((l) => fold(l.text).includes(fold(name)));
    return line ? spacedFromInk(page, line, name) : name;
  });
}
