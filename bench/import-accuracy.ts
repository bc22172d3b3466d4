/**
 * Per-field accuracy of the label import over test/fixtures/corpus, printed as a table with every
 * miss. The same measure is the CI gate in test/worker/import-accuracy.test.ts.
 *
 *   node bench/import-accuracy.ts      (or `npm run bench:accuracy`)
 */
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.join(import.meta.dirname, "..");
const r = spawnSync(path.join(root, "node_modules", ".bin", "vitest"), ["run", "--config", path.join(root, "bench", "import-accuracy.vitest.config.ts")], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
});
process.exit(r.status ?? 1);
