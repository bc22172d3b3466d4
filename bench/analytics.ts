/**
 * Analytics benchmark in workerd: one user with 1,000,000 labels over a year.
 *
 *  1. builds the app and applies the migrations to a fresh local D1 (wrangler, --persist-to);
 *  2. serves the real bundle with `vite preview` (workerd via miniflare) and signs a user up through the API;
 *  3. stops it, writes 1,000,000 labels (+ tags) for that user straight into the D1 SQLite file with
 *     node:sqlite in one transaction, so the migrations' triggers fill the rollup as inserts through
 *     D1 would; 50,000 labels of a second user sit beside them;
 *  4. serves it again and times each call: `ms` from the worker's own request log (at the server,
 *     D1 included) and the loopback round trip; checks each answer's label count against a plain count
 *     over the same SQLite file, and prints the query plans from it.
 *
 * Cases: no tag (label_day_stats), one tag (label_tag_day_stats) and several tags (label_tag_set_day_stats,
 * summed over the tag sets that hold any of them).
 *
 *   node bench/analytics.ts      (BENCH_LABELS=1000000, BENCH_RUNS=15, BENCH_PORT=4495; BENCH_DIST reuses a build)
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";

const LABELS = Number(process.env.BENCH_LABELS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const PORT = Number(process.env.BENCH_PORT ?? 4495);
const BASE = `http://127.0.0.1:${PORT}`;
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };
const YEAR_FROM = "2025-11-01";
const YEAR_TO = "2026-10-31";

function run(cmd: string, args: string[], extra: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(cmd, args, { stdio: ["ignore", "ignore", "inherit"], env: { ...env, ...extra } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed`);
}

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Server request log lines: {"msg":"request","path":...,"ms":...}. */
const serverMs: { path: string; ms: number }[] = [];

async function serve(stateDir: string, distDir: string): Promise<ChildProcess> {
  // `vite preview` finds the worker through .wrangler/deploy/config.json, which every `vite build` in this
  // tree rewrites (the last build wins): point it at our own build just before starting (as bench/seed.ts).
  mkdirSync(".wrangler/deploy", { recursive: true });
  const workerConfig = path.relative(".wrangler/deploy", path.join(distDir, "parcelhive/wrangler.json"));
  writeFileSync(".wrangler/deploy/config.json", JSON.stringify({ configPath: workerConfig, auxiliaryWorkers: [] }));
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
        const entry = JSON.parse(line.slice(at)) as { msg?: string; path?: string; ms?: number };
        if (entry.msg === "request" && entry.path && typeof entry.ms === "number") serverMs.push({ path: entry.path, ms: entry.ms });
      } catch {
        /* not a log line */
      }
    }
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return server;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop(server); // never leave a half-started preview behind
  throw new Error("server did not start");
}

async function stop(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
}

