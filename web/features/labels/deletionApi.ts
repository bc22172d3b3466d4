import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { api } from "../../api/client";
import type { ApiDeletedList, ApiLabelJob } from "../../../worker/privacy/model";

// Deleting labels, Recently deleted and the queue jobs that do many at once, over the one API client.

export type { ApiDeletedList, ApiLabelJob };

/** The labels a deletion takes: these ids, or every label matching the list's filters. */
export type DeleteSelection = { ids: string[] } | { filters: Record<string, string> };

export interface Deleted {
  deleted: number;
  restorableUntil: string;
  job: ApiLabelJob | null;
}

export interface Restored {
  restored: number;
  notRestored: { id: string; trackingCode: string }[];
  job: ApiLabelJob | null;
}

/** Every list, search, count and analytics figure the labels feed: all of them change when labels leave or come back. */
export function refreshAfterDeletion(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: ["labels"] });
  void queryClient.invalidateQueries({ queryKey: ["analytics"] });
}

export const deleteLabels = (selection: DeleteSelection) =>
  "ids" in selection && selection.ids.length === 1
    ? api<Deleted>(`/api/v1/label/${encodeURIComponent(selection.ids[0])}`, { method: "DELETE" })
    : api<Deleted>("/api/v1/labels/delete", { method: "POST", body: selection });

/** Deleted labels to restore or delete for good: these ids, or all of them. */
export type DeletedSelection = { ids: string[] } | { all: true };

export const restoreLabels = (selection: DeletedSelection) => api<Restored>("/api/v1/labels/deleted/restore", { method: "POST", body: selection });
export const purgeLabels = (selection: DeletedSelection) => api<{ purged: number; job: ApiLabelJob | null }>("/api/v1/labels/deleted/purge", { method: "POST", body: selection });

export const deletedQueryKey = (page: number, perPage: number) => ["labels", "deleted", page, perPage] as const;

/** A page of Recently deleted. */
export const useDeletedLabels = (page: number, perPage: number) =>
  useQuery({ queryKey: deletedQueryKey(page, perPage), queryFn: ({ signal }) => api<ApiDeletedList>("/api/v1/labels/deleted", { query: { page, per_page: perPage }, signal }) });

/** A running job's progress, asked again every second until it is done; then every label query loads again. */
export function useLabelJob(job: ApiLabelJob | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ["label-job", job?.id],
    enabled: Boolean(job && job.status === "running"),
    initialData: job ?? undefined,
    queryFn: async ({ signal }) => {
      const now = await api<ApiLabelJob>(`/api/v1/labels/jobs/${encodeURIComponent(job!.id)}`, { signal });
      if (now.status === "done") refreshAfterDeletion(queryClient);
      return now;
    },
    refetchInterval: (q) => (q.state.data?.status === "running" ? 1000 : false),
  });
}

/**
 * What the labels list says after a deletion (made on a card, a row, the label page or the selection bar): how many
 * went, an Undo for labels named by id, or a job's progress. Kept outside React so the label page can leave it for
 * the list it goes back to.
 */
export type DeletionNotice = { count: number; ids: string[] | null; job: ApiLabelJob | null };

let notice: DeletionNotice | null = null;
const listeners = new Set<() => void>();

export const deletionNotice = {
  set(next: DeletionNotice | null) {
    notice = next;
    for (const l of listeners) l();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  get: () => notice,
};

export const useDeletionNotice = () => useSyncExternalStore(deletionNotice.subscribe, deletionNotice.get, deletionNotice.get);
