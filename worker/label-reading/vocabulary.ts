/**
 * The words labels print that label reading looks for, each spelled once: the headings that name an address's
 * role, the carriers' names, routing and service words, the small words of names. The rules that tell what a line is (line-kinds.ts), the
 * names (name-lines.ts), the OCR repairs (ocr/text.ts), the documents that are not labels (documents.ts) and the
 * weight readers build their patterns from these lists. A new word goes here, in the list of what it is; how to add
 * one, and a worked example: docs/label-reading.md. A test (vocabulary.test.ts) fails when a list is spelled again
 * elsewhere in label-import.
 *
 * Entries are plain words or phrases where that is all a label prints; where printers or OCR vary a word, the entry
 * is a pattern's source ('parce[il1|]\s?shop': ParcelShop with its l read as i). All are matched in any case.
 */

/** The role an address plays on a label. 'other': an address that is no party to the parcel (the shop it was dropped off at, a billing address). */
export type AddressRole = "recipient" | "sender" | "return" | "other";

/** A phrase as a pattern: any space between its words or none, a hyphen optional ('my hermes', 'c-round'). */
export const loosely = (phrase: string) => phrase.replace(/-/g, "-?").replace(/ /g, String.raw`\s*`);

// ---- Carriers ---------------------------------------------------------------------------------------------------

/** The carriers whose labels are read, by every name their labels print (Evri was Hermes until 2022). */
export const READ_CARRIERS = ["evri", "hermes", "royal mail"];
/** Every carrier's name as its logo or header prints it (the space may be missing: 'MyHermes', 'RoyalMail'): never part of an address. */
export const CARRIER_NAMES = [...READ_CARRIERS, "my hermes", "parcelforce", "dpd", "yodel", "ups", "dhl"];
/**
 * Hermes' courier networks, printed by the logo of its routing labels ('COU-PNET', 'PNET'; the drop and next-day networks
 * 'COU-PDRO', 'COU-PNXT': alone in the header, 'COU-PDRO' was given as a routing label's sender, fresh seed 2477354623,
 * file 306, a pdfkit text PDF).
 */
export const CARRIER_NETWORKS = ["cou-pnet", "cou-pdro", "cou-pnxt", "pnet", "pdro", "pnxt"];

// ---- Routing ----------------------------------------------------------------------------------------------------

/** Routing fields printed with a number ('VAN 98', 'DROP 38', 'C-ROUND 7123', 'HUB 4'). The first three are a routing label's own (Evri / Hermes API output). */
export const ROUTING_FIELDS = ["van", "drop", "c-round", "round", "route", "sort", "depot", "hub"];
const ROUTING_LABEL_FIELDS = ROUTING_FIELDS.slice(0, 3);
/** Routing words a label's header prints alone or with a number ('HUB', 'ZONE 4', 'CHUTE 12'). */
export const ROUTING_WORDS = [...ROUTING_FIELDS, "zone", "bay", "cage", "belt", "chute", "seq", "run", "trunk"];

/** A routing label's line: VAN, DROP or C-ROUND and its number (LABELS.md: carrier API output, which prints no weight and names the retailer in its header). */
export const ROUTING_LINE = new RegExp(String.raw`\b(?:${ROUTING_LABEL_FIELDS.map(loosely).join("|")})\s*:?\s*\d`, "i");
/** A routing block: VAN and its number, then DROP and its number (a label's own mark: no document that is not a label prints it). */
export const ROUTING_BLOCK = new RegExp(String.raw`\b${ROUTING_LABEL_FIELDS[0]}\s*\d+\b[\s\S]*\b${ROUTING_LABEL_FIELDS[1]}\s*\d+\b`, "i");

// ---- Services ---------------------------------------------------------------------------------------------------

