/**
 * Evri (formerly Hermes UK) labels -> LabelDetails. The tracking code (check digit validated) comes
 * from the Code128 (or the Interleaved 2 of 5 of older Hermes labels), else the printed text. The 2D
 * payload is not publicly documented: it is kept raw (encodedMetadata) and split into
 * additionalContent, never interpreted.
 */
import { clean, dimensionsCm, fullText, labelledDate, splitPayload, twoD, weightGrams, type LabelInput } from "../../label-reading/fields";
import { readAddresses } from "../../label-reading/layout";
import { headerName } from "../../label-reading/name-lines";
import { CARRIER_NETWORKS } from "../../label-reading/vocabulary";
import type { Address, FieldSource, LabelDetails, SourcedField } from "../../../shared/label";
import { isUkPostcode, normalisePostcode } from "../../lib/uk-postcode";
import { isValidEvriCode, normaliseEvriCode } from "./code";

/** A code printed on one line, spaced or dashed: never run on across lines ('MAYFIELD HOME' / '96' / '7789274691'). */
const CODE_IN_TEXT = /\b[HT][- \t]?[0-9A-Z](?:[- \t]?[0-9A-Z]){4}(?:[- \t]?\d){10}\b/g;
/** A legacy Hermes number in its groups (depot, round, drop, parcel, check), dashed or spaced: '77-052-68-84498404-8', '77 052 68 84498404 8'. */
const LEGACY_IN_TEXT = /\b\d{2}([- \t])\d{3}\1\d{2}\1\d{8}\1\d\b/g;

/** Service words in any case ('NEXT DAY', 'Next Day', '48 HOUR', '48hr', '2-3 day'), and whether each is next-day. */
const SERVICES: [RegExp, string, boolean][] = [
  [/\bnext[\s-]*day\b|\bND\s*24\b/i, "NEXT DAY", true],
  // Or an 'h' ending its line, the r lost on a photo, alone or after the carrier's name ('Evri_ Evri 48 h': fresh seed
  // 1011379100, file 733, a 300 DPI scan); not an address's 'Flat 48H'.
  // Or run into the word printed after it, as 'STANDARD' below ('48 HOURDELIVERY': run E, SEED=76423947, file 2891, a 300 DPI
  // table photo whose service was lost; '48HOURHERMESCOU-PDROHUB' of stored readings).
  [/\b48\s*-?\s*(?:hour|hr)s?(?=\b|delivery|hermes|evri|hub|cou)|(?:^|\b(?:evri|hermes)\W*)48\s?h$/im, "48 HOUR", false],
  [/\b24\s*-?\s*(?:hour|hr)s?(?=\b|delivery|hermes|evri|hub|cou)|(?:^|\b(?:evri|hermes)\W*)24\s?h$/im, "24 HOUR", true],
  // Or run into the words printed beside it, the gaps lost on a flattened PDF or a photo ('STANDARDDELIVERY',
  // 'COU-PNETSTANDARDHUB', 'STANDARDHERMES…': fresh seed 258096912, file 1832, whose service was lost).
  [/\bstandard(?=\b|delivery|hermes|evri|hub)|(?<=\bcou-?p[a-z]{3,4})standard|\b2\s*-\s*3\s*(?:working\s*)?days?\b/i, "STANDARD", false],
  [/\beconomy\b/i, "ECONOMY", false],
];

/**
 * Header words of Evri / Hermes labels that are never the retailer's name; a line holding a courier network's word either
 * ('HUB COU-PDRO', a routing label's header line read twice, once cut: fresh seed 1011379100, file 523, a 150 DPI scan).
 */
const NOT_RETAILER = [/\b(?:evri|hermes|parcel|courier|delivery|postage)\b/i, /^\d/, new RegExp(String.raw`(?:^|\s)(?:${CARRIER_NETWORKS.join("|")})(?=\s|$)`, "i")];
/** The carrier's name run into the next word or figure on a photo ('HERMESUK', 'EVRIEVRI48', 'evriSTANDARD'); not 'Evrim'. */
// Or run into the word before it, in capitals ('STANDARD COU-PNETHUBHERMES': run D, SEED=2845914634, file 2757, a 150 DPI photo,
// whose header line was then given as the retailer).
const GLUED_NAME = [/\b(?:evri|hermes)(?=uk\b|\d)/i, /\b(?:EVRI|HERMES|Evri|Hermes|evri|hermes)(?=[A-Z]{2})/, /(?<=[A-Z]{2})(?:EVRI|HERMES)\b/];
/**
 * A Hermes courier network ('COU-PNXT', 'COU-PDRO', or 'PNET' as a word): Hermes' own routing mark, printed by the logo of
 * its legacy and routing labels and by no other carrier's, so it names the carrier as the logo does. A legacy label's
 * 'HERMES', printed small and bold beside it, was not read ('COU-PNXT HUB NEXT DAY': 3,000-label seed 969544535, file
 * 953, a 203 DPI thermal print), and its 16 plain digits then named no carrier: the whole label was lost. Only as a word
 * of its own; run into the words beside it ('COU-PNETHUBHERMES', a 150 DPI photo, seed 2845914634, file 2757) the name
 * glued after it names the carrier (GLUED_NAME), and that page's name run into the house's ('DRKOFIKAUR BRYNAWEL') is
 * none (label-reading/name-lines.ts wrappedName).
 */
