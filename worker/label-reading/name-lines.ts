/**
 * What a name line is, for the layout model (layout.ts): whether a line names a person or a shop
 * (words, not an identifier, a routing or service word, a slogan, a heading or a header printed
 * large), where a name ends when a narrow column wraps it or the same line runs on with the
 * address, and which lines are address lines however name-like (a street, a house name). The
 * kinds of line printed around addresses (references, routing and service words, taglines,
 * headings) are told in line-kinds.ts: they end every block, not only its name.
 */
import { clean } from "./fields";
import { UK_POSTCODE_RE } from "../lib/uk-postcode";
import type { AddressBlock } from "./address-blocks";
import { classifyLine, sortBoxLines } from "./line-kinds";
import type { TextLine } from "./text";
import { ABBREVIATED_TITLES, JOINED_NAME_PREFIXES, NAME_PARTICLES, ROUTING_LINE, TITLES } from "./vocabulary";

/** A person's or shop's name: address text made of words (at least two letters), not a heading nor OCR's debris. */
export const looksLikeName = (text: string) => {
  const t = clean(text);
  const kind = classifyLine(t);
  // (Nor the end of one: a name does not start with '&', 'AND CO' of 'Kelp' / '& CO'.) Nor a postcode alone: a block printed
  // bottom up starts there (a packing slip's 'Shipping address:' over 'ST1 0QE', given as a routing label's retailer:
  // rehearsal seed 1175936852, file 37, a Chromium text PDF).
  return /\p{L}{2}/u.test(t) && !kind.around && !kind.heading && !kind.debris && !/^&/.test(t) && !UK_POSTCODE_RE.test(t);
};

/**
 * One word in type over a third larger than an address's (a sort code whose number OCR missed,
 * 'WARR'; a logo): a header, never a name, which is printed at most a little larger than its address.
 * A word with a capital and then small letters ('Plymouth', 'K.Brown') is a name's or a town's, never
 * a sort code's or a logo's: OCR gives such a line a taller box than its neighbours (a descender, a
 * bold face), so its size alone says nothing.
 */
export const isHeaderWord = (l: TextLine, addressSize: number) => {
  const t = clean(l.text);
  return l.size >= 1.35 * addressSize && !/\s/.test(t) && !/\p{Lu}\p{Ll}{2}/u.test(t);
};

/** A title ('Mrs', 'Dr'), as a pattern. */
const TITLE = `(?:${TITLES.join("|")})`;

