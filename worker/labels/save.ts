import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../db/client";
import { inValueList } from "../db/d1-limits";
import { labelFiles, labels, type LabelRow } from "../db/schema";
import { newId } from "../lib/crypto";
import { ApiError } from "../lib/errors";
import { enqueueMany } from "../lib/jobs";
import { log } from "../lib/log";
import { ukDayOf } from "../../shared/uk-calendar";
import { normaliseTrackingCode } from "../couriers/registry";
import { queueWebhookEvents } from "../webhooks/events";
import { debitWith, isInsufficientCredits } from "../credits/credits";
import { editedActionWindow } from "../deadlines/action-window";
import { courierKey } from "../../shared/courier-key";
import type { ApiLabel, LabelDetails, UploadedLabel } from "../../shared/label";
import { cleanTags, tagStatements } from "./notes-and-tags";
import { queueOrderMatch } from "./order-link";
import { getLabel, labelsByIds } from "./read";
import { normaliseAddress, parseJson } from "./serialise";

/**
 * The one save path of labels, for manual creation and file import alike: each tracking code is looked up among
 * the user's labels; a known one has its details merged and is updated for free, a new one is inserted and paid
 * with one credit in the same batch. Two saves of one new code at once: the loser's batch hits the unique index,
 * is rolled back whole (debit included) and is run once more, now as an update.
 */

type Batch = BatchItem<"sqlite">[];
type LabelColumns = Partial<typeof labels.$inferInsert>;

/** Details as stored: normalised code and courier, GB default, postcodes normalised, no tracking. */
function storedDetails(d: LabelDetails): LabelDetails {
  const { tracking: _tracking, ...rest } = d;
  return {
    ...rest,
    courier: courierKey(d.courier),
    trackingCode: normaliseTrackingCode(d.trackingCode),
    countryCode: d.countryCode || "GB",
    address: normaliseAddress(d.address),
    fromAddress: normaliseAddress(d.fromAddress),
    sendAddress: normaliseAddress(d.sendAddress),
    returnAddress: normaliseAddress(d.returnAddress),
  };
}

/** New values win; a value the newer reading lacks (null/undefined) keeps the older one. */
function mergeDetails(old: LabelDetails, next: LabelDetails): LabelDetails {
  const merged: Record<string, unknown> = { ...old };
  for (const [k, v] of Object.entries(next)) if (v !== null && v !== undefined) merged[k] = v;
  return merged as unknown as LabelDetails;
}

/** The analytics columns that mirror the details. */
function mirrorColumns(d: LabelDetails, createdAt: number) {
  const shipped = d.shippingLabelCreatedAt ?? d.date;
  const shippedMs = shipped ? Date.parse(shipped) : NaN;
  return {
    courier: d.courier,
    shippedOn: ukDayOf(Number.isNaN(shippedMs) ? createdAt : shippedMs),
    weightGrams: typeof d.weightInGrams === "number" ? Math.round(d.weightInGrams) : null,
    isNextDay: typeof d.isNextDay === "boolean" ? d.isNextDay : null,
  };
}

/** The columns of a stored label whose details become `details`: the details, their mirrors, its deadlines' window. */
function detailColumns(old: LabelRow, details: LabelDetails) {
  return { detailsJson: JSON.stringify(details), ...mirrorColumns(details, old.createdAt), ...editedActionWindow(old, details) };
}

const isUniqueConflict = (err: unknown) => {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if (/UNIQUE constraint failed: labels\.(user_id|tracking_code)/.test(String((e as Error).message ?? e))) return true;
  }
  return false;
};

async function enqueueTracking(env: Pick<Env, "JOBS">, db: Db, labelIds: string[]) {
  if (!labelIds.length) return;
  try {
    await enqueueMany(env, db, labelIds.map((labelId) => ({ type: "tracking.refresh", labelId })));
  } catch (err) {
    // The label is saved and paid for; cron picks up labels whose first fetch never ran.
    log("warn", "could not enqueue tracking", { labelIds, error: String(err) });
  }
}

/** One label to save, its details as stored (one entry per tracking code). */
interface LabelToSave {
  details: LabelDetails;
  /** Columns a new label gets besides its details. */
  insert: LabelColumns;
  /** Columns the user's label of that code gets besides its merged details. */
  update: LabelColumns;
  /** Statements saved with the label (its tags). */
  withLabel?: (labelId: string, isNew: boolean) => Batch;
}

interface LabelSave {
  userId: number;
  source: "manual" | "upload";
  labels: LabelToSave[];
  /** Statements saved first, in the same batch (the imported file's row). */
  before?: (now: number) => Batch;
  /** The 402 to answer when the credits do not cover the new labels (default: the ledger's). */
  insufficientCredits?: (needed: number) => ApiError;
}

