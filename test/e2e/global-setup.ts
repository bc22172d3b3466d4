import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

/**
 * Builds the app and serves the real bundle with `vite preview` (workerd through miniflare:
 * D1, R2, queues, email, rate limits) on its own port and its own state directory.
 * E2E_SKIP_BUILD=1 reuses an existing dist/ while iterating on tests.
 */
declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    stateDir: string;
  }
}

const PORT = Number(process.env.E2E_PORT ?? 4399);
let server: ChildProcess | undefined;
let stateDir = "";

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed with ${r.status}`);
}

async function waitFor(url: string, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url} within ${ms} ms`);
}

export async function setup(project: TestProject) {
  const env = { CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };
  if (!process.env.E2E_SKIP_BUILD) run("vite", ["build", "--logLevel", "warn"], env);
  stateDir = mkdtempSync(path.join(tmpdir(), "parcelhive-e2e-"));
  run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", stateDir], env);
  server = spawn("vite", ["preview", "--port", String(PORT), "--strictPort"], {
    env: { ...process.env, ...env, PH_STATE_DIR: stateDir },
    stdio: process.env.E2E_SERVER_LOG ? "inherit" : "ignore",
  });
  const baseURL = `http://127.0.0.1:${PORT}`;
  await waitFor(`${baseURL}/api/health`, 60_000);
  project.provide("baseURL", baseURL);
  project.provide("stateDir", stateDir);
}

export async function teardown() {
  server?.kill("SIGTERM");
  if (stateDir) rmSync(stateDir, { recursive: true, force: true });
}
