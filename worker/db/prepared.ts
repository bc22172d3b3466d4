import { fillPlaceholders, type Query, type SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import type { D1Client } from "./client";

/**
 * Reads whose SQL is built once per isolate, for the hot read routes (bench/README.md 'API under load').
 *
 * Drizzle builds a query's SQL text on every call (0.13 ms for the labels list's page statement, about 0.3 ms for
 * its three, timed in workerd), for a text that is the same on every call of one shape. A read here is a Drizzle
 * select written with `sql.placeholder()` for every value, built once under a key that names everything its
 * text depends on (which filters apply, how many tags). Each call only fills in the values, and the reads go to
 * D1 together in ONE `batch`. Rows come back through the mapping of Drizzle's own prepared query (field names,
 * nested objects, boolean/JSON/timestamp modes), the same code `db.batch()` maps them with.
 */

/** What Drizzle's `.prepare()` answers: the SQL with its placeholders, and how to map a D1 result to rows. */
interface DrizzlePrepared {
  getQuery(): Query;
  mapResult(response: unknown, isFromBatch?: boolean): unknown;
}

/** A Drizzle query written with placeholders; awaiting it would answer `R`. */
type Preparable<R> = PromiseLike<R> & { prepare(): DrizzlePrepared };

/** A cached read with the values for this call, ready for readBatch(). */
export interface BoundRead<R> {
  sql: string;
  params: unknown[];
  map(result: D1Result): R;
}

/**
 * One read's SQL and row mapping, from Drizzle's `.prepare()`. (That also made a D1 statement on the binding of
 * the request that built it; it is never run: readBatch() prepares each call's statement on that call's session.)
 */
export class CachedRead<R> {
  private readonly query: Query;

  constructor(private readonly prepared: DrizzlePrepared) {
    this.query = prepared.getQuery();
  }

  /** The values of this call, by placeholder name (a missing one throws: nothing runs half-bound). */
  bind(values: Record<string, unknown>): BoundRead<R> {
    return {
      sql: this.query.sql,
      params: fillPlaceholders(this.query.params, values),
      map: (result) => this.prepared.mapResult(result, true) as R,
    };
  }
}

/** Enough for every filter shape the list sees in practice; past it the oldest shape is built again on use. */
const MAX_READS = 256;
const reads = new Map<string, CachedRead<unknown>>();

/**
 * The read cached under `key`, built by `build` the first time this isolate needs it. The key must name
 * everything the SQL text depends on, and `build` must put every per-call value behind `sql.placeholder()`:
 * a literal value would be frozen into the statement for every later caller.
 */
export function cachedRead<R>(key: string, build: () => Preparable<R>): CachedRead<R> {
  let read = reads.get(key) as CachedRead<R> | undefined;
  if (!read) {
    if (reads.size >= MAX_READS) reads.delete(reads.keys().next().value!);
    read = new CachedRead<R>(build().prepare());
    reads.set(key, read);
  }
  return read;
}

type Answers<T extends readonly BoundRead<unknown>[]> = { [K in keyof T]: T[K] extends BoundRead<infer R> ? R : never };

/** Runs the reads as ONE D1 call (`batch`) and answers each one's rows, in order. */
export async function readBatch<T extends readonly BoundRead<unknown>[]>(d1: D1Client, batch: [...T]): Promise<Answers<T>> {
  const results = await d1.batch(batch.map((r) => d1.prepare(r.sql).bind(...r.params)));
  return batch.map((r, i) => r.map(results[i])) as Answers<T>;
}

const dialect = new SQLiteAsyncDialect();

/**
 * Runs hand-written statements (INSERT … SELECT, DELETE with subqueries over JSON lists) as ONE D1 batch: all of them
 * or none. Drizzle's own batch takes only its query builders.
 */
export async function sqlBatch(d1: D1Client, statements: SQL[]): Promise<D1Result[]> {
  return d1.batch(
    statements.map((s) => {
      const q = dialect.sqlToQuery(s);
      return d1.prepare(q.sql).bind(...q.params);
    }),
  );
}
