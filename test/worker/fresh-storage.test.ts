import { env } from "cloudflare:workers";
import { expect, it } from "vitest";
import { freshDatabase } from "./fresh-storage";
import { fullLabel, sender } from "./privacy-fixtures";

// test/worker/setup.ts gives each file its databases through freshDatabase: the rows the file before left are deleted
// when it left the schema as the migrations made it, else the database is migrated again from nothing. Either way the
// file finds what a database migrated from nothing holds.

const fresh = () => freshDatabase("DB", env.DB, env.TEST_MIGRATIONS);
const schema = async () => (await env.DB.prepare("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE '_cf_%' ORDER BY type, name").all()).results;
/** Every table's row count, the search index's own tables and the migrations' record too. */
async function rowCounts() {
  const { results } = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '_cf_%' AND sql NOT LIKE 'CREATE VIRTUAL%' ORDER BY name").all<{ name: string }>();
  const counts = await env.DB.batch(results.map((t) => env.DB.prepare(`SELECT count(*) AS n FROM "${t.name}"`)));
  return Object.fromEntries(results.map((t, i) => [t.name, (counts[i].results[0] as { n: number }).n]));
}
async function changeSchema() {
  const index = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL LIMIT 1").first<{ name: string }>();
  await env.DB.batch([env.DB.prepare("CREATE TABLE stray (x)"), env.DB.prepare("INSERT INTO stray VALUES (1)"), env.DB.prepare(`DROP INDEX "${index!.name}"`)]);
}

it("deletes a file's rows, the analytics rollups and search index too, and migrates again from nothing after a schema change", async () => {
  const asMigrated = await schema();
  await changeSchema();
  expect(await fresh()).toBe("migrated");
  const migrated = { schema: await schema(), rows: await rowCounts() };
  expect(migrated.schema).toEqual(asMigrated);

  await fullLabel(await sender());
  const filled = await rowCounts();
  for (const table of ["users", "labels", "label_tags", "label_day_stats", "labels_search_data", "sqlite_sequence"]) expect(filled[table], table).toBeGreaterThan(migrated.rows[table]);
  expect(await fresh()).toBe("emptied");
  expect(await rowCounts()).toEqual(migrated.rows);
  expect(await schema()).toEqual(migrated.schema);
});
