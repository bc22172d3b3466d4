import path from "node:path";
import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

// Prints the per-field accuracy table of the import over test/fixtures/corpus (bench/import-accuracy.ts).
const root = path.join(import.meta.dirname, "..");
export default defineConfig({
  root,
  plugins: [cloudflareTest({ wrangler: { configPath: path.join(root, "wrangler.toml") } })],
  test: { include: ["test/worker/import-accuracy.bench.ts"], testTimeout: 600_000 },
});
