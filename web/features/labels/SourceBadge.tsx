import type { FieldSource } from "./types";

const TEXTS: Record<FieldSource, string> = {
  barcode: "from barcode",
  text: "read from text",
  ocr: "read by OCR",
  user: "edited by you",
};

/** Where a field of the label came from, so the user knows what to check. */
export function SourceBadge({ source }: { source: FieldSource | null | undefined }) {
  if (!source) return null;
  return <span className={`badge source-badge${source === "user" ? " badge-ok" : ""}`}>{TEXTS[source]}</span>;
}
