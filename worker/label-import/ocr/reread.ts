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
 * - Whatever the page's reading left unread (the page read again, looking for sparse text).
 */
import { UK_POSTCODE_IN_TEXT_RE } from "../../lib/uk-postcode";
import { ADDRESS_KEYS, type Address, type LabelDetails } from "../../../shared/label";
import { isListedWord, readLatinLine, recognise } from "./tesseract";
import { fixPostcode, ocrLines } from "./text";
import { cropGrey, scaleGrey, type Grey } from "../../images/raster";
import { editDistance, letters } from "../../label-reading/fields";
import { PRINTED_HEADINGS, PRINTED_RETURN_HEADINGS } from "../../label-reading/vocabulary";
import { classifyLine } from "../../label-reading/line-kinds";
import type { TextLine } from "../../label-reading/text";

/** Letters that carry their mark in their own shape (no Unicode decomposition). */
const BARE: Record<string, string> = { ł: "l", Ł: "L", ø: "o", Ø: "O", đ: "d", Đ: "D", ı: "i" };
const bare = (c: string) => BARE[c] ?? c.normalize("NFD").replace(/\p{M}/gu, "");

const isLetter = (c: string) => /\p{L}/u.test(c);
/**
 * Accented letters of European names (Latin-1 and Latin Extended-A/B): not the Latin model's Vietnamese 'Ọ' for a
 * smudged O, nor a vowel with a macron, which is how it reads a rule or a smudge over a plain one ('Freyā Hārris' off a
 * 203 DPI thermal print, fresh seed 2601711117, file 1167); names on UK labels hardly ever carry one. Nor a breve but
 * Romanian's ă: 'Faŭma' for Fatima, its 'ti' read as one letter (fresh seed 3515107650, file 138, a table photo).
 */
const accented = (c: string) => isLetter(c) && bare(c) !== c && c.codePointAt(0)! < 0x250 && !MACRON.test(c) && !UNNAMED_MARK.test(c);
const MACRON = /[āēīōūĀĒĪŌŪĕĭŏŭĔĬŎŬ]/u;
/**
 * Nor Lithuanian's ė, nor a grave over an a, i, o or u: the Latin model's readings of a mark it could not make out
 * ('Chloė Morgan' for Chloé, off a 203 DPI thermal print: seed 258096912, file 796, given so; 'Hélėne Wilson' for
 * Hélène, seed 1108467383, file 46; 'Josė' for the page's right 'José'; 'CIARÀ' for Ciarán, seed 258096912, file 784, and
 * 'Oscàr D'Arcy', given so; 'Ò Súilleabháin'). Of the stored Latin readings, no grave over those four was printed. Nor a
 * double acute (ő, ű) or a ring over an a (å): its readings of an acute or a diaeresis it saw thickened or doubled ('DANIEL
 * Ó SŰILLEABHÁIN' off a 203 DPI thermal print, 'Chidi Ó Súilleabhåin' off a 144 DPI screenshot: fresh seed 2942110715,
 * files 1463 and 1903, each given so; 'Olå Forge Records' for Old). Hungarian's and the Nordic languages' names carry
 * them, and a label printed so loses them (a miss); no name the generators draw does. Nor Latvian's cedilla under an l, a
 * k, an n or a g (ļ, ķ, ņ, ģ): a speck under the letter ('ORĻA FASHION' for Orla Fashion: fresh seed 2657129363, file
 * 1505, a 240 DPI table photo, given so). Where the page's letter is plain, the mark is not known: ocr/agree.ts
 * markOverPlain gives the name as none.
 */
export const UNNAMED_MARK = /[ėĖàìòùÀÌÒÙőŐűŰåÅļĻķĶņŅģĢ]/u;

/**
 * `name` spelt with the accents `line` (another reading of the line it came from) gives, or null
 * when the line does not hold the name or adds nothing. Where the two readings differ, the second's
 * accented letter is taken for the first's plain one, or for two of them (the English model has no
 * ü or ñ: it reads 'Müller' as 'Miller', 'Quiñones' as 'Quifiones'). The whole name first; when the
 * second reading differs elsewhere too (the Latin model reads worse than the English one: 'BIÖRN
 * ÖZTÜRK', 'Fi rançois', 'Lefèv re', 'Anaiïs'), word by word (wordAccents).
 */
export function withAccents(name: string, read: string): string | null {
  const fixed = accentsOf(name, read);
  return fixed && inCapitals(fixed);
}

/**
 * A name printed in capitals keeps its accented letters capitals: one put for a small and a capital letter the English
 * model read ('ANAiIS' with the Latin 'ANAÏS' gave 'ANAïS', then refused as a name in two cases: fresh seed 258096912,
 * file 2095, a flattened Evri routing label). A name whose every other letter is a capital, two at least.
 */
function inCapitals(name: string): string {
  const rest = [...name].filter((c) => !(accented(c) && c !== c.toUpperCase())).join("");
  return rest !== name && (rest.match(/\p{Lu}/gu) ?? []).length >= 2 && !/\p{Ll}/u.test(rest) ? name.toUpperCase() : name;
}

/** `name` with `read`'s accents (withAccents), their case as `read` or the letter they stand for has it. */
function accentsOf(name: string, read: string): string | null {
  // Composed letters; the Turkish dotted and dotless I are the Latin model's misreadings of i and l.
  const line = read.normalize("NFC").replace(/İ/g, "I").replace(/ı/g, "i");
  const whole = wholeAccents(name, line);
  if (whole !== null) return whole;
  const tokens = line.split(/\s+/).filter(Boolean);
  // A word the second reading broke in two ('Lefèv re', 'Fi rançois') is read joined too; two it ran together
  // ('JamesAnaïs' for 'James Anaïs': a 600 DPI photo, fresh seed 3215497301) apart too.
  const joined = tokens.slice(1).flatMap((t, i) => (/^\p{Ll}/u.test(t) ? [tokens[i] + t] : []));
  const apart = tokens.flatMap((t) => t.split(/(?<=\p{Ll})(?=\p{Lu})/u)).filter((t) => !tokens.includes(t));
  const candidates = [...tokens, ...joined, ...apart];
  const words = name.split(" ").map((w) => wordAccents(w, candidates) ?? w);
  const fixed = words.join(" ");
  return fixed !== name ? fixed : null;
}

