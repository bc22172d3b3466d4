import { useState } from "react";
import { Link } from "react-router";
import { errorText } from "../../api/client";
import { EXTRA_DATE, formatDate } from "./format";
import { useNeedsAction } from "./needsActionApi";

/** Parcels shown before 'Show all': the search and the list stay near the top of the screen. */
const FIRST = 3;

/**
 * 'Needs action' at the top of the labels list: the parcels whose carrier deadline asks the user to
 * act, or that may be lost, most urgent first, each with what to do and a link to it (the first few,
 * then all on request), and a way to list them all below with the list's own views (`onList`). Hidden
 * when there is nothing to do (and while it loads, so the list below does not jump).
 */
export function NeedsActionList({ enabled, onList }: { enabled: boolean; onList: () => void }) {
  const query = useNeedsAction(enabled);
  const [all, setAll] = useState(false);
  if (query.isError) {
    return (
      <p className="muted small needs-action-error" role="status">
        {errorText(query.error, "Could not load the parcels that need action.")}
      </p>
    );
  }
  if (!query.data || query.data.total === 0) return null;
  const { results, total } = query.data;
  const shown = all ? results : results.slice(0, FIRST);
  return (
    <section className="card needs-action" aria-labelledby="needs-action-title">
      <h2 id="needs-action-title">
        Needs action <span className="badge badge-warn">{total}</span>
      </h2>
      <ul className="needs-action-list">
        {shown.map((p) => (
          <li key={p.id}>
            <Link to={`/label/${encodeURIComponent(p.id)}`} className="mono needs-action-code">
              {p.trackingCode}
            </Link>
            <span className="muted small">
              {p.courierName}
              {p.recipient ? ` · to ${p.recipient}` : ""}
            </span>
            <span className={p.urgent ? "needs-action-sentence" : "needs-action-sentence muted"}>{p.urgent || !p.lostReason ? p.sentence : p.lostReason}</span>
            {p.actBy && <span className="small muted">Act by {formatDate(p.actBy, EXTRA_DATE)}</span>}
          </li>
        ))}
      </ul>
      {all && total > results.length && <p className="muted small">And {total - results.length} more.</p>}
      <div className="row needs-action-actions">
        {results.length > FIRST && (
          <button type="button" className="btn btn-sm" aria-expanded={all} onClick={() => setAll((a) => !a)}>
            {all ? "Show fewer" : `Show all ${results.length}`}
          </button>
        )}
        <button type="button" className="link-button small" onClick={onList}>
          List them below
        </button>
      </div>
    </section>
  );
}
