/**
 * A printed weight the page's reading lost or misread, read again from its own line. On 96-203 DPI
 * screenshots and thermal prints Tesseract reads the heading of 'Weight: 1650g' and drops the figure
 * (read right, but with confidence 0), or reads '2.90kg' as '2.90k' and '750g' as '750 9g'. Such a line
 * (a weight heading with no figure read, or a figure with a unit that gives no weight) is cut out,
 * enlarged to a size Tesseract reads well and read twice as one line, by the English and the
 * Latin-script model; a weight is taken only where both readings give the same one. None is better
 * than a wrong one.
 */
import { editDistance, weightGrams } from "../../label-reading/fields";
import { readLatinLine, recognise } from "./tesseract";
import { fixWeight, ocrLines, type OcrWord } from "./text";
import { cropGrey, otsuThreshold, scaleGrey, type Grey } from "../../images/raster";
import { estWidth, type TextLine } from "../../label-reading/text";
import { WEIGHT_HEADING } from "../../label-reading/vocabulary";

/** A weight heading ('Weight:', 'WT', 'Parcel weight'). */
const HEADING = new RegExp(String.raw`\b${WEIGHT_HEADING}\b`, "i");
/** A figure (a real digit in it, digits read as letters around it) with a unit or what is left of one: '2.90k', '750 9g', '1,2 kq'. */
const FIGURE_WITH_UNIT = /(?:^|\s)[0-9OoIl|SZB.,]*\d[0-9OoIl|SZB.,]*(?:\s\d{1,2})?\s?(?:k[gqy9]?|[gq])(?=\s|$)/i;

/** A unit with no figure read before it ('KG' where '@.35' was read at confidence 0 and dropped). */
const UNIT_ALONE = /^(?:[^\d]*\s)?(?:kg|kgs|g)\.?$/i;

/**
 * A figure alone on its line ending in a 9: a figure of grams whose g was read as a 9 ('1509' for '150 g': fresh seed
 * 766313661, file 296, a flattened PDF whose weight was lost). Read again, it gives a weight only where both models read
 * the unit.
 */
const NINE_FOR_G = /^\d{2,4}9$/;

/**
 * Kilograms alone on their line with every digit read as a letter, the point lost with them ('Likg' for '1.1kg': fresh
 * seed 1113018866, file 2216, a 96 DPI screenshot whose weight was lost): letters a digit is read as, then kg.
 */
const LETTERS_FOR_KILOS = /^[OoDQIlLi|SZB][OoDQIlLi|SZB.,]{0,4}\s?k[gq9y]$/;

/**
 * Lines that should give a weight and do not: a heading with no figure read after it, a figure with
 * a unit that reads as none, a unit with no figure, a figure whose g was read as a 9, or kilograms read as letters.
 */
export function weightCandidates(lines: TextLine[]): TextLine[] {
  return lines.filter((l) => weightGrams(l.text) === null && l.text.split(" ").length <= 8 && (HEADING.test(l.text) || FIGURE_WITH_UNIT.test(l.text) || UNIT_ALONE.test(l.text) || NINE_FOR_G.test(l.text.trim()) || LETTERS_FOR_KILOS.test(l.text.trim())));
}

/** A line starting with a date's or a size's heading, which labels print on the weight's row after it ('Weight: 0.75kg  Ship date: 11 Jul 2026'). */
const ROW_FIELD = /^(?:ship(?:ping)?\s*date|despatch(?:ed)?(?:\s*date)?|dispatch(?:ed)?(?:\s*date)?|collection\s*date|created|printed|posted|date|size|dims|dimensions)\b/i;

/**
 * The start of a row the page's reading lost, as a line to read again: a date's or a size's heading (ROW_FIELD) read
 * indented three letters or more right of the left edge of the lines printed near it (within four of its lines above and
 * below), with nothing read left of it on its row. 'Weight:0.75kg Shipdate:11Jul2026' came back 'Shipdate: 11Jul2026'
 * alone (fresh seed 1113018866, file 592, a 150 DPI photo; 'Ship date: 01/09/26' without its weight, seed 2711752841, file
 * 1795, a 200 DPI scan): the row from that edge to the line's end is read again for its weight, where the stretch left
 * of the line holds ink as words do (`inked`).
 */
