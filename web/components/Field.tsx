import type { InputHTMLAttributes, ReactNode } from "react";

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className"> & {
  id: string;
  label: string;
  /** Shown under the input and tied to it by `${id}-error`; it takes the hint's place. */
  error?: string;
  /** Shown under the input, tied to it by `${id}-hint`. */
  hint?: ReactNode;
  /**
   * Beside the label, on its row (e.g. a 'Forgot password?' link), but after the input in the tab order: between the
   * label and the input it took the Tab meant for the input (an e-mail, Tab, a password typed into nothing).
   */
  aside?: ReactNode;
  /** Classes beside `field` on the wrapper. */
  className?: string;
};

/**
 * A labelled input with its error or hint under it. An error marks the input invalid and is what
 * screen readers hear with it; without one, the hint is.
 */
export function Field({ id, label, error, hint, aside, className, ...input }: FieldProps) {
  const labelEl = <label htmlFor={id}>{label}</label>;
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  const classes = ["field", aside ? "field-with-aside" : "", className ?? ""].filter(Boolean).join(" ");
  return (
    <div className={classes}>
      {labelEl}
      <input id={id} className="input" {...input} aria-invalid={error ? true : undefined} aria-describedby={describedBy} />
      {aside && <div className="field-aside">{aside}</div>}
      {error ? (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      ) : (
        hint && (
          <span id={`${id}-hint`} className="hint">
            {hint}
          </span>
        )
      )}
    </div>
  );
}

/** A labelled select of `options` ({ value, label }), laid out as Field is. */
export function SelectField({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="input" value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
