import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export type Db = ReturnType<typeof createDb>;

const createDb = (d1: D1Database) => drizzle(d1, { schema });

// One Drizzle instance per D1 binding: building it derives the relational config of the whole schema, which
// app.ts did on every request. The instance holds no per-request state (no logger, no cache, no transaction), only
// the binding, so sharing it between requests is safe; a different binding object (another env) gets its own, and
// the WeakMap lets it go with its binding.
const instances = new WeakMap<D1Database, Db>();

export function getDb(d1: D1Database): Db {
  let db = instances.get(d1);
  if (!db) {
    db = createDb(d1);
    instances.set(d1, db);
  }
  return db;
}
