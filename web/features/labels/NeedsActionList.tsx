import { Link } from "react-router";
import { errorText } from "../../api/client";
import { EXTRA_DATE, formatDate } from "./format";
import { useNeedsAction } from "./needsActionApi";

/**
 * 'Needs action' at the top of the labels list: the parcels whose carrier deadline asks the user to
 * act, or that may be lost, most urgent first, each with what to do and a link to it. Hidden when
 * there is nothing to do (and while it loads, so the list below does not jump).
 */
export function NeedsActionList({ enabled }: { enabled: boolean }) {
  const query = useNeedsAction(enabled);
  if (query.isError) {
    return (
      <p className="muted small needs-action-error" role="status">
        {errorText(query.error, "Could not load the parcels that need action.")}
      </p>
    );
  }
  if (!query.data || query.data.total === 0) return null;
  const { results, total } = query.data;
  return (
    <section className="card needs-action" aria-labelledby="needs-action-title">
      <h2 id="needs-action-title">
        Needs action <span className="badge badge-warn">{total}</span>
      </h2>
      <ul className="needs-action-list">
        {results.map((p) => (
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
      {total > results.length && <p className="muted small">And {total - results.length} more.</p>}
    </section>
  );
}
