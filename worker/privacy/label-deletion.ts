import { and, eq, lte, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { insertChunks, inValueList } from "../db/d1-limits";
import { sqlBatch } from "../db/prepared";
import { deletedLabels, labels, trackingPageTokens } from "../db/schema";
import { directoryOf } from "../db/sessions";
import { normaliseTrackingCode } from "../couriers/registry";
import { enqueue, enqueueMany } from "../lib/jobs";
import { log } from "../lib/log";
import { deleteQueuedR2Objects } from "../lib/r2-deletions";
import { releaseLease, tryLease } from "../tracking/leases";
import { filesOnlyTheyUse, purgeAtFor, purgeStatements, restoreStatements, TRASH_CHUNK, trashStatements } from "../labels/trash";
import { purgePages } from "../labels/tracking-page-cache";
import { newPageToken } from "../labels/tracking-page-token";
import { queueWebhookEvents } from "../webhooks/events";
import type { DeletedLabelSnapshot } from "../webhooks/model";

/**
 * Deleting labels, restoring them and purging them for good: the D1 side is the labels' own write path
 * (worker/labels/trash.ts); around it, what lives elsewhere: a buyer page's token in the directory and its copies in
 * the edge cache (the page answers the same 404 as an unknown token at once), the `label.deleted` and
 * `label.restored` webhooks, the OCR a restored label still waits for, and the original files in R2 at the purge.
 * Each call works on at most TRASH_CHUNK labels per D1 batch; many labels go through the queue (label-jobs.ts).
 */

export type DeletionEnv = Pick<Env, "JOBS" | "FILES"> & Partial<Pick<Env, "CACHE_PURGE_ZONE_ID" | "CACHE_PURGE_API_TOKEN">>;

const chunks = <T>(list: T[], size = TRASH_CHUNK): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};

/** The user's live labels named by id or tracking code (spaces, dashes and case ignored), and the keys that name none. */
export async function findLiveLabels(db: Db, userId: number, keys: string[]): Promise<{ ids: string[]; missing: string[] }> {
  const asked = [...new Set(keys)];
  const found: { id: string; trackingCode: string }[] = [];
  for (const part of chunks(asked, 500)) {
    found.push(
      ...(await db
        .select({ id: labels.id, trackingCode: labels.trackingCode })
        .from(labels)
        .where(and(eq(labels.userId, userId), or(inValueList(labels.id, part), inValueList(labels.trackingCode, part.map(normaliseTrackingCode)))))),
    );
  }
  const ids = new Set(found.map((r) => r.id));
  const codes = new Set(found.map((r) => r.trackingCode));
  return { ids: [...ids], missing: asked.filter((k) => !ids.has(k) && !codes.has(normaliseTrackingCode(k))) };
}

/** The user's recently deleted labels named by id or tracking code (a code deleted twice names both), and the keys that name none. */
export async function findDeletedLabels(db: Db, userId: number, keys: string[]): Promise<{ ids: string[]; missing: string[] }> {
  const asked = [...new Set(keys)];
  const found: { id: string; trackingCode: string }[] = [];
  for (const part of chunks(asked, 500)) {
    found.push(
      ...(await db
        .select({ id: deletedLabels.labelId, trackingCode: deletedLabels.trackingCode })
        .from(deletedLabels)
        .where(and(eq(deletedLabels.userId, userId), or(inValueList(deletedLabels.labelId, part), inValueList(deletedLabels.trackingCode, part.map(normaliseTrackingCode)))))),
    );
  }
  const ids = new Set(found.map((r) => r.id));
  const codes = new Set(found.map((r) => r.trackingCode));
  return { ids: [...ids], missing: asked.filter((k) => !ids.has(k) && !codes.has(normaliseTrackingCode(k))) };
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Moves the user's labels `ids` to Recently deleted. Answers how many were (another's id, or one gone meanwhile, counts none). */
export async function deleteLabels(env: DeletionEnv, db: Db, userId: number, ids: string[], now = Date.now()): Promise<number> {
  let deleted = 0;
  for (const part of chunks(ids)) {
    const rows = await db
      .select({ id: labels.id, trackingCode: labels.trackingCode, courier: labels.courier, pageToken: labels.pageToken })
      .from(labels)
      .where(and(eq(labels.userId, userId), inValueList(labels.id, part)));
    if (!rows.length) continue;
    await sqlBatch(db.$client, trashStatements(userId, JSON.stringify(rows.map((r) => r.id)), now));
    deleted += rows.length;
    // The label let go of its token: now its directory entry, then every cached copy of the page.
    const tokens = rows.map((r) => r.pageToken).filter((t): t is string => Boolean(t));
    if (tokens.length) {
      await directoryOf(db).delete(trackingPageTokens).where(inValueList(trackingPageTokens.token, tokens));
      await purgePages(env, tokens);
    }
    const snapshot = (r: (typeof rows)[number]): DeletedLabelSnapshot => ({
      id: r.id,
      trackingCode: r.trackingCode,
      courier: r.courier,
      deleted: true,
      deletedAt: iso(now),
      restorableUntil: iso(purgeAtFor(now)),
    });
    await queueWebhookEvents(env, db, userId, rows.map((r) => ({ type: "label.deleted", labelId: r.id, label: snapshot(r) })), now);
  }
  return deleted;
}

