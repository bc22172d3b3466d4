/**
 * The layout model of a label page: its address blocks (address-blocks.ts) -> a role for each -> the recipient, sender
 * and return address. A block's role comes from the evidence there is, strongest first: a heading ('Deliver to',
 * 'From', 'If undelivered please return to'...), the postcodes a Royal Mail 2D payload names, then size (the recipient
 * is the largest address text). Each block becomes an address with its name cut from its first lines (name-lines.ts).
 */
import { UK_POSTCODE_IN_TEXT_RE, normalisePostcode } from "../lib/uk-postcode";
import type { Address } from "../../shared/label";
import { type AddressBlock, COUNTRY_RE, findAddressBlocks } from "./address-blocks";
import { clean } from "./fields";
import { classifyLine } from "./line-kinds";
import { endMisread, endUnknown, isHouseName, isNameStart, isNumberlessStreet, isStreetLine, looksLikeName, loneWords, splitNameLine, surnameOrHouse, withoutDebris, withoutTrailingHeading, wrappedName } from "./name-lines";
import { estWidth, inColumn, type TextLine, usualSize } from "./text";
import { type AddressRole, COUNTIES, loosely, NAME_PARTICLES, SHOP_WORDS } from "./vocabulary";

export interface LabelLayout {
  recipient: Address | null;
  sender: Address | null;
  returnAddress: Address | null;
}

/** A county's line ('Lancashire', 'West Yorkshire'). */
const COUNTY_RE = new RegExp(`^(?:${COUNTIES.map(loosely).join("|")})$`, "i");

/** A block as an Address: first line the name (kept as printed), the postcode split off its line. */
/** A name's last word that only ever comes before another: a particle, '&', 'and', 'of'. */
const CUT_AT_PARTICLE = new RegExp(`\\s(?:de\\sla|${NAME_PARTICLES.filter((p) => !["le", "du", "da", "di", "al", "el", "la"].includes(p)).join("|")}|&|and|of)$`, "iu");

/** A name that ends in a word that only ever comes before another (a particle, '&', 'and', 'of'): part of a name. */
export const endsAtParticle = (name: string) => CUT_AT_PARTICLE.test(name);

/** The end of Mr, Mrs, Ms, Miss or Mx alone, its first letters lost, before a capitalised word. */
const TITLE_TAIL_RE = /^(?:s|rs|ss|iss|r|x)\s+\p{Lu}\p{Ll}/u;

/**
 * One line over a postcode alone, its block's only other line, read as its town: one word ('London' / 'NW1 0FQ'), or more
 * where no heading stands over the block ('Hampton Wick' / 'LS11 2HZ' given as a sender, 'Milton Keynes'): under a
 * heading ('Seller:' / 'Quayside Crafts' / 'NP20 2PR', the street lost) the line is the name the heading introduces. On
 * the 4,428 stored page readings the words' case takes two wrong names (a town, 'Close') and no right one.
 */
const townShaped = (first: string, block: AddressBlock) => !/[,\d]/.test(first) && (!/\s/.test(first) || !block.headingRole);

