import { useCallback, useState } from "react";
import { useAuth } from "../../app/auth";
import { PageHeader } from "../../components/PageHeader";
import { AnalyticsFilters } from "./AnalyticsFilters";
import { BuyerCards } from "./BuyerCards";
import { DailyShipments } from "./DailyShipments";
import { DeliveryPerformance } from "./DeliveryPerformance";
import { defaultFilters, type AnalyticsFilters as Filters } from "./filters";
import { SummaryCards } from "./SummaryCards";
import { T } from "./texts";
import { useAnalyticsBuyers, useAnalyticsDelivery, useAnalyticsSummary, useAnalyticsTimeseries } from "./useAnalytics";

/** /analytics: filters, four summary cards, the daily shipments chart, the delivery performance and the buyers' figures. */
export default function AnalyticsPage() {
  const { accessToken } = useAuth();
  const [filters, setFilters] = useState<Filters>(() => defaultFilters());
  const onChange = useCallback((f: Filters) => setFilters(f), []);
  const summary = useAnalyticsSummary(filters, accessToken);
  const series = useAnalyticsTimeseries(filters, accessToken);
  const delivery = useAnalyticsDelivery(filters, accessToken);
  const buyers = useAnalyticsBuyers(filters, accessToken);

  return (
    <div className="container analytics">
      <PageHeader title={T.title} subtitle={T.subtitle} />
      <AnalyticsFilters value={filters} onChange={onChange} />
      <section className="analytics-summary" aria-label="Summary" aria-busy={summary.status === "loading"}>
        <SummaryCards state={summary} />
      </section>
      <DailyShipments state={series} filters={filters} />
      <DeliveryPerformance state={delivery} filters={filters} />
      <BuyerCards state={buyers} />
    </div>
  );
}
