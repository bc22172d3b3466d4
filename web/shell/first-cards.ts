import { courierKey } from "../../shared/courier-key";
import { FIRST_CARDS, readListParams, SEARCH_WIDE, storedListViews, WIDE_SCREEN } from "../features/labels/listQuery";
import type { ApiCourier, ApiLabel } from "../features/labels/types";
import { cardMarkup, courierOptions, listSubtitle, type Parts, selectAllText, type ServerTemplate } from "./card-markup";

/**
 * The labels list's first cards, drawn by the app shell's boot script (web/shell/boot.ts) from the answers the HTML
 * asked for early, before the app's code has arrived (issue 26: /labels's largest paint was the first card's deadline
 * line, which waited for React, the router and TanStack Query to download and run). The page around the cards is
 * the app's own, drawn at build time from LabelsPage (the `labels-list` template, web/shell/Shell.tsx); the cards
 * are LabelCard's markup, written here with the screens' own formatting code, and test/web/shell-cards.test.tsx
 * holds the two to be the same for every kind of label. The app's first render then replaces them with the same
 * cards (no flash, no shift). Drawn only where that render shows cards and nothing above them that the template
 * lacks: a phone-sized screen (under 600 px) showing cards, the plain list (no search, filter, order or page size);
 * anywhere else the shell keeps its loading line, as before. 'Needs action' is a button in the header (issue 33):
 * the template has it, with the answer's count, or without it when nothing needs action.
 */

declare global {
  interface Window {
    /** Draws the first cards into `root` once `calls`' answers are in, if it still shows `shown` (./first-cards-script.ts). */
    __phFirstCards?: (root: HTMLElement, shown: Node | null, calls: string[], search: string) => Promise<void>;
  }
}

export interface FirstAnswers {
  labels: { results: ApiLabel[]; total: number };
  needsAction: { total: number };
  couriers: ApiCourier[];
}

/** Whether the app's first render at `at` shows the plain list of cards the template holds. */
export function drawsFirstCards(at: { search: string }): boolean {
  const view = readListParams(new URLSearchParams(at.search));
  if (Object.keys(view.query).length > 0 || view.perPage !== 15) return false;
  // The template is drawn for a phone (web/app/useMediaQuery.ts): the toolbar's and the view switch's narrow forms.
  return !window.matchMedia(SEARCH_WIDE).matches && !window.matchMedia(WIDE_SCREEN).matches && storedListViews().narrow === "cards";
}

export function partsOf(template: DocumentFragment): Parts | null {
  const copyIcon = template.querySelector(".label-card-head button svg")?.outerHTML;
  const mapsIcon = template.querySelector(".address-actions a svg")?.outerHTML;
  const logos: Record<string, string> = {};
  for (const svg of template.querySelectorAll("svg.courier-logo")) logos[courierKey(svg.getAttribute("aria-label"))] = svg.outerHTML;
  return copyIcon && mapsIcon ? { copyIcon, mapsIcon, logos } : null;
}

/** The places of the list screen the answers fill, and the card's parts; null where the markup lacks one. */
function placesOf(screen: DocumentFragment) {
  const parts = partsOf(screen);
  const list = screen.querySelector(".label-list");
  const subtitle = screen.querySelector(".page-header p.muted > span");
  const selectAll = screen.querySelector(".selection-row .link-button");
  const courierSelect = screen.querySelector(".labels-filters select[id$='-courier']");
  const needsActionCount = screen.querySelector(".needs-action-toggle .badge");
  return parts && list && subtitle && selectAll && courierSelect && needsActionCount ? { parts, list, subtitle, selectAll, courierSelect, needsActionCount } : null;
}

/**
 * The list screen's markup (`labels-list`) with a marker where each of the answers' values goes, and the card's
 * parts: what the Worker fills in to draw /labels' first cards into the document for a signed-in seller
 * (card-markup.ts' serverScreen, worker/labels/document.ts). Made at build time (scripts/app-shell.ts, in happy-dom)
 * by the same look-ups as firstCardsScreen below, so the two draw the same screen (test/web/shell-cards.test.tsx).
 */
export function serverTemplate(markup: string, doc: Document = document): ServerTemplate | null {
  const template = doc.createElement("template");
  template.innerHTML = markup;
  const screen = template.content;
  const places = placesOf(screen);
  const needsAction = places?.needsActionCount.closest(".needs-action-toggle");
  if (!places || !needsAction) return null;
  const { parts, list, subtitle, selectAll, courierSelect, needsActionCount } = places;
  const marker = (name: string) => doc.createComment(`ph:${name}`);
  subtitle.replaceChildren(marker("subtitle"));
  selectAll.replaceChildren(marker("select-all"));
  needsActionCount.replaceChildren(marker("needs-action-count"));
  needsAction.before(marker("needs-action"));
  needsAction.after(marker("/needs-action"));
  courierSelect.append(marker("couriers"));
  list.replaceChildren(marker("cards"));
  const holder = doc.createElement("div");
  holder.append(screen);
  return { screen: holder.innerHTML, parts };
}

/**
 * The labels screen with the answers' first cards, from the list screen's markup (`labels-list`, Shell.tsx); null
 * when the app's first render would show something else there (an empty list). The markup is parsed here and its
 * nodes used as they are: a copy of the parsed screen (cloneNode) cost 35–50 ms of main thread in Chromium, seven
 * times the parse, in the task the cards paint after (bench/README, Lighthouse).
 */
export function firstCardsScreen(markup: string, answers: FirstAnswers, at: { search: string }): DocumentFragment | null {
  const { labels, needsAction, couriers } = answers;
  if (typeof needsAction?.total !== "number" || labels.results.length === 0 || !Array.isArray(couriers)) return null;
  const template = document.createElement("template");
  template.innerHTML = markup;
  const screen = template.content;
  const places = placesOf(screen);
  if (!places) return null;
  const { parts, list, subtitle, selectAll, courierSelect, needsActionCount } = places;
  const { page, perPage } = readListParams(new URLSearchParams(at.search));
  const { total } = labels;
  // LabelsPage's subtitle and 'select all' for this answer.
  subtitle.textContent = listSubtitle(total, page, perPage);
  selectAll.textContent = selectAllText(total);
  // NeedsActionToggle for this answer: its count, or nothing when no parcel needs action.
  if (needsAction.total > 0) needsActionCount.textContent = String(needsAction.total);
  else needsActionCount.closest(".needs-action-toggle")?.remove();
  // The filters' courier choices (LabelsToolbar), from the couriers answer.
  courierSelect.insertAdjacentHTML("beforeend", courierOptions(couriers));
  list.innerHTML = labels.results
    .slice(0, FIRST_CARDS)
    .map((l, n) => cardMarkup(parts, l, couriers, n))
    .join("");
  return screen;
}
