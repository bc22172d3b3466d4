import { useEffect, useId, useState } from "react";
import { COURIER_OPTIONS, LOST_OPTIONS, NEXT_DAY_OPTIONS, T } from "./texts";
import { defaultFilters, type AnalyticsFilters as Filters } from "./filters";

const TAGS_DELAY_MS = 400;

/** The filter bar. Every change applies at once, except tags, which apply after a pause in typing. */
export function AnalyticsFilters({ value, onChange }: { value: Filters; onChange: (f: Filters) => void }) {
  const id = useId();
  const [tags, setTags] = useState(value.tags);

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

  return (
    <form
      className="card analytics-filters"
      aria-label={T.filters}
      onSubmit={(e) => {
        e.preventDefault();
        if (tags !== value.tags) onChange({ ...value, tags });
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-from`}>{T.from}</label>
        <input
          id={`${id}-from`}
          className="input"
          type="date"
          required
          value={value.from}
          max={value.to}
          onChange={(e) => e.target.value && set({ from: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-to`}>{T.to}</label>
        <input
          id={`${id}-to`}
          className="input"
          type="date"
          required
          value={value.to}
          min={value.from}
          onChange={(e) => e.target.value && set({ to: e.target.value })}
        />
      </div>
      {select("courier", T.courier, COURIER_OPTIONS)}
      {select("lost", T.lost, LOST_OPTIONS)}
      {select("next_day", T.nextDay, NEXT_DAY_OPTIONS)}
      <div className="field analytics-tags">
        <label htmlFor={`${id}-tags`}>{T.tags}</label>
        <input
          id={`${id}-tags`}
          className="input"
          type="text"
          placeholder="ebay, gifts"
          aria-describedby={`${id}-tags-hint`}
          value={tags}
          onChange={(e) => setTags(e.target.value)}
          onBlur={() => tags !== value.tags && onChange({ ...value, tags })}
        />
        <span id={`${id}-tags-hint`} className="hint">
          {T.tagsHint}
        </span>
      </div>
      <div className="analytics-filters-actions">
        <button type="button" className="btn btn-sm" onClick={() => onChange(defaultFilters())}>
          {T.reset}
        </button>
      </div>
    </form>
  );
}
