import type { QueryClient } from "@tanstack/react-query";
import { warnFailed } from "../../api/client";

/**
 * Where signing in lands when no page asked for it (web/app/return-to.ts): the labels once the account has some,
 * the new-label screen for an empty one (a new account has nothing to list yet). Finding out fetches what /labels
 * shows first, which it then renders from without asking again; its code loads with it (a chunk of its own, as the
 * app shell's preloads need: web/shell/screens.ts).
 */
export async function landingAfterSignIn(client: QueryClient): Promise<string> {
  try {
    const { prefetchLabels, plainListTotal } = await import("../labels/prefetch");
    await prefetchLabels(client, { pathname: "/labels", search: "" });
    return (plainListTotal(client) ?? 0) > 0 ? "/labels" : "/upload";
  } catch (err) {
    warnFailed("Could not load the labels", err);
    return "/upload";
  }
}
