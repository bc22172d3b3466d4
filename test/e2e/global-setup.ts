import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrowserServer } from "playwright-core";
import type { TestProject } from "vitest/node";
import { migrateLocalD1 } from "../../scripts/local-d1.ts";
import { startChromium } from "./chromium";
import { freePort, serverEnv, serverOutput, serverTrouble, untilAnswering } from "./server-process";
import { startStandinsServer, type StandinsServer } from "./standins-server";

/**
 * Builds the app and serves the real bundle with `vite preview` (workerd through miniflare:
 * D1, R2, queues, email, rate limits) on its own port and its own state directory.
 * E2E_BUILD=dist serves a build made already (`npm run build`) instead: CI builds once for the deploy check and
 * this run (.ci/run), and it saves the build while iterating on tests.
 */
declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    stateDir: string;
    /** The run's Chromium, for playwright's connect (test/e2e/browser.ts launchBrowser). */
    chromiumEndpoint: string;
    /** The same build served with the carrier and Stripe stand-ins (test/e2e/standins-server.ts). */
    standinsURL: string;
    /** The run's build, and its database as migrated before any server opened it: a file's server of its own. */
    distDir: string;
    migratedStateDir: string;
    /** The Evri stand-in that server tracks parcels with (setEvriStory tells it a parcel's story). */
    evriStandinURL: string;
    /** The Stripe stand-in that server takes payments through (its dashboard and /_standin controls). */
    stripeStandinURL: string;
    /** The eBay, Etsy and Shopify stand-in that server connects shops through (its /_standin controls). */
    marketplaceStandinURL: string;
    /** The one server's wait before each webhook retry (its WEBHOOK_RETRY_SECONDS; the product's first is 30 s). */
    webhookRetrySeconds: number;
  }
}

/** Seconds between webhook attempts on the one server: webhooks.test.ts sees a retry without waiting 30 s for it. */
const WEBHOOK_RETRY_SECONDS = 2;

let server: ChildProcess | undefined;
let standins: StandinsServer | undefined;
let chromium: BrowserServer | undefined;
let stateDir = "";
let migratedState = "";
let distDir = "";

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed with ${r.status}`);
}

/**
 * A build made for deploying, as this run's own: the vars a build for this server differs in (APP_URL,
 * WEBHOOK_RETRY_SECONDS) live in the Worker's generated wrangler.json, not in the bundle (serverVars).
 */
function copyBuild(from: string, to: string) {
  const config = path.join(from, "parcelhive/wrangler.json");
  if (!existsSync(config)) throw new Error(`E2E_BUILD=${from} holds no build (${config}): run \`npm run build\` first`);
  cpSync(from, to, { recursive: true, filter: (src) => path.basename(src) !== "deploy-check" });
  editWorkerConfig(to, (worker) => ({
    ...worker,
    // Paths in it are relative to where the build was written.
    d1_databases: worker.d1_databases?.map((d) => (d.migrations_dir ? { ...d, migrations_dir: path.resolve(from, "parcelhive", d.migrations_dir) } : d)),
  }));
}

interface WorkerConfig {
  vars?: Record<string, unknown>;
  d1_databases?: { migrations_dir?: string }[];
}

function editWorkerConfig(distDir: string, edit: (worker: WorkerConfig) => WorkerConfig) {
  const file = path.join(distDir, "parcelhive/wrangler.json");
  writeFileSync(file, JSON.stringify(edit(JSON.parse(readFileSync(file, "utf8")) as WorkerConfig)));
}

/**
 * The one server's vars on top of the build's, which `vite preview` serves as they are: links in mail point at this
 * server (vite.config.ts puts PH_APP_URL there too when it builds), and webhook retries come seconds apart.
 */
function serverVars(distDir: string, appUrl: string) {
  editWorkerConfig(distDir, (worker) => ({ ...worker, vars: { ...worker.vars, APP_URL: appUrl, WEBHOOK_RETRY_SECONDS: String(WEBHOOK_RETRY_SECONDS) } }));
}

