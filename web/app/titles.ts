import { useEffect, useMemo, useSyncExternalStore } from "react";
import { matchRoutes, useLocation, type Params, type RouteObject } from "react-router";

/**
 * Each route's page title, set on the route (`handle`) where the route is declared, so the tab, the history list
 * and a screen reader's announcement say which screen it is. A print view's title is also the name a browser gives
 * the PDF it saves. A screen that learns a better name for what it shows than its address holds (a label's
 * tracking code, where the address has the label's id) gives it with useTitleName, and the title uses it.
 */
export type Title = string | ((where: { params: Params; hash: string; name?: string }) => string);
export interface TitleHandle {
  title: Title;
}

export const PRODUCT = "Parcelhive";

// The names screens gave, by the path they were given at: the name of one page never titles another.
const names = new Map<string, string>();
const listeners = new Set<() => void>();
const changed = () => {
  for (const l of listeners) l();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Names what the current page shows (the label's tracking code) in its title, from when it is known. */
export function useTitleName(name: string | null | undefined) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!name) return;
    names.set(pathname, name);
    changed();
    return () => {
      if (names.get(pathname) === name) names.delete(pathname);
      changed();
    };
  }, [pathname, name]);
}

/** Keeps document.title on the title of the deepest of `routes` that matches: 'Labels · Parcelhive'. */
export function usePageTitle(routes: RouteObject[]) {
  const location = useLocation();
  const { hash } = location;
  const name = useSyncExternalStore(subscribe, () => names.get(location.pathname));
  const matches = useMemo(() => matchRoutes(routes, location) ?? [], [routes, location]);
  const match = matches.findLast((m) => (m.route.handle as TitleHandle | undefined)?.title !== undefined);
  const t = (match?.route.handle as TitleHandle | undefined)?.title;
  const text = typeof t === "function" ? t({ params: match!.params, hash, name }) : t;
  useEffect(() => {
    document.title = text ? `${text} · ${PRODUCT}` : PRODUCT;
  }, [text]);
}
