import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { FILTER_KEYS, readListParams, unknownListParams, type FilterKey, type ListQuery } from "./listQuery";

/** The labels list's view in the URL (./listQuery.ts), and how the screen changes it. */
export interface ListParams extends ListQuery {
  /**
   * Sets or clears (empty value) some of them; a change of filters, order or page size goes back to page 1. Answers
   * the address's new query string.
   */
  update(changes: Partial<Record<FilterKey | "sort" | "per_page" | "page", string>>, options?: { replace?: boolean }): string;
  /** The address's query string as it is. */
  search: string;
  /** The values the list has no such choice for (./listQuery.ts unknownListParams). */
  unknown: Array<[string, string]>;
  /** Clears every filter and the search, keeping the order and page size. */
  clearFilters(): void;
}

export function useListParams(): ListParams {
  const [params, setParams] = useSearchParams();
  return useMemo(() => {
    const view = readListParams(params);
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
      return next.toString();
    };
    return {
      ...view,
      search: params.toString(),
      unknown: unknownListParams(params),
      update,
      clearFilters: () => void update(Object.fromEntries(FILTER_KEYS.map((k) => [k, ""]))),
    };
  }, [params, setParams]);
}
