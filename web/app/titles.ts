import { useEffect, useMemo } from "react";
import { matchRoutes, useLocation, type Params, type RouteObject } from "react-router";

/**
 * Each route's page title, set on the route (`handle`) where the route is declared, so the tab, the history list
 * and a screen reader's announcement say which screen it is. A print view's title is also the name a browser gives
 * the PDF it saves.
 */
export type Title = string | ((where: { params: Params; hash: string }) => string);
export interface TitleHandle {
  title: Title;
}

export const PRODUCT = "Parcelhive";

/** Keeps document.title on the title of the deepest of `routes` that matches: 'Labels · Parcelhive'. */
export function usePageTitle(routes: RouteObject[]) {
  const location = useLocation();
  const { hash } = location;
  const matches = useMemo(() => matchRoutes(routes, location) ?? [], [routes, location]);
  const match = matches.findLast((m) => (m.route.handle as TitleHandle | undefined)?.title !== undefined);
  const t = (match?.route.handle as TitleHandle | undefined)?.title;
  const text = typeof t === "function" ? t({ params: match!.params, hash }) : t;
  useEffect(() => {
    document.title = text ? `${text} · ${PRODUCT}` : PRODUCT;
  }, [text]);
}
