/**
 * What a printed label says: the company lines, From, To, Van Routing, the facts line, the PDF417 payload and the
 * Code128 text. The browser's print view (web/features/labels/LabelPrintPage.tsx) and the merged PDF and ZPL the
 * worker builds (worker/label-print/) both print from this one function, so the two stay in step. Pure code
 * importing only types: the web app includes this file (tsconfig.web.json).
 */
import type { Address, ApiLabel, LabelDetails } from "./label";

export const details = (label: ApiLabel): LabelDetails => label.data[0] ?? { courier: label.courier, trackingCode: label.trackingCode, countryCode: "GB" };

/** Under 1000 g in grams; else kg, with one decimal below 10 kg. */
export function formatWeight(grams: number | null | undefined): string {
  if (grams === null || grams === undefined || !Number.isFinite(grams)) return "";
  if (grams < 1000) return `${Math.round(grams)} g`;
  // Round from whole hundreds of grams: 1450 g is 1.5 kg (1.45.toFixed(1) would say 1.4).
  return grams < 9950 ? `${(Math.round(grams / 100) / 10).toFixed(1)} kg` : `${Math.round(grams / 1000)} kg`;
}

export function formatDimensions(d: [number, number, number] | null | undefined): string {
  if (d?.length !== 3) return "";
  return `${d[0]}cm × ${d[1]}cm × ${d[2]}cm`;
}

export function serviceType(label: ApiLabel): string {
  const d = details(label);
  const fromTracking = d.tracking?.results?.find((r) => r.service?.serviceType)?.service?.serviceType;
  // The carrier's own name first, then the service as printed ('Tracked 24'), then the name of its code ('TPN01' is
  // Tracked 24), the code itself only when the courier does not know it.
  return fromTracking ?? d.classId ?? d.serviceName ?? d.serviceCode ?? (d.isNextDay ? "Next day" : "");
}

export function senderAddress(label: ApiLabel): Address | null {
  const d = details(label);
  return d.fromAddress ?? d.sendAddress ?? null;
}

/** Print address lines: split on new lines or commas. */
export function printLines(a: Address | null | undefined): string[] {
  if (!a) return [];
  return [a.name, ...a.address, a.postcode]
    .flatMap((l) => (l ?? "").split(/[\n,]/))
    .map((l) => l.trim())
    .filter(Boolean);
}

/** The 2D payload to redraw: the label's decoded metadata, else its code, postcode and country. */
export function pdf417Text(label: ApiLabel): string {
  const d = details(label);
  return d.encodedMetadata || [label.trackingCode, d.address?.postcode?.replace(/\s+/g, ""), d.countryCode || "GB"].filter(Boolean).join(" ");
}

export interface LabelPrintContent {
  companyName: string | null;
  companyTagline: string | null;
  from: string[];
  to: string[];
  vanRouting: string | null;
  /** Dimensions, weight and service, those the label has. */
  facts: string[];
  pdf417: string;
  code128: string;
}

/** Everything a printed label shows (the banner image aside, which each side loads its own way). */
export function labelPrintContent(label: ApiLabel): LabelPrintContent {
  const d = details(label);
  return {
    companyName: label.labelSettings.company_name || null,
    companyTagline: label.labelSettings.company_tagline || null,
    from: printLines(senderAddress(label)),
    to: printLines(d.address),
    vanRouting: d.vanRouting ?? d.routing?.van ?? null,
    facts: [formatDimensions(d.dimensionsCm), formatWeight(d.weightInGrams), serviceType(label)].filter(Boolean),
    pdf417: pdf417Text(label),
    code128: label.trackingCode,
  };
}

/** The original files a print can place on its page as they are: a PDF page, or an image. */
export const PRINTABLE_ORIGINALS: readonly string[] = ["application/pdf", "image/png", "image/jpeg", "image/webp"];

/**
 * A recipient a parcel can be delivered to: a name and at least one street line (a UK postcode alone, all a manual
 * or CSV label has, prints a label no courier can deliver).
 */
export function hasRecipientAddress(label: ApiLabel): boolean {
  const a = details(label).address;
  return Boolean(a?.name?.trim() && a.address.some((l) => l.trim()));
}

/**
 * How one label prints: drawn from its details (a courier whose labels we draw; `recipient` and `sender` say whether
 * each address is there), its original file as it is (another courier's label imported from a PDF or an image), or
 * not at all. The print view, the label page, its card and the bulk print all decide with this.
 */
export type PrintPlan = { how: "drawn"; recipient: boolean; sender: boolean } | { how: "original" } | { how: "none" };

export function printPlan(label: ApiLabel, courierDraws: boolean): PrintPlan {
  if (courierDraws) return { how: "drawn", recipient: hasRecipientAddress(label), sender: printLines(senderAddress(label)).length > 0 };
  const file = label.file;
  return file?.hasBytes && PRINTABLE_ORIGINALS.includes(file.mime) ? { how: "original" } : { how: "none" };
}
