import { useQuery } from "@tanstack/react-query";
import { errorText } from "../../api/client";
import { fetchDelivery, fetchSummary, fetchTimeseries } from "./api";
import { filterQuery, type AnalyticsFilters } from "./filters";

export type Load<T> =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "data"; data: T };

/**
 * The summary, the daily series and the delivery figures, each its own query keyed by the filters' query string (a new
 * filters object with the same query does not reload), so they load and fail independently.
 * Nothing loads without an access token; a query superseded by newer filters is aborted.
 */
function useAnalyticsQuery<T>(name: string, load: (f: AnalyticsFilters, signal: AbortSignal) => Promise<T>, filters: AnalyticsFilters, accessToken: string | null): Load<T> {
  const query = useQuery({
    queryKey: ["analytics", name, filterQuery(filters)],
    queryFn: ({ signal }) => load(filters, signal),
    enabled: Boolean(accessToken),
  });
  if (!accessToken) return { status: "idle" };
  if (query.isPending) return { status: "loading" };
  if (query.isError) return { status: "error", message: errorText(query.error, "") };
  return { status: "data", data: query.data };
}

export const useAnalyticsSummary = (filters: AnalyticsFilters, accessToken: string | null) => useAnalyticsQuery("summary", fetchSummary, filters, accessToken);
export const useAnalyticsTimeseries = (filters: AnalyticsFilters, accessToken: string | null) => useAnalyticsQuery("timeseries", fetchTimeseries, filters, accessToken);
export const useAnalyticsDelivery = (filters: AnalyticsFilters, accessToken: string | null) => useAnalyticsQuery("delivery", fetchDelivery, filters, accessToken);
