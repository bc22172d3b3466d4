import type { QueryClient } from "@tanstack/react-query";
import { warnFailed } from "../../api/client";
import { labelsPageQuery } from "../labels/labelsApi";
import { listRequest, readListParams } from "../labels/listQuery";

/**
 * Where signing in lands when no page asked for it (web/app/return-to.ts): the labels once the account has some,
 * the new-label screen for an empty one (a new account has nothing to list yet). Finding out asks for the list's
 * first page, the one /labels shows first, which it then renders from. Not through the labels' prefetch module:
 * that one is a chunk of its own the app shell preloads by name (web/shell/screens.ts), and importing it from here
 * lazily made the build list the inlined stylesheet among its preloads, which failed.
 */
export async function landingAfterSignIn(client: QueryClient): Promise<string> {
  try {
    const page = await client.fetchQuery(labelsPageQuery(listRequest(readListParams(new URLSearchParams()))));
    return page.total > 0 ? "/labels" : "/upload";
  } catch (err) {
    warnFailed("Could not load the labels", err);
    return "/upload";
  }
}
