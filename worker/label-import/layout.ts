/**
 * The layout model of a label page, shared by text-layer PDFs and OCR: reading lines with their
 * position and size -> address blocks anchored on UK postcodes -> a role for each block.
 *
 * Most carrier-made labels print no 'To:' / 'From:' heading: the recipient is a bare block (name,
 * two to four lines, town, postcode), usually the largest address text on the label. So a block is
 * found from the layout, not from a heading: the lines above a postcode in the same column, while
 * the gaps stay line-sized, stopping at headings, at lines that are not address text (routing
 * codes, references, dates, weights, service words, tracking numbers) and at another address.
 * Its role comes from the evidence there is, strongest first: a heading ('Deliver to', 'From',
 * 'If undelivered please return to'...), the postcodes a Royal Mail 2D payload names, then size
 * (the recipient is the largest address text).
 */
import { UK_POSTCODE_IN_TEXT_RE, normalisePostcode } from "../couriers/postcode";
import type { Address } from "../labels/model";
import { clean } from "./fields";
import { type AddressRole, headingOf, isAddressText, isContactLine, looksLikeName, sortBoxLines } from "./line-kinds";
import type { TextLine } from "./text";

export interface AddressBlock {
  /** The block's lines, top to bottom, heading removed (name first, postcode line last). */
  lines: string[];
  postcode: string;
  /** Mean text size of its lines (same unit as TextLine.size). */
  size: number;
  top: number;
  left: number;
  /** From its heading, when it has one. */
  headingRole: AddressRole | null;
}

export interface LabelLayout {
  recipient: Address | null;
  sender: Address | null;
  returnAddress: Address | null;
}

const estWidth = (l: TextLine) => l.width ?? l.text.length * l.size * 0.55;

/** Whether `l` sits in the column of the block whose left edge is `left` and right edge `right`. */
function inColumn(l: TextLine, left: number, right: number, size: number): boolean {
  if (Math.abs(l.x - left) <= size * 1.5) return true;
  // Centred or right-aligned blocks: most of the line lies over the block.
  const a = Math.max(l.x, left);
  const b = Math.min(l.x + estWidth(l), right);
  return b - a >= 0.6 * Math.min(estWidth(l), right - left);
}

/** Name, company, c/o, flat, street, locality, town, county: a block has at most this many lines above its postcode. */
const MAX_LINES_ABOVE = 8;

/**
 * Address blocks of a page: one per line holding a UK postcode. `lines` are in reading order
 * (y grows downwards, y is the top of a line).
 */
export function findAddressBlocks(lines: TextLine[]): AddressBlock[] {
  const sorted = [...lines].sort((a, b) => a.y - b.y || a.x - b.x);
  const found: { block: AddressBlock; first: TextLine }[] = [];
  const used = sortBoxLines(sorted);
  for (let p = 0; p < sorted.length; p++) {
    const pc = sorted[p];
    const m = pc.text.match(UK_POSTCODE_IN_TEXT_RE);
    if (!m || used.has(pc)) continue;
    // A postcode inside a line that is not address text (a reference, a payload) anchors nothing.
    const pcHeading = headingOf(pc.text);
    const pcText = pcHeading ? pcHeading.rest : pc.text;
    if (!isAddressText(pcText.replace(m[0], "")) && clean(pcText.replace(m[0], "")) !== "") continue;
    const walk = pcHeading ? { picked: [{ ...pc, text: pcText }], heading: null, top: pc.y, left: pc.x } : walkUp(sorted, p, used);
    if (walk.heading) used.add(walk.heading.line);
    for (const l of [pc, ...walk.picked]) used.add(l);
    let texts = walk.picked.map((l) => clean(l.text)).filter(Boolean);
    // One line holding the whole address ('Jane Smith, 1 High St, Leeds LS1 1AA').
    if (texts.length === 1 && texts[0].includes(",")) texts = texts[0].split(/\s*,\s*/).filter(Boolean);
    const block = {
      lines: texts,
      postcode: normalisePostcode(`${m[1]}${m[2]}`),
      size: walk.picked.reduce((s, l) => s + l.size, 0) / walk.picked.length,
      top: walk.top,
      left: walk.left,
      headingRole: pcHeading?.role ?? walk.heading?.role ?? null,
    };
    found.push({ block, first: walk.picked[0] });
  }
  // A heading printed to the left of a block's first line ('To:' in its own column), when no block
  // took it as its own.
  for (const { block, first } of found) {
    if (block.headingRole) continue;
    const beside = sorted.find((l) => !used.has(l) && l.x + estWidth(l) <= first.x + first.size && Math.abs(l.y - first.y) < first.size * 0.6 && headingOf(l.text)?.rest === "");
    if (beside) block.headingRole = headingOf(beside.text)!.role;
  }
  return [...found.map((f) => f.block), ...headedBlocks(sorted, used)];
}

