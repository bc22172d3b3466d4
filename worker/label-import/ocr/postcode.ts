/**
 * The recipient's postcode off OCR: misread past fixPostcode's repairs (loosePostcodes), or read as
 * another real postcode (checkedPostcode, below).
 *
 * A recipient's postcode that OCR misread past fixPostcode's confusions (ocr/text.ts). The
 * recipient's block is found by its postcode, so a postcode not read loses the name with it: on
 * generated thermal prints and scans 'N1C 4WZ' came back 'Nic 4WZ' (the 1 as a small i, the C in
 * lower case), 'N1C 0NL' as 'Nic ONL', 'LA1 6JR' as 'lal 6jr' after a county, 'E1W 0GR' as
 * 'E1lW OGR' (the 1 read twice), and the whole block was lost. Tried only where the reading found
 * no recipient postcode at all (ocr-job.ts), and only when exactly one real postcode can be made
 * of the line's last two words. A postcode without a single digit as read ('Nic ONL') is a name's
 * shape too ('ALI LEE' would give 'AL1 1EE'): it is taken only when its line, read again larger on
 * its own, gives that postcode as printed (a wrong postcode is worse than none).
 */
import { isRealPostcode, UK_POSTCODE_IN_TEXT_RE } from "../../lib/uk-postcode";
import type { LabelDetails } from "../../../shared/label";
import { readLatinLine } from "./tesseract";
import { fixPostcode } from "./text";
import { cropGrey, otsuThreshold, scaleGrey, type Grey } from "../../images/raster";
import { printedUnder, type TextLine } from "../../label-reading/text";
import { editDistance } from "../../label-reading/fields";

/** Letters (either case) OCR reads for a digit. */
const AS_DIGIT: Record<string, string> = { O: "0", Q: "0", D: "0", I: "1", L: "1", "|": "1", "!": "1", S: "5", Z: "2", B: "8", G: "6" };
/** Digits OCR reads for a letter. */
const AS_LETTER: Record<string, string> = { "0": "O", "1": "I", "5": "S", "2": "Z", "8": "B", "6": "G" };

const digit = (c: string) => (/\d/.test(c) ? c : AS_DIGIT[c.toUpperCase()]);
const letter = (c: string) => (/[a-z]/i.test(c) ? c.toUpperCase() : AS_LETTER[c]);

/** Outward codes `word` can be read as: area letters, the district's digit, maybe one more character. */
function outwards(word: string): string[] {
  const out: string[] = [];
  for (const area of [1, 2]) {
    const tail = [...word.slice(area + 1)];
    if (tail.length > 1) continue;
    // The area's letters as read: digits there are a code's ('1609 4GB' of a spaced S10 is no 'IG09 4GB').
    const letters = word.slice(0, area);
    const d = digit(word[area] ?? "");
    if (!/^[a-z]+$/i.test(letters) || !d) continue;
    const head = letters.toUpperCase() + d;
    if (!tail.length) out.push(head);
    else for (const t of new Set([digit(tail[0]), letter(tail[0])])) if (t) out.push(head + t);
  }
  return out;
}

/** The word with a 1 read twice ('E1lW': a 1 then l, I, i or |; 'WCI1E': one of those then a 1 and a district's letter) read once. */
const onceOne = (word: string) => word.replace(/(?<=[1lIi|])[lIi|](?=[A-Z0-9]?$)/i, "").replace(/(?<=\p{L})[lIi|](?=1[A-Z]$)/iu, "");

/**
 * The one real postcode the last two words of `line` can be read as (or its last word, printed
 * without the space), beyond fixPostcode's repairs, and how many of the line's last words it
 * stands for; null when none or more than one.
 */
export function loosePostcode(line: string): { postcode: string; words: number } | null {
  const words = line.trim().split(/\s+/);
  const last = words[words.length - 1];
  const reads: [string, string, number][] = [];
  if (words.length >= 2) reads.push([words[words.length - 2], last, 2]);
  if (last.length >= 5 && last.length <= 7) reads.push([last.slice(0, -3), last.slice(-3), 1]);
  const found = new Map<string, number>();
  for (const [outWord, inWord, n] of reads) {
    if (inWord.length !== 3 || outWord.length < 2 || outWord.length > 5) continue;
    const inward = (digit(inWord[0]) ?? "") + [...inWord.slice(1)].map((c) => letter(c) ?? "?").join("");
    for (const w of new Set([outWord, onceOne(outWord)])) for (const o of outwards(w)) if (isRealPostcode(`${o} ${inward}`)) found.set(`${o} ${inward}`, n);
  }
  if (found.size !== 1) return null;
  const [[postcode, n]] = [...found];
  return { postcode, words: n };
}

