import { createTableRelationsHelpers, extractTablesRelationalConfig, type RelationalSchemaConfig, type TablesRelationalConfig } from "drizzle-orm";
import { DrizzleD1Database, SQLiteD1Session } from "drizzle-orm/d1";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import * as schema from "./schema";

/**
 * What Drizzle needs of D1: a binding, or a Sessions API session of one (worker/db/sessions.ts). Drizzle's D1
 * driver (0.45) calls only `prepare` and `batch` on it, both of which a `D1DatabaseSession` has, so the same
 * queries, batches and prepared statements run over a session as over the binding.
 */
export type D1Client = Pick<D1Database, "prepare" | "batch">;

export type Db = DrizzleD1Database<typeof schema> & { $client: D1Client };

// Deriving the relational config of the whole schema is most of what drizzle() costs (0.15-0.35 ms in workerd);
// the dialect and that config hold no per-request state, so they are built once per isolate and each Db (one per
// request or job, over its own session) costs about 0.02 ms. These are the steps drizzle() itself takes.
let shared: { dialect: SQLiteAsyncDialect; relational: RelationalSchemaConfig<TablesRelationalConfig> } | undefined;

function schemaConfig() {
  if (!shared) {
    const tables = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
    shared = {
      dialect: new SQLiteAsyncDialect(),
      relational: { fullSchema: schema, schema: tables.tables, tableNamesMap: tables.tableNamesMap },
    };
  }
  return shared;
}

/**
 * A Drizzle database over a D1 binding or session. The app reaches D1 through sessions only (`DbSessions`);
 * tests and benches use it over the raw binding to seed and inspect.
 */
export function getDb(client: D1Client): Db {
  const { dialect, relational } = schemaConfig();
  const session = new SQLiteD1Session(client as D1Database, dialect, relational, {});
  const db = new DrizzleD1Database("async", dialect, session, relational) as unknown as Db;
  db.$client = client;
  return db;
}
