import type { QueryClient } from "@tanstack/react-query";
import { couriersQuery } from "../labels/labelsApi";
import { defaultFilters } from "./filters";
import { analyticsQueries } from "./useAnalytics";

/**
 * What /analytics shows first, fetched ahead of the first render (web/app/first-render.ts): the summary, the daily
 * series and the delivery figures of the default filters (the last 30 days), and the couriers of the filter bar.
 */
export function prefetchAnalytics(client: QueryClient) {
  const [summary, series, delivery] = analyticsQueries(defaultFilters());
  return Promise.all([client.prefetchQuery(summary), client.prefetchQuery(series), client.prefetchQuery(delivery), client.prefetchQuery(couriersQuery)]);
}
