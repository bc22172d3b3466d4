/**
 * Address blocks of a label page, shared by text-layer PDFs and OCR: reading lines with their position and size -> the
 * blocks anchored on UK postcodes (and senders headed without one). What each block is for, and each block as an
 * address, is layout.ts's.
 *
 * Most carrier-made labels print no 'To:' / 'From:' heading: the recipient is a bare block (name, two to four lines,
 * town, postcode). So a block is found from the layout, not from a heading: the lines above a postcode in the same
 * column, while the gaps stay line-sized, stopping at headings, at lines that are not address text (routing codes,
 * references, dates, weights, service words, tracking numbers) and at another address; or the lines under it, for a
 * block printed bottom up.
 */
import { isRealPostcode, UK_POSTCODE_IN_TEXT_RE, normalisePostcode } from "../lib/uk-postcode";
import { clean } from "./fields";
import { classifyLine, sortBoxLines } from "./line-kinds";
import { addressLine, initialsOver, isHeaderWord, isNameStart, isNumberlessStreet, isPremises, isStreetLine, looksLikeName, loneWords, namesItself, splitNameLine, startsWithTitle, wrappedName } from "./name-lines";
import { walkDown } from "./reversed-blocks";
import { estWidth, inColumn, type TextLine, usualSize } from "./text";
import { type AddressRole, NAME_PARTICLES } from "./vocabulary";

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
  /** Its first line may not be its name: a line of it was lost above (nameUnsure in walkUp). */
  nameUnsure?: boolean;
}

/** The widest gap between two lines of a block, in its type's heights; and over a postcode, where a line was lost. */
const LINE_GAP = 1.6;
const LOST_LINE_GAP = 2.7;

/**
 * A line ending in a postcode OCR misread, no postcode as it stands ('WCI1E 4HG' for WC1E 4HG): another block's last line.
 * Walking up past it, the recipient's block took the sender's over it whole ('SENDER' / "Priya's Soap Co" / … / 'WCI1E
 * 4HG' over 'Nettle Supplies & Sons': fresh seed 625819656, file 601, a 150 DPI scan, whose recipient was given as the
 * sender). An inward code (a digit, two capitals) after an outward one of two to five capitals and digits, a digit among
 * them: no street, flat or town ends so.
 */
// (A digit read as a bracket or a bar too, 'DA] 3UH' for DA1 3UH, a 1's shape: run G, SEED=353825910, file 2974, a 203 DPI
// thermal print, whose recipient's block climbed through the sender's and was given 'Harbour Light Prints Ltd.'.)
const MISREAD_POSTCODE_END = /(?:^|\s)\p{Lu}(?=[\p{Lu}\d\][|]{0,4}[\d\][|])[\p{Lu}\d\][|]{1,4}\s[\d\][|]\p{Lu}{2}$/u;

/** Name, company, c/o, flat, street, locality, town, county: a block has at most this many lines above its postcode. */
const MAX_LINES_ABOVE = 8;

/**
 * Address blocks of a page: one per line holding a UK postcode. `lines` are in reading order
 * (y grows downwards, y is the top of a line).
 */