export function rowStarts(lines: TextLine[], inked: (x0: number, y0: number, x1: number, y1: number) => boolean = () => true): TextLine[] {
  const out: TextLine[] = [];
  for (const l of lines) {
    if (!ROW_FIELD.test(l.text.trim())) continue;
    const near = lines.filter((o) => o !== l && Math.abs(o.y - l.y) <= 4 * l.size);
    if (near.some((o) => Math.abs(o.y - l.y) < 0.6 * l.size && o.x < l.x)) continue;
    const edge = Math.min(...near.map((o) => o.x));
    if (!(edge <= l.x - 3 * l.size) || !inked(edge, l.y, l.x - l.size, l.y + l.size)) continue;
    out.push({ ...l, x: edge, width: l.x + (l.width ?? l.text.length * l.size * 0.6) - edge });
  }
  return out;
}

/** Height, in pixels, a line is enlarged to before it is read again (Tesseract reads best with capitals 30-40 px tall). */
const LINE_PX = 48;
/** The most a line is enlarged by. */
const MAX_SCALE = 4;
/**
 * Height a line is enlarged to for the Latin model's second reading, where its first gave no weight at all (agreedWeight):
 * the Latin model read a 300 DPI scan's '1.85 KG' as 'L85 KG' and a 400 DPI scan's '1kg' as 'lkg' at LINE_PX, both '1.85
 * KG' and '1kg' at 64 px (run F, SEED=2548624490, files 746 and 2329, weights lost; at 32 and 40 px 't.85 KG', 'E8353 KG').
 */
const LARGER_PX = 64;

/**
 * Whether the Latin model reads a line again larger: only where its reading gave no weight (`latin` null: 'L85 KG', no vote
 * against the English reading's) and the larger cut is larger than the first (MAX_SCALE caps both). A Latin reading that
 * gave another weight ('14.19kg' for the English '14.10kg') disputes the figure and is never read again until it agrees.
 */
export const readLarger = (latin: number | null, scale: number, larger: number) => latin === null && larger > scale;

/**
 * The line's stretch of the page (its box, padded; a heading's line to the right too, where its lost
 * figure is, and a unit's to the left), enlarged. Left grey: thresholded (Otsu, or local means) a 203 DPI thermal print's
 * '2.90kg' lost its point or its g.
 */
function lineImage(page: Grey, l: TextLine, px = LINE_PX): { img: Grey; scale: number } | null {
  const pad = Math.round(l.size * 0.4);
  const width = l.width ?? l.text.length * l.size * 0.6;
  const right = l.x + width + (HEADING.test(l.text) ? 8 * l.size : 0);
  // A heading after other words on its line is cut from (its share of the line's width, a letter early): what OCR read
  // before it may be a 2D code's modules beside it ('a “i WEIGHT 1.50KG', 3,000-label seed 1914321767, file 475, a 200
  // DPI scan), which read again with the line spoil both readings.
  const heading = l.text.search(HEADING);
  const from = heading > 0 ? l.x + (width * heading) / l.text.length - l.size : l.x;
  const left = from - (UNIT_ALONE.test(l.text) && !HEADING.test(l.text) ? 6 * l.size : 0);
  const [x0, y0] = [Math.max(0, Math.floor(left - pad)), Math.max(0, Math.floor(l.y - pad))];
  const [x1, y1] = [Math.min(page.width, Math.ceil(right + pad)), Math.min(page.height, Math.ceil(l.y + l.size + pad))];
  if (x1 - x0 < 8 || y1 - y0 < 8) return null;
  const scale = Math.min(MAX_SCALE, Math.max(1, px / Math.max(1, l.size)));
  return { img: scaleGrey(cropGrey(page, x0, y0, x1, y1), scale), scale };
}

/**
 * The weight (grams) read again from the lines that should give one and did not (at most `max`),
 * where the English and the Latin reading of a line agree; null when none does.
 */
export async function rereadWeight(lines: TextLine[], page: Grey, dpi: number, words: OcrWord[] = [], max = 2): Promise<number | null> {
  // The page's ink threshold, worked out only where a row start is found.
  let ink: number | undefined;
  const rows = rowStarts(lines, (x0, y0, x1, y1) => {
    ink ??= otsuThreshold(page);
    return textInk(page, ink, x0, y0, x1, y1);
  });
  const found = await agreedWeight([...weightCandidates(lines).slice(0, max), ...rows.slice(0, 1)], page, dpi);
  return found ?? agreedWeight(droppedWeights(words, lines).slice(0, 1), page, dpi, true);
}