export interface RestoreOutcome {
  restored: string[];
  /** Deleted labels left in Recently deleted: their tracking code is among the user's labels again. */
  codeInUse: { id: string; trackingCode: string }[];
}

/** Restores the user's recently deleted labels `ids` (within their 30 days): every field, tag, file and buyer page. */
export async function restoreLabels(env: DeletionEnv, db: Db, userId: number, ids: string[], now = Date.now()): Promise<RestoreOutcome> {
  const outcome: RestoreOutcome = { restored: [], codeInUse: [] };
  const directory = directoryOf(db);
  for (const part of chunks(ids)) {
    const rows = await db.all<{ id: string; tracking_code: string; page_token: string | null; ocr_status: string | null }>(sql`
      select label_id as id, tracking_code, json_extract(label_json, '$.page_token') as page_token, json_extract(label_json, '$.ocr_status') as ocr_status
      from ${deletedLabels} where user_id = ${userId} and purge_at > ${now} and label_id in (select value from json_each(${JSON.stringify(part)}))`);
    if (!rows.length) continue;
    // A page that was shared comes back under a new token (the old address stays dead): its entry first, as sharing does.
    const tokens = Object.fromEntries(rows.filter((r) => r.page_token).map((r) => [r.id, newPageToken()]));
    for (const entries of insertChunks(Object.values(tokens).map((token) => ({ token, userId })), 2)) await directory.insert(trackingPageTokens).values(entries);
    await sqlBatch(db.$client, restoreStatements(userId, JSON.stringify(rows.map((r) => r.id)), JSON.stringify(tokens), now));
    const back = new Set(
      (await db.select({ id: labels.id }).from(labels).where(and(eq(labels.userId, userId), inValueList(labels.id, rows.map((r) => r.id))))).map((r) => r.id),
    );
    const stayed = rows.filter((r) => !back.has(r.id));
    const unused = stayed.map((r) => tokens[r.id]).filter(Boolean);
    if (unused.length) await directory.delete(trackingPageTokens).where(inValueList(trackingPageTokens.token, unused));
    const restored = rows.filter((r) => back.has(r.id));
    outcome.restored.push(...restored.map((r) => r.id));
    outcome.codeInUse.push(...stayed.map((r) => ({ id: r.id, trackingCode: r.tracking_code })));
    // A label deleted while OCR still read it: its job found nothing and stopped, so it is queued again.
    const ocr = restored.filter((r) => r.ocr_status === "pending").map((r) => ({ type: "label.ocr" as const, labelId: r.id }));
    if (ocr.length) await enqueueMany(env, db, ocr).catch((err) => log("warn", "could not queue OCR of restored labels", { error: String(err) }));
    await queueWebhookEvents(env, db, userId, restored.map((r) => ({ type: "label.restored", labelId: r.id })), now);
  }
  return outcome;
}

