import type { StatusFilter } from "../../../shared/list-options";
import { EVENT_DATE, EXTRA_DATE, details, formatDate, noteSnippet, trackingEvents } from "./format";
import type { ApiLabel } from "./types";

/**
 * The short forms of a label that the table and the compact rows show (and the cards their tags and note): its
 * status in words, its latest event, its deadline sentence, its tags and the start of its note.
 */

/** The status filter's choices and each label's status, in words. */
export const STATUS_NAMES: Record<StatusFilter, string> = {
  waiting: "Waiting for first scan",
  in_transit: "In transit",
  out_for_delivery: "Out for delivery",
  delivered: "Delivered",
  returned: "Returned to sender",
  claimed: "Claimed (marked)",
  found: "Found (marked)",
  potentially_lost: "Potentially lost",
  needs_action: "Needs action",
  order_question: "Asks which order",
};

/** 'Delivered Nov 24, 2026', 'In transit', …: where the parcel is, and the day it was delivered. */
export function statusText(label: ApiLabel): string {
  const delivered = label.status === "delivered" ? formatDate(details(label).deliveredAt, EXTRA_DATE) : "";
  return delivered ? `${STATUS_NAMES.delivered} ${delivered}` : STATUS_NAMES[label.status];
}

/** The status, with a 'may be lost' mark beside it when the parcel is flagged. */
export function StatusLine({ label }: { label: ApiLabel }) {
  return (
    <span className="status-line">
      <span className="status-text">
        <span className={`status-dot status-${label.status}`} aria-hidden="true" />
        <span>{statusText(label)}</span>
      </span>
      {label.lostStatus.potentiallyLost && <span className="badge badge-warn">May be lost</span>}
      <OrderQuestionMark label={label} />
    </span>
  );
}

/** A label asking which of the seller's marketplace orders it is for (its page has the question). */
export function OrderQuestionMark({ label }: { label: ApiLabel }) {
  return label.orderQuestion ? <span className="badge badge-warn">Which order?</span> : null;
}

/** The newest tracking event: what it says and when (`inline`: on one line, for the compact rows). */
export function LatestEvent({ label, inline }: { label: ApiLabel; inline?: boolean }) {
  const [latest] = trackingEvents(label);
  if (!latest) return <span className="muted small">No updates yet</span>;
  return (
    <span className={inline ? "latest-event is-inline small" : "latest-event"}>
      <span>{latest.trackingPoint?.description ?? latest.trackingStage?.description ?? ""}</span>
      <time className="muted small" dateTime={latest.dateTime}>
        {formatDate(latest.dateTime, EVENT_DATE)}
      </time>
    </span>
  );
}

/** The deadline sentence (a warning when the user must act), or nothing once it does not apply. */
export function DeadlineText({ label }: { label: ApiLabel }) {
  const d = label.deadlines;
  if (!d?.sentence) return null;
  return <span className={d.urgent ? "deadline-text is-urgent" : "deadline-text"}>{d.sentence}</span>;
}

/** The label's tags and the start of its note (the whole note in its title), nothing when it has neither. */
export function TagsAndNote({ label }: { label: ApiLabel }) {
  const note = label.notes.trim();
  if (!label.tags.length && !note) return null;
  const snippet = noteSnippet(note);
  return (
    <div className="tags-note">
      {label.tags.length > 0 && (
        <ul className="chips tag-chips" aria-label="Tags">
          {label.tags.map((t) => (
            <li key={t} className="chip tag-chip">
              {t}
            </li>
          ))}
        </ul>
      )}
      {note && (
        <p className="note-snippet small" title={snippet === note ? undefined : note}>
          <span className="sr-only">Note: </span>
          {snippet}
        </p>
      )}
    </div>
  );
}
