/**
 * Tesseract's words -> reading lines, the shape the PDF text layer gives the courier parsers, with
 * the misreads that matter repaired: a heading off by a character ('Deliver toa:'), or broken
 * ('LIVERTO'), and a postcode with the classic confusions (1/l/I, 0/O, 5/S, $/S).
 */
import { isRealPostcode, UK_POSTCODE_IN_TEXT_RE, UK_POSTCODE_RE } from "../../lib/uk-postcode";
import { editDistance, letters, weightGrams } from "../../label-reading/fields";
import { columnLines } from "./columns";
import { classifyLine } from "../../label-reading/line-kinds";
import { groupLines, type TextLine, type TextWord } from "../../label-reading/text";
import { CAPITALISED_TITLES, JOINED_NAME_PREFIXES, PRINTED_ADDRESS_HEADINGS, PRINTED_HEADINGS, TITLES_EITHER_CASE, WEIGHT_HEADING } from "../../label-reading/vocabulary";

/** A word Tesseract read, in pixels of the image it was given (y grows downwards). */
export interface OcrWord {
  text: string;
  left: number;
  top: number;
  width: number;
  height: number;
  conf: number;
  /** Tesseract's own text line ('block.paragraph.line'), which follows a skewed line. */
  line?: string;
}

/** TSV columns: level page block par line word left top width height conf text; level 5 = word. */
export function parseTsv(tsv: string): OcrWord[] {
  const words: OcrWord[] = [];
  for (const row of tsv.split("\n")) {
    const cols = row.split("\t");
    if (cols.length < 12 || cols[0] !== "5") continue;
    const text = cols.slice(11).join("\t").trim();
    const conf = Number(cols[10]);
    if (!text || !(conf >= 0)) continue;
    words.push({ text, left: Number(cols[6]), top: Number(cols[7]), width: Number(cols[8]), height: Number(cols[9]), conf, line: `${cols[2]}.${cols[3]}.${cols[4]}` });
  }
  return words;
}

/**
 * OCR words -> reading lines, the same shape the PDF text layer gives the courier parsers. Words
 * of one text line share a baseline; a word's height stands in for its font size. Very low
 * confidence words (noise in barcodes) are dropped.
 */