/** The postcode a line ends in, with fixPostcode's repairs, or null. */
const endsInPostcode = (line: string) => {
  const fixed = fixPostcode(line.trim());
  const pc = fixed.match(UK_POSTCODE_IN_TEXT_RE);
  return pc && fixed.endsWith(pc[0]) ? `${pc[1]} ${pc[2]}`.toUpperCase() : null;
};

/** The line's pixels, `scale` times their size (a small i or l read larger shows its shape). */
function lineImage(page: Grey, l: TextLine, scale: number): Grey | null {
  const pad = Math.round(l.size * 0.35);
  const x0 = Math.max(0, Math.floor(l.x - pad));
  const y0 = Math.max(0, Math.floor(l.y - pad));
  const x1 = Math.min(page.width, Math.ceil(l.x + (l.width ?? l.text.length * l.size * 0.6) + pad));
  const y1 = Math.min(page.height, Math.ceil(l.y + l.size + pad));
  if (x1 - x0 < 4 || y1 - y0 < 4) return null;
  const crop = cropGrey(page, x0, y0, x1, y1);
  return scale === 1 ? crop : scaleGrey(crop, scale);
}

/** The postcode the line ends in, read again on its own with the Latin-script model at `scale` times its size. */
async function readAgain(page: Grey, l: TextLine, dpi: number, scale: number): Promise<string | null> {
  const img = lineImage(page, l, scale);
  return img && endsInPostcode(await readLatinLine(img, dpi * scale));
}

/**
 * The lines with a misread postcode at the end of a line put back (loosePostcode), for a reading
 * that found no recipient postcode. Lines already ending in a postcode are left as read.
 */
export async function loosePostcodes(lines: TextLine[], page: Grey, dpi: number): Promise<TextLine[]> {
  const out: TextLine[] = [];
  for (const l of lines) {
    if (endsInPostcode(l.text)) {
      // A line whose ending fixPostcode repairs ('Nic 4WZ': N1C 4WZ) ends in that postcode: given repaired. Lines the
      // page's reading gave have been through fixPostcode already, so for them this changes nothing.
      const fixed = fixPostcode(l.text.trim());
      out.push(fixed === l.text.trim() ? l : { ...l, text: fixed });
      continue;
    }
    const loose = loosePostcode(l.text);
    const words = l.text.trim().split(/\s+/);
    let ok = loose !== null && /\d/.test(words.slice(-loose.words).join(""));
    if (loose && !ok) ok = (await readAgain(page, l, dpi, 2)) === loose.postcode;
    out.push(loose && ok ? { ...l, text: [...words.slice(0, -loose.words), loose.postcode].join(" ") } : l);
  }
  return out;
}

const compact = (pc: string) => pc.toUpperCase().replace(/\s+/g, "");

/**
 * The lines with the recipient's postcode put back where the label's 2D code names it and OCR misread it past
 * loosePostcode: a lower-case l read as 1 ('1155 5ew' for a postcode printed 'll55 5ew': fresh seed 969544535, file
 * 2670, a 300 DPI scan), a 1 read twice ('WCI1E OBP', 'KW1i5 8AY'), a last letter read as a stroke ('SY23 5Z|'). The
 * recipient's block is found by its postcode: no postcode read, no name, though the code gave the postcode itself (11
 * such labels in the stored runs). A line whose last word, or last two, is the code's postcode but for one character
 * (letters that look like digits taken as those digits, ocr/postcode.ts canonical) is its line, given it as the code
 * names it; only where one line is so, and never for any other postcode.
 */
