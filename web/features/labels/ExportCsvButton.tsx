import { useState } from "react";
import { errorText } from "../../api/client";
import { downloadLabelsCsv } from "./labelsApi";

/** 'Export CSV' (or `label`): every label matching the current filters, downloaded as one CSV file. */
export function ExportCsvButton({ filters, label = "Export CSV" }: { filters: Record<string, string>; label?: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function exportCsv() {
    setBusy(true);
    setError(null);
    try {
      await downloadLabelsCsv(filters);
    } catch (err) {
      setError(errorText(err, "Export failed. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="export-csv">
      <button type="button" className="btn" disabled={busy} aria-busy={busy} onClick={() => void exportCsv()}>
        {busy ? "Exporting…" : label}
      </button>
      {error && (
        <p className="field-error small" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
