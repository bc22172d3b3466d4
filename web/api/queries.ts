import { QueryClient } from "@tanstack/react-query";
import { tokens } from "./tokens";

/**
 * The one data-fetching cache of the app (TanStack Query). Each feature's api module defines its
 * queries on top of the one API client. Calls are not retried (the client already refreshes an
 * expired token once, and a failed call shows its error at once) and not refetched when the
 * window regains focus; a screen reads fresh data whenever it mounts or its query changes.
 */
export const newQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0 },
      mutations: { retry: false },
    },
  });

export const queryClient = newQueryClient();

// Signing out (or a refresh that fails) drops everything cached, so the next account to sign in
// on this browser never sees the previous one's data, not even for a frame.
tokens.subscribe(() => {
  if (!tokens.access()) queryClient.clear();
});