export function ocrLines(words: OcrWord[], minConf = 10): TextLine[] {
  const read = words.map((w, i) => (initialI(w, words[i + 1]) ? { ...w, text: w.text.endsWith(".") ? "I." : "I" } : w));
  const kept = read
    .flatMap((w, i) => (letterLost(read[i - 1], w) ? [{ ...w, text: read[i - 1].text + w.text }] : letterLost(w, read[i + 1]) ? [] : [w]))
    .filter((w) => w.conf >= minConf && !/^[|_\-=~.,:;'"`!]+$/.test(w.text));
  // Tesseract's own lines, one per column (ocr/columns.ts).
  if (kept.length && kept.every((w) => w.line)) return wordsApartJoined(suffixJoined(columnLines(kept))).map((l) => ({ ...l, text: fixLine(l.text) }));
  const textWords: TextWord[] = kept.map((w) => ({
    text: w.text,
    x: w.left,
    // groupLines takes PDF user space (y up, origin on the baseline): flip.
    y: -(w.top + w.height),
    size: Math.max(1, w.height),
    angle: 0,
    width: w.width,
  }));
  return groupLines(textWords).map((l) => ({ ...l, text: fixLine(l.text) }));
}

/**
 * A name in capitals that Tesseract broke in two at the wide word space of a monospaced face ('ANH' / 'MENSAH', a line
 * height apart on one row: run D, SEED=2845914634, file 3419, a 300 DPI scan of a broker's label in a typewriter face,
 * whose recipient was given as 'ANH', then none): one word of capitals and one or two more right after it on its row, in
 * its type, a line height or so after it (columns.ts joins lines a word space apart, 0.6 of one). Words of capitals only:
 * a figure, a sign or a small letter on either side (a postcode, a phone number, a heading's colon) keeps them apart.
 */
function wordsApartJoined(lines: TextLine[]): TextLine[] {
  const out = [...lines];
  for (const b of lines) {
    if (!TWO_WORDS_OF_CAPITALS.test(b.text)) continue;
    const a = out.find(
      (o) =>
        o !== b &&
        o.width !== undefined &&
        ONE_WORD_OF_CAPITALS.test(o.text) &&
        Math.abs(o.size - b.size) <= 0.15 * Math.max(o.size, b.size) &&
        Math.abs(o.y - b.y) < 0.25 * Math.max(o.size, b.size) &&
        b.x - (o.x + o.width) >= 0.5 * o.size &&
        b.x - (o.x + o.width) <= 1.5 * o.size,
    );
    if (!a?.width || classifyLine(a.text).heading || classifyLine(b.text).heading) continue;
    out.splice(out.indexOf(a), 1, { ...a, text: `${a.text} ${b.text}`, width: b.x + (b.width ?? 0) - a.x });
    out.splice(out.indexOf(b), 1);
  }
  return out;
}
const ONE_WORD_OF_CAPITALS = /^\p{Lu}{2,}$/u;
const TWO_WORDS_OF_CAPITALS = /^\p{Lu}{2,}(?: \p{Lu}{2,})?$/u;

/** A company's suffix as the last word of its name. */
const SUFFIX_RE = /^(?:ltd\.?|limited|llp|plc|inc\.?)$/i;

/**
 * A company's suffix Tesseract gave a line of its own beside its name, on the same row a word's gap or so after it
 * ('Saltmarsh Outdoor' / 'LLP', the name's line and the suffix in two of its blocks: fresh seed 1009498975, file 189, a
 * 300 DPI photo whose recipient was given as 'Saltmarsh Outdoor'): put back on the name's line. Part of a name is worse
 * than none (issue 36, class 2).
 */
function suffixJoined(lines: TextLine[]): TextLine[] {
  const out = [...lines];
  for (const l of lines) {
    if (!SUFFIX_RE.test(l.text.trim())) continue;
    const size = l.size;
    const left = out.find((o) => o !== l && o.width !== undefined && /\p{L}{2}\)?$/u.test(o.text) && Math.abs(o.y - l.y) < 0.4 * Math.max(size, o.size) && l.x - (o.x + o.width) >= -0.2 * size && l.x - (o.x + o.width) < 1.5 * Math.max(size, o.size));
    if (!left?.width) continue;
    out.splice(out.indexOf(left), 1, { ...left, text: `${left.text} ${l.text.trim()}`, width: l.x + (l.width ?? 0) - left.x });
    out.splice(out.indexOf(l), 1);
  }
  return out;
}

/**
 * A sign of a letter's height touching the capitalised word after it, on its line: a letter OCR could not read ('=' and
 * 'RIGHTBAY' for BRIGHTBAY: fixed seed 3217537065, file 2749, a 203 DPI thermal print, where both models read the rest
 * alike and the sign was dropped as a mark). It stays on the word, which then reads as noise (a name with it is none:
 * ocr-job.ts, NOISY), not as a word whose first letter is lost.
 */
function letterLost(w: OcrWord | undefined, next: OcrWord | undefined): boolean {
  if (!w || !next || !/^[=~:;!]$/.test(w.text) || next.line !== w.line || !/^\p{Lu}/u.test(next.text)) return false;
  return next.left - (w.left + w.width) <= 0.3 * next.height && Math.abs(w.height - next.height) <= 0.25 * next.height;
}

/**
 * An initial I read as a bar ('| Ellis-Jones', '|! ROBERTS', '|. GREEN'): a bar of the next word's height, a word
 * space before a capitalised word on its line. A frame's edge is taller than the text it frames, or
 * further from it.
 */
function initialI(w: OcrWord, next: OcrWord | undefined): boolean {
  if (!/^\|[!.]?$/.test(w.text) || !next || next.line !== w.line || !/^\p{Lu}/u.test(next.text)) return false;
  return next.left - (w.left + w.width) < 0.6 * next.height && Math.abs(w.height - next.height) <= 0.3 * next.height;
}

const fixLine = (text: string) => fixWeight(fixPostcode(postcodeApart(fixCompanyEnd(fixCapitalI(fixHeading(premisesApart(zeroInitial(hyphenJoined(gapsBack(text))))))))));

/**
 * A hyphen between two letters read with a gap on one side of it ('ELLIS- JONES', the second line of 'MX MUHAMMAD' /
 * 'ELLIS-JONES': fresh seed 1333315663, file 1359, a 300 DPI scan, where the wrapped surname was not taken as one word and
 * the sender was given as 'MX MUHAMMAD'): the word whole. A dash set apart with a gap each side ('Evri - Next Day') stays.
 */
export const hyphenJoined = (text: string) => text.replace(/(?<=\p{L})-\s+(?=\p{L})|(?<=\p{L})\s+-(?=\p{L})/gu, "-");

/**
 * A zero alone right after a title at a line's start: the initial O read as a figure ('MRS 0' over 'HARRISON', a block
 * printed bottom up: run E, SEED=76423947, file 1306, a 203 DPI screenshot; "Mx 0 D'Arcy", a 203 DPI thermal print: both
 * names missed). No name holds a figure; a title is followed by a name.
 */
export const zeroInitial = (text: string) => text.replace(ZERO_AFTER_TITLE, "$1O");
const ZERO_AFTER_TITLE = new RegExp(`^((?:${TITLES_EITHER_CASE})\\.?\\s+)0(?=\\.?(?:\\s|$))`, "u");

/**
 * A flat's or unit's word run into its number, the gap lost on a photo ('FlatiB' for Flat 1B under 'Freya Morris': fresh
 * seed 511420338, file 131, a table photo, where it was taken for the end of her name). The word stands apart; what
 * follows it is left as read (an i may be a 1 or an l: the address keeps OCR's letters).
 */
export const premisesApart = (text: string) => text.replace(/^(Flat|FLAT|Unit|UNIT|Suite|SUITE|Apartment|APARTMENT)(?=(?:\d|[iIl|](?=[0-9A-Z]))[0-9A-Za-z]{0,2}(?:,|$))/u, "$1 ");

/**
 * A town run into the postcode after it, the gap lost on a photo ('LiverpoolL14SR': fresh seed 511420338, file 131, a
 * table photo, where the recipient's block then had no postcode and the sender's block beside it was taken for it: 'PE1
 * 0YX' for L1 4SR). The postcode stands apart when its letters and digits as read make one that can exist; the space
 * inside it is fixPostcode's.
 */
export const postcodeApart = (text: string) =>
  text.replace(/(?<=\p{Ll}{2})([A-Z]{1,2}\d[A-Z\d]?)(\d[A-Z]{2})$/u, (whole, outward: string, inward: string) => (isRealPostcode(`${outward} ${inward}`) ? ` ${outward} ${inward}` : whole));

/**
 * A company's 'plc' or 'Ltd' at the end of a name misread as a word no name ends in: 'pic' (its l read as i), 'ple', 'Itd' (its L
 * as I), 'Lid' (its t as i). 'Foxhole Outdoor pic' lost its end as OCR's debris and gave 'Foxhole Outdoor' (fresh seed 584889086, file 179, a
 * flattened photo), a name cut short.
 */
export const fixCompanyEnd = (text: string) =>
  text
    // (Its c read as e too: 'Pebble & Pine Print Studio ple', fresh seed 969544535, file 3443, a 300 DPI thermal print.)
    .replace(/(\p{Lu}[\p{L}'’.-]*\s)(?:pic|p1c|pIc|ple)$/u, "$1plc")
    .replace(/(\p{Lu}[\p{L}'’.-]*\s)Itd(\.?)$/u, "$1Ltd$2")
    // Its t read as i ('Ceilidh Bakehouse Lid. Unit 25, …': fresh seed 3141977986, file 147, a 300 DPI thermal print whose
    // sender was given so, both models reading it alike): after two capitalised words, ending the line or its first part.
    .replace(LID_AFTER_WORDS, "$1Ltd")
    // Its o read as a ('Larkspur Tea Ca': fresh seed 969544535, file 63, a 203 DPI thermal print whose sender was given so):
    // after two capitalised words, ending the line. No name ends in the word 'Ca'.
    .replace(CA_AFTER_WORDS, "$1Co$2");

/** Two capitalised words and the gap after them, as a pattern's first group: what a company's misread end follows. */
const TWO_WORDS = String.raw`(\p{Lu}[\p{L}'’-]+\s\p{Lu}[\p{L}'’-]+\s)`;
const LID_AFTER_WORDS = new RegExp(String.raw`${TWO_WORDS}Lid(?=[.,]?$|[.,]\s)`, "u");
const CA_AFTER_WORDS = new RegExp(String.raw`${TWO_WORDS}Ca(\.?)$`, "u");

/** A title and one capital initial with no gap between them ('DrA', 'MrsJ'). */
const TITLE_INITIAL = new RegExp(`^(${CAPITALISED_TITLES})(\\p{Lu}\\.?)$`, "u");

/**
 * A title run into the name after it, the gap lost on a photo: before a capitalised word ('MrJohn', 'Mr.MoragLewis',
 * 'ProfFreya'), or, for Mr, Mrs, Ms and Mx, before a word in small letters whose capital I was read as l ('Mrlain Wilson'
 * for Mr Iain Wilson: fresh seed 3127436506, file 1170, a 300 DPI table photo, given so). No word starts with those
 * titles' letters; fixCapitalI then gives the I back.
 */
const TITLE_RUN_IN = new RegExp(`^((?:${CAPITALISED_TITLES})\\.?)(\\p{Lu}\\p{Ll}+\\S*|(?<=^M[rsx]s?)l\\p{Ll}{2,}(?:\\p{Lu}\\p{Ll}+)?)$`, "u");

/** Name prefixes written with a capital after them ('McKenzie', 'MacLeod', 'DeVito', 'FitzGerald', "O'Brien"): no gap lost there. */
const PREFIX = new RegExp(`^(?:${JOINED_NAME_PREFIXES.map((p) => p[0].toUpperCase() + p.slice(1)).join("|")})$`);

/**
 * Words OCR ran together on a photo (the gaps of type set tight, closed by blur): a heading in
 * capitals run into the name after it ('FROMZoë Patel', 'SHIPTOJane Smith'), which hid the heading
 * and gave a sender's name to the recipient; and capitalised words run into one ('TheCwmTradingCo')
 * where a word has two or more small-then-capital joins (one may be a name's own: 'McKenzie', or a
 * brand's: 'ParcelShop'), each part at least two letters and no name prefix. An '&' between two such
 * words is a join too ('Oak&AnchorVintageLimited', 'Fable&Fern': no name is written so; 'B&Q', 'AT&T' are
 * capitals), the last word may end in a stop ('Ltd.', 'Co.') and the first be a possessive ("Morag'sTradingCo");
 * a colon is followed by a gap before a capital ('Sender:DovetailOutfittersLimited'), and a stop after a small letter
 * before a capital or a figure ('MarlowPottery.123BarrackPlace': fresh seed 208294708, file 1319, a 150 DPI photo, whose
 * sender's line was one name). The first word may start with an l that is a capital I ('lainRaviHussain': file 446 of
 * the same seed; fixCapitalI gives the I back). Such names of 20
 * letters or more were given as none (ocr-job.ts GLUED): fresh seed 3930571097, files 112 and 1727, a 240 DPI
 * photo and a 200 DPI table photo of tight type, both read so letter for letter by both models.
 */
export function gapsBack(text: string): string {
  const words = text.replace(/(?<=\p{L}{2}:)(?=\p{Lu})|(?<=\p{Ll}{2}\.)(?=[\p{Lu}\d])/gu, " ").split(" ");
  // (The recipient's 'TO' too: 'TOMarlowAccountants &Co', fresh seed 969544535, file 2728, a 300 DPI photo, given as the name.)
  // And the recipient's 'TO' run into an initial and its stop, before a capitalised surname ('TOA. Wright' for 'TO A.
  // Wright': fresh seed 969544535, file 1679, a flattened PDF of a table photo, whose name was given as none): the stop
  // makes the letter an initial, and no word starts 'TO' then a capital and a stop.
  const headed = /^(\p{Lu}{4,}|TO)(\p{Lu}\p{Ll}.*)$/u.exec(words[0]) ?? (/^\p{Lu}/u.test(words[1] ?? "") ? /^(TO)(\p{Lu}\.)$/u.exec(words[0]) : null);
  const heading = headed && (headed[1] === "TO" ? "TO" : PRINTED_HEADINGS.find((h) => letters(h) === headed[1]));
  if (heading) words.splice(0, 1, heading, headed![2]);
  const spaced = words
    .map((w) => {
      const parts = w.split(/(?<=\p{Ll})(?=&?\p{Lu})|(?<=\p{Ll}&)(?=\p{Lu})/u);
      const named = parts.filter((p) => p !== "&");
      const shaped = (p: string, i: number) => new RegExp(`^${i === 0 ? "[\\p{Lu}l]" : "\\p{Lu}"}\\p{Ll}+${i === 0 ? "(?:['’]s)?" : ""}${i === named.length - 1 ? "\\.?" : ""}$`, "u").test(p);
      if (named.length < (parts.length > named.length ? 2 : 3) || !named.every((p, i) => shaped(p, i) && !PREFIX.test(p))) return w;
      return parts.join(" ");
    })
    .join(" ")
    .split(" ");
  // A title run into the initial after it ('DrA' over 'Nguyen': fresh seed 3217537065, a flattened PDF), or into the name
  // (TITLE_RUN_IN), first on the line or after its heading: no word is so spelt.
  const at = heading ? 1 : 0;
  const titled = TITLE_INITIAL.exec(spaced[at] ?? "") ?? TITLE_RUN_IN.exec(spaced[at] ?? "");
  // The surname run on after it too ('MrlainWilson': fresh seed 3127436506, file 1170, read so on main 631b27c) stands apart.
  if (titled) spaced.splice(at, 1, titled[1], ...titled[2].split(/(?<=^l\p{Ll}+)(?=\p{Lu})/u));
  return spaced.join(" ");
}

/**
 * A capital I read as l at the start of a name ('lain Patterson', 'Sold by: lronbridge Studio'):
 * a word of l and lower-case letters, three or more, that starts a run of capitalised words (the
 * next word capitalised; no word before it, or a capitalised one, or one ending in ':') is a name
 * whose I the English model took for l. Lower-case words inside names ('de la Cruz') stay. So is
 * an initial I read as 1 on a line that is nothing but it and a surname ('1. Smith'), and an O read
 * as 0 the same way ('0 KELLY'); after '&' too ('Wren & lvy Supplies'). A capital L read as 'I.' (its foot taken
 * for a full stop) in a word that goes on in small letters with no space ('Priya I.efevre'): no initial is so joined.
 */
export function fixCapitalI(text: string): string {
  // An initial I read as 1 or l before a surname, the whole line ('1. Smith'); or in lower case, or as a backslash, before a
  // surname in capitals ('i. TURNER', '\, CLARKE': fresh seed 3017533773, a 150 DPI photo and a flattened PDF).
  if (/^[1l|]\.\s\p{Lu}[\p{Ll}'’-]+(?:\s\p{Lu}[\p{L}'’-]+)?$/u.test(text)) return `I${text.slice(1)}`;
  if (/^(?:i\.|\\[.,])\s\p{Lu}{2}[\p{Lu}'’-]*(?:\s\p{Lu}{2}[\p{Lu}'’-]*)?$/u.test(text)) return `I.${text.slice(2)}`;
  // An initial O read as a zero before a surname, the whole line ('0. OKAFOR': fresh seed 1670199923, a 300 DPI photo).
  if (/^0\.\s\p{Lu}[\p{L}'’-]+(?:\s\p{Lu}[\p{L}'’-]+)?$/u.test(text)) return `O${text.slice(1)}`;
  // An initial I read with a second stroke ('Il. MENSAH'): no word is 'Il.'.
  if (/^I[l1|]\.\s\p{Lu}[\p{L}'’-]+(?:\s\p{Lu}[\p{L}'’-]+)?$/u.test(text)) return `I${text.slice(2)}`;
  // An initial O read as a zero, alone after a sender's or recipient's heading, the surname on the line under it ('Sent
  // by: 0' over 'MORRIS' for O Morris, a name broken on a narrow column: seed 258096912, file 2842, a 150 DPI table
  // photo, whose sender was given as none). No name is a figure; a field's heading ('Weight: 0') keeps it.
  const headed = /^(.+:)\s0$/u.exec(text);
  if (headed && NAME_HEADINGS.has(headed[1].toLowerCase())) return `${headed[1]} O`;
  // '&' run into the word after it, its I read as l ('Wren &lvy Crafts': fixed seed 3217537065, file 1547, and fresh seed
  // 3515107650, file 648, where both readings of the line held it).
  // Run into the word before it too ('Wren&lvyTeaCo': seed 1914321767, the last full run's wrong sender): its I read as l.
  const words = text.replace(/(?<=\p{L})&l(?=\p{Ll}{2})/gu, "&I").replace(/(^|\s)&(?=l\p{Ll}{2})/gu, "$1& ").split(" ");
  const capital = (w: string | undefined) => !!w && /^\p{Lu}/u.test(w);
  return words
    .map((w, i) => {
      const before = words[i - 1];
      const starts = capital(words[i + 1]) && (before === undefined || capital(before) || before.endsWith(":") || before === "&" || before === "and");
      if (/^I\.\p{Ll}{2,}/u.test(w)) return `L${w.slice(2)}`;
      // The Irish O of a name read as a zero ('0 KELLY', '0 Brien'), or joined by its apostrophe ("Thomas 0'Connor": fresh seed 3017533773).
      if (w === "0") return starts && /^\p{Lu}\p{L}/u.test(words[i + 1]) ? "O" : w;
      if (/^0['’]\p{Lu}\p{L}+$/u.test(w)) return `O${w.slice(1)}`;
      if (!/^l[a-z]{2,}(?:['’]s)?$/.test(w) || w === "ltd" || w === "lbs") return w;
      return starts ? `I${w.slice(1)}` : w;
    })
    .join(" ");
}

/** The headings printed over a name, in small letters. */
const NAME_HEADINGS = new Set(PRINTED_ADDRESS_HEADINGS.map((h) => h.toLowerCase()));

/** The address headings, as run together: a field's ('Service', 'Date') starts brand names made that way ('ServiceMaster'). */
const GLUED_HEADINGS = PRINTED_ADDRESS_HEADINGS
  .map((h) => ({ h, head: h.replace(/[\s:]/g, "").toLowerCase() }))
  .filter(({ head }) => head.length >= 4);

/**
 * A heading run into the name after it, its colon and gap lost on a photo ('FromBluebell Knits' for 'From: Bluebell
 * Knits': fresh seed of a CI rehearsal, 3725322844, file 109, a 300 DPI photo, whose sender was given as 'FromBluebell
 * Knits'). Only where a capital starts the name right after the heading's letters (so 'Fromley' or 'Tobias' stay), and
 * only where nothing after it is run together too ('DeliverToAoifeÓ Súilleabháin' stays as read: put apart once it
 * would still be a wrong name, 'AoifeÓ Súilleabháin'; left whole, the name check refuses it).
 */
function headingGlued(text: string): string | null {
  for (const { h, head } of GLUED_HEADINGS) {
    if (text.length <= head.length || text.slice(0, head.length).toLowerCase() !== head) continue;
    const rest = text.slice(head.length);
    if (/^\p{Lu}\p{Ll}/u.test(rest) && !/\p{Ll}\p{Lu}/u.test(rest)) return `${h} ${rest}`;
  }
  return null;
}

/**
 * A heading misread by one character ('Deliver toa:', 'Fr0m:', 'DELIVER 10:' with its O read as a zero; an rn read as m,
 * 'Retum address:') is put back as printed, so the
 * parsers find the block under it. Only the line's first words are compared, and only headings of
 * five or more characters are corrected. So is a heading alone on its line that lost its first or
 * last letters and its space ('LIVERTO' for 'DELIVER TO:', read off a tilted 200 DPI photo), which
 * would otherwise be taken for the recipient's name: at least six letters and 60% of them.
 */
export function fixHeading(text: string): string {
  const alone = letters(text);
  if (alone.length >= 6 && /^[A-Za-z :;.,]+$/.test(text.trim())) {
    for (const h of PRINTED_HEADINGS) {
      const whole = letters(h);
      if (alone !== whole && whole.length >= 6 && alone.length >= 0.6 * whole.length && (whole.startsWith(alone) || whole.endsWith(alone))) return h;
    }
  }
  const glued = headingGlued(text);
  if (glued) return glued;
  const words = text.split(" ");
  for (const h of PRINTED_HEADINGS) {
    const n = h.split(" ").length;
    const head = words.slice(0, n).join(" ");
    if (head === h || h.length < 5) continue;
    // (An O read as a zero: 'DELIVER 10:'.)
    const raw = head.toLowerCase().replace(/[:;.,]+$/, "");
    const a = raw.replace(/0/g, "o");
    const b = h.toLowerCase().replace(/:$/, "");
    // (Or its rn read as an m, which is one letter more off: 'Retum address:' over 'Magpie Supplies Limited', the heading
    // then given as the sender's name and made none: 3,000-label seed 1113018866, file 394, a 203 DPI thermal print;
    // 'Retums address.' given as a sender, seed 1914321767, file 3024, a 150 DPI photo.)
    const m = b.replace(/rn/g, "m");
    if (raw !== b && (editDistance(a, b) <= 1 || (m !== b && editDistance(a, m) <= 1)) && a.length >= 4) {
      // An initial run into the heading, its colon and gap lost ('FROMY Wilson' for 'FROM: Y Wilson': fresh seed 2770900263,
      // file 191, a 300 DPI photo whose sender was given as 'Wilson'): the initial is the name's (issue 36, class 2). Not an
      // I, J or L, which may be the colon's dots read as a stroke: there the heading alone is kept, as before.
      const initial = /^(\p{Lu})[.,]?$/u.exec(head.replace(/[:;]+$/, "").slice(b.length));
      if (initial && a.slice(0, b.length) === b && !/[IJL]/.test(initial[1]) && /^\p{Lu}/u.test(words[n] ?? "")) return [h, initial[1], ...words.slice(n)].join(" ");
      return [h, ...words.slice(n)].join(" ");
    }
  }
  return text;
}

/** Letters (and signs) a weight's digits are misread as, and the digit each stands for: '@.35 KG' or '€.35 KG' for '0.35 KG' on a thermal print. */
const WEIGHT_DIGIT: Record<string, string> = { O: "0", o: "0", D: "0", Q: "0", "@": "0", "€": "0", I: "1", l: "1", L: "1", "|": "1", S: "5", Z: "2", B: "8", G: "6" };
const DIGITISH = "[0-9OoDQ@€IlL|SZB]";
// A leading G is a 6 ('G7 0OG' for '6700g'); a G anywhere else is the unit.
const AFTER_HEADING = new RegExp(String.raw`(\b${WEIGHT_HEADING}\b(?:\s*\((?:kg|g)\))?\s*[:.]?\s*)((?:G(?=${DIGITISH}))?${DIGITISH}+(?:[.,]${DIGITISH}+)?(?:\s${DIGITISH}+)?)(\s?(?:k[gq9][gq]?|[a-jl-z]?g)?)(?=\s|$)`, "i");
// The gap before the unit may be read as a dash ('O.25-KG'), a letter read after the unit ('O.4kgq': fresh seed 2711752841,
// files 433 and 2713, a 300 DPI scan and a 203 DPI thermal print whose weights were lost).
const BARE_KILOS = new RegExp(String.raw`(^|\s)(${DIGITISH}{1,3}[.,]{1,2}${DIGITISH}{1,3})([\s-]?k[gqy9][gq]?)(?=\s|$)`, "i");
/**
 * A figure of grams alone on its line, ending in 0 then its unit, with digits read as letters and a space put in ('I23 0OG' for
 * '12300g', 'G1 0OG' for '6100g'): a 0 or O then G ends no postcode (no inward code holds an O, or ends in a digit).
 */
const BARE_GRAMS = /^((?:G(?=[0-9ODQIlL|SZB]))?[0-9ODQIlL|SZB]{1,3}\s?[0-9ODQIlL|SZB]{0,3}[0O])(\s?[gG])$/;
/**
 * A weight heading's unit in brackets misread ('(kql:', '(kg]', '{g)'): a bracket, k or not, a g (q, 9 or y), maybe its
 * closing bracket (or an l or 1 for it), a colon, then the figure. The opening bracket may be read as a t before 'kg' and a
 * closing one ('Weight tkg}: 4.80' for 'Weight (kg): 4.80': fresh seed 2877125393, file 1142, a 203 DPI thermal print).
 */
const UNIT_FIRST_MISREAD = new RegExp(String.raw`\b(${WEIGHT_HEADING})\s*(?:[({[]|t(?=k[gq9y]\s*[)}\]]))\s*(k)?[gq9y]\s*[)}\]lI|1]?\s*[:;.]?\s*(?=${DIGITISH})`, "i");
/**
 * A weight heading, its figure and unit, run into a capitalised word after it: the unit's end, before that word. Or a
 * figure and its unit starting the line with no heading, as some print it ('2100gShipdate:26-02-2026' for '2100g Ship
 * date: …', fresh seed 1113018866, file 3374, a 300 DPI photo whose weight was lost): a figure of grams (three digits or
 * more) or kilograms with a point. After a heading the unit's g may be read q ('Weight200qDimensions:46x14x6cn…': fresh
 * seed 969544535, file 3925, a 300 DPI table photo whose weight was lost), as fixWeight reads it.
 */
const GLUED_UNIT = new RegExp(String.raw`(\b${WEIGHT_HEADING}[:.]?\s*\d[\d.,]*\s?(?:k[gq]|[gq])|^\d{3,5}g|^\d{1,2}[.,]\d{1,3}kg)(?=\p{Lu}\p{Ll})`, "iu");
/**
 * A line up to and including a date and the space after it, then the rest: day first ('23/06/2026 ', '21-09-2026 ') or
 * year first ('2026-04-16 ', as a despatch label prints it: 'DATE 2026-04-16 1750 G' read 'I7 5OG', fresh seed 1113018866,
 * file 1962, a 120 DPI screenshot whose weight was lost).
 */
const AFTER_DATE = /^(.*\b(?:\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}|\d{4}-\d{2}-\d{2})\s)(\S.*)$/;
/** Kilograms whose decimal point came out as a space ('15 3kg' for '15.3kg'): alone or after a heading. */
const SPLIT_KILOS = /(^|[:\s])(\d{1,2}) (\d{1,2})\s?kg(?=\s|$)/i;

/**
 * A weight whose digits were read as letters ('Weight I51 0OG' for 'Weight: 15100g', 'O.7kg' for
 * '0.7kg'): its figure after a weight heading, or a figure in kilograms with its decimal point,
 * holding at least one real digit, gets its digits back (O/D/Q 0, I/l/L 1, S 5, Z 2, B 8), spaces
 * inside it dropped, a point read twice once ('1..35kq'), and its unit too ('Weight: 5,100 yg',
 * '0.6 ky'); after a heading a leading G is a 6 ('G7 0OG') and a last 9 of grams with no unit their
 * g ('118009'); an underline read after the unit is dropped ('5.20KG_'). A figure of grams alone on its line gets
 * its digits back too (BARE_GRAMS). A line that already gives a weight is left alone, except kilograms whose point was
 * read as a space ('15 3kg', where 3 kg would be wrong), the figure alone or after a heading.
 */
export function fixWeight(read: string): string {
  const line = pointBack(yearApart(read));
  const split = line.match(SPLIT_KILOS);
  if (split && !/\d[\s.,/-]*$/.test(line.slice(0, split.index! + split[1].length))) {
    return `${line.slice(0, split.index! + split[1].length)}${split[2]}.${split[3]}kg${line.slice(split.index! + split[0].length)}`;
  }
  if (weightGrams(line) !== null) return line;
  // An underline read after the unit ('WEIGHT 5.20KG_'), which leaves it no word's end.
  const underlined = line.replace(/(\d\s?(?:kg|g))_+(?=\s|$)/gi, "$1");
  if (weightGrams(underlined) !== null) return underlined;
  // The unit printed before the figure, misread: 'Weight (kql: 12.80' for 'Weight (kg): 12.80' (fresh seed 928977629, file
  // 624, a 203 DPI thermal print, whose weight was lost). Only a heading's unit in brackets, before a figure; the figure is
  // mended below where it needs it.
  const text = underlined.replace(UNIT_FIRST_MISREAD, (_, heading: string, kilo: string | undefined) => `${heading} (${kilo ? "kg" : "g"}): `);
  if (weightGrams(text) !== null) return text;
  // The unit run into the word after it, the gap lost on a photo ('Weight2900gDimensions: …', 'Weight:200gCollectiondate:
  // 01/09/2026': 3,000-label seed 1914321767, files 643 and 176, 150 and 600 DPI photos): the gap put back, after a weight
  // heading or a figure starting its line, before a capitalised word.
  const apart = text.replace(GLUED_UNIT, (unit) => `${unit.replace(/q$/i, "g")} `);
  if (apart !== text && weightGrams(apart) !== null) return apart;
  const digits = (figure: string) => figure.replace(/\s/g, "").replace(/[^0-9.,]/g, (c) => WEIGHT_DIGIT[c] ?? c).replace(/([.,])[.,]/, "$1");
  const grams = text.trim().match(BARE_GRAMS);
  if (grams && /\d/.test(grams[1])) {
    const figure = digits(grams[1]);
    if (/^\d{3,5}$/.test(figure)) return `${figure}g`;
  }
  // The same figure ending a line after a date, as some despatch labels print it ('DATE 23/06/2026 1450G', read 'DATE
  // 23/06/2026 I4 5OG' once the postcode's repair had put a space in: 3,000-label seed 1914321767, files 2138 and 3576,
  // 300 DPI scans and screenshots, whose weights were lost).
  const dated = text.match(AFTER_DATE);
  const datedGrams = dated?.[2].match(BARE_GRAMS);
  if (dated && datedGrams && /\d/.test(datedGrams[1])) {
    const figure = digits(datedGrams[1]);
    if (/^\d{3,5}$/.test(figure) && weightGrams(`${dated[1]}${figure}g`) !== null) return `${dated[1]}${figure}g`;
  }
  for (const re of [AFTER_HEADING, BARE_KILOS]) {
    const m = text.match(re);
    // The unit as read, without the gap (or the dash read for it) before it.
    const read = m?.[3].replace(/^[\s-]+/, "") ?? "";
    if (!m || !/\d/.test(m[2]) || !(read || re === AFTER_HEADING)) continue;
    // The unit read with a letter too many or a q for its g ('5,100 yg', '1.2 kq') is 'g' or 'kg';
    // after a heading, a g read as 9 ends a figure of grams with no unit ('118009' for '11800g').
    let figure = digits(m[2]);
    let unit = read && (/^k/i.test(read) ? "kg" : "g");
    if (!unit && re === AFTER_HEADING && /^\d{3,5}9$/.test(figure)) [figure, unit] = [figure.slice(0, -1), "g"];
    // A g read as a q ends the figure as read: 'Weight G8 0OQ' for 'Weight 6800g' (its q made a capital by the postcode's
    // repair; 3,000-label seed 1914321767, file 1448, a 203 DPI thermal print). Q is a 0 only inside a figure.
    if (!unit && re === AFTER_HEADING && /[qQ]$/.test(m[2]) && /^\d{3,5}$/.test(digits(m[2].slice(0, -1)))) [figure, unit] = [digits(m[2].slice(0, -1)), "g"];
    // The figure mended is a weight on its own; whether the line's is the parcel's is weightGrams' to say (an item's size
    // after its name is none: label-reading/fields.ts), not this repair's.
    const fixed = text.slice(0, m.index!) + m[1] + figure + unit + text.slice(m.index! + m[0].length);
    if (weightGrams(m[1] + figure + unit) !== null) return fixed;
  }
  return underlined;
}

/**
 * A date's four-digit year run into the weight's figure and unit after it, the gaps lost on a photo ('DATE18May20261.85KG'
 * for 'DATE 18 May 2026 1.85KG': run E, SEED=76423947, file 1741, a 240 DPI table photo whose weight was lost): the gap put
 * back after the year. Only after a day and a month's name, or a day and a month's number with their separators, and a
 * year of 20xx: the year's four digits are known, so the figure is what follows them.
 */
const YEAR_RUN_IN = /((?<!\d)\d{1,2}\s*(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]{0,6}\.?\s*20\d\d|(?<!\d)\d{1,2}[/.-]\d{1,2}[/.-]20\d\d)(?=\d{1,5}(?:[.,]\d{1,3})?\s?(?:kg|g)\b)/i;
const yearApart = (text: string) => text.replace(YEAR_RUN_IN, "$1 ");

/**
 * Kilograms read with a leading 0 and no point ('04KG' for '0.4KG', 'O95 kg' for '0.95 kg'), its point put back: no label
 * prints a weight with a nought before another digit, so the point was lost (4,000 g for 400 otherwise). The Latin model
 * read '0.4KG Size: …' so where the English read it right, and the two disagreed (fresh seed 1113018866, file 2780, a 150
 * DPI scan whose weight was lost).
 */
const pointBack = (text: string) => text.replace(/(?<![\p{L}\d.,])[0O](\d{1,3})(?=\s?kg\b)/giu, "0.$1");

const TO_DIGIT: Record<string, string> = { O: "0", Q: "0", D: "0", I: "1", L: "1", "|": "1", S: "5", Z: "2", B: "8", G: "6" };
const TO_LETTER: Record<string, string> = { "0": "O", "1": "I", "5": "S", "2": "Z", "8": "B", "6": "G" };

const endsInPostcode = (line: string) => {
  const pc = line.match(UK_POSTCODE_IN_TEXT_RE);
  return !!pc && line.endsWith(pc[0]);
};

/**
 * A line ending in a postcode with the classic OCR confusions (1/l/I, 0/O, 5/S) in its inward code
 * ('M1 LAE') gets the postcode back: the inward code is always a digit then two letters. So does
 * one whose S was read as $, or whose letter came out twice, once as a digit ('7ZZ' as '72ZZ'), and
 * one printed without its space. Two more, tried only where that gives no postcode: a J read as a
 * bracket ('LE1 3)F', 'CW1 5S]', 'ML15E}': J's hook), which only an inward code's letters can be; and
 * an area's O read as 0 after an S ('$014 5UQ', 'S014 5UQ' for 'SO14 5UQ').
 */
export function fixPostcode(line: string): string {
  const fixed = fixPostcodeShape(line);
  if (endsInPostcode(fixed)) return realPostcode(fixed);
  const j = line.slice(0, -2) + line.slice(-2).replace(/[)\]}]/g, "J");
  const so = j.replace(/(^|\s)[$S5]0(?=\d[A-Z\d]?\s?\S{3}$)/i, "$1SO");
  for (const again of [j, so]) {
    if (again === line) continue;
    const read = fixPostcodeShape(again);
    if (endsInPostcode(read)) return read;
  }
  return fixed;
}

/**
 * A line ending in a postcode of the right shape that cannot exist ('WW2 8AQ', 'BR1I 5JW': a
 * letter read twice, a stray I after the district) gets the one real postcode that dropping a
 * character of its outward code gives; none or two, and it is left as read (the reading then
 * gives no postcode rather than a wrong one: ocr-job.ts).
 */
function realPostcode(line: string): string {
  const m = line.match(/(^|\s)([A-Z]{1,2}\d[A-Z\d]?) (\d[A-Z]{2})$/);
  if (!m || isRealPostcode(`${m[2]} ${m[3]}`)) return line;
  const outward = m[2];
  // A letter after the district's digit that no district has there and that looks like a digit is that digit ('SE1S' for
  // SE15, 'CF1O' for CF10), before a character is dropped (which gave 'SE1 1SZ'); not an I or L after a 1, the 1 read
  // twice ('BR1I', 'SE1L' for SE1: loosePostcode's onceOne).
  const last = outward.at(-1) ?? "";
  const asDigit = /^[A-Z]{1,2}\d[A-Z]$/.test(outward) && !/1[IL]$/.test(outward) && TO_DIGIT[last] ? `${outward.slice(0, -1)}${TO_DIGIT[last]}` : null;
  if (asDigit && isRealPostcode(`${asDigit} ${m[3]}`)) return `${line.slice(0, m.index! + m[1].length)}${asDigit} ${m[3]}`;
  const real = new Set([...outward].map((_, i) => outward.slice(0, i) + outward.slice(i + 1)).filter((o) => isRealPostcode(`${o} ${m[3]}`)));
  return real.size === 1 ? `${line.slice(0, m.index! + m[1].length)}${[...real][0]} ${m[3]}` : line;
}

function fixPostcodeShape(line: string): string {
  // Printed without its space ('OX187SG', read '0X187SG'): split before the inward code and fixed
  // as one with it, when the word holds two digits or more (a town in capitals has none).
  const joined = line.match(/(^|\s)([0-9A-Z$]{2,4})([0-9A-Z|]{3})$/i);
  // So does one with one digit, before its inward code, whose outward code's digit was read as a letter ('BLi3TY').
  const digits = joined ? (joined[2] + joined[3]).replace(/\D/g, "").length : 0;
  // And one whose both zeros were read as O, alone on its line in capitals ('CROOXU' for CR0 0XU, under 'Croydon': fresh
  // seed 3515107650, file 486, a 300 DPI scan, whose recipient had no postcode and the sender's block was taken for it),
  // when that gives a postcode that can exist: an outward code of three (a town's word of five letters, 'NOLAN', stays).
  const zeros = digits === 0 && line === joined?.[0] && /^[A-Z]{1,2}O[A-Z]?$/.test(joined[2]) && joined[2].length >= 3 && /^O[A-Z]{2}$/.test(joined[3]);
  if (joined && !UK_POSTCODE_RE.test(joined[2] + joined[3]) && (digits >= 2 || zeros || (digits === 1 && /^\d/.test(joined[3]) && /^[A-Z]{1,2}[ilI|O]$/.test(joined[2])))) {
    const outward = joined[2].replace(/^[0-9$]/, (c) => ({ ...TO_LETTER, $: "S" })[c] ?? c);
    const spaced = fixPostcodeShape(`${line.slice(0, joined.index! + joined[1].length)}${outward} ${joined[3]}`);
    if (endsInPostcode(spaced) && (!zeros || isRealPostcode(spaced))) return spaced;
    return line;
  }
  const text = line
    .replace(/(^|\s)\$(?=[A-Z]?[0-9OIL][A-Z0-9]?\s[0-9A-Z|][A-Z0-9]{2}$)/i, "$1S")
    .replace(/(\s\d)([0-9])([A-Z])([A-Z])$/, (all, a: string, d: string, l: string, m: string) => (TO_LETTER[d] === l ? a + l + m : all));
  const m = text.match(/(^|\s)([A-Z]{1,2}[0-9OIL][A-Z0-9]?)\s([0-9A-Z|][A-Z0-9]{2})$/i);
  if (!m) return line;
  const [, lead, outward, inward] = m;
  // Without a real digit in the outward code ('Ml LAE') only a line that is nothing but the
  // postcode, in capitals (a lower-case 'l' being the misread '1') or with its inward code's digit
  // ('wrl 9ea', a faded scan read in lower case), is taken: 'Ali Bob' stays a name.
  // After a town, an outward code in capitals whose digit was read as O, I or L before an inward code
  // read right ('Croydon CRO 1GB') is one too.
  const town = /^[A-Z]{2}[OIL]$/.test(outward) && /^\d[A-Z]{2}$/.test(inward);
  // So is one in capitals whose digit alone was read as a small letter ('London NiC ODT' for N1C 0DT: fresh seed
  // 3217537065, a 203 DPI thermal print), when that gives a postcode that can exist: no word is spelt so.
  const small = /^[A-Z]{1,2}[ilo][A-Z]?$/.test(outward) && /^[0-9A-Z]{3}$/.test(inward);
  if (!/\d/.test(outward) && !town && !small && (lead !== "" || !(/^[A-Z0-9l|]+$/.test(outward + inward) || /^\d/.test(inward)))) return line;
  const fixedIn = (TO_DIGIT[inward[0].toUpperCase()] ?? inward[0]) + [...inward.slice(1)].map((c) => TO_LETTER[c] ?? c).join("");
  // The district's digit after one letter of area or two ('Elw 1UW' is E1W 1UW, not ELW: fresh seed 3217537065, a 200
  // DPI scan), a postcode that can exist first.
  const digit = outward.search(/\d/);
  const candidates = (digit > 0 ? [digit] : [1, 2])
    .filter((n) => n < outward.length && /^[A-Z]+$/i.test(outward.slice(0, n)))
    .map((n) => `${outward.slice(0, n)}${TO_DIGIT[outward[n].toUpperCase()] ?? outward[n]}${outward.slice(n + 1)} ${fixedIn}`.toUpperCase())
    .filter((c) => /^[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}$/.test(c));
  const candidate = candidates.find(isRealPostcode) ?? (small ? undefined : candidates[0]);
  if (!candidate) return line;
  return text.slice(0, m.index! + lead.length) + candidate;
}
