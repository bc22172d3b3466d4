import { type ChildProcess, type StdioOptions, spawn } from "node:child_process";
import { existsSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

/**
 * The environment of a process that serves the build (vite preview, vite dev, wrangler dev): miniflare's config made in
 * 6 CPU-s instead of 22 (test/e2e/miniflare-arena.ts), and a devtools port of its own (PH_INSPECTOR_PORT, vite.config.ts).
 */
export async function serverEnv(env: NodeJS.ProcessEnv): Promise<NodeJS.ProcessEnv> {
  const hook = `--import=${new URL("./miniflare-arena.ts", import.meta.url).href}`;
  return { ...env, NODE_OPTIONS: [env.NODE_OPTIONS, hook].filter(Boolean).join(" "), PH_INSPECTOR_PORT: String(await freePort()) };
}

/** A port nobody listens on now (the run's own server, a server of its own for one test). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Waits until the server started as `child` answers `url` with 200. It ends with an error when the child exits first
 * (with --strictPort, a taken port) or after `ms`: generous, since a machine at load 17 took two minutes to start one.
 */
export async function untilAnswering(url: string, child: ChildProcess, ms = 300_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`the server for ${url} exited with ${child.exitCode} before answering`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url} within ${ms} ms`);
}

/**
 * Where a server's output goes: test-results/e2e-<name>.log, or this terminal with E2E_SERVER_LOG=1. Kept in a file so
 * that a test failing on what the server did (a 500, an uncaught error) has its cause printed at the end of the run.
 */
export function serverOutput(name: string): StdioOptions {
  if (process.env.E2E_SERVER_LOG) return "inherit";
  mkdirSync("test-results", { recursive: true });
  const out = openSync(logPath(name), "w");
  return ["ignore", out, out];
}

const logPath = (name: string) => path.join("test-results", `e2e-${name}.log`);

/** What went wrong on the server: answers of 5xx (the app never means one) and uncaught errors, the last 30. */
export function serverTrouble(name: string): string[] {
  if (!existsSync(logPath(name))) return [];
  return readFileSync(logPath(name), "utf8")
    .split("\n")
    .filter((line) => /"status":5\d\d|uncaught|SQLITE_BUSY|database is locked/i.test(line))
    .slice(-30);
}

export interface BuildServer {
  base: string;
  stop(): Promise<void>;
}

/**
 * The build in `distDir` served by `wrangler dev` at `base` with local state in `stateDir` (its D1 migrated already,
 * removed when stopped) and `vars` on top of the build's: the stand-ins' server, a file's server of its own.
 */
export async function serveBuild(o: { distDir: string; stateDir: string; base: string; vars: Record<string, string>; name: string }): Promise<BuildServer> {
  const config = path.join(o.distDir, "parcelhive/wrangler.json");
  const vars = Object.entries({ APP_URL: o.base, ...o.vars }).flatMap(([k, v]) => ["--var", `${k}:${v}`]);
  const env = await serverEnv({ ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" });
  const ports = ["--port", new URL(o.base).port, "--inspector-port", String(env.PH_INSPECTOR_PORT)];
  const server = spawn("wrangler", ["dev", "-c", config, "--ip", "127.0.0.1", ...ports, "--persist-to", o.stateDir, "--show-interactive-dev-session=false", ...vars], {
    env,
    stdio: serverOutput(o.name),
  });
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill("SIGTERM");
      await new Promise((r) => server.once("exit", r));
    }
    rmSync(o.stateDir, { recursive: true, force: true });
  };
  try {
    await untilAnswering(`${o.base}/api/health`, server);
  } catch (err) {
    await stop();
    throw err;
  }
  return { base: o.base, stop };
}
