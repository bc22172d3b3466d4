import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { migrateLocalD1 } from "../../scripts/local-d1.ts";
import { d1At } from "./d1";
import { freePort } from "./free-port";

/**
 * A second server of the run's build, for a test that needs configuration the shared one must not have (a carrier
 * stand-in as its tracking API, say): `wrangler dev` on the built Worker and assets, on a free port, with its own
 * local D1/R2/queue state and `vars` on top of the build's. The cron is run through /cdn-cgi/handler/scheduled.
 */
export interface OwnServer {
  base: string;
  /** Runs statements against this server's own D1, all or none. */
  d1(sql: string): Promise<void>;
  /** Runs the 15-minute cron once. */
  cron(): Promise<void>;
  stop(): Promise<void>;
}

const quiet = { CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };


async function waitFor(url: string, ms: number, server: ChildProcess) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (server.exitCode !== null) throw new Error(`wrangler dev exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url} within ${ms} ms`);
}

export async function startOwnServer(vars: Record<string, string>): Promise<OwnServer> {
  const stateDir = mkdtempSync(path.join(tmpdir(), "parcelhive-e2e-own-"));
  const d1 = (sql: string) => d1At(stateDir, sql);
  migrateLocalD1(["--persist-to", stateDir]);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const varArgs = Object.entries({ APP_URL: base, ...vars }).flatMap(([k, v]) => ["--var", `${k}:${v}`]);
  const config = path.join(inject("distDir"), "parcelhive/wrangler.json");
  const server = spawn("wrangler", ["dev", "-c", config, "--ip", "127.0.0.1", "--port", String(port), "--persist-to", stateDir, "--show-interactive-dev-session=false", ...varArgs], {
    env: { ...process.env, ...quiet },
    stdio: process.env.E2E_SERVER_LOG ? "inherit" : "ignore",
  });
  await waitFor(`${base}/api/health`, 90_000, server);
  return {
    base,
    d1,
    cron: async () => {
      const res = await fetch(`${base}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent("*/15 * * * *")}`);
      if (!res.ok) throw new Error(`cron: ${res.status}`);
    },
    stop: async () => {
      server.kill("SIGTERM");
      await new Promise((r) => (server.exitCode !== null ? r(null) : server.once("exit", r)));
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
}
