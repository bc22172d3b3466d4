import { and, desc, eq, lte, ne, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { dataExports, type User } from "../db/schema";
import { serverMac } from "../auth/tokens";
import { newId, timingSafeEqual } from "../lib/crypto";
import { ApiError } from "../lib/errors";
import { enqueue } from "../lib/jobs";
import { log } from "../lib/log";
import { sendMail, simpleHtmlMail } from "../lib/mailer";
import { ukDateTime } from "../lib/uk-format";
import { abortArchive, removeBuildPieces } from "./export-archive";
import { EXPORT_KEPT_MS, initialProgress, type ExportProgress } from "./export-build";
import type { ApiDataExport } from "./export-model";

/**
 * 'Download my data' (Settings → Your data; docs/your-data.md): the user asks, the queue builds one ZIP of everything
 * of theirs (export-build.ts), and when it is ready the link is shown on Settings and mailed. The link is signed
 * (an HMAC under the server's secret over the export, its owner and its expiry), so it opens without signing in, from
 * the mail on another device; it dies when the export expires (7 days), is replaced or is deleted. The archive is
 * personal data: the cron deletes it at its expiry, and closing the account deletes it (worker/privacy/data-map.ts).
 */

type ExportRow = typeof dataExports.$inferSelect;

/** A new copy may be asked for this long after the last one was asked for (a failed one at once). */
const REQUEST_INTERVAL_MS = 15 * 60_000;
/** A build that saved nothing for this long was lost by the queue: the cron marks it failed. */
const STALE_BUILD_MS = 6 * 60 * 60_000;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export const archiveKey = (userId: number, exportId: string) => `exports/${userId}/${exportId}/parcelhive-data.zip`;

/** The archive's file name as the browser saves it. */
export const archiveFilename = (row: Pick<ExportRow, "asOf">) => `parcelhive-data-${new Date(row.asOf).toISOString().slice(0, 10)}.zip`;

const signature = (env: Pick<Env, "JWT_SECRET">, userId: number, exportId: string, expiresAt: number) =>
  serverMac(env, `data-export:${userId}.${exportId}.${expiresAt}`);

/** The link's token: whose export, which, until when, and the server's signature of the three. */
async function downloadToken(env: Pick<Env, "JWT_SECRET">, row: ExportRow): Promise<string> {
  const expiresAt = row.expiresAt ?? 0;
  return `${row.userId}.${row.id}.${expiresAt}.${await signature(env, row.userId, row.id, expiresAt)}`;
}

export async function downloadUrl(env: Pick<Env, "JWT_SECRET" | "APP_URL">, row: ExportRow): Promise<string> {
  return `${env.APP_URL.replace(/\/$/, "")}/api/v1/user/export/download?token=${encodeURIComponent(await downloadToken(env, row))}`;
}

/** A link's token checked: its export and owner when the signature holds and it has not expired; else null. */
export async function checkDownloadToken(env: Pick<Env, "JWT_SECRET">, token: string, now = Date.now()): Promise<{ userId: number; exportId: string } | null> {
  const m = /^(\d{1,12})\.(exp_[0-9a-f]{20})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const [userId, exportId, expiresAt] = [Number(m[1]), m[2], Number(m[3])];
  if (!timingSafeEqual(await signature(env, userId, exportId, expiresAt), m[4])) return null;
  return expiresAt > now ? { userId, exportId } : null;
}

export async function apiExport(env: Pick<Env, "JWT_SECRET" | "APP_URL">, row: ExportRow): Promise<ApiDataExport> {
  // A deleted copy is answered as none (the routes do not pass one).
  if (row.status === "deleted") throw new Error("a deleted export has no answer");
  const p = JSON.parse(row.progressJson) as Partial<ExportProgress>;
  return {
    id: row.id,
    status: row.status,
    createdAt: iso(row.createdAt)!,
    readyAt: iso(row.readyAt),
    expiresAt: iso(row.expiresAt),
    size: row.size,
    progress: { step: p.step ?? "queued", labels: p.labels ?? 0, labelsTotal: p.labelsTotal ?? 0, files: p.files ?? 0, filesTotal: p.filesTotal ?? 0 },
    downloadUrl: row.status === "ready" ? await downloadUrl(env, row) : null,
    error: row.error,
  };
}

/** The user's export (there is at most one), or null. A deleted one is only its row, kept for the 15 minutes' rule. */
export async function latestExport(db: Db, userId: number): Promise<ExportRow | null> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.userId, userId)).orderBy(desc(dataExports.createdAt)).limit(1);
  return row ?? null;
}

/** Removes an export's files: its archive, or the unfinished upload and its pieces. */
async function removeArchive(files: R2Bucket, row: ExportRow): Promise<void> {
  if (row.stateJson) {
    const state = JSON.parse(row.stateJson) as { archive?: Parameters<typeof abortArchive>[1] };
    if (state.archive) await abortArchive(files, state.archive);
  }
  await removeBuildPieces(files, row.r2Key);
  await files.delete(row.r2Key);
}

/** Removes an export: its files and its row. */
export async function removeExport(db: Db, files: R2Bucket, row: ExportRow): Promise<void> {
  await removeArchive(files, row);
  await db.delete(dataExports).where(eq(dataExports.id, row.id));
}

/**
 * Starts a new export of the user's data, replacing the last one. One being built is answered as it is (asking twice
 * builds once); a new copy is refused within 15 minutes of the last (429).
 */
