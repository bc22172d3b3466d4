/**
 * A recipient's name with the words the page's reading lost. The English model (ocr/tesseract.ts) knows no
 * accented letter but é, and a word with one often comes back with so low a confidence that it is
 * dropped, or in lower case and taken for noise: 'Harry Quiñones' was read 'Harry', 'GEORGE
 * SØRENSEN' 'GEORGE', 'Freya Søren Morris' as 'Freya' and 'Morris' apart (the lost word's gap
 * split the line), 'Zoë Ward' as 'zoe Ward' and so 'Ward' (generated scans, thermal prints and
 * flattened PDFs, seed 1149016970). The name's line, and what lies right of it on its row up to a
 * word's gap, is read again by the Latin-script model (which has the accents); where that reading
 * holds the name's words in order, the capitalised words with an accent it has between or after them
 * (before them, only for a word the first reading had there in lower case) are taken in: at most two,
 * in the name's case. Nothing else of the name changes, and a name the second reading does not hold
 * stays as it is.
 */
import type { Address, LabelDetails } from "../../../shared/label";
import { editDistance } from "../../label-reading/fields";
import { ABBREVIATED_TITLES, FIELD_HEADINGS, isShopWord, PRINTED_HEADINGS, PRINTED_RETURN_HEADINGS, TITLE_WORD } from "../../label-reading/vocabulary";
import { readLatinLine, recognise } from "./tesseract";
import { lostWordMisread } from "./agree";
import { cropGrey, type Grey } from "../../images/raster";
import { estWidth, printedUnder, type TextLine } from "../../label-reading/text";
import { classifyLine } from "../../label-reading/line-kinds";

/** A word of a name as printed: a capital, then letters, apostrophes, hyphens or a full stop. */
const NAME_WORD = /^\p{Lu}[\p{L}'’.-]*\p{L}[.]?$/u;
/** A letter with an accent, or one that carries its mark in its shape (ø, ł, đ). */
const ACCENTED = /[\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F]/u;
const fold = (w: string) => w.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/[øØ]/g, "o");
/** One word in two readings: the same letters but for accents, or one misread in a longer word. */
const same = (a: string, b: string) => fold(a) === fold(b) || (a.length >= 4 && editDistance(fold(a), fold(b)) <= 1);

/** How far right of a name's line its row is read again, in the line's heights: a lost word and its spaces. */
const REACH = 8;

/**
 * How far right of the name's line its row is read again: up to the next text on the row, or REACH
 * heights (and a margin); and that next text when it is a name's words a word's gap away ('Morris' after the gap
 * 'Søren' left), or null.
 */
export function rowRight(lines: TextLine[], line: TextLine, width: number): { right: number; next: TextLine | null } {
  const end = line.x + (line.width ?? line.text.length * line.size * 0.6);
  const next = lines.filter((l) => l !== line && Math.abs(l.y - line.y) < line.size * 0.5 && l.x >= end).sort((a, b) => a.x - b.x)[0];
  const reach = Math.min(width, end + (REACH + 0.35) * line.size);
  if (!next) return { right: reach, next: null };
  const words = next.text.split(" ");
  // (In the name's type: a sender's line in type a third of the name's, beside it in the next column, is another block's
  // ('Maria Kwame' / 'Hollow Oak Ceramics' gave 'María Kwame Sørensen Hollow Oak Ceramics': gate seed 1836775388, file 669,
  // a 300 DPI scan of an Evri label).)
  const alike = next.size >= 0.6 * line.size && next.size <= 1.6 * line.size;
  const named = alike && next.x - end <= REACH * line.size && words.length <= 3 && words.every((w) => NAME_WORD.test(w));
  return { right: Math.min(reach, next.x - line.size * 0.1), next: named ? next : null };
}

/**
 * `name` with the words `read` (a second reading of its line) has around its words: null when the
 * reading does not hold every word of the name in order, or adds none. A word before the name is
 * taken only for one the first reading has there but not as a name's word (`before`: 'zoe' of
 * 'zoe Ward'): a heading on the name's line ('Ship To') is no part of it.
 */
export function withLostWords(name: string, read: string, before: string[] = [], toEnd = false): string | null {
  const words = name.split(" ");
  const tokens = read.normalize("NFC").split(/\s+/).filter(Boolean);
  const at: number[] = [];
  for (const w of words) {
    const i = tokens.findIndex((t, k) => k > (at[at.length - 1] ?? -1) && same(w, t));
    if (i < 0) return null;
    at.push(i);
  }
  const caps = name === name.toUpperCase();
  // Each word taken in has an accented letter: that is why the English model lost it. A plain word it did not give
  // is the Latin model's noise beside the name ('Beu', 'Ty', 'EVN. RAN': fresh seed 1669206209).
  const fits = (t: string) => NAME_WORD.test(t) && ACCENTED.test(t) && (caps ? t === t.toUpperCase() : t !== t.toUpperCase()) && !words.some((w) => same(w, t));
  const out: string[] = [];
  // Before the name: the words next to its first one; between its words: all of them; after it: those next to its last one.
  const noise = before.filter((w) => !NAME_WORD.test(w));
  let k = at[0];
  while (k > 0 && fits(tokens[k - 1]) && noise.some((w) => same(w, tokens[k - 1]))) k--;
  out.push(...tokens.slice(k, at[0]));
  words.forEach((w, n) => {
    out.push(w);
    const between = n + 1 < words.length ? tokens.slice(at[n] + 1, at[n + 1]) : [];
    if (!between.every(fits)) return;
    out.push(...between);
  });
  let after = at[at.length - 1] + 1;
  while (after < tokens.length && fits(tokens[after])) out.push(tokens[after++]);
  const added = out.length - words.length;
  if (added === 0 || added > 2) return null;
  // `toEnd`: words after the name, and the reading's last (nothing of the row after them that does not fit).
  if (toEnd && (after < tokens.length || out[out.length - 1] === words[words.length - 1])) return null;
  return out.map((w) => (words.includes(w) ? w : caps ? w.toUpperCase() : w)).join(" ");
}

/** Whether print stands in the last two columns before `x1` (a crop's right edge), in the middle of the rows `y0` to `y1`. */
export function inkAtEdge(page: Grey, x1: number, y0: number, y1: number, size: number): boolean {
  if (x1 >= page.width) return false;
  let n = 0;
  for (let y = Math.round(y0 + 0.25 * size); y < Math.round(y1 - 0.25 * size); y++) for (let x = Math.max(0, x1 - 2); x < x1; x++) if (page.data[y * page.width + x] < 110) n++;
  return n >= 2;
}