export function findAddressBlocks(lines: TextLine[]): AddressBlock[] {
  const sorted = lines.map(withPostcodeJoined).sort((a, b) => a.y - b.y || a.x - b.x);
  const found: { block: AddressBlock; first: TextLine }[] = [];
  const used = sortBoxLines(sorted);
  for (let p = 0; p < sorted.length; p++) {
    const pc = sorted[p];
    const m = pc.text.match(UK_POSTCODE_IN_TEXT_RE);
    if (!m || used.has(pc)) continue;
    // A postcode inside a line that is not address text (a reference, a payload) anchors nothing.
    const pcHeading = classifyLine(pc.text).heading;
    const pcText = pcHeading ? pcHeading.rest : pc.text;
    if (classifyLine(pcText.replace(m[0], "")).around && clean(pcText.replace(m[0], "")) !== "") continue;
    let walk: Walk = pcHeading ? { picked: [{ ...pc, text: pcText }], heading: null, top: pc.y, left: pc.x, parts: [], nameUnsure: false } : walkUp(sorted, p, used);
    // Nothing of an address above the postcode (a country at most): a block printed bottom up has its lines under it.
    // (Also under a heading printed on the postcode's line, with the town at most: 'DELIVER TO S1 8EE' over the town,
    // 'SHIP TO: Nottingham NG1 7AA' over the street, the name last: fresh seed 584889086, file 67, a pdfkit text PDF.)
    // Nor is a sender's heading with its name on its line, right over the postcode alone: when the lines under the postcode
    // read as a block printed bottom up, the heading heads a block of its own, the sender's name with no address ('Sender:
    // Cwm Gifts' over 'TW1 0RW' / 'Middlesex' / … / 'Björn Smith': run E's file 1408, a pdf-lib sheet, whose right-hand
    // label was read as the sender 'Cwm Gifts' at TW1 0RW and no recipient, and the sheet as one label).
    const headedOver = !pcHeading && walk.picked.length === 2 && walk.heading !== null && walk.heading.role !== "recipient" && walk.picked[0].y === walk.heading.line.y;
    const nothingAbove = pcHeading ? !/[\d,]/.test(pcText.replace(m[0], "")) : headedOver || walk.picked.slice(0, -1).every((l) => COUNTRY_RE.test(clean(l.text)));
    const down = nothingAbove ? walkDown(sorted, p, used) : null;
    if (down && headedOver) walk = { picked: [...down, pc], heading: null, top: pc.y, left: Math.min(pc.x, ...down.map((l) => l.x)), parts: [], nameUnsure: false };
    else if (down) walk = { ...walk, picked: [...down, walk.picked[walk.picked.length - 1]], left: Math.min(pc.x, ...down.map((l) => l.x)), nameUnsure: false };
    // Nothing above it a line's gap away nor under it: a line between the postcode and the town may be lost (OCR read
    // 'Cromwell Terrace' and 'DH1 6ZF' and nothing between: fresh seed 3217537065, file 1425, a table photo, whose
    // recipient was then a postcode alone and the sender's block taken for the recipient's).
    else if (!pcHeading && walk.picked.length === 1) walk = walkUp(sorted, p, used, LOST_LINE_GAP);
    if (walk.heading) used.add(walk.heading.line);
    for (const l of [pc, ...walk.picked, ...walk.parts]) used.add(l);
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
      nameUnsure: walk.nameUnsure,
    };
    found.push({ block, first: walk.picked[0] });
  }
  // A heading printed to the left of a block's first line ('To:' in its own column), when no block
  // took it as its own, and nothing is printed under it: a heading over lines of its own heads them ('Delivery Address'
  // over a recipient whose postcode was misread, beside the sender's block: fixed seed 3217537065, file 1784, a 200 DPI
  // scan, whose sender's block was taken for the recipient's by that heading).
  const headsOwn = (h: TextLine) => sorted.some((u) => u !== h && u.y > h.y + h.size * 0.5 && u.y - (h.y + h.size) <= h.size * LINE_GAP && inColumn(u, h.x, h.x + estWidth(h), h.size));
  for (const { block, first } of found) {
    if (block.headingRole) continue;
    const beside = sorted.find((l) => !used.has(l) && l.x + estWidth(l) <= first.x + first.size && Math.abs(l.y - first.y) < first.size * 0.6 && classifyLine(l.text).heading?.rest === "" && !headsOwn(l));
    if (beside) block.headingRole = classifyLine(beside.text).heading!.role;
  }
  return [...found.map((f) => f.block), ...headedBlocks(sorted, used)];
}

/**
 * A line whose postcode's first letter was set apart ('H A1 2DD' for HA1 2DD: pdf.js puts spaces in a line drawn letter-spaced,
 * 'Wordswor th' on the line above; fresh seed 3021891946, file 1376, a pdfkit text PDF whose recipient's postcode was given as
 * 'A1 2DD', an area that does not exist), with the letter joined again: only where the postcode without it cannot exist and
 * with it can. A postcode that can exist is never changed.
 */
