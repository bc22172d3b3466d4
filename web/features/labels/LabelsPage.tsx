import { keepPreviousData } from "@tanstack/react-query";
import { startTransition, useEffect, useState } from "react";
import { Link } from "react-router";
import { errorText } from "../../api/client";
import { useAuth } from "../../app/auth";
import { PageHeader } from "../../components/PageHeader";
import { Spinner } from "../../components/Spinner";
import { BulkPrintBar } from "./BulkPrintBar";
import { DeletionNoticeBar } from "./DeleteLabels";
import { ExportCsvButton } from "./ExportCsvButton";
import { LabelCard } from "./LabelCard";
import { LabelsCompactList } from "./LabelsCompactList";
import { LabelsTable } from "./LabelsTable";
import { LabelsToolbar } from "./LabelsToolbar";
import { NeedsActionPanel, NeedsActionToggle } from "./NeedsActionList";
import { FilterChips } from "./FilterChips";
import { UnknownParamsNote } from "./UnknownParamsNote";
import { useCouriers, useLabelsPage } from "./labelsApi";
import { useLabelSelection } from "./useLabelSelection";
import { FIRST_CARDS, listRequest, PAGE_SIZES, SEARCH_WIDE } from "./listQuery";
import { useMediaQuery } from "../../app/useMediaQuery";
import { useListParams } from "./useListParams";
import { useListView, type ListView } from "./useListView";

/**
 * A first render that has its answer already (web/app/first-render.ts) draws the cards a phone's screen shows, then
 * the rest of the page a frame at a time, twice as many cards each time (3, 6, 12, 15 of a page of 15), each step a
 * transition of its own: the first cards paint without waiting for the page's other twelve to be built and laid out
 * (issue 26: /labels's largest paint was the whole page's commit, one long task), and a page of 50 is complete
 * within five frames (FIRST_CARDS, ./listQuery.ts). A render that waits for its answer shows every card at once, as before.
 */

const VIEW_NAMES: Record<ListView, string> = { cards: "Cards", table: "Table", compact: "Compact" };

/** Cards, table or compact rows: the choices this screen size has, the current one pressed. */
function ViewSwitch({ view, choices, choose }: ReturnType<typeof useListView>) {
  return (
    <div className="view-switch" role="group" aria-label="View">
      {choices.map((v) => (
        <button key={v} type="button" className="btn btn-sm" aria-pressed={view === v} onClick={() => choose(v)}>
          {VIEW_NAMES[v]}
        </button>
      ))}
    </div>
  );
}