export function blockAddress(block: AddressBlock, countryCode = "GB"): Address | null {
  const lines = [...block.lines];
  for (let i = lines.length - 1; i >= 0; i--) {
    const m = lines[i].match(UK_POSTCODE_IN_TEXT_RE);
    if (!m) continue;
    const rest = clean(lines[i].replace(m[0], "").replace(/[,\s]+$/, ""));
    if (rest) lines[i] = rest;
    else lines.splice(i, 1);
    break;
  }
  // A country over the postcode is no name: a block printed bottom up whose lines could not be read the other way.
  // Nor are the words left on the postcode's line under it its name: they are the town ('UNITED KINGDOM' / 'Isle of Bute
  // PA20 9PA', the lines under not read the other way, gave 'Isle of Bute').
  if (lines.length && COUNTRY_RE.test(lines[0])) {
    lines.shift();
    if (block.postcode && lines.length === 1) return { name: "", address: lines, postcode: block.postcode, countryCode };
  }
  const [first = "", ...address] = lines;
  // One word over a postcode alone on its line ('London' / 'NW1 0FQ', OCR having lost the name and
  // street over them) is the town, never a name: no address is a name and a postcode. Nor are the words on a postcode's
  // line with nothing of its block read ('Seller:' over 'Norwich NR2 7YP', the lines under it not read as a block printed
  // bottom up: issue 36, class 3), unless a street's number is among them.
  const alone = block.lines.length === 1 && lines.length === 1 && !/[\d,]/.test(first);
  // So is one word over a county and the postcode, nothing more of the block read ('Reading' / 'Lancashire' / 'RG1 5NH':
  // a return address in small type whose name and street OCR lost, bench/outside seed 1366117983).
  // Nor words of a town, however many, over a county and the postcode and nothing else ('MILTON KEYNES' / 'BUCKINGHAMSHIRE'
  // / 'MK9 4PS' given as the recipient: the street over them read as two lines apart, which parted the block there; gate
  // seed 2793123049, file 587, a 300 DPI photo): no address is a name, a county and a postcode.
  // (A shop's name is no town: 'Wren & Ivy Crafts' / 'Durham DH1 6EB', a dispatch note's seller, run E SEED=76423947, file
  // 1451, a Chromium text PDF whose sender this made none.)
  if (block.postcode && lines.length === 2 && !/[,\d]/.test(first) && !shopsName(first) && COUNTY_RE.test(lines[1])) return { name: "", address: lines, postcode: block.postcode, countryCode };
  // Nor is a county ever a name: a block that starts at one lost its lines above it ('Tyne and Wear' / 'SR1 4LH' given as the
  // recipient: the town over it, 'Sunderland', read 'Sender: Land', a heading that cut the block there: fresh SEED=969544535,
  // file 2638, a 400 DPI photo). Of the 23,900 distinct names the stored runs read, only that one is a county.
  if (COUNTY_RE.test(first)) return { name: "", address: lines, postcode: block.postcode, countryCode };
  if (block.postcode && ((block.lines.length === 2 && lines.length === 1 && townShaped(first, block)) || alone)) return { name: "", address: [first], postcode: block.postcode, countryCode };
  // A title's end alone before the name ('s Imogen Mensah' for Ms: its M lost, fresh seed 969544535, file 189, a 400 DPI
  // scan, whose recipient was given as 'Imogen Mensah'): the title is part of the name, lost. Whole or none.
  if (TITLE_TAIL_RE.test(first)) return { name: "", address, postcode: block.postcode, countryCode };
  const split = splitNameLine(withoutDebris(withoutTrailingHeading(first)));
  const { rest } = split;
  let { name } = split;
  // A block that starts at its street ('14 Canal Street') printed no name: its street is no name. Nor is one
  // without its number over a locality or town ('Tennyson Crescent' / 'Kirkstall': OCR lost the lines above).
  if (isStreetLine(name) || (isNumberlessStreet(name) && !rest.length && address.length > 0 && !isStreetLine(address[0]) && !isNumberlessStreet(address[0]))) return { name: "", address: [name, ...rest, ...address], postcode: block.postcode, countryCode };
  // A block whose name's line was lost (walkUp) or that starts at a house's name: a miss, never a wrong name.
  if (block.nameUnsure || (!rest.length && isHouseName(name))) return { name: "", address: [name, ...rest, ...address], postcode: block.postcode, countryCode };
  // A long name wrapped in a narrow column: its first line cannot end there ('Ms Z' / 'Okafor').
  if (!rest.length && address.length > 1 && wrappedName(name, address)) name = `${name} ${address.shift()}`;
  else if (!rest.length && address.length > 1 && (loneWords(name, address[0]) || endMisread(name, address[0]) || endUnknown(name, address))) return { name: "", address: address.slice(1), postcode: block.postcode, countryCode };
  else if (!rest.length && address.length > 1 && surnameOrHouse(name, address)) return { name: "", address, postcode: block.postcode, countryCode };
  if (!name && !block.postcode) return null;
  // A title alone ('Mrs.', 'REV') is part of a name whose own line was not found: whole or none. (A title and an
  // initial, 'Dr. A', is how some print a name whole.)
  if (isNameStart(name) && !/\s/.test(name)) name = "";
  // A name that ends in a particle or a joining word ('DR. ELLIE DE' of Dr. Ellie de la Cruz, its end lost: fresh seed
  // 625819656, file 1141, a 150 DPI scan of a block printed bottom up) is part of a name. (Not 'Le', 'Du', 'Da', 'Di',
  // 'Al', 'El': surnames too; nor 'la' but after 'de': how OCR splits García's end, 'Siobhan Garc la', given right by its
  // accents.)
  if (endsAtParticle(name)) name = "";
  // Nor does a name start at a stop or a comma ('. Martin' of 'Y. Martin', its initial read apart: fresh seed 3021891946,
  // file 777, a Chromium text PDF).
  // Nor at a closing bracket, a J or an I misread ('SHIP FROM:) Clarke' for J Clarke: fresh seed 969544535, file 2174, a
  // flattened PDF).
  if (/^[.,;:)\]}]/.test(name)) name = "";
  return { name, address: [...rest, ...address], postcode: block.postcode, countryCode };
}