function withPostcodeJoined(l: TextLine): TextLine {
  const m = l.text.match(UK_POSTCODE_IN_TEXT_RE);
  if (!m || m.index === undefined || isRealPostcode(`${m[1]}${m[2]}`)) return l;
  const lone = l.text.slice(0, m.index).match(/(?:^|\s)([A-Z])\s+$/);
  if (!lone || lone.index === undefined || !isRealPostcode(`${lone[1]}${m[1]}${m[2]}`)) return l;
  const start = lone.index + lone[0].indexOf(lone[1]);
  return { ...l, text: `${l.text.slice(0, start)}${lone[1]}${l.text.slice(m.index)}` };
}

interface Walk {
  /** The block's lines, top to bottom, the postcode's last. */
  picked: TextLine[];
  heading: { role: AddressRole; line: TextLine } | null;
  top: number;
  left: number;
  /** Lines read apart that were joined into a picked one (rowStart): the block's too. */
  parts: TextLine[];
  nameUnsure: boolean;
}

/**
 * The lines of a block above its postcode line `sorted[p]`, nearest first: in its column, while the
 * gaps stay line-sized, until a heading (its role), a line that is not address text, a sort box or
 * another block's line.
 */
function walkUp(sorted: TextLine[], p: number, used: Set<TextLine>, gap = LINE_GAP): Walk {
  const pc = sorted[p];
  const picked: TextLine[] = [pc];
  const parts: TextLine[] = [];
  let heading: { role: AddressRole; line: TextLine } | null = null;
  let nameUnsure = false;
  /** A line read as debris right over the first line picked, which may hold the name's start. */
  let lostStart: TextLine | null = null;
  let [left, right, top, size] = [pc.x, pc.x + estWidth(pc), pc.y, pc.size];
  for (let i = p - 1; i >= 0 && picked.length <= MAX_LINES_ABOVE; i--) {
    let l = sorted[i];
    if (l.y + l.size * 0.5 > top) continue; // same row or overlapping: not above
    if (!inColumn(l, left, right, Math.max(size, l.size))) continue;
    // A line reaching over the block from far left of its edge in over twice its type is another column's line OCR ran on
    // over this one: Tesseract gave a recipient's street and the sender's street beside it one line, its boxes two rows
    // high ('135 eandringham Row 159 51 JOHN'S LANE' over the sender's 'UB1 3SW': gate seed 2027014394, file 129, a 203 DPI
    // screenshot, whose recipient's postcode was given as the sender's). Not the block's; its own column may take it.
    if (l.x < left - 1.5 * usualSize(picked) && l.size > 2 * usualSize(picked)) continue;
    // Small type over a block, not on its left edge, is a caption or a header across the page (a shop's name
    // right-aligned over a recipient printed without a heading), not the block's first line.
    const body = picked.slice(0, -1); // (the postcode's line may be printed far larger, or centred)
    if (body.length && l.size < 0.7 * usualSize(body) && Math.abs(l.x - left) > usualSize(body)) continue;
    // The gap is measured in the block's usual type: a line printed (or read by OCR) far larger,
    // above it (a logo, a barcode's digits) or in it (a name in a box twice its height), brings
    // nothing within reach by its size.
    const reach = Math.max(usualSize(picked), pc.size);
    if (top - (l.y + l.size) > reach * (picked.length === 1 ? gap : LINE_GAP)) {
      // A street right over the gap: a line between them was lost, and the block's first line is a locality, not a name
      // ('25 The Maltings' / (lost) / 'Hyde Park' / 'Isle of Lewis': fresh seed 3217537065, file 1404, a broker's
      // flattened PDF, whose recipient was given as 'Hyde Park'). The block stays as read, its name none.
      nameUnsure = picked.length > 1 && top - (l.y + l.size) <= reach * LOST_LINE_GAP && !used.has(l) && isStreetLine(clean(l.text));
      break;
    }
    // A line in the block's type starting far left of the edge its lines share (a column's line OCR ran on into this
    // one: '44 FORE CRESCENT Apartment 80', the sender's street run into the recipient's flat: gate seed 1836775388, file 44,
    // a 96 DPI screenshot of a broker's label whose recipient's block walked on into the sender's column and was given its
    // name, 'CEILIDH COFFEE'). Its row is the block's too: the walk goes on over it. (Not a centred block: its lines share
    // no edge.)
    // Over the postcode's line alone, whose edge tells nothing, the line's middle is far off the postcode's too.
    const centre = (t: TextLine) => t.x + estWidth(t) / 2;
    const sharedEdge = picked.length >= 2 ? picked.every((p) => Math.abs(p.x - left) <= usualSize(picked) / 2) : Math.abs(centre(l) - centre(pc)) > 3 * pc.size && Math.abs(l.size - pc.size) <= 0.2 * pc.size;
    if (sharedEdge && l.x < left - 3 * usualSize(picked)) {
      top = l.y;
      continue;
    }
    const kind = classifyLine(l.text);
    // Two readings of one spot: a line lying over a heading on its row is that heading read again, garbled ('NELIVER TG' over
    // 'Deliver to:': bench/outside seed 163306060, file 113, a 203 DPI thermal print whose recipient's name was taken from
    // it, the heading lost and the block's role with it). The heading, met next, heads the block.
    if (!kind.heading && sorted.some((o) => o !== l && Math.abs(o.y - l.y) < 0.5 * Math.min(o.size, l.size) && o.x < l.x + estWidth(l) && l.x < o.x + estWidth(o) && classifyLine(o.text).heading)) continue;
    if (kind.contact) {
      top = l.y;
      continue;
    }
    if (used.has(l)) break; // another block's line
    // A title or initials alone over the name's line ('F' / 'Cunningham', 'MR' / 'JOHN SMITH'), on its left edge and in
    // its type: the start of the name, not debris (blockAddress joins them).
    // (Not a heading printed letter-spaced: 'T O' over 'C LEROY', run G, SEED=353825910, file 1564, a pdfkit text PDF.)
    const nameLine = picked[0];
    if (picked.length > 1 && isNameStart(l.text) && !kind.heading && Math.abs(l.x - nameLine.x) <= nameLine.size && Math.abs(l.size - nameLine.size) <= nameLine.size * 0.15 && looksLikeName(nameLine.text)) {
      picked.unshift(l);
      top = l.y;
      continue;
    }
    if (kind.debris) {
      // A line of the block's type OCR could not read ('eas' for 'Ty Newydd') still holds the block together.
      if (l.size <= 1.6 * usualSize(picked) && l.size >= usualSize(picked) / 1.6) top = l.y;
      // Capitals on the first line's left edge and in its type, right over it: the name may start there, read as debris
      // (initials run together: 'H.O' for 'H. Ó' over 'Súilleabháin', gate seed 893044337, file 86, a 300 DPI photo of a
      // broker's label, whose recipient was given as 'Súilleabháin'). Part of a name is worse than none. (A barcode's or a
      // smudge's debris reads as small letters: 'nis', 'j'.) An initial's box is a quarter lower than a name's with a
      // descender ('A.' over 'Leroy', 32 px and 41: photo7's fresh seed 1495111038, file 1220, a 300 DPI thermal print).
      const first = picked[0];
      if (picked.length > 1 && /\p{Lu}/u.test(l.text) && Math.abs(l.x - first.x) <= first.size / 2 && Math.abs(l.size - first.size) <= first.size * 0.25 && first.y - (l.y + l.size) <= first.size * LINE_GAP) lostStart = l;
      continue;
    }
    const h = kind.heading;
    // A heading read inside this block, between its street and its postcode (insideBlock): a line of it misread, passed over.
    if (h?.rest && insideBlock(sorted, i)) {
      top = l.y;
      continue;
    }
    // A heading's word alone far right of the block's edge with words before it on its row is a sentence's end, not a
    // heading ('IF' … 'PLEASE' … 'TO' of 'IF UNDELIVERED, PLEASE RETURN TO', read in pieces: the return line under it was
    // taken for the recipient's block, file 113 above).
    if (h && !h.rest && l.x - left > 2 * size && sorted.some((o) => o !== l && Math.abs(o.y - l.y) < 0.5 * Math.min(o.size, l.size) && o.x + estWidth(o) < l.x)) break;
    // A postcode's line holding the whole address ('Larkspur Games, 40 Tannery Row, London, W1T 5FN') takes a heading over it
    // and nothing else: a word over it is another line's ('PLEASE' of the pieces above, taken as the name).
    if (!h && picked.length === 1 && wholeOnOneLine(pc.text)) break;
    // 'From Morag O'Connor' right above a block that starts with a name of its own, or a heading
    // with a whole address on its line: the heading heads a block of its own, not this one.
    // ('Sender: The Copper Kettle' over 'Tools' / 'Flat 11, …' is one name broken by the column.)
    // A heading that names someone, with or without their address run on ('FROM: Gannet Studio,
    // Apartment 36, …, Llandeilo'), heads its own block.
    // (Nor is a first name over its surname, in type of its own, the end of the heading's name: 'From: Quayside Apothecary'
    // over 'Wei' / 'Nguyen' / '15 Victoria Close', the recipient's, gave the sender 'Quayside Apothecary Wei': fresh seed
    // 3921715364, file 856, a Chromium text PDF.)
    const firstOverSurname = picked.length > 2 && loneWords(clean(picked[0].text), clean(picked[1].text)) && Math.abs(picked[0].size - l.size) > 0.15 * l.size;
    const ownName = picked.length > 1 && namesItself(picked[0].text) && (firstOverSurname || !wrappedName(h?.rest ?? "", picked.map((x) => clean(x.text))));
    if (h && ((h.role !== "recipient" && namesItself(splitNameLine(h.rest).name) && ownName) || UK_POSTCODE_IN_TEXT_RE.test(h.rest))) break;
    if (h) {
      heading = { role: h.role, line: l };
      const rest = classifyLine(h.rest);
      if (h.rest && ((!rest.around && !rest.debris) || initialsOver(h.rest, picked.length > 1 ? picked[0].text : undefined))) {
        picked.unshift({ ...l, text: h.rest });
        lostStart = null;
      }
      break;
    }
    if ((kind.around && !serviceWordEndingName(sorted, i, picked)) || UK_POSTCODE_IN_TEXT_RE.test(l.text) || MISREAD_POSTCODE_END.test(clean(l.text))) break;
    // A line far right of the left edge its block's lines share, but a street's, is no line of it (a shop's name printed over a
    // recipient's block: fresh seed 3217537065, file 2495, a flattened PDF, 'MoorlandApothecary' given as the recipient),
    // or the end of a line whose start was read apart ('SIOBHÁN' / 'LEROY', the start taller by its accent: fresh seed
    // 1307231402, file 914, a 203 DPI thermal print, whose recipient was given as 'LEROY').
    if (indented(l, picked) && !addressLine(clean(l.text))) {
      const start = rowStart(sorted, l, picked[picked.length - 1].x, used);
      if (!start) break;
      parts.push(start, l);
      l = { ...start, text: `${start.text} ${l.text}`, y: Math.min(start.y, l.y), size: Math.max(start.size, l.size), width: l.x + estWidth(l) - start.x };
      if (classifyLine(l.text).around) break;
    }
    // A town or county in capitals read in a taller box ('SLOUGH' over 'BERKSHIRE', 'READING' under
    // '77 QUAY WAY'), within two lines of the postcode or under its street: headers are printed
    // over the name, never there.
    if (isHeaderWord(l, usualSize(picked)) && picked.length > 2 && !underStreet(sorted, i, l, size)) break;
    // Type a third smaller over the block, whose lines go up in that type to a postcode: a block printed bottom up right
    // over this one, whose lines could not be read the other way ('SENDER' / 'BN3 4FW' / 'HOVE' / 'WILLOW LANE' / 'BRYN
    // AWEL' / 'WREN & IVY SUPPLIES' in 7 pt over 'ARJUN FRASER' / … / 'SW1A 8ZP' in 14: the recipient was given as 'HOVE').
    if (picked.length > 2 && l.size < 0.7 * usualSize(picked) && bottomUpAbove(sorted, i)) break;
    picked.unshift(l);
    lostStart = null;
    // A line OCR ran on into the next column ('88 WORDSWORTH WAY 224 Market Gardens') does not
    // widen the block over that column: at most twice the block's width counts.
    [left, right, top, size] = [Math.min(left, l.x), Math.max(right, l.x + Math.min(estWidth(l), 2 * (right - left))), l.y, Math.max(size, l.size)];
  }
  return { picked, heading, top, left, parts, nameUnsure: nameUnsure || lostStart !== null || nameEndBeside(sorted, picked, [left, right, top], used) };
}

