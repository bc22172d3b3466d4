/**
 * Shared bench plumbing (the approach of bench/labels-list.ts, factored out for bench/api-load.mjs and
 * bench/lighthouse.mjs): build the app, apply the migrations to a fresh local D1 (--persist-to), serve the
 * real bundle with `vite preview` (workerd via miniflare), sign users up through the API, and write labels
 * straight into the local D1 SQLite file with node:sqlite in one transaction (the migrations' triggers run
 * as they do through D1).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { DatabaseSync } from "node:sqlite";

export const benchEnv = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };

export function run(cmd: string, args: string[], extra: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(cmd, args, { stdio: ["ignore", "ignore", "inherit"], env: { ...benchEnv, ...extra } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed`);
}

export interface Workspace {
  stateDir: string;
  distDir: string;
  /** Removes the temp state (and the build, unless BENCH_DIST was given). */
  cleanup(): void;
}

/**
 * The worker's secrets next to a build's worker, from .dev.vars as under `npm run dev` (a fresh clone
 * has only the example): a build without them answers every sign-in 500 ('JWT_SECRET is missing').
 */
export function giveSecrets(distDir: string): void {
  if (!existsSync(".dev.vars")) copyFileSync(".dev.vars.example", ".dev.vars");
  const workerVars = path.join(distDir, "parcelhive/.dev.vars");
  if (!existsSync(workerVars)) copyFileSync(".dev.vars", workerVars);
}

/**
 * A build (`reuse`, by default BENCH_DIST, reuses one) with the worker's secrets and a fresh, migrated D1
 * state directory.
 */
export function prepare(name: string, reuse = process.env.BENCH_DIST): Workspace {
  const stateDir = mkdtempSync(path.join(tmpdir(), `parcelhive-bench-${name}-state-`));
  const distDir = reuse ?? mkdtempSync(path.join(tmpdir(), `parcelhive-bench-${name}-dist-`));
  if (!reuse) run("vite", ["build", "--logLevel", "warn", "--emptyOutDir"], { PH_DIST: distDir });
  giveSecrets(distDir);
  run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "-c", "wrangler.toml", "--persist-to", stateDir]);
  return {
    stateDir,
    distDir,
    cleanup() {
      rmSync(stateDir, { recursive: true, force: true });
      if (reuse) return;
      rmSync(distDir, { recursive: true, force: true });
      // vite build leaves a redirect to its output for wrangler; drop it when it points at our temp build.
      const redirect = ".wrangler/deploy/config.json";
      try {
        if (readFileSync(redirect, "utf8").includes(path.basename(distDir))) rmSync(redirect);
      } catch {
        /* no redirect */
      }
    },
  };
}

/** A JSON line the worker logs: {"level":…,"msg":…, …fields}. */
export type WorkerLogEntry = { level: string; msg: string } & Record<string, unknown>;

/** Calls `onEntry` with each JSON log line in a server's output (text before `{"level"` is passed over). */
export function onWorkerLog(output: Readable, onEntry: (entry: WorkerLogEntry) => void) {
  let buffered = "";
  output.on("data", (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split("\n");
    buffered = lines.pop()!;
    for (const line of lines) {
      const at = line.indexOf('{"level"');
      if (at < 0) continue;
      let entry: WorkerLogEntry;
      try {
        entry = JSON.parse(line.slice(at));
      } catch {
        continue; // not a log line
      }
      onEntry(entry);
    }
  });
}

export interface Server {
  base: string;
  process: ChildProcess;
  /** Worker request log lines ({"level":…,"msg":"request","path","ms"}), as they arrive. */
  requests: { path: string; ms: number }[];
  stop(): Promise<void>;
}

