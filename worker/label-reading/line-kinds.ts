/**
 * What one line of label text is: the question the layout model (layout.ts), the names (name-lines.ts) and the OCR
 * passes (ocr/) ask of a line, answered in one place (classifyLine). A line may be a heading naming an address's role,
 * a contact line inside an address, OCR's debris, or one of the things printed around addresses that are never part
 * of one (routing codes, references and order numbers, dates, weights, service words, tracking numbers, taglines);
 * else it is text an address may hold. A name is words: never an identifier, a line of routing or service words, or a
 * platform's slogan. The words these rules look for are vocabulary.ts's; how a file becomes fields, and where a new
 * rule goes: docs/label-reading.md.
 *
 * This is the seam where a learned classifier could one day replace the rules: it would answer the same LineKind.
 */
import { clean, editDistance, letters } from "./fields";
import type { TextLine } from "./text";
import {
  ADDRESS_HEADINGS,
  type AddressRole,
  CARRIER_NAMES,
  CARRIER_NETWORKS,
  loosely,
  PRINTED_ADDRESS_HEADINGS,
  PRINTED_HEADINGS,
  PRINTED_RETURN_HEADINGS,
  READ_CARRIERS,
  ROUTING_FIELDS,
  ROUTING_WORDS,
  SERVICE_PHRASES,
  SERVICE_WORDS,
  WEIGHT_HEADING,
} from "./vocabulary";

/**
 * What a line is. The kinds are not exclusive, and each pass weighs them in its own order: 'To:' is a heading and no
 * address text (one word and a colon), a lower-case 'from' a heading and OCR's debris, 'Deliver to' a heading that an
 * address's text could also be. The layout passes over debris before it looks for a heading; a block under a heading
 * ends at a line that is no address text.
 */
export interface LineKind {
  /** A heading naming an address's role ('Deliver to:', 'FROM', 'If undelivered please return to:'), and the text after it on its line. */
  heading: { role: AddressRole; rest: string } | null;
  /** The whole line is, letter for letter, a heading or field label as printed ('FROM', 'Deliver to', 'Weight:'): never a name. */
  headingAlone: boolean;
  /** A phone number or an e-mail, printed inside an address block: passed over, no part of it. */
  contact: boolean;
  /** OCR's debris: a lone letter or mark, or a few small letters ('ne', 'nis'): no part of an address. */
  debris: boolean;
  /** What the line is when it is one of the things printed around addresses (never part of one); null when an address may hold it. */
  around: AroundKind | null;
}

/** The things printed around addresses, never part of one: each ends an address block. */
export type AroundKind =
  | "empty or too long"
  | "routing"
  | "field label"
  | "carrier"
  | "reference"
  | "file name"
  | "order number"
  | "weight"
  | "dimensions"
  | "date"
  | "service"
  | "parcel count"
  | "web or e-mail"
  | "long number"
  | "misread return heading"
  | "heading's first word"
  | "sort box"
  | "tracking code"
  | "table heading"
  | "document title"
  | "identifier"
  | "routing or service words"
  | "tagline"
  | "carrier logo";

/** What one line of text is (it is cleaned first: runs of space are one). */
export function classifyLine(text: string): LineKind {
  const t = clean(text);
  return { heading: headingOf(LETTER_SPACED.test(t) ? t.replace(/ /g, "") : t), headingAlone: isPrintedHeading(t), contact: CONTACT.test(t), debris: isOcrDebris(t), around: aroundKind(t) };
}

/**
 * A word printed letter-spaced, one letter and one space at a time ('T O', 'F R O M'): its heading is the word's. 'T O' over
 * 'C LEROY' was read as the name 'T O C LEROY' (run G, SEED=353825910, file 1564, a pdfkit text PDF's second page).
 */
const LETTER_SPACED = /^(?:\p{L} )+\p{L}:?$/u;

const HEADINGS: [RegExp, AddressRole][] = ADDRESS_HEADINGS.map(([source, role]) => [new RegExp(String.raw`${source}\b\s*:?`, "i"), role]);