/** The details with the recipient's name given the words its line's second reading has (withLostWords). */
export async function restoreLostWords(details: LabelDetails, lines: TextLine[], page: Grey, dpi: number, toEnd = false): Promise<LabelDetails> {
  const a = details.address;
  const line = a?.name ? lines.find((l) => l.text.includes(a.name)) : undefined;
  if (!a || !line) return details;
  const pad = Math.round(line.size * 0.35);
  const [x0, y0] = [Math.max(0, Math.floor(line.x - pad)), Math.max(0, Math.floor(line.y - pad))];
  const { right, next } = rowRight(lines, line, page.width);
  const x1 = Math.ceil(right);
  // Not into the lines above and below (a name's height as read can reach into the street's line).
  const across = lines.filter((l) => l !== line && l.x < x1 && l.x + (l.width ?? 0) > x0);
  const below = Math.min(...across.filter((l) => l.y > line.y + line.size * 0.5).map((l) => l.y));
  const y1 = Math.min(page.height, Math.ceil(line.y + line.size + pad), below);
  if (x1 - x0 < 4 || y1 - y0 < 4) return details;
  const before = line.text.slice(0, line.text.indexOf(a.name)).split(" ").filter(Boolean);
  const row = cropGrey(page, x0, y0, x1, y1);
  let name = withLostWords(a.name, await readLatinLine(row, dpi), before, toEnd);
  // Words taken in from a row whose print runs on past the crop's right edge may be cut there, a cut letter read as an
  // accented one ('Mrs Bartosz McAllisteę' off 'McAllister' cut through its r: the second maker's seed 531518048, file 224, a
  // 300 DPI scan, given so); and one whose accented letter the English model reads as another letter it reads right was
  // the Latin model's misreading (ocr/agree.ts lostWordMisread). The name without them is cut short: none.
  if (name && name !== a.name && (inkAtEdge(page, x1, y0, y1, line.size) || lostWordMisread(name, (await recognise(row, dpi, "line")).words.map((w) => w.text).join(" ")))) {
    return { ...details, address: { ...a, name: "" } };
  }
  // A word found in the gap before a name's words on the same row: the name goes on with them. Without one the
  // row's next text stays apart (a sender's name in the next column).
  if (name && next && !name.endsWith(a.name)) name = `${name} ${next.text}`;
  return name ? { ...details, address: { ...a, name } } : details;
}

/**
 * The details after withoutCutNames made the recipient's name none (`cutFree`) and restoreLostWords read its row again
 * (`again`, from the details as read, `uncut`): the name with the words that reading gave it, else none. restoreLostWords
 * gives its details back as they were when it finds nothing, and that is no rescue: the name cut short was given whole
 * ('DOVETAIL PRINT' for Dovetail Print Studio Ltd., gate seed 4152206495, file 568, a 600 DPI photo; 'MOORLAND
 * ARCHITECTS HOLDINGS' for … Holdings Ltd, file 579, a 200 DPI scan).
 */
export const rescuedOrCut = (uncut: LabelDetails, cutFree: LabelDetails, again: LabelDetails | null): LabelDetails =>
  again?.address?.name && again.address.name !== uncut.address?.name ? again : cutFree;

/** The sender's keys of a label's details. */
export const SENDER_KEYS = ["fromAddress", "sendAddress", "returnAddress"] as const;
/** Every address's key: the recipient's and the sender's. */
const NAMED_KEYS = ["address", ...SENDER_KEYS] as const;

/** The details with each name of `keys` as `rename` gives it from its address ('' for none; the name itself to keep it). */
export function renamed(details: LabelDetails, keys: readonly (typeof NAMED_KEYS)[number][], rename: (a: Address & { name: string }) => string): LabelDetails {
  const out = { ...details };
  for (const key of keys) {
    const a = out[key];
    if (!a?.name) continue;
    const name = rename(a as Address & { name: string });
    if (name !== a.name) out[key] = { ...a, name };
  }
  return out;
}
/** A name's letters and digits, without accents, case, gaps or marks: what two spellings of one name share. */
const letterRun = (name: string) => fold(name).replace(/[^\p{L}\p{N}]/gu, "");

/**
 * The sender's name as the seller's own account spells it (Settings, company name) where the reading is that name but
 * for a letter or two: letters both OCR models misread alike into real words, which no second reading catches ('Fable &
 * Fem Coffee' for Fable & Fern Coffee, 'The Wren & Ivy Candies' for Candles: fixed seed 3217537065; 'Gwenilian' for
 * Gwenllian). A seller's labels are sent from their own shop nearly always, so its name is a strong prior; only a near
 * miss is put right (two letters at most, and one in six of the name's), never another name, and a name read as
 * printed (the same letters) stays as printed.
 */
export function ownSender(details: LabelDetails, company: string | null | undefined): LabelDetails {
  const own = company?.trim() ?? "";
  const want = letterRun(own);
  if (!want) return details;
  const out = { ...details };
  for (const key of SENDER_KEYS) {
    const a = out[key];
    const got = a?.name ? letterRun(a.name) : "";
    if (!got || got === want) continue;
    const d = editDistance(got, want);
    if (d <= 2 && d * 6 <= want.length) out[key] = { ...a!, name: own };
  }
  return out;
}

/** A depot's sort code as a routing label's sort box prints it: a few capitals, one word. */
const SORT_CODE = /^[A-Z]{2,6}$/;

/**
 * The details without a routing label's sender that is a sort code alone ('EXET', 'MNCH', 'BRIS'): where no retailer is
 * printed in the header, the sort box's depot code was taken for one when its number beside it was not read as a number
 * (read into the carrier's header line, or as 'Aa': seed 3021891946, files 2399 and 3845, a 240 DPI table photo and a 150
 * DPI scan; the text layer's sizes tell the box apart, OCR's box heights do not). A retailer's name printed so short in
 * capitals, with no address, is rare, and losing it is a miss, not a wrong sender: none.
 */
export function withoutSortCode(details: LabelDetails): LabelDetails {
  if (!details.routing?.van) return details;
  return renamed(details, SENDER_KEYS, (a) => (SORT_CODE.test(a.name) && !a.postcode && !a.address?.length ? "" : a.name));
}

/** A routing label's van line, whole ('VAN 114  DROP 16  C-ROUND 1679') or its first box ('VAN 98'). */
const VAN_LINE = /^VAN\s*\d+\b/iu;

/**
 * The details without a routing label's sender read from a line printed under its van line: a routing label prints the
 * retailer (its sender) in its header, over the van line, or no sender at all; under it stand the recipient's block and the
 * service. Where no retailer is printed and the recipient's postcode was misread ('ls11 5qj' read '1si1 5qj'), the
 * recipient's block was taken for the sender's ('Bethan Baker' given as the sender: fresh seed 1113018866, file 3367, a
 * 300 DPI scan). None: a sender is never printed there.
 */
export function withoutSenderUnderVan(details: LabelDetails, lines: TextLine[]): LabelDetails {
  const van = details.routing?.van ? lines.find((l) => VAN_LINE.test(l.text)) : undefined;
  if (!van) return details;
  return renamed(details, SENDER_KEYS, (a) => {
    const line = lines.find((l) => l.text.includes(a.name));
    return line && line.y > van.y + van.size * 0.5 ? "" : a.name;
  });
}

