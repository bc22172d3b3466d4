import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client";
import { readingPollDelay } from "../labels/labelsApi";
import type { DispatchView, LabelOrderAnswer, OrdersAnswer, OrderView } from "../../../worker/marketplaces/model";

// The Orders view's and a label's order calls, through the one API client.

export { useSellsOnMarketplaces } from "../../app/marketplaces-query";

export type { DispatchView, LabelOrderAnswer, OrdersAnswer, OrderView };
export type ListedOrder = OrdersAnswer["orders"][number];

export type OrderStatus = OrderView["status"];

/** The seller's orders in one state, soonest due first, a page at a time ('Show more' follows the cursor). */
export const useOrders = (status: OrderStatus) =>
  useInfiniteQuery({
    queryKey: ["orders", status],
    queryFn: ({ pageParam, signal }) =>
      api<OrdersAnswer>("/api/v1/marketplaces/orders", { query: { status: status === "awaiting" ? undefined : status, cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next ?? undefined,
  });

export const labelOrderKey = (labelId: string) => ["label-order", labelId] as const;

/**
 * The label's order, or the orders it may be for; asked again while the label's matching has not run yet (a label just
 * saved: the queue runs it within seconds), as the label is while OCR reads it (readingPollDelay), so the question
 * appears without a reload.
 */
export const useLabelOrder = (labelId: string, enabled: boolean) =>
  useQuery({
    queryKey: labelOrderKey(labelId),
    queryFn: ({ signal }) => api<LabelOrderAnswer>(`/api/v1/label/${encodeURIComponent(labelId)}/order`, { signal }),
    enabled,
    // dataUpdateCount: the answers so far, the first (1) not a poll.
    refetchInterval: (q) => readingPollDelay(Boolean(q.state.data?.matching), q.state.dataUpdateCount - 1),
  });

/** Links the label to `orderId`, or with null unlinks it / answers 'None of these'; the cached answers follow. */
export function useAnswerLabelOrder(labelId: string) {
  const client = useQueryClient();
  return async (orderId: string | null) => {
    const path = `/api/v1/label/${encodeURIComponent(labelId)}/order`;
    const answer = await api<LabelOrderAnswer>(path, orderId ? { method: "PUT", body: { orderId } } : { method: "DELETE" });
    client.setQueryData(labelOrderKey(labelId), answer);
    await client.invalidateQueries({ queryKey: ["orders"] });
    return answer;
  };
}

/** 'Try again' on the label's tracking out that failed: sent again; the cached answers follow. */
export function useRetryDispatch(labelId: string) {
  const client = useQueryClient();
  return async () => {
    const answer = await api<LabelOrderAnswer>(`/api/v1/label/${encodeURIComponent(labelId)}/order/retry`, { method: "POST" });
    client.setQueryData(labelOrderKey(labelId), answer);
    await client.invalidateQueries({ queryKey: ["orders"] });
    return answer;
  };
}
