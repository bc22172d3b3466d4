import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

// Runs test/worker/tracking-cron.bench.ts inside workerd with the real D1 (miniflare SQLite) and queue bindings.
//   npm run bench:cron   (or: node bench/cron.ts)
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
            BENCH_PASSES: process.env.BENCH_PASSES ?? "5",
          },
        },
      }),
    ],
    test: { include: ["test/worker/tracking-cron.bench.ts"], testTimeout: 600_000, hookTimeout: 600_000 },
  };
});
