import { sql, type Column, type Placeholder, type SQL } from "drizzle-orm";

/**
 * Queries whose input comes from the caller, kept inside D1's limits whatever its length:
 * - a statement binds at most 100 parameters ('too many SQL variables'), so a list from the caller (tracking
 *   codes in a file, tags on a label) must not bind one parameter per value;
 * - a LIKE pattern is at most 50 bytes ('LIKE or GLOB pattern too complex'; 17 Japanese characters), so
 *   searches do not use LIKE.
 */
export const MAX_BOUND_PARAMETERS = 100;

/** `column IN (values)` with the whole list bound as ONE JSON parameter, whatever its length. */
export function inValueList(column: Column | SQL, values: readonly (string | number)[]): SQL {
  return inJsonList(column, JSON.stringify(values));
}

/** `column IN (list)` for a JSON list already encoded, or a placeholder a statement built once binds to one. */
export function inJsonList(column: Column | SQL, json: string | Placeholder): SQL {
  return sql`${column} in (select value from json_each(${json}))`;
}

/** Rows for a multi-row insert, split so that each statement binds at most 100 parameters. */
export function insertChunks<T extends object>(rows: readonly T[], columnsPerRow: number): T[][] {
  const size = Math.max(1, Math.floor(MAX_BOUND_PARAMETERS / columnsPerRow));
  const chunks: T[][] = [];
  for (let i = 0; i < rows.length; i += size) chunks.push(rows.slice(i, i + size));
  return chunks;
}

/** True where `column` contains `q`, ignoring ASCII case (as LIKE would); '%' and '_' are plain characters. */
export function containsText(column: Column | SQL, q: string): SQL {
  return sql`instr(lower(${column}), lower(${q})) > 0`;
}
