/**
 * A name OCR read is given only when a second reading of its line holds it: a wrong name is worse than none. The
 * English model misreads a single letter in a name now and then ('Sith' for Smith, 'Anmed' for Ahmed: fresh seed
 * 1670199923, 6 wrong recipient names in 137 images), and nothing in the name itself shows it. Every name's line is
 * already read again by the Latin-script model for its accents (ocr/reread.ts); when that reading holds the name's
 * letters (accents, case, gaps and punctuation aside), the name stands. When it does not, the two models disagree and
 * either may be wrong (the Latin model reads worse than the English one: 'Kestre! Toois' for 'Kestrel Tools'), so the
 * line is read a third time, by the English model on its own and enlarged: the name stands when that reading holds
 * it letter for letter and the Latin reading is one letter off at most (nearlyHolds), and is given as none otherwise.
 * A mark the Latin reading saw over one letter and could not name is none too (unplacedMark).
 */
import { ADDRESS_KEYS, type Address, type LabelDetails } from "../../../shared/label";
import { isListedWord, recognise } from "./tesseract";
import { fixHeading } from "./text";
import { UNNAMED_MARK } from "./reread";
import { scaleGrey, type Grey } from "../../images/raster";
import { editDistance, letters as lettersOnly } from "../../label-reading/fields";
import { isShopWord, PRINTED_HEADINGS, SHOP_WORDS, STROKED_L_NAMES, TITLE_WORD } from "../../label-reading/vocabulary";

/** A letter or digit of a name, without its accent and in small letters ('' for anything else: a gap, a stop). */
const letterOf = (c: string) =>
  c
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/ø/g, "o")
    .replace(/ı/g, "i")
    .replace(/[ł1|!]/g, "l")
    .replace(/0/g, "o")
    .replace(/[^\p{L}\p{N}]/gu, "");

/**
 * One letter of the name as the other reading has it. A thin stroke the page's reading took for an l may come back
 * an i from a line read alone and enlarged ('Biue' for Blue, 'Kestre! Toois' for Kestrel Tools: a 150 DPI scan and a
 * 203 DPI thermal print, both second readings wrong where the page's was right); a small i may not come back an l: there
 * the page's reading is the misread ('Copper Kettie Engineering': fresh seed 2650121770). A capital I may come back a
 * small l: both are one stroke, and the page's 'Iain' is often its 'lain' put right (ocr/text.ts), which the Latin model reads
 * as printed ('lain': 4 of the 13 right names fresh seed 3217537065 lost to this check).
 */
const sameLetter = (page: Letter, other: Letter) => page.c === other.c || (page.c === "l" && other.c === "i") || (page.c === "i" && page.capital && other.c === "l" && !other.capital);

type Letter = { c: string; capital: boolean; starts: boolean; ends: boolean };

const upper = (c = "") => /\p{Lu}/u.test(c);
const lower = (c = "") => /\p{Ll}/u.test(c);

/**
 * The letters of `text` (letterOf each), each with whether a word starts and ends there: a gap or a stop beside it, or
 * a capital that starts a word run into the one before it ('AtlasGoods', 'SENDERAtlas': type set tight on a photo).
 */
function letters(text: string): Letter[] {
  const chars = [...text.normalize("NFC")];
  const starts = (i: number) => !letterOf(chars[i - 1] ?? " ") || (upper(chars[i]) && (lower(chars[i - 1]) || (upper(chars[i - 1]) && lower(chars[i + 1]))));
  const out: Letter[] = [];
  chars.forEach((ch, i) => {
    const c = letterOf(ch);
    if (c) out.push({ c, capital: upper(ch), starts: starts(i), ends: !letterOf(chars[i + 1] ?? " ") || starts(i + 1) });
  });
  return out;
}

/**
 * Whether `reading` (another reading of a name's line) holds `name`'s letters in a row (accents, case, gaps and stops
 * aside: the Latin model breaks words, 'H larp reet'), starting and ending where a word of it does: 'Deborah McKenzi'
 * (a name cut short: fresh seed 3215497301, a thermal print) is not held by 'Deborah McKenzie', nor 'Sith' by 'Smith'.
 */
export function holdsName(name: string, reading: string): boolean {
  return holdsBy(name, reading, (l, o) => sameLetter(l, o) && !splitAtI(l, o));
}

function holdsBy(name: string, reading: string, same: (page: Letter, other: Letter) => boolean): boolean {
  const want = letters(name);
  const got = letters(reading);
  if (!want.length) return false;
  const from = (at: number) => want.every((l, i) => got[at + i] !== undefined && same(l, got[at + i]));
  return got.some((l, at) => l.starts && from(at) && got[at + want.length - 1].ends);
}

/**
 * A capital I starting a word of the page's name where the other reading has a small l inside a word: the English model
 * took an l for an I and put a gap before it ('Mar Iow Trading Co', the Latin 'Marlow Trading Co': seed 1914321767, file
 * 434, a 150 DPI photo, given so). Not the same letter there: the two readings part the words otherwise.
 */
const splitAtI = (page: Letter, other: Letter) => page.c === "i" && page.capital && page.starts && other.c === "l" && !other.capital && !other.starts;

/** Whether the other reading holds the name only with a word's capital I taken for a small l inside its word (splitAtI). */
export const iSplit = (name: string, reading: string) => !holdsName(name, reading) && holdsBy(name, reading, sameLetter);

