import { courierById } from "../couriers/registry";
import type { Address, ApiLabel, LabelDetails, TrackingEvent } from "../../shared/label";
import type { ClaimPack } from "./claim-pack-model";
import { scanTimes } from "../deadlines/deadlines";
import { deliveryEvidence } from "./evidence";
import { ukDateTime, ukDocumentDay, ukMoney } from "../lib/uk-format";

/**
 * The claim pack of one label: tracking number, carrier and service, the dates a claim form asks
 * (label created, posted, expected, first and last scan, the enquiry and claim windows), both
 * addresses, weight, declared value, the whole tracking history and the carrier's delivery evidence.
 */

const NOT_KNOWN = "Not known";

function weightText(grams: number | null | undefined): string {
  if (typeof grams !== "number" || !Number.isFinite(grams) || grams <= 0) return "";
  return grams < 1000 ? `${Math.round(grams)} g` : `${(grams / 1000).toFixed(2).replace(/\.?0+$/, "")} kg`;
}

const isAddress = (a: unknown): a is Address =>
  typeof a === "object" && a !== null && typeof (a as Address).name === "string" && Array.isArray((a as Address).address);

function cleanAddress(a: Address | null | undefined): Address | null {
  if (!isAddress(a)) return null;
  const lines = a.address.filter((l): l is string => typeof l === "string" && l.trim() !== "");
  if (!a.name.trim() && !lines.length && !a.postcode) return null;
  return { name: a.name, address: lines, postcode: typeof a.postcode === "string" ? a.postcode : "", countryCode: a.countryCode || "GB" };
}

/** Every stored event that has a date and words, oldest first. */
function history(d: LabelDetails): TrackingEvent[] {
  const results = Array.isArray(d.tracking?.results) ? d.tracking.results : [];
  return results
    .flatMap((r) => (Array.isArray(r?.trackingEvents) ? r.trackingEvents : []))
    .filter((e) => typeof e?.dateTime === "string" && !Number.isNaN(Date.parse(e.dateTime)) && typeof e.trackingPoint?.description === "string")
    .sort((a, b) => Date.parse(a.dateTime) - Date.parse(b.dateTime));
}

function serviceOf(d: LabelDetails): string | null {
  const fromCarrier = d.tracking?.results?.find((r) => r?.service?.serviceType)?.service?.serviceType;
  const named = [fromCarrier, d.classId, d.serviceName, d.serviceCode].find((v): v is string => typeof v === "string" && v.trim() !== "");
  return named ?? (d.isNextDay ? "Next day" : null);
}

const PDF_PAGES = new Set(["application/pdf"]);
// WEBP is converted to JPEG (pdf-lib embeds PNG and JPEG only) with the import's own decoder.
const PDF_IMAGES = new Set(["image/png", "image/jpeg", "image/webp"]);

/** How the PDF carries an original of this type. */
function originalInPdf(mime: string): "pages" | "image" | "not-embedded" {
  const type = mime.toLowerCase().split(";")[0].trim();
  return PDF_PAGES.has(type) ? "pages" : PDF_IMAGES.has(type) ? "image" : "not-embedded";
}

export function buildClaimPack(label: ApiLabel, now: number = Date.now()): ClaimPack {
  const d: LabelDetails = label.data[0] ?? { courier: label.courier, trackingCode: label.trackingCode, countryCode: "GB" };
  const events = history(d);
  const deadlines = label.deadlines;
  const service = serviceOf(d);
  const scans = scanTimes(label.courier, events);
  const declared = typeof d.declaredValuePence === "number" && Number.isInteger(d.declaredValuePence) ? d.declaredValuePence : null;
  const created = d.shippingLabelCreatedAt ?? d.date ?? label.createdAt;
  const delivered = d.deliveredAt ?? [...events].reverse().find((e) => /\bdelivered\b/i.test(e.trackingPoint.description) && !/\b(not|unable|attempt)/i.test(e.trackingPoint.description))?.dateTime;
  const dims = Array.isArray(d.dimensionsCm) && d.dimensionsCm.length === 3 ? `${d.dimensionsCm.join(" × ")} cm` : "";
  const facts: Array<[string, string]> = [
    ["Tracking number", label.trackingCode],
    ["Carrier", courierById(label.courier)?.displayName ?? label.courier],
    ["Service", service ?? ""],
    ["Label created", ukDateTime(created)],
    ["Posted (first scan)", ukDateTime(scans.firstScanAt)],
    ["Expected delivery", ukDocumentDay(deadlines?.expectedBy)],
    ["Last scan", ukDateTime(scans.lastScanAt)],
    ["Delivered", ukDateTime(delivered)],
    ["Enquiry deadline", ukDocumentDay(deadlines?.enquiryBy)],
    ["Claimable from", ukDocumentDay(deadlines?.claimableFrom)],
    ["Claims close", ukDocumentDay(deadlines?.claimClosesOn)],
    ["Weight", weightText(d.weightInGrams)],
    ["Dimensions", dims],
    ["Declared value", declared === null ? "" : ukMoney(declared)],
  ];
  return {
    labelId: label.id,
    trackingCode: label.trackingCode,
    carrier: courierById(label.courier)?.displayName ?? label.courier,
    service,
    facts: facts.filter(([k, v]) => v || !["Delivered", "Enquiry deadline", "Claimable from", "Dimensions"].includes(k)).map(([k, v]) => ({ label: k, value: v || NOT_KNOWN })),
    sender: cleanAddress(d.fromAddress ?? d.sendAddress),
    recipient: cleanAddress(d.address),
    returnAddress: cleanAddress(d.returnAddress),
    declaredValuePence: declared,
    events: events.map((e) => ({
      at: e.dateTime,
      when: ukDateTime(e.dateTime),
      description: e.trackingPoint.description,
      location: typeof e.location === "string" && e.location ? e.location : null,
      code: e.trackingPoint.trackingPointCode ?? null,
    })),
    evidence: deliveryEvidence(events).map((e) => ({ ...e, when: ukDateTime(e.at) })),
    notes: typeof label.notes === "string" ? label.notes : "",
    original: label.file?.hasBytes ? { name: label.file.name, mime: label.file.mime, inPdf: originalInPdf(label.file.mime) } : null,
    generatedAt: new Date(now).toISOString(),
  };
}