/** The role a heading line names, and the text after it on the same line. */
function headingOf(t: string): { role: AddressRole; rest: string } | null {
  for (const [re, role] of HEADINGS) {
    const m = t.match(re);
    // A word ending in a colon after it is the heading's own, misread ('Return adcdtess:'): no name ends so. So is one word
    // in small letters alone after it ('Sender detauts' for Sender details): a name is printed with a capital.
    if (m) return { role, rest: clean(t.slice(m[0].length).replace(/^[:\s-]+/, "")).replace(/^\S+:$|^\p{Ll}+$/u, "") };
  }
  // A seller's heading whose verb OCR misread ('Sok! by: Oscar's Jewelery'): a word, 'by' or 'from', a colon.
  const misread = t.match(MISREAD_SENDER_HEADING);
  if (misread) return { role: "sender", rest: clean(t.slice(misread[0].length)) };
  return misreadReturnHeading(t) || RETURN_HEADING_START.test(t) ? { role: "return", rest: "" } : null;
}

/** The word of a return heading OCR misreads ('undeliverable', 'undellvered'), anywhere in a word: no name holds it. */
const UNDELIVERED = "unde[li1]{1,3}ver(?:ed|able)";

/**
 * A return heading's start alone on its line, glued or not ('Ifundelivered', 'If undelivered,'): OCR read no more of 'If
 * undelivered, please return to:' (gate seed 1705849762, file 52, a 300 DPI photo, whose 'Ifundelivered' over the sender's
 * 'MagpieCoffee' was taken for a name wrapped over two lines, 'Ifundelivered MagpieCoffee'). No name holds the word.
 */
const RETURN_HEADING_START = new RegExp(String.raw`^(?:\p{L}{1,2}[\s,]*)?${UNDELIVERED}[\s,.:;]*$`, "iu");
const MISREAD_SENDER_HEADING = /^\S{2,8}\s+(?:by|from)\s*:\s*/i;

/** A return heading as printed, its letters only. */
const RETURN_HEADINGS = PRINTED_RETURN_HEADINGS.map((h) => h.toLowerCase().replace(/[^a-z]/g, ""));

/**
 * A whole line that is a return heading OCR misread in several letters ('Hundelvered returt to' for 'If undelivered
 * return to', a 203 DPI thermal print): within a quarter of its letters of one as printed, and nothing else on it.
 */
function misreadReturnHeading(t: string): boolean {
  if (/\d{2}/.test(t)) return false;
  const letters = t.toLowerCase().replace(/[^a-z]/g, "");
  return RETURN_HEADINGS.some((h) => Math.abs(letters.length - h.length) <= h.length / 4 && editDistance(letters, h) <= h.length / 4);
}