/** Saves the labels in ONE batch; answers their ids in order, and the ids of the new ones. */
async function saveLabels(db: Db, env: Pick<Env, "JOBS">, save: LabelSave): Promise<{ ids: string[]; newIds: string[] }> {
  for (let attempt = 0; ; attempt++) {
    try {
      const saved = await writeLabels(db, save);
      await enqueueTracking(env, db, saved.newIds);
      await queueOrderMatch(env, db, save.userId, saved.ids);
      const created = new Set(saved.newIds);
      const events = saved.ids.map((labelId) => ({ type: created.has(labelId) ? ("label.created" as const) : ("label.updated" as const), labelId }));
      await queueWebhookEvents(env, db, save.userId, events);
      return saved;
    } catch (err) {
      if (attempt === 0 && isUniqueConflict(err)) continue;
      throw err;
    }
  }
}

async function writeLabels(db: Db, save: LabelSave): Promise<{ ids: string[]; newIds: string[] }> {
  const { userId } = save;
  const codes = save.labels.map((l) => l.details.trackingCode);
  const existing = codes.length
    ? await db.select().from(labels).where(and(eq(labels.userId, userId), inValueList(labels.trackingCode, codes)))
    : [];
  const existingByCode = new Map(existing.map((r) => [r.trackingCode, r]));
  const now = Date.now();
  const statements: Batch = save.before ? save.before(now) : [];
  const ids: string[] = [];
  const newIds: string[] = [];

  for (const l of save.labels) {
    const old = existingByCode.get(l.details.trackingCode);
    if (old) {
      const merged = mergeDetails(parseJson<LabelDetails>(old.detailsJson, l.details), l.details);
      statements.push(
        db
          .update(labels)
          // A re-imported label may bring its service or printed date: its deadlines follow.
          .set({ ...detailColumns(old, merged), ...l.update, updatedAt: now })
          .where(eq(labels.id, old.id)),
        ...(l.withLabel?.(old.id, false) ?? []),
      );
      ids.push(old.id);
    } else {
      const id = newId("lbl");
      statements.push(
        db.insert(labels).values({
          ...l.insert,
          id,
          userId,
          trackingCode: l.details.trackingCode,
          detailsJson: JSON.stringify(l.details),
          source: save.source,
          ...mirrorColumns(l.details, now),
          createdAt: now,
          // Due for its first tracking fetch now: the cron picks it up even if the enqueue fails.
          nextTrackingAt: now,
          updatedAt: now,
        }),
        ...(l.withLabel?.(id, true) ?? []),
      );
      ids.push(id);
      newIds.push(id);
    }
  }

  if (!newIds.length) {
    await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    return { ids, newIds };
  }
  try {
    await debitWith(db, { userId, labelIds: newIds }, statements);
  } catch (err) {
    const refused = (err instanceof ApiError && err.status === 402) || isInsufficientCredits(err);
    if (refused && save.insufficientCredits) throw save.insufficientCredits(newIds.length);
    throw err;
  }
  return { ids, newIds };
}

// ---------------------------------------------------------------------------------------------
// Manual creation

export interface ManualLabelInput {
  details: LabelDetails;
  tags?: string[];
  notes?: string;
  /** The buyer's e-mail (checked and lowercased by the caller's schema); given, it replaces the label's. */
  buyerEmail?: string;
}

/** A manual label as the save path takes it: notes and tags replace the label's own when given. */
function manualLabelToSave(db: Db, userId: number, input: ManualLabelInput): LabelToSave {
  const tags = input.tags ? cleanTags(input.tags) : undefined;
  const notes = input.notes?.trim();
  const buyer = input.buyerEmail ? { buyerEmail: input.buyerEmail } : {};
  return {
    details: storedDetails(input.details),
    insert: { notes: notes ?? "", tagsJson: JSON.stringify(tags ?? []), ...buyer },
    update: { ...(notes !== undefined ? { notes } : {}), ...(tags !== undefined ? { tagsJson: JSON.stringify(tags) } : {}), ...buyer },
    // Given tags go in place of the label's old ones.
    withLabel: (id, isNew) => (tags === undefined ? [] : tagStatements(db, id, userId, tags, !isNew)),
  };
}

/**
 * Creates a label by hand for one credit, or updates the user's label with that tracking code for free (notes
 * and tags replaced when given).
 */