/**
 * Ní read without its accent before an Irish surname: one whose first consonant is lenited ('Bhriain', 'Mhurchú') or an h
 * before a vowel ('hAodha'; in capitals that h cannot be told from a name's: 'NI HAO'). Not Ch or Sh, which start Chinese
 * given names after the surname Ni ('Ni Shan', 'Ni Chen').
 */
const BARE_NI = /(^|\s)(Ni|NI)(?=\s(?:[BDFGMPT][hH]|h[AEIOUÁÉÍÓÚ])\p{L})/gu;

/** An O with a circumflex standing alone before a surname: no name's word; the Latin model's reading of the particle Ó. */
const CIRCUMFLEX_O = /(^|\s)Ô(?=\s\p{Lu})/gu;

/**
 * The details with the Irish particle Ní ('daughter of') given its accent where OCR read it 'Ni' ('Harry Ni Bhriain': gate
 * seed 2806404162, file 107, a 300 DPI scan, where neither model gave the í, and the name was a letter off as printed).
 * Before a surname it lenites (Bhriain, Mhurchú) or puts an h before a vowel (Ní hAodha), and there it is never written
 * otherwise; 'Ni' elsewhere stays as read (a surname of its own). And the particle Ó ('grandson of') where the Latin model
 * gave its acute as a circumflex ('Mrs Z Ô Súilleabháin': fresh seed 2657129363, file 1278, a 120 DPI screenshot, given
 * so): a lone Ô before a surname is no word of any name.
 */
export function irishParticle(details: LabelDetails): LabelDetails {
  return renamed(details, NAMED_KEYS, (a) => a.name.replace(BARE_NI, (_, gap: string, ni: string) => `${gap}${ni === "NI" ? "NÍ" : "Ní"}`).replace(CIRCUMFLEX_O, "$1Ó"));
}

/** A word ending in a colon: a heading. */
const HEADED = /\S:(?:\s|$)/u;

/**
 * The details without a name that holds a word ending in a colon: a heading OCR misread past fixHeading's repairs, taken
 * into the name ('TQ: PROF S@REN DOHERTY' for 'TO: Prof Søren Doherty': fresh seed 1471927557, file 519, a 300 DPI
 * thermal print, given as 'TO PROF SØREN DOHERTY' once the rereads had put the heading's letters right and dropped its
 * colon). No name holds one, and which words are the heading's is not known: none. Looked at before the rereads.
 */
export function withoutHeadings(details: LabelDetails): LabelDetails {
  return renamed(details, NAMED_KEYS, (a) => (HEADED.test(a.name) ? "" : a.name));
}

/**
 * A contact's line under a company's name ('FAO Aoife García', 'Attn: Jo Lee', 'c/o Sam Hill'): the person is no recipient's
 * name there. A c/o with its gap lost too ('C/ODANIELMENSAH DRGURPREETMOORE', the c/o line run into the name: fresh seed
 * 859226274, file 351, a 300 DPI photo; the only one of 41,955 names the stored runs read); not FAO glued ('Faolan').
 */
const CONTACT_LINE = /^(?:c\/o|attn\b|fao\b)/iu;
/** A heading's noun: no name holds it ('Retums address.' for 'Returns address:', its rn read as m). */
const HEADING_NOUN = /(?:^|\s)(?:address|addresses|addressee)\b/iu;
/**
 * A premises' word before its number ('Flat 3C', 'Unit5'), a company's suffix with more words after it ('Ltd. Flat'), or a
 * figure after a stop or a comma ('Saltwater Pottery Ltd.. 55 Acacia Row': fresh seed 2391269989, file 1297, a 203 DPI
 * thermal print; no name of the 32,880 the stored runs' reads hold, printed or read, has one): an address run into the name.
 */
const ADDRESS_RUN = /(?:^|[\s,.])(?:flat|unit|suite|apartment|apt)\s?\d|\b(?:ltd|limited|llp|plc)\b[.,]\s*\p{L}|[.,]\s*\d/iu;
/** The letters of a heading as OCR misreads them alike: rn and m, cl and d, vv and w are one. */
const misreadFold = (t: string) => t.toLowerCase().replace(/[^a-z]/g, "").replace(/rn/g, "m").replace(/cl/g, "d").replace(/vv/g, "w");
/** The headings printed over addresses ('Returns address:' too, which fixHeading does not mend to). */
const HEADING_TEXTS = [...PRINTED_HEADINGS, ...PRINTED_RETURN_HEADINGS, "Returns address:", "Recipient:"];
const HEADINGS_READ = HEADING_TEXTS.map((h) => [h.toLowerCase().replace(/[^a-z]/g, ""), misreadFold(h)]);
const HEADING_LETTERS = HEADING_TEXTS.map((h) => h.toLowerCase().replace(/[^a-z]/g, "")).filter((h) => h.length >= 4);

/**
 * Whether a heading starts the name run into it with no gap, a capitalised word right after its letters ('DeliverToAoifeÓ
 * Súilleabháin', 'FROMWren&lvyTools', 'Shipfrom:LittleFern'): fixHeading leaves it as read where the rest is run together
 * too. Not a name that merely starts with a heading's letters ('Tobias', 'Fromley', 'FROMAN').
 */
function headingRunIn(name: string): boolean {
  return HEADING_LETTERS.some((h) => {
    let i = 0;
    for (const c of h) {
      while (i < name.length && /[:;.,]/.test(name[i])) i++;
      if (name[i]?.toLowerCase() !== c) return false;
      i++;
    }
    while (i < name.length && /[:;.,]/.test(name[i])) i++;
    return /^\p{Lu}\p{Ll}/u.test(name.slice(i));
  });
}

/**
 * Whether an OCR reading's name is another line of the label read in its place: a contact's line (FAO, Attn, c/o) where
 * the company's name was lost ('FAO Aoife García' for a company: seed 1914321767, the last full run); a heading misread
 * past fixHeading's one-letter repairs ('Retums address.') or left run into the name ('DeliverToAoifeÓ Súilleabháin');
 * an address run into the name on one line ('Magpie Outfitters Ltd. Flat 3C. Dorchester', a flattened PDF's block). Each is
 * a wrong name where it is given; which of its words are the name's is not known: none.
 */
export function otherLine(name: string): boolean {
  // Within a letter of a heading, as read or with the letters OCR misreads alike put together.
  const [plain, folded] = [name.toLowerCase().replace(/[^a-z]/g, ""), misreadFold(name)];
  const heading = plain.length >= 6 && HEADINGS_READ.some(([h, f]) => h.length >= 6 && (editDistance(plain, h) <= 1 || editDistance(folded, f) <= 1));
  return CONTACT_LINE.test(name) || HEADING_NOUN.test(name) || ADDRESS_RUN.test(name) || heading || headingRunIn(name);
}

/** The details without a name that is another line of the label (otherLine). */
export function withoutOtherLines(details: LabelDetails): LabelDetails {
  return renamed(details, NAMED_KEYS, (a) => (otherLine(a.name) ? "" : a.name));
}

/** A figure standing alone between two words of letters ('WREN 4 IVY PRINTS'). */
const LONE_FIGURE = /\p{L}\s+\d+\s+\p{L}/u;