const NETWORK = new RegExp(String.raw`\b(?:${CARRIER_NETWORKS.map((n) => n.replace("-", "-?")).join("|")})\b`, "i");

/**
 * The one postcode among the 2D payload's fields, if it holds exactly one: where the parcel goes. Evri's payload is not
 * publicly documented and is otherwise never interpreted (LABELS.md); a carrier encodes a parcel's destination for its
 * sorting, and a payload naming one postcode names that one. It is only a hint for which unheaded block is the
 * recipient's (label-reading/layout.ts readAddresses), never a postcode given on its own: on a photo whose 'Sender:'
 * heading was lost and whose OCR boxes measured the sender's small type as large as the recipient's (two columns on one
 * row), the sender's block was taken as the recipient's and both names and the postcode were wrong (gate seed 3263851384,
 * file 495, a 300 DPI thermal print).
 */
function payloadPostcode(payload: string): string | null {
  const found = new Set(splitPayload(payload).filter((p) => isUkPostcode(p)).map(normalisePostcode));
  return found.size === 1 ? [...found][0] : null;
}

/**
 * The recipient's address without its postcode where the block was read with another than the payload's one postcode
 * (payloadPostcode) and the page prints the payload's on a line of its own: the block's is likely another block's line
 * taken into it. A photo's OCR ran a street of the recipient's column into the sender's beside it ('175 HEOL Y NANT
 * WALK39A Queen's Mews'), and the recipient's block went on down the sender's column to its 'Brighton BN1 8BB' (gate seed
 * 2943227535, file 362, a 150 DPI scan: the sender's postcode given as the recipient's). Evri's payload is undocumented, so
 * it does not put its own postcode in (were it ever the sender's, that would make a wrong one): none. Unchanged otherwise.
 */
function printedDestination(recipient: Address | null, destination: string | null, lines: LabelInput["lines"]): Address | null {
  if (!recipient?.postcode || !destination || recipient.postcode === destination) return recipient;
  const printed = lines.some((l) => (isUkPostcode(l.text.trim()) && normalisePostcode(l.text) === destination) || endsWithInward(l.text, destination, recipient.postcode));
  return printed ? { ...recipient, postcode: "" } : recipient;
}

/**
 * Whether a line ends with the payload's postcode's inward code as a word of its own, its district misread or lost ('8PW'
 * alone, 'I17 8PW' for WD17 8PW), and is not the block's own postcode line: a photo's OCR lost the sender's heading and
 * name and took the sender's block, in the larger type, for the recipient's (fresh seed 1625916577, file 796, a 150 DPI
 * photo: the sender's postcode given as the recipient's).
 */
function endsWithInward(text: string, destination: string, read: string): boolean {
  const t = text.trim().toUpperCase();
  return new RegExp(String.raw`(?:^|\s)${destination.slice(-3)}$`).test(t) && !t.replace(/\s/g, "").includes(read.replace(/\s/g, ""));
}

/** Valid Evri codes printed in a text ('H0IO S085 6127 5718', 'H-04AQ-A-000472658-9'), and legacy Hermes numbers printed grouped. */
export function printedEvriCodes(text: string): string[] {
  const upper = text.toUpperCase();
  return [...upper.matchAll(CODE_IN_TEXT), ...upper.matchAll(LEGACY_IN_TEXT)].map((m) => normaliseEvriCode(m[0])).filter(isValidEvriCode);
}

/**
 * The code inside a 2D payload (undocumented: read only as a whole token with a valid check digit,
 * never as a run inside a longer one), for a label whose 1D barcode did not decode.
 */
function codeInPayload(text: string): string | null {
  for (const m of text.toUpperCase().matchAll(/(?<![A-Z0-9])[HT][0-9A-Z]{5}\d{10}(?![A-Z0-9])/g)) {
    if (isValidEvriCode(m[0])) return m[0];
  }
  return null;
}

/**
 * The legacy Hermes numbers printed on the page in their groups ('66-693-59-61982640-2'). A barcode's 16 digits printed so
 * beside it are a Hermes label's own, whether or not the carrier's name was read: run D (SEED=2845914634), file 2757, a
 * 150 DPI photo, read its header 'STANDARD COU-PNETHUBHERMES' with the name run into the word before it, and the whole
 * label (recipient, postcode, service) was lost though every line of it was read.
 */
