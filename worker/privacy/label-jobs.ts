import { and, asc, eq, gt, lte, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { deletedLabels, labelJobs, labels } from "../db/schema";
import { newId } from "../lib/crypto";
import { enqueue } from "../lib/jobs";
import { labelListFilterSchema, termConditions, type LabelListFilters } from "../labels/filters";
import { listTerms } from "../labels/list-query";
import { TRASH_CHUNK } from "../labels/trash";
import { deleteLabels, purgeLabels, restoreLabels, type DeletionEnv } from "./label-deletion";
import type { ApiLabelJob } from "./model";

/**
 * Deleting, restoring or purging more labels than one request handles (the labels list's 'everything matching the
 * filters', Recently deleted's 'Restore all' and 'Delete all now'): the request writes a `label_jobs` row and queues
 * `labels.job`; each queue message works CHUNKS_PER_MESSAGE chunks of TRASH_CHUNK labels (each chunk a handful of
 * D1 queries: well inside 1,000 queries an invocation, one bound JSON list a query) and queues itself again until none
 * is left. A message that dies is retried and goes on from what is left: deleted labels are no longer in `labels`, a
 * restore goes on after its cursor. The set is the one asked for: labels created after the request (`as_of`) are never
 * taken, deleted labels deleted after it never restored or purged.
 */

/** More than this many labels asked at once go through the queue; fewer are done in the request. */
export const LABELS_IN_REQUEST = 500;
const CHUNKS_PER_MESSAGE = 20;

type LabelJobRow = typeof labelJobs.$inferSelect;

const selectionSchema = z.object({ filters: labelListFilterSchema.optional() });

const answer = (row: LabelJobRow): ApiLabelJob => ({
  id: row.id,
  kind: row.kind,
  total: row.total,
  done: row.done,
  status: row.status,
  createdAt: new Date(row.createdAt).toISOString(),
});

/** The labels a delete by filters takes: matching them, created by the request. */
const matching = async (db: Db, userId: number, filters: LabelListFilters, asOf: number) =>
  and(...termConditions(userId, await listTerms(db, userId, filters)), lte(labels.createdAt, asOf));

/** How many of the user's labels match the filters (and were created by `asOf`). */
export async function countMatching(db: Db, userId: number, filters: LabelListFilters, asOf: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(labels).where(await matching(db, userId, filters, asOf));
  return Number(row?.n ?? 0);
}

/** The first chunk of matching labels' ids (the ones a request deletes itself). */
export async function matchingIds(db: Db, userId: number, filters: LabelListFilters, asOf: number, limit = TRASH_CHUNK): Promise<string[]> {
  return (await db.select({ id: labels.id }).from(labels).where(await matching(db, userId, filters, asOf)).limit(limit)).map((r) => r.id);
}

/** The user's deleted labels a restore or purge of all of them takes, after `cursor` (label ids in order). */
async function deletedIds(db: Db, userId: number, asOf: number, cursor: string | null, now: number, restorable: boolean): Promise<string[]> {
  const conds = [eq(deletedLabels.userId, userId), lte(deletedLabels.deletedAt, asOf)];
  if (cursor) conds.push(gt(deletedLabels.labelId, cursor));
  if (restorable) conds.push(gt(deletedLabels.purgeAt, now));
  return (await db.select({ id: deletedLabels.labelId }).from(deletedLabels).where(and(...conds)).orderBy(asc(deletedLabels.labelId)).limit(TRASH_CHUNK)).map((r) => r.id);
}

/** How many recently deleted labels the user has (deleted by `asOf`). */
export async function countDeleted(db: Db, userId: number, asOf: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(deletedLabels).where(and(eq(deletedLabels.userId, userId), lte(deletedLabels.deletedAt, asOf)));
  return Number(row?.n ?? 0);
}

/** Writes the job and queues its first message. */
export async function startLabelJob(
  env: Pick<Env, "JOBS">,
  db: Db,
  userId: number,
  job: { kind: LabelJobRow["kind"]; filters?: LabelListFilters; total: number; asOf: number },
): Promise<ApiLabelJob> {
  const [row] = await db
    .insert(labelJobs)
    .values({ id: newId("job"), userId, kind: job.kind, selectionJson: JSON.stringify({ filters: job.filters }), asOf: job.asOf, total: job.total, createdAt: job.asOf, updatedAt: job.asOf })
    .returning();
  await enqueue(env, db, { type: "labels.job", jobId: row.id });
  return answer(row);
}

/** The user's job, or null (another user's is not theirs to see). */
export async function readLabelJob(db: Db, userId: number, jobId: string): Promise<ApiLabelJob | null> {
  const row = await db.query.labelJobs.findFirst({ where: and(eq(labelJobs.id, jobId), eq(labelJobs.userId, userId)) });
  return row ? answer(row) : null;
}

/** One chunk of the job: how many labels it handled, the cursor after it, and whether anything was left to look at. */
async function runChunk(env: DeletionEnv, db: Db, job: LabelJobRow, cursor: string | null, now: number): Promise<{ done: number; cursor: string | null; more: boolean }> {
  if (job.kind === "delete") {
    const { filters = {} } = selectionSchema.parse(JSON.parse(job.selectionJson));
    const ids = await matchingIds(db, job.userId, filters, job.asOf);
    return { done: ids.length ? await deleteLabels(env, db, job.userId, ids, now) : 0, cursor, more: ids.length > 0 };
  }
  const ids = await deletedIds(db, job.userId, job.asOf, job.kind === "restore" ? cursor : null, now, job.kind === "restore");
  if (!ids.length) return { done: 0, cursor, more: false };
  if (job.kind === "purge") return { done: await purgeLabels(env, db, ids), cursor, more: true };
  const { restored } = await restoreLabels(env, db, job.userId, ids, now);
  return { done: restored.length, cursor: ids.at(-1)!, more: true };
}

/** The `labels.job` queue message: the next chunks of the job, then the next message or the end. */
export async function runLabelJob(env: DeletionEnv, db: Db, jobId: string, now = Date.now()): Promise<void> {
  const job = await db.query.labelJobs.findFirst({ where: eq(labelJobs.id, jobId) });
  if (!job || job.status === "done") return;
  let cursor = job.cursor;
  for (let i = 0; i < CHUNKS_PER_MESSAGE; i++) {
    const step = await runChunk(env, db, job, cursor, now);
    cursor = step.cursor;
    const status = step.more ? "running" : "done";
    await db
      .update(labelJobs)
      .set({ done: sql`min(${labelJobs.total}, ${labelJobs.done} + ${step.done})`, cursor, status, updatedAt: Date.now() })
      .where(eq(labelJobs.id, job.id));
    if (!step.more) return;
  }
  await enqueue(env, db, { type: "labels.job", jobId });
}

/** Finished jobs are kept a week for their screen, then removed (their filters may hold a searched name). */
export async function pruneLabelJobs(db: Db, now: number): Promise<void> {
  await db.delete(labelJobs).where(and(eq(labelJobs.status, "done"), lte(labelJobs.updatedAt, now - 7 * 24 * 60 * 60_000)));
}
