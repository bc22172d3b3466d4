import type { ApiLabel } from "./types";

/** What the screens say of a label's image being read by OCR (worker/label-import/ocr-job.ts), in one place. */
export const READING_TEXT = {
  pending: "Reading label…",
  done: "Label read: its details are filled in below.",
  failed: "This label could not be read in full. Use Edit details to add what is missing.",
  /** An address (or a list's recipient) the reading may still find, in place of 'Not on this label.'. */
  field: "Being read…",
} as const;

/** Whether the label's image is still being read: what it lacks may yet be found. */
export const isBeingRead = (label: Pick<ApiLabel, "ocrStatus">) => label.ocrStatus === "pending";

/** An empty address's text on a label: 'Being read…' while its image is read, else the card's own ('Not on this label.'). */
export const unreadText = (label: Pick<ApiLabel, "ocrStatus">) => (isBeingRead(label) ? READING_TEXT.field : undefined);
