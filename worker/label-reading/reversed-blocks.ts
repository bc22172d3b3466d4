/**
 * A block printed bottom up (postcode first, name last), as some legacy systems print an address (issue 36, class 4):
 * its lines under the postcode, read back into the usual order. address-blocks.ts asks for it where nothing of an
 * address stands above a postcode.
 */
import { UK_POSTCODE_IN_TEXT_RE } from "../lib/uk-postcode";
import { clean } from "./fields";
import { classifyLine } from "./line-kinds";
import { addressLine, isNameStart, looksLikeName, loneWords, namesItself, startsWithTitle, wrappedName } from "./name-lines";
import { estWidth, inColumn, type TextLine, usualSize } from "./text";

/** Name, company, c/o, flat, street, locality, town, county: a block has at most this many lines under its postcode. */
const MAX_LINES_UNDER = 8;

/** A name's first initial and its next word ('C TURNER-HALE', 'J. Smith'). */
const INITIAL_FIRST = /^\p{Lu}\.?\s+\p{L}/u;

/** A house's or a business's name by its first word ('The Laurels', 'The Old Forge', 'THE BOOK NOOK'): no one's name starts so. */
const THE_NAME_RE = /^the\s+\p{L}/iu;

/** A company's name by its last word ('Supplies Ltd', 'Bramble Dental Practice Co.', 'Tidewater Vets & Co', '… & Sons'). */
const COMPANY_END_RE = /(?:^|\s)(?:ltd\.?|limited|plc|llp|inc\.?|co\.?|company|sons)$/i;

/** A person's whole name on its line: two words or more, no company's ending ('Jane Smith', 'Mr & Mrs Wood', not 'Supplies Ltd'). */
const personLine = (line: string) => namesItself(line) && /\S\s+\S/.test(line) && !COMPANY_END_RE.test(line);

/**
 * A line printed between a name and its street: a contact ('c/o', 'Attn', 'FAO') or a company's name. (Any company's
 * ending: 'Bramble Dental Practice Co.' and 'Tidewater Vets & Co' over a name broken over two lines were taken for the
 * name's first line, 'BRAMBLE DENTAL PRACTICE CO. AISHA': the 3,000-label SEED=258096912, files 33 and 706.)
 */
const SECOND_LINE_RE = new RegExp(`^(?:c/o|attn|fao)\\b|${COMPANY_END_RE.source}`, "i");

/**
 * The lines of a block printed bottom up (postcode first, name last, as some legacy systems print an address:
 * issue 36, class 4), in the usual order: the lines under the postcode in its column while the gaps stay line-sized,
 * up to a heading, a contact line, a line that is not address text or another postcode. Taken only when they read as
 * an address the other way up: a town first, a street, then one to three lines ending in a name; else null (none is
 * better than a part of one). A name's own lines stay in their printed order; a contact or company line printed over
 * the name goes under it.
 */