/**
 * Whether the other reading holds the name with an f where the page's reading has an i or a t: the English model reads an
 * f's hook away ('CwmCraits', the Latin 'CwmCrafts': seed 1914321767, file 1079, a 300 DPI table photo, given so by the
 * English model's third reading). Or with a t where the page's reading has an f: which of the two was printed is not known
 * either, and the English model's third reading giving its f again is no second opinion ('Rhiannon Lefevie', the Latin
 * 'Rhiannon Letèvie', for Lefèvre: seed 2711752841, file 674, a 203 DPI thermal print, given as 'Lefèvie').
 */
export function fDisputed(name: string, reading: string): boolean {
  return heldWithLetter(name, reading, (c) => (c === "i" || c === "t" ? ["f"] : c === "f" ? ["t"] : []));
}

/**
 * Whether `reading` holds `name` but for one letter at most (one added, lost or read as another: 'AOQIFE WILLIAMS' for
 * AOIFE, 'M R Lefèvre' for Mr R), over any stretch of its letters. Where the Latin reading is further off than that, a
 * third reading by the English model that gives the page's name again is the same model's misreading twice over ('Mr
 * Satruel Morris', Latin 'Mr Sartiuel Morris', for Samuel: fixed seed 3217537065, file 366, a 300 DPI scan), not a
 * second opinion.
 */
export function nearlyHolds(name: string, reading: string): boolean {
  const want = letters(name).map((l) => l.c);
  const got = letters(withoutDotBelow(reading)).map((l) => l.c);
  if (!want.length) return false;
  // Edits of want[..i) against a stretch of `got` ending at j, the stretch starting anywhere.
  let row = Array<number>(got.length + 1).fill(0);
  for (let i = 1; i <= want.length; i++) {
    const next = [i];
    for (let j = 1; j <= got.length; j++) next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (want[i - 1] === got[j - 1] ? 0 : 1));
    row = next;
  }
  return Math.min(...row) <= 1;
}

/**
 * The reading without its letters with a dot under them: the Latin model's Vietnamese letters for a smudged or thickened
 * one, read beside the letter itself ('MARWOỌOOD KIDS' for MARWOOD KIDS: seed 3930571097, file 3132, a 150 DPI scan,
 * and fixed seed 3217537065, file 1094, a 120 DPI screenshot; the page's reading and the English model's third both
 * 'MARWOOD KIDS', the name given as none, two letters off). No name on a UK label carries one (reread.ts accented leaves
 * them out of a name's accents): such a letter is no letter the other reading saw, and nearlyHolds does not count it.
 */
const withoutDotBelow = (reading: string) => reading.normalize("NFD").replace(/\p{L}\u0323/gu, "").normalize("NFC");

/**
 * Whether the other reading holds the name with an l where the page's reading gave a small i: the English model reads a
 * thin l as i, and its own third reading of the line gives the i back, the same misreading twice ('Gwenilian Bajwa', the
 * Latin reading 'Gwenllian Bajwa': gate seed 903215200, file 419, a 200 DPI scan whose sender was given so; 'Copper
 * Kettie' above). No second opinion: the name is none.
 */
export function lReadAsI(name: string, reading: string): boolean {
  return heldWithLetter(name, reading, (c) => (c === "i" ? ["l"] : []));
}

/** Letters made of minims, the strokes OCR reads one for another ('Fatiua', 'Fatina' for Fatima). */
const MINIMS = ["m", "n", "u", "r"];

/**
 * Whether the other reading holds the name with one of its minim letters read as another (the page's 'Fatiua Kowalski',
 * the Latin 'Fatina Kowalski', for Fatima: fresh seed 3453542213, file 575, a 400 DPI photo, given so by the English model's
 * third reading). Where two models read those strokes as two letters, the letter is not known, and the English model
 * reading its own letter again is no second opinion: the name is none. (Of the 19 names the third reading gave on this
 * session's five image seeds, 15 right, the Latin reading one letter off them was never a minim for a minim.)
 */
export function minimDisputed(name: string, reading: string): boolean {
  return heldWithLetter(name, reading, (c) => (MINIMS.includes(c) ? MINIMS : []));
}

/**
 * Whether the other reading holds the name with a word's first capital read as another capital (the page's 'Tain Watson',
 * the Latin 'Iain Watson', for Iain: fresh seed 3127436506, file 1133, a 300 DPI thermal print, given so by the English
 * model's third reading). A name's capitals are its surest letters to a reader and the ones a name is known by; where the
 * two models read two, the English model reading its own again is no second opinion: the name is none. (A capital I the
 * other reading gives as a small l, or an O as a zero, is the same letter to holdsName: no dispute.)
 */
export function capitalDisputed(name: string, reading: string): boolean {
  return heldWithLetter(name, reading, (c, before) => (/^[A-Z]$/.test(c) && !/\p{L}/u.test(before) ? CAPITALS : []));
}

const CAPITALS = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"];

/**
 * Whether the other reading does not hold the name as read but holds it with one of its letters read as another: a
 * letter `c` (after `before`, a space at the start) as any of `others(c, before)` (the letter itself aside). How
 * fDisputed, lReadAsI, minimDisputed and capitalDisputed each name the letters the two models read one for another.
 */
function heldWithLetter(name: string, reading: string, others: (c: string, before: string) => readonly string[]): boolean {
  const chars = [...name.normalize("NFC")];
  if (holdsName(name, reading)) return false;
  return chars.some((c, i) => others(c, chars[i - 1] ?? " ").some((o) => o !== c && holdsName([...chars.slice(0, i), o, ...chars.slice(i + 1)].join(""), reading)));
}

