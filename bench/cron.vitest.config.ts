import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

// Runs bench/cron.ts inside workerd with the real D1 (miniflare SQLite) and queue bindings.
//   npx vitest run --config bench/cron.vitest.config.ts
const root = path.join(import.meta.dirname, "..");
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(root, "migrations"));
  return {
    root,
    plugins: [
      cloudflareTest({
        wrangler: { configPath: path.join(root, "wrangler.toml") },
        miniflare: { bindings: { TEST_MIGRATIONS: migrations } },
      }),
    ],
    test: { include: ["bench/cron.ts"], testTimeout: 600_000, hookTimeout: 600_000 },
  };
});
