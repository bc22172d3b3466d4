import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { dataExports, users } from "../db/schema";
import { enqueue } from "../lib/jobs";
import { log } from "../lib/log";
import { runExportSlice, type SliceBudget } from "./export-build";
import { failExport, mailExportReady } from "./export";

type ExportJobEnv = Pick<Env, "FILES" | "JOBS" | "EMAIL" | "MAIL_FROM" | "JWT_SECRET" | "APP_URL" | "IMPORT_MAIL_DOMAIN" | "ADMIN_MAILBOX">;

/**
 * The `export.build` queue job: one slice of the build; the next slice is a new message (so other jobs run between
 * two slices of a large export); the last one mails the link. The mail failing does not fail the export: its link is
 * on Settings too.
 */
export async function runExportJob(env: ExportJobEnv, db: Db, exportId: string, budget?: SliceBudget): Promise<void> {
  const result = await runExportSlice(env, db, exportId, budget);
  if (result === "more") return enqueue(env, db, { type: "export.build", exportId });
  if (result !== "done") return;
  const row = await db.query.dataExports.findFirst({ where: eq(dataExports.id, exportId) });
  const user = row && (await db.query.users.findFirst({ where: eq(users.id, row.userId) }));
  // A copy finished as the account closed is mailed to nobody (its address is gone; the erasure removes the copy).
  if (!row || !user || user.closedAt) return;
  await mailExportReady(env, user, row).catch((err) => log("error", "export mail failed", { exportId, error: String(err) }));
}

/** The queue gave up on a slice (its last retry failed): the export is marked failed and its pieces removed. */
export async function giveUpExport(env: Pick<Env, "FILES">, db: Db, exportId: string): Promise<void> {
  const row = await db.query.dataExports.findFirst({ where: eq(dataExports.id, exportId) });
  if (row) await failExport(db, env.FILES, row);
}
