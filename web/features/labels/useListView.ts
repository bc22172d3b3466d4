import { useState } from "react";
import { useMediaQuery } from "../../app/useMediaQuery";
import { LIST_VIEW_KEY, storedListViews, WIDE_SCREEN, type ListView } from "./listQuery";

export type { ListView };

/**
 * How /labels shows the labels: the spec's cards (the default everywhere), a dense table on wide screens, or
 * compact rows on narrow ones. The choice is remembered in this browser (localStorage), one for each kind of
 * screen, so choosing the table on a desktop never gives a phone a table.
 */
export function useListView(): { view: ListView; choices: ListView[]; choose: (view: ListView) => void } {
  const wide = useMediaQuery(WIDE_SCREEN);
  const [choice, setChoice] = useState(storedListViews);
  const screen = wide ? "wide" : "narrow";
  return {
    view: choice[screen],
    choices: wide ? ["cards", "table"] : ["cards", "compact"],
    choose(view) {
      const next = { ...choice, [screen]: view };
      setChoice(next);
      try {
        localStorage.setItem(LIST_VIEW_KEY, JSON.stringify(next));
      } catch {
        // Private browsing without storage: the choice lasts for this visit.
      }
    },
  };
}
