import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { BuyerMails } from "../../../worker/api-docs/answers";
import { api } from "../../api/client";
import { labelQueryKey } from "./labelsApi";
import type { ApiLabel } from "./types";

// The buyer tracking page's and buyer mails' calls, over the one API client.

const pagePath = (labelId: string) => `/api/v1/label/${encodeURIComponent(labelId)}/tracking-page`;

/** Shares the label's page (the same address when it already has one). */
export const shareTrackingPage = (labelId: string) => api<ApiLabel>(pagePath(labelId), { method: "POST" });

/**
 * Sharing and switching off a label's page: the label as answered goes to its own cache and `onChange`, and
 * the lists load again.
 */
export function useTrackingPage(labelId: string, onChange?: (label: ApiLabel) => void) {
  const queryClient = useQueryClient();
  const changed = (label: ApiLabel) => {
    queryClient.setQueryData(labelQueryKey(label.id), label);
    onChange?.(label);
    void queryClient.invalidateQueries({ queryKey: ["labels"], predicate: (q) => q.queryKey[1] !== "one" });
  };
  return {
    share: useMutation({ mutationFn: () => shareTrackingPage(labelId), onSuccess: changed }),
    switchOff: useMutation({ mutationFn: () => api<ApiLabel>(pagePath(labelId), { method: "DELETE" }), onSuccess: changed }),
  };
}

const mailsKey = (labelId: string) => ["labels", "buyer-mails", labelId] as const;

/** The mails sent to the label's buyer (each kind once), oldest first. */
export const useBuyerMails = (labelId: string) =>
  useQuery({ queryKey: mailsKey(labelId), queryFn: ({ signal }) => api<BuyerMails>(`/api/v1/label/${encodeURIComponent(labelId)}/buyer-mails`, { signal }) });

/** 'Send to buyer': e-mails the buyer the page's link now (which shares the page): the label and its mails load again. */
export function useSendToBuyer(labelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<BuyerMails>(`/api/v1/label/${encodeURIComponent(labelId)}/send-to-buyer`, { method: "POST" }),
    onSuccess: (mails) => {
      queryClient.setQueryData(mailsKey(labelId), mails);
      void queryClient.invalidateQueries({ queryKey: ["labels"], predicate: (q) => q.queryKey[1] !== "buyer-mails" });
    },
  });
}
