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
import type { TextLine } from "./text";

export type AddressRole = "recipient" | "sender" | "return";

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

const clean = (s: string) => s.replace(/\s+/g, " ").trim();

const RECIPIENT_HEADING = /^(?:deliver(?:y)?\s*to|ship(?:ping)?\s*to|ship\s*address|shipping\s*address|delivery\s*address|recipient|consignee|addressee|to)\b\s*:?/i;
const RETURN_HEADING = /^(?:if\s+undelivered(?:\s+please)?\s+return\s+to|return\s+address|returns?\s+to|return(?:s)?)\b\s*:?/i;
const SENDER_HEADING = /^(?:ship(?:ped)?\s*from|sending\s+from|from|sender|sent\s+by|sold\s+by|seller|shipper|dispatched\s+by|despatched\s+by)\b\s*:?/i;

/** The role a heading line names, and the text after it on the same line. */
export function headingOf(text: string): { role: AddressRole; rest: string } | null {
  const t = clean(text);
  for (const [re, role] of [
    [RETURN_HEADING, "return"],
    [RECIPIENT_HEADING, "recipient"],
    [SENDER_HEADING, "sender"],
  ] as const) {
    const m = t.match(re);
    if (m) return { role, rest: clean(t.slice(m[0].length).replace(/^[:\s-]+/, "")) };
  }
  return null;
}