/** Confidence under which ocrLines drops a word (its default minConf): such a word is in no line of the page's reading. */
const DROPPED = 10;

/**
 * Words that give a weight ('5.4kg') which the page's reading dropped, read at a confidence under DROPPED, on no line it
 * kept: 'Weight:5.4kg' of a 240 DPI table photo was read as a word '5.4kg' at confidence 0 and left out, and no line gave
 * the weight (run E, SEED=76423947, file 2518). Each as a line to read again, its box widened six letters to the left so
 * that a heading before it (or a figure of it read apart) is read with it; taken only where both models read the same weight
 * there and no figure stands before it (agreedWeight `whole`).
 */
export function droppedWeights(words: OcrWord[], lines: TextLine[]): TextLine[] {
  const kept = (w: OcrWord) => lines.some((l) => Math.abs(l.y - w.top) < 0.6 * w.height && w.left >= l.x - w.height && w.left + w.width <= l.x + (l.width ?? estWidth(l)) + w.height);
  return words
    .filter((w) => w.conf < DROPPED && w.height > 0 && weightGrams(w.text) !== null && !kept(w))
    .map((w) => {
      const x = Math.max(0, w.left - 6 * w.height);
      return { text: w.text, x, y: w.top, size: w.height, width: w.left + w.width - x };
    });
}

/**
 * A figure with a unit read after another figure ('Weight:1 2600g' for 12600 g: c2d5122's class, a figure of the weight
 * read apart): not known to be the whole weight.
 */
const FIGURE_BEFORE = /\d[^\S\n]+\d[\d.,]*[^\S\n]*(?:kg|kgs|g|grams?)\b/i;

/** The weight a line's reading gives where no figure stands before the weight's own (FIGURE_BEFORE); null otherwise. */
export const wholeWeight = (text: string): number | null => (FIGURE_BEFORE.test(text) ? null : weightGrams(text));

/**
 * Whether a stretch of the page holds ink as printed words do: pixels darker than the page's ink threshold (`ink`, Otsu's:
 * a scan's grey type is lighter than the middle grey) 3-35% of it. Blank paper holds none; a 2D code or a barcode's bars
 * about half. Only a row whose start holds words is read again (rowStarts): a date printed beside a 2D code or on a blank
 * row is most of those the rule finds, and reading them costs time.
 */
export function textInk(page: Grey, ink: number, x0: number, y0: number, x1: number, y1: number): boolean {
  const [left, top] = [Math.max(0, Math.floor(x0)), Math.max(0, Math.floor(y0))];
  const [right, bottom] = [Math.min(page.width, Math.ceil(x1)), Math.min(page.height, Math.ceil(y1))];
  if (right - left < 4 || bottom - top < 4) return false;
  let dark = 0;
  for (let y = top; y < bottom; y++) for (let x = left; x < right; x++) if (page.data[y * page.width + x] < ink) dark++;
  const share = dark / ((right - left) * (bottom - top));
  return share >= 0.03 && share <= 0.35;
}

/**
 * A weight two readings of the page gave differently, checked: the lines that gave the one kept (`grams`) read again,
 * and a weight taken only where both models agree on it; null otherwise. A flattened marketplace PDF's 'Weight (kg):
 * 0.35' was read '0.35' by the page's first reading and '9.35' by its black-and-white one, which was kept for its
 * postcode: 9,350 g for 350 (fixed seed 3636036, file 96). None is better than a wrong one. `seen`: every weight the
 * models read there (agreedWeight).
 */
export async function checkedWeight(lines: TextLine[], page: Grey, dpi: number, grams: number, seen?: Set<number>): Promise<number | null> {
  return agreedWeight(lines.filter((l) => weightGrams(l.text) === grams).slice(0, 2), page, dpi, false, mayBeZero(grams), seen);
}

/**
 * Confidence under which Tesseract's reading of a weight's figure is checked. A 150 DPI photo's '10.00kg' came back
 * '16.00kg' at 19 (its type reads 0 as 6 across the page: '63/11/26' for 03/11/26), and was taken: 16,000 g for 10,000
 * (3,000-label seed 1914321767, file 3513).
 */
