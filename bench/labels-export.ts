/**
 * CSV export benchmark: GET /api/v1/labels/export.csv for one user with 100,000 labels (the bench plumbing of
 * bench/seed.ts: real bundle under `vite preview`, labels written into its D1 file), unfiltered and filtered.
 * Prints the time to the first byte and to the last, the rows and bytes received, per run.
 *
 *   node bench/labels-export.ts     (BENCH_LABELS=100000, BENCH_RUNS=3, BENCH_PORT=4497, BENCH_DIST=<reuse a build>)
 */
import { d1File, login, median, prepare, seedLabels, serve, signUp, type Server } from "./seed.ts";

const LABELS = Number(process.env.BENCH_LABELS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 4497);

async function timeExport(base: string, token: string, query: string) {
  const started = performance.now();
  const res = await fetch(`${base}/api/v1/labels/export.csv${query}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!res.ok || !res.body) throw new Error(`export: ${res.status} ${await res.text()}`);
  const firstByte = performance.now() - started;
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines++;
  }
  // Lines end with CRLF; quoted notes may hold newlines, the seed's never do. The header is one line.
  return { firstByte, total: performance.now() - started, bytes, rows: lines - 1 };
}

async function main() {
  const ws = prepare("export");
  let server: Server | undefined;
  try {
    server = await serve(ws, PORT);
    const email = `bench-export-${Date.now()}@example.com`;
    const me = await signUp(server.base, email);
    const other = await signUp(server.base, `other-${email}`);
    await server.stop();
    server = undefined;
    const seedMs = seedLabels(d1File(ws.stateDir), [
      { userId: me.id, count: LABELS, prefix: "b" },
      { userId: other.id, count: 10_000, prefix: "o" },
    ]);
    console.log(`seeded ${LABELS.toLocaleString("en-GB")} labels (+10,000 of another user) in ${(seedMs / 1000).toFixed(1)} s`);

    server = await serve(ws, PORT);
    const { access_token: token } = await login(server.base, me.email, me.password);
    console.log(`\n| export | first byte ms (median) | whole file ms (median) | runs ms | rows | MB |`);
    console.log(`|---|---:|---:|---|---:|---:|`);
    for (const [name, query] of [
      ["all labels", ""],
      ["courier=evri (2/3)", "?courier=evri"],
      ["tags=ebay (10%)", "?tags=ebay"],
    ] as const) {
      await timeExport(server.base, token, query); // warm-up
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await timeExport(server.base, token, query));
      const last = runs[runs.length - 1];
      console.log(
        `| ${name} | ${median(runs.map((r) => r.firstByte)).toFixed(0)} | ${median(runs.map((r) => r.total)).toFixed(0)} | ${runs.map((r) => r.total.toFixed(0)).join(", ")} | ${last.rows.toLocaleString("en-GB")} | ${(last.bytes / 1e6).toFixed(1)} |`,
      );
    }
  } finally {
    if (server) await server.stop();
    ws.cleanup();
  }
}

await main();
