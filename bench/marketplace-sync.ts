/**
 * Marketplace orders benchmark driver: runs test/worker/marketplace-sync.bench.ts inside workerd (real D1) against the
 * marketplace stand-ins, and prints its figures (bench/README.md 'Marketplace orders').
 *
 *   node bench/marketplace-sync.ts                 (Node 22 strips the types)
 *   BENCH_ORDERS=2000 node bench/marketplace-sync.ts
 */
import { spawn } from "node:child_process";
import path from "node:path";

const root = path.join(import.meta.dirname, "..");
const child = spawn(path.join(root, "node_modules", ".bin", "vitest"), ["run", "--config", path.join(root, "bench", "workerd-bench.config.ts")], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, BENCH_FILE: "test/worker/marketplace-sync.bench.ts", CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
});
child.on("exit", (code) => process.exit(code ?? 1));