const UNSURE = 50;

/**
 * Confidence under which a weight's figure is read again, and another weight both models agree on there replaces it; where
 * they agree on none, the page's stands (ocr-job.ts). A 300 DPI thermal print's clean '550g' came back '950g' at 64
 * (3,000-label seed 258096912, file 2374: 950 g for 550), over UNSURE; read again, both models gave 550. Checked as UNSURE
 * checks (kept only where both agree), it cost a right weight: '7,00kg' at 56 on a 203 DPI thermal print (fresh seed
 * 2909930116, file 1095) came back none. Of the 72 weights two fresh seeds read (740915671, 97 thermal prints; 2909930116,
 * 150 rasters) 5 figures were read under 70 (25, 40, 56, 59, 60), every other at 73 or more.
 */
export const DOUBTFUL = 70;

/**
 * Whether the page's reading was unsure of the figure that gave `grams`: a word holding a digit, read under UNSURE, on a
 * line that gives that weight. Such a weight is checked (checkedWeight) before it is taken. Under `under` (DOUBTFUL): read
 * again, the page's figure standing unless both models read another.
 */
export function unsureFigure(words: OcrWord[], lines: TextLine[], grams: number, under = UNSURE): boolean {
  const on = (w: OcrWord, l: TextLine) => Math.abs(w.top - l.y) <= l.size * 0.6 && w.left >= l.x - l.size && w.left <= l.x + (l.width ?? l.text.length * l.size * 0.6);
  const weightLines = lines.filter((l) => weightGrams(l.text) === grams);
  return words.some((w) => w.conf < under && /\d/.test(w.text) && weightLines.some((l) => on(w, l)));
}

/**
 * Whether a weight's figure holds an 8, which may be a zero: the English model read a 203 DPI thermal print's barred zero
 * as an 8 at confidence 87 ('8.1 KG' for '0.1 KG': fresh seed 10187255, file 897, given 8,100 g for 100), where the Latin
 * model read 0.1. Such a weight is checked as a disputed one (checkedWeight: kept only where both models read it again
 * alike). Measured on run E's 20 raster weights with an 8 (SEED=76423947): all 20 still right; 897 none. It costs two
 * line readings where it runs.
 */
export const mayBeZero = (grams: number) => String(grams).includes("8") || DOTTED_ZERO_READ.includes(Math.floor(grams / 1000));

/**
 * Whole kilograms a monospaced dotted zero before the point was read as by both models alike on 203 DPI thermal prints:
 * 'Weight: 0.100 kg' read '8.100 kg', '0.950 kg' read '6.950 kg' (final rehearsal ci-92, gate seed 2213608380, files 180
 * and 323; '6,100 kg' in ci-87). A weight of 6, 8 or 9 kilograms and some grams is checked (mayBeZero), and where both
 * models agree on it the line is read once more with the zero's dot painted out (agreedWeight `dotCheck`): a reading that
 * then gives another weight makes it none. (Not 19 kg: a figure's other digits are no dotted zero before a point; on a 200
 * DPI photo '19100g' read with its zero's dot painted out gave another figure, a right weight lost.)
 */
const DOTTED_ZERO_READ = [6, 8, 9];

/**
 * A date's year read with its zero as a 6, 8 or 9 ('18 Aug 2626', '28-04-2626'): this page's type reads zeros as other
 * digits, and a weight's may be read so by both models alike (a 203 DPI thermal print's barred zero, 'Weight: 0.1kg'
 * read '8.1kg' beside 'Collection date: 18 Aug 2626': final rehearsal ci-92, gate seed 2213608380, file 180; no dot to
 * paint out there). A weight whose figure holds a 6, 8 or 9 on such a page is none (ocr-job.ts). 7 of the 6,014 distinct
 * stored page readings read a year so.
 */
const ZERO_MISREAD_YEAR = /\b\d{1,2}[\s/.-]+(?:[A-Za-z]{3,9}|\d{1,2})[\s/.-]+2[689]\d\d\b/;
export const zeroMisreadWeight = (lines: TextLine[], grams: number) => /[689]/.test(String(grams)) && lines.some((l) => ZERO_MISREAD_YEAR.test(l.text));