/** How a name's end may start: a capital, a bracket, an '&', a company's suffix or a particle in small letters. */
const NAME_END_START = new RegExp(`^(?:[\\p{Lu}(&]|(?:plc|ltd|llp|co|${NAME_PARTICLES.join("|")})(?:\\s|$))`, "u");

/**
 * Whether, between a heading alone at the block's left edge ('Ship to:', 'To:') and the block's first line, a line stands
 * right of the block's edge, within its width or alone beyond it, in its type or larger, of no block and no heading: the
 * name's end, its start not read, the rest standing where the name was printed ('Ship to:' / 'Fitzgeral d' / 'Harbour Light Nursery Holdings Ltd' / '204b
 * Meadow Street' / …: gate seed 1014088097, file 159, a 200 DPI scan, whose recipient Søren Fitzgerald was given the
 * company line under the name). The block's first line may not be its name.
 */
function nameEndBeside(sorted: TextLine[], picked: TextLine[], [left, right, top]: number[], used: Set<TextLine>): boolean {
  if (picked.length < 2) return false;
  const size = usualSize(picked);
  const heading = sorted.find((o) => {
    const h = classifyLine(o.text).heading;
    return h !== null && !h.rest && Math.abs(o.x - left) <= size && o.y + o.size <= top && top - (o.y + o.size) <= 3.5 * size;
  });
  if (!heading) return false;
  // Within the block's width as the walk measured it (a line OCR ran on into the next column widens it twice at most: seed
  // 1390630706, file 601), or a line alone beyond it starting as a name's word does (NAME_END_START): another
  // column's lines share their left edge, and a logo's debris read 'eg' far right of a block is no name's end (a stored
  // reading, 'PROF ANH TURNER-HALE', kept so).
  const alone = (m: TextLine) => !sorted.some((o) => o !== m && Math.abs(o.x - m.x) <= size);
  return sorted.some((m) => m.y > heading.y + heading.size * 0.5 && m.y + m.size * 0.5 < top && m.x > left + size && (m.x < right || (alone(m) && NAME_END_START.test(m.text))) && m.size >= 0.8 * size && !used.has(m) && !picked.includes(m) && !classifyLine(m.text).heading);
}