/** A shop's name by its '&' or its last word (not 'Market': Needham Market is a town). */
const shopsName = (line: string) => line.includes("&") || SHOP_END.has(line.split(/\s+/).at(-1)!.toLowerCase().replace(/[.,]$/, ""));
const SHOP_END = new Set([...SHOP_WORDS.filter((w) => w !== "market"), "crafts", "co", "ltd", "limited"]);

export interface LayoutHints {
  /** Postcodes a 2D payload names (Royal Mail: destination and return). */
  destinationPostcode?: string | null;
  returnPostcode?: string | null;
}

/**
 * The recipient, sender and return address of a page. Headings decide first, then the 2D
 * payload's postcodes, then size: the largest remaining block is the recipient; a return block
 * is the sender when no block says 'From'; one block left over is the sender.
 */
export function readAddresses(lines: TextLine[], hints: LayoutHints = {}): LabelLayout & { blocks: AddressBlock[] } {
  const { blocks, headingRole } = withoutCopies(findAddressBlocks(lines));
  const role = new Map<AddressBlock, AddressRole>();
  for (const b of blocks) {
    const r = headingRole(b);
    if (r) role.set(b, r);
  }
  const norm = (p?: string | null) => (p ? normalisePostcode(p) : null);
  for (const b of blocks) {
    if (role.has(b)) continue;
    if (norm(hints.destinationPostcode) === b.postcode && ![...role.values()].includes("recipient")) role.set(b, "recipient");
    else if (norm(hints.returnPostcode) === b.postcode && ![...role.values()].includes("return")) role.set(b, "return");
  }
  // A block no role fits: the only one left, beside a larger address whose postcode was not read (no role is better than a wrong one).
  const unsure = new Set<AddressBlock>();
  const free = () => blocks.filter((b) => !role.has(b) && !unsure.has(b));
  // A block that gives no name (or a town's), under a heading's block with no postcode in its column: that block's end, the lines
  // between lost ('Senderdetails' / 'ROWANCANDLESLTD' / (lost) / 'DARTFORD' / 'DA13TR': fixed seed 3217537065, file 1755, a
  // 300 DPI photo of a broker's label whose recipient's postcode, read glued to its town, was none; the sender's postcode
  // was given as the recipient's). No role.
  for (const b of free()) if (underHeadedBlock(lines, blocks, role, b)) unsure.add(b);
  if (![...role.values()].includes("recipient")) {
    const widths = new Map(free().map((b) => [b, letterWidth(lines, b)]));
    const largest = free().sort((a, b) => Number(bare(a)) - Number(bare(b)) || widerType(widths.get(a), widths.get(b)) || b.size - a.size || b.lines.length - a.lines.length || a.top - b.top)[0];
    if (largest && free().filter((b) => !bare(b)).length === 1 && unreadAddressBeside(lines, largest)) unsure.add(largest);
    else if (largest) role.set(largest, "recipient");
  }
  if (![...role.values()].includes("sender") && ![...role.values()].includes("return")) {
    const rest = free()
      .filter((b) => !bare(b))
      .sort((a, b) => a.top - b.top);
    if (rest.length) role.set(rest[0], "sender");
  }
  const pick = (r: AddressRole) => {
    const b = blocks.find((x) => role.get(x) === r);
    const a = b ? blockAddress(b) : null;
    return a && b && columnsRunTogether(lines, blocks, b) ? { ...a, name: "" } : a;
  };
  const recipient = pick("recipient");
  const returnAddress = pick("return");
  const sender = pick("sender") ?? returnAddress;
  return { recipient, sender, returnAddress, blocks };
}