/**
 * The weight the page's reading gave (`grams`), settled before anything is read again for a lost one. Disputed: another
 * reading of the page (`others`, the page's own among them) gave another or none, the reading was unsure of its figure
 * (unsureFigure), or the figure may hold a zero read as another digit (mayBeZero); a disputed weight is kept only where
 * `check` (checkedWeight: its lines read again by both models) gives it. One the reading was a little unsure of (under
 * DOUBTFUL) is checked too, and replaced only by another weight `check` gives; none given, it stands ('950g' at 64 for a
 * clean '550g': 3,000-label seed 258096912, file 2374, a 300 DPI thermal print), unless a model read another weight there
 * (`check` adds every weight a model read to `seen`: contested). A weight `check` gives that is the page's with a zero read
 * as a 6, 8 or 9 is none (zeroReadAgainAsDigit). A figure holding a 6, 8 or 9 on a page whose date's year reads a zero so
 * is none (zeroMisreadWeight) and disputed. `disputed`: nothing read later may give a weight (the page read again gives
 * the same line back).
 */
export async function settledWeight(
  grams: number | null | undefined,
  page: { lines: TextLine[]; words: OcrWord[]; others: Iterable<number | null | undefined> },
  check: (grams: number, seen: Set<number>) => Promise<number | null>,
): Promise<{ grams: number | null | undefined; disputed: boolean }> {
  if (typeof grams !== "number") return { grams, disputed: false };
  const { lines, words } = page;
  const disputed = [...page.others].some((w) => w !== grams) || unsureFigure(words, lines, grams) || mayBeZero(grams);
  let kept: number | null = grams;
  const seen = new Set<number>();
  if (disputed) kept = await check(grams, seen);
  else if (unsureFigure(words, lines, grams, DOUBTFUL)) kept = (await check(grams, seen)) ?? (contested(grams, seen) ? null : grams);
  // A zero the page read as a zero, read again as a 6, 8 or 9: the re-read misread the dotted zero, not the page.
  if (kept !== null && zeroReadAgainAsDigit(grams, kept)) return { grams: null, disputed: true };
  // Made none so, it is disputed: the re-reads for a lost weight read the same line back, both models alike (the gap
  // cbbd50b left: a '1.05kg' read '1.65kg' beside '2626' was made none, then given again).
  if (kept !== null && zeroMisreadWeight(lines, kept)) return { grams: null, disputed: true };
  return { grams: kept, disputed };
}

/**
 * Whether a re-read of a doubtful figure's line gave another weight, by either model, where the two agreed on none: then
 * the page's figure is none, not kept. A 203 DPI thermal print's '1.45kg' read '4.45kg' at confidence 53 (over UNSURE,
 * under DOUBTFUL); read again, the English model gave 4.45 and the Latin 1.45, and the page's 4,450 g stood (fresh seed
 * 244943082, file 3309).
 */
export const contested = (grams: number, seen: ReadonlySet<number>) => [...seen].some((w) => w !== grams);

/**
 * Whether `again` is the page's `grams` with zeros read as a 6, 8 or 9 and nothing else changed (a whole kilogram's zero
 * before the point among them: 0.85 kg read again as 8.85). The page's reading had a zero there; the re-read of the
 * enlarged line read a monospaced face's dotted zero as the digit it looks like ('WEIGHT: 0.85KG' read right by the page
 * at confidence 87, checked for its 8 (mayBeZero), and both models read the cut '8.85KG': fresh seed 244943082, file 3716,
 * a 203 DPI thermal print, 8,850 g given for 850). Misread the other way, a 6, 8 or 9 read again as a zero, the re-read stands.
 */
export function zeroReadAgainAsDigit(grams: number, again: number): boolean {
  if (again === grams) return false;
  const [a, b] = [String(grams), String(again)];
  const width = Math.max(a.length, b.length);
  const [page, reread] = [a.padStart(width, "0"), b.padStart(width, "0")];
  return [...page].every((d, i) => d === reread[i] || (d === "0" && DOTTED_ZERO_DIGITS.includes(reread[i]!)));
}
const DOTTED_ZERO_DIGITS = "689";

/**
 * Whole kilograms with a 1 or a 0 read as a letter, at least one real digit among them ('i1 KG' for '11 KG': the Latin
 * reading of a 203 DPI thermal print's weight line, fresh seed 709770960, file 287, where the English read it right and
 * the two disagreed): the digits put back. Used only to compare the Latin reading with the English one (latinWeight).
 */
