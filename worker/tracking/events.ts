import type { TrackingEvent, TrackingStatus } from "../../shared/label";

/** A carrier's events read together: merged with the stored ones, and what they say about the parcel. */

const ms = (iso: string) => Date.parse(iso);

/** Old and new events together, one per (time, code, description), newest first. */
export function mergeEvents(older: TrackingEvent[], fresh: TrackingEvent[]): TrackingEvent[] {
  const key = (e: TrackingEvent) => `${ms(e.dateTime)}|${e.trackingPoint.trackingPointCode ?? ""}|${e.trackingPoint.description}`;
  const byKey = new Map<string, TrackingEvent>();
  for (const e of older) if (!Number.isNaN(ms(e.dateTime))) byKey.set(key(e), e);
  for (const e of fresh) byKey.set(key(e), e);
  return [...byKey.values()].sort((a, b) => ms(b.dateTime) - ms(a.dateTime));
}

export interface TrackingSummary {
  status: TrackingStatus | null;
  /** Oldest and newest carrier scans; 'registered' events (parcel details sent) are not scans. */
  firstScanAt: number | null;
  lastScanAt: number | null;
  deliveredAt: number | null;
}

export function summariseEvents(events: TrackingEvent[], eventStatus: (e: TrackingEvent) => TrackingStatus): TrackingSummary {
  let firstScanAt: number | null = null;
  let lastScanAt: number | null = null;
  let deliveredAt: number | null = null;
  for (const e of events) {
    const at = ms(e.dateTime);
    const s = eventStatus(e);
    if (s !== "registered") {
      lastScanAt = lastScanAt === null ? at : Math.max(lastScanAt, at);
      firstScanAt = firstScanAt === null ? at : Math.min(firstScanAt, at);
    }
    if ((s === "delivered" || s === "collected") && (deliveredAt === null || at > deliveredAt)) deliveredAt = at;
  }
  return { status: events.length ? eventStatus(events[0]) : null, firstScanAt, lastScanAt, deliveredAt };
}