const printedLegacy = (text: string) => [...text.matchAll(LEGACY_IN_TEXT)].map((m) => normaliseEvriCode(m[0]));

export function looksLikeEvri(input: LabelInput): boolean {
  const text = fullText(input.lines);
  // Or its name run into the next word or figure on a photo ('HUB 48HR HERMESUK COU-PDRO': fresh seed 928977629, file 140,
  // a 300 DPI photo of a legacy Hermes label, whose 16-digit code then named no carrier and the whole label was lost;
  // 'EVRIEVRI48 hr', 'evriSTANDARD'). Not a name that starts as the carrier's does ('Evrim').
  return /\b(evri|hermes)\b/i.test(text) || GLUED_NAME.some((re) => re.test(text)) || NETWORK.test(text);
}

export function parseEvriLabel(input: LabelInput): LabelDetails | null {
  const text = fullText(input.lines);
  // 16 plain digits are only an Evri code on a page that says Evri/Hermes, or as the Interleaved 2 of
  // 5 of a legacy Hermes label on an image not read yet (no text until OCR: it must say so then).
  const unread = input.lines.length === 0;
  const fromBarcode = input.barcodes
    .filter((b) => b.format === "Code128" || b.format === "ITF")
    .map((b) => ({ code: normaliseEvriCode(b.text), itf: b.format === "ITF" }))
    .find(({ code, itf }) => isValidEvriCode(code) && (/^[HT]/.test(code) || (itf && unread) || looksLikeEvri(input) || printedLegacy(text).includes(code)))?.code;
  const fromPayload = fromBarcode ? null : input.barcodes.map((b) => (b.format === "Code128" || b.format === "ITF" ? null : codeInPayload(b.text))).find(Boolean);
  const fromText = printedEvriCodes(text)[0] ?? null;
  const trackingCode = fromBarcode ?? fromPayload ?? (fromText && (/^[HT]/.test(fromText) || looksLikeEvri(input)) ? fromText : null);
  if (!trackingCode) return null;

  const sym = twoD(input.barcodes.filter((b) => normaliseEvriCode(b.text) !== trackingCode));
  // The carrier's name run into the service after it, the gap lost on a photo ('Evri48hr', 'evriSTANDARD DELIVERY',
  // 'EVRIEVRI48 hr': 3,000-label seed 1914321767, files 423, 3093 and 176, 300-600 DPI photos whose service was lost).
  const serviceText = text.replace(/(evri)(?=[\dA-Z]|next|standard|economy)/gi, "$1 ");
  const service = SERVICES.find(([re]) => re.test(serviceText));
  const van = text.match(/\bVAN\s*:?\s*(\d+)\b[^\n]*/i);
  const created = labelledDate(text, /date|created|shipped|printed/);

  // Addresses from the page's layout; a routing label (carrier API output: VAN / DROP / C-ROUND
  // routing) names the retailer, the sender, in its header. On other labels the top line is a
  // platform's or broker's name, not the sender's.
  const destination = sym ? payloadPostcode(sym.text) : null;
  const layout = readAddresses(input.lines, { destinationPostcode: destination });
  const recipient = printedDestination(layout.recipient, destination, input.lines);
  const ret = layout.returnAddress;
  let sender: Address | null = layout.sender;
  if (!sender && /\b(?:VAN|DROP|C-?ROUND)\s*:?\s*\d/i.test(text)) {
    const shop = headerName(input.lines, layout, [...NOT_RETAILER, ...GLUED_NAME]);
    if (shop) sender = { name: shop, address: [], postcode: "", countryCode: "GB" };
  }
  const weight = weightGrams(text);
  const sources: Partial<Record<SourcedField, FieldSource>> = { trackingCode: fromBarcode || fromPayload ? "barcode" : "text" };
  if (recipient) sources.address = "text";
  if (sender) sources.fromAddress = "text";
  if (ret) sources.returnAddress = "text";
  if (service) sources.service = "text";
  if (weight !== null) sources.weightInGrams = "text";

  return {
    courier: "evri",
    trackingCode,
    countryCode: "GB",
    address: recipient,
    fromAddress: sender,
    sendAddress: sender,
    returnAddress: ret,
    serviceCode: service?.[1] ?? null,
    serviceFlag: service ? (service[2] ? "next_day" : "standard") : null,
    classId: null,
    dimensionsCm: dimensionsCm(text),
    weightInGrams: weight,
    shippingLabelCreatedAt: created,
    date: created,
    vanRouting: van ? clean(van[0]) : null,
    routing: van ? { van: van[1] } : null,
    isNextDay: service ? service[2] : null,
    encodedMetadata: sym ? sym.text : null,
    additionalContent: sym ? splitPayload(sym.text) : null,
    fieldSources: sources,
  };
}