const wholeKilos = (text: string) =>
  text.replace(/(?<![\p{L}\d.,])[0-9OoIil|]{1,3}(?=\s?kg\b)/giu, (figure) => (/\d/.test(figure) ? figure.replace(/[Oo]/g, "0").replace(/[Iil|]/g, "1") : figure));

/**
 * A figure's decimal point with a gap read beside it ('4. 60kg' for '4.60kg': run E, SEED=76423947, file 2197, a 300 DPI
 * thermal print whose weight was lost, the Latin reading giving 60 kg against the English 4.6). A monospaced face gives the
 * point a whole letter's width, and the Latin model reads the room round it as a word's gap. Closed, between digits only,
 * for comparing the Latin reading with the English one (latinWeight): both must still read the same digits.
 */
const pointJoined = (text: string) => text.replace(/(?<=\d) ?([.,]) ?(?=\d)/g, "$1");

/** A weight heading starting a line's reading. */
const HEADING_FIRST = new RegExp(String.raw`^${WEIGHT_HEADING}\b`, "i");

/**
 * The Latin reading without one character run into the start of the weight heading it starts with, where the English
 * reading starts with the heading: a mark at the cut's left edge read as a letter ('wWeight (kg): 1.60' / 'Weight (kg):
 * 1.60': run F, SEED=2548624490, file 811, a 300 DPI scan whose weight line the page's reading lost into its logo's; read
 * again, the two disagreed for that letter alone and the weight was lost). Only to compare the two: the figure and unit
 * must still be read alike.
 */
function withoutStrayStart(latin: string, english: string): string {
  const t = latin.trim();
  return HEADING_FIRST.test(english.trim()) && !HEADING_FIRST.test(t) && HEADING_FIRST.test(t.slice(1)) ? t.slice(1) : latin;
}

/** The English reading's figure of grams ('11000g', '300 g'), to be compared with the Latin's with its g read as a 9. */
const GRAMS_FIGURE = /(?<![\d.,])(\d{2,5})\s?g\b/i;

/**
 * The weight a line's reading by the Latin model gives, or the English reading's where the Latin read its g as a 9 and
 * all else on the line alike, gaps aside ('300g' / '3009': fresh seed 1113018866, file 1141, a 203 DPI thermal print;
 * '11000g Dimensions: 39 x 10x 21cm Date: 23/11/2026' / '110009 Dimensions: 39 x 10 x21 cm Date: 23/11/2026': run A of
 * session 13, seed 258096912, file 1616, a 300 DPI scan; both weights lost): the two read the same figure and the same
 * words, and the English the unit. So where the Latin lost the g run into the next word ('Weight200g Dimensions:…' /
 * 'Weight200Dimensions:…': fresh seed 969544535, file 3925, a 300 DPI table photo whose weight was lost).
 */
export function latinWeight(latin: string, english: string, grams: number): number | null {
  const own = weightGrams(fixWeight(wholeKilos(pointJoined(withoutStrayStart(latin, english)))));
  if (own !== null) return own;
  const figure = english.match(GRAMS_FIGURE);
  if (!figure || Number(figure[1]) !== grams) return null;
  const same = (printed: string) => alikeBut(latin.replace(/\s+/g, ""), english.replace(GRAMS_FIGURE, `\n${printed}`).replace(/[^\S\n]+/g, ""));
  return same(`${figure[1]}9`) || same(figure[1]) ? grams : null;
}

/**
 * Whether a Latin reading (gaps left out) is the English one (`english`, gaps left out, a line break before its figure)
 * letter for letter from the figure on, and before it the same or a letter off, with no digit in either (nor, where the two
 * end otherwise next to the figure, a letter read for one): a heading the Latin read a letter short ('W 75009' for the
 * English 'Wt 7500g': the second maker's seed 1322321477, file 274, a 300 DPI seller-made scan whose weight was lost). The
 * figure and what follows it are read alike by both models.
 */
function alikeBut(latin: string, english: string): boolean {
  const [before, after] = english.split("\n");
  if (!latin.endsWith(after)) return false;
  const head = latin.slice(0, latin.length - after.length);
  if (head === before) return true;
  // Where the two end otherwise next to the figure, neither ends in a letter a digit is read as: 'l3009' / '300g' may be 1300.
  const ends = head.at(-1) === before.at(-1) || !(DIGIT_LIKE.test(head) || DIGIT_LIKE.test(before));
  return ends && !/\d/.test(head + before) && editDistance(head, before) <= 1;
}

