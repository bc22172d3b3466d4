import type { TrackingEvent } from "./types";
import { EVENT_DATE, formatDate } from "./format";

/** Tracking events, newest first (the caller sorts). */
export function TrackingEventList({ events, className }: { events: TrackingEvent[]; className?: string }) {
  return (
    <ol className={`events ${className ?? ""}`}>
      {events.map((e, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: two events may share a time; the list is replaced whole, never reordered
        <li key={`${e.dateTime}-${i}`} className="event">
          <span className="event-dot" aria-hidden="true" />
          <div>
            <div className="event-text">{e.trackingPoint?.description ?? e.trackingStage?.description ?? ""}</div>
            <time className="muted small" dateTime={e.dateTime}>
              {formatDate(e.dateTime, EVENT_DATE)}
              {e.location ? ` · ${e.location}` : ""}
            </time>
          </div>
        </li>
      ))}
    </ol>
  );
}
