/**
 * Royal Mail labels -> LabelDetails. The tracking code (UPU S10, check digit validated) comes from
 * the Code128, else the 2D payload, else the printed text. The Data Matrix parcel payload ('JGB 6…':
 * dates, product code, S10, destination postcode + delivery point + country, return postcode) is parsed defensively: fields are found by pattern, not fixed column, so
 * collapsed spacing and non-Latin-1 characters do not break it; the raw text is kept.
 */
import { clean, dimensionsCm, fullText, isoDate, labelledDate, splitPayload, twoD, weightGrams, type LabelInput } from "../../label-reading/fields";
import { readAddresses } from "../../label-reading/layout";
import { printedUnder } from "../../label-reading/text";
import type { FieldSource, LabelDetails, SourcedField } from "../../../shared/label";
import { normalisePostcode } from "../../lib/uk-postcode";
import { isValidRoyalMailCode, normaliseRoyalMailCode } from "./code";

/**
 * An S10 number as printed, in any grouping: 'YS270640023GB', 'YS 2706 4002 3GB', 'WB 965 538 059 GB', 'YS-2706-4002-3GB'.
 * It sits on one line: never across a line break ('Postage Paid GB' / '2026-03-02' / '1kg' made 'GB202603021KG').
 */
const S10_IN_TEXT = /\b[A-Z]{2}[ \t-]?(?:\d[ \t-]?){8}\d[ \t-]?[A-Z]{2}\b/g;

/** Product codes seen on 2D payloads and the service they name. */
const PRODUCTS: Record<string, string> = {
  TPN: "Tracked 24",
  TPS: "Tracked 48",
  TRN: "Tracked 24",
  TRS: "Tracked 48",
  TSN: "Tracked 24",
  TSS: "Tracked 48",
  // Royal Mail's Special Delivery products: SD1-SD3 by 1pm, SD4-SD6 by 9am (the compensation level tells them apart).
  SD1: "Special Delivery Guaranteed by 1pm",
  SD2: "Special Delivery Guaranteed by 1pm",
  SD3: "Special Delivery Guaranteed by 1pm",
  SD4: "Special Delivery Guaranteed by 9am",
  SD5: "Special Delivery Guaranteed by 9am",
  SD6: "Special Delivery Guaranteed by 9am",
  MTA: "International Tracked",
};

/**
 * The service a payload's product code names. CRL (Royal Mail 24/48) and STL (Account Mail) carry the
 * class in their number: 01 is 1st Class (Royal Mail 24), 02 is 2nd Class (Royal Mail 48); any other
 * number names no class we know (no service beats a wrong one).
 */
function productClass(code: string): string | null {
  const tier = code.match(/^(?:CRL|STL)0([12])$/)?.[1];
  if (tier) return tier === "1" ? "1st Class" : "2nd Class";
  return PRODUCTS[code.slice(0, 3)] ?? null;
}

/** The service a product code names ('TPN01' is 'Tracked 24'), as the screens and the CSV show it; null when unknown. */
export const royalMailServiceName = (code: string): string | null => {
  const c = code.trim().toUpperCase();
  return /^[A-Z]{2}[A-Z\d]\d{2}$/.test(c) ? productClass(c) : null;
};

// The gaps may be lost on a flattened PDF ('SPECIALDELIVERYGUARANTEEDBY1PM': fresh seed 1113018866, file 3773).
const SPECIAL_DELIVERY = /\bspecial\s*delivery/i;
// So may the gap after a tracked class's hours ('TRACKED24SIGNATURE', 'Tracked 24No Signature': flattened PDFs and photos of
// fresh seeds 3930571097 and 258096912, whose service was lost).
// And the gap before it, after the carrier's name ('ROYALMAILTRACKED24': run D, SEED=2845914634, file 55, a 300 DPI photo), and
// inside '1st Class' ('1STCLASS': file 2668, a 200 DPI photo): both services lost. So may the gap before '1st Class'
// after the carrier's name ('Royal Mail1stClass': run F, SEED=2548624490, file 3259, a 200 DPI photo, its service lost).
const CLASSES: [RegExp, string][] = [
  [/(?:\b|(?<=royal\s*mail))tracked\s*24(?!\d)/i, "Tracked 24"],
  [/(?:\b|(?<=royal\s*mail))tracked\s*48(?!\d)/i, "Tracked 48"],
  [SPECIAL_DELIVERY, "Special Delivery Guaranteed"],
  [/\binternational\s+tracked\b/i, "International Tracked"],
  // OCR reads a printed '1' as 'I' or 'l' and a '2' as 'Z' at small sizes.
  [/(?:\b|(?<=royal\s*mail))[1Il|]st\s*class\b/i, "1st Class"],
  [/(?:\b|(?<=royal\s*mail))[2Z]nd\s*class\b/i, "2nd Class"],
  [/\bsigned\s+for\b/i, "Signed For"],
];

