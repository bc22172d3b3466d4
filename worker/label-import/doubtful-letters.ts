/**
 * Letters a text layer gives for glyphs that are not those letters (issue 36: never a wrong field).
 *
 * A PDF's text layer is the producer's word, not the page's: each font maps its codes to characters (a /ToUnicode map),
 * and a map can lie. Ghostscript's pdfwrite, re-distilling a QtWebKit (wkhtmltopdf) page, wrote a CID font whose map
 * gives the code of 'ł' as 'C': 'Dr Małgorzata Chowdhury' was printed and 'Dr MaCgorzata Chowdhury' read, a wrong
 * name nothing in the text could tell (the second maker's seed 173685179, file 28). What the map cannot hide is the
 * glyph: one font draws one letter with one glyph, and PDFium gives each character's glyph box. Where a font's glyphs
 * for one letter have boxes of two shapes (from their origins, by advance and size: a box is the same however large or
 * squeezed the type), two glyphs claim that letter and one of them lies. Which one is not known: in a name, every
 * character drawn by a glyph of that font and letter is unknown (U+FFFD), as a letter a font with no map cannot tell
 * (font-maps.ts). Such a name is none, unless the page's picture spells it (unspelled-names.ts), where a letter so made
 * unknown may be read as the letter claimed or as a letter beyond ASCII.
 *
 * Measured on 1,278 text PDFs of the house's generator (pdf-lib, pdfkit, Chromium; upright and turned by quarters) and
 * 202 of the second maker's: no font drew a letter with two shapes but the one that lied (its 'C' and 'ł' boxes 0.10
 * apart, their four sides' distances summed); one glyph's boxes agreed to 0.001.
 */
import { ADDRESS_KEYS, type LabelDetails } from "../../shared/label";
import type { TextLine } from "../label-reading/text";
import { UNKNOWN } from "./font-maps";
import type { Glyph } from "./pdfium";

/**
 * Boxes of one font's glyphs for one letter further apart than this, their four sides' distances summed (along the text
 * by advance, across it by size), are two glyphs: one glyph's boxes agreed to 0.001 in 1,278 text PDFs, and the closest
 * pair drawn, 'ë' given as 'f' in Helvetica, stood 0.029 apart.
 */
export const SHAPE_TOLERANCE = 0.01;

const LETTER = /^\p{L}$/u;

/** The glyphs whose font draws their letter with glyphs of more than one shape (where glyph boxes are known). */
export function doubtfulGlyphs(glyphs: Glyph[]): Set<Glyph> {
  const groups = new Map<string, Glyph[]>();
  for (const g of glyphs) {
    if (!g.ink || !LETTER.test(g.char)) continue;
    const key = `${g.font ?? 0}\u0000${g.char}`;
    const group = groups.get(key) ?? [];
    group.push(g);
    groups.set(key, group);
  }
  const out = new Set<Glyph>();
  for (const group of groups.values()) {
    const first = group[0]!.ink!;
    const apart = (ink: number[]) => ink.reduce((sum, v, i) => sum + Math.abs(v - first[i]!), 0);
    if (group.some((g) => apart(g.ink!) > SHAPE_TOLERANCE)) for (const g of group) out.add(g);
  }
  return out;
}

/** A page's doubtful letters: those its doubtful glyphs claim, and a text of the page with them unknown. */
export interface DoubtfulLetters {
  claimed: Set<string>;
  /** `text` (a field read off the page) with each letter a doubtful glyph draws there unknown (U+FFFD). */
  unknownIn: (text: string) => string;
}

/**
 * The page's doubtful letters. A text is matched to its glyphs by `runsOf` (the runs of glyphs spelling it without its
 * spaces, glyph-spaces.ts); a text matched nowhere has every letter that some doubtful glyph claims unknown.
 */
export function doubtfulLetters(doubtful: Set<Glyph>, runsOf: (squashed: string) => Glyph[][]): DoubtfulLetters {
  const claimed = new Set([...doubtful].map((g) => g.char));
  const unknownIn = (text: string) => {
    if (![...text].some((c) => claimed.has(c))) return text;
    const squashed = [...text.replace(/\s+/g, "")];
    const runs = runsOf(squashed.join(""));
    const unknownAt = (k: number) => (runs.length ? runs.some((run) => run[k] !== undefined && doubtful.has(run[k])) : claimed.has(squashed[k]!));
    let k = 0;
    return [...text].map((c) => (/\s/.test(c) ? c : unknownAt(k++) ? UNKNOWN : c)).join("");
  };
  return { claimed, unknownIn };
}

/**
 * The label with each name holding a doubtful letter given it unknown: such a name is none (pipeline.ts
 * withoutUnknownLetters) unless the page's picture spells it (unspelled-names.ts). A name whose line has a doubtful
 * letter in the word just before or after it is none: that word may be the name's own, read as none for its false letter
 * ('Łukasz Quinn' given as 'rukasz Quinn' was read 'Quinn'). Only names are so read again: the page's headings and other
 * lines stay as read, so the label is parsed as before ('Deliver to:' with its 'v' unknown was no heading, and 'Deliver'
 * was read as the name), and a name is where a letter beyond ASCII is printed on a label.
 */
export function withDoubtfulNames(details: LabelDetails, doubtful: DoubtfulLetters | undefined, lines: TextLine[]): LabelDetails {
  if (!doubtful) return details;
  let out = details;
  for (const k of ADDRESS_KEYS) {
    const a = out[k];
    if (!a?.name) continue;
    const name = besideDoubtful(a.name, doubtful, lines) ? "" : doubtful.unknownIn(a.name);
    if (name !== a.name) out = { ...out, [k]: { ...a, name } };
  }
  return out;
}

/** Whether a line holding `name` has a doubtful letter in the word just before or just after it. */
function besideDoubtful(name: string, doubtful: DoubtfulLetters, lines: TextLine[]): boolean {
  return lines.some((line) => {
    const at = line.text.indexOf(name);
    if (at < 0) return false;
    const before = line.text.slice(0, at).trimEnd().split(/\s+/).pop() ?? "";
    const after = line.text.slice(at + name.length).trimStart().split(/\s+/)[0] ?? "";
    return [before, after].some((word) => doubtful.unknownIn(word).includes(UNKNOWN));
  });
}
