import { api } from "../../api/client";
import { filterQuery, type AnalyticsFilters } from "./filters";

// The answers of worker/services/analytics-model.ts (its zod schemas are the source). Repeated here
// because tsconfig.web.json may not include worker files (TS6307); see the lead's note in the report.
export interface AnalyticsSummary {
  totals: { rows: number };
  weightStats: { avg: number | null };
  lostMix: { lost: boolean; count: number }[];
  nextDayMixEvri: { isNextDay: boolean; count: number }[];
}
export interface AnalyticsTimeseries {
  points: { ts: string; value: number }[];
}

export const fetchSummary = (f: AnalyticsFilters, signal?: AbortSignal) =>
  api<AnalyticsSummary>("/api/v1/labels/analytics/summary", { query: filterQuery(f), signal });

export const fetchTimeseries = (f: AnalyticsFilters, signal?: AbortSignal) =>
  api<AnalyticsTimeseries>("/api/v1/labels/analytics/timeseries", {
    query: { ...filterQuery(f), bucket: "day", metric: "count" },
    signal,
  });