/**
 * Whether the name as the accents made it (`named`, from the Latin reading) may be given for the page's `name`: the same
 * letters with accents added, or letters the Latin reading holds as they stand ('Quiñones' for the page's 'Quifiones',
 * 'SØREN' for 'S@REN'). A name that stood by the third reading alone took its accents from a reading that does not hold
 * it, and they may be letters of their own: 'Ėë Williams' from the Latin 'Zoėë Williams' for the page's 'Zoe Williams'
 * (fresh seed 1395017164, file 296, a table photo; for Zoë). Then none.
 */
export function heldSpelling(name: string, named: string, reading: string): boolean {
  const plain = (t: string) => letters(t).map((l) => l.c).join("");
  return named === name || plain(named) === plain(name) || holdsName(named, reading);
}

/** A letter without its accent, in small letters (ø and ł too, which carry their mark in their shape). */
const baseOf = (c: string) => c.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/ø/g, "o").replace(/ł/g, "l");
const accentedLetter = (c: string) => /\p{L}/u.test(c) && baseOf(c) !== c.toLowerCase();

/**
 * Whether the English model's letter `page` may stand for the Latin reading's accented letter `accented` of another
 * base letter: the letters that model, which knows no accent but é, gives for one it does not know. A diaeresis's dots
 * read as an i's dot ('Miller' for Müller), ø as e or g ('Seren', 'Sgren' for Søren); a digit or '@' for any. An acute
 * over an o or a u joined to its bowl or stem as a d's or a t's ('Zsdfia's Goods' for Zsófia's, 'O Stilleabhain' and 'O
 * Sdilleabhain' for Ó Súilleabháin) and a cedilla as a g's tail ('Frangois's Candles'): of the 2,768 distinct names the
 * stored agreement readings hold, six were given as none for these alone, each read right by the Latin model (seed
 * 258096912, file 1556, a 200 DPI photo, 'Aisha Ó Súilleabháin'). Not a d for an ö ('Ridrn White', the Latin 'Riörn
 * White', for Björn: a diaeresis is two dots, no stem).
 */
function readFor(page: string, accented: string): boolean {
  if (!/\p{L}/u.test(page) || baseOf(page) === baseOf(accented)) return true;
  const p = baseOf(page);
  if (p === "i") return /[äëïöüÿ]/iu.test(accented);
  if (p === "d") return /[óú]/iu.test(accented);
  if (p === "t") return /ú/iu.test(accented);
  if (p === "g") return /[øç]/iu.test(accented);
  return /ø/iu.test(accented) && p === "e";
}

/** Each Polish name with an ł (vocabulary.ts STROKED_L_NAMES) as the English model reads it, its ł a t ('matgorzata'), and the name. */
export const T_FOR_STROKED_L = new Map(STROKED_L_NAMES.map((n) => [n.replace(/ł/g, "t"), n]));

/**
 * The page's reading (`name`) with each word that is a Polish name's ł read as a t ('Matgorzata', T_FOR_STROKED_L) spelt
 * as the Latin reading (`named`) has that word, where it has the name with its ł ('Małgorzata'): the English model knows
 * no ł and reads its bar as a t's; the Latin model reads it (bench/outside seed 3259816050, files 262, 298 and 369, a
 * 150 DPI scan, a 203 DPI thermal print: 'Małgorzata' read so by the Latin model, then none as two letters read there).
 * A t the Latin model took for an ł in any other word stays two letters read (swappedLetter).
 */
export function strokesFromLatin(name: string, named: string): string {
  const latin = named.split(" ");
  const words = name.split(" ");
  if (latin.length !== words.length) return name;
  return words.map((w, i) => (T_FOR_STROKED_L.get(w.toLowerCase()) === latin[i].toLowerCase() ? latin[i] : w)).join(" ");
}

/**
 * Whether the name as the accents made it (`named`) puts an accented letter where the page's reading (`name`) has a
 * letter of another base that the English model does not read for it (readFor): then the two models read two letters
 * there, and which was printed is not known ('Callum's Outñitters' for Outfitters, the Latin reading's ñ for an f:
 * fresh seed 511420338, file 1429, a 96 DPI screenshot; 'Olå Forge Records' for Old: seed 3021891946, file 459, a 203
 * DPI thermal print). The name is none. Two letters read for one accented letter ('Quifiones' for Quiñones) stay the
 * accents' business (ocr/reread.ts withAccents).
 */
export function swappedLetter(name: string, named: string): boolean {
  const w = [...strokesFromLatin(name, named).normalize("NFC")];
  const t = [...named.normalize("NFC")];
  // best[i][j]: the fewest edits of w[..i) into t[..j), and whether the cheapest such holds a swap readFor refuses.
  type Cell = { cost: number; bad: boolean };
  const best: Cell[][] = Array.from({ length: w.length + 1 }, () => Array<Cell>(t.length + 1));
  const put = (i: number, j: number, c: Cell) => {
    const b = best[i][j];
    if (!b || c.cost < b.cost || (c.cost === b.cost && b.bad && !c.bad)) best[i][j] = c;
  };
  best[0][0] = { cost: 0, bad: false };
  for (let i = 0; i <= w.length; i++) {
    for (let j = 0; j <= t.length; j++) {
      const here = best[i][j];
      if (!here) continue;
      if (i < w.length && j < t.length) {
        const same = w[i] === t[j] || baseOf(w[i]) === baseOf(t[j]);
        put(i + 1, j + 1, { cost: here.cost + (same ? 0 : 1), bad: here.bad || (!same && accentedLetter(t[j]) && !readFor(w[i], t[j])) });
        if (i + 1 < w.length && accentedLetter(t[j])) put(i + 2, j + 1, { cost: here.cost + 1, bad: here.bad });
      }
      if (i < w.length) put(i + 1, j, { cost: here.cost + 1, bad: here.bad });
      if (j < t.length) put(i, j + 1, { cost: here.cost + 1, bad: here.bad });
    }
  }
  return best[w.length][t.length].bad;
}

