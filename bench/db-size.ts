/**
 * How many labels one D1 database holds (docs/operations-and-scale.md 'Past one database'): a fresh local D1 with every migration, filled
 * the way the app fills it, then SQLite's own page counts per table and index (dbstat).
 *
 *   node bench/db-size.ts     # BENCH_LABELS=100000 BENCH_USERS=50
 *
 * Labels are written with bench/seed.ts (the migrations' triggers keep the tag rows, rollups and search index as
 * D1 does): realistic details (recipient, sender, weight, dimensions), tracking events by age, an `ebay` tag on a
 * tenth, notes on a quarter; and, as uploads have, one label_files row for each of two labels in three (the file
 * itself is in R2, not D1). Users post one label a minute each, so their rollup rows are those of a busy shop.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { d1File, run, seedLabels } from "./seed.ts";

const LABELS = Number(process.env.BENCH_LABELS ?? 100_000);
const USERS = Number(process.env.BENCH_USERS ?? 50);
const GB = 1e9;
const D1_LIMIT_BYTES = 10 * GB;

const stateDir = mkdtempSync(path.join(tmpdir(), "parcelhive-bench-dbsize-"));
try {
  run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "-c", "wrangler.toml", "--persist-to", stateDir]);
  const file = d1File(stateDir);

  const setup = new DatabaseSync(file);
  const empty = setup.prepare("PRAGMA page_count").get() as { page_count: number };
  const userIds: number[] = [];
  for (let u = 0; u < USERS; u++) {
    const row = setup.prepare("INSERT INTO users (email, password_hash) VALUES (?, 'pbkdf2$bench') RETURNING id").get(`shop${u}@bench.test`) as { id: number };
    userIds.push(row.id);
  }
  setup.close();

  const perUser = Math.ceil(LABELS / USERS);
  const ms = seedLabels(file, userIds.map((userId, u) => ({ userId, count: perUser, prefix: `s${u.toString(36)}x`, tracking: true })));

  const db = new DatabaseSync(file);
  // Uploads: one stored original per label for two labels in three (what the label page prints and offers back).
  db.exec(`BEGIN;
    INSERT INTO label_files (id, user_id, r2_key, name, mime, size, pages, created_at)
      SELECT 'file_' || substr(id, 5), user_id, 'labels/' || user_id || '/file_' || substr(id, 5), 'label-' || tracking_code || '.pdf',
             'application/pdf', 48213, 1, created_at
      FROM labels WHERE rowid % 3 <> 0;
    UPDATE labels SET file_id = 'file_' || substr(id, 5), file_page = 1 WHERE rowid % 3 <> 0;
    COMMIT;`);
  db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  const pageSize = (db.prepare("PRAGMA page_size").get() as { page_size: number }).page_size;
  const pages = (db.prepare("PRAGMA page_count").get() as { page_count: number }).page_count;
  const free = (db.prepare("PRAGMA freelist_count").get() as { freelist_count: number }).freelist_count;
  const labels = (db.prepare("SELECT count(*) AS n FROM labels").get() as { n: number }).n;
  const parts = db
    .prepare("SELECT d.name AS name, m.type AS type, m.tbl_name AS owner, sum(d.pgsize) AS bytes FROM dbstat d LEFT JOIN sqlite_schema m ON m.name = d.name GROUP BY d.name ORDER BY bytes DESC")
    .all() as { name: string; type: string | null; owner: string | null; bytes: number }[];
  db.close();

  const bytes = (pages - empty.page_count) * pageSize;
  const perLabel = bytes / labels;
  console.log(`${labels.toLocaleString("en-GB")} labels of ${USERS} users seeded in ${(ms / 1000).toFixed(1)} s`);
  console.log(`database: ${pages.toLocaleString("en-GB")} pages of ${pageSize} B = ${(pages * pageSize / 1e6).toFixed(1)} MB (${free} free pages; empty schema ${empty.page_count} pages)`);
  console.log(`per label: ${Math.round(perLabel).toLocaleString("en-GB")} B  ->  ${Math.round(GB / perLabel).toLocaleString("en-GB")} labels per GB, ${Math.round(D1_LIMIT_BYTES / perLabel).toLocaleString("en-GB")} in D1's 10 GB`);
  console.log("\nwhere the bytes are (dbstat, parts over 0.5% of the file):");
  console.log("| part | kind | of | MB | B per label | share |\n|---|---|---|---:|---:|---:|");
  const total = parts.reduce((s, p) => s + p.bytes, 0);
  for (const p of parts.filter((x) => x.bytes / total >= 0.005)) {
    console.log(`| ${p.name} | ${p.type ?? "internal"} | ${p.owner ?? ""} | ${(p.bytes / 1e6).toFixed(1)} | ${Math.round(p.bytes / labels)} | ${((100 * p.bytes) / total).toFixed(1)}% |`);
  }
} finally {
  rmSync(stateDir, { recursive: true, force: true });
}
