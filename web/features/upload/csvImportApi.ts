import { api, apiFetch, saveBlob } from "../../api/client";
import { queryClient } from "../../api/queries";
import type { CsvImportPreview, CsvImportResult } from "../../../worker/api-docs/answers";

// The CSV import calls, over the one API client.

export type { CsvImportPreview, CsvImportResult };

/** The server's limit, checked before sending so a large file is refused at once. */
export const MAX_CSV_BYTES = 1024 * 1024;

/** Downloads the template (its columns come from the courier registry). */
export async function downloadCsvTemplate(): Promise<void> {
  const res = await apiFetch("/api/v1/labels/import/template.csv");
  saveBlob(await res.blob(), "parcelhive-labels-template.csv");
}

const asForm = (file: File) => {
  const form = new FormData();
  form.set("file", file);
  return form;
};

/** What importing `file` would do, row by row; charges nothing. */
export const previewCsvImport = (file: File) => api<CsvImportPreview>("/api/v1/labels/import/preview", { method: "POST", body: asForm(file) });

/** Imports every good row of `file` in one batch; the label list is read again afterwards. */
export async function importCsv(file: File): Promise<CsvImportResult> {
  const result = await api<CsvImportResult>("/api/v1/labels/import", { method: "POST", body: asForm(file) });
  await queryClient.invalidateQueries({ queryKey: ["labels"] });
  return result;
}