/**
 * A mark the Latin reading saw over one letter of the name and could not name: a macron, which it gives for a diaeresis
 * it did not make out ('Bjōrn's Knits' for Björn's, the page's reading 'Bjorn's Knits': fixed seed 3217537065, file 36,
 * a 96 DPI screenshot). The letter under it is not known: the name is none. A rule or smudge across the line puts
 * macrons over several letters ('Freyā Hārris' off a 203 DPI thermal print, fresh seed 2601711117): no letter's mark.
 */
export const unplacedMark = (reading: string) => (reading.normalize("NFC").match(/[āēīōūĀĒĪŌŪ]/gu) ?? []).length === 1;

/**
 * A possessive's apostrophe the Latin reading fused into the letter before it as a caron, a letter with a caron right before
 * an 's' ending a word: 'Meřs Outfitters' for Mei's, the i and its apostrophe read as one letter (seed 3930571097, file
 * 3296, a flattened PDF, given so). The letter there is not known: the name is none. (Where the apostrophe was read too,
 * "Danieľ's Gifts" for the page's right "Daniel's", ocr/reread.ts apostropheCaron has put the plain letter back.) Of the
 * ~23,000 distinct names the stored runs' reports hold, these two alone hold a caron, both wrong.
 */
export const fusedApostrophe = (reading: string) => /[ľřďťĽŘĎŤ]['’]?s(?!\p{L})/u.test(reading.normalize("NFC"));

/**
 * Whether the Latin reading has a mark it could not name (ocr/reread.ts UNNAMED_MARK: an ė, a grave over an a, i, o or
 * u; the accents take none) over a letter that the name, as the accents left it, has plain: a mark both models saw and
 * neither named ('Hélėne Wilson', the page's 'Hélene', for Hélène: seed 1108467383, file 46, a 203 DPI thermal print;
 * 'Sent by: CIARÀ' for Ciarán Moore, its end lost: seed 258096912, file 784, a 203 DPI thermal print; each given so).
 * Which accent was printed is not known: the name is none. Over the page's é ('Josė' for José) the page's stands.
 */
const plainLetter = (c: string) => /\p{L}/u.test(c) && c.normalize("NFD") === c && !/[øØłŁ]/u.test(c);

export function markOverPlain(name: string, reading: string): boolean {
  const words = name.normalize("NFC").split(/\s+/).map((w) => [...w.replace(/[,;:.]+$/u, "")]);
  for (const token of reading.normalize("NFC").split(/\s+/)) {
    const t = [...token.replace(/[,;:.]+$/u, "")];
    if (!t.some((c) => UNNAMED_MARK.test(c))) continue;
    // Any word of the name with the token's letters (a name may print a word twice: 'José Jose de la Cruz' over the reading's
    // 'José Josė', drawn SEED=3088018472, k 847: the first 'José' matched and hid the plain e of the second).
    const same = (w: string[]) => w.length === t.length && w.every((c, k) => baseOf(c) === baseOf(t[k]));
    if (words.some((w) => same(w) && w.some((c, k) => UNNAMED_MARK.test(t[k]) && plainLetter(c)))) return true;
  }
  return false;
}

/** A small-letter word before a name on its line: a smudge, or the name's first word misread ('tittle Fern Studio'). */
const SMALL_WORD = /^\p{Ll}{3,}$/u;

/**
 * Whether `name` is the end of a longer name: on its page line (`line`) a small-letter word stood before it, dropped as
 * OCR's debris, and the other reading of that line (`reading`) has a capitalised word right before the name that is
 * that word read right ('tittle Fern Studio' / 'Little Fern Studio': fresh seed 3217537065, file 3170, a 200 DPI scan,
 * where 'Fern Studio' was given as the sender), or that word stood right after a heading; or the line goes on after the
 * name with a stop and one word (runsOn), or the other reading goes on from its last letter in a glyph (gluedGlyph) or,
 * where the page's line ends at the name, with a capitalised word (readingRunsOn). Part of a name is worse than none.
 */
export function cutShort(name: string, line: string, reading: string): boolean {
  const at = line.indexOf(name);
  if (at >= 0 && runsOn(name, line.slice(at + name.length))) return true;
  if (gluedGlyph(name, reading) || (at >= 0 && !line.slice(at + name.length).trim() && readingRunsOn(name, reading))) return true;
  const before = at > 0 ? line.slice(0, at).trim().split(/\s+/) : [];
  const dropped = before.pop() ?? "";
  if (!SMALL_WORD.test(dropped)) return false;
  // Right after a heading: the name's first word, its capital misread ('From: tronbridge Trading Co' for Ironbridge, the
  // I read as a t: seed 3021891946, file 1737, a 203 DPI thermal print, where 'Trading Co' was given). A logo's debris
  // lies beside a logo, not between a heading and its name.
  if (before.length && isHeading(before.join(" "))) return true;
  const tokens = reading.normalize("NFC").split(/\s+/).filter(Boolean);
  const first = name.split(" ")[0];
  // Capitalised; or, where the small word starts the page's line, another word of three letters or more that is no
  // heading (its capital read as a glyph, or the word misread otherwise): both readings saw a word there and read it two
  // ways, a word of the name misread, not a small word printed so ('oxhole Apothecary', the Latin '-oxhole Apothecary', for
  // Foxhole Apothecary: seed 2711752841, file 276, a 200 DPI scan; 'tine Tea Co', the Latin 'nas Tea Co', for Atlas Tea Co:
  // fresh seed 3487369636, file 295, a 400 DPI scan; each given as the end alone). On 2,476 stored readings a small word
  // started the page's line before a name only in these two.
  const word = (w: string) => !before.length && w !== dropped && /^\p{L}{3,}$/u.test(w.replace(/^[^\p{L}\p{N}]/u, "")) && !isHeading(w);
  const readRight = (w: string) => (/^\p{Lu}\p{Ll}/u.test(w) && editDistance(w.toLowerCase(), dropped) <= 2) || word(w);
  return tokens.some((t, i) => i > 0 && holdsName(first, t) && readRight(tokens[i - 1]));
}

/**
 * Whether the other reading goes on from the name's last letter, with no gap, in a glyph OCR gives for a letter it could
 * not make out (a bracket, a bar, a slash, '!'): the page's reading dropped a letter there ("E D'Arc", the Latin reading
 * "E D'Arc)", for E D'Arcy: fresh seed 1113018866, file 2819, a 200 DPI scan whose y lay right against the c, where ink a
 * word's gap beside a name (ocr/names.ts withoutCutNames) finds nothing). No name ends so; a name with an opening bracket
 * may close it ('Marlow Supplies (UK)').
 */
function gluedGlyph(name: string, reading: string): boolean {
  const text = reading.normalize("NFC");
  const at = text.indexOf(name.normalize("NFC"));
  return at >= 0 && !name.includes("(") && /\p{L}$/u.test(name) && /^[)\]}|!/\\]/u.test(text.slice(at + name.length));
}

