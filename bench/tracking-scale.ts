/**
 * Tracking at carrier scale: runs test/worker/tracking-scale.bench.ts inside workerd (real D1)
 * through bench/tracking-scale.vitest.config.ts. 100,000 due Royal Mail labels, 2% with news,
 * against a stand-in Royal Mail (its summary and events formats) under a budget of 600 calls a
 * minute shared by 10 concurrent consumers. Prints carrier calls, calls per label, the simulated
 * minutes one full pass takes, the most calls seen in any minute, and checks no update is lost.
 *
 *   node bench/tracking-scale.ts      (or `npm run bench:tracking`)
 *   BENCH_LABELS=20000 BENCH_NEWS_PERCENT=10 BENCH_BUDGET=300 BENCH_CONSUMERS=10 node bench/tracking-scale.ts
 */
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.join(import.meta.dirname, "..");
const vitest = path.join(root, "node_modules", ".bin", "vitest");
const r = spawnSync(vitest, ["run", "--config", path.join(root, "bench", "tracking-scale.vitest.config.ts")], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
});
process.exit(r.status ?? 1);