/**
 * Whether a block's first line has a name's line right of it on its row that no block took, and lines of the block under
 * it reach on past that line's start: OCR ran the two columns' rows together under their names, and the block holds two
 * addresses ('IMOGEN LEROY' beside 'COPPER KETTLE CRAFTS' over 'C/O DR & MR S@RENSEN 169 LONDON HILL' over 'FLAT 1, THE
 * MALTINGS WATFORD WD174RR': run H, SEED=1227518014, file 2802, a 203 DPI thermal print, whose sender was given as the
 * recipient's 'IMOGEN LEROY'). Which column's name goes with the postcode is not known: none.
 */
function columnsRunTogether(lines: TextLine[], blocks: AddressBlock[], block: AddressBlock): boolean {
  const first = lines.find((l) => clean(l.text) === block.lines[0] && Math.abs(l.x - block.left) <= block.size * 2);
  if (!first) return false;
  const taken = new Set(blocks.flatMap((b) => b.lines));
  const beside = lines.filter((r) => Math.abs(r.y - first.y) < 0.6 * first.size && r.x > first.x + estWidth(first) && !taken.has(clean(r.text)) && looksLikeName(r.text));
  const under = lines.filter((l) => l !== first && block.lines.includes(clean(l.text)) && l.y > first.y + 0.5 * first.size);
  return beside.some((r) => under.some((l) => l.x < r.x && l.x + estWidth(l) > r.x + r.size));
}

/**
 * Which of two blocks is printed in plainly wider type, by their letters' widths (letterWidth): -1 for the first, 1 for
 * the second, 0 when neither's letters are a third wider or a block's are not known. Line heights can mislead where OCR
 * ran both columns into one line of its own (each part given the line's height): a sender's 'Deborah's Silver' in 24 px letters beside 'Wei Williams' in 41, both
 * 83 px high, the sender's three lines averaging higher (photo7's fresh seed 1495111038, file 259, a 600 DPI scan whose
 * 'From:' was lost: recipient, postcode and sender given swapped). A letter's width is the line's over its letters.
 */
function widerType(wa: number | null | undefined, wb: number | null | undefined): number {
  if (!wa || !wb) return 0;
  return wa > wb * 1.35 ? -1 : wb > wa * 1.35 ? 1 : 0;
}
function letterWidth(lines: TextLine[], block: AddressBlock): number | null {
  const own = new Set(block.lines);
  const widths = lines.filter((l) => own.has(clean(l.text)) && l.width && Math.abs(l.x - block.left) <= block.size * 2).map((l) => l.width! / [...clean(l.text)].length);
  return widths.length >= 2 ? widths.sort((x, y) => x - y)[widths.length >> 1] : null;
}

/**
 * Whether `b`, a block that gives no name or holds one line over its postcode (a town: 'Milton Keynes'), lies under a
 * headed block with no postcode in its column, within a block's reach, with no heading of its own between them ('From
 * Kestrel Crafts' / 'DELIVER TO' / 'UK' / 'EX1 1SF' / …, a recipient printed bottom up: gate seed 2770900263, file 56, a
 * pdfkit text PDF, whose postcode this rule lost before the heading was looked for).
 */
function underHeadedBlock(lines: TextLine[], blocks: AddressBlock[], role: Map<AddressBlock, AddressRole>, b: AddressBlock): boolean {
  if (!b.postcode || (blockAddress(b)?.name && b.lines.length > 2)) return false;
  const size = Math.max(b.size, 1);
  const headed = (h: AddressBlock) => lines.some((l) => l.y > h.top + h.size * 0.5 && l.y < b.top && Math.abs(l.x - b.left) <= size * 2 && classifyLine(l.text).heading);
  return blocks.some((h) => h !== b && !h.postcode && role.has(h) && h.top < b.top && Math.abs(h.left - b.left) <= Math.max(h.size, b.size) && b.top - h.top <= h.size * 1.25 * 9 && !headed(h));
}

/**
 * Whether the page holds, outside `block`, a street line printed larger than the block's type with no postcode on it or on
 * the lines under it in its column: the recipient's address, its postcode misread ('CROOXU' for CR0 0XU: fresh seed
 * 3515107650, file 486, a 300 DPI scan, whose sender's block was then the only one and taken for the recipient's).
 */
/** A town in capitals with a postcode run into it, no gap between ('BRISTOLBS8 3SE', 'LEEDSLS1 1AA'). */
const GLUED_POSTCODE_RE = /\p{Lu}{3}[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}$/u;

