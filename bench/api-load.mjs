/**
 * API under load on the built app: GET /api/v1/labels for a user with 100,000 labels against the same
 * server's trivial GET /api/health (budget: the list holds >= 50% of health's throughput).
 *
 *  1. builds the app (or reuses BENCH_DIST), applies the migrations to a fresh local D1, serves the real bundle
 *     with `vite preview` (workerd via miniflare) and signs two users up through the API;
 *  2. stops it and writes 100,000 labels for the first and 10,000 for the other into the D1 file (bench/seed.ts);
 *  3. serves it again and drives each case with autocannon over loopback: BENCH_CONNECTIONS (10) connections for
 *     BENCH_DURATION (10) seconds after a 2-second warm-up, reporting req/s (mean), p50/p99 latency and any
 *     non-2xx answers or errors.
 *
 *   node bench/api-load.mjs    (BENCH_LABELS=100000, BENCH_PORT=4485, BENCH_DIST=<reuse a build>)
 *
 * Exits 1 when the plain list is under half of health's req/s, or any request failed.
 */
import autocannon from "autocannon";
import { d1File, login, prepare, seedLabels, serve, signUp } from "./seed.ts";

const LABELS = Number(process.env.BENCH_LABELS ?? 100_000);
const PORT = Number(process.env.BENCH_PORT ?? 4485);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);

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
  // during the run weighs on both sides. GET /api/v1/user is the floor of any signed-in call (token check and
  // the user's row, no other work).
  const cases = [
    ["GET /api/health", "/api/health", {}],
    ["GET /api/v1/labels (page 1, 15 per page)", "/api/v1/labels", auth],
    ["GET /api/v1/labels?courier=evri", "/api/v1/labels?courier=evri", auth],
    ["GET /api/v1/labels?tags=ebay", "/api/v1/labels?tags=ebay", auth],
    ["GET /api/v1/labels?lost=1", "/api/v1/labels?lost=1", auth],
    ["GET /api/v1/user (auth only)", "/api/v1/user", auth],
    ["GET /api/health (again)", "/api/health", {}],
  ];
  const results = [];
  for (const [name, pathname, headers] of cases) {
    const check = await fetch(server.base + pathname, { headers });
    if (!check.ok) throw new Error(`${pathname}: ${check.status} ${await check.text()}`);
    await load(server.base + pathname, headers, 2); // warm-up
    const r = await load(server.base + pathname, headers, DURATION);
    const bad = r.non2xx + r.errors + r.timeouts;
    if (bad) failed = true;
    results.push({ name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, total: r.requests.total, bad });
  }

  const health = (results[0].rps + results.at(-1).rps) / 2;
  console.log(`\n${CONNECTIONS} connections, ${DURATION} s per case, loopback; health baseline ${health.toFixed(0)} req/s (mean of both runs):\n`);
  console.log("| call | req/s | vs health | p50 ms | p99 ms | requests | failed |");
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  for (const r of results) {
    console.log(`| ${r.name} | ${r.rps.toFixed(0)} | ${((r.rps / health) * 100).toFixed(0)}% | ${r.p50} | ${r.p99} | ${r.total.toLocaleString("en-GB")} | ${r.bad} |`);
  }
  const ratio = results[1].rps / health;
  if (ratio < 0.5) failed = true;
  console.log(`\nGET /api/v1/labels holds ${(ratio * 100).toFixed(0)}% of /api/health's throughput (budget >= 50%): ${ratio >= 0.5 ? "met" : "MISSED"}`);
} finally {
  await server?.stop();
  ws.cleanup();
}
process.exit(failed ? 1 : 0);