export async function setup(project: TestProject) {
  // A free port unless one is asked for: with a fixed one, two runs on one machine (two worktrees) found each other's
  // server answering and tested another build without a word.
  const PORT = Number(process.env.E2E_PORT ?? (await freePort()));
  const started = Date.now();
  // Secrets come from .dev.vars, as under `npm run dev`; a fresh clone (CI) has only the example.
  if (!existsSync(".dev.vars")) copyFileSync(".dev.vars.example", ".dev.vars");
  const env = { CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };
  stateDir = mkdtempSync(path.join(tmpdir(), "parcelhive-e2e-state-"));
  // Our own build directory, so parallel runs and `npm run preview` never serve each other's files.
  distDir = mkdtempSync(path.join(tmpdir(), "parcelhive-e2e-dist-"));
  // NODE_ENV=production: vitest sets it to 'test', which would bundle React's development build.
  // PH_APP_URL: links in the mail the app sends point at this server (vite.config.ts), as they would in production.
  const buildEnv = { ...env, PH_DIST: distDir, NODE_ENV: "production", PH_APP_URL: `http://127.0.0.1:${PORT}` };
  if (process.env.E2E_BUILD) copyBuild(process.env.E2E_BUILD, distDir);
  else run("vite", ["build", "--logLevel", "warn", "--emptyOutDir"], buildEnv);
  serverVars(distDir, buildEnv.PH_APP_URL);
  const built = Date.now();
  migrateLocalD1(["--persist-to", stateDir]);
  // The stand-ins' server starts from a copy of the migrated database, made before either server opens it.
  const standinsState = mkdtempSync(path.join(tmpdir(), "parcelhive-e2e-standins-"));
  cpSync(stateDir, standinsState, { recursive: true });
  migratedState = mkdtempSync(path.join(tmpdir(), "parcelhive-e2e-migrated-"));
  cpSync(stateDir, migratedState, { recursive: true });
  const migrated = Date.now();
  // `vite preview` finds the worker through .wrangler/deploy/config.json, which every `vite build` in this
  // tree rewrites (the last build wins): point it at our own build just before starting the server.
  mkdirSync(".wrangler/deploy", { recursive: true });
  const workerConfig = path.relative(".wrangler/deploy", path.join(distDir, "parcelhive/wrangler.json"));
  writeFileSync(".wrangler/deploy/config.json", JSON.stringify({ configPath: workerConfig, auxiliaryWorkers: [] }));
  server = spawn("vite", ["preview", "--port", String(PORT), "--strictPort"], {
    env: await serverEnv({ ...process.env, ...buildEnv, PH_STATE_DIR: stateDir }),
    stdio: serverOutput("server"),
  });
  const baseURL = buildEnv.PH_APP_URL;
  // Both servers start at once: each waits on its own runtime.
  await Promise.all([
    startStandinsServer(distDir, standinsState).then((s) => (standins = s)),
    untilAnswering(`${baseURL}/api/health`, server),
    startChromium().then((c) => (chromium = c)),
  ]);
  if (!standins || !chromium) throw new Error("the stand-ins' server or Chromium did not start");
  const s = (from: number, to: number) => `${Math.round((to - from) / 1000)} s`;
  console.log(`e2e setup: build ${s(started, built)}, database ${s(built, migrated)}, both servers answering and Chromium up ${s(migrated, Date.now())}`);
  project.provide("chromiumEndpoint", chromium.wsEndpoint());
  project.provide("baseURL", baseURL);
  project.provide("stateDir", stateDir);
  project.provide("standinsURL", standins.base);
  project.provide("distDir", distDir);
  project.provide("migratedStateDir", migratedState);
  project.provide("evriStandinURL", standins.evriStandin);
  project.provide("stripeStandinURL", standins.stripeStandin);
  project.provide("marketplaceStandinURL", standins.marketplaceStandin);
  project.provide("webhookRetrySeconds", WEBHOOK_RETRY_SECONDS);
}

export async function teardown() {
  server?.kill("SIGTERM");
  await chromium?.close();
  await standins?.stop();
  for (const name of ["server", "standins-server"]) {
    const trouble = serverTrouble(name);
    if (trouble.length) console.log(`e2e ${name}: its 5xx answers and uncaught errors (test-results/e2e-${name}.log):\n${trouble.join("\n")}`);
  }
  for (const dir of [stateDir, migratedState]) if (dir) rmSync(dir, { recursive: true, force: true });
  if (distDir) {
    rmSync(distDir, { recursive: true, force: true });
    // vite build leaves a redirect to its output for wrangler; drop it when it points at our temp build.
    const redirect = ".wrangler/deploy/config.json";
    try {
      if (readFileSync(redirect, "utf8").includes(path.basename(distDir))) rmSync(redirect);
    } catch {
      /* no redirect */
    }
  }
}
