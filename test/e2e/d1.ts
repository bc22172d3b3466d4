import { inject } from "vitest";

/**
 * SQL run by the e2e server itself, on its local D1: miniflare's local explorer (the API under /cdn-cgi/local/explorer,
 * as test/e2e/mail.ts reads the mail) hands it to the database's own Durable Object, one query after another with the
 * app's. Not the SQLite file opened beside the server: workerd does not wait for another process's lock, so while a
 * file's write held it a request of the file beside it failed with SQLITE_BUSY (a 500: upload's credit grant, two files
 * at a time at load 13).
 */
const DATABASE_ID = "00000000-0000-0000-0000-000000000000"; // wrangler.toml's DB

interface RawAnswer {
  success: boolean;
  errors: { message: string }[];
  result: { results: { columns: string[]; rows: unknown[][] } }[] | null;
}

async function raw(server: string, sql: string): Promise<{ columns: string[]; rows: unknown[][] }> {
  const res = await fetch(`${server}/cdn-cgi/local/explorer/api/d1/database/${DATABASE_ID}/raw`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ sql }),
  });
  const answer = (await res.json()) as RawAnswer;
  if (!answer.success || !answer.result) throw new Error(`D1 at ${server}: ${answer.errors.map((e) => e.message).join("; ")}\n${sql.slice(0, 500)}`);
  // Several statements answer the last one's rows.
  return answer.result[answer.result.length - 1].results;
}

/** Runs statements against the local D1 of the server at `server`, all of them or none (one D1 query). */
export async function d1At(server: string, sql: string): Promise<void> {
  await raw(server, sql);
}

/** The rows one query answers from the local D1 of the server at `server`. */
export async function d1RowsAt<Row>(server: string, query: string): Promise<Row[]> {
  const { columns, rows } = await raw(server, query);
  return rows.map((row) => Object.fromEntries(columns.map((c, i) => [c, row[i]])) as Row);
}

/** Runs statements against the shared e2e server's D1 (test/e2e/global-setup.ts), all or none. */
export const d1 = (sql: string) => d1At(inject("baseURL"), sql);

/** The rows one query answers from the shared e2e server's D1. */
export const d1Rows = <Row>(query: string) => d1RowsAt<Row>(inject("baseURL"), query);
