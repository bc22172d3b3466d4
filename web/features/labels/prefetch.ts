import type { QueryClient } from "@tanstack/react-query";
import type { At } from "../../app/first-render";
import { couriersQuery, labelsPageQuery } from "./labelsApi";
import { needsActionQuery } from "./needsActionApi";
import { listRequest, readListParams } from "./listQuery";

/**
 * What /labels shows first, fetched ahead of the first render (web/app/first-render.ts): the page of the list the
 * address asks for (its search, filters, order, page and size), 'Needs action' and the couriers the cards are
 * named by.
 */
export function prefetchLabels(client: QueryClient, at: At) {
  const list = labelsPageQuery(listRequest(readListParams(new URLSearchParams(at.search))));
  return Promise.all([client.prefetchQuery(list), client.prefetchQuery(needsActionQuery), client.prefetchQuery(couriersQuery)]);
}

