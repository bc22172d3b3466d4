import { LIST_SORTS, STATUS_FILTERS } from "../../../shared/list-options";

/**
 * The labels list's view lives in the URL, so a view can be bookmarked and shared, and the analytics links that
 * open /labels with their filters keep working: the search (q), the filters (courier, status, tags, from, to,
 * lost, next_day), the order (sort: newest is left out), the page and the page size (per_page: 15 is left out).
 * Values the list does not know are ignored rather than sent (an old bookmark still opens). Read without React, for
 * the page's HTML too (web/shell/early-calls.ts); the hook that changes it is ./useListParams.ts.
 */

export const PAGE_SIZES = [15, 25, 50] as const;

/**
 * A first render that has its answer already (web/app/first-render.ts) draws the cards a phone's screen shows, then
 * the rest of the page a frame at a time (web/features/labels/LabelsPage.tsx); the app shell's boot script draws the
 * same first cards before the app's code arrives (web/shell/first-cards.ts).
 */
export const FIRST_CARDS = 3;

/** The query keys that select labels (sent to the list, its CSV and bulk print); `sort` orders them. */
export const FILTER_KEYS = ["q", "courier", "status", "tags", "from", "to", "lost", "next_day"] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

const known = (list: readonly string[], value: string | null) => (value !== null && list.includes(value) ? value : undefined);

function readFilters(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) out[key] = value;
  }
  if (out.status && !known(STATUS_FILTERS, out.status)) delete out.status;
  for (const flag of ["lost", "next_day"]) if (out[flag] && !known(FLAGS, out[flag])) delete out[flag];
  return out;
}

/** The flag filters (lost, next_day) take 1 or 0. */
const FLAGS = ["0", "1"];

/**
 * The address's values the list has no such choice for (a mistyped or old link: '?status=lost', '?sort=price'):
 * [key, value] pairs, in the order of the address. The list is never asked for them (the API would answer 400) and
 * the screen says they were left out (./UnknownParamsNote.tsx). A courier is checked against the couriers call there.
 */
export function unknownListParams(params: URLSearchParams): Array<[string, string]> {
  const allowed: Record<string, readonly string[]> = { status: STATUS_FILTERS, sort: LIST_SORTS, per_page: PAGE_SIZES.map(String), lost: FLAGS, next_day: FLAGS };
  const out: Array<[string, string]> = [];
  for (const [key, raw] of params) {
    const value = raw.trim();
    if (value && key in allowed && !known(allowed[key], value)) out.push([key, value]);
  }
  return out;
}

export interface ListQuery {
  /** The filters that are set (without the order). */
  filters: Record<string, string>;
  /** The filters and the order: what the list, its CSV export and bulk printing are sent. */
  query: Record<string, string>;
  sort: (typeof LIST_SORTS)[number];
  page: number;
  perPage: number;
}

/** The list's view an address's query string holds (`update` and `clearFilters` apart). */
export function readListParams(params: URLSearchParams): ListQuery {
  const filters = readFilters(params);
  const sort = (known(LIST_SORTS, params.get("sort")) ?? "newest") as ListQuery["sort"];
  const perPage = Number(known(PAGE_SIZES.map(String), params.get("per_page")) ?? 15);
  const page = /^[1-9]\d{0,5}$/.test(params.get("page") ?? "") ? Number(params.get("page")) : 1;
  return { filters, query: sort === "newest" ? filters : { ...filters, sort }, sort, page, perPage };
}

/**
 * What GET /labels is asked for the view: the filters and order, the page and the page size. The page's HTML asks
 * for it early with the same query (web/shell/early-calls.ts), so the list takes that answer.
 */
export const listRequest = (view: Pick<ListQuery, "query" | "page" | "perPage">) => ({ ...view.query, page: view.page, per_page: view.perPage });

export type ListView = "cards" | "table" | "compact";

/** Wide enough for the search box's long placeholder. */
export const SEARCH_WIDE = "(min-width: 600px)";

/** Wide enough for the table's nine columns. */
export const WIDE_SCREEN = "(min-width: 1024px)";
export const LIST_VIEW_KEY = "parcelhive.labels.view";

/** The view chosen in this browser for each kind of screen (./useListView.ts); cards where none was. */
export function storedListViews(): { wide: "cards" | "table"; narrow: "cards" | "compact" } {
  try {
    const v = JSON.parse(localStorage.getItem(LIST_VIEW_KEY) ?? "{}") as { wide?: unknown; narrow?: unknown };
    return { wide: v.wide === "table" ? "table" : "cards", narrow: v.narrow === "compact" ? "compact" : "cards" };
  } catch {
    return { wide: "cards", narrow: "cards" };
  }
}
