import { useId, useState } from "react";
import { errorText } from "../../api/client";
import { downloadLabelsCsv } from "./labelsApi";

/**
 * 'Export CSV' (or `label`): every label matching the current filters, downloaded as one CSV file. Buyers' e-mails
 * are personal data: their column comes only when ticked.
 */
export function ExportCsvButton({ filters, label = "Export CSV" }: { filters: Record<string, string>; label?: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [buyerEmails, setBuyerEmails] = useState(false);
  const checkboxId = useId();

  async function exportCsv() {
    setBusy(true);
    setError(null);
    try {
      await downloadLabelsCsv(buyerEmails ? { ...filters, columns: "buyer_email" } : filters);
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
      <label className="checkbox small export-buyer-emails" htmlFor={checkboxId}>
        <input id={checkboxId} type="checkbox" checked={buyerEmails} onChange={(e) => setBuyerEmails(e.target.checked)} /> with buyers' e-mails
      </label>
      {error && (
        <p className="field-error small" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