/**
 * The details without a name that holds a figure standing alone between its words: an '&' OCR read as a 4 ('WREN 4 IVY
 * PRINTS' for WREN & IVY PRINTS: gate ci-56's run, a raster). No name of the 23,000 the stored runs' labels printed has a
 * figure there, and which sign was printed is not known: none (a miss, not a wrong name).
 */
export function withoutLoneFigures(details: LabelDetails): LabelDetails {
  return renamed(details, NAMED_KEYS, (a) => (LONE_FIGURE.test(a.name) ? "" : a.name));
}

/** A company's suffix, as a word of its own. */
const SUFFIXES = ["plc", "ltd", "llp", "inc", "limited"];
/** A word that is a company's suffix or one letter off it ('ple' for plc: a 203 DPI thermal print's c), of three letters or more. */
const suffixWord = (w: string) => /^\p{L}{3,}\.?$/u.test(w) && SUFFIXES.some((s) => editDistance(w.toLowerCase().replace(/\.$/, ""), s) <= 1);

/**
 * The details without a name whose company's suffix stands alone on the line right under it, at its left edge: a long
 * company name wrapped in its column ('Wren & Ivy Dental Practice' over 'ple', for … plc: fresh seed 3487369636, file
 * 946, a 203 DPI thermal print, given as 'Wren & Ivy Dental Practice'). The page's reading dropped the misread suffix as
 * debris; the name without it is not the name printed, and which suffix it was is not known: none. So is one over a lone
 * word shops' names end with, itself not ending with one: the shop's name wrapped ('The Larkspur' over 'Coffee', then the
 * street, for The Larkspur Coffee: fresh seed 2942110715, file 3799, a 150 DPI table photo, the sender given as 'The
 * Larkspur'). An address has no line of such a word alone (a studio or a market has its number or its street with it).
 */
export function withoutSuffixUnder(details: LabelDetails, lines: TextLine[]): LabelDetails {
  return renamed(details, NAMED_KEYS, (a) => {
    const line = lines.find((l) => l.text.endsWith(a.name));
    if (!line) return a.name;
    const under = lines.filter((l) => l !== line && l.y > line.y + line.size * 0.5 && l.y < line.y + line.size * 2 && Math.abs(l.x - line.x) <= 0.5 * line.size).sort((p, q) => p.y - q.y)[0];
    // ('Co' too, its stop read as another mark: 'WILLOW & WICK VETS' over 'CO;', for Willow & Wick Vets Co.: fresh seed 791838569,
    // file 772, a 200 DPI table photo, given without it.)
    const word = under?.text.trim().replace(/[.,;:]$/, "") ?? "";
    // (Or its o misread: 'Seren Trading' over 'Cc', for Seren Trading Co: fresh seed 1333315663, file 3818, a 200 DPI table
    // photo read twice, 'Ci' and 'Cc'. No address line is a C and one letter alone.)
    if (/^c[\p{L}\d]$/iu.test(word) && !/\sco\.?$/i.test(a.name)) return "";
    if (isShopWord(word) && !isShopWord(a.name.split(" ").at(-1) ?? "")) return "";
    return under && suffixWord(under.text.trim()) && !SUFFIXES.some((s) => a.name.toLowerCase().endsWith(s)) ? "" : a.name;
  });
}

/**
 * The details without a name that took its last words from the line under it (label-reading/name-lines.ts wrappedName)
 * where that line is the start of a row that goes on under the name's line: another line on its row, right of it and
 * starting before the name's line ends. The line under is a piece of a longer line whose middle the page's reading lost,
 * not a name's end wrapped by its column, which ends its row there ('Prof Mohammed Kowalski' over 'Old' … '& Co', the
 * words between, 'Forge Architects', read at confidence 0 and dropped: run J, SEED=3605086469, file 354, a 300 DPI photo,
 * the recipient given as 'Prof Mohammed Kowalski Old'). Which it is is not known: none.
 */
export function withoutEndOfBrokenRow(details: LabelDetails, lines: TextLine[]): LabelDetails {
  return renamed(details, NAMED_KEYS, (a) => {
    const broken = lines.some((under) => {
      if (!a.name.endsWith(` ${under.text}`)) return false;
      const start = a.name.slice(0, -under.text.length - 1);
      const head = lines.find((h) => printedUnder(h, under) && h.text.endsWith(start));
      return !!head && lines.some((o) => o !== under && Math.abs(o.y - under.y) < under.size / 2 && o.x > under.x + estWidth(under) && o.x < head.x + estWidth(head));
    });
    return broken ? "" : a.name;
  });
}

/** Ink found beside a line on its row: how far from the line (in its heights), and how tall, from where. */
interface InkBeside {
  gap: number;
  /** The ink's height over a line's height of width past the gap, and its top's distance from the line's, in line heights. */
  span: number;
  top: number;
  /** The columns with ink among the line height's width past the gap, in line heights: a colon's dots are a fifth or less. */
  inked: number;
}

/**
 * The first ink right (`side` 1) or left (-1) of a line on its row within three of its heights, not inside another line
 * the page's reading gave (a column beside it, a heading): null when there is none, or the page's edge comes first.
 */
function inkBeside(page: Grey, line: TextLine, lines: TextLine[], side: 1 | -1): InkBeside | null {
  const size = line.size;
  const from = side === 1 ? Math.ceil(line.x + (line.width ?? 0)) + 1 : Math.floor(line.x) - 1;
  const [y0, y1] = [Math.max(0, Math.round(line.y + 0.2 * size)), Math.min(page.height, Math.round(line.y + 0.8 * size))];
  const reach = Math.ceil(3 * size);
  if (from + side * reach >= page.width || from + side * reach < 0) return null;
  // (Not a line over half the line itself or more: the same print read again, its box taller or longer, whose words past the line's end
  // are the row's lost ones: 'Oscar Harnres' under '=e ae Khan', from its start to past its end, for Oscar Harpreet Khan: run
  // G, SEED=353825910, file 3190, a 200 DPI photo's small-type pass, whose sender was given as 'Oscar Harpree'.)
  const end = line.x + (line.width ?? 0);
  const over = (o: TextLine) => Math.min(end, o.x + (o.width ?? 0)) - Math.max(line.x, o.x) >= 0.5 * (line.width ?? 0);
  const others = lines.filter((o) => o !== line && o.y < line.y + size && o.y + o.size > line.y && !over(o));
  const known = (x: number) => others.some((o) => x >= o.x - 0.2 * o.size && x <= o.x + (o.width ?? 0) + 0.2 * o.size);
  const dark = (x: number, a: number, b: number) => {
    let n = 0;
    for (let y = a; y < b; y++) if (page.data[y * page.width + x] < 110) n++;
    return n;
  };
  for (let k = 0; k < reach; k++) {
    const x = from + side * k;
    if (dark(x, y0, y1) < 2) continue;
    if (known(x) || ruleAt(page, x, y0, y1, size)) return null;
    // The ink's rows over a line height's width from there.
    const [t0, t1] = [Math.max(0, Math.round(line.y - 0.3 * size)), Math.min(page.height, Math.round(line.y + 1.3 * size))];
    let [top, bottom, inked] = [Number.POSITIVE_INFINITY, -1, 0];
    for (let j = 0; j < size; j++) {
      const cx = x + side * j;
      if (cx < 0 || cx >= page.width || known(cx)) break;
      let any = false;
      for (let y = t0; y < t1; y++) if (page.data[y * page.width + cx] < 110) [top, bottom, any] = [Math.min(top, y), Math.max(bottom, y), true];
      if (any) inked++;
    }
    return { gap: k / size, span: (bottom - top + 1) / size, top: (top - line.y) / size, inked: inked / size };
  }
  return null;
}