/**
 * Purges deleted labels `ids` for good (any owner's: the cron purges whatever is due). One batch removes their rows
 * and the files only they used, and queues those files' R2 objects (with anything stored under their keys) in
 * r2_deletions; then the objects are deleted. A failure after the batch leaves the objects to the cron's pass over
 * r2_deletions (worker/lib/r2-deletions.ts), never a row pointing at a deleted object.
 */
export async function purgeLabels(env: Pick<Env, "FILES">, db: Db, ids: string[]): Promise<number> {
  let purged = 0;
  for (const part of chunks(ids)) {
    const list = JSON.stringify(part);
    const rows = await db.all<{ user_id: number; page_token: string | null }>(sql`
      select user_id, json_extract(label_json, '$.page_token') as page_token from ${deletedLabels}
      where label_id in (select value from json_each(${list}))`);
    if (!rows.length) continue;
    const files = await filesOnlyTheyUse(db, list);
    const r2Keys = [];
    for (const f of files) for (const key of await withDerived(env, f.r2Key)) r2Keys.push({ key, userId: f.userId });
    const userIds = [...new Set(rows.map((r) => r.user_id))];
    await sqlBatch(db.$client, purgeStatements({ ids: list, unusedFileIds: files.map((f) => f.id), r2Keys, userIds }));
    for (const userId of new Set(files.map((f) => f.userId))) await deleteQueuedR2Objects(db, env.FILES, userId);
    // An entry a failed deletion left behind names a label that is gone: it goes too.
    const tokens = rows.map((r) => r.page_token).filter((t): t is string => Boolean(t));
    if (tokens.length) await directoryOf(db).delete(trackingPageTokens).where(inValueList(trackingPageTokens.token, tokens));
    purged += rows.length;
  }
  return purged;
}

/** An object's key and every key stored under it + '/' (files derived from an original). */
async function withDerived(env: Pick<Env, "FILES">, key: string): Promise<string[]> {
  const all = [key];
  let cursor: string | undefined;
  do {
    const page = await env.FILES.list({ prefix: `${key}/`, cursor });
    all.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return all;
}

/** Purge passes per queue message, each of TRASH_CHUNK labels: well within D1's 1,000 queries an invocation. */
const PURGE_CHUNKS_PER_MESSAGE = 20;
/** Longer than one message's work: a crashed run's lease lapses before the next cron pass but one. */
const PURGE_LEASE_MS = 10 * 60_000;

/**
 * The purge of labels past their 30 days in `db` (the `labels.purge-due` job the cron queues): a chunk at a time,
 * oldest first; when more are due than one message purges, it queues itself again. Answers how many it purged.
 */
export async function purgeDueLabels(env: Pick<Env, "FILES" | "JOBS">, db: Db, now = Date.now()): Promise<number> {
  // One purge at a time per database: a cron pass that queues another while one runs finds the lease taken.
  const lease = await tryLease(db, "purge-due", now, PURGE_LEASE_MS);
  if (!lease) return 0;
  let purged = 0;
  try {
    for (let i = 0; i < PURGE_CHUNKS_PER_MESSAGE; i++) {
      const due = await db.select({ id: deletedLabels.labelId }).from(deletedLabels).where(lte(deletedLabels.purgeAt, now)).orderBy(deletedLabels.purgeAt).limit(TRASH_CHUNK);
      if (!due.length) return purged;
      purged += await purgeLabels(env, db, due.map((r) => r.id));
    }
  } finally {
    await releaseLease(db, lease);
  }
  await enqueue(env, db, { type: "labels.purge-due" });
  return purged;
}

/** The cron's part: queues the purge when something in `db` is past its 30 days (one indexed read otherwise). */
export async function queueDuePurge(env: Pick<Env, "JOBS">, db: Db, now: number): Promise<boolean> {
  const [due] = await db.select({ id: deletedLabels.labelId }).from(deletedLabels).where(lte(deletedLabels.purgeAt, now)).limit(1);
  if (due) await enqueue(env, db, { type: "labels.purge-due" });
  return Boolean(due);
}