export async function requestExport(env: Pick<Env, "JOBS" | "FILES">, db: Db, user: Pick<User, "id">, now = Date.now()): Promise<ExportRow> {
  const last = await latestExport(db, user.id);
  if (last?.status === "building") return last;
  if (last && last.status !== "failed" && now - last.createdAt < REQUEST_INTERVAL_MS) {
    throw new ApiError(429, "You asked for a copy of your data a few minutes ago. You can ask for a new one 15 minutes after the last.");
  }
  if (last) await removeExport(db, env.FILES, last);
  const id = newId("exp");
  const progress = await initialProgress(db, user.id, now);
  // One being built per user (a partial unique index, migration 0032): of two asked at once, the second answers the first.
  const [row] = await db
    .insert(dataExports)
    .values({ id, userId: user.id, status: "building", asOf: now, r2Key: archiveKey(user.id, id), progressJson: JSON.stringify(progress), createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  if (!row) return (await latestExport(db, user.id))!;
  await enqueue(env, db, { type: "export.build", exportId: id });
  return row;
}

/**
 * Deletes the user's export at once (Settings → Delete this copy): the link stops working and its files go; its row
 * stays as 'deleted' until the cron's next sweep, so deleting cannot get round the 15 minutes between two copies.
 */
export async function deleteExport(db: Db, files: R2Bucket, userId: number): Promise<void> {
  const row = await latestExport(db, userId);
  if (!row || row.status === "deleted") throw new ApiError(404, "There is no copy of your data to delete.");
  await db.update(dataExports).set({ status: "deleted", stateJson: null, expiresAt: null, updatedAt: Date.now() }).where(eq(dataExports.id, row.id));
  await removeArchive(files, row);
}

/**
 * Closing the account: its copy dies at once with everything else of it (its link answers 404, a build stops at its
 * next save and removes what it wrote); the row keeps the build's state for the erasure's removeExportsOf.
 */
export async function closeExports(db: Db, userId: number, now: number): Promise<void> {
  await db
    .update(dataExports)
    .set({ status: "deleted", expiresAt: null, updatedAt: now })
    .where(and(eq(dataExports.userId, userId), ne(dataExports.status, "deleted")));
}

/**
 * The erasure's part (account-erasure.ts): every export of the user with its files. An unfinished upload is no object
 * a listing of its prefix finds, so its parts are let go of through the saved state before the row goes.
 */
export async function removeExportsOf(db: Db, files: R2Bucket, userId: number): Promise<number> {
  const rows = await db.select().from(dataExports).where(eq(dataExports.userId, userId));
  for (const row of rows) await removeExport(db, files, row);
  return rows.length;
}

/** The mail that says the archive is ready, with its link and the day it goes. */
export async function mailExportReady(env: Pick<Env, "EMAIL" | "MAIL_FROM" | "JWT_SECRET" | "APP_URL">, user: Pick<User, "email">, row: ExportRow): Promise<void> {
  const url = await downloadUrl(env, row);
  const until = ukDateTime(row.expiresAt ?? Date.now());
  const size = `${Math.max(1, Math.round((row.size ?? 0) / 1024 / 1024))} MB`;
  const paragraphs = [
    "The copy of your Parcelhive data you asked for is ready: every label with its fields, tracking events, notes and tags, the files you uploaded, your credit ledger, settings and webhooks, in one ZIP file.",
    `Download it (${size}) before ${until}: after that the link stops working and the file is deleted. You can ask for a new copy in Settings at any time.`,
    "Anyone with this link can download the file: do not forward this e-mail. If you did not ask for this, sign in and delete the copy in Settings, then change your password.",
  ];
  await sendMail(env, {
    to: user.email,
    subject: "Your Parcelhive data is ready to download",
    text: `${paragraphs.join("\n\n")}\n\n${url}\n`,
    html: simpleHtmlMail({ heading: "Your data is ready", paragraphs, action: { label: "Download my data", url } }),
  });
}

/**
 * The cron's part: finished exports past their expiry are deleted, failed ones after the same time, and builds the
 * queue lost (nothing saved for hours) are marked failed so the user can ask again. Answers how many it removed.
 */
export async function expireExports(db: Db, files: R2Bucket, now: number): Promise<number> {
  const due = await db
    .select()
    .from(dataExports)
    .where(
      or(
        lte(dataExports.expiresAt, now),
        and(eq(dataExports.status, "failed"), lte(dataExports.updatedAt, now - EXPORT_KEPT_MS)),
        and(eq(dataExports.status, "deleted"), lte(dataExports.updatedAt, now - REQUEST_INTERVAL_MS)),
      ),
    )
    .limit(50);
  for (const row of due) await removeExport(db, files, row);
  const stale = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.status, "building"), lte(dataExports.updatedAt, now - STALE_BUILD_MS)))
    .limit(50);
  for (const row of stale) {
    log("warn", "export lost by the queue", { exportId: row.id });
    await failExport(db, files, row);
  }
  return due.length;
}

/** An export that cannot be finished: its upload stopped, its pieces removed, and the user told to ask again. */
export async function failExport(db: Db, files: R2Bucket, row: ExportRow): Promise<void> {
  const state = row.stateJson ? (JSON.parse(row.stateJson) as { archive?: Parameters<typeof abortArchive>[1] }) : null;
  if (state?.archive) await abortArchive(files, state.archive);
  await db
    .update(dataExports)
    .set({ status: "failed", stateJson: null, error: "The copy could not be finished. Please ask for a new one.", updatedAt: Date.now() })
    .where(and(eq(dataExports.id, row.id), eq(dataExports.status, "building")));
}