/**
 * Whether the ink at column `x` of a line's row (rows `y0` to `y1`) is a rule: a stroke that runs on, unbroken, two of the
 * line's heights or more up or down the page, which no letter of the line does. A frame's edge, the end of the row as the
 * page's edge is: the box round a routing label's sort code before its retailer's name ('GANNET YARNS', the box's edge
 * 0.55 of a height before it, taken for a word the reading lost: run F, SEED=2548624490, file 1542, a 203 DPI thermal
 * print). Followed a pixel aside each row, for a rule drawn slanted on a photo.
 */
function ruleAt(page: Grey, x: number, y0: number, y1: number, size: number): boolean {
  const isDark = (cx: number, y: number) => cx >= 0 && cx < page.width && y >= 0 && y < page.height && page.data[y * page.width + cx] < 110;
  const run = (y: number, step: 1 | -1) => {
    let [cx, n] = [x, 0];
    for (let ny = y + step; n < 2 * size; ny += step) {
      const next = [cx, cx - 1, cx + 1].find((c) => isDark(c, ny));
      if (next === undefined) break;
      [cx, n] = [next, n + 1];
    }
    return n;
  };
  for (let y = y0; y < y1; y++) if (isDark(x, y) && 1 + run(y, -1) + run(y, 1) >= 2 * size) return true;
  return false;
}

/**
 * Ink this near a name's line, in its heights, of its type's height and on its row, is more of its words: a word's gap is a
 * third to two thirds of the line's height as OCR boxes it. Left of a line the gap is held tighter: a retailer's logo
 * stands about a line's height before its name in a header (measured on fresh seed 3141977986's rasters: logos at 0.75 to
 * 1.1 heights, 1.4 to 1.6 tall; the lost words at 0.38 left, 0.4 and 0.67 right, 0.9 to 1 tall).
 */
const WORD_GAP = { 1: 0.75, [-1]: 0.6 } as const;
const sameType = (ink: InkBeside | null, side: 1 | -1, gap: number = WORD_GAP[side]) => !!ink && ink.gap <= gap && ink.span >= 0.5 && ink.span <= 1.3 && Math.abs(ink.top) <= 0.3;

/**
 * The gap the line's own words stand apart by, in its heights: the narrowest of its widest gaps between columns of ink, one
 * for each space its text holds; null for a line of one word. A monospaced face's space is a letter wide, a line's height or
 * more ('The Old Forge' then 'Jewellery' 1.06 heights on, the word lost, in Courier: fresh seed 1333315663, file 2759, a 600
 * DPI scan, whose sender was given as 'The Old Forge'), over WORD_GAP's; the line's own spacing says how far its next word stands.
 */
function ownWordGap(page: Grey, line: TextLine): number | null {
  const spaces = line.text.trim().split(/\s+/).length - 1;
  const size = line.size;
  if (spaces < 1 || !line.width) return null;
  const [x0, x1] = [Math.max(0, Math.round(line.x)), Math.min(page.width, Math.round(line.x + line.width))];
  const [y0, y1] = [Math.max(0, Math.round(line.y + 0.2 * size)), Math.min(page.height, Math.round(line.y + 0.8 * size))];
  const gaps: number[] = [];
  let [run, seen] = [0, false];
  for (let x = x0; x < x1; x++) {
    let dark = false;
    for (let y = y0; y < y1 && !dark; y++) dark = page.data[y * page.width + x] < 110;
    if (dark) {
      if (seen && run > 0) gaps.push(run);
      [run, seen] = [0, true];
    } else if (seen) run++;
  }
  if (gaps.length < spaces) return null;
  return gaps.sort((a, b) => b - a)[spaces - 1] / size;
}

/**
 * The details without a name cut short at its line's end or start: where ink of the line's own type lies a word's gap
 * beyond the name on its row and no line the page's reading gave is there, the reading lost words of the name
 * ('BLUEBELL ENGINEERING' for Bluebell Engineering Studios Ltd: fresh seed 3127436506, file 177, a 200 DPI table photo;
 * 'HIVE SUPPLIES' for Hazel & Hive Supplies). Part of a name is worse than none (issue 36, class 2).
 */
export function withoutCutNames(details: LabelDetails, lines: TextLine[], page: Grey): LabelDetails {
  return renamed(details, NAMED_KEYS, (a) => {
    const line = lines.find((l) => l.text.includes(a.name));
    if (!line) return a.name;
    // (A word's gap as the line's own words stand apart, where wider than WORD_GAP's, up to a monospaced face's: ownWordGap.)
    const own = ownWordGap(page, line);
    const gap = own === null ? WORD_GAP[1] : Math.min(1.3, Math.max(WORD_GAP[1], 1.2 * own));
    const atEnd = line.text.endsWith(a.name) && (sameType(inkBeside(page, line, lines, 1), 1, gap) || rowSplit(line, lines));
    const cut = atEnd || (line.text.startsWith(a.name) && sameType(inkBeside(page, line, lines, -1), -1));
    return cut ? "" : a.name;
  });
}

/**
 * Whether the page's reading split a name's row in two: a line right after `line` on its row, a word's gap on (a
 * monospaced face's is a letter wide: up to 1.2 of its heights) in its type (its height within a fifth, its top within a
 * quarter), holding name's words only ('HOLLOW OAK NURSERY' then 'HOLDINGS LTD', run I, SEED=139911343, file 3332, a
 * flattened 400 DPI scan in Courier Bold, given as the name). Over runs H's, I's and J's stored page readings no right name
 * had such a line beside it: the nearest, a heading 2.3 heights on ('SENDER James Watson' | 'Deliver to:').
 */
function rowSplit(line: TextLine, lines: TextLine[]): boolean {
  const { next } = rowRight(lines, line, Number.POSITIVE_INFINITY);
  const end = line.x + (line.width ?? line.text.length * line.size * 0.6);
  if (next && next.x - end <= 1.2 * line.size && Math.abs(next.size - line.size) <= 0.2 * line.size && Math.abs(next.y - line.y) <= 0.25 * line.size) return true;
  // Or split inside a word: small letters a letter's gap on or inside the line's own box (its words' boxes reach over them),
  // boxed lower and smaller for want of capitals and ascenders but inside the row's box ('Wren & Ivy Bakeh' then 'nee', the
  // misread 'ouse', boxed inside the name's line 278 px wide and two thirds as high: fresh seed 2657129363, file 833, a 150
  // DPI table photo, given as 'Wren & Ivy Bakehc').
  return lines.some(
    (o) => o !== line && /^\p{Ll}/u.test(o.text) && o.x >= line.x + 0.3 * (end - line.x) && o.x - end <= 0.6 * line.size && o.size >= 0.5 * line.size && o.y >= line.y - 0.25 * line.size && o.y + o.size <= line.y + line.size * 1.25,
  );
}