export default function LabelsPage() {
  const { accessToken } = useAuth();
  const list = useListParams();
  const { page, perPage } = list;
  const views = useListView();
  const filtered = Object.keys(list.filters).length > 0;
  // The selection is of the labels the filters match, whatever their order.
  const filterKey = JSON.stringify(list.filters);

  // While a new search or filter loads, the last answer stays on screen (dimmed), not a spinner per keystroke.
  const labels = useLabelsPage(listRequest(list), Boolean(accessToken), { placeholderData: keepPreviousData });
  // The cards name each courier from the couriers call: ask for it beside the list, not after it.
  useCouriers();
  const state = !accessToken
    ? ({ status: "error", message: "Authentication required" } as const)
    : labels.isPending
      ? ({ status: "loading" } as const)
      : labels.isError
        ? ({ status: "error", message: errorText(labels.error, "Failed to fetch labels") } as const)
        : ({ status: "ok", data: labels.data } as const);
  const updating = labels.isPlaceholderData && labels.isFetching;
  // The pager appears with the first answer, in its final place below the list (no layout shift on load),
  // and then stays while later pages load, so a keyboard user keeps focus on Next. A first render that has the
  // answer already (web/app/first-render.ts) shows it at once, without a second render of the whole list.
  const [answered, setAnswered] = useState(state.status !== "loading");
  useEffect(() => {
    if (state.status !== "loading") setAnswered(true);
  }, [state.status]);
  // A bookmarked page past the end (the labels since changed): the last page instead.
  const pastEnd = state.status === "ok" && state.data.results.length === 0 && state.data.total > 0 && page > 1;
  const lastPage = state.status === "ok" ? Math.max(1, Math.ceil(state.data.total / perPage)) : 1;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when an answer says the page is past the end
  useEffect(() => {
    if (pastEnd) list.update({ page: String(lastPage) }, { replace: true });
  }, [pastEnd, lastPage]);

  const [shownCards, setShownCards] = useState(FIRST_CARDS);
  const more = shownCards < (state.status === "ok" ? state.data.results.length : 0);
  useEffect(() => {
    if (shownCards === Number.POSITIVE_INFINITY) return;
    // Every card is drawn (or the first render had no answer to draw): later answers show all their cards at once.
    if (!more) return setShownCards(Number.POSITIVE_INFINITY);
    // The next cards once the last ones are painted (a task queued from the frame's callback runs after its paint):
    // a few cards' commit is a short task, where the whole rest of the page was one long one.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setShownCards((n) => n * 2)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [shownCards, more]);

  const total = state.status === "ok" ? state.data.total : 0;
  // An account without labels yet: the empty state alone, none of the list's controls (nothing to export, search,
  // page or show in another view).
  const noLabels = state.status === "ok" && total === 0 && !filtered;
  const [actionOpen, setActionOpen] = useState(false);
  const recentlyDeleted = (
    <Link to="/labels/deleted" className="btn btn-ghost">
      Recently deleted
    </Link>
  );
  // The page size, the export and Recently deleted: in the header where there is room; on a phone under the list,
  // beside the pager, so that the first screen shows the search box and a label (issue 33).
  const wide = useMediaQuery(SEARCH_WIDE);
  const listSettings = (
    <>
      <label className="row small per-page" htmlFor="per-page">
        Per page
        <select id="per-page" className="input input-sm" value={perPage} onChange={(e) => list.update({ per_page: e.target.value })}>
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <ExportCsvButton filters={list.query} />
      {recentlyDeleted}
    </>
  );
  const pages = Math.max(1, Math.ceil(total / perPage));
  const selected = useLabelSelection(list.query, filterKey, total);
  const results = state.status === "ok" ? state.data.results : [];
  const pageIds = results.map((l) => l.id);
  const shown = results.slice(0, shownCards);
  const pageSelected = pageIds.length > 0 && pageIds.every(selected.isSelected);
  const selection = { isSelected: selected.isSelected, onSelectedChange: (id: string, on: boolean) => selected.setSelected([id], on, pageIds) };
  const clearFilters = (
    <button type="button" className="btn" onClick={list.clearFilters}>
      Clear filters
    </button>
  );

  return (
    <div className="container labels-page">
      <PageHeader
        title="Labels"
        subtitle={
          !noLabels && (
            <span aria-live="polite">
              {state.status === "ok" ? `${total} ${total === 1 ? "label" : "labels"} · ` : ""}Page {page} of {pages}
              {updating && <span className="muted"> · Updating…</span>}
            </span>
          )
        }
      >
        {!noLabels && (
          <>
            <NeedsActionToggle enabled={Boolean(accessToken)} open={actionOpen} onToggle={() => setActionOpen((o) => !o)} />
            <ViewSwitch {...views} />
            {wide && listSettings}
          </>
        )}
      </PageHeader>
      <DeletionNoticeBar />

      {actionOpen && (
        <NeedsActionPanel
          enabled={Boolean(accessToken)}
          onList={() => {
            setActionOpen(false);
            list.update({ status: "needs_action" });
          }}
        />
      )}
      {!noLabels && <LabelsToolbar list={list} />}
      <FilterChips list={list} />
      <UnknownParamsNote list={list} />

      {state.status === "loading" && <Spinner label="Loading labels…" />}
      {state.status === "error" && (
        <div className="card alert-error labels-error" role="alert">
          <p>{state.message}</p>
          {filtered && clearFilters}
        </div>
      )}
      {state.status === "ok" && results.length === 0 && !pastEnd && !filtered && (
        <div className="card empty">
          <p>No labels found.</p>
          {/* Labels deleted a moment ago can still be brought back from here. */}
          <div className="row">
            <Link to="/upload" className="btn btn-primary">
              Upload labels
            </Link>
            {recentlyDeleted}
          </div>
        </div>
      )}
      {state.status === "ok" && results.length === 0 && !pastEnd && filtered && (
        <div className="card empty">
          <p>{list.filters.q ? `No labels match “${list.filters.q}” with these filters.` : "No labels match these filters."}</p>
          {clearFilters}
        </div>
      )}
      {state.status === "ok" && results.length > 0 && (
        <div className={updating ? "labels-results is-updating" : "labels-results"} aria-busy={updating}>
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
          {views.view === "table" && <LabelsTable labels={shown} {...selection} />}
          {views.view === "compact" && <LabelsCompactList labels={shown} {...selection} />}
          {views.view === "cards" && (
            <div className="label-list">
              {shown.map((l) => (
                <LabelCard key={l.id} label={l} selected={selected.isSelected(l.id)} onSelectedChange={(on) => selection.onSelectedChange(l.id, on)} />
              ))}
            </div>
          )}
        </div>
      )}
      <BulkPrintBar count={selected.count} selection={selected.selection} onClear={selected.clear} />

      {/* Once the page's cards are all drawn (the first render's come a few a frame): it never moves down under them. */}
      {answered && !more && !noLabels && (
        <nav className="row pager" aria-label="Pagination">
          <button type="button" className="btn" disabled={page <= 1} onClick={() => list.update({ page: String(page - 1) })}>
            Previous
          </button>
          <span className="muted small">
            Page {page} of {pages}
          </span>
          <button type="button" className="btn" disabled={page >= pages || state.status !== "ok"} onClick={() => list.update({ page: String(page + 1) })}>
            Next
          </button>
        </nav>
      )}
      {answered && !more && !noLabels && !wide && <div className="row list-settings">{listSettings}</div>}
    </div>
  );
}
