import { useState } from "react";
import type { ApiLabel } from "./types";

/** What the label page says of its image's reading by OCR (worker/label-import/ocr-job.ts), in one place. */
export const READING_TEXT = {
  pending: "Reading label…",
  done: "Label read: its details are filled in below.",
  failed: "This label could not be read in full. Use Edit details to add what is missing.",
} as const;

/**
 * The label page's note on its image's reading: 'Reading label…' while the queue reads it (the page asks for the
 * label again meanwhile: labelsApi.ts useLabel), then, when it ends while the page is open, how it ended. One status
 * region throughout, whose text changes in place, so a screen reader announces the outcome as it arrives.
 */
export function ReadingNote({ status }: { status: ApiLabel["ocrStatus"] }) {
  const [watched, setWatched] = useState(status === "pending");
  if (status === "pending" && !watched) setWatched(true);
  if (!watched) return null;
  const [tone, text] =
    status === "pending" ? ["alert-info", READING_TEXT.pending] : status === "failed" ? ["alert-warning", READING_TEXT.failed] : ["alert-success", READING_TEXT.done];
  return (
    <div className={`alert ${tone}`} role="status">
      {text}
    </div>
  );
}
