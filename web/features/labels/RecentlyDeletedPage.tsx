import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { errorText } from "../../api/client";
import { Modal } from "../../components/Modal";
import { PageHeader } from "../../components/PageHeader";
import { Spinner } from "../../components/Spinner";
import { CourierLogo } from "./CourierLogo";
import { purgeLabels, refreshAfterDeletion, restoreLabels, useDeletedLabels, useLabelJob, type ApiLabelJob, type DeletedSelection } from "./deletionApi";
import { RECENTLY_DELETED_TEXTS as T } from "./deletionTexts";
import { EXTRA_DATE, formatDate } from "./format";

const PER_PAGE = 25;

type Outcome = { text: string; warning?: boolean } | null;

/** The progress of a restore or purge the queue runs, then what it did. */
function JobProgress({ job }: { job: ApiLabelJob }) {
  const now = useLabelJob(job).data ?? job;
  if (now.status === "done") return <span>{now.kind === "restore" ? T.restored(now.done) : T.purged(now.done)}</span>;
  return <span>{now.kind === "restore" ? T.restoring(now.done, now.total) : T.purging(now.done, now.total)}</span>;
}

/**
 * Recently deleted (/labels/deleted): the labels deleted in the last 30 days, newest first. Each comes back whole with
 * Restore, or goes for good with Delete now (asked first); all of them at once too (the queue does a large set, and
 * this screen follows its progress). A label whose tracking code is among the labels again is named, not restored.
 */
export default function RecentlyDeletedPage() {
  const [page, setPage] = useState(1);
  const query = useDeletedLabels(page, PER_PAGE);
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [job, setJob] = useState<ApiLabelJob | null>(null);
  const [purging, setPurging] = useState<{ selection: DeletedSelection; count: number } | null>(null);
  const results = query.data?.results ?? [];
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));
  const days = query.data?.restoreDays ?? 30;
  const pageIds = results.map((l) => l.id);
  const pageSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  // Restoring or deleting the last labels of the last page: the page before it.
  const pastEnd = query.isSuccess && results.length === 0 && page > 1;
  useEffect(() => {
    if (pastEnd) setPage(pages);
  }, [pastEnd, pages]);

  function toggle(ids: string[], on: boolean) {
    const next = new Set(selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    setSelected(next);
  }

  async function act(run: () => Promise<void>) {
    setBusy(true);
    setOutcome(null);
    try {
      await run();
      setSelected(new Set());
      refreshAfterDeletion(queryClient);
    } catch (err) {
      setOutcome({ text: errorText(err, T.actionFailed), warning: true });
    } finally {
      setBusy(false);
    }
  }

  const restore = (selection: DeletedSelection) =>
    act(async () => {
      const r = await restoreLabels(selection);
      if (r.job) return setJob(r.job);
      const parts = [T.restored(r.restored), r.notRestored.length ? T.notRestored(r.notRestored.length) : ""];
      setOutcome({ text: parts.filter(Boolean).join(" "), warning: r.notRestored.length > 0 });
    });
  const purge = (selection: DeletedSelection) =>
    act(async () => {
      setPurging(null);
      const r = await purgeLabels(selection);
      if (r.job) return setJob(r.job);
      setOutcome({ text: T.purged(r.purged) });
    });

  return (
    <div className="container recently-deleted">
      <PageHeader title={T.title} subtitle={T.subtitle(days)}>
        <Link to="/labels" className="btn btn-ghost">
          {T.back}
        </Link>
      </PageHeader>
      <div role="status" aria-live="polite">
        {job && (
          <p className="alert alert-info">
            <JobProgress job={job} />
          </p>
        )}
        {outcome && <p className={outcome.warning ? "alert alert-warning" : "alert alert-info"}>{outcome.text}</p>}
      </div>
      {query.isPending && <Spinner label={T.loading} />}
      {query.isError && (
        <div className="card alert-error" role="alert">
          {errorText(query.error, T.failed)}
        </div>
      )}
      {query.isSuccess && total === 0 && (
        <div className="card empty">
          <p>{T.empty}</p>
        </div>
      )}
      {query.isSuccess && results.length > 0 && (
        <>
          <div className="row deleted-toolbar">
            <label className="row small">
              <input type="checkbox" className="label-select" checked={pageSelected} onChange={(e) => toggle(pageIds, e.target.checked)} />
              {T.selectPage}
            </label>
            {selected.size > 0 ? (
              <>
                <button type="button" className="btn btn-sm btn-primary" disabled={busy} onClick={() => void restore({ ids: [...selected] })}>
                  {T.restoreSelected(selected.size)}
                </button>
                <button type="button" className="btn btn-sm btn-danger" disabled={busy} onClick={() => setPurging({ selection: { ids: [...selected] }, count: selected.size })}>
                  {T.deleteSelected(selected.size)}
                </button>
              </>
            ) : (
              <>
                <button type="button" className="btn btn-sm" disabled={busy} onClick={() => void restore({ all: true })}>
                  {T.restoreAll}
                </button>
                <button type="button" className="btn btn-sm btn-danger" disabled={busy} onClick={() => setPurging({ selection: { all: true }, count: total })}>
                  {T.deleteAll}
                </button>
              </>
            )}
          </div>
          <ul className="deleted-list">
            {results.map((l) => (
              <li key={l.id} className="card deleted-row" aria-label={`Deleted label ${l.trackingCode}`}>
                <input type="checkbox" className="label-select" aria-label={T.select(l.trackingCode)} checked={selected.has(l.id)} onChange={(e) => toggle([l.id], e.target.checked)} />
                <div className="deleted-what">
                  <div className="row">
                    <CourierLogo courier={l.courier} />
                    <span className="mono tracking-code">{l.trackingCode}</span>
                  </div>
                  <div className="small">
                    {l.recipient.name || l.recipient.postcode ? [l.recipient.name, l.recipient.postcode].filter(Boolean).join(", ") : <span className="muted">—</span>}
                    {l.tags.length > 0 && <span className="muted"> · {l.tags.join(", ")}</span>}
                  </div>
                  <div className="small muted">
                    {T.deletedOn} {formatDate(l.deletedAt, EXTRA_DATE)} · {T.until} {formatDate(l.restorableUntil, EXTRA_DATE)}
                  </div>
                </div>
                <div className="row deleted-actions">
                  <button type="button" className="btn btn-sm" disabled={busy} aria-label={`${T.restore} ${l.trackingCode}`} onClick={() => void restore({ ids: [l.id] })}>
                    {T.restore}
                  </button>
                  <button type="button" className="btn btn-sm btn-danger" disabled={busy} aria-label={`${T.deleteNow} ${l.trackingCode}`} onClick={() => setPurging({ selection: { ids: [l.id] }, count: 1 })}>
                    {T.deleteNow}
                  </button>
                </div>
              </li>
            ))}
          </ul>
          <nav className="row pager" aria-label="Pagination">
            <button type="button" className="btn" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </button>
            <span className="muted small">
              Page {page} of {pages}
            </span>
            <button type="button" className="btn" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Next
            </button>
          </nav>
        </>
      )}
      {purging && (
        <Modal title={T.purgeTitle(purging.count)} onClose={() => setPurging(null)} initialFocus=".btn-primary" className="confirm-dialog">
          <p>{T.purgeBody}</p>
          <div className="row modal-actions">
            <button type="button" className="btn" onClick={() => setPurging(null)}>
              Cancel
            </button>
            <button type="button" className="btn btn-primary btn-destructive" onClick={() => void purge(purging.selection)}>
              {T.purgeConfirm(purging.count)}
            </button>
          </div>
        </Modal>
      )}
    </div>
  );
}
