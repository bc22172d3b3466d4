import { useEffect, useState } from "react";
import type { PrintSelection } from "./bulkPrintApi";

/**
 * The labels selected on /labels for printing in bulk: ids picked card by card (kept across pages), or every label
 * matching the current filters. A change of filters starts again with nothing selected.
 */
export function useLabelSelection(filters: Record<string, string>, filterKey: string, total: number) {
  const [ids, setIds] = useState<ReadonlySet<string>>(new Set());
  const [allMatching, setAllMatching] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: other filters, another set of labels
  useEffect(() => {
    setIds(new Set());
    setAllMatching(false);
  }, [filterKey]);

  /** Select or unselect these labels; unselecting one while all matching are selected keeps the rest of `visible`. */
  function setSelected(changed: string[], on: boolean, visible: string[]) {
    const next = new Set(allMatching ? visible : ids);
    for (const id of changed) {
      if (on) next.add(id);
      else next.delete(id);
    }
    setAllMatching(false);
    setIds(next);
  }

  const selection: PrintSelection = allMatching ? { filters } : { ids: [...ids] };
  return {
    selection,
    allMatching,
    count: allMatching ? total : ids.size,
    isSelected: (id: string) => allMatching || ids.has(id),
    setSelected,
    selectAllMatching: () => setAllMatching(true),
    clear: () => {
      setIds(new Set());
      setAllMatching(false);
    },
  };
}
