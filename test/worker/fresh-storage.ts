// Storage as a test file finds it in a runtime of its own: every database migrated and empty, the bucket empty
// (test/worker/setup.ts, before each file). Files of a project share one runtime, so this module, unlike setup.ts, is
// evaluated once per runtime and remembers what each database looked like right after its migrations.
import { applyD1Migrations, type D1Migration } from "cloudflare:test";

type SchemaObject = { type: string; name: string; tbl_name: string; sql: string | null };

/** Each database's schema (and applied migrations) right after migrating it, by binding name. */
const migrated = new Map<string, string>();

/**
 * Leaves `db` migrated and empty. Migrating again cost about a second a file a database (38 migrations, one round trip
 * each, at load 13), deleting the rows a file left about 0.03 s: when the file before left the schema as the
 * migrations made it (the usual case), its rows are deleted; otherwise (the first file, or one that changed the schema)
 * every table is dropped and the migrations run again.
 */
export async function freshDatabase(name: string, db: D1Database, migrations: D1Migration[]): Promise<"emptied" | "migrated"> {
  const before = await schemaOf(db);
  if (migrated.get(name) === before.fingerprint && (await deleteRows(db, before.objects))) return "emptied";
  await dropAll(db, before.objects);
  await applyD1Migrations(db, migrations);
  migrated.set(name, (await schemaOf(db)).fingerprint);
  return "migrated";
}

export async function emptyBucket(bucket: R2Bucket) {
  for (let listed = await bucket.list(); listed.objects.length > 0; listed = await bucket.list()) {
    await bucket.delete(listed.objects.map((o) => o.key));
  }
}

async function schemaOf(db: D1Database) {
  const { results: objects } = await db
    .prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY type, name")
    .all<SchemaObject>();
  const applied = objects.some((o) => o.name === "d1_migrations")
    ? (await db.prepare("SELECT group_concat(name, ',') AS names FROM d1_migrations").first<{ names: string | null }>())?.names
    : null;
  return { objects, fingerprint: JSON.stringify([objects, applied]) };
}

/**
 * Deletes every row but the migrations' own record, in one batch, and answers whether every table is empty after it.
 * Delete triggers (the analytics rollups, the search index) write into tables deleted in the same batch, so the tables
 * they fire on go first; a trigger that wrote into one already emptied shows in the check, and the batch runs again.
 */
async function deleteRows(db: D1Database, objects: SchemaObject[]): Promise<boolean> {
  const virtuals = objects.filter((o) => o.type === "table" && /^CREATE VIRTUAL/i.test(o.sql ?? ""));
  // A virtual table's shadow tables are its own to empty; a full-text index without content of its own (the search
  // index) is emptied by its 'delete-all' command, which leaves its shadow tables as a new one's.
  const shadow = (t: string) => virtuals.some((v) => t.startsWith(`${v.name}_`));
  const tables = objects.filter((o) => o.type === "table" && o.name !== "d1_migrations" && !shadow(o.name)).map((o) => o.name);
  const resets = virtuals.filter((v) => /USING\s+fts5\b[\s\S]*\bcontent\s*=/i.test(v.sql ?? "")).map((v) => `INSERT INTO ${quoted(v.name)} (${quoted(v.name)}) VALUES ('delete-all')`);
  const triggered = new Set(objects.filter((o) => o.type === "trigger").map((o) => o.tbl_name));
  const ordered = [...tables.filter((t) => triggered.has(t)), ...tables.filter((t) => !triggered.has(t))];
  const hasSequence = (await db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'").first()) !== null;
  for (let pass = 0; pass < 3; pass++) {
    const results = await db.batch([
      db.prepare("PRAGMA defer_foreign_keys = on"),
      ...ordered.map((t) => db.prepare(`DELETE FROM ${quoted(t)}`)),
      // AUTOINCREMENT counters start again, as in a new database.
      ...(hasSequence ? [db.prepare("DELETE FROM sqlite_sequence WHERE name <> 'd1_migrations'")] : []),
      ...resets.map((sql) => db.prepare(sql)),
      // One row, a column a table: 1 where rows are left (D1 allows few terms in a compound SELECT).
      db.prepare(`SELECT ${ordered.map((t, i) => `EXISTS (SELECT 1 FROM ${quoted(t)}) AS t${i}`).join(", ")}`),
    ]);
    const [left] = results.at(-1)!.results as Record<string, number>[];
    if (!Object.values(left).includes(1)) return true;
  }
  return false;
}

/** Drops every table and view, the migrations' own record too, in one transaction (foreign keys checked at its end). */
async function dropAll(db: D1Database, objects: SchemaObject[]) {
  const dropped = objects.filter((o) => o.type === "table" || o.type === "view");
  if (dropped.length === 0) return;
  // A virtual table (the search index) drops its shadow tables with it: it goes first, they go IF EXISTS.
  const order = (o: SchemaObject) => (o.type === "view" ? 0 : /^CREATE VIRTUAL/i.test(o.sql ?? "") ? 1 : 2);
  const drops = dropped
    .sort((a, b) => order(a) - order(b))
    .map((o) => db.prepare(`DROP ${o.type === "view" ? "VIEW" : "TABLE"} IF EXISTS ${quoted(o.name)}`));
  await db.batch([db.prepare("PRAGMA defer_foreign_keys = on"), ...drops]);
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
