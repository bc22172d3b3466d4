// Runs a benchmark file inside workerd through bench/workerd-bench.config.ts; answers vitest's exit code.
import { spawnSync } from "node:child_process";
import path from "node:path";

export function runWorkerdBench(file: string): number {
  const root = path.join(import.meta.dirname, "..");
  const r = spawnSync(path.join(root, "node_modules", ".bin", "vitest"), ["run", "--config", path.join(root, "bench", "workerd-bench.config.ts")], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, BENCH_FILE: file, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
  });
  return r.status ?? 1;
}