/** 'Postage Paid GB': a Royal Mail label's own mark. */
export const POSTAGE_PAID = String.raw`postage\s+paid`;
/** Services as labels print them (patterns: '48 HR', '48hrs', '48 hours'; ParcelShop with its l read as i or 1): a line holding one is no address. */
export const SERVICE_PHRASES = [
  POSTAGE_PAID,
  String.raw`tracked\s*(?:24|48)`,
  String.raw`special\s+delivery`,
  // (Its 1 read as I or l by OCR: 'Ist Class Parcel' over a 600 DPI scan's recipient was given as the name, fresh seed
  // 394441964, file 310. No word of a name or street is 'Ist' or 'lst' before 'Class'.)
  String.raw`[1Il]st\s+class`,
  String.raw`2nd\s+class`,
  String.raw`signed\s+for`,
  String.raw`next\s*day`,
  String.raw`[24]8\s*h(?:ou)?rs?`,
  String.raw`24\s*h(?:ou)?rs?`,
  String.raw`standard\s+service`,
  "economy",
  String.raw`no\s+signature`,
  String.raw`signature\s+required`,
  String.raw`parce[il1|]\s?shop`,
  String.raw`collection\s+point`,
];
/** Words of a label's service panel that make up a whole line with numbers and routing words ('STANDARD', 'Tracked 24 Signature', 'NEXT DAY'): never a name. */
export const SERVICE_WORDS = (
  "standard signature signed sig for tracked tracking express priority economy next day days working nextday same " +
  "hour hours hr hrs service delivery deliveries parcel parcels packet large small medium letter class 1st 2nd " +
  "first second no required req postage paid gb uk international special guaranteed by 1pm 9am " +
  "collection drop-off dropoff shop parcelshop locker home courier prepaid tracked24 tracked48 48h 24h"
).split(" ");

// ---- Headings ---------------------------------------------------------------------------------------------------

/** Nouns a heading may end with ('Delivery address', 'Sender details'): never part of a name after it. */
const NOUN = "(?:address|details|information|info)";
/**
 * Between a heading's words: a space, a comma, or nothing. A tool that places each glyph itself draws no space glyph, so
 * a text layer reads 'Returnaddress:', 'DeliverTo', 'SHIPTO:' (issue 36): still the heading, never a name. A heading
 * ends at a word's end (line-kinds.ts), so a place or name that starts like one ('Shipton', 'Deliverton') is none.
 */
const SEP = String.raw`[\s,]*`;

/**
 * Headings that name an address's role as labels print them, in any case and with any punctuation: the words that
 * name a role, a noun or not ('If undelivered, please return to:', 'Collection address', 'Sender details', 'SHIP TO',
 * 'Buyer'). A colon may follow each. The first that matches a line's start gives its role: return before recipient
 * ('Return to'), a drop-off or billing address ('other') before both.
 */
export const ADDRESS_HEADINGS: [string, AddressRole][] = [
  // 'If' misread by OCR ('Ht undelivered, please return to:') is still the heading.
  [
    String.raw`^(?:(?:[a-z0-9]{1,2}${SEP})?undeliver(?:ed|able)${SEP}(?:please${SEP})?return${SEP}t[a-z0-9]|in${SEP}case${SEP}of${SEP}non[-\s]?delivery${SEP}(?:please${SEP})?return${SEP}to|returns?(?:${SEP}(?:to|${NOUN}))?)`,
    "return",
  ],
  [String.raw`^(?:dropped${SEP}off${SEP}at|drop[-\s]?off(?:${SEP}(?:point|location|shop|at))?|handed${SEP}in${SEP}at|posted${SEP}at|bill(?:ing)?${SEP}(?:to|${NOUN})|invoice${SEP}(?:to|${NOUN}))`, "other"],
  [
    `^(?:deliver(?:y|ing)?${SEP}to|ship(?:ping)?${SEP}to|send(?:ing)?${SEP}to|(?:delivery|shipping|recipient|buyer|customer|destination)${SEP}${NOUN}|ship${SEP}address|recipient|consignee|addressee|buyer|destination|to)`,
    "recipient",
  ],
  [
    String.raw`^(?:ship(?:ped)?${SEP}from|sen(?:t|ding)${SEP}from|(?:sender|seller|shipper|collection|pick[-\s]?up)${SEP}${NOUN}|collect(?:ion)?${SEP}from|pick(?:ed)?[-\s]?up${SEP}from|from|sender|sent${SEP}by|sold${SEP}by|seller|shipper|(?:dispatched|despatched|posted)${SEP}(?:by|from))`,
    "sender",
  ],
];