/** A name, then a numbered street, then more, split by commas, the postcode last: a whole address on one line. */
function wholeOnOneLine(text: string): boolean {
  const parts = clean(text.replace(UK_POSTCODE_IN_TEXT_RE, "")).split(/\s*,\s*/).filter(Boolean);
  const [name, street] = parts;
  return parts.length >= 3 && !/\d/.test(name) && /^\d/.test(street) && looksLikeName(name) && !isStreetLine(name) && !isNumberlessStreet(name) && !isPremises(name);
}

/**
 * Whether `sorted[i]`, a service word alone ('Home', 'Shop', 'Express'), is the last word of a name wrapped over the
 * block's first lines: on its left edge and in its type, right under a line that looks like a name in the same type
 * ('Copper Kettle' / 'Home' / 'Bryn Awel': fresh seed 3422321280, file 283, a pdf-lib text PDF whose sender was given
 * as 'Copper Kettle'; 'Saltmarsh' of 'Saltmarsh Home', seed 2647158373), its first line a heading's or not.
 */
function serviceWordEndingName(sorted: TextLine[], i: number, picked: TextLine[]): boolean {
  const l = sorted[i];
  const [first, size] = [picked[0], usualSize(picked)];
  const alike = (a: TextLine) => Math.abs(a.x - first.x) <= size / 2 && Math.abs(a.size - size) <= size * 0.15;
  // (Not over a line that starts with a title: the name is that line, and the service word heads it. A marketplace's 'Tradewell
  // Shipping' / 'Standard' over 'Mrs A Chowdhu ry', whose recipient was given as 'Tradewell': fresh seed 2845914634, file 3919,
  // a flattened PDF.)
  if (classifyLine(l.text).around !== "routing or service words" || /\s/.test(clean(l.text)) || !alike(l) || startsWithTitle(clean(first.text))) return false;
  const above = sorted.slice(0, i).findLast((a) => a.y + a.size * 0.5 <= l.y && inColumn(a, l.x, l.x + estWidth(l), size));
  // (The name may start on a heading's line: 'Sender: The Cwm' / 'Home' / '92 Dock House', gate seed 86090039, file 45, an A4
  // sheet's pdf-lib text PDF whose sender was given as 'The Cwm'.)
  if (!above) return false;
  const named = classifyLine(above.text).heading?.rest || above.text;
  return alike(above) && l.y - (above.y + above.size) <= size * LINE_GAP && looksLikeName(named) && !SHIPPER_LINE.test(clean(named)) && !namedByTagline(sorted, named);
}