export function codedPostcodeLines(lines: TextLine[], postcode: string): TextLine[] {
  const want = canonical(postcode);
  const found = lines.flatMap((l, i) => {
    const words = l.text.trim().split(/\s+/);
    const n = [1, 2].find((k) => {
      const tail = canonical(words.slice(-k).join(""));
      return words.length >= k && Math.abs(tail.length - want.length) <= 1 && editDistance(tail, want) <= 1;
    });
    return n ? [{ i, words, n }] : [];
  });
  if (found.length !== 1) return lines;
  const [{ i, words, n }] = found;
  return lines.map((l, j) => (j === i ? { ...l, text: [...words.slice(0, -n), postcode].join(" ") } : l));
}

/** Two readings of one postcode that differ only in its inward code's letters or digit ('LD3 0LY' / 'LD3 9LY'). */
const inwardOnly = (a: string, b: string) => compact(a).length === compact(b).length && compact(a).slice(0, -3) === compact(b).slice(0, -3);

/**
 * The details with the recipient's postcode checked by a second reading of its line. The page's
 * reading (the English model, with its word list) read a 9 as 0, a J as S, an L as E and gave
 * another real postcode ('LD3 0LY' for 'LD3 9LY', 'OX1 1ST' for 'OX1 1JT', 'G2 9EL' for
 * 'G2 9LL': generated screenshots, thermal prints and photos, seed 1149016970), which a user
 * trusts: worse than none. The line alone, read by the Latin-script model (no word list), read
 * those five right. The page's postcode stays when the second reading gives it, or no real
 * postcode; when it gives another, the line is read once more twice as large. The second
 * reading's postcode is taken when that gives it again and the two differ in the inward code alone
 * (where all five misreadings were); the page's when that gives the page's. Otherwise the two
 * models disagree on the outward code ('WV1' / 'WV11', 'L17' / 'L7': either can be the one
 * misread, fresh seed 1890066140) and no postcode is given.
 */
export async function checkedPostcode(details: LabelDetails, lines: TextLine[], page: Grey, dpi: number): Promise<LabelDetails> {
  const a = details.address;
  if (!a?.postcode) return details;
  const ending = lines.find((l) => compact(endsInPostcode(l.text) ?? "") === compact(a.postcode));
  // A line with signs after the postcode was misread there: its postcode stands only where the second reading gives it.
  const line = ending ?? lines.find((l) => signsAfter(l.text, a.postcode));
  if (!line) return details;
  if (postcodeUnder(lines, line) || letterBefore(line.text)) return { ...details, address: { ...a, postcode: "" } };
  const again = await readAgain(page, line, dpi, 1);
  if (!ending && (!again || compact(again) !== compact(a.postcode))) return { ...details, address: { ...a, postcode: "" } };
  // A postcode the Latin reading does not give, whose outward code's ink holds a glyph more than was read: none (glyphLost).
  if (compact(again ?? "") !== compact(a.postcode) && glyphLost(page, line, a.postcode)) return { ...details, address: { ...a, postcode: "" } };
  // No postcode in the Latin reading: the line read once more twice as large, and another real postcode there disputes the
  // page's ('RG11 8RL' for RG1 8RL, its 1 read twice; the Latin 'RG1 8&RL', twice as large 'RG1 8RL': the second maker's
  // seed 1322321477, file 228, a 200 DPI seller-made scan, where RG11 8RL, another real postcode, was given).
  if (!again) return otherPostcode(a.postcode, await readAgain(page, line, dpi, 2)) ? { ...details, address: { ...a, postcode: "" } } : details;
  if (!isRealPostcode(again) || compact(again) === compact(a.postcode)) return details;
  const postcode = agreedPostcode(a.postcode, again, await readAgain(page, line, dpi, 2));
  return { ...details, address: { ...a, postcode } };
}

/** Whether a reading of the postcode's line (`read`) gives another real postcode than the page's: the two disagree. */
export const otherPostcode = (page: string, read: string | null) => Boolean(read && isRealPostcode(read) && compact(read) !== compact(page));

/**
 * Advance widths (thousandths of an em) of a postcode's letters and digits in the faces labels are printed in: Helvetica's
 * (Arial, Liberation Sans), DejaVu Sans's, and a monospaced face's (Courier: every one 600).
 */
