import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client";
import type { CheckoutOutcome } from "../../../worker/billing/model";
import type { CreditHistory, CreditMovement } from "../../../worker/credits/model";

// The credits calls, over the one API client.

export type { CheckoutOutcome, CreditHistory, CreditMovement };

/** Where every credit went, newest first, a page at a time ('Show older' follows the cursor). */
export const useCreditHistory = () =>
  useInfiniteQuery({
    queryKey: ["credits", "history"],
    queryFn: ({ pageParam, signal }) => api<CreditHistory>("/api/v1/credits/history", { query: { cursor: pageParam }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

/** How long /checkout/success waits for Stripe's event after a paid checkout: asked every 2 s, 30 times. */
const CONFIRM_EVERY_MS = 2000;
const CONFIRM_TRIES = 30;

/**
 * Whether the checkout `sessionId` was paid and its credits are in. A paid checkout whose credits are not in yet
 * (Stripe's signed event is on its way) is asked again until they are, for about a minute; `slow` once that passed.
 */
export function useCheckoutOutcome(sessionId: string | null) {
  const client = useQueryClient();
  const queryKey = ["billing", "checkout", sessionId];
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => api<CheckoutOutcome>(`/api/v1/billing/checkout-sessions/${encodeURIComponent(sessionId!)}`, { signal }),
    enabled: sessionId !== null,
    refetchInterval: (q) => (q.state.data?.paid && !q.state.data.credited && q.state.dataUpdateCount < CONFIRM_TRIES ? CONFIRM_EVERY_MS : false),
  });
  return { query, slow: (client.getQueryState(queryKey)?.dataUpdateCount ?? 0) >= CONFIRM_TRIES };
}
