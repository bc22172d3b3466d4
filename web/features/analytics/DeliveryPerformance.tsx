import { formatNumber } from "../../components/numbers";
import { lazy, Suspense, useCallback, useId, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { Spinner } from "../../components/Spinner";
import { ExportCsvButton } from "../labels/ExportCsvButton";
import { useCouriers } from "../labels/labelsApi";
import type { DeliveryAnalytics, DeliveryGroup } from "./api";
import { DeliveryCards, rate } from "./DeliveryCards";
import { DeliveryTable } from "./DeliveryTable";
import { filterQuery, labelsHref, type AnalyticsFilters } from "./filters";
import { DAY_BUCKETS, T } from "./texts";
import type { Load } from "./useAnalytics";

const TransitChart = lazy(() => import("./TransitChart"));

function describe(name: string, c: DeliveryGroup): string {
  const parts = c.transitDays.map((n, i) => `${DAY_BUCKETS[i]}: ${n}`).join(", ");
  return `${name}, ${c.delivered} delivered, ${rate(c.onTimeRate)} on time. Working days in transit: ${parts}.`;
}

/** One courier's bars; a click opens its labels under the current filters. */
function CourierTransit({ group, name, href }: { group: DeliveryGroup; name: string; href: string }) {
  const navigate = useNavigate();
  const pick = useCallback(() => navigate(href), [navigate, href]);
  return (
    <figure className="transit-courier">
      <figcaption className="small">
        <strong>{name}</strong> · {formatNumber(group.delivered)} {T.delivered.toLowerCase()}, {rate(group.onTimeRate)} {T.onTime.toLowerCase()}
      </figcaption>
      <Suspense fallback={<Spinner label={T.loading} />}>
        <TransitChart counts={group.transitDays} label={describe(name, group)} onPick={pick} />
      </Suspense>
    </figure>
  );
}

/**
 * 'Delivery performance': on-time rate, days to the first scan, transit time and lost/claimed cards, the
 * transit distribution per courier with a table of it per service on demand, and the labels behind the view as CSV.
 */
export function DeliveryPerformance({ state, filters }: { state: Load<DeliveryAnalytics>; filters: AnalyticsFilters }) {
  const id = useId();
  const [showTable, setShowTable] = useState(false);
  const couriers = useCouriers().data;
  const courierName = useCallback((c: string) => couriers?.find((x) => x.id === c)?.displayName ?? c, [couriers]);
  const hrefFor = useCallback((courier: string) => labelsHref(filters, { courier }), [filters]);
  const csvFilters = useMemo(() => filterQuery(filters), [filters]);

  let body = null;
  if (state.status === "loading") body = <Spinner label={T.loading} />;
  else if (state.status === "error") {
    body = (
      <div className="alert alert-error" role="alert">
        <strong>{T.failedDelivery}</strong>
        {state.message && <span className="small"> ({state.message})</span>}
      </div>
    );
  } else if (state.status === "data") {
    const d = state.data;
    const charted = d.couriers.filter((c) => c.delivered > 0);
    body =
      d.totals.labels === 0 ? (
        <p className="empty" role="status">
          {T.noData}
        </p>
      ) : (
        <>
          <DeliveryCards data={d} filters={filters} />
          <h3 id={`${id}-transit`}>{T.transitTitle}</h3>
          {charted.length === 0 ? (
            <p className="empty" role="status">
              {T.noDeliveries}
            </p>
          ) : (
            <>
              <p className="muted small">Tip: {T.transitTip}</p>
              <div className="transit-charts">
                {charted.map((c) => (
                  <CourierTransit key={c.courier} group={c} name={courierName(c.courier)} href={hrefFor(c.courier)} />
                ))}
              </div>
              <button type="button" className="btn btn-sm" aria-expanded={showTable} aria-controls={`${id}-table`} onClick={() => setShowTable((s) => !s)}>
                {showTable ? T.hideTable : T.showTable}
              </button>
              {showTable && <DeliveryTable id={`${id}-table`} services={d.services.filter((s) => s.delivered > 0)} courierName={courierName} hrefFor={hrefFor} />}
            </>
          )}
        </>
      );
  }

  return (
    <section className="card analytics-delivery" aria-labelledby={`${id}-title`} aria-busy={state.status === "loading"}>
      <div className="analytics-delivery-head">
        <h2 id={`${id}-title`}>{T.delivery}</h2>
        <ExportCsvButton filters={csvFilters} label={T.downloadCsv} />
      </div>
      <p className="muted small">{T.deliveryNote}</p>
      {body}
    </section>
  );
}
