import { useState } from "react";
import { Link } from "react-router";
import { api, errorText } from "../../api/client";
import type { ApiCourier, ManualFieldName, ManualFieldType } from "../labels/types";
import { parseTagInput } from "../labels/labelsApi";
import { BUYER_EMAIL_ERROR, BUYER_EMAIL_HINT, isBuyerEmail } from "../labels/buyerTexts";

// The Manual tab of /upload: the form comes from the couriers call (the courier registry).

const DIMENSIONS = "dimensionsCm";
const DIMENSIONS_ERROR = "Dimensions (cm) must be three numbers: L, W, H.";
const DATETIME_LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

type Values = Record<string, string | boolean | [string, string, string]>;

/** Datetimes as ISO, unparseable or empty numbers omitted, empties omitted. */
export function buildFields(courier: ApiCourier, values: Values): Record<string, unknown> {
  const types: Record<string, ManualFieldType> = { ...courier.optional, ...courier.required } as Record<string, ManualFieldType>;
  const out: Record<string, unknown> = {};
  for (const [name, type] of Object.entries(types)) {
    const v = values[name];
    if (v === undefined || v === "") continue;
    if (type === "number[3]") {
      const nums = (v as string[]).map((x) => Number.parseFloat(x));
      if ((v as string[]).every((x) => x.trim() !== "") && nums.every(Number.isFinite)) out[name] = nums;
    } else if (type === "integer") {
      const n = Number.parseInt(String(v), 10);
      if (Number.isFinite(n)) out[name] = n;
    } else if (type === "number") {
      const n = Number.parseFloat(String(v));
      if (Number.isFinite(n)) out[name] = n;
    } else if (type === "datetime") {
      const s = String(v);
      out[name] = DATETIME_LOCAL.test(s) && !Number.isNaN(Date.parse(s)) ? new Date(s).toISOString() : s;
    } else if (type === "boolean") {
      out[name] = Boolean(v);
    } else if (type === "string[]") {
      const list = parseTagInput(String(v));
      if (list.length) out[name] = list;
    } else {
      const s = String(v).trim();
      if (s) out[name] = s;
    }
  }
  return out;
}

/** Client messages, in order. */
export function validateManual(courier: ApiCourier | undefined, trackingCode: string, values: Values): string[] {
  if (!courier) return ["Please select a courier."];
  const errors: string[] = [];
  if (!trackingCode.trim()) errors.push("Tracking code is required.");
  const dims = values[DIMENSIONS] as string[] | undefined;
  const dimsRequired = DIMENSIONS in courier.required;
  const dimsTyped = dims?.some((x) => x.trim() !== "");
  if ((dimsRequired || dimsTyped) && !dims?.every((x) => x.trim() !== "" && Number.isFinite(Number.parseFloat(x)))) {
    errors.push(DIMENSIONS_ERROR);
  }
  const fields = buildFields(courier, values);
  for (const name of Object.keys(courier.required)) {
    if (name === DIMENSIONS) continue; // handled above
    if (fields[name] === undefined) errors.push(`Missing required field: ${courier.fieldLabels[name as ManualFieldName] ?? name}`);
  }
  return errors;
}

