/**
 * Labels list benchmark: GET /api/v1/labels for one user with 100,000 labels, at the server.
 *
 *  1. builds the app (or reuses BENCH_DIST), applies the migrations to a fresh local D1 (--persist-to);
 *  2. serves the real bundle with `vite preview` (workerd via miniflare), signs a user up through the API;
 *  3. stops it and writes the labels (+ tags, 10,000 labels of another user) into the D1 SQLite file with
 *     node:sqlite in one transaction (triggers run as they would through D1);
 *  4. serves it again and times each call: `ms` from the worker's request log (server side, D1 included)
 *     and the loopback round trip; prints the query plans SQLite picks.
 *
 *   node bench/labels-list.ts     (BENCH_LABELS=100000, BENCH_RUNS=20, BENCH_PORT=4496, BENCH_DIST=<reuse a build>)
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";

const LABELS = Number(process.env.BENCH_LABELS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 4496);
const BASE = `http://127.0.0.1:${PORT}`;
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };

function run(cmd: string, args: string[], extra: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(cmd, args, { stdio: ["ignore", "ignore", "inherit"], env: { ...env, ...extra } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed`);
}

const requestLog: { path: string; ms: number }[] = [];

async function serve(stateDir: string, distDir: string): Promise<ChildProcess> {
  const server = spawn("vite", ["preview", "--port", String(PORT), "--strictPort"], {
    env: { ...env, PH_DIST: distDir, PH_STATE_DIR: stateDir },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let buf = "";
  server.stdout!.on("data", (chunk: Buffer) => {
    buf += chunk.toString();
    for (let nl = buf.indexOf("\n"); nl >= 0; nl = buf.indexOf("\n")) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      const at = line.indexOf('{"level"');
      if (at < 0) continue;
      try {
        const e = JSON.parse(line.slice(at)) as { msg?: string; path?: string; ms?: number };
        if (e.msg === "request" && e.path && typeof e.ms === "number") requestLog.push({ path: e.path, ms: e.ms });
      } catch {
        /* not a log line */
      }
    }
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return server;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not start");
}

async function stop(server: ChildProcess) {
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
}

