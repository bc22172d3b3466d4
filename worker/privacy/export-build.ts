import { and, asc, eq, gt, lte, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { dataExports, labelFiles, users, type User } from "../db/schema";
import { log } from "../lib/log";
import { releaseLease, tryLease } from "../tracking/leases";
import { ArchiveWriter, abortArchive, type ArchiveState } from "./export-archive";
import { accountJson, bannerPath, csvHeader, LEDGER_CSV_COLUMNS, ledgerPage, readmeText, webhooksJson, type LedgerCursor } from "./export-account";
import { EVENT_CSV_COLUMNS, LABEL_CSV_COLUMNS, labelCsvRows, labelJsonLines, labelPage, originalPath, trackingEventRows, type LabelCursor, type LabelPage } from "./export-labels";
import { deletedLabelPage, type DeletedCursor } from "./export-deleted";
import { retentionSettingsOf } from "./retention-settings";

/**
 * Builds a 'Download my data' archive in the queue, a slice at a time: each `export.build` message writes entries
 * until its budget (time, D1 and R2 calls) is spent, saves where it is (the archive's state and the current step's
 * cursor, in data_exports.state_json) and queues the next message, so an account of any size is exported within
 * the Worker's limits (128 MB, 1,000 D1 queries an invocation) and a failed message is retried from the last save.
 * One message at a time per export (a lease).
 *
 * The archive, in order: README.txt, account.json, labels.jsonl, labels.csv, tracking-events.csv,
 * recently-deleted.jsonl, credit-ledger.csv, webhooks.json, the banner, then every original. Text entries are deflated, originals stored.
 */

export interface SliceBudget {
  /** Stop starting new work after this long (ms). */
  ms: number;
  /** D1 queries and R2 operations a slice may make: Workers count both against an invocation's limits. */
  calls: number;
}

/** A queue message's share: far under the limits (1,000 D1 queries, 15 minutes), so one slow call never breaks it. */
export const DEFAULT_SLICE: SliceBudget = { ms: 20_000, calls: 300 };

export interface ExportProgress {
  step: string;
  labels: number;
  labelsTotal: number;
  files: number;
  filesTotal: number;
  bytes: number;
  /** Originals that were gone from storage when their turn came (deleted meanwhile). */
  missing: string[];
}

interface BuildState {
  archive: ArchiveState;
  step: number;
  /** The current step's place: null before it starts. */
  cursor: unknown;
  progress: ExportProgress;
}

interface Slice {
  db: Db;
  env: Pick<Env, "FILES" | "APP_URL" | "IMPORT_MAIL_DOMAIN" | "ADMIN_MAILBOX">;
  writer: ArchiveWriter;
  user: User;
  asOf: number;
  progress: ExportProgress;
  /** Counts a D1 query or R2 operation; answers whether the slice should stop. */
  spend(calls?: number): boolean;
  spent(): boolean;
}

type Step = { name: string; run(s: Slice, cursor: unknown): Promise<unknown | typeof DONE> };
const DONE = Symbol("done");

/** A text entry written whole. */
const textEntry = (name: string, text: (s: Slice) => Promise<string>): Step => ({
  name,
  async run(s) {
    await s.writer.add(name, 8, s.asOf, new TextEncoder().encode(await text(s)));
    return DONE;
  },
});

/**
 * A text entry written a page at a time: `page` answers the page after its cursor and the next cursor (null at the
 * end). The step's own cursor is { after } once its entry is open.
 */
function pagedEntry<C>(name: string, header: string, page: (s: Slice, after: C | null) => Promise<{ text: string; next: C | null }>): Step {
  return {
    name,
    async run(s, cursor) {
      let after = (cursor as { after: C | null } | null)?.after ?? null;
      if (!cursor) await s.writer.open(name, 8, s.asOf).then(() => s.writer.write(new TextEncoder().encode(header)));
      for (;;) {
        const { text, next } = await page(s, after);
        await s.writer.write(new TextEncoder().encode(text));
        if (!next) {
          await s.writer.close();
          return DONE;
        }
        after = next;
        if (s.spent()) return { after };
      }
    },
  };
}

/** A page of labels (two D1 reads) for the label steps. */
async function labels(s: Slice, after: LabelCursor | null): Promise<LabelPage> {
  s.spend(2);
  return labelPage(s.db, s.user.id, s.asOf, after);
}

const STEPS: Step[] = [
  textEntry("README.txt", async (s) => readmeText(s.user, s.asOf, s.env.APP_URL)),
  textEntry("account.json", async (s) => {
    s.spend();
    return accountJson(s.db, s.user, s.asOf, retentionSettingsOf(s.user));
  }),
  pagedEntry<LabelCursor>("labels.jsonl", "", async (s, after) => {
    const page = await labels(s, after);
    s.spend();
    const text = await labelJsonLines(s.db, page, s.user, s.asOf);
    s.progress.labels += page.rows.length;
    return { text, next: page.next };
  }),
  pagedEntry<LabelCursor>("labels.csv", csvHeader(LABEL_CSV_COLUMNS), async (s, after) => {
    const page = await labels(s, after);
    return { text: labelCsvRows(page, s.user, s.asOf), next: page.next };
  }),
  pagedEntry<LabelCursor>("tracking-events.csv", csvHeader(EVENT_CSV_COLUMNS), async (s, after) => {
    const page = await labels(s, after);
    return { text: trackingEventRows(page, s.user, s.asOf).text, next: page.next };
  }),
  pagedEntry<DeletedCursor>("recently-deleted.jsonl", "", async (s, after) => {
    s.spend(2);
    return deletedLabelPage(s.db, s.user.id, s.user, s.asOf, after);
  }),
  pagedEntry<LedgerCursor>("credit-ledger.csv", csvHeader(LEDGER_CSV_COLUMNS), async (s, after) => {
    s.spend();
    return ledgerPage(s.db, s.user.id, after);
  }),
  textEntry("webhooks.json", async (s) => {
    const { text, reads } = await webhooksJson(s.db, s.user.id);
    s.spend(reads);
    return text;
  }),
  {
    name: "banner",
    async run(s) {
      if (!s.user.bannerKey) return DONE;
      s.spend();
      const banner = await s.env.FILES.get(s.user.bannerKey);
      if (banner) await s.writer.add(bannerPath(s.user.bannerMime), 0, banner.uploaded.getTime(), new Uint8Array(await banner.arrayBuffer()));
      return DONE;
    },
  },
  { name: "originals", run: writeOriginals },
  {
    name: "originals-missing.txt",
    async run(s) {
      const { missing } = s.progress;
      if (missing.length) {
        const text = ["These originals were deleted while this copy was being made, so they are not in it:", "", ...missing, ""].join("\r\n");
        await s.writer.add("originals-missing.txt", 8, s.asOf, new TextEncoder().encode(text));
      }
      return DONE;
    },
  },
];

interface OriginalsCursor {
  /** The last file written whole. */
  afterId: string | null;
  /** A file begun: its id and the bytes of it written. */
  partial: { id: string; offset: number } | null;
}

const FILES_PER_READ = 100;

/** Every original of the user's, stored as uploaded; a large one may be split over slices (R2 range reads). */
async function writeOriginals(s: Slice, cursor: unknown): Promise<unknown> {
  let { afterId, partial } = (cursor as OriginalsCursor | null) ?? { afterId: null, partial: null };
  for (;;) {
    s.spend();
    // A file begun is read again from where it stopped: the page starts at it.
    const files = await s.db
      .select()
      .from(labelFiles)
      .where(and(eq(labelFiles.userId, s.user.id), lte(labelFiles.createdAt, s.asOf), afterId ? gt(labelFiles.id, afterId) : undefined))
      .orderBy(asc(labelFiles.id))
      .limit(FILES_PER_READ);
    for (const file of files) {
      const offset = partial?.id === file.id ? partial.offset : 0;
      partial = null;
      s.spend();
      const object = await s.env.FILES.get(file.r2Key, offset ? { range: { offset } } : undefined);
      if (!object) {
        // Gone meanwhile (a purge): an entry begun ends with what it has.
        if (offset) await s.writer.close();
        if (s.progress.missing.length < 1000) s.progress.missing.push(originalPath(file));
      } else {
        if (!offset) await s.writer.open(originalPath(file), 0, file.createdAt);
        const stopped = await copyObject(s, object.body, offset, object.size);
        if (stopped !== null) return { afterId, partial: { id: file.id, offset: stopped } } satisfies OriginalsCursor;
        await s.writer.close();
        s.progress.files++;
      }
      afterId = file.id;
      if (s.spent()) return { afterId, partial: null } satisfies OriginalsCursor;
    }
    if (files.length < FILES_PER_READ) return DONE;
  }
}

/** Copies an object's body into the open entry; answers the offset reached when the slice ran out first, else null. */
async function copyObject(s: Slice, body: ReadableStream<Uint8Array>, offset: number, size: number): Promise<number | null> {
  const reader = body.getReader();
  let at = offset;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return null;
    await s.writer.write(value);
    at += value.length;
    s.progress.bytes += value.length;
    if (at < size && s.spent()) {
      await reader.cancel();
      return at;
    }
  }
}