/**
 * Whether the page's tagline names `text` ('Delivered with Pre-Loved Market Postage'): the platform's own name, printed over
 * its service ('Pre-Loved Market' / 'STANDARD' over the recipient's block, taken for a name wrapped onto the service word:
 * run G, SEED=353825910, file 1454, a pdfkit text PDF whose recipient was given as 'Pre-Loved Market').
 */
function namedByTagline(sorted: TextLine[], text: string): boolean {
  const own = clean(text).toLowerCase();
  return own.length >= 4 && sorted.some((t) => classifyLine(t.text).around === "tagline" && clean(t.text).toLowerCase().includes(own));
}

/**
 * A marketplace's or carrier's line over its service ('Marketloop Shipping' / 'STANDARD', 'Amazon Shipping', 'Royal Mail
 * Delivery'): no name's start. Over a recipient whose initial OCR dropped ('A.' / 'Leroy'), it was taken for one and the
 * recipient given as 'Marketloop' (photo7's fresh seed 1495111038, file 1220, a 300 DPI thermal print).
 */
const SHIPPER_LINE = /\b(?:shipping|delivery|deliveries|logistics|parcels?|courier|postage)$/i;

/** Whether `l` starts over two type heights right of the left edge every line of `picked` (two or more) shares to half a height. */
function indented(l: TextLine, picked: TextLine[]): boolean {
  const size = usualSize(picked);
  const xs = picked.map((k) => k.x);
  return picked.length >= 2 && Math.max(...xs) - Math.min(...xs) <= size / 2 && l.x - Math.max(...xs) > 2 * size;
}

