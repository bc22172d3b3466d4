import { useState } from "react";
import { Link } from "react-router";
import { errorText } from "../../api/client";
import { AlertIcon } from "../../components/icons";
import { EXTRA_DATE, formatDate } from "./format";
import { useNeedsAction } from "./needsActionApi";

/** Parcels shown before 'Show all'. */
const FIRST = 3;
export const NEEDS_ACTION_PANEL = "needs-action-panel";

/**
 * 'Needs action' on the labels list: a compact button in the list's header that says how many parcels need the
 * user to act on a carrier deadline (or may be lost) and opens their list (NeedsActionPanel). The search and the
 * labels stay at the top of the screen: the list used to sit above the search box, and put the first label below
 * a phone's first screen and a laptop's fold (issue 33). Hidden when there is nothing to do (and while it loads,
 * so nothing moves); a short line says so when it could not be loaded.
 */
export function NeedsActionToggle({ enabled, open, onToggle }: { enabled: boolean; open: boolean; onToggle: () => void }) {
  const query = useNeedsAction(enabled);
  if (query.isError) {
    return (
      <p className="muted small needs-action-error" role="status">
        {errorText(query.error, "Could not load the parcels that need action.")}
      </p>
    );
  }
  const total = query.data?.total ?? 0;
  if (!total) return null;
  return (
    <button type="button" className="btn btn-sm needs-action-toggle" aria-expanded={open} aria-controls={NEEDS_ACTION_PANEL} onClick={onToggle}>
      <AlertIcon />
      Needs action <span className="badge badge-warn">{total}</span>
    </button>
  );
}

/**
 * The parcels that need action, most urgent first, each with what to do and a link to it (the first few, then all
 * on request), and a way to list them all below with the list's own views (`onList`). Shown under the header when
 * NeedsActionToggle opens it.
 */
export function NeedsActionPanel({ enabled, onList }: { enabled: boolean; onList: () => void }) {
  const query = useNeedsAction(enabled);
  const [all, setAll] = useState(false);
  if (!query.data?.total) return null;
  const { results, total } = query.data;
  const shown = all ? results : results.slice(0, FIRST);
  return (
    <section id={NEEDS_ACTION_PANEL} className="card needs-action" aria-labelledby="needs-action-title">
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