/**
 * The lines of a block above its postcode line `sorted[p]`, nearest first: in its column, while the
 * gaps stay line-sized, until a heading (its role), a line that is not address text, a sort box or
 * another block's line.
 */
function walkUp(sorted: TextLine[], p: number, used: Set<TextLine>) {
  const pc = sorted[p];
  const picked: TextLine[] = [pc];
  let heading: { role: AddressRole; line: TextLine } | null = null;
  let [left, right, top, size] = [pc.x, pc.x + estWidth(pc), pc.y, pc.size];
  for (let i = p - 1; i >= 0 && picked.length <= MAX_LINES_ABOVE; i--) {
    const l = sorted[i];
    if (l.y + l.size * 0.5 > top) continue; // same row or overlapping: not above
    if (!inColumn(l, left, right, Math.max(size, l.size))) continue;
    if (top - (l.y + l.size) > Math.max(size, l.size) * 1.6) break;
    if (isContactLine(l.text)) {
      top = l.y;
      continue;
    }
    if (used.has(l)) break; // another block's line
    const h = headingOf(l.text);
    // 'From Morag O'Connor' right above a block that starts with a name of its own, or a heading
    // with a whole address on its line: the heading heads a block of its own, not this one.
    // ('Sender: The Copper Kettle' over 'Tools' / 'Flat 11, …' is one name broken by the column.)
    // A heading that names someone, with or without their address run on ('FROM: Gannet Studio,
    // Apartment 36, …, Llandeilo'), heads its own block.
    const ownName = picked.length > 1 && namesItself(picked[0].text) && !wrappedName(h?.rest ?? "", picked.map((x) => clean(x.text)));
    if (h && ((h.role !== "recipient" && namesItself(splitNameLine(h.rest).name) && ownName) || UK_POSTCODE_IN_TEXT_RE.test(h.rest))) break;
    if (h) {
      heading = { role: h.role, line: l };
      if (h.rest && isAddressText(h.rest)) picked.unshift({ ...l, text: h.rest });
      break;
    }
    if (!isAddressText(l.text) || UK_POSTCODE_IN_TEXT_RE.test(l.text)) break;
    if (isHeaderWord(l, size)) break;
    picked.unshift(l);
    [left, right, top, size] = [Math.min(left, l.x), Math.max(right, l.x + estWidth(l)), l.y, Math.max(size, l.size)];
  }
  return { picked, heading, top, left };
}

/**
 * One word in type over a third larger than an address's (a sort code whose number OCR missed,
 * 'WARR'; a logo): a header, never a name, which is printed at most a little larger than its address.
 */
const isHeaderWord = (l: TextLine, addressSize: number) => l.size >= 1.35 * addressSize && !/\s/.test(clean(l.text));

/**
 * Senders printed without a postcode ('From: Tidewater Tea Co', or 'From:' over a name and a town):
 * a sender or return heading with a name on its line or under it is a block of its own. Recipients
 * always carry a postcode, so a recipient heading never starts one (a print-at-home page's receipt
 * lines would otherwise compete with the label).
 */
