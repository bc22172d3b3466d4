import { apiFetch, saveBlob } from "../../api/client";
import { LEFT_OUT_HEADER, LEFT_OUT_REASONS_HEADER, PRINTED_HEADER, type LeftOutByReason } from "../../../shared/left-out";
import { downloadName } from "./format";

// POST /labels/print: many labels in one file, saved through the browser under the name the server gives.

export type PrintLayout = "4x6" | "a4-2" | "a4-4";
export type PrintFormat = "pdf" | "zpl";

/** The labels to print: these ids, or every label matching the list's filters. */
export type PrintSelection = { ids: string[] } | { filters: Record<string, string> };

/** The largest print the server takes in one file. */
export const MAX_PRINT_LABELS = 500;

/** What a print held and left out (its codes by reason; `leftOut` counts them all, named or not). */
export interface PrintOutcome {
  printed: number;
  leftOut: number;
  reasons: LeftOutByReason;
}

/** The labels an answer names as left out: its headers, or a 400's body when nothing could be printed. */
export function leftOutOf(source: Headers | { leftOut?: LeftOutByReason } | undefined): LeftOutByReason {
  if (source instanceof Headers) {
    try {
      return JSON.parse(source.get(LEFT_OUT_REASONS_HEADER) ?? "{}") as LeftOutByReason;
    } catch {
      return {};
    }
  }
  return source?.leftOut ?? {};
}

/** The print request's answer as a file: `label` names the file when the server gives no name. */
export async function fetchLabelsFile(selection: PrintSelection, layout: PrintLayout, format: PrintFormat): Promise<{ blob: Blob; name: string; outcome: PrintOutcome }> {
  const res = await apiFetch("/api/v1/labels/print", { method: "POST", body: { ...selection, layout, format } });
  const mime = format === "pdf" ? "application/pdf" : "text/plain";
  const name = downloadName(res.headers.get("Content-Disposition"), format === "pdf" ? `labels-${layout}.pdf` : "labels.zpl", mime);
  const outcome = {
    printed: Number(res.headers.get(PRINTED_HEADER) ?? 0),
    leftOut: Number(res.headers.get(LEFT_OUT_HEADER) ?? 0),
    reasons: leftOutOf(res.headers),
  };
  return { blob: await res.blob(), name, outcome };
}

export async function downloadLabelsFile(selection: PrintSelection, layout: PrintLayout, format: PrintFormat): Promise<PrintOutcome> {
  const { blob, name, outcome } = await fetchLabelsFile(selection, layout, format);
  saveBlob(blob, name);
  return outcome;
}
