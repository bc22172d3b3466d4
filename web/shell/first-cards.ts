import { copyPageLinkTitle, courierOf, details, EVENT_DATE, formatDate, formatDimensions, formatWeight, LOST_HEADLINE, mapsUrl, noEventsText, noteSnippet, OUTCOME_BADGES, printPlanOf, printTitle, senderAddress, serviceType, trackingEvents } from "../features/labels/format";
import { courierKey } from "../../shared/courier-key";
import { DELETE_TEXTS } from "../features/labels/deletionTexts";
import { unreadText } from "../features/labels/readingTexts";
import { FIRST_CARDS, readListParams, SEARCH_WIDE, storedListViews, WIDE_SCREEN } from "../features/labels/listQuery";
import type { Address, ApiCourier, ApiLabel } from "../features/labels/types";

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

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
const esc = (s: string | number) => String(s).replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** An element's markup: attributes with a value of false, null or undefined are left out, `true` is present. */
function el(tag: string, attrs: Record<string, string | number | boolean | null | undefined>, ...children: string[]): string {
  let open = `<${tag}`;
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    open += value === true ? ` ${name}=""` : ` ${name}="${esc(value)}"`;
  }
  return `${open}>${children.join("")}</${tag}>`;
}

/** The icons and courier marks LabelCard draws, taken from the template's own cards (one source for their markup). */
interface Parts {
  copyIcon: string;
  mapsIcon: string;
  logos: Record<string, string>;
}

function partsOf(template: DocumentFragment): Parts | null {
  const copyIcon = template.querySelector(".label-card-head button svg")?.outerHTML;
  const mapsIcon = template.querySelector(".address-actions a svg")?.outerHTML;
  const logos: Record<string, string> = {};
  for (const svg of template.querySelectorAll("svg.courier-logo")) logos[courierKey(svg.getAttribute("aria-label"))] = svg.outerHTML;
  return copyIcon && mapsIcon ? { copyIcon, mapsIcon, logos } : null;
}

const copyButton = (parts: Parts, label: string, text: string, className = "btn btn-ghost btn-sm") =>
  el("button", { type: "button", class: className, "aria-label": label }, parts.copyIcon, el("span", { "aria-live": "polite" }, esc(text)));

function addressCard(parts: Parts, title: string, address: Address | null | undefined, empty = "Not on this label."): string {
  const has = Boolean(address && (address.name || address.address.length || address.postcode));
  const body =
    has && address
      ? el(
          "address",
          { class: "address-lines" },
          address.name ? el("strong", {}, esc(address.name)) : "",
          ...address.address.map((l) => el("span", {}, esc(l))),
          address.postcode ? el("span", { class: "mono" }, esc(address.postcode)) : "",
        ) +
        el(
          "div",
          { class: "row address-actions" },
          copyButton(parts, `Copy ${title.toLowerCase()}`, "Copy"),
          el(
            "a",
            { class: "btn btn-ghost btn-sm", href: mapsUrl(address), target: "_blank", rel: "noopener noreferrer", "aria-label": `Open ${title.toLowerCase()} in maps` },
            parts.mapsIcon,
            "Maps",
          ),
        )
      : el("p", { class: "muted small" }, esc(empty));
  // A source badge only where the detail page passes a source; the card does not.
  return el("section", { class: "address-card", "aria-label": title }, el("div", { class: "card-title" }, `${esc(title)} `), body);
}

function lostWarning(label: ApiLabel): string {
  const lost = label.lostStatus;
  if (!lost.potentiallyLost) return "";
  return el(
    "div",
    { class: "alert alert-warning lost-warning", role: "status" },
    el("strong", {}, LOST_HEADLINE),
    lost.reason && lost.reason !== LOST_HEADLINE ? el("div", { class: "small" }, esc(lost.reason)) : "",
    lost.potentiallyLostAt ? el("div", { class: "small" }, `Flagged since ${esc(formatDate(lost.potentiallyLostAt, EVENT_DATE))}`) : "",
  );
}

function deadlineNote(label: ApiLabel): string {
  const d = label.deadlines;
  if (!d?.sentence) return "";
  if (d.urgent) return el("div", { class: "alert alert-warning deadline-warning", role: "status", "aria-label": "Carrier deadlines" }, el("strong", {}, esc(d.sentence)));
  return el("div", {}, el("p", { class: "muted small" }, esc(d.sentence)));
}

function facts(label: ApiLabel): string {
  const d = details(label);
  const items: Array<[string, string]> = [
    ["Dimensions", formatDimensions(d.dimensionsCm)],
    ["Weight", formatWeight(d.weightInGrams)],
    ["Service type", serviceType(label)],
  ];
  return el("dl", { class: "facts" }, ...items.map(([k, v]) => el("div", {}, el("dt", {}, esc(k)), el("dd", {}, v ? esc(v) : el("span", { class: "muted" }, "—")))));
}

function tracking(label: ApiLabel, courier: ApiCourier | undefined, id: string): string {
  const events = trackingEvents(label);
  const body =
    events.length === 0
      ? el("p", { class: "muted small" }, esc(noEventsText(courier, "card")))
      : el(
          "ol",
          { class: "events " },
          ...events.slice(0, 1).map((e) =>
            el(
              "li",
              { class: "event" },
              el("span", { class: "event-dot", "aria-hidden": "true" }),
              el(
                "div",
                {},
                el("div", { class: "event-text" }, esc(e.trackingPoint?.description ?? e.trackingStage?.description ?? "")),
                el("time", { class: "muted small", datetime: e.dateTime }, esc(formatDate(e.dateTime, EVENT_DATE)), e.location ? esc(` · ${e.location}`) : ""),
              ),
            ),
          ),
        ) + (events.length > 1 ? el("button", { type: "button", class: "link-button", "aria-expanded": "false", "aria-controls": id }, "Show all updates") : "");
  return el("section", { "aria-label": "Tracking events", id }, el("div", { class: "card-title" }, "Tracking"), body);
}

