/**
 * API under load on the built app: GET /api/v1/labels for a user with 100,000 labels against the same
 * server's trivial GET /api/health (budget: the list holds >= 50% of health's throughput).
 *
 *  1. builds the app (or reuses BENCH_DIST), applies the migrations to a fresh local D1, serves the real bundle
 *     with `vite preview` (workerd via miniflare) and signs two users up through the API;
 *  2. stops it and writes 100,000 labels for the first and 10,000 for the other into the D1 file (bench/seed.ts);
 *  3. serves it again and drives each case with autocannon over loopback: BENCH_CONNECTIONS (10) connections for
 *     BENCH_DURATION (10) seconds after a 2-second warm-up, reporting req/s (mean), p50/p99 latency and any
 *     non-2xx answers or errors, and the server's CPU time per request (workerd and the `vite preview` node
 *     process, from /proc): unlike req/s it does not move with the other work on a shared machine.
 *     BENCH_ROUNDS (1) repeats the whole series on the same server, for the spread.
 *
 *   node bench/api-load.mjs    (BENCH_LABELS=100000, BENCH_PORT=4485, BENCH_ROUNDS=1, BENCH_DIST=<reuse a build>)
 *
 * Exits 1 when the plain list is under half of health's req/s (mean over the rounds), or any request failed.
 */
import { readFileSync, readdirSync } from "node:fs";
import autocannon from "autocannon";
import { d1File, login, prepare, seedLabels, serve, signUp } from "./seed.ts";

const LABELS = Number(process.env.BENCH_LABELS ?? 100_000);
const PORT = Number(process.env.BENCH_PORT ?? 4485);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const TICK_MS = 1000 / 100; // Linux USER_HZ (getconf CLK_TCK): /proc/<pid>/stat times are in 1/100 s

/**
 * CPU time (user + system, all threads) used so far by the server: the `vite preview` node process (its HTTP
 * server hands each request to miniflare) and the workerd process under it (the worker and the D1 Durable
 * Object). Per request, this does not depend on what else the shared machine runs, unlike req/s.
 */
function serverCpuMs(rootPid) {
  const procs = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" "); // f[0] is field 3 (state)
      procs.set(Number(name), { comm, ppid: Number(f[1]), ms: (Number(f[11]) + Number(f[12])) * TICK_MS });
    } catch {
      /* process ended */
    }
  }
  const out = { workerd: 0, node: 0 };
  const inTree = (pid) => {
    for (let p = pid; p > 1; p = procs.get(p)?.ppid ?? 0) if (p === rootPid) return true;
    return false;
  };
  for (const [pid, p] of procs) if (inTree(pid)) out[p.comm.startsWith("workerd") ? "workerd" : "node"] += p.ms;
  return out;
}

function load(url, headers, duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: CONNECTIONS, duration }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

