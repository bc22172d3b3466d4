import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

// Runs test/worker/tracking-scale.bench.ts inside workerd with the real D1 (miniflare SQLite).
//   npm run bench:tracking   (or: node bench/tracking-scale.ts)
const root = path.join(import.meta.dirname, "..");
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(root, "migrations"));
  return {
    root,
    plugins: [
      cloudflareTest({
        wrangler: { configPath: path.join(root, "wrangler.toml") },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            BENCH_LABELS: process.env.BENCH_LABELS ?? "100000",
            BENCH_NEWS_PERCENT: process.env.BENCH_NEWS_PERCENT ?? "2",
            BENCH_BUDGET: process.env.BENCH_BUDGET ?? "600",
            BENCH_CONSUMERS: process.env.BENCH_CONSUMERS ?? "10",
          },
        },
      }),
    ],
    test: { include: ["test/worker/tracking-scale.bench.ts"], testTimeout: 1_800_000, hookTimeout: 600_000 },
  };
});
