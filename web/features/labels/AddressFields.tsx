import { useState, type ReactNode } from "react";
import { errorText } from "../../api/client";
import { correctLabelDetails } from "./labelsApi";
import { SourceBadge } from "./SourceBadge";
import type { Address, ApiLabel, FieldSource, LabelCorrection } from "./types";

// An address as a form edits it (name, lines, postcode): 'Edit details' and the print view's recipient form.

export const UK_POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}$/i;

export interface AddressDraft {
  name: string;
  lines: string;
  postcode: string;
}

export const draftOf = (a: Address | null | undefined): AddressDraft => ({ name: a?.name ?? "", lines: (a?.address ?? []).join("\n"), postcode: a?.postcode ?? "" });
export const isBlank = (d: AddressDraft) => !d.name.trim() && !d.lines.trim() && !d.postcode.trim();
export const toAddress = (d: AddressDraft) => ({
  name: d.name.trim(),
  address: d.lines.split("\n").map((l) => l.trim()).filter(Boolean),
  postcode: d.postcode.trim(),
});

/** What is wrong with an address, and in which of its fields (marked invalid). */
export interface AddressError {
  field: "name" | "lines" | "postcode";
  message: string;
}

/** A sender's or return address's error, as the server words it: it needs a name, and a postcode given must be a UK one. */
export function namedAddressError(title: string, d: AddressDraft): AddressError | undefined {
  if (isBlank(d)) return undefined;
  if (!d.name.trim()) return { field: "name", message: `${title} needs a name.` };
  if (d.postcode.trim() && !UK_POSTCODE.test(d.postcode.trim())) return { field: "postcode", message: `${title} postcode must be a UK postcode.` };
  return undefined;
}

/** A fieldset of an address: name, lines (one a line) and postcode, with its error. */
export function AddressFields({ id, title, draft, onChange, error, source }: { id: string; title: string; draft: AddressDraft; onChange: (d: AddressDraft) => void; error?: AddressError; source?: FieldSource | null }) {
  const errId = `${id}-error`;
  const invalid = (field: AddressError["field"]) => (error?.field === field ? true : undefined);
  return (
    <fieldset className="details-fieldset" aria-describedby={error ? errId : undefined}>
      <legend>
        {title} <SourceBadge source={source} />
      </legend>
      <div className="field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input id={`${id}-name`} className="input" value={draft.name} onChange={(e) => onChange({ ...draft, name: e.target.value })} autoComplete="off" aria-invalid={invalid("name")} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-lines`}>Address lines</label>
        <textarea id={`${id}-lines`} className="input" rows={3} value={draft.lines} onChange={(e) => onChange({ ...draft, lines: e.target.value })} aria-describedby={`${id}-lines-hint`} aria-invalid={invalid("lines")} />
        <span id={`${id}-lines-hint`} className="hint">
          One line each: street, town, county.
        </span>
      </div>
      <div className="field">
        <label htmlFor={`${id}-postcode`}>Postcode</label>
        <input id={`${id}-postcode`} className="input input-postcode" value={draft.postcode} onChange={(e) => onChange({ ...draft, postcode: e.target.value })} autoComplete="off" aria-invalid={invalid("postcode")} />
      </div>
      {error && (
        <p id={errId} className="field-error" role="alert">
          {error.message}
        </p>
      )}
    </fieldset>
  );
}

/** The end of an address form: what went wrong saving, the save button (busy while saving) and the way out. */
export function AddressFormEnd({ error, saving, saveText, cancel }: { error?: string; saving: boolean; saveText: string; cancel: ReactNode }) {
  return (
    <>
      {error && (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      )}
      <div className="row">
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? "Saving…" : saveText}
        </button>
        {cancel}
      </div>
    </>
  );
}

/** Saves a correction of the label (PATCH /label/:id/details, free): busy meanwhile, what went wrong if it fails. */
export function useCorrectionSave(label: ApiLabel, onSaved: (l: ApiLabel) => void) {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();
  async function save(body: LabelCorrection) {
    setSaving(true);
    setError(undefined);
    try {
      onSaved(await correctLabelDetails(label.id, body));
    } catch (err) {
      setError(errorText(err, "Failed to save"));
      setSaving(false);
    }
  }
  return { saving, error, save };
}