/**
 * The details without a name whose line holds, right before it, a word of one to four small letters that is no heading
 * nor a contact's ('attn', 'fao'): the end of the name's first word, the reading having broken it off its start ('ei O
 * Suilleabhain' for Mei Ó Súilleabháin, a 400 DPI scan, its M lost: 'Ó Súilleabháin' was given, accented; 'aes Home' for
 * Magpie Home, 'om Rise' for Old Forge Knits: run H, SEED=1227518014, files 1820, 2641, 2588; 'a Trading Co' for Rowan
 * Trading Co: run J, SEED=3605086469, file 1099). Over runs H's, I's and J's stored page readings every name with such a
 * word before it was one of these, and no right name. Judged once the name has its lost words and accents back (a first
 * name read in small letters, 'zoe Ward', is given back whole by restoreLostWords: 'Zoë Ward'); the line is found by the
 * name's letters without their accents. A sender made none is read again in small type. A name no line holds whole (its
 * words taken from two lines, a letter of it put right by a second reading) is found by its first word, a letter off at
 * most: 'mza Fitzgerald' and 'Ha' read as two lines of the row 'Hamza Fitzgerald' gave 'Fitzgerald Ha', voted 'Fizgerald
 * Har' (the second maker's seed 628310799, file 199, a 200 DPI scan of a narrow face).
 */
export function withoutBrokenStart(details: LabelDetails, lines: TextLine[]): LabelDetails {
  return renamed(details, NAMED_KEYS, (a) => {
    const name = fold(a.name);
    const whole = lines.find((l) => fold(l.text).includes(name));
    const at = whole ? { line: whole, index: fold(whole.text).indexOf(name) } : firstWordAt(lines, name);
    if (!at) return a.name;
    const before = at.line.text.slice(0, at.index).trimEnd();
    const last = before.split(" ").pop() ?? "";
    return /^\p{Ll}{1,4}$/u.test(last) && classifyLine(before).heading?.rest !== "" && !CONTACT_LINE.test(last) ? "" : a.name;
  });
}

/**
 * The line holding a word a letter or none off `name`'s first word (folded; four letters or more, no title), and where
 * that word starts in the line's text.
 */
function firstWordAt(lines: TextLine[], name: string): { line: TextLine; index: number } | null {
  const first = name.split(" ")[0] ?? "";
  if (first.length < 4 || TITLE_WORD.test(first)) return null;
  for (const line of lines) {
    let index = 0;
    for (const word of line.text.split(" ")) {
      if (word && editDistance(fold(word), first) <= 1) return { line, index };
      index += word.length + 1;
    }
  }
  return null;
}

/** A title at a name's start: the name has one already. */
const TITLED = new RegExp(`^(?:${ABBREVIATED_TITLES.join("|")})\\.?\\s`, "iu");

/**
 * The details with each name given the title printed alone on the line right above it, at its left edge: a label that
 * sets a person's title on a line of its own over the name ('Dr.' / 'Dafydd Wilson', the title in larger type: fresh
 * seed 1113018866, file 3911, a 200 DPI scan, given as 'Dafydd Wilson'). The page's reading parts the two lines into two
 * blocks where their type differs in size, and a title alone is no name (label-reading/layout.ts); the name without it
 * is not the name printed. Only a line that is a title and nothing else, printed within a line's height over the name's
 * line and starting within half its height of it, with no line between; a name that starts with a title keeps its own.
 */
export function withTitleAbove(details: LabelDetails, lines: TextLine[]): LabelDetails {
  return renamed(details, NAMED_KEYS, (a) => {
    const line = lines.find((l) => l.text.startsWith(a.name));
    if (!line || TITLED.test(a.name)) return a.name;
    const size = line.size;
    const above = lines.filter((l) => l !== line && l.y < line.y && l.y + l.size > line.y - 2 * size && Math.abs(l.x - line.x) <= 0.5 * size).sort((p, q) => q.y - p.y)[0];
    if (!above || !TITLE_WORD.test(above.text.trim()) || line.y - (above.y + above.size) > size) return a.name;
    return `${above.text.trim()} ${a.name}`;
  });
}

/** The headings printed over an address's block: not a field's ('Weight:', 'Date:'), nor a shop's ('Sold by:'). */
const NOT_BLOCK_HEADINGS = [...FIELD_HEADINGS, "Sold by:"];
const BLOCK_HEADINGS = new Set([...HEADING_TEXTS.filter((h) => !NOT_BLOCK_HEADINGS.includes(h)).map((h) => h.toLowerCase().replace(/[^a-z]/g, "")), "sender", "from", "to"]);
/** A line that is an address block's heading and nothing else ('Deliver to', 'SHIP FROM:'); a figure in it is a field's line. */
const headingLine = (t: string) => !/\d/u.test(t) && (BLOCK_HEADINGS.has(t.toLowerCase().replace(/[^a-z]/g, "")) || classifyLine(t).heading?.rest === "");

/**
 * The details without a name whose line stands under its block's heading with a line of something else read between the
 * two, over the name's: the page's reading misread the block's first line into debris and took the next for the name
 * ('Deliver to' / '2 erat' / 'Button Tin Supplies (UK) Ltd', for Morag O'Brien over her company's line: seed 258096912,
 * file 95, a 200 DPI scan, where the company was given as the recipient). A name is printed right under its heading; what
 * lies between was a line of the block, so the line taken is not the first: none. On the 2,106 stored page readings (6,257
 * names, parsed again) it takes two names, both wrong (the other 'O'CONNOR' for Renée O'Connor, her first name misread
 * into debris over it: seed 3141977986, file 1388, a 200 DPI scan), and no right one. So where the heading's own row goes
 * on past it with print of its type the reading gave no line for (inkBeside): the name printed after the heading, on its
 * line, lost ('Delivery address:' with 'EOIN MORGAN' after it lost, over 'LARKSPUR GARAGE LTD.', given as the recipient:
 * gate seed 1705849762, file 387, a 400 DPI photo).
 */
