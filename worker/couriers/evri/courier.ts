import { callsPerMinuteSetting } from "../tracking-http";
import type { Courier } from "../courier";
import { isValidEvriCode, normaliseEvriCode } from "./code";
import { evriManualFields } from "./manual";
import { looksLikeEvri, parseEvriLabel, printedEvriCodes } from "./parse";
import { evriEventStatus, fetchEvriTracking } from "./tracking";

/** Next day for an Evri service name ('Next Day', '24 Hour'). */
const isNextDayService = (service: string) => /\bnext[\s-]*day\b|\b24\s*-?\s*h(?:ou)?rs?\b/i.test(service);

/** Evri (formerly Hermes UK): tracked by its public API when EVRI_API_BASE is set. */
export const evri: Courier = {
  id: "evri",
  label: "evri",
  displayName: "Evri",
  normaliseCode: normaliseEvriCode,
  isValidCode: isValidEvriCode,
  codeRule: "Evri tracking codes are 16 characters, like H04AQA0004726589, with a valid check digit",
  trackingPlaceholder: "H01… (16 chars)",
  manual: evriManualFields,
  labelReader: { parse: parseEvriLabel, recognises: looksLikeEvri, printedCodes: printedEvriCodes },
  trackingClient(env) {
    if (!env.EVRI_API_BASE) return null;
    const cfg = { baseUrl: env.EVRI_API_BASE, apiKey: env.EVRI_API_KEY ?? "" };
    return {
      id: "evri",
      name: "Evri",
      callsPerFetch: 2,
      callsPerMinute: callsPerMinuteSetting(env.EVRI_CALLS_PER_MINUTE),
      fetch: (code, http) => fetchEvriTracking(cfg, code, http),
      eventStatus: evriEventStatus,
    };
  },
  trackingUnavailable: "Evri tracking is not configured on this server.",
  noEvents: {
    card: "No tracking updates yet. This might be because Evri is behind or the number is too old.",
    detail: "No updates available.",
  },
  lostAdvice:
    "Check with the recipient first. If it has not arrived, contact Evri soon: Evri investigates only within 10 days of the last scan, and claims must be made within 30 days of the label being created.",
  printing: { supported: true },
  sendParcel: { url: "https://www.evri.com/send-a-parcel", text: "Send with Evri" },
  // The page Evri's own tracking answer links to (parcelIdentifiers[].redirectUrl).
  carrierTrackingUrl: (code) => `https://www.evri.com/track/parcel/${encodeURIComponent(code)}/details`,
  serviceCorrection: (service) => ({ isNextDay: service === null ? null : isNextDayService(service) }),
  nextDayMix: true,
  // Evri help centre, "My parcel hasn't arrived" and "How do I make a claim?": Evri investigates a
  // missing parcel only within 10 days of its last scan; claims within 30 days of the label's creation.
  claims: {
    sources: "Evri help centre: \"My parcel hasn't arrived\" and \"How do I make a claim?\"",
    aimDays: () => null,
    investigationDays: 10,
    claimableAfterDays: () => null,
    claimWindow: { days: 30, from: "created" },
    eventStatus: evriEventStatus,
  },
};
