import { callsPerMinuteSetting } from "../tracking-http";
import type { Courier } from "../courier";
import { royalMailClaims } from "./claims";
import { isValidRoyalMailCode, normaliseRoyalMailCode } from "./code";
import { royalMailManualFields } from "./manual";
import { looksLikeRoyalMail, parseRoyalMailLabel, printedRoyalMailCodes, royalMailServiceName } from "./parse";
import { fetchRoyalMailSummaries, fetchRoyalMailTracking, royalMailEventStatus, SUMMARY_MAX_IDS } from "./tracking";

/** Royal Mail: tracked through its Tracking API v2 when ROYALMAIL_CLIENT_ID and ROYALMAIL_CLIENT_SECRET are set. */
export const royalMail: Courier = {
  id: "royalmail",
  label: "royalmail",
  displayName: "Royal Mail",
  normaliseCode: normaliseRoyalMailCode,
  isValidCode: isValidRoyalMailCode,
  codeRule: "Royal Mail tracking codes look like AA123456789GB, with a valid check digit",
  trackingPlaceholder: "AA123456789GB",
  manual: royalMailManualFields,
  labelReader: { parse: parseRoyalMailLabel, recognises: looksLikeRoyalMail, printedCodes: printedRoyalMailCodes, winsTies: true },
  trackingClient(env) {
    if (!env.ROYALMAIL_CLIENT_ID || !env.ROYALMAIL_CLIENT_SECRET) return null;
    const cfg = { clientId: env.ROYALMAIL_CLIENT_ID, clientSecret: env.ROYALMAIL_CLIENT_SECRET, baseUrl: env.ROYALMAIL_API_BASE || undefined };
    return {
      id: "royalmail",
      name: "Royal Mail",
      callsPerFetch: 1,
      callsPerMinute: callsPerMinuteSetting(env.ROYALMAIL_CALLS_PER_MINUTE),
      fetch: (code, http) => fetchRoyalMailTracking(cfg, code, http),
      latest: { batchSize: SUMMARY_MAX_IDS, fetch: (codes, http) => fetchRoyalMailSummaries(cfg, codes, http) },
      eventStatus: royalMailEventStatus,
    };
  },
  trackingUnavailable: "Tracking not available for Royal Mail yet.",
  noEvents: {
    card: "Tracking is currently not available for Royal Mail labels.",
    detail: "Tracking not available for Royal Mail yet.",
  },
  lostAdvice: "Check with the recipient first. If it has not arrived, contact Royal Mail with the tracking number to start an enquiry.",
  printing: { supported: false, disabledTitle: "Printing not supported for Royal Mail yet" },
  sendParcel: null,
  carrierTrackingUrl: (code) => `https://www.royalmail.com/track-your-item#/tracking-results/${encodeURIComponent(code)}`,
  serviceName: royalMailServiceName,
  // A Royal Mail service is its class ('Tracked 24'); it carries no next-day flag.
  serviceCorrection: (service) => ({ classId: service }),
  nextDayMix: false,
  claims: royalMailClaims,
};