/**
 * Whether the other reading goes on after the name, a gap on, with a word or a letter in capitals where the page's line
 * ended at the name: the page's reading lost the name's last word ('Sent by: The Old Forge Soap', the Latin reading 'Sent
 * by: The Old Forge Soap C', for … Soap Co: seed 2711752841, file 517, a 240 DPI table photo). The line's other reading
 * holds nothing past the name's end on 2,200 stored readings but this one.
 */
function readingRunsOn(name: string, reading: string): boolean {
  const text = reading.normalize("NFC");
  const at = text.indexOf(name.normalize("NFC"));
  return at >= 0 && /^\s+\p{Lu}/u.test(text.slice(at + name.length));
}

/** A heading as printed, or one ending in a colon ('Sender:', 'SENDER', 'Ship to:'). */
const HEADING_LETTERS = new Set(PRINTED_HEADINGS.map(lettersOnly));
const isHeading = (t: string) => t.endsWith(":") || HEADING_LETTERS.has(lettersOnly(t)) || ["SENDER", "FROM", "TO"].includes(lettersOnly(t));

/**
 * Whether the page's line goes on after the name with a stop and one capitalised word to its end ('SENDER Harbour Light.
 * Gifts': seed 3021891946, file 609, a 203 DPI thermal print, where a speck read as a stop parted 'Gifts' from its name and
 * 'Harbour Light' was given). A stop inside a name follows an initial or a title, not a word of three letters or more. Or
 * with a company's suffix (COMPANY_SUFFIX).
 */
const runsOn = (name: string, after: string) =>
  (/^\.\s+\p{Lu}\p{L}+$/u.test(after.trim()) && /\p{L}{3,}$/u.test(name) && !TITLE_WORD.test(name.split(" ").pop() ?? "")) || COMPANY_SUFFIX.test(after);

/**
 * A company's suffix right after the name on its line ('Deliver to: Nettle Dental Practice LLP FROM:', the recipient given
 * as 'Nettle Dental Practice': seed 1914321767, file 3750, a 200 DPI photo, where the sender's heading ran into the line):
 * the name's own last word, lost.
 */
const COMPANY_SUFFIX = /^\s+(?:ltd|limited|llp|plc|inc)\b/iu;

/** How much a name's line is enlarged for its third reading: small type read at twice its size loses fewer letters. */
const ENLARGE = 2;

/**
 * `details` with each name that neither its Latin reading (`latin`, by the name as the page's reading gave it) nor a
 * third reading of its line (`crops`: the line's pixels) holds given as none. `named` are the same details after the
 * accents were taken from the Latin reading: what is returned. `given` are names a second reading gave already (words
 * the page's reading lost, taken from the Latin reading of the name's row: ocr/names.ts); `lines` the page's reading of each
 * name's line (a name cut short there is none: cutShort).
 */
