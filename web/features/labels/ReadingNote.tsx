import { useState } from "react";
import { READING_TEXT } from "./readingTexts";
import type { ApiLabel } from "./types";

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