/** Lines that are never part of an address: they end a block. */
const NOT_ADDRESS: [AroundKind, RegExp][] = [
  // (A digit read as a letter before the next: 'VANS6' for 'VAN 56'.)
  ["routing", new RegExp(String.raw`\b(?:${ROUTING_FIELDS.map(loosely).join("|")})\s*[:#]?\s*[SOIl]?\d`, "i")],
  // One word and a colon: a heading or a field's label OCR misread ('LO:' for 'TO:'), never an address.
  ["field label", /^\S{1,12}:$/],
  ["carrier", new RegExp(String.raw`^(?:${[...CARRIER_NAMES, ...CARRIER_NETWORKS].map(loosely).join("|")})\b`, "i")],
  ["reference", /\b(?:(?:customer\s*ref(?:erence)?|invoice|consignment|barcode)\b|(?:ref(?:erence)?|order|product|item|sku|service|transaction)\s*(?:no|number|id|ref|code)?\s*[:#])/i],
  // Any word's number, id or code with a colon and a value holding a digit ('Shipment ID: 8669-206871', 'Con No: C123',
  // 'Manifest ID# 55'): no address line is so labelled (gate seed 948606836 read 'Shipment ID: …' as a name).
  ["reference", /\b(?:no|number|id|ref|code)\b\.?\s*[:#]\s*[A-Z]{0,3}[\d-]*\d/i],
  // A file name (a screenshot of a PDF viewer shows the file's).
  ["file name", /\.(?:pdf|png|jpe?g|webp|gif)\b/i],
  ["order number", /\b\d{3}-\d{7}-\d{7}\b/],
  ["tracking code", /^[A-Z]{2}[\s-]?\d{4}[\s-]?\d{4}[\s-]?\d[\s-]?[A-Z]{2}$/i],
  ["tracking code", /^[HT][-\s]?[0-9A-Z](?:[-\s]?[0-9A-Z]){4}(?:[-\s]?\d){10}$/i],
  ["tracking code", /^\d{2}([-\s])\d{3}\1\d{2}\1\d{8}\1\d$/],
  ["weight", new RegExp(String.raw`\b${WEIGHT_HEADING}\b|\b\d+(?:[.,]\d+)?\s*(?:kg|kgs|g|grams?)\b`, "i")],
  // A parcel's size: three figures with an x between ('13 x 32 x 2 cm', '47x8x28CM'), or a size's label ('Dimensions:',
  // 'DIMS', 'Parcel size (cm):'). Under a block printed bottom up it was read as the name the block ends on (run H,
  // SEED=1227518014, file 2134: 'Dimensions: 13 x 32 x 2 cm' for the sender).
  [
    "dimensions",
    /\b\d+(?:[.,]\d+)?\s*[x×*]\s*\d+(?:[.,]\d+)?\s*[x×*]\s*\d+(?:[.,]\d+)?(?:\s*(?:cm|mm|in)\b)?|^(?:(?:parcel|package|box)\s+)?(?:(?:dimensions?|dims)\b\D*\d|size\s*(?:\(\w+\))?\s*:\s*\d)/i,
  ],
  // (A date in any form a label prints one: '10/07/2026', '2026-07-10', '25 Sep 2026', 'DATE 2026-07-10' over a block
  // printed bottom up, which was read as its name.)
  [
    "date",
    /\b(?:date|posted|despatch(?:ed)?|dispatch(?:ed)?|shipped|printed|created)\s*:|^date\s+\d|\b\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}\b|\b\d{4}-\d{1,2}-\d{1,2}\b|\b\d{1,2} (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{4}\b/i,
  ],
  ["service", new RegExp(String.raw`\b(?:${SERVICE_PHRASES.join("|")})\b`, "i")],
  // A parcel's count in a consignment ('Parcel 2 of 3', 'BOX 1 OF 2', 'PARCEL 2/3', 'Pieces: 2/3', 'Parcel: 1 of 3',
  // 'Package no. 3/3': a colon or the number's word after the noun, gate seed 948606836 read 'Parcel: 1 of 3' as a name).
  // ('4 of 4' alone on its line, its word printed on the line above or in a box beside it.)
  [
    "parcel count",
    /\b(?:(?:parcel|box|package|carton|piece|item)s?\s*(?:no\b\.?|number)?\s*[:#.]?\s*\d+\s*(?:of|\/)\s*\d+|page\s+\d+|item\s+\d+\s+of)\b|^\d{1,3}\s+of\s+\d{1,3}$/i,
  ],
  // An e-mail address or a web address ('@' alone is OCR's reading of an ø: 'Miss S S@rensen').
  ["web or e-mail", /\b(?:tracking\s*(?:no|number|code)?|www\.|https?:)|[^\s@]+@[^\s@]*\.[a-z]/i],
  // A barcode's or an account's number: seven digits in a row are in no address.
  ["long number", /\d{7}/],
  // The words of a return heading OCR misread ('If undelivered, please return tc').
  // (Its 'If' run into it too: 'Ifundelivered MagpieCoffee'.)
  ["misread return heading", new RegExp(UNDELIVERED, "i")],
  // The first word of a heading of two or more alone on its line, the rest lost ('Ship' of 'Ship to:', in a box taller than
  // the name's under it: run H, SEED=1227518014, file 730, a 400 DPI scan, whose recipient was given as 'Ship' and then
  // none). Which role it named is not known ('Ship to' or 'Ship from'): no heading, but never an address's line.
  ["heading's first word", new RegExp(`^(?:${[...new Set(PRINTED_ADDRESS_HEADINGS.map((h) => h.split(" ")).filter((w) => w.length > 1).map((w) => w[0].toLowerCase()))].join("|")})[:.]?$`, "i")],
  ["sort box", /^\d{1,3}\s*\/\s*[A-Z]{2,6}$/i],
  ["table heading", /^(?:qty|quantity|sku|item|description|price|total|subtotal)\b/i],
  // A document's title over a packing slip printed with the label ('Packing List', 'Dispatch Note').
  ["document title", /^(?:packing\s+(?:list|slip|note)|(?:dispatch|despatch|delivery|gift)\s+note|order\s+(?:summary|confirmation)|receipt)$/i],
  // A reference or order number without a colon: 'Order 10023', 'Ref 5521907', 'Your ref: AB-1234'.
  // (A colon read by OCR as a semicolon or comma: 'Order; 180044-21'.)
  ["reference", /^(?:(?:your|our|customer|cust|order|sales|shipment|client)\s+)?(?:ref(?:erence)?|order|invoice|account|acct)\b[\s.:;,#-]*(?:no|number|id)?[\s.:;,#-]*[A-Z0-9-]*\d/i],
];

/** One token holding digits, with no space: a reference, order or customer number ('195607481', 'DN00179560'). */
const IDENTIFIER = /^#?(?=(?:[^\d]*\d){4})[\p{L}\d][\p{L}\d./_#-]*$/u;

/**
 * Words printed in a label's header or service panel that make up a whole line on their own
 * ('STANDARD', 'HUB', 'DROP', 'SIGNATURE', 'Tracked 24 Signature', 'NEXT DAY'): never a name.
 */
const ROUTING_OR_SERVICE_WORDS = new Set([...ROUTING_WORDS, ...SERVICE_WORDS, ...READ_CARRIERS.flatMap((c) => c.split(" "))]);

/**
 * A platform's tagline: 'Shipped with Shopify', 'Sent via eBay Delivery', 'Powered by Parcel2Go', 'Postage bought on …', 'Thank
 * you for your order'. The verb and its preposition may be read run together, a photo's gap lost ('Shippedwith Marketloop'
 * over 'Evri48 Hour' and a recipient printed without a heading: the block walked up over both and the recipient was given as
 * 'Marketloop', fresh seed 791838569, file 1533, a flattened 150 DPI table photo). Not before 'on': 'Senton', 'Madeon' may be names.
 */
const TAGLINE =
  /^(?:(?:shipped|sent|posted|fulfilled|delivered|printed|created|generated|made|powered|label\s*(?:created|printed))(?:\s*(?:with|via|using|through)|\s+on)\b|(?:delivered|fulfilled|powered|printed|generated|created)\s*by\b|(?:postage|labels?)\s*(?:bought|purchased|paid(?:\s+for)?)\b|thank(?:s|\s+you)\b)/i;
/** Where words run together part: a letter before a figure, a figure before a letter (not an ordinal's), a capital after a small letter. */
const GLUED_WORDS = /(?<=\p{L})(?=\d)|(?<=\d)(?![sS][tT]|[nN][dD]|[rR][dD]|[tT][hH])(?=\p{L})|(?<=\p{Ll})(?=\p{Lu})/u;

const isRoutingOrServiceLine = (t: string) => {
  const words = t.split(/[\s:/|·•,()[\]-]+/).filter(Boolean);
  const known = (w: string) => ROUTING_OR_SERVICE_WORDS.has(w.toLowerCase()) || /^\d{1,4}$/.test(w);
  // A carrier's name run into its service's hours or words ('Evri48 Hour', 'RoyalMail2ndClass': the gaps lost) is its words.
  return words.length > 0 && words.every((w) => known(w) || w.split(GLUED_WORDS).every(known));
};

/**
 * OCR's debris (a barcode's bars, a logo, a smudge read as letters): a lone letter or mark ('j',
 * '—'), or a few small letters with no capital and no digit ('ne', 'nis', 'og,'). Labels print
 * names and addresses with capitals; a whole line of four small letters or fewer is no part of one,
 * but for the end of a company's name on a line of its own ('plc', 'ltd', '& co').
 */
const isOcrDebris = (text: string) =>
  !/[\p{L}\d]{2}/u.test(text) || (!/[\p{Lu}\d]/u.test(text) && text.replace(/\P{L}/gu, "").length <= 4 && !/^(?:ltd\.?|plc|llp|inc\.?|co\.?|and|sons|&.*)$/i.test(text));

/**
 * Contact lines printed inside an address block (a phone number, an e-mail): passed over, not part of it. A number's
 * area code may be printed in brackets ('(01632) 960 361', '+44 (0)1632 960361'): under a name printed bottom up it was
 * taken for the name's last line, and the name lost (fresh seed 258096912, file 1915, a 300 DPI photo of an Evri routing
 * label, 'ARJUN MARTIN' over '(01632) 960361').
 */
const CONTACT = /^(?:(?:tel|phone|mob(?:ile)?|t|m)\s*[.:]?\s*)?\(?(?:\+?44\s?(?:\(0\)\s?)?|0)\d[\d\s()-]{8,14}$|^(?:e-?mail\s*:?\s*)?[^\s@]+@[^\s@]+\.[a-z]{2,}$/i;

/** A carrier's name as its logo reads by OCR, its letters apart ('EV R i', 'EVR I', 'Royal M a I l'). */
const SPACED_LOGO = new RegExp(`^(?:${CARRIER_NAMES.map((c) => c.replace(/ /g, "")).join("|")})$`, "i");

/** What a (cleaned) line is when it is one of the things printed around addresses, or null: text an address may hold. */
function aroundKind(t: string): AroundKind | null {
  if (t.length === 0 || t.length > 120) return "empty or too long";
  const never = NOT_ADDRESS.find(([, re]) => re.test(t));
  if (never) return never[0];
  if (IDENTIFIER.test(t)) return "identifier";
  if (isRoutingOrServiceLine(t)) return "routing or service words";
  // (Its words run together are parted at a small letter's capital: 'Fulfilled withThriftwise'.)
  if (TAGLINE.test(t) || TAGLINE.test(t.replace(/(?<=\p{Ll})(?=\p{Lu})/gu, " "))) return "tagline";
  return SPACED_LOGO.test(t.replace(/\s+/g, "")) ? "carrier logo" : null;
}

const PRINTED_LETTERS = PRINTED_HEADINGS.map(letters);
/** A heading and nothing else ('FROM', 'Ship to'), letter for letter as printed. */
const isPrintedHeading = (t: string) => PRINTED_LETTERS.includes(letters(t));

/**
 * The sort box of a routing label: a short number over (or beside) a short code in capitals ('10'
 * over 'LVPL', '43' / 'NOTT'), printed large; never part of an address or a name, though the code
 * alone looks like a word ('LOND', 'CARD').
 */
export function sortBoxLines(lines: TextLine[]): Set<TextLine> {
  const box = new Set<TextLine>();
  // The number may come with its digits apart ('3 1' for 31) or a smudge read for its last digit ('58 oo', '5 qT' for
  // 57; '48 HR', in capitals, is a service).
  const numbers = lines.filter((l) => /^\d{1,3}(?:\s\d{1,2})?(?:\s+(?![A-Z]{1,2}$)[^\s\d]{1,2})?$/.test(clean(l.text)));
  const pairs: { code: TextLine; n: TextLine; apart: number }[] = [];
  for (const code of lines.filter((l) => /^[A-Z]{2,6}$/.test(clean(l.text)))) {
    // OCR's boxes are no type sizes: a number read in a box half the code's height still counts
    // (not a smudge read as a digit many times its height).
    for (const n of numbers) {
      const size = Math.max(n.size, code.size);
      const overlap = Math.min(n.x + (n.width ?? size), code.x + (code.width ?? size)) - Math.max(n.x, code.x);
      if (overlap > -size && Math.abs(n.y - code.y) <= 3 * size && n.size >= 0.5 * code.size && n.size <= 4 * code.size) {
        pairs.push({ code, n, apart: Math.abs(n.y - code.y) });
      }
    }
  }
  // A box holds one code: the one nearest its number. A town in capitals further down ('RIPON' under 'BRIS', both
  // under '73') is the recipient's.
  for (const n of numbers) {
    const nearest = pairs.filter((p) => p.n === n).sort((a, b) => a.apart - b.apart)[0];
    if (nearest) box.add(nearest.code).add(n);
  }
  return box;
}
