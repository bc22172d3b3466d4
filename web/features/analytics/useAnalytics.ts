import { useEffect, useState } from "react";
import { errorText } from "../../api/client";
import { filterQuery, type AnalyticsFilters } from "./filters";

export type Load<T> =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "data"; data: T };

/**
 * One analytics call, reloaded whenever the filters change (summary and time series load
 * independently, each with its own loading, error and data). Nothing loads without an access token; a newer
 * request aborts the one still running.
 */
export function useAnalytics<T>(
  load: (f: AnalyticsFilters, signal: AbortSignal) => Promise<T>,
  filters: AnalyticsFilters,
  accessToken: string | null,
): Load<T> {
  const [state, setState] = useState<Load<T>>({ status: accessToken ? "loading" : "idle" });
  const key = JSON.stringify(filterQuery(filters));

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `filters`: a new object with the same query must not reload
  useEffect(() => {
    if (!accessToken) {
      setState({ status: "idle" });
      return;
    }
    const controller = new AbortController();
    setState({ status: "loading" });
    load(filters, controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: "data", data });
      },
      (err) => {
        if (!controller.signal.aborted) setState({ status: "error", message: errorText(err, "") });
      },
    );
    return () => controller.abort();
  }, [key, accessToken, load]);

  return state;
}