async function api<T>(pathname: string, init: RequestInit & { token?: string; json?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(BASE + pathname, {
    method: init.json !== undefined ? "POST" : "GET",
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  });
  if (!res.ok) throw new Error(`${pathname}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

function d1File(stateDir: string): string {
  const dir = path.join(stateDir, "v3/d1/miniflare-D1DatabaseObject");
  const file = readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  if (!file) throw new Error(`no D1 file in ${dir}`);
  return path.join(dir, file);
}

/**
 * Labels spread evenly over the year: 2/3 evri (20% of them next-day), 2% lost, tags ebay 10%, gift 1/7, etsy 5%,
 * and on 2% an order-number tag of their own (`order-<i>`): 20,000 one-label tag sets, the tag-set rollup's
 * unfavourable case (2,857 of them also carry gift, so "ebay, gift or etsy" sums 2,862 sets).
 */
function seed(file: string, userId: number, otherId: number) {
  const db = new DatabaseSync(file);
  const label = db.prepare(
    "INSERT INTO labels (id, user_id, courier, tracking_code, source, shipped_on, weight_grams, is_next_day, potentially_lost) VALUES (?, ?, ?, ?, 'upload', ?, ?, ?, ?)",
  );
  const tag = db.prepare("INSERT INTO label_tags (label_id, user_id, tag) VALUES (?, ?, ?)");
  const started = performance.now();
  db.exec("BEGIN");
  const write = (owner: number, n: number, prefix: string) => {
    for (let i = 0; i < n; i++) {
      const id = `${prefix}${i.toString(36).padStart(8, "0")}`;
      const evri = i % 3 !== 0;
      label.run(
        id,
        owner,
        evri ? "evri" : "royalmail",
        `${prefix}T${i}`,
        addDays(YEAR_FROM, Math.floor((i / n) * 365)),
        i % 11 === 0 ? null : 100 + ((i * 37) % 5000),
        evri ? (i % 5 === 0 ? 1 : 0) : null,
        i % 50 === 0 ? 1 : 0,
      );
      if (i % 10 === 0) tag.run(id, owner, "ebay");
      if (i % 7 === 0) tag.run(id, owner, "gift");
      if (i % 20 === 3) tag.run(id, owner, "etsy");
      if (i % 50 === 1) tag.run(id, owner, `order-${i}`);
    }
  };
  write(userId, LABELS, "b");
  write(otherId, 50_000, "o");
  db.exec("COMMIT");
  const ms = performance.now() - started;
  // No ANALYZE: the planner works without statistics here, as in the worker tests.
  db.close();
  return ms;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.9))];

async function main() {
  const stateDir = mkdtempSync(path.join(tmpdir(), "parcelhive-bench-analytics-state-"));
  const distDir = process.env.BENCH_DIST ?? mkdtempSync(path.join(tmpdir(), "parcelhive-bench-analytics-dist-"));
  try {
    if (!process.env.BENCH_DIST) run("vite", ["build", "--logLevel", "warn", "--emptyOutDir"], { PH_DIST: distDir });
    run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "-c", "wrangler.toml", "--persist-to", stateDir]);

    let server = await serve(stateDir, distDir);
    const email = `bench-${Date.now()}@example.com`;
    const password = "bench-password-123";
    await api("/api/v1/signup", { json: { email, password, marketing_consent: false } });
    await api("/api/v1/signup", { json: { email: `other-${email}`, password, marketing_consent: false } });
    const { access_token } = await api<{ access_token: string }>("/api/v1/login", { json: { email, password } });
    const me = await api<{ id: number }>("/api/v1/user", { token: access_token });
    await stop(server);

    const file = d1File(stateDir);
    const seedMs = seed(file, me.id, me.id + 1);
    console.log(`seeded ${LABELS.toLocaleString("en-GB")} labels (+50,000 of another user) in ${(seedMs / 1000).toFixed(1)} s`);

    server = await serve(stateDir, distDir);
    const { access_token: token } = await api<{ access_token: string }>("/api/v1/login", { json: { email, password } });

    const cases: [string, Record<string, string>][] = [
      ["year, no filter", { from: YEAR_FROM, to: YEAR_TO }],
      ["last 30 days, no filter", { from: addDays(YEAR_TO, -29), to: YEAR_TO }],
      ["year, courier=evri lost=0 next_day=1", { from: YEAR_FROM, to: YEAR_TO, courier: "evri", lost: "0", next_day: "1" }],
      // One tag: the per-tag rollup.
      ["last 30 days, tags=ebay", { from: addDays(YEAR_TO, -29), to: YEAR_TO, tags: "ebay" }],
      ["year, tags=etsy (5%)", { from: YEAR_FROM, to: YEAR_TO, tags: "etsy" }],
      ["year, tags=ebay (10%)", { from: YEAR_FROM, to: YEAR_TO, tags: "ebay" }],
      ["year, tags=gift (1/7) courier=evri lost=0", { from: YEAR_FROM, to: YEAR_TO, tags: "gift", courier: "evri", lost: "0" }],
      // Several tags ("any of them"): the tag-set rollup.
      ["last 30 days, tags=ebay,gift", { from: addDays(YEAR_TO, -29), to: YEAR_TO, tags: "ebay,gift" }],
      ["year, tags=ebay,etsy (no overlap)", { from: YEAR_FROM, to: YEAR_TO, tags: "ebay,etsy" }],
      ["year, tags=ebay,gift (23%)", { from: YEAR_FROM, to: YEAR_TO, tags: "ebay,gift" }],
      ["year, tags=ebay,gift,etsy (27%)", { from: YEAR_FROM, to: YEAR_TO, tags: "ebay,gift,etsy" }],
      ["year, tags=ebay,gift,etsy,order-1,order-51", { from: YEAR_FROM, to: YEAR_TO, tags: "ebay,gift,etsy,order-1,order-51" }],
      ["last 30 days, tags=ebay,gift,etsy courier=evri lost=0", { from: addDays(YEAR_TO, -29), to: YEAR_TO, tags: "ebay,gift,etsy", courier: "evri", lost: "0" }],
    ];
    // The answer each case must give, counted plainly from the same file (never through the rollups).
    const counted = new DatabaseSync(file, { readOnly: true });
    const expectedRows = (p: Record<string, string>) => {
      const conds = ["l.user_id = ?", "l.shipped_on >= ?", "l.shipped_on <= ?"];
      const args: (string | number)[] = [me.id, p.from, p.to];
      for (const [key, column] of [["courier", "courier"], ["lost", "potentially_lost"], ["next_day", "is_next_day"]]) {
        if (p[key] === undefined) continue;
        conds.push(`l.${column} = ?`);
        args.push(key === "courier" ? p[key] : Number(p[key]));
      }
      if (p.tags) {
        const tags = p.tags.split(",");
        conds.push(`EXISTS (SELECT 1 FROM label_tags t WHERE t.label_id = l.id AND t.user_id = l.user_id AND t.tag IN (${tags.map(() => "?").join(",")}))`);
        args.push(...tags);
      }
      return Number((counted.prepare(`SELECT count(*) AS n FROM labels l WHERE ${conds.join(" AND ")}`).get(...args) as { n: number }).n);
    };
    console.log(`\n| query | call | server ms median | p90 | round trip ms median | labels |`);
    console.log(`|---|---|---:|---:|---:|---:|`);
    for (const [name, params] of cases) {
      for (const call of ["summary", "timeseries"]) {
        const pathname = `/api/v1/labels/analytics/${call}`;
        const qs = new URLSearchParams({ ...params, time_on: "shipping_label_created" });
        let rows = 0;
        const trips: number[] = [];
        await api(`${pathname}?${qs}`, { token }); // warm-up
        serverMs.length = 0;
        for (let i = 0; i < RUNS; i++) {
          const t = performance.now();
          const body = await api<{ totals?: { rows: number }; points?: { value: number }[] }>(`${pathname}?${qs}`, { token });
          trips.push(performance.now() - t);
          rows = body.totals?.rows ?? body.points!.reduce((a, p) => a + p.value, 0);
        }
        await new Promise((r) => setTimeout(r, 200)); // let the last log lines arrive
        const want = expectedRows(params);
        if (rows !== want) throw new Error(`${name} ${call}: answered ${rows} labels, a plain count says ${want}`);
        const server = serverMs.filter((s) => s.path === pathname).map((s) => s.ms);
        console.log(
          `| ${name} | ${call} | ${median(server)} | ${p90(server)} | ${median(trips).toFixed(1)} | ${rows.toLocaleString("en-GB")} |`,
        );
      }
    }
    await stop(server);

    counted.close();

    // The plans SQLite chose, from the same file (the statements the service sends, with literals).
    const db = new DatabaseSync(file, { readOnly: true });
    const plan = (sql: string) => db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all().map((r) => (r as { detail: string }).detail);
    const range = `user_id = ${me.id} AND day >= '${YEAR_FROM}' AND day <= '${YEAR_TO}'`;
    console.log("\nplans:");
    console.log("no tag summary    ", plan(`SELECT sum(labels), sum(weight_sum) FROM label_day_stats WHERE ${range}`));
    console.log("no tag timeseries ", plan(`SELECT day, sum(labels) FROM label_day_stats WHERE ${range} GROUP BY day ORDER BY day`));
    console.log("one tag summary   ", plan(`SELECT sum(labels), sum(weight_sum) FROM label_tag_day_stats WHERE ${range} AND tag = 'ebay'`));
    console.log("one tag timeseries", plan(`SELECT day, sum(labels) FROM label_tag_day_stats WHERE ${range} AND tag = 'ebay' GROUP BY day ORDER BY day`));
    const sets = `SELECT tag_set FROM tag_set_tags WHERE user_id = ${me.id} AND tag IN ('ebay','gift','etsy')`;
    console.log("several summary   ", plan(`SELECT sum(labels), sum(weight_sum) FROM label_tag_set_day_stats WHERE ${range} AND tag_set IN (${sets})`));
    console.log("several timeseries", plan(`SELECT day, sum(labels) FROM label_tag_set_day_stats WHERE ${range} AND tag_set IN (${sets}) GROUP BY day ORDER BY day`));
    const size = (table: string) => Number((db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n);
    console.log("rows: label_day_stats", size("label_day_stats"), "label_tag_day_stats", size("label_tag_day_stats"),
      "label_tag_sets", size("label_tag_sets"), "label_tag_set_day_stats", size("label_tag_set_day_stats"), "tag_set_tags", size("tag_set_tags"));
    db.close();
  } finally {
    rmSync(stateDir, { recursive: true, force: true });
    if (!process.env.BENCH_DIST) {
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
}

await main();