/**
 * One slice of an export's build. Answers 'more' when it saved its place and another message must go on, 'done' when
 * the archive is complete, 'gone' when there is nothing to do (deleted, finished, or another message holds it).
 */
export async function runExportSlice(
  env: Pick<Env, "FILES" | "APP_URL" | "IMPORT_MAIL_DOMAIN" | "ADMIN_MAILBOX">,
  db: Db,
  exportId: string,
  budget: SliceBudget = DEFAULT_SLICE,
): Promise<"more" | "done" | "gone"> {
  const started = Date.now();
  const lease = await tryLease(db, `export:${exportId}`, started, 5 * 60_000 + budget.ms);
  if (!lease) return "gone";
  try {
    const row = await db.query.dataExports.findFirst({ where: eq(dataExports.id, exportId) });
    if (row?.status !== "building") return "gone";
    const user = await db.query.users.findFirst({ where: eq(users.id, row.userId) });
    if (!user) return "gone";
    const saved = row.stateJson ? (JSON.parse(row.stateJson) as BuildState) : null;
    const writer = saved ? await ArchiveWriter.resume(env.FILES, saved.archive) : await ArchiveWriter.start(env.FILES, row.r2Key);
    const progress: ExportProgress = saved?.progress ?? (JSON.parse(row.progressJson) as ExportProgress);
    let calls = 0;
    const spent = () => calls >= budget.calls || Date.now() - started >= budget.ms;
    const spend = (n = 1) => {
      calls += n;
      return spent();
    };
    const slice: Slice = { db, env, writer, user, asOf: row.asOf, progress, spend, spent };

    let step = saved?.step ?? 0;
    let cursor: unknown = saved?.cursor ?? null;
    while (step < STEPS.length) {
      progress.step = STEPS[step].name;
      const result = await STEPS[step].run(slice, cursor);
      if (result === DONE) {
        step++;
        cursor = null;
      } else cursor = result;
      if (step < STEPS.length && spent()) {
        const state: BuildState = { archive: await writer.save(), step, cursor, progress };
        const kept = await db
          .update(dataExports)
          .set({ stateJson: JSON.stringify(state), progressJson: JSON.stringify(progress), updatedAt: Date.now() })
          .where(and(eq(dataExports.id, exportId), eq(dataExports.status, "building")))
          .returning({ id: dataExports.id });
        if (!kept.length) {
          await abortArchive(env.FILES, state.archive);
          return "gone";
        }
        if (saved) await writer.forget(saved.archive);
        log("info", "export slice", { exportId, step: progress.step, labels: progress.labels, files: progress.files, calls, ms: Date.now() - started });
        return "more";
      }
    }
    const size = await writer.finish();
    const now = Date.now();
    const finished = await db
      .update(dataExports)
      .set({ status: "ready", size, stateJson: null, progressJson: JSON.stringify({ ...progress, step: "ready" }), readyAt: now, updatedAt: now, expiresAt: now + EXPORT_KEPT_MS })
      .where(and(eq(dataExports.id, exportId), eq(dataExports.status, "building")))
      .returning({ id: dataExports.id });
    if (!finished.length) {
      // Deleted while its last slice ran.
      await env.FILES.delete(row.r2Key);
      return "gone";
    }
    log("info", "export ready", { exportId, size, labels: progress.labels, files: progress.files, ms: Date.now() - started });
    return "done";
  } finally {
    await releaseLease(db, lease);
  }
}

/** How long a finished export is offered (its link's life), then deleted by the cron. */
export const EXPORT_KEPT_MS = 7 * 24 * 60 * 60_000;

/** The progress of an export just asked for: how many labels and originals it will hold. */
export async function initialProgress(db: Db, userId: number, asOf: number): Promise<ExportProgress> {
  const [counts] = await db.select({
    labels: sql<number>`(select count(*) from labels where user_id = ${userId} and created_at <= ${asOf})`,
    files: sql<number>`(select count(*) from label_files where user_id = ${userId} and created_at <= ${asOf})`,
  }).from(sql`(select 1)`);
  return { step: "queued", labels: 0, labelsTotal: Number(counts.labels), files: 0, filesTotal: Number(counts.files), bytes: 0, missing: [] };
}
