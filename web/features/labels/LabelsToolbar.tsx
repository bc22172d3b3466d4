import { useId, useState } from "react";
import { LIST_SORTS, STATUS_FILTERS, searchWords } from "../../../shared/list-options";
import { SEARCH_WIDE } from "./listQuery";
import { useDebouncedInput } from "../../app/useDebouncedInput";
import { Field, SelectField } from "../../components/Field";
import { useMediaQuery } from "../../app/useMediaQuery";
import { courierKey } from "../../../shared/courier-key";
import { useCouriers } from "./labelsApi";
import { STATUS_NAMES } from "./LabelSummary";
import type { ListParams } from "./useListParams";

/** A pause in typing this long runs the search (or applies the tags). */
const TYPING_DELAY_MS = 300;

const SORT_NAMES: Record<(typeof LIST_SORTS)[number], string> = { newest: "Newest first", oldest: "Oldest first", updated: "Last update" };

/** The filter controls that are set, for the phone's 'Filters (n)' button (search and order aside). */
const CONTROLLED = ["courier", "status", "tags", "from", "to"] as const;

/**
 * The search box and the filters of /labels, every change in the URL: the search runs as the user types (after a
 * pause; 1-character words are not searched for), the rest at once. On phones the filters fold under a button
 * that says how many are set.
 */
export function LabelsToolbar({ list }: { list: ListParams }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const couriers = useCouriers().data;
  const wide = useMediaQuery(SEARCH_WIDE);
  const { filters } = list;
  const search = useDebouncedInput(filters.q ?? "", (text) => list.update({ q: searchWords(text).length ? text.trim() : "" }, { replace: true }), TYPING_DELAY_MS);
  const tags = useDebouncedInput(filters.tags ?? "", (text) => list.update({ tags: text.trim() }, { replace: true }), TYPING_DELAY_MS);
  const tooShort = search.text.trim() !== "" && searchWords(search.text).length === 0;
  const set = CONTROLLED.filter((k) => filters[k]).length;
  // A courier from a link may be written another way ('Royal Mail'): show it as the option it means.
  const courier = filters.courier ? (couriers?.find((c) => courierKey(c.id) === courierKey(filters.courier) || courierKey(c.displayName) === courierKey(filters.courier))?.id ?? filters.courier) : "";
  // 'Asks which order' is reached from Orders' labels asking (a link to it): a choice only once chosen, so a seller
  // without a shop never sees it.
  const statuses = STATUS_FILTERS.filter((s) => s !== "order_question" || filters.status === s);
  const courierOptions = [{ value: "", label: "All couriers" }, ...(couriers ?? []).map((c) => ({ value: c.id, label: c.displayName }))];
  if (courier && !courierOptions.some((o) => o.value === courier)) courierOptions.push({ value: courier, label: courier });

  const select = (key: "courier" | "status" | "sort", label: string, options: Array<{ value: string; label: string }>, value: string) => (
    <SelectField id={`${id}-${key}`} label={label} value={value} options={options} onChange={(v) => list.update({ [key]: v })} />
  );
  const date = (key: "from" | "to", label: string, bounds: { min?: string; max?: string }) => (
    <Field id={`${id}-${key}`} label={label} type="date" value={filters[key] ?? ""} {...bounds} onChange={(e) => list.update({ [key]: e.target.value })} />
  );

  return (
    <form
      className="labels-toolbar"
      role="search"
      aria-label="Search and filter labels"
      onSubmit={(e) => {
        e.preventDefault();
        search.flush();
        tags.flush();
      }}
    >
      <div className="labels-toolbar-top">
        <div className="labels-search">
          <label htmlFor={`${id}-q`} className="sr-only">
            Search labels
          </label>
          <input
            id={`${id}-q`}
            type="search"
            className="input"
            placeholder={wide ? "Search tracking code, name, postcode, tag or note" : "Code, name, postcode, tag…"}
            autoComplete="off"
            spellCheck={false}
            value={search.text}
            aria-describedby={tooShort ? `${id}-q-hint` : undefined}
            onChange={(e) => search.setText(e.target.value)}
          />
          {tooShort && (
            <span id={`${id}-q-hint`} className="hint small">
              Type at least 2 letters or digits to search.
            </span>
          )}
        </div>
        <button type="button" className="btn labels-filters-toggle" aria-expanded={open} aria-controls={`${id}-filters`} onClick={() => setOpen((o) => !o)}>
          {set ? `Filters (${set})` : "Filters"}
        </button>
      </div>
      <div id={`${id}-filters`} className={open ? "labels-filters is-open" : "labels-filters"}>
        {select("courier", "Courier", courierOptions, courier)}
        {select("status", "Status", [{ value: "", label: "Any status" }, ...statuses.map((s) => ({ value: s, label: STATUS_NAMES[s] }))], filters.status ?? "")}
        <Field id={`${id}-tags`} label="Tags" type="text" placeholder="ebay, gifts" value={tags.text} onChange={(e) => tags.setText(e.target.value)} onBlur={tags.flush} />
        {date("from", "Shipped from", { max: filters.to })}
        {date("to", "Shipped to", { min: filters.from })}
        {select(
          "sort",
          "Sort by",
          LIST_SORTS.map((s) => ({ value: s, label: SORT_NAMES[s] })),
          list.sort,
        )}
      </div>
    </form>
  );
}