export function walkDown(sorted: TextLine[], p: number, used: Set<TextLine>): TextLine[] | null {
  const pc = sorted[p];
  const below: TextLine[] = [];
  let [left, right, bottom] = [pc.x, pc.x + estWidth(pc), pc.y + pc.size];
  for (let i = p + 1; i < sorted.length && below.length <= MAX_LINES_UNDER; i++) {
    const l = sorted[i];
    if (l.y < bottom - l.size * 0.5 || !inColumn(l, left, right, Math.max(pc.size, l.size))) continue;
    if (l.y - bottom > usualSize([pc, ...below]) * 1.6) break;
    if (used.has(l)) break;
    // A line read over three times the block's type is no line of it: a barcode's bars read as text right under the name
    // ('Mr Oliver Hill' over 'MAW IT Fe' read 213 px high in a block of 35: fresh seed 3930571097, file 2653, a 300 DPI
    // scan of a legacy despatch label, whose name was then none), or a routing letter printed huge ('LU' under 'Button Tin
    // Engineering plc'). It ends the block. (An address line OCR boxed twice its height is the block's.)
    if (l.size > 3 * usualSize([pc, ...below])) break;
    // A heading or a line that is not address text ends the block, whatever it holds: 'Dropped off at: Best-one, 67 Market Pl,
    // Woking GU22 8EP' under a recipient printed bottom up was taken for another block's postcode in the same type, and the
    // recipient given none (fresh seed 2970226876, file 502, a Chromium text PDF).
    const kind = classifyLine(l.text);
    if (kind.heading || kind.contact || kind.around) break;
    // Another postcode under the lines: they are its block, printed top down under this one ('SENDER' / 'Wild Garlic
    // Games, …, PH1 2EN' over the recipient's block, whose town was read as the sender's name: bench/outside seed
    // 1366117983). Where that block is set in a type of its own, this one ends where the type changes ('SENDER' /
    // 'LE4 2TH' / … / 'Willow & Wick Goods' in 6 pt over the recipient's block in 10-12 pt, whose name was then the
    // sender's town, 'Leicester': fresh seed 1877855200, file 248, a Chromium text PDF).
    if (UK_POSTCODE_IN_TEXT_RE.test(l.text)) {
      const other = below.findIndex((b) => Math.abs(b.size - pc.size) > 0.3 * pc.size);
      if (other < 0) return null;
      below.length = other;
      break;
    }
    below.push(l);
    [left, right, bottom] = [Math.min(left, l.x), Math.max(right, l.x + estWidth(l)), l.y + l.size];
  }
  // More lines than an address has, and no end found: the walk ran on into the block printed under this one, which ends
  // it where its type changes ('FROM:' / 'RH1 8YF' / … / 'WREN & IVY TOOLS' in 7 pt right over the recipient's block in
  // 14 pt, read on to the recipient's town and county: 'HEREFORD HEREFORDSHIRE' given as the sender, the recipient none:
  // gate seed 4125225391, file 29, a Chromium text PDF); in one type throughout, nothing sure.
  if (below.length > MAX_LINES_UNDER) {
    const other = below.findIndex((b) => Math.abs(b.size - pc.size) > 0.3 * pc.size);
    if (other < 0) return null;
    below.length = other;
  }
  // The last street or premises line ('THE OLD RECTORY' or 'Glenview' printed over the name, 'Bridge Road' without its
  // number); the name's lines after it.
  const last = clean(below[below.length - 1]?.text ?? "");
  // A line starting 'The' over a person's whole name: a house's name not known by its words ('The Laurels' over 'Jane
  // Smith', a miss) or a business's the person is at; either way not the name's first line, but the premises.
  const overThe = below.length >= 2 && THE_NAME_RE.test(clean(below[below.length - 2].text)) && personLine(last);
  // (The premises so found stand for the street where the street is not known by its words: 'ACACIA WAY' printed without
  // its number, 'Way' ending surnames too, over 'THE LAURELS' over 'NOAH THOMAS' gave no name: run F, SEED=2548624490,
  // file 1348, a pdf-lib legacy despatch label. So does the line over a whole name that starts with its title: 'Lavender
  // Place' / 'Bryn Awel' / 'Miss Noah Harrison', 'Place' ending businesses' names too: run E, SEED=76423947, file 2388.)
  const titledName = startsWithTitle(last) && personLine(last);
  const lastStreet = Math.max(below.findLastIndex((l) => addressLine(clean(l.text))), overThe || titledName ? below.length - 2 : -1);
  // The town comes before the street: on the postcode's own line ('York YO31 5FD') or the line under it.
  const townFirst = clean((classifyLine(pc.text).heading?.rest ?? pc.text).replace(UK_POSTCODE_IN_TEXT_RE, "")) !== "";
  if (lastStreet < (townFirst ? 0 : 1) || lastStreet === below.length - 1) return null;
  // A name starts at its title or initial: lines between the street and such a name are the premises' ('The Old Post
  // Office' over 'Mrs. Bjorn Wood': fresh seed 584889086, file 85, a 203 DPI thermal print; 'TY NEWYDD' over 'C
  // TURNER-HALE': fresh seed 1877855200, file 223, a pdf-lib text PDF; both names missed).
  // (Not under a title or initials of its own line: 'PROF' / 'C WOOD' is one name: fresh seed 1622903726, file 413.)
  const initialled = INITIAL_FIRST.test(last) && !isNameStart(clean(below[below.length - 2]?.text ?? ""));
  const street = startsWithTitle(last) || initialled || overThe ? below.length - 2 : lastStreet;
  const names = below.slice(street + 1);
  const text = (ls: TextLine[]) => ls.map((l) => clean(l.text));
  // A company's or contact's line over the name with a house's name between it and the street: the house's lines are the
  // premises ('Manor Lane' / 'The Laurels' / 'Seren Print Studio plc' / 'Imogen Llewellyn', the postcode's line over them
  // with the country: the block was read top down and its town, 'Isle of Bute', given as the name; a drawn case of seed
  // 258096912's files 33 and 706).
  const company = names.findLastIndex((l, i) => i < names.length - 1 && SECOND_LINE_RE.test(clean(l.text)));
  const premises = company > 0 ? names.splice(0, company).reverse() : [];
  // So is a line starting 'The' over a first name and a surname on lines of their own ('THE LAURELS' / 'CALLUM' /
  // 'PATTERSON' gave 'THE LAURELS CALLUM': fresh seed 969544535, file 2085, a 203 DPI thermal print of a legacy despatch
  // label). (Not over a business's last words: 'The Copper Kettle' / 'Supplies Ltd' is one name, or none.)
  if (!premises.length && names.length === 3 && THE_NAME_RE.test(clean(names[0].text)) && loneWords(clean(names[1].text), clean(names[2].text))) premises.push(...names.splice(0, 1));
  // So are the lines over a title or initials alone on a line, the name's start ('The Laurels' / 'Prof' / 'François St
  // John' gave 'The Laurels Prof': a drawn case of label-layout's test of a sender's heading over a block printed bottom up).
  const nameStart = names.findIndex((l, i) => i > 0 && isNameStart(clean(l.text)));
  if (!premises.length && nameStart > 0) premises.push(...names.splice(0, nameStart).reverse());
  if (names.length > 3 || !looksLikeName(text(names)[names.length - 1])) return null;
  const second = names.length > 1 && SECOND_LINE_RE.test(text(names)[0]) ? names.splice(0, 1) : [];
  // Three lines left, none a company's, a contact's or 'The…': a premises' name over a name broken over two lines
  // ('Bryn Awel' / 'Gurpreet' / 'Öztürk' gave 'Bryn Awel Gurpreet' with 'Öztürk' an address line: drawn, label-layout
  // SEED=275228483 and 8052918).
  // A title or initials alone over the two ('MR' / 'GURPREET' / 'ÖZTÜRK') are the name's start: a name on three lines,
  // which the block's reading top down would cut after two ('MR GURPREET'): nothing sure, none.
  if (!premises.length && !second.length && names.length === 3) {
    const [start, next, last] = text(names);
    if (loneWords(next, last) && isNameStart(start)) return null;
    if (loneWords(next, last)) premises.push(...names.splice(0, 1));
  }
  // Two lines left are one name broken, or nothing sure: a house name not known by its words ('THE OLD POST OFFICE'
  // over a shop's name) reads the same as a name's first line, and part of a name is worse than none.
  const rest = [...premises, ...below.slice(0, street + 1).reverse()];
  const [first, ...more] = text(names);
  if (more.length && !wrappedName(first, [...more, ...text(second), ...text(rest)]) && !loneWords(first, more[0])) return null;
  return [...names, ...second, ...rest];
}
