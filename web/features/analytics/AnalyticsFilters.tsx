import { useEffect, useId, useState } from "react";
import { Field } from "../../components/Field";
import { useCouriers } from "../labels/labelsApi";
import { ALL_COURIERS, LOST_OPTIONS, NEXT_DAY_OPTIONS, T } from "./texts";
import { defaultFilters, type AnalyticsFilters as Filters } from "./filters";

const TAGS_DELAY_MS = 400;

/** The filter bar. Every change applies at once, except tags, which apply after a pause in typing. */
export function AnalyticsFilters({ value, onChange }: { value: Filters; onChange: (f: Filters) => void }) {
  const id = useId();
  const [tags, setTags] = useState(value.tags);
  const couriers = useCouriers().data;

  useEffect(() => setTags(value.tags), [value.tags]);
  useEffect(() => {
    if (tags === value.tags) return;
    const t = setTimeout(() => onChange({ ...value, tags }), TAGS_DELAY_MS);
    return () => clearTimeout(t);
  }, [tags, value, onChange]);

  const set = (patch: Partial<Filters>) => onChange({ ...value, ...patch });
  const select = (key: "courier" | "lost" | "next_day", label: string, options: { value: string; label: string }[]) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <select id={`${id}-${key}`} className="input" value={value[key]} onChange={(e) => set({ [key]: e.target.value })}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );

  // A cleared date input is ignored: the range always has both ends.
  const date = (key: "from" | "to", label: string, bounds: { min?: string; max?: string }) => (
    <Field
      id={`${id}-${key}`}
      label={label}
      type="date"
      required
      value={value[key]}
      {...bounds}
      onChange={(e) => e.target.value && set({ [key]: e.target.value })}
    />
  );

  return (
    <form
      className="card analytics-filters"
      aria-label={T.filters}
      onSubmit={(e) => {
        e.preventDefault();
        if (tags !== value.tags) onChange({ ...value, tags });
      }}
    >
      {date("from", T.from, { max: value.to })}
      {date("to", T.to, { min: value.from })}
      {select("courier", T.courier, [ALL_COURIERS, ...(couriers ?? []).map((c) => ({ value: c.id, label: c.displayName }))])}
      {select("lost", T.lost, LOST_OPTIONS)}
      {select("next_day", T.nextDay, NEXT_DAY_OPTIONS)}
      <Field
        id={`${id}-tags`}
        label={T.tags}
        hint={T.tagsHint}
        className="analytics-tags"
        type="text"
        placeholder="ebay, gifts"
        value={tags}
        onChange={(e) => setTags(e.target.value)}
        onBlur={() => tags !== value.tags && onChange({ ...value, tags })}
      />
      <div className="analytics-filters-actions">
        <button type="button" className="btn btn-sm" onClick={() => onChange(defaultFilters())}>
          {T.reset}
        </button>
      </div>
    </form>
  );
}