export async function agreedNames(
  read: LabelDetails,
  named: LabelDetails,
  latin: Map<string, string>,
  crops: Map<string, Grey[]>,
  dpi: number,
  given: string[] = [],
  lines: Map<string, string> = new Map(),
): Promise<LabelDetails> {
  const out: LabelDetails = { ...named };
  const verdict = new Map<string, boolean>();
  for (const key of ADDRESS_KEYS) {
    const name = read[key]?.name;
    if (!name) continue;
    // The name as read or with the accents the Latin reading gave it ('Seren' of 'Søren').
    const spellings = [name, named[key]?.name ?? name];
    const holds = (reading: string) => spellings.some((n) => holdsName(n, reading));
    // The Latin reading raw, its heading mended as the page's reading's was ('FROMY Wilson': 'From: Y Wilson', the initial a
    // word of its own that holds the name; fresh seed 2770900263, file 191, a 300 DPI photo).
    const reading = fixHeading(latin.get(name) ?? "");
    const titled = retitled(named[key]?.name ?? name, reading);
    if (!verdict.has(name)) {
      const sure = !cutShort(name, lines.get(name) ?? "", reading) && !unplacedMark(reading) && !fusedApostrophe(reading) && !markOverPlain(named[key]?.name ?? name, reading);
      // One letter off, but not an l the page's reading took for an i, a minim, a word's capital read as another, an f read
      // as i or t, or an l read as a capital I after a gap: the English model's own misreading, read again by it.
      const third = async () => spellings.some((n) => nearlyHolds(n, reading) && !lReadAsI(n, reading) && !minimDisputed(n, reading) && !capitalDisputed(n, reading) && !fDisputed(n, reading) && !iSplit(n, reading)) && holds(await thirdReading(crops.get(name) ?? [], dpi));
      verdict.set(name, sure && (given.includes(name) || holds(reading) || Boolean(titled) || (await third())));
    }
    // A word misread alike by both readings into a non-word (misreadWord): none.
    if (verdict.get(name) && ((await misreadWord(name)) || misreadShopWord(name))) verdict.set(name, false);
    if (!verdict.get(name) || !heldSpelling(name, named[key]?.name ?? name, reading) || swappedLetter(name, named[key]?.name ?? name) || graveAtEnd(name, named[key]?.name ?? name)) out[key] = { ...(named[key] as Address), name: "" };
    else if (titled && !holds(reading)) out[key] = { ...(named[key] as Address), name: titled };
    const final = out[key]?.name ?? "";
    if (MARKED_CONSONANT.test(final)) out[key] = { ...(out[key] as Address), name: await plainL(final) };
    else if (final) out[key] = { ...(out[key] as Address), name: shapesFromLatin(final, reading) };
  }
  return out;
}

/**
 * Whether a word of `name` with an accented letter stands in `reading` (the English model's reading of its row) letter for
 * letter but at its accented letters, one of which the English model read as a letter it does not give for that accent
 * (readFor): the Latin model misread a plain letter as an accented one, and the word was taken in for its accent
 * (ocr/names.ts restoreLostWords: 'Mrs Bartosz McAllisteę', the page's reading 'Mrs Bartosz', its surname lost, the Latin
 * 'McAllisteę' taken in: the second maker's seed 531518048, file 224, a 300 DPI scan; the English model reads 'McAllister').
 */
export function lostWordMisread(name: string, reading: string): boolean {
  const tokens = reading.normalize("NFC").split(/\s+/).map((t) => [...t.replace(/[,;:.]+$/u, "")]);
  return name
    .normalize("NFC")
    .split(" ")
    .map((w) => [...w])
    .filter((w) => w.some(accentedLetter))
    .some((w) =>
      tokens.some(
        (t) =>
          t.length === w.length &&
          w.every((c, i) => c.toLowerCase() === t[i].toLowerCase() || accentedLetter(c)) &&
          // (A t for an ł is the English model's too: T_FOR_STROKED_L.)
          w.some((c, i) => accentedLetter(c) && !readFor(t[i], c) && !(/[łŁ]/u.test(c) && /[tT]/u.test(t[i]))),
      ),
    );
}

/**
 * Whether the Latin reading put a grave on a word's last e that the page's reading read plain ('The Old Forgè Ceramics'
 * for Forge: photo7's fresh seed 1495111038, file 1364, a 150 DPI scan, given so). No English word and hardly a name
 * ends so (French writes è before a consonant: Hélène, Thérèse); it is a speck over the e. The mark is not known: none,
 * as markOverPlain does for the marks the Latin model cannot name.
 */
export function graveAtEnd(read: string, named: string): boolean {
  const [a, b] = [read.normalize("NFC").split(/\s+/), named.normalize("NFC").split(/\s+/)];
  return a.length === b.length && b.some((w, i) => /[èÈ](?=$|['’])/u.test(w) && /[eE](?=$|['’])/u.test(a[i]) && [...w].length === [...a[i]].length);
}

/**
 * Small letters whose capital is the same shape, but for its size; and an i, whose capital the English model reads small
 * before an accented letter ("inés's Coffee", the Latin reading 'Inés's Coffee': seed 3930571097, file 2212, a flattened
 * PDF, then refused as a name in small letters; 'Mr inés White', given so, is the only other stored name with a word
 * starting 'i').
 */
const SIZE_ONLY = /^[cosuvwxzi]$/;

/**
 * The name with a letter the page's reading took for another of the same shape put back as the Latin reading has it, in a
 * word that reading holds letter for letter otherwise: a word's capital read small where the two differ only in size
 * ('Joaquín white' for White, then refused as a name ending in a small word: fresh seed 258096912, file 2245, a 600 DPI
 * photo), in a name whose other words start with capitals; a capital I read as a bar inside a word ('KOF| MENSAH', then
 * refused as noise: the same seed, file 3472, a flattened PDF). Nothing else of the Latin reading is taken.
 */
export function shapesFromLatin(name: string, reading: string): string {
  const words = name.split(" ");
  const mixed = words.some((w) => /^\p{Lu}\p{L}*\p{Ll}/u.test(w));
  const candidates = reading.split(/\s+/).map((t) => [...t]);
  const alike = (w: string[], t: string[]) =>
    w.length === t.length && w.some((c, i) => c !== t[i]) && w.every((c, i) => c === t[i] || (c === "|" && t[i] === "I") || (i === 0 && mixed && SIZE_ONLY.test(c) && t[i] === c.toUpperCase()));
  return words.map((w) => candidates.find((t) => alike([...w], t))?.join("") ?? w).join(" ");
}