/** The start of `l`'s line read apart: a line on its row, at the block's left edge `left`, a word's gap or two before it. */
function rowStart(sorted: TextLine[], l: TextLine, left: number, used: Set<TextLine>): TextLine | undefined {
  const size = Math.max(l.size, 1);
  return sorted.find((k) => k !== l && !used.has(k) && Math.abs(k.y + k.size / 2 - (l.y + l.size / 2)) < size / 2 && Math.abs(k.x - left) <= size && l.x - (k.x + estWidth(k)) <= 1.5 * size && k.x < l.x);
}

/** Whether `sorted[i]` is the last line of a run going up in its type and column, a line's gap apart, to a postcode's line. */
function bottomUpAbove(sorted: TextLine[], i: number): boolean {
  let l = sorted[i];
  for (let j = i - 1; j >= 0; j--) {
    const above = sorted[j];
    if (above.y + above.size * 0.5 > l.y || !inColumn(above, l.x, l.x + estWidth(l), l.size)) continue;
    if (l.y - (above.y + above.size) > l.size * LINE_GAP || Math.abs(above.size - l.size) > 0.3 * l.size) return false;
    if (UK_POSTCODE_IN_TEXT_RE.test(above.text)) return true;
    l = above;
  }
  return false;
}

/** A country's line: under a UK address, never its name. */
export const COUNTRY_RE = /^(?:united\s*kingdom|uk|u\.k\.|gb|great\s*britain|england|scotland|wales|northern\s*ireland)$/i;
/** A house's number and its name with no street word ('181 Ty Gwyn', '12a The Maltings'): a line of an address block. */
const NUMBERED_HOUSE = /^\d{1,4}[A-Za-z]?,?\s+\p{Lu}\p{L}*(?:\s+\p{L}+)*$/u;

