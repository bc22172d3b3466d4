/**
 * Structured JSON logs. Never pass secrets, tokens or passwords in `fields`, nor names, addresses or e-mails: logs are
 * kept apart from the data and outside its deletion, export and retention (test/worker/log-privacy.test.ts drives the
 * main flows and looks for its people in every line). What a field may carry without its writer knowing, an error's
 * text, is cleaned here: e-mail addresses become [email], and the values of a failed query (drizzle's 'params: …',
 * the row being written) are cut off.
 */

const EMAIL = /[^\s@<>()[\]{},;:"'|\\]+@[^\s@<>()[\]{},;:"'|\\]+\.[A-Za-z]{2,}/g;
/** drizzle's DrizzleQueryError: 'Failed query: <sql>\nparams: <values>'; D1's own errors quote no values. */
const QUERY_PARAMS = /\bparams:[^\n]*/g;

function clean(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return value.replace(QUERY_PARAMS, "params: [not logged]").replace(EMAIL, "[email]");
  if (depth > 3 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => clean(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clean(v, depth + 1)]));
}

export function log(level: "info" | "warn" | "error", msg: string, fields: Record<string, unknown> = {}) {
  const line = JSON.stringify({ level, msg, time: new Date().toISOString(), ...(clean(fields) as Record<string, unknown>) });
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}