function unreadAddressBeside(lines: TextLine[], block: AddressBlock): boolean {
  const sorted = [...lines].sort((a, b) => a.y - b.y || a.x - b.x);
  const own = new Set(block.lines);
  // The block's usual type: OCR reads a line of a thermal print in a box twice its height now and then ('Swansea' 45 px
  // among 18-20 px lines: fixed seed 3217537065, file 1618, a 203 DPI thermal print, whose sender's block was taken for
  // the recipient's beside a street in 32 px type).
  const mine = sorted.filter((l) => own.has(clean(l.text)));
  const size = mine.length ? Math.min(block.size, usualSize(mine)) : block.size;
  // So is a line in larger type ending in a postcode run into the town before it ('BRISTOLBS8 3SE', read so on a 400 DPI
  // photo: gate ci-70, seed 409927088, file 67, whose sender's block, the only one read, was taken for the recipient's).
  // Which letters start the postcode is not known ('BS8' or 'S8'): the recipient's address is there, unread.
  if (sorted.some((l) => !own.has(clean(l.text)) && l.size >= 1.15 * size && GLUED_POSTCODE_RE.test(clean(l.text)))) return true;
  return sorted.some((street, i) => {
    const t = clean(street.text);
    if (own.has(t) || street.size < 1.15 * size || !isStreetLine(t) || UK_POSTCODE_IN_TEXT_RE.test(t)) return false;
    const under = sorted.slice(i + 1).filter((l) => l.y > street.y + street.size * 0.5 && l.y < street.y + street.size * 6 && inColumn(l, street.x, street.x + estWidth(street), street.size));
    return !under.some((l) => UK_POSTCODE_IN_TEXT_RE.test(l.text));
  });
}

/** A postcode with nothing printed with it (OCR's reading of 'PCL 1 of 1' as 'PC11 0FI'): no one's address, unless nothing else is. */
const bare = (b: AddressBlock) => b.lines.every((l) => !clean(l.replace(UK_POSTCODE_IN_TEXT_RE, "")));

/** A block's address parts in a comparable form (the name line split off, the postcode taken out). */
const partsOf = (b: AddressBlock) =>
  b.lines
    .flatMap((l) => l.split(","))
    .map((p) => clean(p.replace(UK_POSTCODE_IN_TEXT_RE, "")).toLowerCase())
    .filter(Boolean);

/**
 * One address printed twice (a print-at-home page's receipt under the label, a packing note) is one
 * block: copies share the postcode and the name, a numbered street line or two parts (neighbours
 * sharing a postcode share a street name and town, not a house number). The best-formed copy stays
 * (a name on its first line, then the larger text, then more lines) and takes a heading another
 * copy has ('Delivery address 14 Canal Street, …' makes the label's bare block the recipient).
 */
function withoutCopies(found: AddressBlock[]): { blocks: AddressBlock[]; headingRole: (b: AddressBlock) => AddressRole | null } {
  const form = (b: AddressBlock) => [Number(!isStreetLine(b.lines[0] ?? "") && looksLikeName(splitNameLine(b.lines[0] ?? "").name)), b.size, b.lines.length];
  const better = (a: AddressBlock, b: AddressBlock) => {
    const [fa, fb] = [form(a), form(b)];
    const j = fa.findIndex((v, i) => v !== fb[i]);
    return j >= 0 ? fb[j] - fa[j] : 0;
  };
  const isCopy = (a: AddressBlock, b: AddressBlock) => {
    if (!a.postcode || a.postcode !== b.postcode) return false;
    const [pa, pb] = [partsOf(a), partsOf(b)];
    const shared = pa.filter((p) => pb.includes(p));
    return pa[0] === pb[0] || shared.some((p) => /\d/.test(p)) || shared.length >= 2;
  };
  const kept: AddressBlock[] = [];
  const role = new Map<AddressBlock, AddressRole>();
  for (const b of [...found].sort(better)) {
    const original = kept.find((k) => isCopy(k, b));
    if (!original) kept.push(b);
    if (b.headingRole && !role.has(original ?? b)) role.set(original ?? b, b.headingRole);
  }
  return { blocks: found.filter((b) => kept.includes(b)), headingRole: (b) => role.get(b) ?? null };
}
