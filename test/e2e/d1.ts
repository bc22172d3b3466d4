import { spawnSync } from "node:child_process";
import { inject } from "vitest";

/** Runs SQL against the e2e server's own local D1 (its --persist-to state directory). */
export function d1(sql: string) {
  const r = spawnSync("wrangler", ["d1", "execute", "DB", "--local", "-c", "wrangler.toml", "--persist-to", inject("stateDir"), "--command", sql], {
    encoding: "utf8",
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
  });
  if (r.status !== 0) throw new Error(`wrangler d1 execute failed (${r.status}): ${r.stderr || r.stdout}`);
}
