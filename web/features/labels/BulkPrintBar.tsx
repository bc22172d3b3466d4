import { useId, useState } from "react";
import { ApiError, errorText } from "../../api/client";
import { MAX_PRINT_LABELS, downloadLabelsFile, leftOutOf, type PrintFormat, type PrintLayout, type PrintOutcome, type PrintSelection } from "./bulkPrintApi";
import { LeftOutList } from "./LeftOutList";
import { DeleteSelectedButton } from "./DeleteLabels";

const LAYOUTS: Array<{ value: PrintLayout; text: string }> = [
  { value: "4x6", text: "4x6 in, one per page (label printer)" },
  { value: "a4-2", text: "A4, 2 per sheet" },
  { value: "a4-4", text: "A4, 4 per sheet" },
];

/**
 * The bar under the list while labels are selected: how many, the layout, and one merged file to download (PDF,
 * or ZPL for Zebra-type printers). Hidden while nothing is selected. After a download it says how many labels the
 * file holds and which were left out and why (the server prints the rest of a selection); when none could be
 * printed, the same list says why.
 */
export function BulkPrintBar({ count, selection, onClear }: { count: number; selection: PrintSelection; onClear: () => void }) {
  const [layout, setLayout] = useState<PrintLayout>("4x6");
  const [busy, setBusy] = useState<PrintFormat | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<PrintOutcome | null>(null);
  const layoutId = useId();
  if (count === 0) return null;
  const tooMany = count > MAX_PRINT_LABELS;

  async function download(format: PrintFormat) {
    setBusy(format);
    setError(null);
    setOutcome(null);
    try {
      setOutcome(await downloadLabelsFile(selection, layout, format));
    } catch (err) {
      const reasons = leftOutOf(err instanceof ApiError ? (err.body as { leftOut?: PrintOutcome["reasons"] } | undefined) : undefined);
      const leftOut = Object.values(reasons).reduce((n, codes) => n + codes.length, 0);
      if (leftOut) setOutcome({ printed: 0, leftOut, reasons });
      else setError(errorText(err, "Failed to download labels"));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="bulk-print-bar" aria-label="Print selected labels">
      <div className="bulk-print-row">
        <strong aria-live="polite">
          {"ids" in selection ? `${count} ${count === 1 ? "label" : "labels"} selected` : `All ${count} matching labels selected`}
        </strong>
        <label className="row small" htmlFor={layoutId} title="ZPL is always one 4x6 in label per format, at 203 dpi">
          PDF layout
          <select id={layoutId} className="input input-sm" value={layout} onChange={(e) => setLayout(e.target.value as PrintLayout)}>
            {LAYOUTS.map((l) => (
              <option key={l.value} value={l.value}>
                {l.text}
              </option>
            ))}
          </select>
        </label>
        <div className="row bulk-print-actions">
          <button type="button" className="btn btn-primary btn-sm" disabled={busy !== null || tooMany} aria-busy={busy === "pdf"} onClick={() => void download("pdf")}>
            {busy === "pdf" ? "Preparing PDF…" : "Download PDF"}
          </button>
          <button type="button" className="btn btn-sm" disabled={busy !== null || tooMany} aria-busy={busy === "zpl"} onClick={() => void download("zpl")}>
            {busy === "zpl" ? "Preparing ZPL…" : "Download ZPL"}
          </button>
          <DeleteSelectedButton count={count} selection={selection} onDeleted={onClear} />
          <button type="button" className="link-button small" onClick={onClear}>
            Clear selection
          </button>
        </div>
      </div>
      {tooMany && <p className="small muted">Print at most {MAX_PRINT_LABELS} labels at once: narrow the filters or select labels.</p>}
      {error && (
        <p className="field-error small" role="alert">
          {error}
        </p>
      )}
      <div role="status" className="small">
        {outcome && outcome.printed > 0 && (
          <p className="bulk-print-outcome">
            {outcome.printed} {outcome.printed === 1 ? "label" : "labels"} in the file{outcome.leftOut > 0 ? `; ${outcome.leftOut} left out:` : "."}
          </p>
        )}
        {outcome && outcome.printed === 0 && (
          <p className="bulk-print-outcome">
            <strong>Nothing to print.</strong> {outcome.leftOut === 1 ? "The label was" : `All ${outcome.leftOut} labels were`} left out:
          </p>
        )}
        {outcome && outcome.leftOut > 0 && <LeftOutList reasons={outcome.reasons} total={outcome.leftOut} />}
      </div>
    </section>
  );
}