const HELVETICA: Record<string, number> = { A: 667, B: 667, C: 722, D: 722, E: 667, F: 611, G: 778, H: 722, I: 278, J: 500, K: 667, L: 556, M: 833, N: 722, O: 778, P: 667, Q: 778, R: 722, S: 667, T: 611, U: 722, V: 667, W: 944, X: 667, Y: 667, Z: 611 };
const DEJAVU: Record<string, number> = { A: 684, B: 686, C: 698, D: 770, E: 632, F: 575, G: 775, H: 752, I: 295, J: 295, K: 656, L: 557, M: 863, N: 748, O: 787, P: 603, Q: 787, R: 695, S: 635, T: 611, U: 732, V: 684, W: 989, X: 685, Y: 611, Z: 685 };
const FACES: ((c: string) => number)[] = [(c) => HELVETICA[c] ?? 556, (c) => DEJAVU[c] ?? 636, () => 600];
const advance = (text: string, face: (c: string) => number) => [...text].reduce((sum, c) => sum + face(c), 0);

/**
 * How much wider a postcode's outward code is printed than its characters as read fill, in every face, for a glyph to
 * count as lost: a whole letter lost makes it 1.4-1.6 times as wide (two characters read where three are printed); the
 * 87 postcodes read right on the second maker's seed 1322321477 rasters came to 1.29 at most in the face nearest them.
 */
const LOST_WIDTH = 1.35;

/**
 * The ink widths of a postcode's outward and inward code, printed alone on `l`, in pixels: the line's ink parted at its
 * widest gap between columns of ink, where that gap is the one a word's space leaves (half as wide again as any other);
 * null otherwise.
 */
export function codeWidths(page: Grey, l: TextLine): [number, number] | null {
  const pad = Math.round(l.size * 0.3);
  const [x0, y0] = [Math.max(0, Math.floor(l.x - pad)), Math.max(0, Math.floor(l.y))];
  const [x1, y1] = [Math.min(page.width, Math.ceil(l.x + (l.width ?? l.text.length * l.size * 0.6) + pad)), Math.min(page.height, Math.ceil(l.y + l.size))];
  if (x1 - x0 < 4 || y1 - y0 < 4) return null;
  const crop = cropGrey(page, x0, y0, x1, y1);
  const ink = otsuThreshold(crop);
  const inked = (x: number) => {
    for (let y = 0; y < crop.height; y++) if (crop.data[y * crop.width + x] < ink) return true;
    return false;
  };
  const runs: [number, number][] = [];
  for (let x = 0; x < crop.width; x++) {
    if (!inked(x)) continue;
    if (runs.length && runs[runs.length - 1][1] === x) runs[runs.length - 1][1] = x + 1;
    else runs.push([x, x + 1]);
  }
  if (runs.length < 2) return null;
  const gaps = runs.slice(1).map((r, i) => ({ i, width: r[0] - runs[i][1] })).sort((a, b) => b.width - a.width);
  if (gaps.length > 1 && gaps[0].width < 1.5 * gaps[1].width) return null;
  // (And a word's space wide: a quarter of the type's height or more. Between glyphs set evenly in small type the gaps are a
  // pixel or three, and one a pixel wider than the rest by rounding is no space: drawn SEED=1356351036, 'GU23NU' in a
  // monospaced face, parted at such a gap.)
  if (gaps[0].width < 0.25 * l.size) return null;
  const at = gaps[0].i;
  return [runs[at][1] - runs[0][0], runs[runs.length - 1][1] - runs[at + 1][0]];
}

/**
 * Whether the postcode read from `line`, printed alone on it, lost a glyph of its outward code: the outward code's ink is
 * LOST_WIDTH times as wide as its characters as read fill, measured against the inward code's (three characters), in every
 * face. A letter of a small or condensed face run into the next is read as none, and another real postcode given: 'G2 3NU'
 * for GU2 3NU (a 150 DPI JPEG in Courier), 'G2 7ET' for CH2 7ET (a 300 DPI scan, its C and H touching), 'G19FU' for GL1
 * 9FU (the second maker's seed 1322321477, files 258, 263 and 83). Asked only where the Latin reading of the line does not
 * give the page's postcode (checkedPostcode).
 */
