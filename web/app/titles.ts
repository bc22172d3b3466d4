import { useEffect } from "react";
import { useLocation, useMatches, type Params } from "react-router";

/**
 * Each route's page title, set on the route (`handle`) where the route is declared, so the tab, the history list
 * and a screen reader's announcement say which screen it is. A print view's title is also the name a browser gives
 * the PDF it saves.
 */
type Title = string | ((where: { params: Params; hash: string }) => string);
export interface TitleHandle {
  title: Title;
}

export const PRODUCT = "Parcelhive";

export const title = (t: Title): TitleHandle => ({ title: t });

/** Keeps document.title on the deepest route's title: 'Labels · Parcelhive'. */
export function usePageTitle() {
  const matches = useMatches();
  const { hash } = useLocation();
  const match = matches.findLast((m) => (m.handle as TitleHandle | undefined)?.title !== undefined);
  const t = (match?.handle as TitleHandle | undefined)?.title;
  const text = typeof t === "function" ? t({ params: match!.params, hash }) : t;
  useEffect(() => {
    document.title = text ? `${text} · ${PRODUCT}` : PRODUCT;
  }, [text]);
}
