import { useId } from "react";
import { useDebouncedInput } from "../../app/useDebouncedInput";
import { Field, SelectField } from "../../components/Field";
import { useCouriers } from "../labels/labelsApi";
import { ALL_COURIERS, LOST_OPTIONS, NEXT_DAY_OPTIONS, T } from "./texts";
import { defaultFilters, type AnalyticsFilters as Filters } from "./filters";

const TAGS_DELAY_MS = 400;

/** The filter bar. Every change applies at once, except tags, which apply after a pause in typing. */
export function AnalyticsFilters({ value, onChange }: { value: Filters; onChange: (f: Filters) => void }) {
  const id = useId();
  const tags = useDebouncedInput(value.tags, (text) => onChange({ ...value, tags: text }), TAGS_DELAY_MS);
  const couriers = useCouriers().data;

  const set = (patch: Partial<Filters>) => onChange({ ...value, ...patch });
  const select = (key: "courier" | "lost" | "next_day", label: string, options: { value: string; label: string }[]) => (
    <SelectField id={`${id}-${key}`} label={label} value={value[key]} options={options} onChange={(v) => set({ [key]: v })} />
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
        tags.flush();
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
        value={tags.text}
        onChange={(e) => tags.setText(e.target.value)}
        onBlur={tags.flush}
      />
      <div className="analytics-filters-actions">
        <button type="button" className="btn btn-sm" onClick={() => onChange(defaultFilters())}>
          {T.reset}
        </button>
      </div>
    </form>
  );
}
