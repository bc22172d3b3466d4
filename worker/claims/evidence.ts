import type { TrackingEvent } from "../../shared/label";

/**
 * The carrier's evidence of delivery, read from a label's stored tracking events: a claim for loss
 * is refused when tracking shows a delivered scan with evidence (a signature, a safe-place photo, a
 * GPS position, a neighbour), so the claim pack lists what the carrier holds.
 *
 * Royal Mail says it in its event codes (Tracking API v2: EVKSP signed for, EVKSF/EVKOP left in a safe
 * place, EVKDN/EVKNS delivered to a neighbour); Evri in the words of its delivered events ('Delivered
 * to your safe place', 'handed to the recipient', 'a photo was taken'). Evri's tracking answer as this
 * app reads it carries no separate photo, signature or GPS fields, so its words are all there is.
 */

interface DeliveryEvidence {
  /** What the carrier holds, in words: 'Signed for', 'Left in a safe place'. */
  flag: string;
  /** When the event that shows it happened (ISO). */
  at: string;
  /** The event's own words. */
  event: string;
}

const ROYAL_MAIL_CODES: Record<string, string> = {
  EVKSP: "Signed for",
  EVKSF: "Left in a safe place",
  EVKOP: "Left in a safe place",
  EVKDN: "Delivered to a neighbour",
  EVKNS: "Delivered to a neighbour",
};

/** Words in a delivered event that name evidence, for any carrier. */
const WORDS: Array<[RegExp, string]> = [
  [/\bsign(ed|ature)\b/i, "Signed for"],
  [/\bsafe\s*place\b|\bsafeplace\b|\bporch\b|\bletterbox\b|\bmailbox\b/i, "Left in a safe place"],
  [/\bneighbou?r\b/i, "Delivered to a neighbour"],
  [/\bphoto(graph)?\b|\bpicture\b|\bimage\b/i, "Photo taken"],
  [/\bgps\b|\bgeo-?location\b|\bcoordinates\b/i, "GPS position recorded"],
  [/\bhanded\s+to\b|\bin\s+person\b|\bto\s+the\s+recipient\b/i, "Handed to the recipient"],
];

const isDeliveredWords = (text: string) => /\bdelivered\b/i.test(text) && !/\b(not|unable|attempt(ed)?|failed)\b/i.test(text);

/** The evidence flags among a label's events, oldest first, each flag once (its first event). */
export function deliveryEvidence(events: TrackingEvent[]): DeliveryEvidence[] {
  const found = new Map<string, DeliveryEvidence>();
  const sorted = (Array.isArray(events) ? events : [])
    .filter((e) => typeof e?.dateTime === "string" && typeof e.trackingPoint?.description === "string")
    .slice()
    .sort((a, b) => (Date.parse(a.dateTime) || 0) - (Date.parse(b.dateTime) || 0));
  for (const e of sorted) {
    const words = [e.trackingPoint.description, e.trackingStage?.description ?? ""].join(" ");
    const flags: string[] = [];
    const code = (e.trackingPoint.trackingPointCode ?? "").toUpperCase();
    if (ROYAL_MAIL_CODES[code]) flags.push(ROYAL_MAIL_CODES[code]);
    const stage = (e.trackingStage?.trackingStageCode ?? "").toUpperCase();
    if (isDeliveredWords(words) || stage.startsWith("5_") || ROYAL_MAIL_CODES[code]) {
      for (const [pattern, flag] of WORDS) if (pattern.test(words)) flags.push(flag);
      if (!flags.length) flags.push("Delivered scan");
    }
    for (const flag of flags) if (!found.has(flag)) found.set(flag, { flag, at: e.dateTime, event: e.trackingPoint.description });
  }
  return [...found.values()];
}
