import { api } from "../../api/client";
import { filterQuery, type AnalyticsFilters } from "./filters";

import type { AnalyticsSummary, AnalyticsTimeseries, DeliveryAnalytics, DeliveryGroup } from "../../../worker/analytics/model";

export type { AnalyticsSummary, AnalyticsTimeseries, DeliveryAnalytics, DeliveryGroup };

export const fetchSummary = (f: AnalyticsFilters, signal?: AbortSignal) =>
  api<AnalyticsSummary>("/api/v1/labels/analytics/summary", { query: filterQuery(f), signal });

export const fetchTimeseries = (f: AnalyticsFilters, signal?: AbortSignal) =>
  api<AnalyticsTimeseries>("/api/v1/labels/analytics/timeseries", {
    query: { ...filterQuery(f), bucket: "day", metric: "count" },
    signal,
  });

export const fetchDelivery = (f: AnalyticsFilters, signal?: AbortSignal) =>
  api<DeliveryAnalytics>("/api/v1/labels/analytics/delivery", { query: filterQuery(f), signal });