/**
 * A consonant with a mark of Central and Eastern Europe (Latin Extended-A: ł, a caron, an acute, a dot, a cedilla or a
 * comma under it, as in č, ř, š, ž, ś, ń, ż, ş), which no English word carries. Not Welsh's ŵ and ŷ; not a vowel's mark
 * (ě, ė, ő, ą): the Latin model names a printed é or ë so ('Chloė': reread.ts UNNAMED_MARK), and its plain letter would
 * then lose a printed accent.
 */
const MARKED_CONSONANT = /[ĆćĈĉĊċČčĎďĐđĜĝĞğĠġĢģĤĥĦħĴĵĶķĹĺĻļĽľĿŀŁłŃńŅņŇňŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŧŹźŻżŽžȘșȚț]/u;

/** Consonants whose mark is a stroke through them (no Unicode decomposition), and their plain letters. */
const STROKED: Record<string, string> = { ł: "l", Ł: "L", đ: "d", Đ: "D", ħ: "h", Ħ: "H", ŧ: "t", Ŧ: "T" };
const unmarked = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "");
/**
 * The name with a marked consonant (MARKED_CONSONANT) the Latin reading gave put back to the page's plain letter in a word
 * that is, so spelt, in the English model's word list: the Latin model reads a speck or a rule across an l as its stroke
 * ('Sophie Cłarke' for Clarke: fresh seed 1113018866, file 3995, a 203 DPI thermal print; 'Hołlow') and a speck over a c
 * as a caron ('Atlas Acčountants': gate seed 1331295779, a 144 DPI screenshot, given so), and no English word has such a
 * letter. A name so spelt keeps it ('Małgorzata', 'Paweł', 'Dvořák': their plain spellings are no listed words). (A name
 * whose plain spelling is listed, Czech 'Šimon', would lose its mark: no such name was drawn or read in the stored runs,
 * whose ~28,000 distinct names hold ten words with a letter of Latin Extended-A, all misreadings but 'Małgorzata'.)
 */
export async function plainL(name: string, listed: (word: string) => Promise<boolean> = isListedWord): Promise<string> {
  let out = name;
  for (const word of name.match(new RegExp(String.raw`\p{L}*${MARKED_CONSONANT.source}\p{L}*`, "gu")) ?? []) {
    const plain = [...word].map((c) => (MARKED_CONSONANT.test(c) ? (STROKED[c] ?? unmarked(c)) : c)).join("");
    if (await listed(unmarked(plain).toLowerCase())) out = out.replace(word, plain);
  }
  return out;
}

/** A word's letters without their accents (ø and ł too). */
const plainWord = (w: string) => [...w].map(baseOf).join("");

/**
 * Letters both models misread alike for others, as a word of the name has them and as printed: li and ll, rn and m, cl and
 * d, t and f, i and l ('Holiow Oak Yarns', 'Pebbie & Pine', 'Brambie', 'The Wildtlower Knits'); an E for an F, a bar read
 * at its foot ('OAK & ANCHOR OUTEITTERS' for Outfitters: seed 3930571097, file 308, a 600 DPI scan), a P for an F, its bars
 * read as a bowl ('Pable & Fern Tools'), and a u for an m, a minim lost ('Mohaumed', 'Fatiua': a 192 DPI screenshot, a 400
 * DPI photo), and an h for li, the i's dot lost into the l ('Marlow Supphes' for Supplies: rehearsal seed 1175936852, file
 * 580, a 150 DPI photo; of the 11,384 distinct raster names the stored runs read right, none changes). Not a t for an r: 'Harriet' is unlisted and 'harrier' listed, so a
 * real label's 'Mrs Harriet Lowe' was made none (import-accuracy's new-evri-rightcol-203.png; reverted). Checked on the 19,599 distinct names the stored runs' reports hold (every medium): these pairs and the
 * accents' lookup (misreadWord) make none of the right ones none, and six wrong ones. An m read as two minims, ii
 * ('Braiible Silver Ltd.': run E, SEED=76423947, file 3376), and an i read as l ('Magple Jewellery': gate seed 1875347505,
 * file 561), both 203 DPI thermal prints given so: of the 30,728 distinct names the stored runs read right (session 16),
 * neither makes one none. An s read as c ('Thictle' for Thistle:
 * seed 258096912, file 3129) is not here: it would make 'Garc' of a right 'Siobhán Garc ía' the listed 'gars', one right
 * name lost for one wrong; nor an a read as o ('Toals': 'roasters' would be 'roosters').
 */
const ALIKE: [string, string][] = [["ii", "m"], ["l", "i"], ["li", "ll"], ["il", "ll"], ["rn", "m"], ["m", "rn"], ["cl", "d"], ["d", "cl"], ["t", "f"], ["i", "l"], ["e", "f"], ["p", "f"], ["u", "m"], ["h", "li"]];

/**
 * Whether a word of the name (four letters or more) is not in the English model's word list (`listed`) but would be with one
 * of its letters read back as the one both models misread alike (ALIKE): a word of the label misread into a non-word that
 * the second reading, misreading it alike, held ('Holiow Oak Yarns' for Hollow: seed 2711752841, file 207, a 203 DPI
 * thermal print). Which was printed is not known: the name is none. Checked on every distinct word of the names the stored
 * runs read right (572): none is one; six of the wrong ones are ('Holiow', 'Pebbie', 'Brambie', 'Retums', 'Toals').
 */
