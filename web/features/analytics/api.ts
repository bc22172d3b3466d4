import { api } from "../../api/client";
import { filterQuery, type AnalyticsFilters } from "./filters";

import type { AnalyticsSummary, AnalyticsTimeseries, BuyerAnalytics, DeliveryAnalytics, DeliveryGroup } from "../../../worker/analytics/model";

export type { AnalyticsSummary, AnalyticsTimeseries, BuyerAnalytics, DeliveryAnalytics, DeliveryGroup };

/**
 * The screen's calls for filters `f` (the HTML starts the first three for the default filters: web/shell/early-calls.ts;
 * the buyers' figures sit below the fold and load with the screen).
 */
export const analyticsCalls = (f: AnalyticsFilters) => ({
  summary: { path: "/api/v1/labels/analytics/summary", query: filterQuery(f) },
  timeseries: { path: "/api/v1/labels/analytics/timeseries", query: { ...filterQuery(f), bucket: "day", metric: "count" } },
  delivery: { path: "/api/v1/labels/analytics/delivery", query: filterQuery(f) },
  buyers: { path: "/api/v1/labels/analytics/buyers", query: filterQuery(f) },
});

const call = <T>({ path, query }: { path: string; query: Record<string, string> }, signal?: AbortSignal) => api<T>(path, { query, signal });

export const fetchSummary = (f: AnalyticsFilters, signal?: AbortSignal) => call<AnalyticsSummary>(analyticsCalls(f).summary, signal);

export const fetchTimeseries = (f: AnalyticsFilters, signal?: AbortSignal) => call<AnalyticsTimeseries>(analyticsCalls(f).timeseries, signal);

export const fetchDelivery = (f: AnalyticsFilters, signal?: AbortSignal) => call<DeliveryAnalytics>(analyticsCalls(f).delivery, signal);

export const fetchBuyers = (f: AnalyticsFilters, signal?: AbortSignal) => call<BuyerAnalytics>(analyticsCalls(f).buyers, signal);