function tagsAndNote(label: ApiLabel): string {
  const note = label.notes.trim();
  if (!label.tags.length && !note) return "";
  const snippet = noteSnippet(note);
  return el(
    "div",
    { class: "tags-note" },
    label.tags.length > 0 ? el("ul", { class: "chips tag-chips", "aria-label": "Tags" }, ...label.tags.map((t) => el("li", { class: "chip tag-chip" }, esc(t)))) : "",
    note ? el("p", { class: "note-snippet small", title: snippet === note ? undefined : note }, el("span", { class: "sr-only" }, "Note: "), esc(snippet)) : "",
  );
}

function footer(parts: Parts, label: ApiLabel, courier: ApiCourier | undefined, noteId: string): string {
  const { plan, note } = printPlanOf(label, courier);
  const cannot = plan.how === "none";
  return el(
    "footer",
    { class: "label-card-foot" },
    el("span", { class: "muted small" }, `Last updated ${esc(formatDate(label.updatedAt, EVENT_DATE))}`),
    el(
      "div",
      { class: "row label-card-actions" },
      cannot ? el("span", { id: noteId, class: "small muted" }, esc(note ?? "")) : "",
      el(
        "button",
        { type: "button", class: "btn btn-sm", disabled: cannot, title: printTitle(plan, courier), "aria-describedby": cannot ? noteId : undefined },
        "Print",
      ),
      el("button", { type: "button", class: "btn btn-sm", title: copyPageLinkTitle(label) }, parts.copyIcon, el("span", { "aria-live": "polite" }, "Copy buyer tracking link")),
      label.buyerEmail ? el("button", { type: "button", class: "btn btn-sm" }, "Send to buyer") : "",
      // As React Router's Link draws it in the browser.
      el("a", { class: "btn btn-sm", href: `/label/${label.id ? label.id : encodeURIComponent(label.trackingCode)}`, "data-discover": "true" }, "More Info"),
      // DeleteLabelButton, closed.
      el("button", { type: "button", class: "btn btn-sm btn-danger", "aria-label": `Delete label ${label.trackingCode}` }, esc(DELETE_TEXTS.button)),
    ),
  );
}

/** LabelCard's markup for `label` in the list (unselected, its first event shown); `n` keeps its ids unique. */
function cardMarkup(parts: Parts, label: ApiLabel, couriers: ApiCourier[], n: number): string {
  const courier = courierOf(couriers, label.courier);
  const code = label.trackingCode;
  const logo = parts.logos[courierKey(label.courier)] ?? el("span", { class: "badge" }, esc(courier?.displayName ?? label.courier));
  const d = details(label);
  return el(
    "article",
    { class: "card label-card", "aria-label": `Label ${code}` },
    el(
      "header",
      { class: "label-card-head" },
      el("input", { type: "checkbox", class: "label-select", "aria-label": `Select label ${code}` }).replace("></input>", ">"),
      logo,
      el("span", { class: "mono tracking-code" }, esc(code)),
      copyButton(parts, "Copy tracking code", "Copy"),
      label.outcome ? el("span", { class: "badge badge-ok outcome-badge" }, OUTCOME_BADGES[label.outcome]) : "",
    ),
    lostWarning(label),
    deadlineNote(label),
    el("div", { class: "address-grid" }, addressCard(parts, "Sender", senderAddress(label), unreadText(label)), addressCard(parts, "Recipient", d.address, unreadText(label))),
    facts(label),
    tracking(label, courier, `shell-events-${n}`),
    tagsAndNote(label),
    footer(parts, label, courier, `shell-print-${n}`),
  );
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
  const parts = partsOf(screen);
  const list = screen.querySelector(".label-list");
  const subtitle = screen.querySelector(".page-header p.muted > span");
  const selectAll = screen.querySelector(".selection-row .link-button");
  const courierSelect = screen.querySelector(".labels-filters select[id$='-courier']");
  const needsActionCount = screen.querySelector(".needs-action-toggle .badge");
  if (!parts || !list || !subtitle || !selectAll || !courierSelect || !needsActionCount) return null;
  const { page, perPage } = readListParams(new URLSearchParams(at.search));
  const { total } = labels;
  // LabelsPage's subtitle and 'select all' for this answer.
  subtitle.textContent = `${total} ${total === 1 ? "label" : "labels"} · Page ${page} of ${Math.max(1, Math.ceil(total / perPage))}`;
  selectAll.textContent = `Select all ${total} matching the filters`;
  // NeedsActionToggle for this answer: its count, or nothing when no parcel needs action.
  if (needsAction.total > 0) needsActionCount.textContent = String(needsAction.total);
  else needsActionCount.closest(".needs-action-toggle")?.remove();
  // The filters' courier choices (LabelsToolbar), from the couriers answer.
  courierSelect.insertAdjacentHTML("beforeend", couriers.map((c) => el("option", { value: c.id }, esc(c.displayName))).join(""));
  list.innerHTML = labels.results
    .slice(0, FIRST_CARDS)
    .map((l, n) => cardMarkup(parts, l, couriers, n))
    .join("");
  return screen;
}