/**
 * Misreadings a word may differ by from its second reading: one up to five letters, two beyond; none
 * for one or two, but a digit or '@' read for an accented letter ('6' for 'Ó').
 */
const allowed = (word: string) => (word.length < 3 ? (/[\d@]/.test(word) ? 1 : 0) : word.length < 6 ? 1 : 2);

/**
 * `word` with the accents of the closest of `candidates` (the second reading's words), when that is
 * within `allowed` misreadings of it and gives an accent: its accented letters are taken where they
 * stand for the word's plain one (or a letter or two the English model read for a letter it does
 * not know, as wholeAccents takes them); every other letter of the word stays as the first reading has it.
 */
function wordAccents(word: string, candidates: string[]): string | null {
  const w = [...word];
  let best: { cost: number; gained: number; out: string } | null = null;
  for (const cand of candidates) {
    const t = [...cand];
    // dp[i][j]: the cheapest reading of w[..i) against t[..j), with what it spells and the accents it gains.
    type Cell = { cost: number; gained: number; out: string };
    const dp: Cell[][] = Array.from({ length: w.length + 1 }, () => Array<Cell>(t.length + 1));
    const better = (a: Cell | undefined, b: Cell) => !a || b.cost < a.cost || (b.cost === a.cost && b.gained > a.gained);
    const put = (i: number, j: number, c: Cell) => {
      if (better(dp[i][j], c)) dp[i][j] = c;
    };
    dp[0][0] = { cost: 0, gained: 0, out: "" };
    for (let i = 0; i <= w.length; i++) {
      for (let j = 0; j <= t.length; j++) {
        const here = dp[i][j];
        if (!here) continue;
        const c = t[j];
        const letter = i < w.length && isLetter(w[i]);
        if (i < w.length && c !== undefined) {
          const same = bare(c).toLowerCase() === bare(w[i]).toLowerCase();
          if (same) put(i + 1, j + 1, { cost: here.cost, gained: here.gained + Number(accented(c) && c !== w[i] && c.toLowerCase() !== w[i].toLowerCase()), out: here.out + (letter && accented(c) ? cased(c, w[i]) : w[i]) });
          // A letter the English model does not know read as another letter, a digit or '@' ('Zs6fia', 'Sgren', 'S@rensen'): a misreading, with its accent.
          else if ((letter || /[\d@]/.test(w[i])) && accented(c)) put(i + 1, j + 1, { cost: here.cost + 1, gained: here.gained + 1, out: here.out + (letter ? cased(c, w[i]) : c) });
          else put(i + 1, j + 1, { cost: here.cost + 1, gained: here.gained, out: here.out + w[i] });
          // Two letters read for one accented letter ('Quifiones' for Quiñones), or a letter and the '@' the English
          // model gives for it ('Se@ren' for Søren: fresh seed 3515107650, file 1107, a 150 DPI photo, read 'Seøren').
          const plain = (k: number) => isLetter(w[k] ?? "") && bare(w[k]) === w[k];
          if (accented(c) && ((letter && isLetter(w[i + 1] ?? "")) || (plain(i) && w[i + 1] === "@") || (w[i] === "@" && plain(i + 1)))) {
            put(i + 2, j + 1, { cost: here.cost + 1, gained: here.gained + 1, out: here.out + cased(c, letter ? w[i] : w[i + 1]) });
          }
        }
        // A letter the second reading lacks stays; a digit it lacks was noise in a name ('Ö6ztürk').
        if (i < w.length) put(i + 1, j, { cost: here.cost + 1, gained: here.gained, out: here.out + (/\d/.test(w[i]) ? "" : w[i]) });
        if (c !== undefined) put(i, j + 1, { cost: here.cost + 1, gained: here.gained, out: here.out });
      }
    }
    const end = dp[w.length][t.length];
    if (end && end.gained > 0 && end.cost <= allowed(word) && better(best ?? undefined, end)) best = end;
  }
  return best?.out ?? null;
}

/**
 * `fixed` (the name with the Latin reading's accents) with each word the page's reading gave as a word of the English
 * model's list (`listed`) put back where an accented letter took the place of two of its letters: the English model read a
 * whole word right, and the Latin model read two letters as one ('Atlas Goods', the Latin reading 'Aïas Goods', its 'tl' read
 * as 'ï': fresh seed 791838569, file 512, a 150 DPI scan, given as 'Aïas Goods'). Two letters the English model reads for a
 * letter it does not know ('Quifiones' for Quiñones, 'Se@ren' for Søren) make no word of its list.
 */
export async function keptWords(name: string, fixed: string, listed: (word: string) => Promise<boolean> = isListedWord): Promise<string> {
  const [page, accents] = [name.split(" "), fixed.split(" ")];
  if (page.length !== accents.length) return fixed;
  const out: string[] = [];
  for (const [i, word] of page.entries()) {
    const lost = [...accents[i]].length < [...word].length && /^\p{L}+$/u.test(word) && (await listed(word.toLowerCase()));
    out.push(lost ? word : accents[i]);
  }
  return out.join(" ");
}

const cased = (latin: string, as: string) => (as === as.toUpperCase() ? latin.toUpperCase() : latin.toLowerCase());

