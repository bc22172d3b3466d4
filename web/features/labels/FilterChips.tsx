import { EXTRA_DATE, formatDate } from "./format";
import { courierKey } from "../../../shared/courier-key";
import { useCouriers } from "./labelsApi";
import { STATUS_NAMES } from "./LabelSummary";
import type { FilterKey } from "./listQuery";
import type { ListParams } from "./useListParams";
import type { StatusFilter } from "../../../shared/list-options";

/** How each filter reads as a chip ('q' has its box and no chip). */
const CHIPS: Array<{ key: Exclude<FilterKey, "q">; chip: (v: string, courierName: (c: string) => string) => string }> = [
  { key: "courier", chip: (v, name) => `Courier: ${name(v)}` },
  { key: "status", chip: (v) => `Status: ${STATUS_NAMES[v as StatusFilter] ?? v}` },
  { key: "tags", chip: (v) => `Tags: ${v}` },
  { key: "from", chip: (v) => `From ${formatDate(v, EXTRA_DATE) || v}` },
  { key: "to", chip: (v) => `To ${formatDate(v, EXTRA_DATE) || v}` },
  { key: "lost", chip: (v) => `Potentially lost: ${v === "1" ? "Yes" : "No"}` },
  { key: "next_day", chip: (v) => `Next-day: ${v === "1" ? "Next-day" : "Standard"}` },
];

/**
 * The filters in force as removable chips (those analytics links bring, lost and next-day, have no control of
 * their own), and one way to clear them all. Nothing while no filter is set.
 */
export function FilterChips({ list }: { list: ListParams }) {
  const couriers = useCouriers().data;
  const courierName = (c: string) => couriers?.find((x) => courierKey(x.id) === courierKey(c))?.displayName ?? c;
  const chips = CHIPS.filter((c) => list.filters[c.key]);
  if (!chips.length) return null;
  return (
    <div className="row filter-chips">
      <ul className="chips" aria-label="Filters">
        {chips.map((c) => {
          const text = c.chip(list.filters[c.key], courierName);
          return (
            <li key={c.key} className="chip">
              {text}
              <button type="button" aria-label={`Remove filter ${text}`} onClick={() => list.update({ [c.key]: "" })}>
                ×
              </button>
            </li>
          );
        })}
      </ul>
      <button type="button" className="link-button small" onClick={list.clearFilters}>
        Clear all filters
      </button>
    </div>
  );
}
