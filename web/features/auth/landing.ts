import type { QueryClient } from "@tanstack/react-query";
import { warnFailed } from "../../api/client";
import { labelsPageQuery } from "../labels/labelsApi";
import { listRequest, readListParams } from "../labels/listQuery";
import { prefetchLabels } from "../labels/prefetch";

/**
 * Where signing in lands when no page asked for it (web/app/return-to.ts): the labels once the account has some,
 * the new-label screen for an empty one (a new account has nothing to list yet). Finding out fetches the list's
 * first page, which is what /labels shows first: it renders from that answer without asking again.
 */
export async function landingAfterSignIn(client: QueryClient): Promise<string> {
  const list = labelsPageQuery(listRequest(readListParams(new URLSearchParams())));
  try {
    await prefetchLabels(client, { pathname: "/labels", search: "" });
  } catch (err) {
    warnFailed("Could not load the labels", err);
  }
  const page = client.getQueryData(list.queryKey) as { total?: number } | undefined;
  return page && (page.total ?? 0) > 0 ? "/labels" : "/upload";
}
