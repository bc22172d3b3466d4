import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { inValueList } from "../db/d1-limits";
import { r2Deletions } from "../db/schema";
import { log } from "./log";

/** R2's bulk delete takes at most 1,000 keys. */
const PER_PASS = 1000;

/**
 * Deletes the R2 objects queued in `r2_deletions` (one user's, or any), then their rows: a failed R2 call leaves the
 * rows for the next pass, so an object is never forgotten. Deleting an object already gone is not an error, so two
 * passes over the same rows are harmless. Answers how many objects were deleted.
 */
export async function deleteQueuedR2Objects(db: Db, files: R2Bucket, userId?: number): Promise<number> {
  const rows = await db
    .select({ key: r2Deletions.key })
    .from(r2Deletions)
    .where(userId === undefined ? sql`1` : eq(r2Deletions.userId, userId))
    .limit(PER_PASS);
  if (!rows.length) return 0;
  const keys = rows.map((r) => r.key);
  try {
    await files.delete(keys);
  } catch (err) {
    log("warn", "r2 deletions left for the cron", { objects: keys.length, error: String(err) });
    return 0;
  }
  await db.delete(r2Deletions).where(inValueList(r2Deletions.key, keys));
  return keys.length;
}