function FieldInput({ name, type, label, required, value, onChange }: {
  name: string;
  type: ManualFieldType;
  label: string;
  required: boolean;
  value: Values[string] | undefined;
  onChange: (v: Values[string]) => void;
}) {
  const id = `manual-${name}`;
  const text = (value as string | undefined) ?? "";
  const req = required ? <span aria-hidden="true"> *</span> : <span className="muted small"> (optional)</span>;
  if (type === "number[3]") {
    const dims = (value as [string, string, string] | undefined) ?? ["", "", ""];
    return (
      <fieldset className="field dims">
        <legend className="label">
          {label}
          {req}
        </legend>
        <div className="row">
          {(["L", "W", "H"] as const).map((axis, i) => (
            <input
              key={axis}
              className="input dim-input"
              type="number"
              inputMode="decimal"
              min="0"
              step="any"
              aria-label={`${label} ${axis}`}
              placeholder={axis}
              value={dims[i]}
              onChange={(e) => {
                const next = [...dims] as [string, string, string];
                next[i] = e.target.value;
                onChange(next);
              }}
            />
          ))}
        </div>
      </fieldset>
    );
  }
  if (type === "boolean") {
    return (
      <label className="checkbox">
        <input type="checkbox" checked={Boolean(value)} onChange={(e) => onChange(e.target.checked)} /> {label}
      </label>
    );
  }
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {req}
      </label>
      {name === "fromAddress" ? (
        <textarea id={id} className="input" rows={4} value={text} onChange={(e) => onChange(e.target.value)} placeholder={"Name\nAddress lines\nPostcode"} />
      ) : (
        <input
          id={id}
          className="input"
          type={type === "datetime" ? "datetime-local" : type === "integer" || type === "number" ? "number" : "text"}
          step={type === "integer" ? 1 : type === "number" ? "any" : undefined}
          min={type === "integer" || type === "number" ? 0 : undefined}
          value={text}
          aria-required={required}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </div>
  );
}

/** What the last submit did: refused, a new label (1 credit), or a code already in the user's labels (updated for free). */
type Outcome = { kind: "errors"; messages: string[] } | { kind: "saved"; id: string; trackingCode: string; created: boolean } | null;

export function ManualTab({ couriers, credits, onCreated }: { couriers: ApiCourier[] | null; credits: number | null; onCreated?: () => void }) {
  const [courierId, setCourierId] = useState("");
  const [trackingCode, setTrackingCode] = useState("");
  const [values, setValues] = useState<Values>({});
  const [tags, setTags] = useState("");
  const [notes, setNotes] = useState("");
  const [buyerEmail, setBuyerEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const courier = couriers?.find((c) => c.id === courierId);
  const noCredits = credits !== null && credits <= 0;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const errors = validateManual(courier, trackingCode, values);
    if (buyerEmail.trim() && !isBuyerEmail(buyerEmail)) errors.push(BUYER_EMAIL_ERROR);
    if (errors.length || !courier) {
      setOutcome({ kind: "errors", messages: errors });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      const res = await api<{ trackingCode: string; id: string; created?: boolean }>("/api/v1/label/manual", {
        method: "POST",
        body: {
          courier: courier.id,
          trackingCode: trackingCode.trim(),
          fields: buildFields(courier, values),
          tags: parseTagInput(tags),
          notes: notes.trim(),
          ...(buyerEmail.trim() ? { buyerEmail: buyerEmail.trim() } : {}),
        },
      });
      // The server answers 201 for a new code and 200 for one the user has already (its label updated, not charged).
      setOutcome({ kind: "saved", id: res.id, trackingCode: res.trackingCode, created: res.created !== false });
      setTrackingCode("");
      setValues({});
      setBuyerEmail("");
      onCreated?.();
    } catch (err) {
      const body = (err as { body?: { error?: string; message?: string } }).body;
      setOutcome({ kind: "errors", messages: [body?.error || body?.message || errorText(err, "Failed to create label.")] });
    } finally {
      setBusy(false);
    }
  }

  const fields = courier
    ? [
        ...Object.entries(courier.required).map(([n, t]) => ({ name: n, type: t as ManualFieldType, required: true })),
        ...Object.entries(courier.optional).map(([n, t]) => ({ name: n, type: t as ManualFieldType, required: false })),
      ]
    : [];

  return (
    <form className="card stack manual-form" onSubmit={submit} noValidate aria-label="Create a label manually">
      <div className="field">
        <label htmlFor="manual-courier">Courier</label>
        <select id="manual-courier" className="input" value={courierId} onChange={(e) => setCourierId(e.target.value)}>
          <option value="">Select a courier</option>
          {(couriers ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.displayName}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="manual-tracking">Tracking code</label>
        <input
          id="manual-tracking"
          className="input mono"
          value={trackingCode}
          onChange={(e) => setTrackingCode(e.target.value)}
          placeholder={courier?.trackingPlaceholder ?? "Enter tracking code"}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      {fields.length > 0 && (
        <div className="manual-fields">
          {fields.map((f) => (
            <FieldInput
              key={`${courierId}-${f.name}`}
              name={f.name}
              type={f.type}
              required={f.required}
              label={courier?.fieldLabels[f.name as ManualFieldName] ?? f.name}
              value={values[f.name]}
              onChange={(v) => setValues((old) => ({ ...old, [f.name]: v }))}
            />
          ))}
        </div>
      )}
      <div className="field">
        <label htmlFor="manual-tags">Tags</label>
        <input id="manual-tags" className="input" value={tags} onChange={(e) => setTags(e.target.value)} placeholder="e.g. ebay, gifts" aria-describedby="manual-tags-hint" />
        <span id="manual-tags-hint" className="hint">
          Comma-separated.
        </span>
      </div>
      <div className="field">
        <label htmlFor="manual-notes">Notes</label>
        <textarea id="manual-notes" className="input" rows={3} value={notes} onChange={(e) => setNotes(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="manual-buyer-email">
          Buyer's e-mail <span className="muted small">(optional)</span>
        </label>
        <input id="manual-buyer-email" className="input" type="email" autoComplete="off" value={buyerEmail} onChange={(e) => setBuyerEmail(e.target.value)} aria-describedby="manual-buyer-email-hint" />
        <span id="manual-buyer-email-hint" className="hint">
          {BUYER_EMAIL_HINT}
        </span>
      </div>
      <div aria-live="polite">
        {outcome?.kind === "errors" && (
          <div className="alert alert-error" role="alert">
            <ul className="plain-list">
              {outcome.messages.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </div>
        )}
        {outcome?.kind === "saved" &&
          (outcome.created ? (
            <div className="alert alert-success">
              Label <span className="mono">{outcome.trackingCode}</span> created. <Link to={`/label/${outcome.id}`}>View label</Link>
            </div>
          ) : (
            // As an upload of a code the user has says it (UploadQueue): already theirs, updated, not charged.
            <div className="alert alert-info">
              <span className="mono">{outcome.trackingCode}</span> is already in your labels: its details were updated, not charged.{" "}
              <Link to={`/label/${outcome.id}`}>View label</Link>
            </div>
          ))}
      </div>
      <div className="row">
        <button
          type="submit"
          className="btn btn-primary"
          disabled={busy || noCredits}
          title={noCredits ? "You need credits to create labels" : undefined}
          aria-describedby={noCredits ? "manual-no-credits" : undefined}
        >
          {busy ? "Creating…" : "Create Label"}
        </button>
        {/* The title alone shows on hover only: a phone never showed why the button was off. */}
        {noCredits && (
          <p id="manual-no-credits" className="small muted">
            You need credits to create labels.
          </p>
        )}
      </div>
    </form>
  );
}