/**
 * Headings and field labels as the courier parsers find them printed: OCR's misreadings of one ('Deliver toa:',
 * 'LIVERTO', 'FROMZoë Patel') are put back to these (ocr/text.ts), and a name that is one of them is none.
 */
export const PRINTED_HEADINGS = [
  "Deliver to:",
  "Ship to:",
  "Ship from:",
  "Sent from:",
  "Sent by:",
  "From:",
  "Sender:",
  "Return address:",
  "Return to:",
  "Collect from:",
  "Collection address:",
  "Delivery address:",
  "Sold by:",
  "Weight:",
  "Date:",
  "Posted:",
  "Service:",
];
/** The headings of a field's line, not an address's: run together they start brand names too ('ServiceMaster'). */
export const FIELD_HEADINGS = ["Weight:", "Date:", "Posted:", "Service:"];
/** The headings printed over an address or a name: PRINTED_HEADINGS but the fields'. */
export const PRINTED_ADDRESS_HEADINGS = PRINTED_HEADINGS.filter((h) => !FIELD_HEADINGS.includes(h));

/** Return headings printed in full: a whole line within a quarter of the letters of one is that heading, misread ('Hundelvered returt to'). */
export const PRINTED_RETURN_HEADINGS = ["If undelivered please return to:", "If undelivered return to:"];

/** A weight's heading ('Weight:', 'WT', 'Parcel weight'), as a pattern. */
export const WEIGHT_HEADING = "(?:weight|wt)";

// ---- Names ------------------------------------------------------------------------------------------------------

/** Titles written short ('Mrs', 'Dr', 'Prof.'; 'Miss' too, which some print with a stop). */
export const ABBREVIATED_TITLES = ["mr", "mrs", "ms", "mx", "miss", "dr", "prof", "rev"];
/** Them as a regex alternation, capitalised as run into the word after them ('Dr|Mrs|…': 'DrPriya', 'MrsJ'). */
export const CAPITALISED_TITLES = ABBREVIATED_TITLES.map((t) => t[0].toUpperCase() + t.slice(1)).join("|");
/** Them capitalised or in capitals, as a regex alternation ('Mr|…|MR|…'). */
export const TITLES_EITHER_CASE = `${CAPITALISED_TITLES}|${CAPITALISED_TITLES.toUpperCase()}`;
/** One of them as a word alone, with or without its stop, in any case ('Dr.', 'MRS', 'Prof'). */
export const TITLE_WORD = new RegExp(`^(?:${ABBREVIATED_TITLES.join("|")})\\.?$`, "iu");
/** Titles that are words: a street may start with one ('Dame Street', 'Sir Thomas Street'), and none is written with a stop. */
const WORD_TITLES = ["sir", "dame"];
/** Titles a name may start with ('Mrs', 'DR', 'Mx.'): with one word, a whole name may follow on the next line; alone, the start of a name. */
export const TITLES = [...ABBREVIATED_TITLES, ...WORD_TITLES];
/** Small words inside names ('de la Cruz', 'ap Rhys', 'Ní Bhriain', 'bin Rashid'): never OCR's debris, and a name does not end on one. */
export const NAME_PARTICLES = ["de", "da", "di", "du", "del", "della", "der", "den", "van", "von", "la", "le", "ap", "al", "el", "bin", "bint", "ní", "nic", "ó", "mac", "mc"];
/** Prefixes written joined to a capital ('McKenzie', 'MacLeod', 'DeVito', 'FitzGerald', 'StJohn'): no gap OCR lost there. */
export const JOINED_NAME_PREFIXES = ["mc", "mac", "de", "di", "da", "du", "le", "la", "van", "von", "fitz", "st"];
/**
 * Polish first names with an ł, the commonest: the English model reads the bar across the l as a t's ('Matgorzata',
 * 'Pawet'); a t in its place makes no English word or name ('Rafat' aside, which is why Rafał is not here).
 */