/**
 * The service a Click & Drop label prints near 'Postage Paid GB' (its line, the two above and the
 * one below), else anywhere on the page ('Tracked 48 No Signature' -> Tracked 48). Special
 * Delivery is two products: by 9am and by 1pm; its time is read from its line or the next
 * ('Special Delivery Guaranteed®' / 'by 9am'), else from the 2D payload's product code, else it is
 * the by-1pm product, the one Royal Mail sells under the bare name.
 */
function printedClass(lines: LabelInput["lines"], productCode: string | null): string | null {
  const paid = lines.findIndex((l) => /postage\s+paid/i.test(l.text));
  const near = paid >= 0 ? lines.slice(Math.max(0, paid - 2), paid + 2).map((l) => l.text).join("\n") : "";
  const all = lines.map((l) => l.text).join("\n");
  for (const text of [near, all]) {
    const hit = CLASSES.find(([re]) => re.test(text));
    if (hit?.[0] === SPECIAL_DELIVERY) return specialDelivery(text, productCode, lines);
    if (hit) return hit[1];
  }
  return null;
}

/**
 * A tracked product's code printed under a heading ('Service: TPS', 'Product: TPN': Click & Drop prints the code's first
 * three letters), where no class was read: the class it names. Run E (SEED=76423947, file 441, a 400 DPI scan) lost its
 * framed 'Tracked 48' beside the QR code and read 'Service: TPS'. Only the tracked codes: the last letter (N 24, S 48) is
 * not one OCR confuses, where a Special Delivery code's digit (SD1-3 by 1pm, SD4-6 by 9am) may be misread.
 */
function printedTrackedCode(text: string): string | null {
  const code = text.match(/\b(?:[Ss]ervice|SERVICE|[Pp]roduct|PRODUCT)\s*:?\s*(T[PRS][NS])\b/)?.[1];
  return code ? (PRODUCTS[code] ?? null) : null;
}

/**
 * Which Special Delivery product a text naming it is: its time as printed after the name (on its line, the next, or the
 * line printed under it: 'Special Delivery Guaranteed®' / 'by 9am' with 'Royal Mail' beside the first on its row came
 * after it in reading order, and the time was not read: 'by 1pm' for 9am, fresh text seed 1108467383, file 29, a Chromium
 * multi-page PDF), else the product code's, else by 1pm.
 */
function specialDelivery(text: string, productCode: string | null, lines: LabelInput["lines"]): string {
  const sd = lines.find((l) => SPECIAL_DELIVERY.test(l.text));
  // The line printed under it (a name in small capitals over 'BY 9AM' in larger type, 26 px under it: 'by 1pm' for 9am,
  // fresh seed 1471927557, file 1862, a 203 DPI thermal print).
  const under = sd ? lines.find((l) => printedUnder(sd, l)) : undefined;
  const after = `${text.slice(text.search(SPECIAL_DELIVERY)).split("\n").slice(0, 2).join(" ")} ${under?.text ?? ""}`;
  // 'by' run into the word before it and the time ('GUARANTEEDBY1PM') as well as on its own.
  const time = /(?:\b|by\s*)(9|1)\s*(?:[:.]\s*00\s*)?([ap])\.?\s*m\b/i.exec(after);
  if (time && (time[1] === "9") === (time[2].toLowerCase() === "a")) return `Special Delivery Guaranteed by ${time[1] === "9" ? "9am" : "1pm"}`;
  const product = productCode ? productClass(productCode) : null;
  return product?.startsWith("Special Delivery") ? product : "Special Delivery Guaranteed by 1pm";
}

/**
 * An S10 number inside a 2D payload that is not a 'JGB' one (Click & Drop QR codes hold it in a
 * longer fixed-width text, sometimes without its 'GB'): found by its check digit, and only where it
 * stands as a field of its own. Its two letters must not go on a longer run of letters, and it must
 * end with its country letters or end its field: the run 'OS085612757' inside an Evri code
 * ('H0IOS08561275718') is not a Royal Mail number, even when its check digit holds.
 */
