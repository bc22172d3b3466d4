import { useState } from "react";
import { useMediaQuery } from "../../app/useMediaQuery";

/**
 * How /labels shows the labels: the spec's cards (the default everywhere), a dense table on wide screens, or
 * compact rows on narrow ones. The choice is remembered in this browser (localStorage), one for each kind of
 * screen, so choosing the table on a desktop never gives a phone a table.
 */

export type ListView = "cards" | "table" | "compact";

/** Wide enough for the table's nine columns. */
export const WIDE_SCREEN = "(min-width: 1024px)";
const STORAGE_KEY = "parcelhive.labels.view";

interface ViewChoice {
  wide: "cards" | "table";
  narrow: "cards" | "compact";
}

function stored(): ViewChoice {
  try {
    const v = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "{}") as Partial<ViewChoice>;
    return { wide: v.wide === "table" ? "table" : "cards", narrow: v.narrow === "compact" ? "compact" : "cards" };
  } catch {
    return { wide: "cards", narrow: "cards" };
  }
}

export function useListView(): { view: ListView; choices: ListView[]; choose: (view: ListView) => void } {
  const wide = useMediaQuery(WIDE_SCREEN);
  const [choice, setChoice] = useState(stored);
  const screen = wide ? "wide" : "narrow";
  return {
    view: choice[screen],
    choices: wide ? ["cards", "table"] : ["cards", "compact"],
    choose(view) {
      const next = { ...choice, [screen]: view };
      setChoice(next);
      try {
        localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
      } catch {
        // Private browsing without storage: the choice lasts for this visit.
      }
    },
  };
}
