// The local D1 the dev server uses (or another state directory with `--persist-to`), through wrangler. Its output
// is shown only when a command fails.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";
process.env.WRANGLER_SEND_METRICS ??= "false";

const MIGRATIONS_DIR = "migrations";
/** wrangler's own table of applied migrations, as `wrangler d1 migrations apply` makes and reads it. */
const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "d1_migrations"(
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT UNIQUE,
  applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
);`;

/** Runs `wrangler d1 … DB --local` and answers its output; exits with wrangler's status when it fails. */
function localD1(args: string[], persist: string[] = []): string {
  const r = spawnSync("wrangler", ["d1", ...args, "--local", "-c", "wrangler.toml", ...persist], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    maxBuffer: 16 * 1024 * 1024,
  });
  if (r.status !== 0) {
    process.stdout.write(r.stdout ?? "");
    process.stderr.write(r.stderr ?? "");
    process.exit(r.status ?? 1);
  }
  return r.stdout;
}

/** wrangler's local state directory (`--persist-to`, else its default beside wrangler.toml). */
function stateDir(persist: string[]): string {
  const i = persist.indexOf("--persist-to");
  return i >= 0 ? (persist[i + 1] ?? "") : ".wrangler/state";
}

/**
 * Applies the migrations that are missing, all in one `wrangler d1 execute` (one D1 batch: all or none), and says so in
 * one line. Each migration is followed by its row in d1_migrations, exactly as `wrangler d1 migrations apply` writes
 * them, so that command and this one agree on what is applied. Not `migrations apply` itself: it starts a local
 * runtime per migration, 36 of them for a new database (56 s of CPU, 4 minutes at load 17, against 7 s and 30 s).
 * `after`: SQL to run after them in the same batch (the demo seed's), so a new checkout's first `npm run demo:seed`
 * starts wrangler and its runtime once, not twice (each start is about 5 CPU-s).
 */
export function migrateLocalD1(persist: string[] = [], { after = "" } = {}) {
  // A state directory that is not there yet, or empty (a new checkout, a directory made just now), holds no database:
  // every migration is pending, and asking would cost a runtime's start.
  const dir = stateDir(persist);
  const fresh = !existsSync(dir) || readdirSync(dir).length === 0;
  const listed = fresh ? [] : (JSON.parse(localD1(["execute", "DB", "--json", "--command", `${MIGRATIONS_TABLE} SELECT name FROM d1_migrations`], persist)) as { results?: { name: string }[] }[]);
  const applied = new Set(listed.at(-1)?.results?.map((r) => r.name));
  const pending = readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith(".sql") && !applied.has(f))
    .sort();
  if (pending.length || after) {
    const migrations = pending.map((name) => `${readFileSync(path.join(MIGRATIONS_DIR, name), "utf8")}\nINSERT INTO "d1_migrations" (name) values ('${name.replace(/'/g, "''")}');\n`);
    const sql = (fresh ? `${MIGRATIONS_TABLE}\n` : "") + migrations.join("") + after;
    const tmp = mkdtempSync(path.join(tmpdir(), "parcelhive-migrations-"));
    try {
      writeFileSync(path.join(tmp, "pending.sql"), sql);
      localD1(["execute", "DB", `--file=${path.join(tmp, "pending.sql")}`, "--yes"], persist);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }
  console.log(pending.length ? `Local database: ${pending.length} migrations applied.` : "Local database: up to date.");
}