function codeInPayload(text: string): string | null {
  const upper = text.toUpperCase();
  for (const m of upper.matchAll(/(?<![A-Z])([A-Z]{2}\d{9})(?:([A-Z]{2})(?![A-Z])|(?![A-Z0-9]))/g)) {
    const code = `${m[1]}${m[2] ?? "GB"}`;
    if (isValidRoyalMailCode(code)) return code;
  }
  return null;
}

/**
 * The S10 number of a Click & Drop QR code, at its fixed place: characters 27-37 of the payload,
 * without 'GB' (LABELS.md), whatever runs on after it (the destination postcode, in the field
 * that follows: 'KA495934576GBDG13YH', which the field rule above refuses). A 96 DPI screenshot's
 * Code128 does not resolve at any size, its larger QR code does: the label was refused without it.
 */
function clickDropQrCode(text: string): string | null {
  const fixed = text.slice(27, 38).toUpperCase();
  return /^[A-Z]{2}\d{9}$/.test(fixed) && isValidRoyalMailCode(`${fixed}GB`) ? `${fixed}GB` : null;
}

export interface RoyalMailPayload {
  infoType: string | null;
  trackingCode: string | null;
  productCode: string | null;
  dates: string[];
  destinationPostcode: string | null;
  deliveryPointSuffix: string | null;
  countryCode: string | null;
  returnPostcode: string | null;
}

/** Parses a 'JGB ' 2D payload. Returns null when the text is not one. */
export function parseRoyalMailPayload(raw: string): RoyalMailPayload | null {
  const text = raw.normalize("NFKC");
  if (!/^JGB\s?\d/.test(text)) return null;
  const upper = text.toUpperCase();
  const infoType = upper.match(/^JGB\s?(\d)/)?.[1] ?? null;
  const tracking = [...upper.matchAll(/([A-Z]{2}\d{9}[A-Z]{2})/g)].map((m) => m[1]).find(isValidRoyalMailCode) ?? null;
  // The product after the two dates: three letters and a register number ('TPN01', 'CRL02') or Special Delivery's 'SD401'.
  const prod = upper.match(/(\d{6})(\d{6})([A-Z]{3}\d{2}|SD\d{3})/);
  const dates: string[] = [];
  if (prod) {
    for (const d of [prod[1], prod[2]]) {
      const iso = isoDate(Number(d.slice(0, 2)), Number(d.slice(2, 4)), Number(d.slice(4, 6)));
      if (iso) dates.push(iso);
    }
  }
  // After the tracking code: destination postcode + 2-char delivery point suffix + country, then the return postcode.
  // The postcode is padded with spaces to 7 before the suffix (LABELS.md: 'destination postcode + DPS padded to 9'):
  // 'BS13PJ 3JGB', 'N12AB  4FGB'. Read only when it filled the 7 ('OX183UQ9ZGB'), the destination of a shorter
  // postcode was lost (73% of the 5,765 distinct payloads the stored runs read), and with it the check of the postcode
  // OCR read ('TS1 5WE' given for TS1 5WT: seed 258096912, file 302, a 400 DPI scan whose payload named TS15WT).
  const afterCode = tracking ? upper.slice(upper.indexOf(tracking) + tracking.length) : upper;
  const dest = afterCode.match(/(?:^|\s)([A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2})\s{0,2}([0-9][A-Z]|[0-9]{2}|[A-Z][0-9])([A-Z]{2})(?=\s|$)/);
  let returnPostcode: string | null = null;
  if (dest) {
    const tail = afterCode.slice((dest.index ?? 0) + dest[0].length);
    returnPostcode = tail.match(/(?:^|\s)([A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2})(?=\s|$)/)?.[1] ?? null;
  }
  return {
    infoType,
    trackingCode: tracking,
    productCode: prod?.[3] ?? null,
    dates,
    destinationPostcode: dest ? normalisePostcode(dest[1]) : null,
    deliveryPointSuffix: dest?.[2] ?? null,
    countryCode: dest?.[3] ?? null,
    returnPostcode: returnPostcode ? normalisePostcode(returnPostcode) : null,
  };
}

