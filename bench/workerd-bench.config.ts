import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { pdfjsObservedPrefetch } from "../scripts/pdfjs-observed-prefetch.ts";

// Runs one benchmark file (BENCH_FILE) inside workerd with the real D1 and queue bindings, the
// migrations to apply, and every BENCH_* variable of the environment as a binding (bench/workerd-bench.ts).
// BENCH_SETUP names a vitest globalSetup that runs in Node first (the generated labels' server).
const root = path.join(import.meta.dirname, "..");
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(root, "migrations"));
  const bench = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[0].startsWith("BENCH_") && e[1] !== undefined));
  return {
    root,
    plugins: [pdfjsObservedPrefetch(), cloudflareTest({ wrangler: { configPath: path.join(root, "wrangler.toml") }, miniflare: { bindings: { TEST_MIGRATIONS: migrations, ...bench } } })],
    test: {
      include: [process.env.BENCH_FILE ?? "none"],
      globalSetup: process.env.BENCH_SETUP ? [process.env.BENCH_SETUP] : [],
      testTimeout: 7_200_000,
      hookTimeout: 600_000,
    },
  };
});