/** The whole name read from the line with the same letters but for its accents, or null. */
function wholeAccents(name: string, line: string): string | null {
  const want = [...name];
  const chars = [...line];
  // The spelling of want[i..] read from chars[j..], or null. An accented letter for another letter
  // (or two) at most once a word: 'AÏŤS' is no reading of 'ANAIS'.
  const align = (i: number, j: number, swapped = false): string | null => {
    if (i === want.length) return "";
    const c = chars[j];
    if (c === undefined) return null;
    const w = want[i];
    // A gap one reading lost and the other has ('DR. SEANNAKAMURA', the Latin 'DR.SEÁNNAKAMURA' for DR. SEÁN NAKAMURA;
    // 'DrDOSuilleabhain', 'DrD Ó Súilleabháin': fresh seed 3474335258, files 264 and 219, a photo and a flattened PDF):
    // the name keeps its own gaps, and takes the accents of letters both readings hold.
    if (w === " " && c !== " ") return prepend(w, align(i + 1, j, swapped));
    if (c === " " && w !== " " && i > 0) return align(i, j + 1, swapped);
    if (!isLetter(w)) return bare(c) === w ? prepend(w, align(i + 1, j + 1)) : null;
    const same = bare(c).toLowerCase() === bare(w).toLowerCase();
    if (same || (accented(c) && !swapped)) {
      const one = prepend(accented(c) ? cased(c, w) : w, align(i + 1, j + 1, swapped || !same));
      if (one !== null) return one;
    }
    if (accented(c) && !swapped && isLetter(want[i + 1] ?? "")) return prepend(cased(c, w), align(i + 2, j + 1, true));
    return null;
  };
  for (let k = 0; k < chars.length; k++) {
    const fixed = align(0, k);
    if (fixed !== null) return fixed !== name ? fixed : null;
  }
  return null;
}

const prepend = (c: string, rest: string | null) => (rest === null ? null : c + rest);

/** A line's pixels, with `over` of its height over and under its box (and PAD of it left and right). */
function crop(g: Grey, l: TextLine, over = PAD): Grey | null {
  const pad = Math.round(l.size * PAD);
  const rows = Math.round(l.size * over);
  return cropBox(g, Math.floor(l.x - pad), Math.floor(l.y - rows), Math.ceil(l.x + (l.width ?? l.text.length * l.size * 0.6) + pad), Math.ceil(l.y + l.size + rows));
}

/**
 * The rows of print in and around a line's box (from a line's height over it to two under it), each a crop of its own:
 * rows holding ink, split where a row holds none, with a fifth of the band's height round it but never past halfway to the
 * next band. Nearest the box's middle first; at most BANDS. Where OCR boxed a line tall enough to take in its
 * neighbour's ink, the band of the name's own print reads whole: 'Harpreet Fitzgerald' in bold, boxed 75 px high over
 * 'Suite 49, Ty Gwyn', its crop read 'Hipe orar', and 'Hannah Ravi Gallagher, Flat 6B, …' under 'Return address:', read
 * 'Fah Nai. Calater Flat 6B, …' (run D, SEED=2845914634, file 3418, a clean 300 DPI scan whose two right names were
 * given as none). (A name whose box OCR put a line too high, over its heading's ink, 'Heather Hill Print Studio Ltd.'
 * under 'Delivery address:' on a flattened PDF aslant, file 1728, is parted from it, but its band read aslant is still
 * not held: none.)
 */
export function inkBands(g: Grey, l: TextLine): Grey[] {
  const pad = Math.round(l.size * PAD);
  const x0 = Math.max(0, Math.floor(l.x - pad));
  const x1 = Math.min(g.width, Math.ceil(l.x + (l.width ?? l.text.length * l.size * 0.6) + pad));
  const y0 = Math.max(0, Math.floor(l.y - l.size));
  const y1 = Math.min(g.height, Math.ceil(l.y + 2 * l.size));
  if (x1 - x0 < 4 || y1 - y0 < 4) return [];
  // Paper and ink by the region's own levels: a pixel is ink past halfway from the paper (its 90th percentile) to the
  // darkest (its 1st).
  const counts = new Array<number>(256).fill(0);
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) counts[g.data[y * g.width + x]]++;
  const level = (share: number) => {
    let seen = 0;
    const want = share * (x1 - x0) * (y1 - y0);
    for (let v = 0; v < 256; v++) {
      seen += counts[v];
      if (seen > want) return v;
    }
    return 255;
  };
  const [dark, paper] = [level(0.01), level(0.9)];
  if (paper - dark < 40) return [];
  const cut = (paper + dark) / 2;
  const least = Math.max(2, Math.round((x1 - x0) * 0.004));
  const ink: number[] = [];
  for (let y = y0; y < y1; y++) {
    let n = 0;
    for (let x = x0; x < x1; x++) if (g.data[y * g.width + x] < cut) n++;
    ink.push(n);
  }
  const runs: [number, number][] = [];
  for (let i = 0; i < ink.length; i++) {
    if (ink[i] < least) continue;
    const last = runs[runs.length - 1];
    if (last && i - last[1] <= 1) last[1] = i + 1;
    else runs.push([i, i + 1]);
  }
  // Two lines whose ink touches (a descender over the next line's capitals, a line aslant): parted at the row of least ink
  // in the run's middle.
  for (let k = 0; k < runs.length; k++) {
    const [a, b] = runs[k];
    if (b - a <= l.size * 1.6) continue;
    let at = a + Math.round((b - a) * 0.2);
    for (let y = at; y < a + Math.round((b - a) * 0.8); y++) if (ink[y] < ink[at]) at = y;
    runs.splice(k, 1, [a, at], [at + 1, b]);
    k--;
  }
  // A band of a line's height: not a rule or a speck (under a third of the box's height), nor two lines run together.
  const bands = runs.filter(([a, b]) => b - a >= l.size / 3 && b - a <= l.size * 1.6);
  const middle = l.y + l.size / 2 - y0;
  bands.sort((p, q) => Math.abs((p[0] + p[1]) / 2 - middle) - Math.abs((q[0] + q[1]) / 2 - middle));
  return bands.slice(0, BANDS).flatMap(([a, b]) => {
    const k = runs.findIndex((r) => r[0] === a);
    const room = Math.round((b - a) / 5);
    const top = Math.max(a - room, k > 0 ? Math.ceil((runs[k - 1][1] + a) / 2) : 0);
    const bottom = Math.min(b + room, k < runs.length - 1 ? Math.floor((b + runs[k + 1][0]) / 2) : ink.length);
    return cropBox(g, x0, y0 + top, x1, y0 + bottom) ?? [];
  });
}