/** A text ending in a letter or sign OCR reads for a digit. */
const DIGIT_LIKE = /[lIi|!oOQDSZBG]$/;

/**
 * The lines a stretch of the page around `l` holds, read as sparse text (in page coordinates): a line whose box OCR drew
 * wrong, stretched by a 2D code's modules read as words beside it ('ae: Weight (kg): 1.55' 29 px tall where its type is
 * 20: fresh seed 1113018866, file 538, a 240 DPI scan; 'Weight: 0.5kg' and '900 g' 55 px tall: seed 2711752841, files
 * 2171 and 3131, a 200 DPI table photo and a 300 DPI scan), is cut with the line above or a part of the code, and read as
 * one line it gives another line or nothing. Read from the stretch, it comes back with its own box.
 */
async function linesAround(page: Grey, l: TextLine, dpi: number): Promise<TextLine[]> {
  const width = l.width ?? l.text.length * l.size * 0.6;
  const [x0, y0] = [Math.max(0, Math.floor(l.x - l.size)), Math.max(0, Math.floor(l.y - l.size))];
  const [x1, y1] = [Math.min(page.width, Math.ceil(l.x + width + 8 * l.size)), Math.min(page.height, Math.ceil(l.y + 2 * l.size))];
  if (x1 - x0 < 8 || y1 - y0 < 8) return [];
  const words = (await recognise(cropGrey(page, x0, y0, x1, y1), dpi, "sparse")).words;
  return ocrLines(words).map((o) => ({ ...o, x: o.x + x0, y: o.y + y0 }));
}

/**
 * The cut with every stroke that stands inside another's hole painted out, or null where none does: the dot inside a
 * monospaced face's zero. The English model reads such a zero now and then as a 6 ('Weight 1406g' for '1400g' where the
 * Latin read 1400: run E, SEED=76423947, file 489, a 203 DPI thermal print whose weight was lost; without the dot both
 * read 1400), and the Latin one next to a unit as an 8 or a 9 ('14.19kg' for '14.10kg', file 3556, which it still reads
 * so without the dot: that weight stays lost; at 96 DPI the dot is joined to its ring, file 149). Figures, units and
 * headings hold no stroke inside another's hole: a zero with its dot painted out is a plain zero, and nothing else of the
 * line changes. Ink is what Otsu's threshold of the cut puts under it; a stroke is one run of ink (eight neighbours) that
 * touches no paper joined to the cut's edge (four neighbours) nor the edge itself. Only where the two readings disagree.
 */
export function withoutIslands(img: Grey): Grey | null {
  const found = islands(img);
  if (!found.length) return null;
  const out = new Uint8Array(img.data);
  for (const stroke of found) for (const i of stroke) out[i] = 255;
  return { width: img.width, height: img.height, data: out };
}

/**
 * The most a stroke inside another's hole may measure, either way, as a share of the cut's height, to be a zero's dot: a
 * line's cut is its type's height and a pad (1.8 times its type), a dot a fifth of a figure. Letters a table's cell frames
 * whole stand in a hole too: 'Parcel weight 0.98kg' in its cell, read again with its letters painted out, read nothing and
 * the weight was lost (the second maker's seed 1322321477, files 5 and 273, web labels, a flattened PDF and a 300 DPI scan).
 */
const DOT = 0.3;

