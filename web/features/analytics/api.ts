import { api } from "../../api/client";
import { filterQuery, type AnalyticsFilters } from "./filters";

import type { AnalyticsSummary, AnalyticsTimeseries, DeliveryAnalytics, DeliveryGroup } from "../../../worker/analytics/model";

export type { AnalyticsSummary, AnalyticsTimeseries, DeliveryAnalytics, DeliveryGroup };

/** The screen's three calls for filters `f` (the HTML starts them for the default filters: web/shell/early-calls.ts). */
export const analyticsCalls = (f: AnalyticsFilters) => ({
  summary: { path: "/api/v1/labels/analytics/summary", query: filterQuery(f) },
  timeseries: { path: "/api/v1/labels/analytics/timeseries", query: { ...filterQuery(f), bucket: "day", metric: "count" } },
  delivery: { path: "/api/v1/labels/analytics/delivery", query: filterQuery(f) },
});

const call = <T>({ path, query }: { path: string; query: Record<string, string> }, signal?: AbortSignal) => api<T>(path, { query, signal });

export const fetchSummary = (f: AnalyticsFilters, signal?: AbortSignal) => call<AnalyticsSummary>(analyticsCalls(f).summary, signal);

export const fetchTimeseries = (f: AnalyticsFilters, signal?: AbortSignal) => call<AnalyticsTimeseries>(analyticsCalls(f).timeseries, signal);

export const fetchDelivery = (f: AnalyticsFilters, signal?: AbortSignal) => call<DeliveryAnalytics>(analyticsCalls(f).delivery, signal);
