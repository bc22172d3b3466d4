import type { LabelInput } from "../label-reading/fields";
import type { LabelDetails, TrackingEvent, TrackingResult, TrackingStatus } from "../../shared/label";
import type { ManualFieldSet } from "./fields";
import type { CarrierError, CarrierHttpOptions } from "./tracking-http";

/**
 * Everything that differs from one courier to the next. Each courier builds one in
 * worker/couriers/<id>/courier.ts from its own code rules, manual fields, label reader and tracking
 * client; the registry (registry.ts) lists them, and the rest of the app asks the registry instead
 * of naming a courier.
 */
export interface Courier {
  /** Stored on labels and sent on the wire: 'evri', 'royalmail'. */
  id: string;
  /** How the couriers call and the manual form list it. */
  label: string;
  /** Its name in sentences and on its badge: 'Royal Mail'. */
  displayName: string;

  normaliseCode: (input: string) => string;
  isValidCode: (code: string) => boolean;
  /** Why a code was refused, in words a sender understands. */
  codeRule: string;
  /** The manual form's tracking-code hint. */
  trackingPlaceholder: string;
  manual: ManualFieldSet;

  /** Reads its labels in an uploaded file. */
  labelReader: LabelReader;

  /** Its tracking client, or null when its tracking API is not configured. */
  trackingClient(env: CourierEnv): CourierTracking | null;
  /** Why its tracking cannot be refreshed when the client is null. */
  trackingUnavailable: string;
  /** What a label without tracking events says, on the list card and on the detail. */
  noEvents: { card: string; detail: string };
  /** What the potentially-lost notice tells the sender to do. */
  lostAdvice: string;

  printing: { supported: true } | { supported: false; disabledTitle: string };
  /** The carrier's own public tracking page for a code (the buyer's tracking page links to it), where it has one. */
  carrierTrackingUrl?: (trackingCode: string) => string;
  /** The courier's send-a-parcel page (the label detail links to it, pre-filled), where it has one. */
  sendParcel: { url: string; text: string } | null;

  /**
   * The name of one of its service codes as its labels' barcodes carry them ('TPN01' is 'Tracked 24'), null for a
   * code it does not know; absent for a courier whose labels carry names only.
   */
  serviceName?(code: string): string | null;
  /** The details a service corrected by the user sets besides its name (a class, a next-day flag). */
  serviceCorrection(service: string | null): Partial<LabelDetails>;
  /** Its services are next-day or standard: its labels make up the analytics' next-day mix. */
  nextDayMix: boolean;
  /** Its rules for late and lost parcels (worker/claims/ turns them into dates); absent: no deadlines. */
  claims?: CourierClaims;
}

/**
 * A carrier's deadlines for a late or lost parcel, in days, with where they come from. The dates and
 * the sentences are computed in worker/deadlines/deadlines.ts, the same for every carrier.
 */
export interface CourierClaims {
  /** The carrier's own guidance these numbers come from. */
  sources: string;
  /** Working days (Monday to Friday) from the first scan to the end of the service's delivery aim; null: the general aim. */
  aimDays(service: string | null | undefined): number | null;
  /** Calendar days after the last scan during which the carrier still investigates; null: no such window. */
  investigationDays: number | null;
  /** Working days (Monday to Saturday, bank holidays excluded) after the due date before a loss is claimable; null: no waiting time. */
  claimableAfterDays(service: string | null | undefined): number | null;
  /** Calendar days a claim stays open, from the label's creation or from posting (its first scan, else its creation). */
  claimWindow: { days: number; from: "created" | "posted" };
  /** How its events read, to tell a scan from a registration. */
  eventStatus(e: TrackingEvent): TrackingStatus;
}

export interface LabelReader {
  /** The label's details, or null when the page is not one of its labels. */
  parse(input: LabelInput): LabelDetails | null;
  /** True when the page names the courier (its name or one of its symbols). */
  recognises(input: LabelInput): boolean;
  /** Its valid tracking codes printed in a text, as printed forms go (spaced, dashed, grouped). */
  printedCodes(text: string): string[];
  /**
   * Wins a page that several couriers read and that names none or several of them: its reading
   * (a check digit and a 2D payload) is the stricter proof.
   */
  winsTies?: boolean;
}

/** The configuration a courier's tracking client may read. */
export type CourierEnv = Partial<Env>;

/**
 * A carrier's answer for one parcel: its events; not known (yet); known but with no update until it
 * is in the carrier's network ('pending', Royal Mail E1284/E1308); or a service the carrier does not
 * track ('untracked', Royal Mail E1283: asking again will not help).
 */
export type CarrierAnswer = { kind: "found"; result: TrackingResult } | { kind: "unknown" } | { kind: "pending" } | { kind: "untracked" };

/** One parcel's latest event from a batched look-up, or why there is none. */
export type LatestEvent =
  | { kind: "summary"; lastEventCode: string | null; lastEventAt: number | null }
  | { kind: "unknown" }
  | { kind: "pending" }
  | { kind: "untracked" }
  | { kind: "error"; error: CarrierError };

export interface CourierTracking {
  /** The courier id, which is also its call budget's key. */
  id: string;
  name: string;
  /** Carrier calls one fetch makes (Evri: barcode -> URN -> events). */
  callsPerFetch: number;
  /** Its share of the carrier's call budget: calls per minute. */
  callsPerMinute: number;
  fetch(trackingCode: string, http?: CarrierHttpOptions): Promise<CarrierAnswer>;
  /** A batched look-up of each parcel's latest event (one call for up to `batchSize` codes), where the carrier has one. */
  latest?: { batchSize: number; fetch(trackingCodes: string[], http?: CarrierHttpOptions): Promise<Map<string, LatestEvent>> };
  eventStatus(e: TrackingEvent): TrackingStatus;
}