/** Lines that are never part of an address: they end a block. */
const NOT_ADDRESS: RegExp[] = [
  /\b(?:VAN|DROP|C-?ROUND|ROUND|ROUTE|SORT|DEPOT|HUB)\s*[:#]?\s*\d/i,
  /^(?:hermes|evri|my\s*hermes|royal\s*mail|parcelforce|cou-?pnet|pnet|dpd|yodel|ups|dhl)\b/i,
  /\b(?:customer\s*ref(?:erence)?|ref(?:erence)?\s*(?:no|number)?\s*[:#]|order\s*(?:no|number|id|ref)?\s*[:#]|invoice|consignment|barcode)\b/i,
  /\b\d{3}-\d{7}-\d{7}\b/,
  /\b(?:weight|wt)\b|\b\d+(?:[.,]\d+)?\s*(?:kg|kgs|g|grams?)\b/i,
  /\b(?:date|posted|despatch(?:ed)?|dispatch(?:ed)?|shipped|printed|created)\s*:|\b\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}\b/i,
  /\b(?:postage\s+paid|tracked\s*(?:24|48)|special\s+delivery|1st\s+class|2nd\s+class|signed\s+for|next\s*day|[24]8\s*h(?:ou)?rs?|24\s*h(?:ou)?rs?|standard\s+service|economy|no\s+signature|signature\s+required|parcelshop|collection\s+point)\b/i,
  /\b(?:parcel\s+\d+\s+of\s+\d+|page\s+\d+|item\s+\d+\s+of)\b/i,
  /\b(?:tracking\s*(?:no|number|code)?|www\.|https?:|@)/i,
  /^\d{1,3}\s*\/\s*[A-Z]{2,6}$/i,
  /^[A-Z]{2}[\s-]?\d{4}[\s-]?\d{4}[\s-]?\d[\s-]?[A-Z]{2}$/i,
  /^[HT][-\s]?[0-9A-Z](?:[-\s]?[0-9A-Z]){4}(?:[-\s]?\d){10}$/i,
  /^\d{2}-\d{3}-\d{2}-\d{8}-\d$/,
  /^\d{10,}$/,
  /^(?:qty|quantity|sku|item|description|price|total|subtotal)\b/i,
];

/** Contact lines printed inside an address block (a phone number, an e-mail): passed over, not part of it. */
const CONTACT = /^(?:(?:tel|phone|mob(?:ile)?|t|m)\s*[.:]?\s*)?(?:\+?44\s?|0)\d[\d\s()-]{8,14}$|^(?:e-?mail\s*:?\s*)?[^\s@]+@[^\s@]+\.[a-z]{2,}$/i;
export const isContactLine = (text: string) => CONTACT.test(clean(text));

export const isAddressText = (text: string) => {
  const t = clean(text);
  return t.length > 0 && t.length <= 80 && !NOT_ADDRESS.some((re) => re.test(t));
};

const estWidth = (l: TextLine) => l.width ?? l.text.length * l.size * 0.55;

/** Whether `l` sits in the column of the block whose left edge is `left` and right edge `right`. */
function inColumn(l: TextLine, left: number, right: number, size: number): boolean {
  if (Math.abs(l.x - left) <= size * 1.5) return true;
  // Centred or right-aligned blocks: most of the line lies over the block.
  const a = Math.max(l.x, left);
  const b = Math.min(l.x + estWidth(l), right);
  return b - a >= 0.6 * Math.min(estWidth(l), right - left);
}

const MAX_LINES_ABOVE = 6;

/**
 * Address blocks of a page: one per line holding a UK postcode. `lines` are in reading order
 * (y grows downwards, y is the top of a line).
 */
export function findAddressBlocks(lines: TextLine[]): AddressBlock[] {
  const sorted = [...lines].sort((a, b) => a.y - b.y || a.x - b.x);
  const blocks: AddressBlock[] = [];
  const used = new Set<TextLine>();
  for (let p = 0; p < sorted.length; p++) {
    const pc = sorted[p];
    const m = pc.text.match(UK_POSTCODE_IN_TEXT_RE);
    if (!m || used.has(pc)) continue;
    // A postcode inside a line that is not address text (a reference, a payload) anchors nothing.
    const pcHeading = headingOf(pc.text);
    const pcText = pcHeading ? pcHeading.rest : pc.text;
    if (!isAddressText(pcText.replace(m[0], "")) && clean(pcText.replace(m[0], "")) !== "") continue;

    const picked: TextLine[] = [{ ...pc, text: pcText }];
    let headingRole: AddressRole | null = pcHeading?.role ?? null;
    let left = pc.x;
    let right = pc.x + estWidth(pc);
    let top = pc.y;
    let size = pc.size;
    // Walk upwards through the lines above, nearest first.
    for (let i = p - 1; i >= 0 && !headingRole && picked.length <= MAX_LINES_ABOVE; i--) {
      const l = sorted[i];
      if (used.has(l) || l.y + l.size * 0.5 > top) continue; // same row or overlapping: not above
      if (!inColumn(l, left, right, Math.max(size, l.size))) continue;
      const gap = top - (l.y + l.size);
      if (gap > Math.max(size, l.size) * 1.6) break;
      if (isContactLine(l.text)) {
        top = l.y;
        continue;
      }
      const heading = headingOf(l.text);
      if (heading) {
        headingRole = heading.role;
        if (heading.rest && isAddressText(heading.rest)) picked.unshift({ ...l, text: heading.rest });
        break;
      }
      if (!isAddressText(l.text) || UK_POSTCODE_IN_TEXT_RE.test(l.text)) break;
      picked.unshift(l);
      left = Math.min(left, l.x);
      right = Math.max(right, l.x + estWidth(l));
      top = l.y;
      size = Math.max(size, l.size);
    }
    // A heading printed to the left of the block's first line ('To:' in its own column).
    if (!headingRole) {
      const first = picked[0];
      const beside = sorted.find((l) => l !== first && l.x + estWidth(l) <= first.x + first.size && Math.abs(l.y - first.y) < first.size * 0.6 && headingOf(l.text)?.rest === "");
      if (beside) headingRole = headingOf(beside.text)!.role;
    }
    for (const l of picked) used.add(l);
    let texts = picked.map((l) => clean(l.text)).filter(Boolean);
    // One line holding the whole address ('Jane Smith, 1 High St, Leeds LS1 1AA').
    if (texts.length === 1 && texts[0].includes(",")) texts = texts[0].split(/\s*,\s*/).filter(Boolean);
    blocks.push({
      lines: texts,
      postcode: normalisePostcode(`${m[1]}${m[2]}`),
      size: picked.reduce((s, l) => s + l.size, 0) / picked.length,
      top,
      left,
      headingRole,
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
  const { name, rest } = splitNameLine(first);
  if (!name && !block.postcode) return null;
  return { name, address: [...rest, ...address], postcode: block.postcode, countryCode };
}

/** A comma that starts a house number or premises: the name line goes on with the address. */
const ADDRESS_AFTER_COMMA_RE = /,\s*(?=\d|(?:flat|unit|apartment|suite|floor|room)\b)/i;

/**
 * The name, and any address the same line goes on with: senders are often printed on one line
 * ('Quayside Books, 3 Dock St, Whitby'). A comma inside a name ('Smith, Jones & Co') is kept.
 */
function splitNameLine(line: string): { name: string; rest: string[] } {
  const at = line.search(ADDRESS_AFTER_COMMA_RE);
  if (at <= 0) return { name: line, rest: [] };
  const rest = line
    .slice(at + 1)
    .split(",")
    .map((part) => clean(part))
    .filter(Boolean);
  return { name: clean(line.slice(0, at)), rest };
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
  const blocks = findAddressBlocks(lines);
  const role = new Map<AddressBlock, AddressRole>();
  for (const b of blocks) if (b.headingRole) role.set(b, b.headingRole);
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

/**
 * A retailer's name printed as a header at the top of a routing label (carrier-made labels name
 * the shop there, with no address): the first address-like line above every address block.
 */
export function headerName(lines: TextLine[], blocks: AddressBlock[], exclude: RegExp[] = []): string | null {
  const firstBlockTop = Math.min(...blocks.map((b) => b.top), Number.POSITIVE_INFINITY);
  const sorted = [...lines].sort((a, b) => a.y - b.y || a.x - b.x);
  for (const l of sorted) {
    if (l.y >= firstBlockTop) break;
    const t = clean(l.text);
    if (t.length < 3 || !/[A-Za-z]{2}/.test(t) || headingOf(t) || !isAddressText(t) || exclude.some((re) => re.test(t))) continue;
    if (/^[A-Z0-9]{1,6}$/.test(t) && !/[AEIOU]/.test(t)) continue; // a sort code such as 'LVPL'
    return t;
  }
  return null;
}