export async function misreadWord(name: string, listed: (word: string) => Promise<boolean> = isListedWord): Promise<boolean> {
  // A word with an accent as its letters without it: the word list knows 'chloe', not 'chloé' ('Miss Chioé Harris' for
  // Chloé, its l read as i by both models: seed 3930571097, file 1726, a 203 DPI thermal print).
  // Words run together, their gaps lost, are looked up apart too ('BiueHeronGoods' for Blue Heron Goods: run F,
  // SEED=2548624490, file 2744, a 150 DPI photo; 'Button TinCoftee'): the run is no word. Whole as well, for a capital a name
  // has inside ('McKenzle', and 'FreyaMcKenzle' apart at Freya alone). Of the 804 distinct names with a capital after a small
  // letter that the stored runs read (765 right), only those two change, both wrong.
  const apart = name
    .split(/(?<=\p{Ll})(?=\p{Lu})/u)
    .reduce((out, piece) => (/(?:^|\P{Ll})(?:Mc|Mac|Fitz)$/u.test(out) ? out + piece : `${out} ${piece}`));
  const words = new Set([...(name.match(/\p{L}{4,}/gu) ?? []), ...(apart.match(/\p{L}{4,}/gu) ?? [])]);
  for (const word of [...words].map((w) => plainWord(w.toLowerCase()))) {
    if (await listed(word)) continue;
    for (const [read, printed] of ALIKE) {
      for (let i = word.indexOf(read); i >= 0; i = word.indexOf(read, i + 1)) if (await listed(word.slice(0, i) + printed + word.slice(i + read.length))) return true;
    }
  }
  return false;
}


/** Letters OCR reads one for another in small or thin type: a stroke (i, l, t, f, r) and a bowl (a, o, e, c). */
const LOOK_ALIKE = ["iltfr", "aoec"];
const lookAlike = (a: string, b: string) => LOOK_ALIKE.some((g) => g.includes(a) && g.includes(b));

/**
 * Whether a shop's name ends with a word one look-alike letter off a word shops' names end with (SHOP_WORDS), that word
 * misread: 'Hazel & Hive Hame' for Home, 'Copper Kettle Studia' for Studio (an o read a), 'Button Tin Candies' for Candles
 * (an l read i: seed 1113018866, file 2743, a 203 DPI thermal print, replayed on e8ca80b's drawing), 'Harry's Toals'. Both
 * models read these alike, and a word list cannot tell them (Candies is a word), nor could a third reading enlarged
 * (2743 read 'Candies' at two, three and four times), 'Larkspur Bockshop'. Only a name of two words or more with no
 * title, its last word four letters or more (a person's surname one such letter off a shop's word is left out of
 * SHOP_WORDS). Of the 28,790 distinct names the stored runs read right, none is one; five wrong ones are. A shop truly
 * named so ('… Candies') is lost: a miss, not a wrong sender. So is one whose last word has two letters read as one
 * (ONE_FOR_TWO: 'Harry's Yams' for Yarns), none of 30,728 right names either.
 */
export function misreadShopWord(name: string): boolean {
  const words = name.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().match(/[\p{L}'’]+|&/gu) ?? [];
  if (words.some((w) => TITLE_WORD.test(w))) return false;
  if (words.length < 2) return false;
  const last = words.at(-1) ?? "";
  if (last.length < 4 || isShopWord(last)) return false;
  return SHOP_WORDS.some((s) => {
    // Two letters read as one ('Harry's Yams' for Yarns, an rn read m: run E's file 1916 and gate seed 1875347505's file
    // 432, 203 DPI thermal prints; a cl read d, an li read h): the word itself may be listed (yams), so no word list tells.
    for (const [read, printed] of ONE_FOR_TWO) for (let i = s.indexOf(printed); i >= 0; i = s.indexOf(printed, i + 1)) if (s.slice(0, i) + read + s.slice(i + printed.length) === last) return true;
    if (s.length !== last.length) return false;
    const diff = [...s].flatMap((c, i) => (c === last[i] ? [] : [[last[i], c]]));
    return diff.length === 1 && lookAlike(diff[0][0], diff[0][1]);
  });
}

/** Two printed letters OCR reads as one ([read, printed]): rn as m, cl as d, li as h (ALIKE's, one way). */
const ONE_FOR_TWO: [string, string][] = [["m", "rn"], ["d", "cl"], ["h", "li"]];

/**
 * The name with the other reading's title for its first word, when the page's reading gave a word of the title's letters
 * but one that is no title ('My Iain O'Connor' for Mx, the Latin reading 'Mx lain O'Connor': fixed seed 3217537065, file
 * 1425, a table photo) and that reading holds the rest of the name; else null. Titles are few: a title's first letter and
 * length read back, the other reading's title is the printed one.
 */
export function retitled(name: string, reading: string): string | null {
  const [first, ...rest] = name.split(" ");
  if (!rest.length || TITLE_WORD.test(first) || !/^\p{Lu}\p{L}\.?$/u.test(first)) return null;
  const tokens = reading.normalize("NFC").split(/\s+/);
  const title = tokens.find((t, i) => TITLE_WORD.test(t) && t[0].toLowerCase() === first[0].toLowerCase() && holdsName(rest.join(" "), tokens.slice(i + 1).join(" ")));
  return title ? `${title} ${rest.join(" ")}` : null;
}

/** The name's line(s) read by the English model on their own, enlarged; every word as read, however unsure. */
async function thirdReading(crops: Grey[], dpi: number): Promise<string> {
  let text = "";
  // A word of the name run into a heading ('SENDERAtlasGoods,') is read with a low confidence: ocrLines would drop it.
  for (const crop of crops) text += ` ${(await recognise(scaleGrey(crop, ENLARGE), dpi * ENLARGE, "line")).words.map((w) => w.text).join(" ")}`;
  return text;
}
