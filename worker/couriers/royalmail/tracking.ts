import { z } from "zod";
import type { TrackingEvent, TrackingStatus } from "../../../shared/label";
import type { CarrierAnswer, LatestEvent } from "../courier";
import { CarrierError, getCarrierJson, type CarrierHttpOptions } from "../tracking-http";
import { royalMailProblem } from "./answers";

/**
 * royalMailTrackingClient: Royal Mail Tracking API v2, used only when ROYALMAIL_CLIENT_ID /
 * ROYALMAIL_CLIENT_SECRET are configured, at ROYALMAIL_API_BASE (Royal Mail's production address
 * by default, a sandbox or a local stand-in otherwise):
 *   GET {base}/mailpieces/v2/{id}/events with X-IBM-Client-Id, X-IBM-Client-Secret, X-Accept-RMG-Terms.
 * What its error answers mean is in answers.ts.
 */

export const ROYALMAIL_API_BASE = "https://api.royalmail.net";

export interface RoyalMailConfig {
  clientId: string;
  clientSecret: string;
  baseUrl?: string;
}

const CARRIER = "Royal Mail";

const eventsAnswer = z.object({
  mailPieces: z.object({
    mailPieceId: z.string().nullish(),
    summary: z
      .object({
        productName: z.string().nullish(),
        statusCategory: z.string().nullish(),
        statusDescription: z.string().nullish(),
      })
      .nullish(),
    events: z
      .array(
        z.object({
          eventCode: z.string().nullish(),
          eventName: z.string(),
          eventDateTime: z.string().refine((s) => !Number.isNaN(Date.parse(s)), "is not a date-time"),
          locationName: z.string().nullish(),
        }),
      )
      .nullish(),
  }),
});

export async function fetchRoyalMailTracking(cfg: RoyalMailConfig, id: string, http?: CarrierHttpOptions): Promise<CarrierAnswer> {
  const base = (cfg.baseUrl ?? ROYALMAIL_API_BASE).replace(/\/+$/, "");
  const res = await getCarrierJson(
    CARRIER,
    `${base}/mailpieces/v2/${encodeURIComponent(id)}/events`,
    { "X-IBM-Client-Id": cfg.clientId, "X-IBM-Client-Secret": cfg.clientSecret, "X-Accept-RMG-Terms": "yes" },
    http,
  );
  const problem = royalMailProblem(res.status, res.body);
  if (problem?.kind === "not_found") return { kind: "unknown" };
  if (problem?.kind === "no_update_yet") return { kind: "pending" };
  if (problem?.kind === "not_tracked") return { kind: "untracked" };
  if (problem?.kind === "error") throw problem.error;
  const parsed = eventsAnswer.safeParse(res.body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path?.length ? ` at ${issue.path.join(".")}` : "";
    throw new CarrierError("malformed", `${CARRIER} sent an answer we could not read${where}. Earlier tracking events are kept.`);
  }
  const piece = parsed.data.mailPieces;
  const events: TrackingEvent[] = (piece.events ?? [])
    .map((e) => ({
      dateTime: new Date(Date.parse(e.eventDateTime)).toISOString(),
      trackingPoint: { description: e.eventName, ...(e.eventCode ? { trackingPointCode: e.eventCode } : {}) },
      location: e.locationName ?? null,
    }))
    .sort((a, b) => Date.parse(b.dateTime) - Date.parse(a.dateTime));
  return {
    kind: "found",
    result: { sender: { displayName: null }, service: { serviceType: piece.summary?.productName ?? null }, trackingEvents: events },
  };
}

/** What one Royal Mail event says about the item, from its event name. */
export function royalMailEventStatus(e: TrackingEvent): TrackingStatus {
  const name = e.trackingPoint.description;
  if (/returned to sender|return to sender/i.test(name)) return "returned";
  if (/collected/i.test(name) && !/we've collected|we have collected/i.test(name)) return "collected";
  if (/\bdelivered\b/i.test(name) && !/not|unable|attempt/i.test(name)) return "delivered";
  if (/out for delivery|with (your|our) delivery/i.test(name)) return "out_for_delivery";
  if (/sender despatching|sender's data|information received|expecting|preparing/i.test(name)) return "registered";
  if (/unable|undeliverable|damaged|held|awaiting|customs|fee to pay/i.test(name)) return "exception";
  return "in_transit";
}

/** Royal Mail's summary operation takes at most this many ids per call. */
export const SUMMARY_MAX_IDS = 30;

const summaryAnswer = z.object({
  mailPieces: z.array(
    z.object({
      mailPieceId: z.string(),
      status: z.union([z.string(), z.number()]).nullish(),
      summary: z.object({ lastEventCode: z.string().nullish(), lastEventDateTime: z.string().nullish() }).nullish(),
      error: z.object({ errorCode: z.string().nullish() }).passthrough().nullish(),
    }),
  ),
});

/**
 * GET {base}/mailpieces/v2/summary?mailPieceId=a,b,... : each item's latest event, for up to 30
 * ids in one call. Answers 200 when at least one id worked; each item has its own `status` and
 * either `summary` or `error`. A whole-answer problem (outage, rate limit, credentials) throws.
 */
export async function fetchRoyalMailSummaries(cfg: RoyalMailConfig, ids: string[], http?: CarrierHttpOptions): Promise<Map<string, LatestEvent>> {
  if (ids.length === 0) return new Map();
  if (ids.length > SUMMARY_MAX_IDS) throw new Error(`at most ${SUMMARY_MAX_IDS} ids per summary call`);
  const base = (cfg.baseUrl ?? ROYALMAIL_API_BASE).replace(/\/+$/, "");
  const res = await getCarrierJson(
    CARRIER,
    `${base}/mailpieces/v2/summary?mailPieceId=${ids.map(encodeURIComponent).join(",")}`,
    { "X-IBM-Client-Id": cfg.clientId, "X-IBM-Client-Secret": cfg.clientSecret, "X-Accept-RMG-Terms": "yes" },
    http,
  );
  const out = new Map<string, LatestEvent>();
  const whole = royalMailProblem(res.status, res.body);
  if (whole?.kind === "error") throw whole.error;
  if (whole) {
    // Every id failed alike (e.g. a 404 E1142 for all of them).
    const kind = whole.kind === "not_found" ? "unknown" : whole.kind === "no_update_yet" ? "pending" : "untracked";
    for (const id of ids) out.set(id, { kind });
    return out;
  }
  const parsed = summaryAnswer.safeParse(res.body);
  if (!parsed.success) throw new CarrierError("malformed", `${CARRIER} sent a summary we could not read. Earlier tracking events are kept.`);
  for (const piece of parsed.data.mailPieces) {
    const id = piece.mailPieceId.toUpperCase();
    const status = Number(piece.status ?? 200);
    const problem = piece.error || status >= 300 ? royalMailProblem(status, { errors: piece.error ? [piece.error] : [] }) : null;
    if (problem?.kind === "not_found") out.set(id, { kind: "unknown" });
    else if (problem?.kind === "no_update_yet") out.set(id, { kind: "pending" });
    else if (problem?.kind === "not_tracked") out.set(id, { kind: "untracked" });
    else if (problem?.kind === "error") out.set(id, { kind: "error", error: problem.error });
    else {
      const at = piece.summary?.lastEventDateTime ? Date.parse(piece.summary.lastEventDateTime) : NaN;
      out.set(id, { kind: "summary", lastEventCode: piece.summary?.lastEventCode ?? null, lastEventAt: Number.isNaN(at) ? null : at });
    }
  }
  return out;
}
