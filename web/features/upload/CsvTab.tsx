import { useId, useRef, useState, type DragEvent } from "react";
import { Link } from "react-router";
import { errorText } from "../../api/client";
import { useCouriers } from "../labels/labelsApi";
import { downloadCsvTemplate, importCsv, MAX_CSV_BYTES, previewCsvImport, type CsvImportPreview, type CsvImportResult } from "./csvImportApi";

// The CSV tab of /upload: template, file, a preview with each row's errors (nothing charged), then one import.

type State =
  | { step: "idle" }
  | { step: "previewing"; file: File }
  | { step: "preview"; file: File; preview: CsvImportPreview }
  | { step: "importing"; file: File; preview: CsvImportPreview }
  | { step: "done"; result: CsvImportResult }
  | { step: "error"; message: string; file?: File; preview?: CsvImportPreview };

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const STATUS_TEXT = { new: "New (1 credit)", update: "Update (free)", error: "Error" } as const;

function PreviewTable({ preview, fileName }: { preview: CsvImportPreview; fileName: string }) {
  // A good row carries the courier's id: show its name; a refused one shows what the file said.
  const couriers = useCouriers().data;
  const courierName = (id: string) => couriers?.find((c) => c.id === id)?.displayName ?? id;
  return (
    <div className="table-wrap csv-preview" role="region" aria-label="Preview" tabIndex={0}>
      <table className="table">
        <caption className="muted small">Preview of {fileName}: each row as it would be imported</caption>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Tracking code</th>
            <th scope="col">Courier</th>
            <th scope="col">Result</th>
          </tr>
        </thead>
        <tbody>
          {preview.rows.map((r) => (
            <tr key={r.line} className={r.status === "error" ? "csv-row-error" : undefined}>
              <td data-label="Line">{r.line}</td>
              <td data-label="Tracking code" className="mono">
                {r.trackingCode || "—"}
              </td>
              <td data-label="Courier">{r.courier ? courierName(r.courier) : "—"}</td>
              <td data-label="Result" className="csv-result-cell">
                <span className={`badge ${r.status === "error" ? "badge-err" : r.status === "new" ? "badge-ok" : ""}`}>{STATUS_TEXT[r.status]}</span>
                {r.errors.length > 0 && (
                  <ul className="csv-errors">
                    {r.errors.map((e) => (
                      <li key={e}>{e}</li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function CsvTab({ credits, onImported }: { credits: number | null; onImported?: () => void }) {
  const [state, setState] = useState<State>({ step: "idle" });
  const [over, setOver] = useState(false);
  const [templateError, setTemplateError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();

  async function choose(file: File | undefined) {
    if (!file) return;
    if (file.size > MAX_CSV_BYTES) {
      setState({ step: "error", message: "The CSV file must be 1 MB or smaller." });
      return;
    }
    setState({ step: "previewing", file });
    try {
      setState({ step: "preview", file, preview: await previewCsvImport(file) });
    } catch (err) {
      setState({ step: "error", message: errorText(err, "Could not read the file.") });
    }
  }

  async function runImport(file: File, preview: CsvImportPreview) {
    setState({ step: "importing", file, preview });
    try {
      setState({ step: "done", result: await importCsv(file) });
      onImported?.();
    } catch (err) {
      setState({ step: "error", message: errorText(err, "Import failed. Please try again."), file, preview });
    }
  }

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void choose(e.dataTransfer.files[0]);
  };

  const shown = state.step === "preview" || state.step === "importing" || (state.step === "error" && state.preview) ? state : null;
  const good = shown?.preview ? shown.preview.new + shown.preview.update : 0;
  const cost = shown?.preview?.credits ?? 0;
  const short = credits !== null && cost > credits;

  return (
    <div className="csv-tab">
      <section className="card">
        <p>
          One row per label: its tracking code, its courier and the courier's fields, as on the Manual tab. New tracking codes cost 1 credit each;
          codes you already have are updated for free. You see every row's result before anything is charged.
        </p>
        <button
          type="button"
          className="btn"
          onClick={() => {
            setTemplateError(null);
            downloadCsvTemplate().catch((err: unknown) => setTemplateError(errorText(err, "Could not download the template.")));
          }}
        >
          Download template
        </button>
        {templateError && (
          <p className="field-error" role="alert">
            {templateError}
          </p>
        )}
      </section>

      <div
        className={`dropzone${over ? " dropzone-over" : ""}`}
        data-testid="csv-dropzone"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <p className="dropzone-text">Drop a CSV file here, or choose it.</p>
        <p className="muted small" id={hintId}>
          CSV (comma or semicolon separated, UTF-8), up to 1 MB and 1,000 rows.
        </p>
        <button type="button" className="btn btn-primary" aria-describedby={hintId} disabled={state.step === "previewing" || state.step === "importing"} onClick={() => input.current?.click()}>
          Choose CSV file
        </button>
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          hidden
          data-testid="csv-input"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = "";
            void choose(file);
          }}
        />
      </div>

      <div aria-live="polite">
        {state.step === "previewing" && <p className="muted">Reading {state.file.name}…</p>}
        {state.step === "done" && (
          <div className="alert alert-info csv-result" role="status">
            <p>
              Imported {plural(state.result.imported, "label")}: {state.result.new} new, {state.result.update} updated; {plural(state.result.credits, "credit")} used.
              {state.result.error > 0 && ` ${plural(state.result.error, "row")} with errors skipped.`}
            </p>
            <Link to="/labels" className="btn btn-primary">
              Go to Labels
            </Link>
          </div>
        )}
      </div>
      {state.step === "error" && (
        <div className="card alert-error" role="alert">
          {state.message}
        </div>
      )}

      {shown?.preview && (
        <section className="csv-preview-section" aria-label="Import preview">
          <p className="csv-summary">
            {plural(shown.preview.total, "row")}: {shown.preview.new} new, {shown.preview.update} {shown.preview.update === 1 ? "update" : "updates"},{" "}
            {shown.preview.error} with errors. Nothing is charged until you import.
          </p>
          <button
            type="button"
            className="btn btn-primary"
            disabled={good === 0 || short || state.step === "importing"}
            title={short ? `You need ${cost} credits to import these labels` : undefined}
            onClick={() => shown.file && void runImport(shown.file, shown.preview!)}
          >
            {state.step === "importing" ? "Importing…" : `Import ${plural(good, "label")} (costs ${plural(cost, "credit")})`}
          </button>
          {short && (
            <p className="field-error">
              You need {plural(cost, "credit")} for the new labels and have {credits}.
            </p>
          )}
          <PreviewTable preview={shown.preview} fileName={shown.file?.name ?? "the file"} />
        </section>
      )}
    </div>
  );
}