const ws = prepare("api-load");
let server;
let failed = false;
try {
  server = await serve(ws, PORT);
  const stamp = Date.now();
  const account = await signUp(server.base, `bench-load-${stamp}@example.com`);
  const other = await signUp(server.base, `bench-load-other-${stamp}@example.com`);
  await server.stop();
  const seedMs = seedLabels(d1File(ws.stateDir), [
    { userId: account.id, count: LABELS, prefix: "b" },
    { userId: other.id, count: 10_000, prefix: "o" },
  ]);
  console.log(`seeded ${LABELS.toLocaleString("en-GB")} labels (+10,000 of another user) in ${(seedMs / 1000).toFixed(1)} s`);
  server = await serve(ws, PORT);
  const { access_token } = await login(server.base, account.email, account.password);
  const auth = { Authorization: `Bearer ${access_token}` };

  // Health runs first and last: the baseline is their mean, so load from other work on the machine drifting
  // during the run weighs on both sides. GET /api/v1/user is the floor of a signed-in call that loads the user in
  // the auth middleware (token check and the user's row in its own D1 call, no other work); the labels calls
  // read the user's row in the same D1 batch as the labels (requireAuth({ loadUser: false })).
  const cases = [
    ["GET /api/health", "/api/health", {}],
    ["GET /api/v1/labels (page 1, 15 per page)", "/api/v1/labels", auth],
    ["GET /api/v1/labels?courier=evri", "/api/v1/labels?courier=evri", auth],
    ["GET /api/v1/labels?tags=ebay", "/api/v1/labels?tags=ebay", auth],
    ["GET /api/v1/labels?lost=1", "/api/v1/labels?lost=1", auth],
    // One label by id (a label of the seeded user, 500 minutes old: bench/seed.ts ids).
    ["GET /api/v1/label/:id", `/api/v1/label/lbl_b${(500).toString(16).padStart(18, "0")}`, auth],
    ["GET /api/v1/user (auth only)", "/api/v1/user", auth],
    ["GET /api/health (again)", "/api/health", {}],
  ];
  const rounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    const results = [];
    for (const [name, pathname, headers] of cases) {
      const check = await fetch(server.base + pathname, { headers });
      if (!check.ok) throw new Error(`${pathname}: ${check.status} ${await check.text()}`);
      await load(server.base + pathname, headers, 2); // warm-up
      const cpu0 = serverCpuMs(server.process.pid);
      const r = await load(server.base + pathname, headers, DURATION);
      const cpu1 = serverCpuMs(server.process.pid);
      const bad = r.non2xx + r.errors + r.timeouts;
      if (bad) failed = true;
      const n = r.requests.total || 1;
      results.push({
        name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, total: r.requests.total, bad,
        workerdMs: (cpu1.workerd - cpu0.workerd) / n, nodeMs: (cpu1.node - cpu0.node) / n,
      });
    }
    rounds.push(results);

    const health = (results[0].rps + results.at(-1).rps) / 2;
    const healthCpu = (results[0].workerdMs + results[0].nodeMs + results.at(-1).workerdMs + results.at(-1).nodeMs) / 2;
    console.log(`\n${ROUNDS > 1 ? `Round ${round + 1}/${ROUNDS}: ` : ""}${CONNECTIONS} connections, ${DURATION} s per case, loopback; health baseline ${health.toFixed(0)} req/s (mean of both runs), ${healthCpu.toFixed(2)} server CPU ms per request:\n`);
    console.log("| call | req/s | vs health | p50 ms | p99 ms | requests | failed | server CPU ms/req (workerd + vite) | health / this, by CPU |");
    console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (const r of results) {
      const cpu = r.workerdMs + r.nodeMs;
      console.log(`| ${r.name} | ${r.rps.toFixed(0)} | ${((r.rps / health) * 100).toFixed(0)}% | ${r.p50} | ${r.p99} | ${r.total.toLocaleString("en-GB")} | ${r.bad} | ${cpu.toFixed(2)} (${r.workerdMs.toFixed(2)} + ${r.nodeMs.toFixed(2)}) | ${((healthCpu / cpu) * 100).toFixed(0)}% |`);
    }
  }

  // The budget: the plain list's req/s against health's, per round (the machine's load drifts between rounds).
  const ratios = rounds.map((results) => results[1].rps / ((results[0].rps + results.at(-1).rps) / 2));
  const ratio = ratios.reduce((a, b) => a + b, 0) / ratios.length;
  if (ratio < 0.5) failed = true;
  const spread = ratios.length > 1 ? ` (rounds: ${ratios.map((x) => `${(x * 100).toFixed(0)}%`).join(", ")})` : "";
  console.log(`\nGET /api/v1/labels holds ${(ratio * 100).toFixed(0)}% of /api/health's throughput${spread} (budget >= 50%): ${ratio >= 0.5 ? "met" : "MISSED"}`);
} finally {
  await server?.stop();
  ws.cleanup();
}
process.exit(failed ? 1 : 0);