export function withoutLineLostAbove(details: LabelDetails, lines: TextLine[], page?: Grey): LabelDetails {
  return renamed(details, NAMED_KEYS, (a) => {
    const line = lines.find((l) => l.text.includes(a.name));
    if (!line || ownHeading(line.text, a.name)) return a.name;
    const size = line.size;
    const end = line.x + estWidth(line);
    const heading = lines
      .filter((l) => l !== line && headingLine(l.text) && l.y < line.y - 0.5 * size && line.y - l.y < 4 * size && Math.abs(l.x - line.x) <= 0.5 * size)
      .sort((p, q) => q.y - p.y)[0];
    if (!heading) return a.name;
    const lying = lines.filter((l) => l !== line && l !== heading && l.y > heading.y + 0.5 * heading.size && l.y < line.y - 0.5 * size && l.x < end && l.x + estWidth(l) > line.x);
    // (Not a block printed bottom up, its postcode first under the heading and the name last: 'Delivery Address:' / 'E19ZT'
    // / 'London' / '197 Manor Square' / 'Miss Morag Martin' gave none: run F, SEED=2548624490, file 3522, a 600 DPI photo.)
    const postcode = a.postcode.replace(/\s+/g, "");
    if (postcode && lying.some((l) => l.text.replace(/\s+/g, "").toUpperCase().includes(postcode))) return a.name;
    return lying.length > 0 || (page && (lineOfInkBetween(page, heading, line) || wordAfter(inkBeside(page, heading, lines, 1)))) ? "" : a.name;
  });
}

/**
 * Ink after a heading on its row that is a word of the line's type, not the heading's own colon the reading left out
 * ('Ship To' read without its ':', the colon taken for the recipient's name printed after the heading and lost, so the
 * name under it, read right, made none: fresh seed 1333315663, file 2043, a 300 DPI scan; the colon's dots stood 0.26 of
 * a height after the heading, 0.52 high). A colon's dots fill a fifth of a height's width or less; a word's letters more.
 */
const wordAfter = (ink: InkBeside | null) => sameType(ink, 1) && ink!.inked >= 0.3;

/**
 * The details without a name that ends a block printed bottom up (its postcode on a line over the name's, the name last)
 * with a line of letters read right under it, at its left edge: the name wrapped in its column and its last line lost or
 * misread ('MISS BJORN' over 'in', for Miss Björn Clarke, 'CLARKE' under it misread: fresh seed 2942110715, file 3140, a
 * flattened legacy despatch label whose block reads 'WR1 4WN' / 'WORCESTER' / … / 'MISS BJÖRN' / 'CLARKE'). Nothing of its
 * block stands under a bottom-up block's name; what does is the name's. Not a heading (the next block's), nor a line with a
 * figure (a code's digits, a field) or anything but letters (a buyer's email address). Which words were lost is not known:
 * none.
 */
