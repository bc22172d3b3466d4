import { copyPageLinkTitle, courierOf, details, EVENT_DATE, formatDate, formatDimensions, formatWeight, LOST_HEADLINE, mapsUrl, noEventsText, noteSnippet, OUTCOME_BADGES, printPlanOf, printTitle, senderAddress, serviceType, trackingEvents } from "../features/labels/format";
import { courierKey } from "../../shared/courier-key";
import { DELETE_TEXTS } from "../features/labels/deletionTexts";
import { unreadText } from "../features/labels/readingTexts";
import type { Address, ApiCourier, ApiLabel } from "../features/labels/types";

/**
 * LabelCard's markup as a string, for the list's first cards drawn before the app's code has run: by the boot
 * script's first-cards script from the early answers (./first-cards.ts), and by the Worker into /labels' document
 * for a signed-in seller (worker/labels/document.ts: the one module of web/ the Worker runs, .dependency-cruiser.cjs).
 * No DOM here, nothing but strings: it runs in the Worker too. test/web/shell-cards.test.tsx holds the markup to
 * LabelCard's for every kind of card.
 */

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
/** `s` as HTML text or attribute value. */
export const esc = (s: string | number) => String(s).replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** An element's markup: attributes with a value of false, null or undefined are left out, `true` is present. */
export function el(tag: string, attrs: Record<string, string | number | boolean | null | undefined>, ...children: string[]): string {
  let open = `<${tag}`;
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    open += value === true ? ` ${name}=""` : ` ${name}="${esc(value)}"`;
  }
  return `${open}>${children.join("")}</${tag}>`;
}

/** The icons and courier marks LabelCard draws, taken from the template's own cards (one source for their markup). */
export interface Parts {
  copyIcon: string;
  mapsIcon: string;
  logos: Record<string, string>;
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
export function cardMarkup(parts: Parts, label: ApiLabel, couriers: ApiCourier[], n: number): string {
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

/** The list filters' courier choices (LabelsToolbar's select) for the couriers answer. */
export const courierOptions = (couriers: ApiCourier[]) => couriers.map((c) => el("option", { value: c.id }, esc(c.displayName))).join("");

/** LabelsPage's subtitle for a page of the list. */
export const listSubtitle = (total: number, page: number, perPage: number) =>
  `${total} ${total === 1 ? "label" : "labels"} · Page ${page} of ${Math.max(1, Math.ceil(total / perPage))}`;

/** The selection row's 'select all' for a list of `total`. */
export const selectAllText = (total: number) => `Select all ${total} matching the filters`;

/** How many cards the Worker draws: FIRST_CARDS (web/features/labels/listQuery.ts, which reads localStorage and so cannot run in the Worker), as the boot script's first cards; test/web/shell-cards.test.tsx holds the two equal. */
export const SERVER_CARDS = 3;

export { LABELS_DOCUMENT_FILE } from "./screens";

/** The list screen with a marker for each value the answers give (first-cards.ts' serverTemplate) and the cards' parts. */
export interface ServerTemplate {
  screen: string;
  parts: Parts;
}

/** The answers the first screen is drawn from, as the API gives them (the same calls the boot script starts). */
export interface ScreenAnswers {
  labels: { results: ApiLabel[]; total: number };
  needsAction: { total: number };
  couriers: ApiCourier[];
}

/**
 * The labels screen of a plain list's first page (page 1, 15 a page) with its first `count` cards, as
 * first-cards.ts' firstCardsScreen draws it in the browser, as markup: what the Worker puts in /labels' document.
 * Null when the app would show something else (an empty list) or the template lacks a marker.
 */
export function serverScreen(template: ServerTemplate, answers: ScreenAnswers, count: number): string | null {
  const { labels, needsAction, couriers } = answers;
  if (typeof needsAction?.total !== "number" || !labels?.results?.length || !Array.isArray(couriers)) return null;
  let screen = template.screen;
  const fill = (name: string, value: string) => {
    const at = screen.indexOf(`<!--ph:${name}-->`);
    if (at < 0) return false;
    screen = screen.slice(0, at) + value + screen.slice(at + `<!--ph:${name}-->`.length);
    return true;
  };
  const start = screen.indexOf("<!--ph:needs-action-->");
  const end = screen.indexOf("<!--ph:/needs-action-->");
  if (start < 0 || end < start) return null;
  // NeedsActionToggle: its count, or nothing when no parcel needs action.
  screen =
    needsAction.total > 0
      ? screen.slice(0, start) + screen.slice(start + "<!--ph:needs-action-->".length, end) + screen.slice(end + "<!--ph:/needs-action-->".length)
      : screen.slice(0, start) + screen.slice(end + "<!--ph:/needs-action-->".length);
  const filled = [
    fill("subtitle", esc(listSubtitle(labels.total, 1, 15))),
    fill("select-all", esc(selectAllText(labels.total))),
    needsAction.total > 0 ? fill("needs-action-count", esc(needsAction.total)) : true,
    fill("couriers", courierOptions(couriers)),
    fill(
      "cards",
      labels.results
        .slice(0, count)
        .map((l, n) => cardMarkup(template.parts, l, couriers, n))
        .join(""),
    ),
  ];
  return filled.every(Boolean) ? screen : null;
}