/** `vite preview` of the build on 127.0.0.1:port with its own state; resolves once /api/health answers. */
export async function serve(ws: Workspace, port: number): Promise<Server> {
  const base = `http://127.0.0.1:${port}`;
  // `vite preview` finds the worker to run through .wrangler/deploy/config.json, which every `vite build` in
  // this tree rewrites (the last build wins): point it at our build, as our own build did, just before starting.
  mkdirSync(".wrangler/deploy", { recursive: true });
  const workerConfig = path.relative(".wrangler/deploy", path.join(ws.distDir, "parcelhive/wrangler.json"));
  writeFileSync(".wrangler/deploy/config.json", JSON.stringify({ configPath: workerConfig, auxiliaryWorkers: [] }));
  const child = spawn("vite", ["preview", "--port", String(port), "--strictPort"], {
    env: { ...benchEnv, PH_DIST: ws.distDir, PH_STATE_DIR: ws.stateDir },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const requests: Server["requests"] = [];
  onWorkerLog(child.stdout!, (e) => {
    if (e.msg === "request" && typeof e.path === "string" && typeof e.ms === "number") requests.push({ path: e.path, ms: e.ms });
  });
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  const server: Server = {
    base,
    process: child,
    requests,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${base}/api/health`)).ok) return server;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await server.stop();
  throw new Error("server did not start");
}

export async function post<T>(base: string, pathname: string, json: unknown): Promise<T> {
  const res = await fetch(base + pathname, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(json) });
  if (!res.ok) throw new Error(`${pathname}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export async function get<T>(base: string, pathname: string, token: string): Promise<T> {
  const res = await fetch(base + pathname, { headers: { Authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${pathname}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export interface Account {
  id: number;
  email: string;
  password: string;
}

/** Signs a user up through the API and returns its id (from GET /api/v1/user). */
export async function signUp(base: string, email: string, password = "bench-password-123"): Promise<Account> {
  await post(base, "/api/v1/signup", { email, password, marketing_consent: false });
  const { access_token } = await login(base, email, password);
  const me = await get<{ id: number }>(base, "/api/v1/user", access_token);
  return { id: me.id, email, password };
}

export function login(base: string, email: string, password: string) {
  return post<{ access_token: string; refresh_token: string }>(base, "/api/v1/login", { email, password });
}

export function d1File(stateDir: string): string {
  const dir = path.join(stateDir, "v3/d1/miniflare-D1DatabaseObject");
  const file = readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  if (!file) throw new Error(`no D1 file in ${dir}`);
  return path.join(dir, file);
}

const FIRST = ["James", "Olivia", "Jack", "Amelia", "Harry", "Isla", "George", "Ava", "Noah", "Mia", "Leo", "Zoë", "Oscar", "Grace", "Arthur", "Freya", "Muhammad", "Lily", "Alfie", "Sophie", "Thomas", "Evie", "Joshua", "Ella", "William", "Poppy", "Henry", "Chloé", "Theo", "Ruby"];
const LAST = ["Smith", "Jones", "Taylor", "Brown", "Williams", "Wilson", "Johnson", "Davies", "Patel", "Robinson", "Wright", "Thompson", "Evans", "Walker", "White", "Roberts", "Green", "Hall", "Wood", "Jackson", "Clarke", "Khan", "O'Brien", "Hughes", "Edwards", "Müller", "Lewis", "Harris", "Martin", "Cooper", "Ward", "Turner", "Hill", "Moore", "Clark", "Baker", "Kowalski", "Singh", "Murphy", "Price"];
const OUTWARD = ["SW1A", "M1", "B1", "LS1", "EH1", "G2", "CF10", "BS1", "L1", "NE1", "OX18", "GL5", "BT1", "NG1", "S1", "PL4", "EX1", "YO1", "CB2", "BN1"];
const HOUR = 3_600_000;

/** Label i's recipient: 1,200 names (each surname on 1 in 40) and 20 postcode areas (1 in 20), spread evenly. */
function recipient(i: number) {
  const name = `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`;
  const postcode = `${OUTWARD[i % OUTWARD.length]} ${(i * 31) % 10}${"ABDEFGHJLNPQRSTUWXYZ"[(i * 17) % 20]}${"ABDEFGHJLNPQRSTUWXYZ"[(i * 11) % 20]}`;
  return { name, address: ["12 Long Street", "Townsville"], postcode, countryCode: "GB" };
}

/**
 * Label i's tracking by its age (a seller posting 1,440 parcels a day): under a day old, waiting for its first
 * scan or in transit; 1-3 days, in transit, out for delivery or delivered; older, 96% delivered, the rest returned,
 * stuck in transit (a third flagged potentially lost) or never scanned. Columns as the tracking service keeps them.
 */
function trackingState(i: number, at: number) {
  const age = (Date.now() - at) / HOUR;
  const roll = (i * 7919) % 100;
  const kind =
    age < 24 ? (roll < 40 ? "waiting" : "in_transit")
    : age < 72 ? (roll < 10 ? "waiting" : roll < 60 ? "in_transit" : roll < 70 ? "out_for_delivery" : "delivered")
    : roll < 96 ? "delivered" : roll < 97 ? "returned" : roll < 99 ? "stuck" : "waiting";
  const scans = [at + 6 * HOUR, at + 20 * HOUR, at + 30 * HOUR].filter((t) => t < Date.now());
  // Not scanned yet (or not due a scan yet, under 6 hours old): waiting.
  if (kind === "waiting" || !scans.length) return { status: null, json: null, lastScanAt: null, deliveredAt: null, lost: age > 96 && roll % 2 === 0 };
  const last = kind === "stuck" ? scans[0] : scans[scans.length - 1];
  const events = [
    ...(kind === "delivered" ? [{ at: Math.min(Date.now(), last + 4 * HOUR), code: "5_COURIER", text: "Delivered: handed to the recipient" }] : []),
    ...(kind === "out_for_delivery" ? [{ at: last, code: "4_COURIER", text: "Your courier has your parcel and it's out for delivery" }] : []),
    ...(kind === "returned" ? [{ at: last, code: "9", text: "Returning to the sender" }] : []),
    ...(kind === "stuck" ? [scans[0]] : scans).map((t) => ({ at: t, code: "3", text: "It's at our local depot" })),
    { at: at + HOUR, code: "1", text: "The sender has told us your parcel is on its way" },
  ].sort((a, b) => b.at - a.at);
  const json = JSON.stringify({
    results: [{ service: { serviceType: "Standard" }, trackingEvents: events.map((e) => ({ dateTime: new Date(e.at).toISOString(), trackingPoint: { description: e.text }, trackingStage: { trackingStageCode: e.code } })) }],
  });
  const status = kind === "stuck" ? "in_transit" : kind;
  return { status, json, lastScanAt: last, deliveredAt: kind === "delivered" ? events[0].at : null, lost: kind === "stuck" && roll % 3 === 0 };
}

/**
 * Label i's tracking code, in its courier's format: Evri's 16 characters (H01, the client's 2 letters, a
 * 10-digit sequence, a check digit), Royal Mail's 13 (2 letters, 8 digits, a check digit, GB). `prefix` (1-2
 * letters) makes the client letters, so each bench user's codes are its own.
 */
export function trackingCode(prefix: string, i: number, evri: boolean): string {
  const client = prefix.toUpperCase().padEnd(2, "X").slice(0, 2);
  return evri ? `H01${client}${1_234_500_000 + i}${i % 10}` : `${client}${String(10_000_000 + i).slice(-8)}${i % 10}GB`;
}

/** worker/deadlines/action-window.ts's labelActionWindow (loaded with loadActionWindow), as the tracking service writes it. */
type ActionWindowOf = (
  row: { courier: string; createdAt: number; deliveredAt: number | null; trackingStatus: string | null; outcome: null; firstScanAt: number | null; lastScanAt: number | null; potentiallyLost: boolean },
  details: object,
) => { actionFrom: string | null; actionUntil: string | null };

/** The worker's own action window function (Vite's module runner resolves its imports), or none on a tree without it. */
export async function loadActionWindow(): Promise<ActionWindowOf | undefined> {
  // Where it is now, and where trees before the move to worker/deadlines/ kept it (benches compare builds).
  const source = ["./worker/deadlines/action-window.ts", "./worker/claims/action-window.ts"].find((path) => existsSync(path));
  if (!source) return undefined;
  const { runnerImport } = await import("vite");
  const { module } = await runnerImport<{ labelActionWindow: ActionWindowOf }>(source, { configFile: false });
  return module.labelActionWindow;
}

/**
 * Writes `count` labels for `userId` into the D1 file (the server must be stopped): one a minute back from
 * now, realistic details JSON with varied recipients and postcodes, 2/3 evri (a fifth of those next-day), `ebay`
 * tag on 10%, an order reference in the notes of a quarter, and with `tracking`, tracking states by age
 * (trackingState). Returns ms taken. `prefix` keeps ids and tracking codes unique per call.
 */
export function seedLabels(file: string, batches: { userId: number; count: number; prefix: string; tracking?: boolean }[], actionWindow?: ActionWindowOf): number {
  const db = new DatabaseSync(file);
  const insert = db.prepare(
    `INSERT INTO labels (id, user_id, courier, tracking_code, details_json, tags_json, notes, source, shipped_on, weight_grams, is_next_day, created_at, updated_at,
       tracking_json, tracking_status, last_scan_at, first_scan_at, delivered_at, potentially_lost, potentially_lost_at, lost_reason)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'upload', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const setWindow = actionWindow && db.prepare("UPDATE labels SET action_from = ?, action_until = ? WHERE id = ?");
  const tag = db.prepare("INSERT INTO label_tags (label_id, user_id, tag) VALUES (?, ?, 'ebay')");
  const started = performance.now();
  const now = Date.now();
  db.exec("BEGIN");
  for (const { userId, count, prefix, tracking } of batches) {
    for (let i = 0; i < count; i++) {
      const id = `lbl_${prefix}${i.toString(16).padStart(18, "0")}`;
      const evri = i % 3 !== 0;
      const code = trackingCode(prefix, i, evri);
      const at = now - i * 60_000;
      const details = {
        courier: evri ? "evri" : "royalmail",
        trackingCode: code,
        countryCode: "GB",
        address: recipient(i),
        fromAddress: { name: "Sender Ltd", address: ["Unit 4 Park"], postcode: "OX18 3UQ", countryCode: "GB" },
        weightInGrams: 100 + ((i * 37) % 5000),
        dimensionsCm: [30, 20, 10],
        shippingLabelCreatedAt: new Date(at).toISOString(),
      };
      const ebay = i % 10 === 0;
      const notes = i % 4 === 0 ? `Order ${206 + (i % 700)}-${String(7_965_794 + i).padStart(7, "0")}` : "";
      const t = tracking ? trackingState(i, at) : null;
      const updated = t?.lastScanAt ?? at;
      insert.run(id, userId, details.courier, code, JSON.stringify(details), ebay ? '["ebay"]' : "[]", notes,
        new Date(at).toISOString().slice(0, 10), details.weightInGrams, evri ? (i % 5 === 0 ? 1 : 0) : null, at, updated,
        t?.json ?? null, t?.status ?? null, t?.lastScanAt ?? null, t?.lastScanAt === null || !t ? null : at + 6 * HOUR, t?.deliveredAt ?? null,
        t?.lost ? 1 : 0, t?.lost ? updated + 96 * HOUR : null, t?.lost ? (t.lastScanAt === null ? "no_first_scan" : "no_new_scan") : null);
      if (setWindow && t) {
        const firstScanAt = t.lastScanAt === null ? null : at + 6 * HOUR;
        const row = { courier: details.courier, createdAt: at, deliveredAt: t.deliveredAt, trackingStatus: t.status, outcome: null, firstScanAt, lastScanAt: t.lastScanAt, potentiallyLost: t.lost };
        const w = actionWindow!(row, { ...details, tracking: t.json ? JSON.parse(t.json) : null });
        if (w.actionUntil !== null) setWindow.run(w.actionFrom, w.actionUntil, id);
      }
      if (ebay) tag.run(id, userId);
    }
  }
  db.exec("COMMIT");
  db.close();
  return performance.now() - started;
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
export const median = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)];
export const percentile = (xs: number[], p: number) => sorted(xs)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
