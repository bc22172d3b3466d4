import { z } from "zod";
import type { TrackingEvent, TrackingStatus } from "../../../shared/label";
import type { CarrierAnswer } from "../courier";
import { CarrierError, getCarrierJson, rejected, type CarrierHttpOptions } from "../tracking-http";

/**
 * evriTrackingClient: Evri's public tracking API, two steps:
 *   1. GET {base}/parcels/reference/{barcode}   -> { parcelIdentifiers: [{ urn, redirectUrl }] }
 *   2. GET {base}/parcels?uniqueIds={urn}        -> { results: [...], failures: [{ uniqueId }] }
 * Every answer is checked against the documented shape (zod) before anything is stored.
 */

export interface EvriConfig {
  baseUrl: string;
  apiKey: string;
}

const isoDateTime = z.string().refine((s) => !Number.isNaN(Date.parse(s)), "is not a date-time");

const referenceAnswer = z.object({
  parcelIdentifiers: z.array(z.object({ urn: z.string().min(1), redirectUrl: z.string().nullish() })),
});

const evriEvent = z.object({
  dateTime: isoDateTime,
  trackingPoint: z.object({ description: z.string(), trackingPointCode: z.union([z.string(), z.number()]).nullish() }),
  trackingStage: z
    .object({ trackingStageCode: z.union([z.string(), z.number()]).nullish(), description: z.string().nullish() })
    .nullish(),
  location: z.unknown().optional(),
});

const parcelsAnswer = z.object({
  results: z.array(
    z.object({
      uniqueId: z.string().nullish(),
      sender: z.object({ displayName: z.string().nullish() }).nullish(),
      c2cClient: z.boolean().nullish(),
      returnParcel: z.boolean().nullish(),
      service: z.object({ serviceType: z.string().nullish() }).nullish(),
      trackingEvents: z.array(evriEvent),
    }),
  ),
  failures: z.array(z.object({ uniqueId: z.string().nullish() })).nullish(),
});

const CARRIER = "Evri";

function malformed(step: string, issue: z.core.$ZodIssue | undefined) {
  const where = issue?.path?.length ? ` at ${issue.path.join(".")}` : "";
  return new CarrierError("malformed", `${CARRIER} sent a ${step} answer we could not read${where}. Earlier tracking events are kept.`);
}

/** The URN's date (its last-but-one part is the barcode, the last the day it was issued). */
const urnDay = (urn: string) => urn.match(/:(\d{4}-\d{2}-\d{2})$/)?.[1] ?? "";

function toEvent(e: z.infer<typeof evriEvent>): TrackingEvent {
  const pointCode = e.trackingPoint.trackingPointCode;
  const stageCode = e.trackingStage?.trackingStageCode;
  return {
    dateTime: new Date(Date.parse(e.dateTime)).toISOString(),
    trackingPoint: {
      description: e.trackingPoint.description,
      ...(pointCode !== null && pointCode !== undefined ? { trackingPointCode: String(pointCode) } : {}),
    },
    ...(e.trackingStage
      ? {
          trackingStage: {
            ...(stageCode !== null && stageCode !== undefined ? { trackingStageCode: String(stageCode) } : {}),
            ...(e.trackingStage.description ? { description: e.trackingStage.description } : {}),
          },
        }
      : {}),
    location: typeof e.location === "string" ? e.location : null,
  };
}

export async function fetchEvriTracking(cfg: EvriConfig, barcode: string, http?: CarrierHttpOptions): Promise<CarrierAnswer> {
  const base = cfg.baseUrl.replace(/\/+$/, "");
  const headers = { apiKey: cfg.apiKey };

  const ref = await getCarrierJson(CARRIER, `${base}/parcels/reference/${encodeURIComponent(barcode)}`, headers, http);
  if (ref.status === 404) return { kind: "unknown" };
  if (ref.status >= 400) throw rejected(CARRIER, ref.status, "Check EVRI_API_BASE and EVRI_API_KEY.");
  const refParsed = referenceAnswer.safeParse(ref.body);
  if (!refParsed.success) throw malformed("parcel reference", refParsed.error.issues[0]);
  // A reused barcode has one URN per use: follow the newest.
  const urn = refParsed.data.parcelIdentifiers.map((p) => p.urn).sort((a, b) => urnDay(b).localeCompare(urnDay(a)))[0];
  if (!urn) return { kind: "unknown" };

  const parcels = await getCarrierJson(CARRIER, `${base}/parcels?uniqueIds=${encodeURIComponent(urn)}`, headers, http);
  if (parcels.status === 404) return { kind: "unknown" };
  if (parcels.status >= 400) throw rejected(CARRIER, parcels.status, "Check EVRI_API_BASE and EVRI_API_KEY.");
  const parsed = parcelsAnswer.safeParse(parcels.body);
  if (!parsed.success) throw malformed("parcel events", parsed.error.issues[0]);
  const parcel = parsed.data.results.find((r) => r.uniqueId === urn) ?? parsed.data.results[0];
  if (!parcel) return { kind: "unknown" };

  // Evri shows the sender's name only for business senders; C2C and return parcels name the customer.
  const trusted = parcel.c2cClient === false && parcel.returnParcel === false;
  const events = parcel.trackingEvents.map(toEvent).sort((a, b) => Date.parse(b.dateTime) - Date.parse(a.dateTime));
  return {
    kind: "found",
    result: {
      sender: { displayName: trusted ? (parcel.sender?.displayName ?? null) : null },
      service: { serviceType: parcel.service?.serviceType ?? null },
      trackingEvents: events,
    },
  };
}

/**
 * What one Evri event says about the parcel. Stage codes: 0/1 registered, 2/3 in
 * transit, 4 returned, 4_COURIER out for delivery, 5_COURIER delivered, 5_SHOP collected.
 */
export function evriEventStatus(e: TrackingEvent): TrackingStatus {
  const code = (e.trackingStage?.trackingStageCode ?? "").toUpperCase();
  switch (code) {
    case "0":
    case "1":
      return "registered";
    case "2":
    case "3":
      return "in_transit";
    case "4":
      return "returned";
    case "4_COURIER":
      return "out_for_delivery";
    case "5_COURIER":
      return "delivered";
    case "5_SHOP":
      return "collected";
  }
  if (code.startsWith("5_")) return "delivered";
  if (code.startsWith("4_")) return "out_for_delivery";
  const text = `${e.trackingStage?.description ?? ""} ${e.trackingPoint.description}`;
  if (/\bcollected\b/i.test(text)) return "collected";
  if (/\bdelivered\b/i.test(text) && !/not|unable|attempt/i.test(text)) return "delivered";
  if (/unable|damaged|missort|problem|held/i.test(text)) return "exception";
  return "in_transit";
}
