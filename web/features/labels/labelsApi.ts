import { queryOptions, useQuery, type QueryKey, type UseQueryOptions } from "@tanstack/react-query";
import { api, apiFetch, saveBlob, warnFailed } from "../../api/client";
import type { ApiCourier, ApiLabel, LabelCorrection } from "./types";
import { courierOf, downloadName } from "./format";
import { isBeingRead } from "./readingTexts";

// The label calls, over the one API client.

export interface LabelPage {
  results: ApiLabel[];
  total: number;
}

export const fetchLabels = (query: Record<string, string | number | undefined>, signal?: AbortSignal) =>
  api<LabelPage>("/api/v1/labels", { query, signal });

/** One page of the signed-in user's labels for a filter and page query. */
export const labelsPageQuery = (query: Record<string, string | number | undefined>) =>
  queryOptions({ queryKey: ["labels", "page", query] as QueryKey, queryFn: ({ signal }) => fetchLabels(query, signal) });

/**
 * One page of the signed-in user's labels for a filter and page query (nothing without a token), asked for again
 * while a label on it is being read (readingPollDelay).
 */
export const useLabelsPage = (
  query: Record<string, string | number | undefined>,
  enabled: boolean,
  options: Pick<UseQueryOptions<LabelPage>, "placeholderData"> = {},
) =>
  useQuery({
    ...labelsPageQuery(query),
    enabled,
    refetchInterval: (q) => readingPollDelay(Boolean(q.state.data?.results.some(isBeingRead)), q.state.dataUpdateCount - 1),
    ...options,
  });

export const fetchLabel = (idOrCode: string, signal?: AbortSignal) =>
  api<ApiLabel>(`/api/v1/label/${encodeURIComponent(idOrCode)}`, { signal });

export const labelQueryKey = (idOrCode: string) => ["labels", "one", idOrCode] as const;

/**
 * While a label's image is still being read by OCR (ocrStatus 'pending', a few seconds in the queue), how long until
 * what shows it is asked for again: 1 s, then half as long again each time, up to 5 s; false when nothing shown is
 * being read. Polling rather than server-sent events: an answer a second is cheap (one indexed read), needs no
 * connection held open through the Worker, and TanStack Query pauses it while the tab is hidden
 * (refetchIntervalInBackground is off).
 */
export function readingPollDelay(reading: boolean, polls: number): number | false {
  if (!reading) return false;
  return Math.min(5_000, Math.round(1_000 * 1.5 ** Math.max(0, polls)));
}

/** One label by id or tracking code, asked for again while its image is being read (readingPollDelay). */
export const useLabel = (idOrCode: string) =>
  useQuery({
    queryKey: labelQueryKey(idOrCode),
    queryFn: ({ signal }) => fetchLabel(idOrCode, signal),
    // dataUpdateCount: the answers so far, the first (1) not a poll.
    refetchInterval: (query) => readingPollDelay(Boolean(query.state.data && isBeingRead(query.state.data)), query.state.dataUpdateCount - 1),
  });

export const correctLabelDetails = (idOrCode: string, body: LabelCorrection) =>
  api<ApiLabel>(`/api/v1/label/${encodeURIComponent(idOrCode)}/details`, { method: "PATCH", body: { ...body } });

export const saveNotesAndTags = (idOrCode: string, body: { notes: string; tags: string[] }) =>
  api<ApiLabel>(`/api/v1/label/${encodeURIComponent(idOrCode)}`, { method: "PUT", body });

/** Downloads the original file through the browser (the filename from content-disposition). */
export async function downloadOriginal(label: ApiLabel): Promise<void> {
  const res = await apiFetch(label.downloadUrl ?? `/api/v1/label/${encodeURIComponent(label.id)}/download`);
  const blob = await res.blob();
  const mime = res.headers.get("Content-Type") ?? label.file?.mime ?? "";
  const name = downloadName(res.headers.get("Content-Disposition"), label.file?.name ?? label.trackingCode, mime);
  saveBlob(blob, name);
}

/** Downloads the labels matching `filters` as CSV (every page), under the name the server gives. */
export async function downloadLabelsCsv(filters: Record<string, string>): Promise<void> {
  const res = await apiFetch("/api/v1/labels/export.csv", { query: filters });
  const name = downloadName(res.headers.get("Content-Disposition"), "labels.csv", "text/csv");
  saveBlob(await res.blob(), name);
}

/** Tags typed comma-separated: trimmed, empties dropped. */
export const parseTagInput = (text: string) => [...new Set(text.split(",").map((t) => t.trim()).filter(Boolean))];

export const couriersQueryKey = ["couriers"] as const;

/**
 * GET /couriers, once per visit: the manual form, the analytics courier filter and every screen that
 * names a courier read the same answer. A failure is only logged (the screens fall back to plain texts).
 */
export const couriersQuery = queryOptions({
  queryKey: couriersQueryKey,
  queryFn: ({ signal }) =>
    api<ApiCourier[]>("/api/v1/couriers", { signal }).catch((err: unknown) => {
      warnFailed("Could not load couriers", err);
      throw err;
    }),
  staleTime: Number.POSITIVE_INFINITY,
});

export const useCouriers = () => useQuery(couriersQuery);

/** A label's courier as the couriers call describes it (names compared ignoring case, spaces, underscores and hyphens). */
export const useCourier = (name: string): ApiCourier | undefined => courierOf(useCouriers().data, name);
