import type { QueryClient } from "@tanstack/react-query";
import { matchRoutes, type RouteObject } from "react-router";
import { tokens } from "../api/tokens";
import { userQuery } from "./auth";
import type { TitleHandle } from "./titles";

/**
 * The app's first render waits for the code and the data of the screen at the address (issue 26). Until then the
 * HTML's app shell shows that screen's frame and loading state (web/shell/), so waiting shows nothing different;
 * it saves the render that would show the loading state a second time and then the long re-render the answer
 * causes (TanStack Query's updates are synchronous, one task of the whole list), and its calls are the ones the
 * HTML started early (web/api/early.ts), so nothing waits for the code before asking the server.
 */

/** An address: the part of `window.location` the router reads. */
export interface At {
  pathname: string;
  search: string;
}

/** Fetches into the cache what a screen shows first at `at` (for a signed-in visitor). */
export type Prefetch = (client: QueryClient, at: At) => Promise<unknown> | undefined;

/** A route's handle: its title, and for a lazy screen how to load its code and first data ahead of its render. */
export interface ScreenHandle extends TitleHandle {
  load?: () => Promise<unknown>;
  prefetch?: Prefetch;
  /** Where the screen sends a visitor who is signed in (/login) or signed out (the signed-in screens). */
  signedIn?: string;
  signedOut?: string;
}

/** Longer than this and the app renders its own loading state; the answers then arrive as they would have. */
export const FIRST_RENDER_WAIT_MS = 3000;

/**
 * Loads the code of the screen `routes` show at `at` and, signed in, the user and the screen's first data;
 * resolves when they are in (failed ones included: the screens show their errors) or after `maxWaitMs`.
 */
export async function prepareFirstRender(routes: RouteObject[], client: QueryClient, at: At, maxWaitMs = FIRST_RENDER_WAIT_MS) {
  const token = tokens.access();
  const handleAt = (where: At) => matchRoutes(routes, where)?.at(-1)?.route.handle as ScreenHandle | undefined;
  const here = handleAt(at);
  // A screen that sends this visitor elsewhere renders first, then the one it sends them to.
  const goes = token ? here?.signedIn : here?.signedOut;
  const shown = goes ? { at: { pathname: goes, search: "" }, handle: handleAt({ pathname: goes, search: "" }) } : { at, handle: here };
  const work: Array<Promise<unknown> | undefined> = [here?.load?.(), goes ? shown.handle?.load?.() : undefined];
  if (token) work.push(client.prefetchQuery(userQuery(token)), shown.handle?.prefetch?.(client, shown.at));
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([Promise.allSettled(work), new Promise((resolve) => (timer = setTimeout(resolve, maxWaitMs)))]);
  clearTimeout(timer);
}

/** How long the first render's data stays fresh for the screens that mount with it (a redirect's a moment later). */
const HELD_MS = 10_000;

/**
 * Data the first render waited for is as fresh as that render: the screens that mount with it do not ask again
 * (the app's queries are stale at once, so each mount would otherwise refetch what just arrived). Call it when the
 * first render starts. Data fetched later, data invalidated by a change, and every mount HELD_MS later ask the
 * server as before.
 */
export function holdFirstRenderData(client: QueryClient): void {
  const heldAt = Date.now();
  const defaults = client.getDefaultOptions();
  const refetchOnMount = defaults.queries?.refetchOnMount ?? true;
  client.setDefaultOptions({
    ...defaults,
    queries: {
      ...defaults.queries,
      refetchOnMount: (query) => {
        const held = query.state.dataUpdatedAt <= heldAt && !query.state.isInvalidated && Date.now() < heldAt + HELD_MS;
        if (held) return false;
        return typeof refetchOnMount === "function" ? refetchOnMount(query) : refetchOnMount;
      },
    },
  });
}