/** Small words inside names ('de la Cruz', 'ap Rhys', 'Ní Bhriain', 'ter Horst', 'Smith and Sons'): never OCR's debris. */
const PARTICLE_RE = new RegExp(`^(?:${[...NAME_PARTICLES, "ter", "ten", "op", "y", "and", "of", "the", "co", "ltd", "plc", "llp", "inc"].join("|")})$`, "iu");
/** A word in small letters only, perhaps with a stray quote or stop: OCR's reading of a smudge or a logo beside a name. */
const SMALL_WORD_RE = /^[“”"'‘’`]*\p{Ll}+[.,;:!]?$/u;
const CAPITALS_RE = /^[\p{Lu}'’.-]*\p{Lu}[\p{Lu}'’.-]*$/u;
const COMPANY_END_RE = /^(?:ltd\.?|limited|plc|llp|inc\.?|co\.?|&|and|sons)$/i;

/**
 * A name without OCR's debris around it: small-letter words before it ('ds BLUEWATER SPORTS',
 * '“eres Gurpreet Leroy') or a short one after it ('Dafydd Walker oe'), and after a name in capitals
 * a run of other words holding such debris ('MORAG CUNNINGHAM Ree. a utter'). A name's own small
 * words stay ('de la Cruz'). An I or l OCR read as '!' is put back ('KOF!', 'Danie!').
 */
export function withoutDebris(name: string): string {
  // An I or l read as '!' ('KOF! THOMPSON', 'Danie! Johnson'), before a possessive's apostrophe too ("WE!'S APOTHECARY": fresh
  // seed 208294708, file 274, a 150 DPI photo, whose sender was given as none): no name holds a '!'. A capital I read both
  // as itself and as a '!' beside it is one I ('NGOZ!I WOOD' for NGOZI WOOD, given 'NGOZII': fresh seed 244943082, file 200,
  // a 200 DPI scan); not a small l, which names double ('Russe!l').
  let words = name
    .split(" ")
    .filter(Boolean)
    .map((w) => (/^\p{Lu}+!(?:\p{Lu}|['’])*$/u.test(w) ? w.replace(/!I|I!|!/, "I") : /^\p{Lu}\p{Ll}+!(?:\p{Ll}|['’])*$/u.test(w) ? w.replace("!", "l") : w));
  // (Not a title read in small letters, 'mrs. Amelia Hussain' for Mrs.: fresh seed 740915671, file 2284, a 203 DPI thermal
  // print, whose recipient was given as 'Amelia Hussain'. The title is part of the name.)
  const debris = (w: string) => SMALL_WORD_RE.test(w) && !PARTICLE_RE.test(w.replace(/[^\p{L}]/gu, "")) && !TITLE_ALONE_RE.test(w);
  while (words.length > 1 && debris(words[0]) && /^\p{Lu}/u.test(words[1])) words = words.slice(1);
  const caps = words.findIndex((w) => !CAPITALS_RE.test(w) && !COMPANY_END_RE.test(w));
  if (caps >= 2 && words.slice(0, caps).some((w) => /\p{Lu}{2}/u.test(w)) && words.slice(caps).some(debris)) words = words.slice(0, caps);
  while (words.length > 1 && debris(words[words.length - 1]) && words[words.length - 1].replace(/\P{L}/gu, "").length <= 3 && /^\p{Lu}/u.test(words[words.length - 2])) words = words.slice(0, -1);
  return words.join(" ");
}

/** A heading printed after a name on its baseline (the next column's, 'GARETH SØRENSEN Ship from:'): no part of the name. */
export function withoutTrailingHeading(line: string): string {
  const words = line.split(" ");
  for (let i = 1; i < words.length; i++) {
    const tail = words.slice(i).join(" ");
    if (tail.endsWith(":") && classifyLine(tail).heading?.rest === "") return words.slice(0, i).join(" ");
  }
  return line;
}

/** A complete name on its own: not a street, a house name or the start of a run of address parts ('Hall', 'Hill' and 'Dr' are names too). */
export const namesItself = (text: string) => looksLikeName(text) && !/,\s*$/.test(text) && !isStreetLine(text) && !HOUSE_NAME_RE.test(text) && splitNameLine(text).rest.length === 0;
/** The words a house's name ends in ('Rose Cottage', 'Orchard House', 'The Old Rectory'). */
const HOUSE_WORDS = "cottages?|house|farm(?:house)?|barn|lodge|manor|villa|granary|bungalow|rectory|vicarage";
const HOUSE_NAME_RE = new RegExp(`\\b(?:${HOUSE_WORDS}|chambers)\\b`, "i");

/** A house number and street or building ('86 Victoria Buildings'), or a flat or unit: an address line, never a name. */
export const isStreetLine = (line: string) =>
  /^(?:flat|unit|apartment|apt|suite)\s+\d/i.test(line) ||
  (/^\d+[A-Za-z]?(?:[-–/]\d+[A-Za-z]?)?,?\s+\S/.test(line) && (STREET_WORD_RE.test(line) || BUILDING_RE.test(line))) ||
  GLUED_STREET_RE.test(line);
const BUILDING_RE = /\b(?:buildings?|house|court|maltings|works|mill|chambers|estate|wharf|lodge|tower)\b/i;

/**
 * A street printed without its number ('Tennyson Crescent', "King's Close"; OCR may also have lost the number): words
 * ending in a street's word that no name or shop ends in ('Hill', 'Lane', 'Green' and 'Park' are surnames too; 'Way'
 * is one too, and 'Place' and 'Court' end businesses' names). Row, Walk and Rise end no name: 'Castle Row' over 'The
 * Laurels' over 'Gurpreet de la Cruz' printed bottom up gave no name, the street not known (run D, SEED=2845914634, file
 * 1905, a Chromium text PDF); of the ~28,000 distinct names the stored runs read, none ends so but one street run in.
 */
export const isNumberlessStreet = (line: string) => NUMBERLESS_STREET_RE.test(line);
// (A street may start with Sir or Dame: 'Dame Street', 'Sir Thomas Street'.)
const NOT_TITLED = `(?!(?:${ABBREVIATED_TITLES.join("|")})\\b)`;
const NUMBERLESS_STREET_RE = new RegExp(String.raw`^${NOT_TITLED}[\p{L}'’.-]+(?:\s[\p{L}'’.-]+){0,2}\s(?:road|street|avenue|close|drive|crescent|gardens|terrace|mews|square|parade|grove|approach|circus|boulevard|embankment|causeway|row|walk|rise)$`, "iu");

/** A comma that starts a house number or premises: the name line goes on with the address. */
const ADDRESS_AFTER_COMMA_RE = /^(?:\d|(?:flat|unit|apartment|apt|suite|floor|room|studio|block)\b)/i;
/** Words of streets ('Mill Lane') and, with them, of house names ('Rose Cottage'). */
const STREET_WORD_RE = /\b(?:road|rd|street|st|lane|ln|avenue|ave|close|drive|dr|way|place|pl|crescent|grove|gardens|terrace|hill|rise|park|row|square|walk|view|green|parade|quay|estate|mews|court|wharf|yard|approach|circus|boulevard|embankment|causeway|wynd|broadway)\b/i;
/**
 * A house number and its street with the gaps lost, the street's words run together ('201CROMWELLSQUARE', '139BridgeClose',
 * '236 VICTORIAAVENUE': run H, SEED=1227518014, files 3298 and 695, 240 and 200 DPI photos of blocks printed bottom up,
 * whose street so read was not known and the senders were lost). A name never starts with a figure.
 */
const GLUED_STREET_RE = new RegExp(`^\\d+[A-Za-z]?\\s*[\\p{L}'’]{3,}${STREET_WORD_RE.source.replace(/\\b/g, "")}$`, "iu");
/** A line ending in a street's word ('Elm Way', 'Wellington Court'): a street, its number lost or not printed. */
const STREET_END_RE = new RegExp(`${STREET_WORD_RE.source}$`, "i");
const ADDRESS_WORD_RE = new RegExp(`${STREET_WORD_RE.source}|\\b(?:cottage|house|farm|barn|lodge|mill|manor|hall|villa|works|granary|building|chambers)\\b`, "i");
/** A name line that cannot end where it does: on a particle, a connective, a title or an initial. */
// (A title with its stop too: 'Mrs.' over 'Z de la Cruz', fresh seed 584889086, file 260, a 200 DPI scan whose name was missed.)
const UNFINISHED_NAME_RE = new RegExp(String.raw`(?:^|\s)(?:&|and|of|${NAME_PARTICLES.join("|")}|st\.?|(?:${TITLES.join("|")})\.?|\p{Lu}\.?)$`, "iu");
/** A company's suffix on a line of its own: the end of its name ('Bluebell Print Studio' / 'Ltd'). */
const COMPANY_SUFFIX_RE = /^(?:\(uk\)\s*|uk\s+)?(?:ltd\.?|limited|plc|llp|inc\.?|co\.?|company|group|holdings(?:\s+(?:ltd\.?|limited))?|&\s*(?:co\.?|sons)|and\s+sons)$/i;
/** The rest of a wrapped name: one to three words of letters, no number and no street or house word. */
// (Particles aside: 'Z de la Cruz' is two words of a name.)
const NAME_END_RE = new RegExp(`^(?!.*(?:${STREET_WORD_RE.source}|${HOUSE_NAME_RE.source}))[\\p{L}'’.-]+(?:\\s(?:(?:${NAME_PARTICLES.join("|")})\\s)*[\\p{L}'’.-]+){0,2}$`, "iu");
/**
 * The rest of a wrapped name holding a saint's surname ('Dr.' / 'Z St John', 'Mrs' / 'ST CLAIR': run F, file 1311, a
 * turned pdf-lib label's narrow column whose recipient was missed): 'St' there is no street's word, being neither at the
 * line's end ('High St') nor before one ('St Mary's Road'); the line is a name's end where it is one without it.
 */
const SAINTS_END_RE = /^((?:[\p{L}'’.-]+\s)?)[Ss][Tt]\.?\s(\p{Lu}[\p{L}'’-]+)$/u;
const saintsEnd = (next: string) => {
  const m = next.match(SAINTS_END_RE);
  return Boolean(m) && NAME_END_RE.test(`${m?.[1]}${m?.[2]}`);
};
/** One word of letters: the end of a name, never a street on its own ('Hill', 'Johnson'). */
const ONE_WORD_RE = /^[\p{L}'’-]{2,}$/u;
/** 'The' run into the word after it ('THELAURELS', 'TheWillows'): a house's or a shop's name whose gap OCR lost. */
const THE_RUN_IN_RE = /^the\p{L}{4,}$/iu;
/** A title run into the name after it in capitals, the line's gaps lost ('DRKOFIKAUR', 'MRSJANEHILL'). */
const TITLE_RUN_IN_RE = new RegExp(`^(?:${ABBREVIATED_TITLES.map((t) => t.toUpperCase()).join("|")})\\p{Lu}{6,}$`, "u");
/** Sixteen letters or more with no gap: no surname is so long ('Featherstonehaugh' aside); OCR's words run together. */
const RUN_TOGETHER_RE = /\p{L}{16,}/u;
/**
 * One word that is an address's, not a name's: a house name by its ending ('Rosemount', 'Beechwood',
 * 'Glenview', 'Hillcrest'), a department of a business ('Reception', 'Accounts'), or a flat or unit
 * whose number OCR lost ('Mr. Bethan Jones' / 'Flat' / '95 Holly Square').
 */
const DEPARTMENT_RE = /^(?:reception|accounts|warehouse|stores|office|mailroom|admin|goods-in|flat|unit|apartment|apt|suite)$/i;
/** A house's word run into the one before it ('FERNLODGE': OCR lost the gap). No surname ends in these. */
const RUN_TOGETHER_HOUSE_RE = /(?:lodge|cottage|farm|barn|manor)$/i;
// (The ending after a word of its own: 'Wood', 'Hurst' or 'Croft' alone is a surname, the end of a name wrapped over two lines
// ('Joaquín Gurpreet' / 'Wood' / '35 Acacia Mews' gave 'Joaquín Gurpreet': fresh seed 3921715364, file 1040, a pdf-lib text PDF).)
// (And a premises' word alone, its number lost or misread into it: "Ffion'sVintage" / 'Units' (Unit 5) / '168 Corstorphine
// Hill' gave "Ffion'sVintage Units": fresh seed 1828812012, file 2347, a 300 DPI photo. No name ends in such a word.)
const ONE_WORD_ADDRESS_RE = new RegExp(`\\p{L}{2}(?:wood|woods|view|side|fields?|mount|hurst|croft|holme|dene|lea|lands|stones|crest|ways|acres?|haven|garth|brae|combe|ridge|stead|cote)$|^(?:units?|flats?|suites?|apartments?)$|${RUN_TOGETHER_HOUSE_RE.source}|${DEPARTMENT_RE.source}`, "iu");
/** One word that is an address's ('Glenview', 'Reception'): a premises line, never a name's. */
export const isOneWordAddress = (line: string) => ONE_WORD_RE.test(line) && ONE_WORD_ADDRESS_RE.test(line);
/** What follows a whole name: the premises ('27 Station Grove', 'Flat 5B', 'UNIT 1, MERCER HOUSE'), a company ('… Holdings Ltd') or a contact ('c/o …', 'Attn …'). */
const AFTER_NAME_RE = /^(?:\d+[a-z]?\b|(?:flat|unit|apartment|apt|suite)\s+\d|(?:c\/o|attn|fao)\b)|\b(?:ltd\.?|limited|plc|llp|inc\.?|co\.?|company)$/i;
/** A title and one word ('DR OSCAR', 'Mrs. Fionnuala'): one more word under it is the rest of the name, unless a house's ('Beechwood'). */
const TITLE_AND_WORD_RE = new RegExp(String.raw`^${TITLE}\.?\s+[\p{L}'’-]{2,}$`, "iu");

/**
 * Whether a name line goes on with the first address line: where the name cannot end ('Ms Z' /
 * 'Okafor', 'Ms B' / 'Hill': one word is never a street), at a company's suffix ('Ltd'), or one word
 * between the name and what follows a whole name ('Dr. Olivia' / 'Fitzgerald' / '197 Abbey Mews',
 * 'The Copper Kettle' / 'Tools' / 'Flat 11, Dock House') or a house name, which starts an address
 * ('LITTLE FERN' / 'OUTFITTERS' / 'THE OLD RECTORY', 'Little Fern' / 'Gifts' / 'Beechwood'). A
 * house name there stays an address line ('John Smith' / 'Rosemount', 'Mr Patel' / 'Orchard House').
 */
/** A house or premises name by its words ('The Old Rectory', 'Hillside Farm', 'Rose Cottage'): an address line. */
export const isPremises = (line: string) => (HOUSE_NAME_RE.test(line) || CELTIC_HOUSE_RE.test(line)) && !/^(?:c\/o|attn|fao)\b/i.test(line);
/**
 * A house named in Welsh or Gaelic by its first word, the house ('Ty Newydd', 'Tŷ Gwyn', 'Plas Newydd', 'Bwthyn Bach',
 * 'Taigh na Mara'), numbered or not: printed between a street and a name in a block printed bottom up, it was taken for
 * the name's first line and the name was none ('TY NEWYDD' over 'HARRY Ó SÚILLEABHÁIN': gate seed 577469302, file 60, a
 * pdf-lib text PDF). ('Bryn' and 'Pen' start house names too, 'Bryn Awel', but people's names as well: 'Bryn Jones'.)
 */
const CELTIC_HOUSE_RE = /^(?:\d+[a-z]?,?\s+)?(?:ty|tŷ|plas|bwthyn|fferm|tyddyn|llys|taigh|tigh)\s+\p{L}/iu;
/** Whether a line is a house named in Welsh or Gaelic by its first word (above). */
export const isCelticHouse = (line: string) => CELTIC_HOUSE_RE.test(line);

/**
 * A house's name, by the word it ends in ('ROSE COTTAGE', 'Orchard House', 'Fernlodge'): no one's name. A block starting
 * with one lost its name's line ('ROSE COTTAGE' over 'QUAY DRIVE', the name taken into the block beside it: fresh seed
 * 3217537065, file 2177, a broker's scan, whose recipient was given as 'ROSE COTTAGE').
 */
export const isHouseName = (line: string) => HOUSE_NAME_END_RE.test(line) || (ONE_WORD_RE.test(line) && RUN_TOGETHER_HOUSE_RE.test(line));
// Not 'chambers', which HOUSE_NAME_RE counts as premises: businesses are named so too ('Garden Court Chambers').
const HOUSE_NAME_END_RE = new RegExp(`\\b(?:${HOUSE_WORDS})$`, "i");

const TITLE_ALONE_RE = new RegExp(String.raw`^${TITLE}\.?$`, "i");

/** A line that starts with a title and goes on ('Mrs. Bjorn Wood', 'DR YUSUF HILL'): a person's name starts there. */
export const startsWithTitle = (line: string) => TITLED_RE.test(line);
const TITLED_RE = new RegExp(String.raw`^${TITLE}\.?\s+\p{L}`, "iu");

/** A title or initials alone on their line ('MR', 'F', 'Mrs J K'): the start of the name printed under them. */
export const isNameStart = (line: string) => {
  const [first, ...initials] = clean(line).split(" ");
  const initial = (w: string) => /^\p{Lu}\.?$/u.test(w);
  return (TITLE_ALONE_RE.test(first) || initial(first)) && initials.length <= 2 && initials.every(initial);
};

/**
 * Initials on a heading's line over a surname alone on the next ('Ship to: G.' / 'Morgan', 'SHIPFROM: F' / 'WRIGHT'): the
 * name's start, not OCR's debris (issue 36, class 2: 'Morgan' alone is part of a name). Only over one word: a letter
 * after a heading over a whole name ('To: I' / 'Jane Smith') is more likely OCR's reading of a mark than an initial.
 */
export const initialsOver = (start: string, next: string | undefined) => isNameStart(start) && next !== undefined && ONE_WORD_RE.test(clean(next));

/** Words run together ('JoséKelly', 'TheButtonTinSilver': OCR or a text layer lost the gaps), not one word; 'McKenzie' and 'MacLeod' are one. */
const runTogether = (word: string) => word.split(/(?<=\p{Ll})(?=\p{Lu})/u).slice(0, -1).some((part) => !JOINED_NAME_PREFIXES.includes(part.toLowerCase()));

/**
 * One word over one more word, then the address ('Olivia' / 'MacLeod' / 'Bryn Awel'): a first name over its surname,
 * or a one-word name over a house's, which cannot be told apart (issue 36, class 2). Part of a name is worse than none.
 * A house's ending tells nothing here: 'Underwood', 'Greenwood' and 'Whitfield' are surnames too ('Oscar' /
 * 'Underwood' gave 'Oscar', bench/outside seed 1366117983); a department ('Reception') is no one's name.
 */
export const loneWords = (name: string, next: string | undefined) =>
  ONE_WORD_RE.test(name) && !runTogether(name) && next !== undefined && ONE_WORD_RE.test(next) && !DEPARTMENT_RE.test(next) && !HOUSE_NAME_RE.test(next) && !COMPANY_SUFFIX_RE.test(next);

/**
 * A name that cannot end where it does ('Rev H', 'Zoë van der') over one word of letters and a sign no name holds ('S@rensen':
 * OCR read its ø as @; fresh seed 559424722, file 187, a 300 DPI photo whose recipient was given as 'Rev H'): the name's end,
 * misread. Part of a name is worse than none (issue 36, class 2). Not a street, a house's or a department's word, nor a
 * number: 'Dr. A' over '12 High Street' or 'Mill Lane' is how some print a name whole.
 */
export const endMisread = (name: string, next: string | undefined) =>
  UNFINISHED_NAME_RE.test(name) && next !== undefined && /^\p{L}\S*$/u.test(next) && /\p{L}{2}/u.test(next) && /[^\p{L}'’.-]/u.test(next) && !ONE_WORD_ADDRESS_RE.test(next) && !HOUSE_NAME_RE.test(next);

/**
 * How a line's words are set: in capitals, in small letters with capitals, or neither told by its titles and initials
 * ('Mr J' over 'SMITH' is one name).
 */
const lettering = (line: string) => {
  const words = line.split(/\s+/).filter((w) => !TITLE_ALONE_RE.test(w) && /\p{L}{2}/u.test(w)).join(" ");
  return /\p{Ll}/u.test(words) ? "small" : /\p{Lu}{2}/u.test(words) ? "capitals" : null;
};

export function wrappedName(name: string, address: string[]): boolean {
  const [next, after, street] = address;
  if (COMPANY_SUFFIX_RE.test(next)) return true;
  // A couple's name wrapped at its '&', a title left alone over the rest ('MR' / '& MRS JACKSON': run D, SEED=2845914634,
  // file 2631, a 300 DPI scan of a legacy despatch label, whose name was missed). No line of an address starts '& Mrs'.
  const couple = next?.match(/^(?:&|and)\s+(.+)$/i)?.[1];
  if (couple && TITLE_ALONE_RE.test(name) && startsWithTitle(couple) && NAME_END_RE.test(couple)) return true;
  // A name's words are set alike: a word in capitals under a name in small letters (or the other way) is another line's,
  // ('SHIP FROM: Thistle Crafts' over the recipient's "GO'BRIEN": fresh seed 1622903726, file 376, a 200 DPI photo whose
  // sender was given as "Thistle Crafts GO'BRIEN").
  const [set, nextSet] = [lettering(name), lettering(next ?? "")];
  if (set && nextSet && set !== nextSet) return false;
  // (Sixteen letters or more in one word are words OCR ran together, a line of their own, not a name's last word:
  // 'AVAKHAN' over 'OLDFORGEVETSLIMITED' over 'FLAT 1C', fresh seed 683783121, file 74, a table photo set tight.)
  const oneWord = ONE_WORD_RE.test(next) && !HOUSE_NAME_RE.test(next) && !RUN_TOGETHER_RE.test(next);
  // (Not a house named in Welsh or Gaelic: 'Mr and Mrs' over 'Ty Newydd', the surname's line lost, gave 'Mr and Mrs Ty
  // Newydd': gate seed 3856939004, a 96 DPI screenshot. No name the stored runs read holds such a house's word.)
  if (UNFINISHED_NAME_RE.test(name)) return !CELTIC_HOUSE_RE.test(next) && (NAME_END_RE.test(next) || oneWord || saintsEnd(next));
  // (Nor a word that starts with 'The' run into the next under a name that can end there: a house's 'The Laurels' whose gap
  // OCR lost ('MR. CHLOÉ DOHERTY' / 'THELAURELS' / '216 CHESTNUT RISE' gave 'MR. CHLOÉ DOHERTY THELAURELS': run D, SEED=
  // 2845914634, file 2488, a 150 DPI table photo). A surname so spelt ('Theobald', 'Thelwell') wrapped alone under a
  // name that can end is rarer than a house called 'The …'; of the 28,900 distinct names the stored runs read, no right one
  // ends in such a word.)
  if (THE_RUN_IN_RE.test(next)) return false;
  // (Nor under a whole name whose gaps OCR lost, its title run into it ('DRKOFIKAUR' / 'BRYNAWEL' / '80 WILLOW WAY' gave
  // 'DRKOFIKAUR BRYNAWEL': run D, SEED=2845914634, file 2757, a 150 DPI photo): the word under it lost its gaps too, a house's
  // ('Bryn Awel'), not the name's end. No name of the 28,900 the stored runs read has a word so begun.)
  if (TITLE_RUN_IN_RE.test(name) && oneWord) return false;
  // (A house name by its ending, not the town under it: 'Kirkstall' / 'Huddersfield' is a locality and its town.)
  const houseAfter = ONE_WORD_RE.test(after) && ONE_WORD_ADDRESS_RE.test(after) && address.length > 2;
  // A line of words over the numbered street is the premises, printed once between the name and its street: the word over it
  // ends the name ('Copper Kettle' / 'Home' / 'Bryn Awel' / '214 Gladstone Avenue', 'Niamh' / 'Watson' / 'Ty Newydd' / '126
  // Corstorphine Gardens': fresh seeds 3422321280, file 283, a sender given as 'Copper Kettle'; 584889086, file 109, four names missed).
  // (The street without its number too, there by its last word: 'From: The Dovetail' / 'Home' / 'The Old Post Office' /
  // 'Alexandra Road' gave 'The Dovetail', 'Blue Heron' / 'Home' / 'Ty Newydd' / 'Wellington Court' 'Blue Heron': drawn cases
  // of gate seed 86090039's file 45.)
  const premisesAfter = after !== undefined && !/\d/.test(after) && street !== undefined && (isStreetLine(street) || STREET_END_RE.test(street));
  return oneWord && !ONE_WORD_ADDRESS_RE.test(next) && (TITLE_AND_WORD_RE.test(name) || AFTER_NAME_RE.test(after) || HOUSE_NAME_RE.test(after) || houseAfter || premisesAfter);
}

/**
 * A name over one word of a name's shape, set as the name is, over a line in the street's place (two lines or more under it
 * before the postcode: the town and its county) that reads as no street, no figure and no house's word ('Tomasz Hannah' /
 * 'Watson' / 'Sc cCim Lill' / 'Leeds' / 'West Yorkshire' for 25 Elm Hill: fresh seed 969544535, file 2784, a 203 DPI
 * thermal print whose recipient was given as 'Tomasz Hannah'). wrappedName takes the word for the name's end where the
 * line after it is the premises or the street; with that line misread, the word may end the name or name the house
 * ('Windrush'), which cannot be told apart (issue 36, class 2). Part of a name is worse than none. Not a word OCR ran
 * together ('TheLaurels': the gaps of the whole block lost), nor over a street printed without its number ('Church Lane'),
 * its gaps lost too ('C PATTERSON' / 'BRYNAWEL' / 'ACACIACRESCENT': seed 903215200, a thermal print).
 */
export function endUnknown(name: string, address: string[]): boolean {
  const [next, after] = address;
  if (address.length < 4 || !ONE_WORD_RE.test(next) || runTogether(next) || RUN_TOGETHER_RE.test(next) || ONE_WORD_ADDRESS_RE.test(next) || HOUSE_NAME_RE.test(next) || COMPANY_SUFFIX_RE.test(next)) return false;
  const set = lettering(name);
  if (!set || set !== lettering(next)) return false;
  return !/\d/.test(after) && !isStreetLine(after) && !isNumberlessStreet(after) && !STREET_END_RE.test(after) && !RUN_TOGETHER_STREET_RE.test(after) && !HOUSE_NAME_RE.test(after) && !ONE_WORD_ADDRESS_RE.test(after);
}
/**
 * A title and one word over one word with a house's ending, set alike, over the street ('MS ISLA' / 'UNDERWOOD' / '41 BRIDGE
 * STREET': bench/outside seed 85369019, file 89, a carrier API's text PDF whose recipient was given as 'MS ISLA'). The word
 * may be the house ('Beechwood') or the surname the line wrapped ('Underwood', 'Greenwood', 'Butterfield'): a title and a
 * first name, or a title and a surname over a house, cannot be told apart. None, rather than part of a name.
 */
export function surnameOrHouse(name: string, address: string[]): boolean {
  const [next, after] = address;
  if (!TITLE_AND_WORD_RE.test(name) || !ONE_WORD_RE.test(next ?? "") || HOUSE_NAME_RE.test(next) || !ONE_WORD_ADDRESS_RE.test(next) || DEPARTMENT_RE.test(next)) return false;
  const set = lettering(name);
  return Boolean(set) && set === lettering(next) && after !== undefined && (isStreetLine(after) || /^\d/.test(after));
}

/** A street's last word run into the words before it ('ACACIACRESCENT'). */
const RUN_TOGETHER_STREET_RE = new RegExp(`\\p{L}{3}${STREET_WORD_RE.source.replace(/\\b/g, "")}$`, "iu");

/** A full stop after a word of three letters or more that is no abbreviation, then more text: where OCR read a comma. */
// (Titles of three letters or more written with a stop: 'Mrs.', 'Prof.'.)
const ABBREVIATIONS = [...ABBREVIATED_TITLES.filter((t) => t.length >= 3), "ltd", "inc", "plc", "llp", "co", "corp", "bros", "dept", "est", "st", "jr", "sr", "esq", "the"];
const FULL_STOP_RE = new RegExp(String.raw`^([^.,]*?(?<![\p{L}'’-])(?!(?:${ABBREVIATIONS.join("|")})\.)[\p{L}'’-]{3,})\.\s+(\S.*)$`, "iu");

/**
 * The name, and any address the same line goes on with: senders are often printed on one line
 * ('Quayside Books, 3 Dock St, Whitby', 'Tidewater Tea Co, Rose Cottage, Mill Lane'). The name is the
 * first part when a run of parts follows, or when the part after it is plainly an address (a number,
 * a flat, a house or street name); a comma inside a name ('Smith, Jones & Co') is kept.
 */
/** A house number and street at the end of a name's line ('Mx Siobhan Patterson 49 Jubilee Lane': OCR read two lines as one). */
const STREET_AFTER_NAME_RE = new RegExp(`^(\\p{L}.*?\\p{L}\\.?)\\s+(\\d+[A-Za-z]?\\s+(?:[\\p{L}'’-]+\\s+){0,3}(?:${STREET_WORD_RE.source}))(?:\\.\\s+(\\p{Lu}[\\p{L}'’ -]*))?$`, "iu");

export function splitNameLine(line: string): { name: string; rest: string[] } {
  const run = line.match(STREET_AFTER_NAME_RE);
  const street = run && !line.includes(",") && looksLikeName(run[1]) ? { name: clean(run[1]), rest: [clean(run[2]), ...(run[3] ? [clean(run[3])] : [])] } : null;
  if (street && !run?.[3]) return street;
  // OCR reads a comma as a full stop ('The Atlas Silver. 135 King's Avenue. London'): one after a
  // whole word (not a title, an initial or 'Ltd.') ends the name as a comma does.
  const stop = line.match(FULL_STOP_RE);
  if (stop && looksLikeName(stop[1])) {
    const after = splitNameLine(stop[2]);
    return { name: clean(stop[1]), rest: [after.name, ...after.rest] };
  }
  // Its town after a full stop OCR read for a comma, the name ending in an abbreviation ('Copper Kettle Tea Co. 213 Tennyson Crescent. Hemel Hempstead').
  if (street) return street;
  const parts = line.split(",").map((part) => clean(part)).filter(Boolean);
  if (parts.length < 2) return { name: clean(line.replace(/,\s*$/, "")), rest: [] };
  // A last part that only starts a house's name ('Seren Home, The' of 'Seren Home, The Post Office, …', the rest read as
  // another line: fresh seed 3017533773, a photo) is the address's: a name never ends in ', The'.
  const at = parts.length >= 3 ? 1 : parts.findIndex((p, i) => i > 0 && (ADDRESS_AFTER_COMMA_RE.test(p) || ADDRESS_WORD_RE.test(p) || /^the$/i.test(p)));
  if (at <= 0) return { name: clean(line), rest: [] };
  return { name: parts.slice(0, at).join(", "), rest: parts.slice(at) };
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
  // (Or, printed bottom up, at its postcode: a packing slip's 'ST1 0QE' over 'Stoke-on-Trent' … 'Lucy Smith', whose town was
  // taken for a routing label's retailer: rehearsal seed 1175936852, file 37, a Chromium text PDF.)
  const names = new Set(layout.blocks.flatMap((b) => [b.lines[0] ?? "", b.postcode ?? ""]).filter(Boolean).map((t) => clean(t).toLowerCase()));
  const tops = [...layout.blocks.map((b) => b.top), ...sorted.filter((l) => names.has(clean(l.text).toLowerCase())).map((l) => l.y)];
  // No block found (its postcode misread): the first street line stands for its top ('Bek 1 Ot', a misread 'Pcl 1 of 1'
  // under the recipient's block whose postcode read '1si1 5qj', was taken for the retailer: a stored 300 DPI photo).
  const streets = layout.blocks.length ? [] : sorted.filter((l) => streetish(clean(l.text))).map((l) => l.y);
  const firstBlockTop = Math.min(...tops.filter((y) => y >= from), ...streets.filter((y) => y >= from), Number.POSITIVE_INFINITY);
  const sortBox = sortBoxLines(sorted);
  const addressSize = Math.max(...layout.blocks.map((b) => b.size));
  // A depot's sort code (a few capitals, 'WARR') whose number was not read is no retailer.
  const sortCode = (l: TextLine, t: string) => /^[A-Z]{2,6}$/.test(t) && isHeaderWord(l, addressSize);
  for (const l of sorted) {
    if (l.y < from) continue;
    if (l.y >= firstBlockTop) break;
    const t = clean(l.text);
    // A line boxed under a quarter of the address's type high is a speck's reading, no print ('Bee' boxed 1 px high beside
    // 'Dovetail Goods' in 49 px type, taken for the retailer: run E, SEED=76423947, file 2438, a 240 DPI scan, then none).
    if (l.size < addressSize / 4) continue;
    if (t.length < 3 || sortBox.has(l) || sortCode(l, t) || !looksLikeName(t) || exclude.some((re) => re.test(t))) continue;
    if (!layout.blocks.length && (classifyLine(t).contact || streetish(t) || inBlock(sorted, l))) continue;
    return withoutDebris(t);
  }
  return null;
}

const streetish = (t: string) => isStreetLine(t) || STREET_END_RE.test(t);

/**
 * A line of an address block: a street (a house number and a street's word, a flat, a line ending in a street's word)
 * within three lines of it, above or below, in its column (as far left, each close to the last, type of its size).
 * Asked only where the layout found no block. A retailer's header is printed alone, with no address; a recipient's block
 * whose postcode was not read is no block to the layout, and its name, first on the page, was taken for the retailer
 * ('GRACE HUSSAIN' over 'TY NEWYDD' / '68 CORONATION CLOSE', its postcode read 'ML1': rehearsal ci-80's gate, seed
 * 3278361977, file 504, a 300 DPI photo turned over), or its town once the name was passed. A bare reference number or
 * '48 HOUR DELIVERY' under a header is no street.
 */
function inBlock(sorted: TextLine[], line: TextLine): boolean {
  const column = sorted.filter((l) => l !== line && Math.abs(l.x - line.x) <= line.size);
  const near = (from: TextLine, step: 1 | -1): boolean => {
    let last = from;
    const run = step === 1 ? column.filter((l) => l.y > from.y) : column.filter((l) => l.y < from.y).reverse();
    for (const l of run.slice(0, 3)) {
      const gap = step === 1 ? l.y - (last.y + last.size) : last.y - (l.y + l.size);
      if (gap > 1.5 * Math.max(line.size, l.size) || Math.abs(l.size - line.size) > 0.25 * line.size) return false;
      if (streetish(clean(l.text))) return true;
      last = l;
    }
    return false;
  };
  return near(line, 1) || near(line, -1);
}

/** Header lines are at most this many lines apart (and 60 pt): a wider gap above them is the label's edge. */
const HEADER_GAP_LINES = 6;

/** The top of the run of lines above a routing label's VAN / DROP line with no gap wider than a label's header has. */
function labelTop(sorted: TextLine[]): number {
  const routing = sorted.findIndex((l) => ROUTING_LINE.test(l.text));
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

/** A street or premises line ('14 Canal Street', 'THE OLD RECTORY', 'Glenview', 'Bridge Road' without its number). */
export const addressLine = (t: string) => isStreetLine(t) || isPremises(t) || isNumberlessStreet(t) || isOneWordAddress(t);