/** How many of a line's bands of print (inkBands) are read again at most. */
const BANDS = 3;

/** Room left round a line's box in its crop, as a share of its height. */
const PAD = 0.35;

/**
 * Room over and under a line's box in its crop read again where the first crop read as nothing (restoreAccents): the
 * next line's tops cut by the first crop's last rows leave Tesseract's line reader, either model, with no line at all
 * ('Bethan's Supplies' under 'Return address:', 'Ngozi Kowalski' over its street: seed 3930571097, files 3106 and 1949,
 * a 150 DPI scan and a flattened PDF, clean type the page's reading had right, given as none; so was 'Cwm Goods' on
 * file 1426, a 150 DPI table photo, and 'JOAQUÍN HILL', seed 258096912, file 87, a 200 DPI scan). Those crops read
 * whole with 0.05 to 0.3 of the height round the box, and with the first crop's last row blanked: the box holds the
 * line's own ascenders and descenders.
 */
const TIGHT = 0.15;

/**
 * Room over and under a line's box in its crop read again where the first crop's reading does not hold the name
 * (restoreAccents): a line's box is as high as its words' median and starts at its highest word's top, and the words of a
 * long line that stands a little aslant reach below it, their feet cut by the crop ('SHIP FROM: Blue Heron Design,
 * Hillside Farm, … TS11UW' in 15 px type across a 200 DPI scan, its words' ink 34 px high: seed 3930571097, file 2613,
 * the sender given as none; read whole by both models with 0.9-1.2 of the height round the box, garbled at 0.35-0.5).
 * The looser crop's reading is kept only where it holds the name as the page read it, so it can only confirm the page's
 * letters, never give others: it also took the Latin model's misreadings of a letter's foot out of names the accents or
 * the vote then spoilt ('Wren & Ivy Outñtters', 'OAK & ANCHOR OUTEITTERS': two wrong senders right) or the agreement refused
 * ('SALTMARSH SILVER LIMITȚTED'). Costs one Latin reading of the line (two where it is read enlarged) for each name not
 * held: 19 of the ~300 names of a fresh image run's 150 files.
 */
const LOOSE = 1.2;

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

/**
 * The line a name was read from; or, for a name a narrow column broke over lines ('Mx H' /
 * 'Öztürk'), the lines made of nothing but its words (at most three), and the line of a heading its
 * first words are printed after ('FROM Hazel & Hive Tea' over 'Co': fresh seed 3217537065, file 1832, whose
 * second reading was then of 'Co' alone, and the name given as none).
 */
export function linesOfName(lines: TextLine[], name: string): TextLine[] {
  const whole = lines.find((l) => l.text.includes(name));
  if (whole) return [whole];
  const words = new Set(name.split(" "));
  const own = lines.filter((l) => l.text.split(" ").every((w) => words.has(w)));
  const headed = lines.find((l) => !own.includes(l) && l.text.split(" ").some((_, k, ws) => k > 0 && name.startsWith(`${ws.slice(k).join(" ")} `)));
  if (own.length || headed) return (headed ? [headed, ...own].sort((a, b) => a.y - b.y) : own).slice(0, 3);
  // A name the layout mended ('WEI MACLEOD' of the line 'WE! MACLEOD': name-lines.ts withoutDebris puts an I or l back
  // for a '!'): its line, by its letters with a stroke's readings (i, l, 1, !, |) alike (fresh seed 683783121, file 777,
  // a 150 DPI scan, whose name no second reading was asked for and was given as none).
  const want = strokes(name);
  const mended = want.length >= 4 ? lines.find((l) => strokes(l.text).includes(want)) : undefined;
  return mended ? [mended] : [];
}

/** A line's letters (lettersOf) with the readings of a letter of one stroke made one: what a mended name is found by. */
const strokes = (s: string) => lettersOf(s.replace(/[!|]/g, "i")).replace(/[l1]/g, "i");

/** Each name's line(s) on the page, and the Latin model's reading of them, by the name as the page's reading gave it. */
export interface NameReadings {
  latin: Map<string, string>;
  crops: Map<string, Grey[]>;
  /** The page's reading of each name's line(s). */
  pageLines: Map<string, string>;
}

/** How much a name's line is enlarged for the Latin model's second look at it (latinReading). */
const LATIN_AGAIN = 2;

/** Accented letters in a reading (accented): the marks it saw. */
const accentCount = (s: string) => [...s.normalize("NFC")].filter(accented).length;

/**
 * The Latin model's reading of a name's line(s) (`imgs`, crops of the page at `dpi`). Where it does not hold the name
 * as the page's reading gave it (`holds`: ocr/agree.ts holdsName), the line is read once more enlarged twice, and that
 * reading is taken when it holds the name and saw every accent the first saw. Read at the page's scale, small or
 * jagged type loses or doubles a letter ('Isla Hussan' for Isla Hussain off a 203 DPI thermal print, 'MARWOỌOOD KIDS'
 * off a 120 DPI screenshot: fixed seed 3217537065, files 750 and 1094, whose names the page's reading had right and
 * the agreement check then gave as none); enlarged, it read both right. The first reading stays where the second does
 * not hold the name either, or lost a mark the first saw ('Muüller' read 'Muller': the page's plain 'Muller' would
 * then stand for Müller).
 */
export async function latinReading(name: string, imgs: Grey[], dpi: number, holds?: (name: string, reading: string) => boolean, read = readLatinLine): Promise<string> {
  const at = async (factor: number) => {
    let text = "";
    for (const img of imgs) text += ` ${await read(factor === 1 ? img : scaleGrey(img, factor), dpi * factor)}`;
    return apostropheCaron(undoubled(text.trim(), name));
  };
  const first = await at(1);
  if (!holds || !imgs.length || holds(name, first)) return first;
  const again = await at(LATIN_AGAIN);
  // Letter for letter: `holds` lets a page's l stand for another reading's i, and a page's 'The lronbridge' (for The
  // Ironbridge Home, its last word lost) was held so (fresh seed 892709032, file 915, a 200 DPI scan: a wrong sender).
  const same = lettersOf(again).includes(lettersOf(name));
  return same && holds(name, again) && accentCount(again) >= accentCount(first) ? again : first;
}