export function glyphLost(page: Grey, line: TextLine, postcode: string): boolean {
  const [outward, inward] = postcode.split(" ");
  if (compact(line.text) !== compact(postcode) || !inward) return false;
  const widths = codeWidths(page, line);
  if (!widths || widths[1] <= 0) return false;
  const ratio = widths[0] / widths[1];
  return FACES.every((face) => ratio >= (LOST_WIDTH * advance(outward, face)) / advance(inward, face));
}

/**
 * Whether a letter stands alone before the postcode on its line: a piece of the postcode whose first characters were lost
 * ('Y S5 2XB' for YO31 2XB, its O and 3 lost: gate seed 409927088, file 212, a 200 DPI scan, where S5 2XB, another real
 * postcode, was given). Which postcode was printed is not known. Of the 33,006 distinct lines the stored readings hold,
 * that is the only one so shaped.
 */
export function letterBefore(text: string): boolean {
  return /(?:^|\s)\p{L}\s+[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}$/u.test(fixPostcode(text.trim()));
}

/**
 * Whether `text` ends in the postcode with signs after it that are no letter or digit ('PL283xX}' for PL28 3XJ, its X
 * read twice and its J as a bracket: fresh seed 2711752841, file 101, a 200 DPI table photo, where 'PL28 3XX' was taken
 * unchecked, no line ending in it). Such a line is the postcode's, read again as any (checkedPostcode).
 */
export function signsAfter(text: string, postcode: string): boolean {
  const t = text.trim();
  return /[^\p{L}\p{N}]$/u.test(t) && t.toUpperCase().replace(/[^A-Z0-9]/g, "").endsWith(compact(postcode));
}

/**
 * Whether another real postcode stands alone on the line under `line` (the one the recipient's postcode was read from),
 * in its column: the postcode read may be another block's, run into the recipient's line. Two columns read as one row,
 * 'KINGSTON UPON THAMES — Darlington DL1 9YY' (the sender's town and postcode beside the recipient's town) over 'KT1 8DU'
 * gave the sender's postcode to the recipient (3,000-label seed 1914321767, file 518, a 400 DPI scan). Which of the two is
 * the recipient's the reading cannot tell for sure, so neither is given.
 */
export function postcodeUnder(lines: TextLine[], line: TextLine): boolean {
  const own = compact(endsInPostcode(line.text) ?? "");
  return lines.some((o) => {
    if (!printedUnder(line, o)) return false;
    const pc = endsInPostcode(o.text);
    return pc !== null && compact(o.text) === compact(pc) && compact(pc) !== own && isRealPostcode(pc);
  });
}

/** The postcode three readings give (the page's, its line's, its line's twice as large; checkedPostcode), or "". */
export function agreedPostcode(page: string, line: string, larger: string | null): string {
  const third = compact(larger ?? "");
  if (third === compact(page)) return page;
  return third === compact(line) && inwardOnly(line, page) ? line : "";
}

/** A character as OCR may read it either way: a letter that looks like a digit is that digit. */
const canonical = (s: string) => [...s.toUpperCase().replace(/[^A-Z0-9]/g, "")].map((c) => AS_DIGIT[c] ?? c).join("");

/**
 * The page's lines without the postcodes that are pieces of the label's tracking code. On a turned
 * image OCR can read the code printed beside the barcode (or across it) in pieces, one line each, and a
 * piece can have a postcode's shape ('B1 2CD' of H0B12CD0001234567): standing alone on its line it
 * passes for a block's postcode, and the lines above it for the recipient. A postcode is its own
 * token on an address line; a run of the code (letters that look like digits taken as those digits)
 * is none, so its line is left out before the blocks are found. A real recipient's postcode inside the
 * code by chance is about one in a hundred million.
 */
export function withoutCodePieces(lines: TextLine[], code: string | null | undefined): TextLine[] {
  if (!code) return lines;
  const within = canonical(code);
  const piece = (l: TextLine) => {
    const m = l.text.match(UK_POSTCODE_IN_TEXT_RE);
    return Boolean(m) && within.includes(canonical(`${m![1]}${m![2]}`));
  };
  return lines.some(piece) ? lines.filter((l) => !piece(l)) : lines;
}