export async function createManualLabel(
  db: Db,
  env: Pick<Env, "JOBS">,
  userId: number,
  input: ManualLabelInput,
): Promise<{ label: ApiLabel; created: boolean }> {
  const { ids, newIds } = await saveLabels(db, env, {
    userId,
    source: "manual",
    labels: [manualLabelToSave(db, userId, input)],
  });
  return { label: (await getLabel(db, userId, ids[0]))!, created: newIds.length > 0 };
}

/**
 * Creates or updates many manual labels (one per tracking code) in ONE batch, as a CSV import does: one credit
 * per new code, existing codes updated for free; with too few credits nothing is written (402).
 */
export async function createManualLabels(
  db: Db,
  env: Pick<Env, "JOBS">,
  userId: number,
  inputs: ManualLabelInput[],
): Promise<{ ids: string[]; newIds: string[] }> {
  return saveLabels(db, env, {
    userId,
    source: "manual",
    insufficientCredits: (needed) => new ApiError(402, `You need ${needed} credits to import these labels`),
    labels: inputs.map((input) => manualLabelToSave(db, userId, input)),
  });
}

// ---------------------------------------------------------------------------------------------
// Import (used by POST /api/v1/label, worker/label-import/routes.ts)

export interface ImportedFile {
  id: string;
  r2Key: string;
  name: string;
  mime: string;
  size: number;
  pages: number;
}

export interface ImportedLabel {
  page: number;
  details: LabelDetails;
  ocrPending: boolean;
}

/**
 * Saves one imported file and its labels in ONE batch: the label_files row, a debit of one credit
 * per tracking code that is new for the user, the new labels, and the existing ones updated (details
 * merged, notes and tags kept, pointed at this file). With too few credits nothing is stored (402).
 * Repeated codes inside the file count once. Answers the saved labels, one per tracking code, each saying whether
 * it is new (paid for) or was already the user's (updated for free).
 */
export async function saveImportedLabels(
  db: Db,
  env: Pick<Env, "JOBS">,
  input: { userId: number; file: ImportedFile; labels: ImportedLabel[]; notes?: string },
): Promise<UploadedLabel[]> {
  const { userId, file } = input;
  const notes = input.notes?.trim() ?? "";

  // One entry per tracking code, in page order; later readings of a code merge into the first.
  const byCode = new Map<string, ImportedLabel>();
  for (const l of input.labels) {
    const details = storedDetails(l.details);
    const seen = byCode.get(details.trackingCode);
    if (seen) byCode.set(details.trackingCode, { ...seen, details: mergeDetails(seen.details, details), ocrPending: seen.ocrPending || l.ocrPending });
    else byCode.set(details.trackingCode, { ...l, details });
  }

  const { ids, newIds } = await saveLabels(db, env, {
    userId,
    source: "upload",
    before: (now) => [db.insert(labelFiles).values({ ...file, userId, createdAt: now })],
    // The file's count, even for one label.
    insufficientCredits: (needed) => new ApiError(402, `You need ${needed} credits to process this file`),
    labels: [...byCode.values()].map((l) => {
      const onFile = { fileId: file.id, filePage: l.page, ocrStatus: l.ocrPending ? ("pending" as const) : ("done" as const) };
      return { details: l.details, insert: { notes, ...onFile }, update: onFile };
    }),
  });
  return (await labelsByIds(db, userId, ids)).map((l) => ({ ...l, created: newIds.includes(l.id) }));
}

// ---------------------------------------------------------------------------------------------
// A reading that ends after its label was saved: the OCR of an image-only label (label-import/ocr-job.ts), which
// the import answered at once with what the barcodes gave and ocrStatus 'pending'. Its outcome is written as every
// save is (details as stored, their mirrored columns, the action window; the search index follows through its
// triggers) and sent as `label.updated`.

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
      // The recipient read from the image may be an order's.
      if (details) await queueOrderMatch(env, db, row.userId, [row.id]);
      return true;
    }
    row = await db.query.labels.findFirst({ where: eq(labels.id, row.id) });
  }
}

/**
 * Saves the seller's correction of a label (labels/corrections.ts): its details as corrected with their mirrored
 * columns and action window, `columns` beside them and `also` in the same batch; sends `label.updated`.
 */
export async function saveLabelCorrection(db: Db, env: Pick<Env, "JOBS">, row: LabelRow, details: LabelDetails, columns: LabelColumns, also: Batch = []): Promise<void> {
  const now = Date.now();
  await db.batch([db.update(labels).set({ ...detailColumns(row, details), ...columns, updatedAt: now }).where(eq(labels.id, row.id)), ...also]);
  await queueWebhookEvents(env, db, row.userId, [{ type: "label.updated", labelId: row.id }], now);
  // A corrected recipient may now be an order's (a label linked already keeps its order).
  await queueOrderMatch(env, db, row.userId, [row.id]);
}
