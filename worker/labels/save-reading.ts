import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { labels, type LabelRow } from "../db/schema";
import { queueWebhookEvents } from "../webhooks/events";
import type { LabelDetails } from "./model";
import { detailColumns, storedDetails } from "./save";
import { parseJson } from "./serialise";

/**
 * The save path's part for a reading that ends after its label was saved: the OCR of an image-only label
 * (label-import/ocr-job.ts), which the import answered at once with what the barcodes gave and ocrStatus 'pending'.
 * Its outcome is written as every save is (details as stored, their mirrored columns, the action window; the search
 * index follows through its triggers) and sent as `label.updated`.
 */

/** Merges what the reading found into the label's details as they are when written. */
export type FillFromReading = (details: LabelDetails) => LabelDetails;

/** Times the label is read again when it changed between its read and its write, before the job is retried. */
const ATTEMPTS = 3;

/**
 * Stores the reading of `first`'s file: its details filled by `fill` and ocrStatus 'done', or with no `fill` (nothing
 * read) 'failed' with the details untouched. Only a label still waiting for the reading of that file is written:
 * one deleted meanwhile, pointed at another file (whose own reading is queued), or already read (a redelivered queue
 * message) is left alone and sends nothing. The write holds only while the label is as it was read; a change
 * meanwhile (the seller's correction, an import of the same code) is read again and the merge redone over it, so
 * what the seller set wins. Answers whether the label was written; throws (the queue retries) when it kept changing.
 */
export async function saveLabelReading(db: Db, env: Pick<Env, "JOBS">, first: LabelRow, fill: FillFromReading | null): Promise<boolean> {
  let row: LabelRow | undefined = first;
  for (let attempt = 0; ; attempt++) {
    if (row?.ocrStatus !== "pending" || row.fileId !== first.fileId) return false;
    if (attempt === ATTEMPTS) throw new Error(`label ${first.id} kept changing while its reading was saved`);
    // Later than the row's own time, so a list sorted by last update moves the label up even within one millisecond.
    const now = Math.max(Date.now(), row.updatedAt + 1);
    const known = parseJson<LabelDetails>(row.detailsJson, { courier: row.courier, trackingCode: row.trackingCode, countryCode: "GB" });
    const details = fill && storedDetails(fill(known));
    const written = await db
      .update(labels)
      .set({ ...(details ? detailColumns(row, details) : {}), ocrStatus: details ? "done" : "failed", updatedAt: now })
      .where(and(eq(labels.id, row.id), eq(labels.ocrStatus, "pending"), eq(labels.updatedAt, row.updatedAt)))
      .returning({ id: labels.id });
    if (written.length) {
      await queueWebhookEvents(env, db, row.userId, [{ type: "label.updated", labelId: row.id }], now);
      return true;
    }
    row = await db.query.labels.findFirst({ where: eq(labels.id, row.id) });
  }
}