async function post<T>(pathname: string, json: unknown): Promise<T> {
  const res = await fetch(BASE + pathname, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(json) });
  if (!res.ok) throw new Error(`${pathname}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function get<T>(pathname: string, token: string): Promise<T> {
  const res = await fetch(BASE + pathname, { headers: { Authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${pathname}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

function d1File(stateDir: string): string {
  const dir = path.join(stateDir, "v3/d1/miniflare-D1DatabaseObject");
  const file = readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  if (!file) throw new Error(`no D1 file in ${dir}`);
  return path.join(dir, file);
}

/** Labels one minute apart going back from now, with realistic details JSON; tags ebay on 10%. */
function seed(file: string, userId: number, otherId: number): number {
  const db = new DatabaseSync(file);
  const insert = db.prepare(
    `INSERT INTO labels (id, user_id, courier, tracking_code, details_json, tags_json, source, shipped_on, weight_grams, is_next_day, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, 'upload', ?, ?, ?, ?, ?)`,
  );
  const tag = db.prepare("INSERT INTO label_tags (label_id, user_id, tag) VALUES (?, ?, 'ebay')");
  const started = performance.now();
  const now = Date.now();
  db.exec("BEGIN");
  const write = (owner: number, n: number, prefix: string) => {
    for (let i = 0; i < n; i++) {
      const id = `lbl_${prefix}${i.toString(16).padStart(18, "0")}`;
      const evri = i % 3 !== 0;
      const code = `${prefix.toUpperCase()}${String(i).padStart(14, "0")}`;
      const at = now - i * 60_000;
      const details = {
        courier: evri ? "evri" : "royalmail",
        trackingCode: code,
        countryCode: "GB",
        address: { name: "Recipient Name", address: ["12 Long Street", "Townsville"], postcode: "SW1A 1AA", countryCode: "GB" },
        fromAddress: { name: "Sender Ltd", address: ["Unit 4 Park"], postcode: "OX18 3UQ", countryCode: "GB" },
        weightInGrams: 100 + ((i * 37) % 5000),
        dimensionsCm: [30, 20, 10],
        shippingLabelCreatedAt: new Date(at).toISOString(),
      };
      const ebay = i % 10 === 0;
      insert.run(id, owner, details.courier, code, JSON.stringify(details), ebay ? '["ebay"]' : "[]",
        new Date(at).toISOString().slice(0, 10), details.weightInGrams, evri ? (i % 5 === 0 ? 1 : 0) : null, at, at);
      if (ebay) tag.run(id, owner);
    }
  };
  write(userId, LABELS, "b");
  write(otherId, 10_000, "o");
  db.exec("COMMIT");
  db.close();
  return performance.now() - started;
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const median = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)];
const p90 = (xs: number[]) => sorted(xs)[Math.min(xs.length - 1, Math.floor(xs.length * 0.9))];

async function main() {
  const stateDir = mkdtempSync(path.join(tmpdir(), "parcelhive-bench-labels-state-"));
  const distDir = process.env.BENCH_DIST ?? mkdtempSync(path.join(tmpdir(), "parcelhive-bench-labels-dist-"));
  let server: ChildProcess | undefined;
  try {
    if (!process.env.BENCH_DIST) run("vite", ["build", "--logLevel", "warn", "--emptyOutDir"], { PH_DIST: distDir });
    run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "-c", "wrangler.toml", "--persist-to", stateDir]);

    server = await serve(stateDir, distDir);
    const email = `bench-labels-${Date.now()}@example.com`;
    const password = "bench-password-123";
    await post("/api/v1/signup", { email, password, marketing_consent: false });
    await post("/api/v1/signup", { email: `other-${email}`, password, marketing_consent: false });
    const { access_token } = await post<{ access_token: string }>("/api/v1/login", { email, password });
    const me = await get<{ id: number }>("/api/v1/user", access_token);
    await stop(server);

    const file = d1File(stateDir);
    const seedMs = seed(file, me.id, me.id + 1);
    console.log(`seeded ${LABELS.toLocaleString("en-GB")} labels (+10,000 of another user) in ${(seedMs / 1000).toFixed(1)} s`);

    server = await serve(stateDir, distDir);
    const { access_token: token } = await post<{ access_token: string }>("/api/v1/login", { email, password });
    const lastPage15 = Math.ceil(LABELS / 15);
    const cases: [string, string][] = [
      ["page 1, 15 per page (default)", ""],
      ["page 1, 50 per page", "per_page=50"],
      ["page 100, 50 per page", "page=100&per_page=50"],
      [`last page (${lastPage15}), 15 per page`, `page=${lastPage15}`],
      ["page 1, courier=evri", "courier=evri"],
      ["page 1, tags=ebay (10%)", "tags=ebay"],
      ["page 1, lost=1 (none match)", "lost=1"],
    ];
    console.log(`\n| query | server ms median | p90 | round trip ms median | results | total |`);
    console.log(`|---|---:|---:|---:|---:|---:|`);
    for (const [name, qs] of cases) {
      const pathname = `/api/v1/labels${qs ? `?${qs}` : ""}`;
      await get(pathname, token); // warm-up
      requestLog.length = 0;
      const trips: number[] = [];
      let body = { results: [] as unknown[], total: 0 };
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        body = await get(pathname, token);
        trips.push(performance.now() - t);
      }
      await new Promise((r) => setTimeout(r, 200));
      const ms = requestLog.filter((r) => r.path === "/api/v1/labels").map((r) => r.ms);
      console.log(`| ${name} | ${median(ms)} | ${p90(ms)} | ${median(trips).toFixed(1)} | ${body.results.length} | ${body.total.toLocaleString("en-GB")} |`);
    }
    await stop(server);
    server = undefined;

    const db = new DatabaseSync(file, { readOnly: true });
    const plan = (sql: string) => db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all().map((r) => (r as { detail: string }).detail).join("; ");
    console.log("\nplans:");
    console.log(" page:  ", plan(`SELECT * FROM labels WHERE user_id = ${me.id} ORDER BY created_at DESC, labels.rowid DESC LIMIT 15 OFFSET 0`));
    console.log(" total: ", plan(`SELECT count(*) FROM labels WHERE user_id = ${me.id}`));
    console.log(" tags:  ", plan(`SELECT * FROM labels WHERE user_id = ${me.id} AND EXISTS (SELECT 1 FROM label_tags WHERE label_id = labels.id AND user_id = ${me.id} AND tag IN ('ebay')) ORDER BY created_at DESC, labels.rowid DESC LIMIT 15`));
    db.close();
  } finally {
    if (server) await stop(server);
    rmSync(stateDir, { recursive: true, force: true });
    if (!process.env.BENCH_DIST) rmSync(distDir, { recursive: true, force: true });
  }
}

await main();
