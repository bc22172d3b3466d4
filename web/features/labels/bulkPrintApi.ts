import { apiFetch, saveBlob } from "../../api/client";
import { downloadName } from "./format";

// POST /labels/print: many labels in one file, saved through the browser under the name the server gives.

export type PrintLayout = "4x6" | "a4-2" | "a4-4";
export type PrintFormat = "pdf" | "zpl";

/** The labels to print: these ids, or every label matching the list's filters. */
export type PrintSelection = { ids: string[] } | { filters: Record<string, string> };

/** The largest print the server takes in one file. */
export const MAX_PRINT_LABELS = 500;

export async function downloadLabelsFile(selection: PrintSelection, layout: PrintLayout, format: PrintFormat): Promise<void> {
  const res = await apiFetch("/api/v1/labels/print", { method: "POST", body: { ...selection, layout, format } });
  const mime = format === "pdf" ? "application/pdf" : "text/plain";
  const name = downloadName(res.headers.get("Content-Disposition"), format === "pdf" ? `labels-${layout}.pdf` : "labels.zpl", mime);
  saveBlob(await res.blob(), name);
}