/** The strokes inside another's hole, small as a dot (DOT), as the pixels of each (withoutIslands). */
function islands(img: Grey): number[][] {
  const { width: w, height: h, data } = img;
  const ink = otsuThreshold(img);
  const dark = (i: number) => data[i] < ink;
  // Paper joined to the edge.
  const outside = new Uint8Array(w * h);
  const stack: number[] = [];
  for (let x = 0; x < w; x++) stack.push(x, (h - 1) * w + x);
  for (let y = 0; y < h; y++) stack.push(y * w, y * w + w - 1);
  while (stack.length) {
    const i = stack.pop()!;
    if (outside[i] || dark(i)) continue;
    outside[i] = 1;
    const [x, y] = [i % w, Math.floor(i / w)];
    if (x > 0) stack.push(i - 1);
    if (x < w - 1) stack.push(i + 1);
    if (y > 0) stack.push(i - w);
    if (y < h - 1) stack.push(i + w);
  }
  const seen = new Uint8Array(w * h);
  const found: number[][] = [];
  for (let start = 0; start < w * h; start++) {
    if (seen[start] || !dark(start)) continue;
    const stroke: number[] = [];
    let island = true;
    stack.push(start);
    seen[start] = 1;
    while (stack.length) {
      const i = stack.pop()!;
      stroke.push(i);
      const [x, y] = [i % w, Math.floor(i / w)];
      if (x === 0 || y === 0 || x === w - 1 || y === h - 1) island = false;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const [nx, ny] = [x + dx, y + dy];
          if ((!dx && !dy) || nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
          const j = ny * w + nx;
          if (dark(j)) {
            if (!seen[j]) [seen[j], stack[stack.length]] = [1, j];
          } else if ((!dx || !dy) && outside[j]) island = false;
        }
      }
    }
    if (island && small(stroke, w, DOT * h)) found.push(stroke);
  }
  return found;
}

/** Whether a stroke's box is narrower and shorter than `most` pixels. */
function small(stroke: number[], w: number, most: number): boolean {
  let [left, right, top, bottom] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const i of stroke) {
    const [x, y] = [i % w, Math.floor(i / w)];
    [left, right, top, bottom] = [Math.min(left, x), Math.max(right, x), Math.min(top, y), Math.max(bottom, y)];
  }
  return right - left < most && bottom - top < most;
}

/**
 * The first weight a candidate line gives read again where the English and the Latin reading of its cut agree. `whole`: a
 * reading with a figure before the weight's (FIGURE_BEFORE) gives none, and nothing else is tried round the line.
 * `dotCheck`: where the two agree, the cut read again with every stroke inside another's hole painted out must give the
 * same weight (a dotted zero both read as a 6 or an 8: DOTTED_ZERO_READ). `seen` gathers every weight either model read
 * off a cut (settledWeight's `contested`).
 */
async function agreedWeight(candidates: TextLine[], page: Grey, dpi: number, whole = false, dotCheck = false, seen = new Set<number>()): Promise<number | null> {
  for (const l of candidates) {
    const cut = lineImage(page, l);
    if (!cut) continue;
    const at = dpi * cut.scale;
    const english = ocrLines((await recognise(cut.img, at, "line")).words, 0).map((x) => x.text).join(" ");
    const grams = whole ? wholeWeight(english) : weightGrams(english);
    if (whole && grams === null) continue;
    if (grams !== null) {
      seen.add(grams);
      let latin = latinWeight(await readLatinLine(cut.img, at), english, grams);
      const larger = latin === null ? lineImage(page, l, LARGER_PX) : null;
      if (larger && readLarger(latin, cut.scale, larger.scale)) latin = latinWeight(await readLatinLine(larger.img, dpi * larger.scale), english, grams);
      if (latin !== null) seen.add(latin);
      if (latin === grams) {
        // `dotCheck`: a figure that may hold a dotted zero read as another digit (mayBeZero), read again without the dot.
        const dotless = dotCheck ? withoutIslands(cut.img) : null;
        if (!dotless) return grams;
        const again = weightGrams(ocrLines((await recognise(dotless, at, "line")).words, 0).map((x) => x.text).join(" "));
        if (again === grams) return grams;
        continue;
      }
      // The two disagree: where a stroke stands in another's hole (a zero's dot), read both again without it.
      const plain = withoutIslands(cut.img);
      if (!plain) continue;
      const again = ocrLines((await recognise(plain, at, "line")).words, 0).map((x) => x.text).join(" ");
      const found = whole ? wholeWeight(again) : weightGrams(again);
      if (found !== null && latinWeight(await readLatinLine(plain, at), again, found) === found) return found;
      continue;
    }
    // Nothing read from the line's cut: the stretch around it read, and a line there giving a weight read again on its own.
    for (const o of await linesAround(page, l, dpi)) {
      const found = weightGrams(o.text);
      const again = found === null ? null : lineImage(page, o);
      if (!again) continue;
      if (latinWeight(await readLatinLine(again.img, dpi * again.scale), o.text, found!) === found) return found;
    }
  }
  return null;
}
