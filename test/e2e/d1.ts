import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { inject } from "vitest";

/**
 * Runs SQL against the e2e server's own local D1 (its --persist-to state directory). Asynchronously: wrangler takes
 * seconds, and a test process blocked that long (spawnSync) keeps the keep-alive connections the server has closed
 * meanwhile, so its next fetch fails with 'other side closed'.
 */
export async function d1(sql: string): Promise<void> {
  try {
    await promisify(execFile)("wrangler", ["d1", "execute", "DB", "--local", "-c", "wrangler.toml", "--persist-to", inject("stateDir"), "--command", sql], {
      encoding: "utf8",
      env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (err) {
    const e = err as { code?: number; stderr?: string; stdout?: string };
    throw new Error(`wrangler d1 execute failed (${e.code}): ${e.stderr || e.stdout}`);
  }
}
