import { Link } from "react-router";
import { errorText } from "../../api/client";
import { Spinner } from "../../components/Spinner";
import { EVENT_DATE, formatDate } from "../labels/format";
import { type CreditMovement, useCreditHistory } from "./api";
import { CREDITS_TEXT as T, movementText } from "./texts";

/** The labels a movement paid for: each linked to its page (a deleted one to Recently deleted), then how many more. */
function MovementLabels({ movement }: { movement: CreditMovement }) {
  const more = movement.labelCount - movement.labels.length;
  // A debit that names no label (older ones named the upload's file; a purged label is no longer named): its count says it.
  if (!movement.labels.length) return null;
  return (
    <span className="credit-movement-labels small">
      {movement.labels.map((l, i) => (
        <span key={l.id}>
          {i > 0 && ", "}
          {l.deleted ? (
            <Link to="/labels/deleted" className="mono">
              {l.trackingCode}
            </Link>
          ) : (
            <Link to={`/label/${encodeURIComponent(l.id)}`} className="mono">
              {l.trackingCode}
            </Link>
          )}
          {l.deleted && <span className="muted"> ({T.deleted})</span>}
        </span>
      ))}
      {more > 0 && <span className="muted"> {T.more(more)}</span>}
    </span>
  );
}

function Movement({ movement }: { movement: CreditMovement }) {
  const up = movement.delta > 0;
  return (
    <li className="credit-movement">
      <time className="credit-movement-when muted small" dateTime={movement.at}>
        {formatDate(movement.at, EVENT_DATE)}
      </time>
      <span className="credit-movement-what">
        {movementText(movement)}
        <MovementLabels movement={movement} />
      </span>
      <span className={up ? "credit-movement-change is-up" : "credit-movement-change"}>
        <span aria-hidden="true">{T.change(movement.delta)}</span>
        <span className="sr-only">{T.changeSpoken(movement.delta)}</span>
      </span>
      <span className="credit-movement-balance muted small">{T.balanceAfter(movement.balanceAfter)}</span>
    </li>
  );
}

/** Where every credit went (GET /credits/history): loading, failed (with a retry), empty, the movements, 'Show older'. */
export function CreditHistory() {
  const history = useCreditHistory();
  const movements = history.data?.pages.flatMap((p) => p.results) ?? [];
  const olderFailed = history.isFetchNextPageError ? errorText(history.error, T.loadFailed) : null;
  return (
    <section className="card credit-history" aria-labelledby="credit-history-title">
      <h2 id="credit-history-title">{T.historyTitle}</h2>
      <p className="muted small">{T.historyLead}</p>
      {history.isPending ? (
        <Spinner label={T.loading} />
      ) : !history.data ? (
        <div role="alert" className="credit-history-error">
          <p>{errorText(history.error, T.loadFailed)}</p>
          <button type="button" className="btn btn-sm" onClick={() => void history.refetch()}>
            {T.retry}
          </button>
        </div>
      ) : movements.length === 0 ? (
        <p className="empty">{T.empty}</p>
      ) : (
        <>
          <ol className="credit-movements">
            {movements.map((m) => (
              <Movement key={`${m.at}-${m.reason}`} movement={m} />
            ))}
          </ol>
          {history.hasNextPage && (
            <div className="center">
              <button type="button" className="btn btn-sm" onClick={() => void history.fetchNextPage()} disabled={history.isFetchingNextPage} aria-busy={history.isFetchingNextPage}>
                {history.isFetchingNextPage ? T.loadingOlder : T.older}
              </button>
            </div>
          )}
          {olderFailed && (
            <p role="alert" className="field-error small">
              {olderFailed}
            </p>
          )}
        </>
      )}
    </section>
  );
}