/** Whether the line printed right above `sorted[i]`, in its column and a line's gap away, is a street or premises line. */
function underStreet(sorted: TextLine[], i: number, l: TextLine, size: number): boolean {
  for (let j = i - 1; j >= 0; j--) {
    const above = sorted[j];
    if (above.y + above.size * 0.5 > l.y || !inColumn(above, l.x, l.x + estWidth(l), Math.max(size, above.size))) continue;
    return l.y - (above.y + above.size) <= size * 1.6 && isStreetLine(clean(above.text));
  }
  return false;
}

/**
 * Whether the heading line `sorted[h]` stands inside another block: right under its numbered street and over its postcode,
 * a line or two on, in the block's column and type. No block has a heading there: it is a line of the block misread as one
 * ('73 London Drive' / 'Sender: Land' / 'Tyne and Wear' / 'SR1 4LX', the town Sunderland read so: fresh seed 1671760863,
 * file 3214, a 300 DPI photo whose sender was given as 'Land'), and heads no block of its own. (Not over a street of its
 * own: 'From: Bob' / '5 Low Road' / 'York YO1 1AA' under another's street is a block of its own.) A numbered house's name
 * with no street word ('181 Ty Gwyn') stands for the street as well: drawn seed 2655513204 read a heading there as a block.
 */
function insideBlock(sorted: TextLine[], h: number): boolean {
  const head = sorted[h];
  // (In the block's type: OCR boxes a line with capitals and ascenders up to half as high again, 'Sender: Land' 46 px under
  // '73 London Drive' 32 px in that photo.)
  const near = (a: TextLine, b: TextLine) => b.y - (a.y + a.size) <= LINE_GAP * Math.min(a.size, b.size) && b.y > a.y + a.size * 0.5 && Math.max(a.size, b.size) <= 1.6 * Math.min(a.size, b.size);
  const column = (l: TextLine) => l !== head && inColumn(l, head.x, head.x + estWidth(head), Math.max(head.size, l.size));
  const above = sorted.slice(0, h).findLast((l) => column(l) && l.y + l.size * 0.5 <= head.y);
  if (!above || !near(above, head) || !(isStreetLine(clean(above.text)) || NUMBERED_HOUSE.test(clean(above.text)))) return false;
  let last = head;
  for (const l of sorted.slice(h + 1).filter((l) => column(l) && l.y >= head.y + head.size * 0.5).slice(0, 2)) {
    if (!near(last, l) || classifyLine(l.text).heading || isStreetLine(clean(l.text))) return false;
    if (UK_POSTCODE_IN_TEXT_RE.test(l.text)) return true;
    last = l;
  }
  return false;
}

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
    const heading = used.has(head) ? null : classifyLine(head.text).heading;
    if (!heading || heading.role === "recipient" || insideBlock(sorted, h)) continue;
    const picked: TextLine[] = heading.rest && !classifyLine(heading.rest).debris ? [{ ...head, text: heading.rest }] : [];
    let bottom = head.y + head.size;
    for (let i = h + 1; i < sorted.length && picked.length < 4; i++) {
      const l = sorted[i];
      if (used.has(l) || l.y < bottom - l.size * 0.5) continue; // same row
      if (!inColumn(l, head.x, head.x + estWidth(head), Math.max(head.size, l.size))) continue;
      // (Gaps measured in the heading's type, or the name's up to twice it: a logo or a barcode's digits read huge far below
      // are no name under it, 'Sender:' over 'LA' 300 px down.)
      if (l.y - bottom > Math.max(head.size, Math.min(l.size, 2 * head.size)) * 1.6) break;
      const kind = classifyLine(l.text);
      if (kind.contact) {
        bottom = l.y + l.size;
        continue;
      }
      if (kind.heading || kind.around || UK_POSTCODE_IN_TEXT_RE.test(l.text)) break;
      picked.push(l);
      bottom = l.y + l.size;
    }
    if (!picked.length || !looksLikeName(splitNameLine(picked[0].text).name)) continue;
    // Initials on the heading's line start the name under it ('From: F' / 'Wright').
    if (initialsOver(heading.rest, picked[0].text) && picked[0].y > head.y) picked.unshift({ ...head, text: heading.rest });
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
