import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client";
import type { LabelOutcome, NeedsAction } from "../../../shared/claims";
import type { ApiLabel } from "./types";

// The calls about acting on the carriers' deadlines, over the one API client.

export type { LabelOutcome, NeedsAction };

export const needsActionQueryKey = ["labels", "needs-action"] as const;

/** The signed-in user's parcels that need action, most urgent first. */
export const needsActionQuery = queryOptions({ queryKey: needsActionQueryKey, queryFn: ({ signal }) => api<NeedsAction>("/api/v1/labels/needs-action", { signal }) });

/** The signed-in user's parcels that need action, most urgent first (nothing without a token). */
export const useNeedsAction = (enabled: boolean) => useQuery({ ...needsActionQuery, enabled });

/**
 * Marks a parcel claimed, found or delivered (null undoes it). The answer is the label as it now
 * is; every label list and 'Needs action' load again.
 */
export function useMarkOutcome(labelId: string, onMarked: (label: ApiLabel) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (outcome: LabelOutcome | null) => api<ApiLabel>(`/api/v1/label/${encodeURIComponent(labelId)}/outcome`, { method: "POST", body: { outcome } }),
    onSuccess: (label) => {
      onMarked(label);
      void queryClient.invalidateQueries({ queryKey: ["labels"], predicate: (q) => q.queryKey[1] !== "one" });
    },
  });
}