function headedBlocks(sorted: TextLine[], used: Set<TextLine>): AddressBlock[] {
  const blocks: AddressBlock[] = [];
  for (let h = 0; h < sorted.length; h++) {
    const head = sorted[h];
    const heading = used.has(head) ? null : headingOf(head.text);
    if (!heading || heading.role === "recipient") continue;
    const picked: TextLine[] = heading.rest ? [{ ...head, text: heading.rest }] : [];
    let bottom = head.y + head.size;
    for (let i = h + 1; i < sorted.length && picked.length < 4; i++) {
      const l = sorted[i];
      if (used.has(l) || l.y < bottom - l.size * 0.5) continue; // same row
      if (!inColumn(l, head.x, head.x + estWidth(head), Math.max(head.size, l.size))) continue;
      if (l.y - bottom > Math.max(head.size, l.size) * 1.6) break;
      if (isContactLine(l.text)) {
        bottom = l.y + l.size;
        continue;
      }
      if (headingOf(l.text) || !isAddressText(l.text) || UK_POSTCODE_IN_TEXT_RE.test(l.text)) break;
      picked.push(l);
      bottom = l.y + l.size;
    }
    if (!picked.length || !looksLikeName(splitNameLine(picked[0].text).name)) continue;
    used.add(head);
    for (const l of picked) used.add(l);
    blocks.push({
      lines: picked.map((l) => clean(l.text)),
      postcode: "",
      size: picked.reduce((s, l) => s + l.size, 0) / picked.length,
      top: head.y,
      left: head.x,
      headingRole: heading.role,
    });
  }
  return blocks;
}

/** A block as an Address: first line the name (kept as printed), the postcode split off its line. */
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
  const [first = "", ...address] = lines;
  const split = splitNameLine(withoutTrailingHeading(first));
  const { rest } = split;
  let { name } = split;
  // A block that starts at its street ('14 Canal Street') printed no name: its street is no name.
  if (isStreetLine(name)) return { name: "", address: [name, ...rest, ...address], postcode: block.postcode, countryCode };
  // A long name wrapped in a narrow column: its first line cannot end there ('Ms Z' / 'Okafor').
  if (!rest.length && address.length > 1 && wrappedName(name, address)) name = `${name} ${address.shift()}`;
  if (!name && !block.postcode) return null;
  return { name, address: [...rest, ...address], postcode: block.postcode, countryCode };
}


/** A heading printed after a name on its baseline (the next column's, 'GARETH SØRENSEN Ship from:'): no part of the name. */
function withoutTrailingHeading(line: string): string {
  const words = line.split(" ");
  for (let i = 1; i < words.length; i++) {
    const tail = words.slice(i).join(" ");
    if (tail.endsWith(":") && headingOf(tail)?.rest === "") return words.slice(0, i).join(" ");
  }
  return line;
}

/** A complete name on its own: not a street, a house name or the start of a run of address parts ('Hall', 'Hill' and 'Dr' are names too). */
const namesItself = (text: string) => looksLikeName(text) && !/,\s*$/.test(text) && !isStreetLine(text) && !HOUSE_NAME_RE.test(text) && splitNameLine(text).rest.length === 0;
const HOUSE_NAME_RE = /\b(?:cottages?|house|farm(?:house)?|barn|lodge|manor|villa|granary|chambers|bungalow|rectory|vicarage)\b/i;

/** A house number and street, or a flat or unit: an address line, never a name. */
const isStreetLine = (line: string) => /^(?:flat|unit|apartment|apt|suite)\s+\d/i.test(line) || (/^\d+[A-Za-z]?(?:[-–/]\d+[A-Za-z]?)?,?\s+\S/.test(line) && STREET_WORD_RE.test(line));