/**
 * The Latin reading with a letter it read twice over, once plain or with a dot over it and then with a diaeresis or a
 * stroke, read once with its mark: the model reads a diaeresis's two dots as two marks over two letters ('Zoėë' for Zoë:
 * fresh SEED=969544535, file 2727, a 400 DPI scan; 'Anaiïs' for Anaïs, the i's own dot one of the two) and an ø as an o
 * and then itself ('Soøren' for Søren: seed 258096912, file 135, a 150 DPI scan). Each was given as none (the accents
 * taken from the doubled word made 'Ėë O'Connor' and 'Øren', refused). No name doubles a vowel so ('Zoëe'); where the
 * page's reading has the letter twice in a row ('Cooper'), the reading stays as it is.
 */
export function undoubled(reading: string, name: string): string {
  const chars = [...reading.normalize("NFC")];
  const twice = lettersOf(name);
  return chars
    .filter((c, i) => {
      const next = chars[i + 1] ?? "";
      const base = bare(next);
      const marked = next !== base && (/[øØ]/u.test(next) || next.normalize("NFD").includes("\u0308"));
      const plainOrDotted = c === base || c.normalize("NFD") === `${base}\u0307`;
      return !(marked && plainOrDotted && !twice.includes(base.toLowerCase().repeat(2)));
    })
    .join("");
}

/**
 * The reading with a caron over a letter before an apostrophe put back to the plain letter: the apostrophe read twice, as
 * itself and as the letter's caron ("Danieľ's Gifts, Flat 8, …" for the page's right "Daniel's Gifts": gate seed
 * 2697470300, file 283, a 300 DPI thermal print, given as "Danieľ's Gifts"). Where the apostrophe was read into the letter
 * alone ('Meřs Outfitters' for Mei's) the letter is not known: ocr/agree.ts fusedApostrophe gives the name as none.
 */
