import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { LIST_SORTS, STATUS_FILTERS } from "../../../worker/labels/list-options";

/**
 * The labels list's view lives in the URL, so a view can be bookmarked and shared, and the analytics links that
 * open /labels with their filters keep working: the search (q), the filters (courier, status, tags, from, to,
 * lost, next_day), the order (sort: newest is left out), the page and the page size (per_page: 15 is left out).
 * Values the list does not know are ignored rather than sent (an old bookmark still opens).
 */

export const PAGE_SIZES = [15, 25, 50] as const;

/** The query keys that select labels (sent to the list, its CSV and bulk print); `sort` orders them. */
const FILTER_KEYS = ["q", "courier", "status", "tags", "from", "to", "lost", "next_day"] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

const known = (list: readonly string[], value: string | null) => (value !== null && list.includes(value) ? value : undefined);

function readFilters(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) out[key] = value;
  }
  if (out.status && !known(STATUS_FILTERS, out.status)) delete out.status;
  return out;
}

export interface ListParams {
  /** The filters that are set (without the order). */
  filters: Record<string, string>;
  /** The filters and the order: what the list, its CSV export and bulk printing are sent. */
  query: Record<string, string>;
  sort: (typeof LIST_SORTS)[number];
  page: number;
  perPage: number;
  /** Sets or clears (empty value) some of them; a change of filters, order or page size goes back to page 1. */
  update(changes: Partial<Record<FilterKey | "sort" | "per_page" | "page", string>>, options?: { replace?: boolean }): void;
  /** Clears every filter and the search, keeping the order and page size. */
  clearFilters(): void;
}

export function useListParams(): ListParams {
  const [params, setParams] = useSearchParams();
  return useMemo(() => {
    const filters = readFilters(params);
    const sort = (known(LIST_SORTS, params.get("sort")) ?? "newest") as ListParams["sort"];
    const perPage = Number(known(PAGE_SIZES.map(String), params.get("per_page")) ?? 15);
    const page = /^[1-9]\d{0,5}$/.test(params.get("page") ?? "") ? Number(params.get("page")) : 1;
    const update: ListParams["update"] = (changes, options) => {
      const next = new URLSearchParams(params);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      if (!("page" in changes)) next.delete("page");
      if (next.get("sort") === "newest") next.delete("sort");
      if (next.get("per_page") === "15") next.delete("per_page");
      if (next.get("page") === "1") next.delete("page");
      setParams(next, { replace: options?.replace });
    };
    return {
      filters,
      query: sort === "newest" ? filters : { ...filters, sort },
      sort,
      page,
      perPage,
      update,
      clearFilters: () => update(Object.fromEntries(FILTER_KEYS.map((k) => [k, ""]))),
    };
  }, [params, setParams]);
}
