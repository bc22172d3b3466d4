import { lazy, Suspense, useCallback, useId, useState } from "react";
import { useNavigate } from "react-router";
import { Spinner } from "../../components/Spinner";
import type { AnalyticsTimeseries } from "./api";
import { longDay } from "./chart-scales";
import { DailyTable } from "./DailyTable";
import { labelsHrefForDay, type AnalyticsFilters } from "./filters";
import { T } from "./texts";
import type { Load } from "./useAnalytics";

const DailyChart = lazy(() => import("./DailyChart"));

function describe(points: AnalyticsTimeseries["points"]): string {
  const total = points.reduce((a, p) => a + p.value, 0);
  const busiest = points.reduce((a, p) => (p.value > a.value ? p : a), points[0]);
  return `${T.chartTitle} from ${longDay(points[0].ts)} to ${longDay(points.at(-1)!.ts)}: ${total} labels in all, most on ${longDay(busiest.ts)} (${busiest.value}).`;
}

/** The 'Daily shipments' card: line chart, its tip, and a table of the same numbers on demand. */
export function DailyShipments({ state, filters }: { state: Load<AnalyticsTimeseries>; filters: AnalyticsFilters }) {
  const navigate = useNavigate();
  const tableId = useId();
  const [showTable, setShowTable] = useState(false);
  const hrefFor = useCallback((day: string) => labelsHrefForDay(filters, day), [filters]);
  const pick = useCallback((day: string) => navigate(hrefFor(day)), [navigate, hrefFor]);

  let body = null;
  if (state.status === "loading") body = <Spinner label={T.loading} />;
  else if (state.status === "error") {
    body = (
      <div className="alert alert-error" role="alert">
        <strong>{T.failedSeries}</strong>
        {state.message && <span className="small"> ({state.message})</span>}
      </div>
    );
  } else if (state.status === "data") {
    const points = state.data.points;
    body = points.every((p) => p.value === 0) ? (
      <p className="empty" role="status">
        {T.noData}
      </p>
    ) : (
      <>
        <Suspense fallback={<Spinner label={T.loading} />}>
          <DailyChart points={points} label={describe(points)} onPick={pick} />
        </Suspense>
        <button
          type="button"
          className="btn btn-sm"
          aria-expanded={showTable}
          aria-controls={tableId}
          onClick={() => setShowTable((s) => !s)}
        >
          {showTable ? T.hideTable : T.showTable}
        </button>
        {showTable && <DailyTable id={tableId} points={points} hrefFor={hrefFor} />}
      </>
    );
  }

  return (
    <section className="card analytics-series" aria-labelledby={`${tableId}-title`}>
      <h2 id={`${tableId}-title`}>{T.chartTitle}</h2>
      <p className="muted small">Tip: {T.chartTip}</p>
      {body}
    </section>
  );
}
