import type { Db } from "../db/client";
import { newId } from "../lib/crypto";
import { log } from "../lib/log";
import { deleteQueuedR2Objects } from "../lib/r2-deletions";
import type { UploadedLabel } from "../../shared/label";
import { saveImportedLabels } from "../labels/save";

/**
 * One label file imported for one user, whichever way it came in (POST /api/v1/label, or an attachment
 * mailed to the user's import address). The file is read first (nothing is stored for a file that is
 * refused: an ImportError with its status and reason), then the original goes to R2, then the labels,
 * the label_files row and the debit (1 credit per new tracking code) are saved in one batch; if that
 * fails (402 when credits are short) the R2 object is deleted again. A label that was the user's already is pointed
 * at the new file; an older original no label uses any more is deleted (row and R2 object). Image-only labels are saved with
 * what their barcodes give and their OCR is queued.
 */

export interface LabelFileUpload {
  userId: number;
  bytes: Uint8Array;
  /** The name the sender gave the file (cleaned here). */
  name: string;
  notes?: string;
  /** What the log line names as the request (a request id, or the inbound mail). */
  logContext?: Record<string, unknown>;
}

export function cleanFileName(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this strips from a file name
  const base = name.replace(/[\u0000-\u001f\u007f/\\]/g, "_").trim().slice(-200);
  return base || "label";
}

export async function importLabelUpload(db: Db, env: Pick<Env, "FILES" | "JOBS">, upload: LabelFileUpload): Promise<UploadedLabel[]> {
  const { userId, bytes } = upload;
  // The label readers (PDFium, zxing, pdf.js, OCR) load on the import path only, so every other
  // request starts a worker without evaluating them.
  const { importLabelFile } = await import("./pipeline");
  const { queueLabelOcr } = await import("./ocr-job");
  const result = await importLabelFile(bytes);

  const fileId = newId("file");
  const r2Key = `labels/${userId}/${fileId}`;
  const name = cleanFileName(upload.name);
  await env.FILES.put(r2Key, bytes, {
    httpMetadata: { contentType: result.mime },
    customMetadata: { userId: String(userId), name },
  });
  let saved: UploadedLabel[];
  try {
    saved = await saveImportedLabels(db, env, {
      userId,
      file: { id: fileId, r2Key, name, mime: result.mime, size: bytes.length, pages: result.pages },
      labels: result.labels.map((l) => ({ page: l.page, details: l.details, ocrPending: l.ocrPending })),
      notes: upload.notes,
    });
    log("info", "label import", {
      ...upload.logContext,
      userId,
      kind: result.kind,
      pages: result.pages,
      labels: saved.length,
      ocrPending: saved.filter((l) => l.ocrStatus === "pending").length,
      skippedPages: result.skippedPages,
    });
  } catch (err) {
    await env.FILES.delete(r2Key).catch((e) => log("error", "orphan R2 object", { r2Key, error: String(e) }));
    throw err;
  }
  // Saved and paid for: from here on the import stands whatever the queue or R2 does. An original this upload left
  // without a label (its labels now point at this file) was queued for deletion in the save's own transaction.
  await deleteQueuedR2Objects(db, env.FILES, userId).catch((e) => log("warn", "r2 deletions left for the cron", { error: String(e) }));
  return queueLabelOcr(db, env, saved);
}