export const STROKED_L_NAMES = ["małgorzata", "michał", "paweł", "stanisław", "władysław", "mikołaj", "jarosław", "mirosław", "wiesław", "radosław", "przemysław", "bolesław", "zdzisław", "sławomir"];

/**
 * Words a small shop's or maker's name ends with ('Hazel & Hive Home', 'Copper Kettle Studio', "Gurpreet's Candles",
 * 'Harry's Tools'). A word one look-alike letter off one of these, ending a shop's name, is that word misread (ocr/agree.ts
 * misreadShopWord). Left out: words one such letter off a common surname or first name ('crafts' of Crofts, 'games' of
 * Gomes, 'deli' of Dell, 'homes' of Hames), and words under four letters ('tea' of Teo).
 */
export const SHOP_WORDS = (
  "home studio studios candles supplies designs design gifts books bookshop records ceramics prints knits goods vintage " +
  "outfitters apothecary coffee tools silver bakehouse bakery trading jewellery yarns pottery boutique florist flowers " +
  "interiors textiles leather soaps soap teas toys wares works workshop emporium collective company store shop market " +
  "kitchen garden living beauty botanicals provisions pantry arts threads linen wool cycles outdoor outdoors pets pots " +
  "stationery paper press"
).split(" ");
const SHOP_WORD_SET = new Set(SHOP_WORDS);
/** Whether `word`, in any case, is one of SHOP_WORDS. */
export const isShopWord = (word: string) => SHOP_WORD_SET.has(word.toLowerCase());

// ---- Places -----------------------------------------------------------------------------------------------------

/**
 * UK counties as addresses print them (ceremonial and postal counties, Welsh and Scottish areas, Northern Ireland's
 * six): a county's line is an address's, never a name's. ('Down' is left out: a word too common to be told alone.)
 */
export const COUNTIES = [
  "avon", "bedfordshire", "berkshire", "buckinghamshire", "cambridgeshire", "cheshire", "cleveland", "cornwall", "county durham", "durham",
  "cumbria", "derbyshire", "devon", "dorset", "east riding of yorkshire", "east sussex", "essex", "gloucestershire", "greater london",
  "greater manchester", "hampshire", "herefordshire", "hertfordshire", "humberside", "isle of wight", "kent", "lancashire",
  "leicestershire", "lincolnshire", "merseyside", "middlesex", "norfolk", "north yorkshire", "northamptonshire", "northumberland",
  "nottinghamshire", "oxfordshire", "rutland", "shropshire", "somerset", "south yorkshire", "staffordshire", "suffolk", "surrey",
  "tyne and wear", "warwickshire", "west midlands", "west sussex", "west yorkshire", "wiltshire", "worcestershire",
  "anglesey", "isle of anglesey", "carmarthenshire", "ceredigion", "clwyd", "conwy", "denbighshire", "dyfed", "flintshire", "gwent",
  "gwynedd", "mid glamorgan", "monmouthshire", "pembrokeshire", "powys", "south glamorgan", "west glamorgan",
  "aberdeenshire", "angus", "argyll", "ayrshire", "caithness", "dumfriesshire", "dunbartonshire", "east lothian", "fife", "highland",
  "inverness-shire", "lanarkshire", "midlothian", "moray", "orkney", "perthshire", "renfrewshire", "ross-shire", "scottish borders",
  "shetland", "stirlingshire", "sutherland", "west lothian",
  "antrim", "county antrim", "armagh", "county armagh", "county down", "fermanagh", "county fermanagh", "londonderry", "county londonderry", "tyrone", "county tyrone",
];
