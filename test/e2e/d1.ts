import { readdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { inject } from "vitest";

/**
 * SQL straight into the e2e server's local D1: the SQLite file in its --persist-to state directory, opened beside the
 * server. SQLite's own locking lets a second process write the file the running server holds (workerd keeps it in WAL
 * mode on the native file system), and the server's next read sees the write. Not `wrangler d1 execute`: it starts a
 * runtime per call, 5 s of CPU (17 s at load 15), where this takes milliseconds.
 */
function open(stateDir: string): DatabaseSync {
  const dir = path.join(stateDir, "v3/d1/miniflare-D1DatabaseObject");
  const files = readdirSync(dir).filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  if (files.length !== 1) throw new Error(`expected one D1 database in ${dir}, found ${files.join(", ") || "none"}`);
  // The server may be writing: wait for its lock rather than fail (SQLITE_BUSY).
  return new DatabaseSync(path.join(dir, files[0]), { timeout: 10_000 });
}

/** Runs statements against the local D1 in `stateDir` in one transaction: all of them or none. */
export async function d1At(stateDir: string, sql: string): Promise<void> {
  const db = open(stateDir);
  try {
    db.exec("BEGIN IMMEDIATE");
    try {
      db.exec(sql);
      db.exec("COMMIT");
    } catch (err) {
      db.exec("ROLLBACK");
      throw err;
    }
  } finally {
    db.close();
  }
}

/** The rows one query answers from the local D1 in `stateDir`. */
export async function d1RowsAt<Row>(stateDir: string, query: string): Promise<Row[]> {
  const db = open(stateDir);
  try {
    return db.prepare(query).all() as Row[];
  } finally {
    db.close();
  }
}

/** Runs statements against the shared e2e server's D1 (test/e2e/global-setup.ts), all or none. */
export const d1 = (sql: string) => d1At(inject("stateDir"), sql);

/** The rows one query answers from the shared e2e server's D1. */
export const d1Rows = <Row>(query: string) => d1RowsAt<Row>(inject("stateDir"), query);