/** A comma that starts a house number or premises: the name line goes on with the address. */
const ADDRESS_AFTER_COMMA_RE = /^(?:\d|(?:flat|unit|apartment|apt|suite|floor|room|studio|block)\b)/i;
/** Words of streets ('Mill Lane') and, with them, of house names ('Rose Cottage'). */
const STREET_WORD_RE = /\b(?:road|rd|street|st|lane|ln|avenue|ave|close|drive|dr|way|place|pl|crescent|grove|gardens|terrace|hill|park|row|square|walk|view|green|parade|quay|estate|mews|court|wharf|yard)\b/i;
const ADDRESS_WORD_RE = new RegExp(`${STREET_WORD_RE.source}|\\b(?:cottage|house|farm|barn|lodge|mill|manor|hall|villa|works|granary|building|chambers)\\b`, "i");
/** A name line that cannot end where it does: on a particle, a connective, a title or an initial. */
const UNFINISHED_NAME_RE = /(?:^|\s)(?:&|and|of|van|von|der|den|de|la|le|du|da|di|del|della|bin|bint|al|el|ap|ó|ní|nic|mac|mc|st\.?|mr|mrs|ms|mx|miss|dr|prof|rev|sir|dame|\p{Lu}\.?)$/iu;
/** A company's suffix on a line of its own: the end of its name ('Bluebell Print Studio' / 'Ltd'). */
const COMPANY_SUFFIX_RE = /^(?:\(uk\)\s*|uk\s+)?(?:ltd\.?|limited|plc|llp|inc\.?|co\.?|company|group|holdings(?:\s+(?:ltd\.?|limited))?|&\s*(?:co\.?|sons)|and\s+sons)$/i;
/** The rest of a wrapped name: one to three words of letters, no number and no street or house word. */
const NAME_END_RE = new RegExp(`^(?!.*(?:${STREET_WORD_RE.source}))[\\p{L}'’.-]+(?:\\s[\\p{L}'’.-]+){0,2}$`, "iu");
/** One word of letters: the end of a name, never a street on its own ('Hill', 'Johnson'). */
const ONE_WORD_RE = /^[\p{L}'’-]{2,}$/u;
/**
 * One word that is an address's, not a name's: a house name by its ending ('Rosemount', 'Beechwood',
 * 'Glenview', 'Hillcrest') or a department of a business ('Reception', 'Accounts').
 */
const ONE_WORD_ADDRESS_RE = /(?:wood|woods|view|side|fields?|mount|hurst|croft|holme|dene|lea|lands|stones|crest|ways|acres?|haven|garth|brae|combe|ridge|stead|cote)$|^(?:reception|accounts|warehouse|stores|office|mailroom|admin|goods-in)$/i;
/** What follows a whole name: the premises ('27 Station Grove', 'Flat 5B', 'UNIT 1, MERCER HOUSE'), a company ('… Holdings Ltd') or a contact ('c/o …', 'Attn …'). */
const AFTER_NAME_RE = /^(?:\d+[a-z]?\b|(?:flat|unit|apartment|apt|suite)\s+\d|(?:c\/o|attn|fao)\b)|\b(?:ltd\.?|limited|plc|llp|inc\.?|co\.?|company)$/i;
/** A title and one word ('DR OSCAR', 'Mrs. Fionnuala'): one more word under it is the rest of the name, unless a house's ('Beechwood'). */
const TITLE_AND_WORD_RE = /^(?:mr|mrs|ms|mx|miss|dr|prof|rev|sir|dame)\.?\s+[\p{L}'’-]{2,}$/iu;

/**
 * Whether a name line goes on with the first address line: where the name cannot end ('Ms Z' /
 * 'Okafor', 'Ms B' / 'Hill': one word is never a street), at a company's suffix ('Ltd'), or one word
 * between the name and what follows a whole name ('Dr. Olivia' / 'Fitzgerald' / '197 Abbey Mews',
 * 'The Copper Kettle' / 'Tools' / 'Flat 11, Dock House'). A house name there stays an address line
 * ('John Smith' / 'Rosemount', 'Mr Patel' / 'Orchard House').
 */
function wrappedName(name: string, address: string[]): boolean {
  const [next, after] = address;
  if (COMPANY_SUFFIX_RE.test(next)) return true;
  const oneWord = ONE_WORD_RE.test(next) && !HOUSE_NAME_RE.test(next);
  if (UNFINISHED_NAME_RE.test(name)) return NAME_END_RE.test(next) || oneWord;
  return oneWord && !ONE_WORD_ADDRESS_RE.test(next) && (TITLE_AND_WORD_RE.test(name) || AFTER_NAME_RE.test(after));
}

/**
 * The name, and any address the same line goes on with: senders are often printed on one line
 * ('Quayside Books, 3 Dock St, Whitby', 'Tidewater Tea Co, Rose Cottage, Mill Lane'). The name is the
 * first part when a run of parts follows, or when the part after it is plainly an address (a number,
 * a flat, a house or street name); a comma inside a name ('Smith, Jones & Co') is kept.
 */
function splitNameLine(line: string): { name: string; rest: string[] } {
  const parts = line.split(",").map((part) => clean(part)).filter(Boolean);
  if (parts.length < 2) return { name: clean(line.replace(/,\s*$/, "")), rest: [] };
  const at = parts.length >= 3 ? 1 : parts.findIndex((p, i) => i > 0 && (ADDRESS_AFTER_COMMA_RE.test(p) || ADDRESS_WORD_RE.test(p)));
  if (at <= 0) return { name: clean(line), rest: [] };
  return { name: parts.slice(0, at).join(", "), rest: parts.slice(at) };
}

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
  const free = () => blocks.filter((b) => !role.has(b));
  if (![...role.values()].includes("recipient")) {
    const largest = free().sort((a, b) => b.size - a.size || b.lines.length - a.lines.length || a.top - b.top)[0];
    if (largest) role.set(largest, "recipient");
  }
  if (![...role.values()].includes("sender") && ![...role.values()].includes("return")) {
    const rest = free().sort((a, b) => a.top - b.top);
    if (rest.length) role.set(rest[0], "sender");
  }
  const pick = (r: AddressRole) => {
    const b = blocks.find((x) => role.get(x) === r);
    return b ? blockAddress(b) : null;
  };
  const recipient = pick("recipient");
  const returnAddress = pick("return");
  const sender = pick("sender") ?? returnAddress;
  return { recipient, sender, returnAddress, blocks };
}

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

/**
 * A retailer's name printed as a header at the top of a routing label (carrier-made labels name
 * the shop there, with no address): the first line above every address block of the label that
 * looks like a name (not a routing or service word, a reference or a tagline). None when no such
 * line is printed. A label printed under another document (a packing slip) starts below the gap
 * that parts them: the slip's title and lines are no header.
 */
export function headerName(lines: TextLine[], layout: { blocks: AddressBlock[] }, exclude: RegExp[] = []): string | null {
  const sorted = [...lines].sort((a, b) => a.y - b.y || a.x - b.x);
  const from = labelTop(sorted);
  // Nothing below the gap: the gap was inside the label (a legacy Hermes label read by OCR, its
  // recipient block between the retailer and the routing lines), so the whole page is looked at.
  return headerFrom(sorted, layout, exclude, from) ?? (from > Number.NEGATIVE_INFINITY ? headerFrom(sorted, layout, exclude, Number.NEGATIVE_INFINITY) : null);
}

function headerFrom(sorted: TextLine[], layout: { blocks: AddressBlock[] }, exclude: RegExp[], from: number): string | null {
  // The label's blocks; a copy of one (the slip's, kept as the better formed) starts at its name.
  const names = new Set(layout.blocks.map((b) => clean(b.lines[0] ?? "").toLowerCase()));
  const tops = [...layout.blocks.map((b) => b.top), ...sorted.filter((l) => names.has(clean(l.text).toLowerCase())).map((l) => l.y)];
  const firstBlockTop = Math.min(...tops.filter((y) => y >= from), Number.POSITIVE_INFINITY);
  const sortBox = sortBoxLines(sorted);
  const addressSize = Math.max(...layout.blocks.map((b) => b.size));
  // A depot's sort code (a few capitals, 'WARR') whose number was not read is no retailer.
  const sortCode = (l: TextLine, t: string) => /^[A-Z]{2,6}$/.test(t) && isHeaderWord(l, addressSize);
  for (const l of sorted) {
    if (l.y < from) continue;
    if (l.y >= firstBlockTop) break;
    const t = clean(l.text);
    if (t.length < 3 || sortBox.has(l) || sortCode(l, t) || !looksLikeName(t) || exclude.some((re) => re.test(t))) continue;
    return t;
  }
  return null;
}

/** Header lines are at most this many lines apart (and 60 pt): a wider gap above them is the label's edge. */
const HEADER_GAP_LINES = 6;
const ROUTING_LINE_RE = /\b(?:VAN|DROP|C-?ROUND)\s*:?\s*\d/i;

/** The top of the run of lines above a routing label's VAN / DROP line with no gap wider than a label's header has. */
function labelTop(sorted: TextLine[]): number {
  const routing = sorted.findIndex((l) => ROUTING_LINE_RE.test(l.text));
  if (routing < 0) return Number.NEGATIVE_INFINITY;
  let top = sorted[routing].y;
  const gap = Math.max(60, HEADER_GAP_LINES * sorted[routing].size);
  for (let i = routing - 1; i >= 0; i--) {
    const l = sorted[i];
    if (top - (l.y + l.size) > gap) return top;
    top = Math.min(top, l.y);
  }
  return Number.NEGATIVE_INFINITY;
}
