import { useEffect, useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { errorText } from "../../api/client";
import { useAuth } from "../../app/auth";
import { PageHeader } from "../../components/PageHeader";
import { Spinner } from "../../components/Spinner";
import { BulkPrintBar } from "./BulkPrintBar";
import { ExportCsvButton } from "./ExportCsvButton";
import { LabelCard } from "./LabelCard";
import { NeedsActionList } from "./NeedsActionList";
import { useCouriers, useLabelsPage } from "./labelsApi";
import { useLabelSelection } from "./useLabelSelection";

const PAGE_SIZES = [15, 25, 50] as const;

/** The analytics filters that can arrive in the query string, and their chips. */
const FILTERS: Array<{ key: string; chip: (v: string) => string }> = [
  { key: "from", chip: (v) => `From ${v}` },
  { key: "to", chip: (v) => `To ${v}` },
  { key: "courier", chip: (v) => `Courier: ${v}` },
  { key: "lost", chip: (v) => `Potentially lost: ${v === "1" ? "Yes" : "No"}` },
  { key: "next_day", chip: (v) => `Next-day: ${v === "1" ? "Next-day" : "Standard"}` },
  { key: "tags", chip: (v) => `Tags: ${v}` },
];

export default function LabelsPage() {
  const { accessToken } = useAuth();
  const [params, setParams] = useSearchParams();
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(15);
  // The pager appears with the first answer, in its final place below the list (no layout shift on load),
  // and then stays while later pages load, so a keyboard user keeps focus on Next.
  const [answered, setAnswered] = useState(false);

  const filters = useMemo(
    () => Object.fromEntries(FILTERS.map((f) => [f.key, params.get(f.key) ?? undefined]).filter(([, v]) => v)) as Record<string, string>,
    [params],
  );
  const filterKey = JSON.stringify(filters);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of filters starts again at page 1
  useEffect(() => setPage(1), [filterKey]);

  const list = useLabelsPage({ ...filters, page, per_page: perPage }, Boolean(accessToken));
  // The cards name each courier from the couriers call: ask for it beside the list, not after it.
  useCouriers();
  const state = !accessToken
    ? ({ status: "error", message: "Authentication required" } as const)
    : list.isPending
      ? ({ status: "loading" } as const)
      : list.isError
        ? ({ status: "error", message: errorText(list.error, "Failed to fetch labels") } as const)
        : ({ status: "ok", data: list.data } as const);
  useEffect(() => {
    if (state.status !== "loading") setAnswered(true);
  }, [state.status]);

  const total = state.status === "ok" ? state.data.total : 0;
  const pages = Math.max(1, Math.ceil(total / perPage));
  const selected = useLabelSelection(filters, filterKey, total);
  const pageIds = state.status === "ok" ? state.data.results.map((l) => l.id) : [];
  const pageSelected = pageIds.length > 0 && pageIds.every(selected.isSelected);

  function removeFilter(key: string) {
    const next = new URLSearchParams(params);
    next.delete(key);
    setParams(next);
  }

  return (
    <div className="container labels-page">
      <PageHeader
        title="Labels"
        subtitle={
          <span aria-live="polite">
            {state.status === "ok" ? `${total} ${total === 1 ? "label" : "labels"} · ` : ""}Page {page} of {pages}
          </span>
        }
      >
        <label className="row small" htmlFor="per-page">
          Per page
          <select
            id="per-page"
            className="input input-sm"
            value={perPage}
            onChange={(e) => {
              setPerPage(Number(e.target.value));
              setPage(1);
            }}
          >
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <ExportCsvButton filters={filters} />
      </PageHeader>

      <NeedsActionList enabled={Boolean(accessToken)} />

      {Object.keys(filters).length > 0 && (
        <ul className="chips filter-chips" aria-label="Filters">
          {FILTERS.filter((f) => filters[f.key]).map((f) => (
            <li key={f.key} className="chip">
              {f.chip(filters[f.key])}
              <button type="button" aria-label={`Remove filter ${f.chip(filters[f.key])}`} onClick={() => removeFilter(f.key)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}

      {state.status === "loading" && <Spinner label="Loading labels…" />}
      {state.status === "error" && (
        <div className="card alert-error" role="alert">
          {state.message}
        </div>
      )}
      {state.status === "ok" && state.data.results.length === 0 && (
        <div className="card empty">
          <p>No labels found.</p>
          <Link to="/upload" className="btn btn-primary">
            Upload labels
          </Link>
        </div>
      )}
      {state.status === "ok" && state.data.results.length > 0 && (
        <>
          <div className="row selection-row">
            <label className="row small">
              <input type="checkbox" className="label-select" checked={pageSelected} onChange={(e) => selected.setSelected(pageIds, e.target.checked, pageIds)} />
              Select all on this page
            </label>
            {!selected.allMatching && (
              <button type="button" className="link-button small" onClick={selected.selectAllMatching}>
                Select all {total} matching the filters
              </button>
            )}
          </div>
          <div className="label-list">
            {state.data.results.map((l) => (
              <LabelCard key={l.id} label={l} selected={selected.isSelected(l.id)} onSelectedChange={(on) => selected.setSelected([l.id], on, pageIds)} />
            ))}
          </div>
        </>
      )}
      <BulkPrintBar count={selected.count} selection={selected.selection} onClear={selected.clear} />

      {answered && (
        <nav className="row pager" aria-label="Pagination">
          <button type="button" className="btn" disabled={page <= 1} onClick={() => setPage((p) => Math.max(1, p - 1))}>
            Previous
          </button>
          <span className="muted small">
            Page {page} of {pages}
          </span>
          <button type="button" className="btn" disabled={page >= pages || state.status !== "ok"} onClick={() => setPage((p) => p + 1)}>
            Next
          </button>
        </nav>
      )}
    </div>
  );
}
