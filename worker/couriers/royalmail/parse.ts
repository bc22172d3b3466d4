/**
 * Royal Mail labels -> LabelDetails. The tracking code (UPU S10, check digit validated) comes from
 * the Code128, else the 2D payload, else the printed text. The Data Matrix parcel payload ('JGB 6…',
 * ../shared/LABELS.md) is parsed defensively: fields are found by pattern, not fixed column, so
 * collapsed spacing and non-Latin-1 characters do not break it; the raw text is kept.
 */
import { addressUnder, clean, dimensionsCm, fullText, isoDate, labelledDate, splitPayload, twoD, weightGrams, type LabelInput } from "../../labels/fields";
import type { LabelDetails } from "../../services/label-model";
import { normalisePostcode } from "../postcode";
import { isValidRoyalMailCode, normaliseRoyalMailCode } from "./code";

const S10_IN_TEXT = /\b([A-Z]{2})\s?(\d{4})\s?(\d{4})\s?(\d)\s?([A-Z]{2})\b/g;

/** Product codes seen on 2D payloads and the service they name. */
const PRODUCTS: Record<string, string> = {
  TPN: "Tracked 24",
  TPS: "Tracked 48",
  TRN: "Tracked 24",
  TRS: "Tracked 48",
  TSN: "Tracked 24",
  TSS: "Tracked 48",
  SD1: "Special Delivery Guaranteed by 1pm",
  SD4: "Special Delivery Guaranteed by 1pm",
  CRL: "1st Class",
  MTA: "International Tracked",
};

const CLASSES: [RegExp, string][] = [
  [/\btracked\s*24\b/i, "Tracked 24"],
  [/\btracked\s*48\b/i, "Tracked 48"],
  [/\bspecial\s+delivery\b/i, "Special Delivery Guaranteed by 1pm"],
  [/\b1st\s+class\b/i, "1st Class"],
  [/\b2nd\s+class\b/i, "2nd Class"],
  [/\binternational\s+tracked\b/i, "International Tracked"],
];

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
  const prod = upper.match(/(\d{6})(\d{6})([A-Z]{3}\d{2})/);
  const dates: string[] = [];
  if (prod) {
    for (const d of [prod[1], prod[2]]) {
      const iso = isoDate(Number(d.slice(0, 2)), Number(d.slice(2, 4)), Number(d.slice(4, 6)));
      if (iso) dates.push(iso);
    }
  }
  // After the tracking code: destination postcode + 2-char delivery point suffix + country, then the return postcode.
  const afterCode = tracking ? upper.slice(upper.indexOf(tracking) + tracking.length) : upper;
  const dest = afterCode.match(/(?:^|\s)([A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2})([0-9][A-Z]|[0-9]{2}|[A-Z][0-9])([A-Z]{2})(?=\s|$)/);
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

function codeFromText(text: string): string | null {
  for (const m of text.toUpperCase().matchAll(S10_IN_TEXT)) {
    const code = normaliseRoyalMailCode(m[0]);
    if (isValidRoyalMailCode(code)) return code;
  }
  return null;
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
  const trackingCode = fromBarcode ?? payload?.trackingCode ?? codeFromText(text);
  if (!trackingCode) return null;

  const recipient = addressUnder(input.lines, /^(deliver\s*to|ship\s*to|to|recipient|delivery\s+address)\b:?/i);
  const ret = addressUnder(input.lines, /^(return\s+address|return\s+to|if\s+undelivered[^:]*|returns?)\b:?/i);
  const sender = addressUnder(input.lines, /^(from|sender)\b:?/i);

  const address = recipient ?? (payload?.destinationPostcode ? { name: "", address: [], postcode: payload.destinationPostcode, countryCode: payload.countryCode ?? "GB" } : null);
  if (address && !address.postcode && payload?.destinationPostcode) address.postcode = payload.destinationPostcode;
  const returnAddress = ret ?? (payload?.returnPostcode ? { name: "", address: [], postcode: payload.returnPostcode, countryCode: "GB" } : null);

  const productCode = payload?.productCode ?? text.match(/\bservice\s*:?\s*([A-Z]{3}\d{2})\b/i)?.[1]?.toUpperCase() ?? null;
  const classId = CLASSES.find(([re]) => re.test(text))?.[1] ?? (productCode ? PRODUCTS[productCode.slice(0, 3)] ?? null : null);
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
    weightInGrams: weightGrams(text),
    shippingLabelCreatedAt: created,
    date: created,
    isNextDay: null, // next-day is an Evri service flag (analytics filter "Next-day (Evri)")
    encodedMetadata: sym ? sym.text : null,
    additionalContent: sym ? splitPayload(sym.text) : null,
  };
  if (details.address) details.address.name = clean(details.address.name);
  return details;
}