/** Valid S10 numbers printed in a text, with their country letters ('YS 2706 4002 3GB'). */
export function printedRoyalMailCodes(text: string): string[] {
  return [...text.toUpperCase().matchAll(S10_IN_TEXT)].map((m) => normaliseRoyalMailCode(m[0])).filter(isValidRoyalMailCode);
}

/** True when the page names Royal Mail or carries one of its symbols. */
export function looksLikeRoyalMail(input: LabelInput): boolean {
  return /\broyal\s*mail\b/i.test(fullText(input.lines)) || input.barcodes.some((b) => /^JGB\s?\d/.test(b.text));
}

export function parseRoyalMailLabel(input: LabelInput): LabelDetails | null {
  const text = fullText(input.lines);
  const sym = twoD(input.barcodes.filter((b) => /^JGB/.test(b.text))) ?? twoD(input.barcodes);
  const payload = sym ? parseRoyalMailPayload(sym.text) : null;

  const fromBarcode = input.barcodes
    .filter((b) => b.format !== "PDF417" && b.format !== "DataMatrix")
    .map((b) => normaliseRoyalMailCode(b.text))
    .find(isValidRoyalMailCode);
  const inPayload =
    input.barcodes.filter((b) => b.format === "QRCode" || b.format === "DataMatrix" || b.format === "PDF417").map((b) => codeInPayload(b.text)).find(Boolean) ??
    input.barcodes.filter((b) => b.format === "QRCode").map((b) => clickDropQrCode(b.text)).find(Boolean) ??
    null;
  const fromText = printedRoyalMailCodes(text)[0] ?? null;
  const trackingCode = fromBarcode ?? payload?.trackingCode ?? inPayload ?? fromText;
  if (!trackingCode) return null;
  const sources: Partial<Record<SourcedField, FieldSource>> = { trackingCode: fromBarcode || payload?.trackingCode || inPayload ? "barcode" : "text" };

  // Addresses from the page's layout, told apart by their headings, then by the postcodes the 2D
  // payload names (destination, return), then by size. The sender is the return block's first line.
  const layout = readAddresses(input.lines, { destinationPostcode: payload?.destinationPostcode, returnPostcode: payload?.returnPostcode });
  const recipient = layout.recipient;
  const ret = layout.returnAddress;
  const sender = layout.sender;
  if (recipient) sources.address = "text";
  if (sender) sources.fromAddress = "text";
  if (ret) sources.returnAddress = "text";

  const address = recipient ?? (payload?.destinationPostcode ? { name: "", address: [], postcode: payload.destinationPostcode, countryCode: payload.countryCode ?? "GB" } : null);
  if (address && !address.postcode && payload?.destinationPostcode) address.postcode = payload.destinationPostcode;
  if (address && !recipient) sources.address = "barcode";
  const returnAddress = ret ?? (payload?.returnPostcode ? { name: "", address: [], postcode: payload.returnPostcode, countryCode: "GB" } : null);
  if (returnAddress && !ret) sources.returnAddress = "barcode";

  const productCode = payload?.productCode ?? text.match(/\bservice\s*:?\s*([A-Z]{3}\d{2}|SD\d{3})\b/i)?.[1]?.toUpperCase() ?? null;
  const printed = printedClass(input.lines, productCode) ?? printedTrackedCode(text);
  const classId = printed ?? (productCode ? productClass(productCode) : null);
  if (classId || productCode) sources.service = printed ? "text" : "barcode";
  const weight = weightGrams(text);
  if (weight !== null) sources.weightInGrams = "text";
  const created = labelledDate(text, /posted|date|despatch(?:ed)?|shipped/) ?? payload?.dates[0] ?? null;

  const details: LabelDetails = {
    courier: "royalmail",
    trackingCode,
    countryCode: payload?.countryCode && payload.countryCode !== "GB" ? payload.countryCode : "GB",
    address,
    fromAddress: sender,
    sendAddress: sender,
    returnAddress,
    serviceCode: productCode,
    serviceFlag: payload?.infoType ?? null,
    classId,
    dimensionsCm: dimensionsCm(text),
    weightInGrams: weight,
    shippingLabelCreatedAt: created,
    date: created,
    isNextDay: null, // next-day is an Evri service flag (analytics filter "Next-day (Evri)")
    encodedMetadata: sym ? sym.text : null,
    additionalContent: sym ? splitPayload(sym.text) : null,
    fieldSources: sources,
  };
  if (details.address) details.address.name = clean(details.address.name);
  return details;
}