export const apostropheCaron = (reading: string) => reading.normalize("NFC").replace(/[ľřďťĽŘĎŤ](?=['’])/gu, (c) => bare(c));

/**
 * The details with each address name re-read from its line on `page` (the image the lines come from), and those
 * readings; with `holds`, a Latin reading that does not hold the name is read again enlarged (latinReading).
 */
export async function restoreAccents(
  details: LabelDetails,
  lines: TextLine[],
  page: Grey,
  dpi: number,
  holds?: (name: string, reading: string) => boolean,
): Promise<{ details: LabelDetails } & NameReadings> {
  const out: LabelDetails = { ...details };
  const done = new Map<string, string>();
  const latin = new Map<string, string>();
  const crops = new Map<string, Grey[]>();
  const pageLines = new Map<string, string>();
  for (const key of ADDRESS_KEYS) {
    const a: Address | null | undefined = details[key];
    if (!a?.name) continue;
    if (!done.has(a.name)) {
      const found = linesOfName(lines, a.name);
      pageLines.set(a.name, found.map((l) => l.text).join(" "));
      const cropped = (over: number) => found.flatMap((line) => crop(page, line, over) ?? []);
      let imgs = cropped(PAD);
      let read = await latinReading(a.name, imgs, dpi, holds);
      /** The lines cropped again with `over` of their height round them, that reading kept where `keep` says. */
      const again = async (over: number, keep: (reading: string) => boolean) => {
        const other = cropped(over);
        const reading = await latinReading(a.name, other, dpi, holds);
        if (keep(reading)) [imgs, read] = [other, reading];
      };
      // Nothing read at all: the line's crop again, tighter above and below (TIGHT).
      if (!read && imgs.length) await again(TIGHT, Boolean);
      // Not held: the line's crop again, looser over and under (LOOSE), kept only where its reading holds the name.
      if (holds && imgs.length && !holds(a.name, read)) await again(LOOSE, (reading) => holds(a.name, reading));
      // Still not held, a name on one line: each band of print round its box read on its own, kept where it holds the name
      // (inkBands). Like the looser crop's, it can only confirm the page's letters.
      if (holds && found.length === 1 && !holds(a.name, read)) {
        for (const band of inkBands(page, found[0])) {
          const reading = await latinReading(a.name, [band], dpi);
          if (!holds(a.name, reading)) continue;
          [imgs, read] = [[band], reading];
          break;
        }
      }
      if (imgs.length) [latin.set(a.name, read), crops.set(a.name, imgs)];
      done.set(a.name, read ? await keptWords(a.name, withAccents(a.name, read) ?? a.name) : a.name);
    }
    const name = done.get(a.name)!;
    if (name !== a.name) out[key] = { ...a, name };
  }
  return { details: out, latin, crops, pageLines };
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

/**
 * The page read again with Tesseract looking for sparse text, for what the page's reading left
 * unread: small print its page layout took for part of a picture (a weight beside a QR code or
 * under a bold service, '2-3 Day' right of a logo: generated scans, thermal prints and photos).
 * Lines it reads differently from the page's reading are added to those (a line read there as
 * noise, 'sa' for '0.8kg' under a logo's height, is read again). Reading only what was left, the
 * rest painted out, found nothing: among a barcode's bars a lone small line reads as noise.
 */
export async function rereadUnread(lines: TextLine[], page: Grey, dpi: number): Promise<TextLine[]> {
  const again = (l: TextLine) => lines.some((k) => k.text === l.text && Math.abs(k.y - l.y) < l.size);
  const found = ocrLines((await recognise(page, dpi, "sparse")).words).filter((l) => !again(l));
  return found.length ? [...lines, ...found].sort((a, b) => a.y - b.y || a.x - b.x) : lines;
}

/** A name's letters in small letters without accents, gaps or stops: what two readings of it are compared by. */
const lettersOf = (s: string) => [...s.normalize("NFC")].map((c) => bare(c).toLowerCase()).join("").replace(/[^\p{L}\p{N}]/gu, "");

/** A small word inside a name: 'van der', 'de la', 'ap'. */
const PARTICLE = /^\p{Ll}{1,3}$/u;

/** Letters of one stroke (in small letters): i, j, l and the digit 1. */
const ONE_STROKE = /[ijl1]/;

/** The edits from `a` to `b` where each that adds, drops or changes a letter of one stroke counts for ten. */
function strokeDistance(a: string, b: string): number {
  const cost = (c: string) => (ONE_STROKE.test(c) ? 10 : 1);
  let row = [0];
  for (let j = 1; j <= b.length; j++) row[j] = row[j - 1] + cost(b[j - 1]);
  for (let i = 1; i <= a.length; i++) {
    const next = [row[0] + cost(a[i - 1])];
    for (let j = 1; j <= b.length; j++) {
      const swap = a[i - 1] === b[j - 1] ? 0 : Math.max(cost(a[i - 1]), cost(b[j - 1]));
      next[j] = Math.min(row[j] + cost(a[i - 1]), next[j - 1] + cost(b[j - 1]), row[j - 1] + swap);
    }
    row = next;
  }
  return row[b.length];
}

/** A word a name may be printed with: a capital (or an initial), then letters, apostrophes, hyphens, a stop or '&'. */
const NAME_TOKEN = /^(?:&|\p{Lu}[\p{L}'’.-]*)$/u;

/**
 * The reading of a name's line that two readings other than the page's give alike, when the page's misread it: the
 * English model, reading the whole page, gets a letter of small or blurred type wrong now and then ('Harry Anmed' for
 * Ahmed, 'Little Forn Studio' for Fern: fixed seed 3217537065, files 701 and 3170, a 300 DPI and a 200 DPI scan), and
 * the name is then given as none (ocr/agree.ts: no second reading holds it). The line read again by the English model alone and enlarged (`again`), and by the Latin model (`latin`), are two
 * readings apart from the page's; where a run of `again`'s words is a name's words that `latin` holds letter for
 * letter (accents, case and gaps aside), that run is the name, when it is the page's but for a letter or two (one in
 * five at most: another name's words are no misreading of this one), and where no letter of one stroke (i, j, l, 1)
 * is changed, added or lost: each model takes such a stroke for one of them by guess, and two readings may guess alike
 * where the page's was right ('MISS BIORN WILSON' for BJÖRN, fixed seed 3217537065, file 1685, a 120 DPI screenshot;
 * 'Mx lain' for Iain, file 1425). Null otherwise.
 */
export function votedName(name: string, again: string, latin: string, holds: (name: string, reading: string) => boolean, listed: (word: string) => boolean = () => false): string | null {
  const want = lettersOf(name);
  const tokens = again.normalize("NFC").split(/\s+/).filter(Boolean).map((t) => t.replace(/[,;:]+$/, ""));
  const words = name.split(" ").length;
  let best: { text: string; cost: number } | null = null;
  for (let i = 0; i < tokens.length; i++) {
    for (let j = i + words; j <= Math.min(tokens.length, i + words + 1); j++) {
      const run = tokens.slice(i, j);
      const named = NAME_TOKEN.test(run[0]) && NAME_TOKEN.test(run[run.length - 1]) && run.every((t) => NAME_TOKEN.test(t) || PARTICLE.test(t));
      // As many words as the page's reading gave, or one more (a gap it lost): fewer would be part of the name.
      if (!named || run.length < words || run.length > words + 1) continue;
      const text = run.join(" ");
      const got = lettersOf(text);
      const cost = editDistance(want, got);
      if (cost === 0 || cost > Math.min(2, Math.floor(want.length / 5)) || got[0] !== want[0]) continue;
      // No letter of one stroke changed, added or lost: what each reading takes such a stroke for is its guess. Nor a word's
      // first letter, nor an f read as t or i (capitalVoted, fVoted).
      if ((strokeDistance(want, got) !== cost && !wordsMended(name, run, listed)) || capitalVoted(name, run) || fVoted(want, got)) continue;
      if (!holds(text, latin) || (best && best.cost <= cost)) continue;
      best = { text, cost };
    }
  }
  return best?.text ?? null;
}

/**
 * Whether each word the vote changes is a word of the English model's list and the page's reading of it is not ('Redwing
 * Sitver' voted 'Redwing Silver': fresh seed 1411914453, file 1948, a 150 DPI scan, a stroke read as a t): a stroke's
 * guess that makes a word of a non-word is no guess. Names' own words are seldom listed ('BIORN', 'Ahmed'), so a name
 * stays as the stroke rule leaves it; a shop's are.
 */
function wordsMended(name: string, run: string[], listed: (word: string) => boolean): boolean {
  const words = name.split(" ");
  if (run.length !== words.length) return false;
  const changed = run.flatMap((t, k) => (lettersOf(t) === lettersOf(words[k]) ? [] : [[words[k], t] as const]));
  return changed.length > 0 && changed.every(([page, voted]) => listed(trimmed(voted)) && !listed(trimmed(page)));
}

/** A word without the stops and commas around it. */
const trimmed = (word: string) => word.replace(/^\P{L}+|\P{L}+$/gu, "");

/**
 * Whether the vote's words change a word's first letter of the page's name ('MR ELLIE OUINONES' voted for the page's
 * right 'QUINONES', the Q's tail lost in both other readings: seed 1914321767, file 224, a 300 DPI scan). A name's capitals
 * are its surest letters; two readings that lose a stroke alike there are no proof (ocr/agree.ts capitalDisputed).
 */
const capitalVoted = (name: string, run: string[]) => {
  const words = name.split(" ");
  return run.length === words.length && run.some((t, k) => lettersOf(t)[0] !== lettersOf(words[k])[0]);
};

/**
 * Whether the vote puts a t or an i for the page's f, letter for letter ('Button TinCoftee' voted for the page's right
 * 'TinCoffee': seed 1914321767, file 1655, a 150 DPI table photo): both models lose an f's hook or bar alike (ocr/agree.ts
 * fDisputed).
 */
const fVoted = (want: string, got: string) => want.length === got.length && [...want].some((c, k) => c === "f" && (got[k] === "t" || got[k] === "i"));

/** How much a name's line is enlarged for its reading by the English model alone (as ocr/agree.ts reads it). */
const ENLARGE = 2;

/**
 * The details with each name no second reading holds (`holds(name, latin)` false) put right where the line's reading
 * by the English model alone, enlarged, and its Latin reading agree on another spelling of it (votedName); the Latin
 * readings, crops and page lines keyed by the name as it now is.
 */
export async function votedNames(
  details: LabelDetails,
  named: LabelDetails,
  readings: NameReadings,
  dpi: number,
  holds: (name: string, reading: string) => boolean,
): Promise<{ read: LabelDetails; named: LabelDetails } & NameReadings> {
  const read: LabelDetails = { ...details };
  const out: LabelDetails = { ...named };
  const done = new Map<string, string | null>();
  for (const key of ADDRESS_KEYS) {
    const name = details[key]?.name;
    const latin = name ? readings.latin.get(name) : undefined;
    if (!name || latin === undefined || holds(name, latin)) continue;
    if (!done.has(name)) {
      let again = "";
      for (const crop of readings.crops.get(name) ?? []) again += ` ${(await recognise(scaleGrey(crop, ENLARGE), dpi * ENLARGE, "line")).words.map((w) => w.text).join(" ")}`;
      // The English model's list looked up for every word the vote may weigh (wordsMended).
      const words = new Map<string, boolean>();
      for (const w of new Set([...name.split(" "), ...again.split(/\s+/)].map(trimmed).filter(Boolean))) words.set(w, await isListedWord(w));
      const voted = holds(name, again) ? null : votedName(name, again, latin, holds, (w) => words.get(w) ?? false);
      done.set(name, voted);
      if (voted) {
        readings.latin.set(voted, latin);
        readings.crops.set(voted, readings.crops.get(name) ?? []);
        readings.pageLines.set(voted, readings.pageLines.get(name) ?? "");
      }
    }
    const voted = done.get(name);
    if (!voted) continue;
    read[key] = { ...details[key]!, name: voted };
    out[key] = { ...named[key]!, name: await votedAccents(voted, latin) };
  }
  return { read, named: out, ...readings };
}

/**
 * A voted name with its Latin reading's accents (withAccents), each word of the English model's list kept as voted where
 * an accented letter took two of its letters' place (keptWords), as the page's names are given theirs (restoreAccents).
 */
export async function votedAccents(voted: string, latin: string): Promise<string> {
  return keptWords(voted, withAccents(voted, latin) ?? voted);
}

/**
 * Word height (px at 300 DPI) under which a line is in small type: Tesseract's LSTM reads best at an x-height of 20–30
 * px, about 40–50 px of word height; a return address on a 4x6 thermal print at 203 DPI, enlarged to 300 DPI for the
 * page's reading, stands 16–28 px tall ('Hazel & Hive Crafts' under 'Retuiti to:', 'Gunnet Apothecary'), a recipient's
 * lines 35–60.
 */
const SMALL_TYPE = 30;

/** The word height a block in small type is enlarged to for its second reading (a recipient's line on the page). */
const READ_AT = 48;

/** The most a block in small type is enlarged by: three times a 300 DPI crop is a 900 DPI image. */
const MAX_BLOCK_ENLARGE = 3;

/** A box on the page: [x0, y0, x1, y1). */
type Box = [number, number, number, number];

/**
 * The blocks of lines in small type on the page (SMALL_TYPE, at `dpi`), each the box round them with a line and a half's
 * margin above and below (a heading over the block the page's reading lost: 'Return address:' over 'onhole Gifts, Flat
 * 17, …', fresh seed 1113018866, file 1578) and two letters' either side. Lines join a block where each starts within
 * one and a half of its lines under the one before and overlaps it across. Blocks `skip` holds a line of are left out.
 */
export function smallTypeBlocks(lines: readonly TextLine[], dpi: number, skip: (l: TextLine) => boolean): Box[] {
  const small = lines.filter((l) => (typeSize(l, lines) * 300) / dpi < SMALL_TYPE && /\p{L}.*\p{L}/u.test(l.text)).sort((a, b) => a.y - b.y);
  const blocks: { lines: TextLine[]; box: Box }[] = [];
  for (const l of small) {
    const [x0, x1] = [l.x, l.x + (l.width ?? l.text.length * l.size * 0.55)];
    const size = typeSize(l, lines);
    const near = blocks.find(({ box }) => l.y - box[3] < 1.5 * size && x0 < box[2] + 2 * size && x1 > box[0] - 2 * size);
    if (near) {
      near.lines.push(l);
      near.box = [Math.min(near.box[0], x0), Math.min(near.box[1], l.y), Math.max(near.box[2], x1), Math.max(near.box[3], l.y + l.size)];
    } else blocks.push({ lines: [l], box: [x0, l.y, x1, l.y + l.size] });
  }
  const boxes: Box[] = [];
  for (const { lines: ls, box } of blocks) {
    if (ls.some(skip)) continue;
    const size = Math.max(...ls.map((l) => typeSize(l, lines)));
    let b: Box = [Math.floor(box[0] - 2 * size), Math.floor(box[1] - 1.5 * size), Math.ceil(box[2] + 2 * size), Math.ceil(box[3] + 1.5 * size)];
    // Blocks whose margins meet are one (a name in larger type between a heading and its address: 'Collection Address:'
    // over 'MISS G BAKER' over 'ROSE COTTAGE', fresh seed 1113018866, file 3121): read once, not twice over.
    for (let k = boxes.findIndex((o) => overlap(o, b)); k >= 0; k = boxes.findIndex((o) => overlap(o, b))) {
      const [o] = boxes.splice(k, 1);
      b = [Math.min(o[0], b[0]), Math.min(o[1], b[1]), Math.max(o[2], b[2]), Math.max(o[3], b[3])];
    }
    boxes.push(b);
  }
  return boxes;
}

/**
 * A line's type size: its box's height, or, for a box 1.7 to 3.5 times as high as the line right under it in its column
 * (starting within a line and a half of its foot), over an address (a postcode in the column within six of those lines),
 * and read as nothing known (no heading, no carrier, service or other line printed around addresses), that line's: rows
 * of a block in small type that the page's reading ran into one box, the block tilted against the page. Read as debris
 * ('Pes aaa' boxed 53 px over 'FROM Kofi Hall' and '217 Mill Mews' in a block of 22 px lines: run H, SEED=1227518014, file
 * 538, a 240 DPI scan; 'i bn BEM ee:' over 'Isla King' and '128 Cromwell Place': run I, SEED=139911343, file 2406, a 200
 * DPI photo), or as one of the rows, the box's crop then read as debris by the name's second readings ('Thistle Studio'
 * boxed 67 px over 'SHIP FROM:' and itself, its Latin reading 'EREuaio': run I, file 3539, a 200 DPI photo). The three
 * senders were lost; read again with their block, enlarged, the rows come apart.
 */
function typeSize(l: TextLine, lines: readonly TextLine[]): number {
  const foot = l.y + l.size;
  const under = lines.find((u) => u !== l && u.y > l.y + l.size / 2 && u.y - foot < 1.5 * u.size && Math.abs(u.x - l.x) <= u.size && l.size >= 1.7 * u.size && l.size <= 3.5 * u.size);
  if (!under) return l.size;
  const kind = classifyLine(l.text);
  const overAddress = lines.some((p) => p.y > foot && p.y - foot < 6 * under.size && Math.abs(p.x - l.x) <= 2 * under.size && UK_POSTCODE_IN_TEXT_RE.test(p.text));
  return overAddress && !kind.heading && !kind.around ? under.size : l.size;
}

const overlap = (a: Box, b: Box) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

/**
 * The page's lines with those of each block in small type (smallTypeBlocks) read again from the block alone, enlarged
 * to a recipient's size (READ_AT, MAX_BLOCK_ENLARGE) — the page's reading of such a block loses or misreads its heading
 * ('Retuiti to:', 'adaress') and letters of its name ('Gunnet Apothecary' for Gannet): the lines read there take the place
 * of those read there before, at the page's scale. Null when there is no such block or nothing was read in one.
 */
export async function rereadSmallType(lines: TextLine[], page: Grey, dpi: number, skip: (l: TextLine) => boolean): Promise<TextLine[] | null> {
  let out = lines;
  for (const [bx0, by0, bx1, by1] of smallTypeBlocks(lines, dpi, skip)) {
    const [x0, y0, x1, y1] = [Math.max(0, bx0), Math.max(0, by0), Math.min(page.width, bx1), Math.min(page.height, by1)];
    const img = cropBox(page, x0, y0, x1, y1);
    if (!img) continue;
    const inside = out.filter((l) => l.y >= y0 && l.y + l.size <= y1 && l.x >= x0 && l.x < x1);
    const size = Math.max(...inside.map((l) => typeSize(l, out)), 1);
    const f = Math.min(MAX_BLOCK_ENLARGE, Math.max(1.5, READ_AT / size));
    // Back at the page's scale, in whole pixels as the page's own lines are (crops of the page are cut at them).
    const back = (v: number) => Math.round(v / f);
    const found = ocrLines((await recognise(scaleGrey(img, f), dpi * f)).words).map((l) => ({ ...l, text: blockHeading(l.text) ?? l.text, x: x0 + back(l.x), y: y0 + back(l.y), size: Math.max(1, back(l.size)), width: l.width === undefined ? undefined : back(l.width) }));
    if (!found.length) continue;
    out = [...out.filter((l) => !inside.includes(l)), ...found].sort((a, b) => a.y - b.y || a.x - b.x);
  }
  return out === lines ? null : out;
}

/** Headings and field labels as printed (return headings in full too): a line is mended to the nearest of them, or none. */
const ALL_HEADINGS = [...PRINTED_HEADINGS, ...PRINTED_RETURN_HEADINGS];

/** The headings over an address printed in eight letters or more ('Return to:', 'Collection address:'): what blockHeading mends to. */
const BLOCK_HEADINGS = new Set(ALL_HEADINGS.filter((h) => /address|to:|from:/i.test(h) && letters(h).length >= 8));

/**
 * A line of a block in small type read as nothing but a heading misread, letters and a colon at its end ('Retuiti to:' for
 * 'Return to:', 'Retureis adaress:', 'Returnsaddiess:': fresh seed 1113018866, files 2487, 2743 and 2983, 203 DPI thermal
 * prints whose name lines both readings held), as printed: within two fifths of its letters of an address's heading of
 * eight letters or more, and nearer it than any other heading or field label. Thin strokes of type this small break and
 * join (rn read m, r read i): fixHeading (ocr/text.ts) mends one letter on the page, this more, only on a line that is a
 * heading's shape and nothing else, and no heading as read ('Ship to:'). Null for any other line.
 */
export function blockHeading(text: string): string | null {
  if (!/^[A-Za-z][A-Za-z ]{4,}:$/.test(text.trim()) || classifyLine(text).heading) return null;
  const read = letters(text);
  const [best, next] = ALL_HEADINGS.map((h) => ({ h, d: editDistance(read, letters(h)) })).sort((a, b) => a.d - b.d);
  if (!BLOCK_HEADINGS.has(best.h) || best.d === 0 || best.d > 0.4 * letters(best.h).length || next.d === best.d) return null;
  return best.h;
}
