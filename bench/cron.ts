/**
 * Cron benchmark driver: runs test/worker/tracking-cron.bench.ts inside workerd (real D1 and
 * queue bindings) through bench/cron.vitest.config.ts. It seeds 100,000 labels by SQL and times
 * the scheduled() handler's passes; the budget is under 2 s of handler time per pass.
 *
 *   node bench/cron.ts          (Node 22 strips the types; or `npm run bench:cron`)
 *   BENCH_LABELS=200000 BENCH_PASSES=3 node bench/cron.ts
 */
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.join(import.meta.dirname, "..");
const vitest = path.join(root, "node_modules", ".bin", "vitest");
const r = spawnSync(vitest, ["run", "--config", path.join(root, "bench", "cron.vitest.config.ts")], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
});
process.exit(r.status ?? 1);
