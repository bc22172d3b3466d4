import { useEffect, useRef } from "react";
import { errorText } from "../../api/client";
import { type LabelOutcome, useMarkOutcome } from "./needsActionApi";
import { OUTCOME_BADGES } from "./format";
import type { ApiLabel } from "./types";

const MARKS: Array<{ outcome: LabelOutcome; button: string }> = [
  { outcome: "delivered", button: "Mark delivered" },
  { outcome: "found", button: "Mark found" },
  { outcome: "claimed", button: "Mark claimed" },
];

const MARKED_TEXT: Record<LabelOutcome, string> = {
  delivered: "You marked this parcel delivered: no more alerts, and tracking has stopped.",
  found: "You marked this parcel found: no more alerts, and tracking has stopped.",
  claimed: "You marked this parcel claimed: no more alerts; tracking goes on in case it turns up.",
};

const CARRIER_DELIVERED_TEXT = "The carrier reports this parcel delivered: no alerts will come. Mark it claimed if you claim for it.";

/** The small mark on a label card. */
export function OutcomeBadge({ label }: { label: ApiLabel }) {
  return label.outcome ? <span className="badge badge-ok outcome-badge">{OUTCOME_BADGES[label.outcome]}</span> : null;
}

/** On the label detail: mark the parcel claimed, found or delivered to stop its alerts, or undo it. */
export function OutcomeControl({ label, onChange }: { label: ApiLabel; onChange: (label: ApiLabel) => void }) {
  const mark = useMarkOutcome(label.id, onChange);
  const busy = mark.isPending;
  // The carrier already says delivered: its alerts have stopped, so 'Mark delivered' would do nothing. Found and
  // claimed stay (a parcel delivered to the wrong door is still claimed); a mark made before the scan can be undone.
  const carrierDelivered = label.status === "delivered" && label.outcome !== "delivered";
  const marks = carrierDelivered ? MARKS.filter((m) => m.outcome !== "delivered") : MARKS;
  const hint = carrierDelivered ? CARRIER_DELIVERED_TEXT : "Mark it once it arrives, turns up or you have claimed: the deadline alerts stop.";
  // While a mark saves the buttons refuse (aria-disabled), not `disabled`: a disabled button drops the focus it has to
  // the page's body, and a keyboard user who pressed 'Mark found' was sent back to the top. 'Undo mark' goes once it has
  // worked: focus then goes to the first mark.
  const group = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each time the mark changes
  useEffect(() => {
    const now = document.activeElement;
    if (!now || now === document.body) (group.current?.querySelector<HTMLElement>("[aria-pressed=true]") ?? group.current?.querySelector<HTMLElement>("button"))?.focus();
  }, [label.outcome]);
  const send = (outcome: LabelOutcome | null) => {
    if (!busy) mark.mutate(outcome);
  };
  return (
    <section className="card stack outcome-control" aria-labelledby="outcome-title">
      <h2 id="outcome-title">What happened to this parcel?</h2>
      <p className="small muted" role="status">
        {label.outcome ? MARKED_TEXT[label.outcome] : hint}
      </p>
      <div className="row" role="group" aria-label="Mark the parcel" ref={group}>
        {marks.map((m) => (
          <button
            key={m.outcome}
            type="button"
            className={label.outcome === m.outcome ? "btn btn-sm btn-primary" : "btn btn-sm"}
            aria-pressed={label.outcome === m.outcome}
            aria-disabled={busy || undefined}
            onClick={() => send(label.outcome === m.outcome ? null : m.outcome)}
          >
            {m.button}
          </button>
        ))}
        {label.outcome && (
          <button type="button" className="btn btn-sm btn-ghost" aria-disabled={busy || undefined} onClick={() => send(null)}>
            Undo mark
          </button>
        )}
      </div>
      {busy && <p className="small muted">Saving…</p>}
      {mark.isError && (
        <p className="small field-error" role="alert">
          {errorText(mark.error, "Could not mark the parcel.")}
        </p>
      )}
    </section>
  );
}
