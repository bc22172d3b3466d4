// The local D1 the dev server uses (or another state directory with `--persist-to`), through wrangler. Its output
// (a table row per migration) is shown only when a command fails.
import { spawnSync } from "node:child_process";

process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";
process.env.WRANGLER_SEND_METRICS ??= "false";

/** Runs `wrangler d1 … DB --local` and answers its output; exits with wrangler's status when it fails. */
export function localD1(args, persist = []) {
  const r = spawnSync("wrangler", ["d1", ...args, "--local", "-c", "wrangler.toml", ...persist], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (r.status !== 0) {
    process.stdout.write(r.stdout ?? "");
    process.stderr.write(r.stderr ?? "");
    process.exit(r.status ?? 1);
  }
  return r.stdout;
}

/** Applies the migrations that are missing and says so in one line. */
export function migrateLocalD1(persist = []) {
  // wrangler redraws its table as it goes: count each migration once.
  const applied = new Set(localD1(["migrations", "apply", "DB"], persist).match(/\d{4}_[\w-]+\.sql(?=\s*│\s*✅)/g)).size;
  console.log(applied ? `Local database: ${applied} migrations applied.` : "Local database: up to date.");
}