export function withoutLineLostUnder(details: LabelDetails, lines: TextLine[]): LabelDetails {
  return renamed(details, NAMED_KEYS, (a) => {
    const line = lines.find((l) => l.text.endsWith(a.name));
    const postcode = a.postcode.replace(/\s+/g, "").toUpperCase();
    if (!line || !postcode) return a.name;
    const size = line.size;
    // Its postcode and every line of its address over the name (a postcode printed in a header too, over a block read top
    // down, leaves the block's lines under the name).
    const streets = lines.filter((l) => l !== line && a.address.some((s) => s && l.text.includes(s)));
    const bottomUp = streets.length > 0 && streets.every((l) => l.y < line.y) && lines.some((l) => l.y < line.y - 0.5 * size && line.y - l.y < 8 * size && l.text.replace(/\s+/g, "").toUpperCase().includes(postcode));
    if (!bottomUp) return a.name;
    const under = lines.filter((l) => l !== line && l.y > line.y + 0.5 * size && l.y < line.y + 2 * size && Math.abs(l.x - line.x) <= 0.5 * size).sort((p, q) => p.y - q.y)[0];
    // Letters and a name's marks alone: not an email address or a web address printed under the name (the buyer's, on an Evri
    // drop-off label: 'Muhammad Thomas' over 'muhammadthomas@example.co.uk', fresh seed 2942110715, file 2779, read right).
    return under && /^[\p{L}\s'’&.,-]+$/u.test(under.text.trim()) && /\p{L}/u.test(under.text) && !/www\.|\.(?:co|com|org|net|uk)\b/iu.test(under.text) && !headingLine(under.text) ? "" : a.name;
  });
}

/** A word of a shop's name as printed: a capital and letters (an apostrophe, a hyphen, a stop), or '&'. */
const SHOP_NAME_WORD = /^(?:\p{Lu}[\p{L}'’.-]*|&)$/u;

/**
 * The details without a sender's name that is the start or the end of another line of the page, that line being the name
 * with one to three more words of a name and nothing else: the shop's name printed whole in the label's header, the
 * sender's block read with a word lost at its edge ('Juniper Soap' for Juniper Soap Co, its header 'Juniper Soap Co', a
 * 150 DPI JPEG; 'Pine Bookshop' for Pebble & Pine Bookshop, a 300 DPI scan: the second maker, bench/outside, SEED=2646511857,
 * files 32 and 68). Which the block printed is not known: none. A line that goes on with other words ('Thank you for
 * shopping at …', an address after a comma), or the name's own line after its heading ('SENDER Atlas Jewellery'), is no
 * such line.
 */
export function withoutPartOfHeader(details: LabelDetails, lines: TextLine[]): LabelDetails {
  return renamed(details, SENDER_KEYS, (a) => {
    const words = a.name.split(/\s+/);
    const longer = lines.some((l) => {
      const other = l.text.trim().split(/\s+/);
      const more = other.length - words.length;
      if (more < 1 || more > 3 || !other.every((w) => SHOP_NAME_WORD.test(w)) || classifyLine(l.text).heading) return false;
      const starts = words.every((w, i) => other[i] === w);
      const ends = words.every((w, i) => other[more + i] === w);
      return starts || ends;
    });
    return longer ? "" : a.name;
  });
}

/**
 * Whether a row of print the reading gave no line for lies between a heading and the line under it, over that line's
 * words: rows with ink, half the line's height high or more and at most one and a half, with a quarter of its height of
 * room left to the heading's box and the line's (their descenders and ascenders). The reading lost the block's first line
 * whole, and the line taken for the name is its second ('SENDER' / 'Saltmarsh Books' / 'Beechwood' / '3 Orchard Mews', the
 * name's line not read, the house's given as the sender: run E, SEED=76423947, file 3669, a 144 DPI screenshot). A rule
 * under a heading is thinner than that; a heading right over its name leaves no such room.
 */
function lineOfInkBetween(page: Grey, heading: TextLine, line: TextLine): boolean {
  const size = line.size;
  const [y0, y1] = [Math.max(0, Math.round(heading.y + heading.size + 0.25 * size)), Math.min(page.height, Math.round(line.y - 0.25 * size))];
  const [x0, x1] = [Math.max(0, Math.round(line.x + 0.1 * size)), Math.min(page.width, Math.round(line.x + estWidth(line)))];
  if (x1 - x0 < size) return false;
  if (y1 - y0 < 0.5 * size) return bandBetween(page, heading, line, x0, x1);
  let [run, longest] = [0, 0];
  for (let y = y0; y < y1; y++) {
    let n = 0;
    for (let x = x0; x < x1; x++) if (page.data[y * page.width + x] < 110) n++;
    run = n >= 2 ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return (longest >= 0.5 * size && longest <= 1.5 * size) || bandBetween(page, heading, line, x0, x1);
}

/**
 * Whether the rows from a heading's box foot to the line's box top under it (columns x0 to x1) hold a band of ink with
 * paper over and under it, half the line's height high or more and at most one and a half: a line lost whole, set so close
 * under its heading that the quarter heights of room lineOfInkBetween leaves either side leave too little to hold it
 * ('Buyer' / 'Chloé Morris' lost / 'AtlasArchitects Co.', given as the recipient: run I, SEED=139911343, file 1108, a 300
 * DPI table photo, the lost line's 26 rows of ink 6 under the heading's box and 8 over the line's).
 */
function bandBetween(page: Grey, heading: TextLine, line: TextLine, x0: number, x1: number): boolean {
  const [y0, y1] = [Math.max(0, Math.round(heading.y + heading.size)), Math.min(page.height, Math.round(line.y))];
  return rowOfPrint(page, x0, x1, y0, y1, { least: 2, low: 0.5 * line.size, high: 1.5 * line.size });
}

/**
 * Whether rows `y0` to `y1` (columns x0 to x1) hold a run of rows of print, each with `least` dark pixels or more, with paper
 * over it, `low` to `high` rows high; with `openEnd`, a run still open at `y1` ends there (a line set close over the next).
 */
function rowOfPrint(page: Grey, x0: number, x1: number, y0: number, y1: number, o: PrintRow): boolean {
  return bandOfPrint(page, x0, x1, y0, y1, o) !== null;
}

interface PrintRow {
  least: number;
  low: number;
  high: number;
  openEnd?: boolean;
}

/** The first run of rows rowOfPrint finds, its top and foot; null where there is none. */
function bandOfPrint(page: Grey, x0: number, x1: number, y0: number, y1: number, o: PrintRow): [number, number] | null {
  let start = -1;
  for (let y = y0; y < y1; y++) {
    let n = 0;
    for (let x = x0; x < x1 && n < o.least; x++) if (page.data[y * page.width + x] < 110) n++;
    if (n >= o.least && start < 0) start = y;
    if ((n < o.least || (o.openEnd && y === y1 - 1)) && start >= 0) {
      const end = n < o.least ? y : y1;
      if (start > y0 && end - start >= o.low && end - start <= o.high) return [start, end];
      start = -1;
    }
  }
  return null;
}

/**
 * The details without a name that starts its line with a row of print right over it that the reading gave no line for
 * (within two of its heights, in its column, paper over and under it, three quarters of its height high to one and a half:
 * the name's type, not a date's in small type over it, 'DATE: 03-04-2026' unread over 'Miss Renée Leroy', fresh seed
 * 2657129363, file 3742, a 203 DPI thermal print, made none at half its height): the block's
 * first line lost whole, the second taken for the name ('VAN 7 DROP 57 C-ROUND 1503' / 'José van der Berg' lost /
 * 'Saltmarsh Print Studio LLP', given as the recipient: fresh seed 2657129363, file 719, a 200 DPI photo of a routing
 * label printed without headings). Under a heading, withoutLineLostAbove judges. Which line was the name is not known: none.
 * But where that row, read again alone (`read`: the English model on it enlarged), is a block's heading, the name is kept:
 * the reading lost the heading, not a line of the block ('TO:' in bold over 'Kofi Renée Chowdhury', set close over it and
 * lost: fresh seed 1411914453, file 2292, a 203 DPI thermal print, whose right name was given as none).
 */
export async function withoutLineLostOver(details: LabelDetails, lines: TextLine[], page?: Grey, read?: (row: Grey) => Promise<string>): Promise<LabelDetails> {
  if (!page) return details;
  const kept = new Set<string>();
  for (const k of NAMED_KEYS) {
    const name = details[k]?.name;
    const row = name && !kept.has(name) ? rowLostOver(name, lines, page) : null;
    if (name && row && read && headingLine(await read(cropGrey(page, row.x0, row.y0, row.x1, row.y1)))) kept.add(name);
  }
  return renamed(details, NAMED_KEYS, (a) => (kept.has(a.name) || !rowLostOver(a.name, lines, page) ? a.name : ""));
}

/** The row of print right over `name`'s line that the reading gave no line for (withoutLineLostOver), with room about it to read it again; null where there is none. */
function rowLostOver(name: string, lines: TextLine[], page: Grey): { x0: number; y0: number; x1: number; y1: number } | null {
  const line = lines.find((l) => l.text.startsWith(name));
  if (!line) return null;
  const size = line.size;
  const [x0, x1] = [Math.max(0, Math.round(line.x + 0.1 * size)), Math.min(page.width, Math.round(line.x + estWidth(line)))];
  // The lines over it in its column, by their tops (a heading's box may reach down beside the name's top).
  const over = lines.filter((l) => l !== line && l.y < line.y - 0.25 * size && l.x < x1 && l.x + estWidth(l) > x0);
  const above = over.sort((p, q) => q.y - p.y)[0];
  if (above && headingLine(above.text)) return null;
  const [y0, y1] = [Math.max(0, Math.round(Math.max(...over.map((l) => l.y + l.size), line.y - 2.2 * size))), Math.round(line.y)];
  if (x1 - x0 < size || y1 - y0 < size) return null;
  // Rows of print: dark pixels across a thirtieth of the line's width or more (not a speck of a photo's grain); a run still
  // open at the name's box, set close over it, ends there.
  const band = bandOfPrint(page, x0, x1, y0, y1, { least: Math.max(3, 0.03 * (x1 - x0)), low: 0.75 * size, high: 1.5 * size, openEnd: true });
  if (!band) return null;
  const pad = Math.round(0.3 * size);
  const [top, foot] = [Math.max(0, band[0] - pad), Math.min(page.height, band[1] + pad)];
  return { x0: Math.max(0, Math.round(line.x - size)), y0: top, x1: inkEnd(page, x1, band[0], band[1], 2 * size), y1: foot };
}

/** Where the print on rows y0 to y1 ends right of `x`: its last dark column before a gap of `gap` columns (a heading may run past the name's end). */
function inkEnd(page: Grey, x: number, y0: number, y1: number, gap: number): number {
  let end = x;
  for (let c = x; c < page.width && c - end < gap; c++) {
    for (let y = y0; y < y1; y++) {
      if (page.data[y * page.width + c] < 110) {
        end = c + 1;
        break;
      }
    }
  }
  return Math.min(page.width, end + Math.round(gap / 4));
}

/**
 * Whether the name's line starts with a block's heading of its own before the name ('TO: Bjorn Johnson'): the name is its
 * block's first line, and a heading over it with lines between is another block's (the sender's 'SENDER' over its four
 * lines, 257 px over a recipient's line in 66 px type: fresh SEED=969544535, file 505, a 400 DPI photo, where 'Bjorn
 * Johnson' was given as none by withoutLineLostAbove).
 */
function ownHeading(text: string, name: string): boolean {
  const before = text.slice(0, text.indexOf(name)).trim();
  return Boolean(before) && (headingLine(before) || /^\p{L}[\p{L} ]*:$/u.test(before));
}
