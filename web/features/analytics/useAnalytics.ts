import { queryOptions, useQuery } from "@tanstack/react-query";
import { errorText } from "../../api/client";
import { fetchBuyers, fetchDelivery, fetchSummary, fetchTimeseries } from "./api";
import { filterQuery, type AnalyticsFilters } from "./filters";

export type Load<T> =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "data"; data: T };

/**
 * The summary, the daily series, the delivery figures and the buyers' figures, each its own query keyed by the filters' query string (a new
 * filters object with the same query does not reload), so they load and fail independently.
 * Nothing loads without an access token; a query superseded by newer filters is aborted.
 */
function useAnalyticsQuery<T>(name: string, load: (f: AnalyticsFilters, signal: AbortSignal) => Promise<T>, filters: AnalyticsFilters, accessToken: string | null): Load<T> {
  const query = useQuery({ ...analyticsQuery(name, load, filters), enabled: Boolean(accessToken) });
  if (!accessToken) return { status: "idle" };
  if (query.isPending) return { status: "loading" };
  if (query.isError) return { status: "error", message: errorText(query.error, "") };
  return { status: "data", data: query.data };
}

const analyticsQuery = <T>(name: string, load: (f: AnalyticsFilters, signal: AbortSignal) => Promise<T>, filters: AnalyticsFilters) =>
  queryOptions({ queryKey: ["analytics", name, filterQuery(filters)], queryFn: ({ signal }) => load(filters, signal) });

/** The summary, the daily series and the delivery figures for `filters`, as the screen asks for them. */
export const analyticsQueries = (filters: AnalyticsFilters) =>
  [analyticsQuery("summary", fetchSummary, filters), analyticsQuery("timeseries", fetchTimeseries, filters), analyticsQuery("delivery", fetchDelivery, filters)] as const;

export const useAnalyticsSummary = (filters: AnalyticsFilters, accessToken: string | null) => useAnalyticsQuery("summary", fetchSummary, filters, accessToken);
export const useAnalyticsTimeseries = (filters: AnalyticsFilters, accessToken: string | null) => useAnalyticsQuery("timeseries", fetchTimeseries, filters, accessToken);
export const useAnalyticsDelivery = (filters: AnalyticsFilters, accessToken: string | null) => useAnalyticsQuery("delivery", fetchDelivery, filters, accessToken);
export const useAnalyticsBuyers = (filters: AnalyticsFilters, accessToken: string | null) => useAnalyticsQuery("buyers", fetchBuyers, filters, accessToken);
