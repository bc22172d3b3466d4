import { peekEarlyCall } from "../api/early";
import { type FirstAnswers, firstCardsScreen } from "./first-cards";

/**
 * The script that draws /labels's first cards (./first-cards.ts), a file of its own that the boot script loads on
 * /labels only (beside the screen's first API calls), so the other screens' HTML does not carry it. Built by
 * scripts/app-shell.ts with the list screen's markup (`__LABELS_LIST__`, Shell.tsx's renderLabelsList).
 */
declare const __LABELS_LIST__: string;

window.__phFirstCards = async (root, shown, calls, search) => {
  const labels = calls.find((url) => url.startsWith("/api/v1/labels?"));
  if (!labels) return;
  const [list, needsAction, couriers] = await Promise.all([labels, "/api/v1/labels/needs-action", "/api/v1/couriers"].map(peekEarlyCall));
  const screen = firstCardsScreen(__LABELS_LIST__, { labels: list, needsAction, couriers } as FirstAnswers, { search });
  // Only over the shell the boot script drew (nothing else has taken the page since).
  if (screen && root.firstChild === shown) root.replaceChildren(screen);
};
