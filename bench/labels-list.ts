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
 *   node bench/labels-list.ts     (BENCH_LABELS=100000, BENCH_RUNS=20, BENCH_PORT=4496, BENCH_DIST=<reuse a build>,
 *                                  BENCH_CASES=needs_action,q=smith: only the cases whose name holds one of these)
 */
import { DatabaseSync } from "node:sqlite";
import { d1File, get, loadActionWindow, login, median, percentile, prepare, seedLabels, serve, signUp, trackingCode, type Server } from "./seed.ts";

const LABELS = Number(process.env.BENCH_LABELS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 4496);
const ONLY = process.env.BENCH_CASES?.split(",").filter(Boolean);

async function main() {
  const ws = prepare("labels");
  let server: Server | undefined;
  try {
    server = await serve(ws, PORT);
    const email = `bench-labels-${Date.now()}@example.com`;
    const me = await signUp(server.base, email);
    const other = await signUp(server.base, `other-${email}`);
    await server.stop();
    server = undefined;

    const file = d1File(ws.stateDir);
    const seedMs = seedLabels(file, [
      { userId: me.id, count: LABELS, prefix: "b", tracking: true },
      { userId: other.id, count: 10_000, prefix: "o", tracking: true },
    ], await loadActionWindow());
    console.log(`seeded ${LABELS.toLocaleString("en-GB")} labels (+10,000 of another user) in ${(seedMs / 1000).toFixed(1)} s`);

    server = await serve(ws, PORT);
    const { access_token: token } = await login(server.base, me.email, me.password);
    const lastPage15 = Math.ceil(LABELS / 15);
    const cases: [string, string][] = [
      ["page 1, 15 per page (default)", ""],
      ["page 1, 50 per page", "per_page=50"],
      ["page 100, 50 per page", "page=100&per_page=50"],
      [`last page (${lastPage15}), 15 per page`, `page=${lastPage15}`],
      ["page 1, courier=evri", "courier=evri"],
      ["page 1, tags=ebay (10%)", "tags=ebay"],
      ["page 1, lost=1", "lost=1"],
      // Search (q): one label, a few, many; a word's start; every word; a prefix most codes share (the worst case).
      ["q=full tracking code (1 label)", `q=${trackingCode("b", 4321, true)}`],
      ["q=end of a tracking code, 6 digits", "q=543210"],
      ["q=surname (1 in 40)", "q=smith"],
      ["q=name and postcode area", "q=smith%20sw1a"],
      ["q=postcode without space", "q=sw1a0aa"],
      ["q=2 characters, word start (1 in 12)", "q=jo"],
      ["q=order reference in notes", "q=206-7965794"],
      ["q=tag", "q=ebay"],
      ["q=no match", "q=zzzqqq"],
      ["q=Evri prefix, 2/3 of the labels (worst case)", "q=h01bx"],
      ["q=Evri prefix, last page", `q=h01bx&page=${Math.ceil((LABELS * 2) / 3 / 15)}`],
      ["q=surname&status=delivered", "q=smith&status=delivered"],
      ["q=surname&tags=ebay&sort=oldest", "q=smith&tags=ebay&sort=oldest"],
      // Status and sorts.
      ["status=waiting", "status=waiting"],
      ["status=in_transit", "status=in_transit"],
      ["status=out_for_delivery", "status=out_for_delivery"],
      ["status=delivered", "status=delivered"],
      ["status=returned", "status=returned"],
      ["status=potentially_lost", "status=potentially_lost"],
      ["status=needs_action", "status=needs_action"],
      ["sort=oldest", "sort=oldest"],
      ["sort=updated", "sort=updated"],
      // Combinations.
      ["status=delivered&courier=evri", "status=delivered&courier=evri"],
      ["status=delivered&tags=ebay", "status=delivered&tags=ebay"],
      ["status=in_transit&courier=evri&from=(a week)", `status=in_transit&courier=evri&from=${new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10)}`],
      ["status=delivered&from=(a week)", `status=delivered&from=${new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10)}`],
      ["status=delivered&sort=updated", "status=delivered&sort=updated"],
      ["status=out_for_delivery&sort=updated", "status=out_for_delivery&sort=updated"],
      ["status=needs_action&q=smith", "status=needs_action&q=smith"],
    ];
    // Each case's calls alternate with the default page's, so the ratio of the two medians holds however the shared
    // machine's load moves during the run.
    console.log(`\n| query | server ms median | p90 | × page 1 (same minutes) | round trip ms median | results | total |`);
    console.log(`|---|---:|---:|---:|---:|---:|---:|`);
    const serverMs = (path: string) => server!.requests.filter((r) => r.path === path).map((r) => r.ms);
    for (const [name, qs] of cases.filter(([name]) => !ONLY || ONLY.some((part) => name.includes(part)))) {
      const pathname = `/api/v1/labels${qs ? `?${qs}` : ""}`;
      const trips: number[] = [];
      const mine: number[] = [];
      const base: number[] = [];
      let body = { results: [] as unknown[], total: 0 };
      try {
        await get(server.base, pathname, token); // warm-up
        for (let i = 0; i < RUNS; i++) {
          server.requests.length = 0;
          const t = performance.now();
          body = await get(server.base, pathname, token);
          trips.push(performance.now() - t);
          await get(server.base, "/api/v1/labels", token);
          await new Promise((r) => setTimeout(r, 20));
          const [a, b] = serverMs("/api/v1/labels");
          mine.push(a);
          base.push(b);
        }
      } catch (err) {
        console.log(`| ${name} | failed: ${String(err).slice(0, 80)} | | | | | |`);
        continue;
      }
      const ratio = median(mine) / Math.max(1, median(base));
      console.log(
        `| ${name} | ${median(mine)} | ${percentile(mine, 0.9)} | ${ratio.toFixed(1)} | ${median(trips).toFixed(1)} | ${body.results.length} | ${body.total.toLocaleString("en-GB")} |`,
      );
    }
    await server.stop();
    server = undefined;

    const db = new DatabaseSync(file, { readOnly: true });
    const plan = (sql: string) => db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all().map((r) => (r as { detail: string }).detail).join("; ");
    console.log("\nplans:");
    console.log(" page:  ", plan(`SELECT * FROM labels WHERE user_id = ${me.id} ORDER BY created_at DESC, labels.rowid DESC LIMIT 15 OFFSET 0`));
    console.log(" tags:  ", plan(`SELECT * FROM labels WHERE user_id = ${me.id} AND EXISTS (SELECT 1 FROM label_tags WHERE label_id = labels.id AND user_id = ${me.id} AND tag IN ('ebay')) ORDER BY created_at DESC, labels.rowid DESC LIMIT 15`));
    const search = `labels.rowid IN (SELECT rowid - ${me.id} * 4294967296 FROM labels_search WHERE labels_search MATCH '"smith"' AND rowid BETWEEN ${me.id} * 4294967296 AND ${me.id} * 4294967296 + 4294967295)`;
    console.log(" search page: ", plan(`SELECT * FROM labels WHERE user_id = ${me.id} AND ${search} ORDER BY created_at DESC, labels.rowid DESC LIMIT 15`));
    console.log(" search total:", plan(`SELECT count(*) FROM labels_search WHERE labels_search MATCH '"smith"' AND rowid BETWEEN ${me.id} * 4294967296 AND ${me.id} * 4294967296 + 4294967295`));
    console.log(" status page: ", plan(`SELECT * FROM labels WHERE user_id = ${me.id} AND parcel_status = 'in_transit' ORDER BY created_at DESC, labels.rowid DESC LIMIT 15`));
    console.log(" status total:", plan(`SELECT sum(labels) FROM label_status_day_stats WHERE user_id = ${me.id} AND status = 'delivered' AND courier = 'evri'`));
    const week = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    console.log(" status and dates page:", plan(`SELECT * FROM labels WHERE user_id = ${me.id} AND parcel_status = 'in_transit' AND courier = 'evri' AND shipped_on >= '${week}' ORDER BY created_at DESC, labels.rowid DESC LIMIT 15`));
    const today = new Date().toISOString().slice(0, 10);
    console.log(" needs action page:", plan(`SELECT * FROM labels WHERE user_id = ${me.id} AND action_until >= '${today}' AND action_from <= '${today}' AND parcel_status IN ('waiting', 'in_transit', 'out_for_delivery') AND created_at >= ${Date.now() - 100 * 86_400_000} ORDER BY created_at DESC, labels.rowid DESC LIMIT 15`));
    console.log(" updated page:", plan(`SELECT * FROM labels WHERE user_id = ${me.id} ORDER BY updated_at DESC, labels.rowid DESC LIMIT 15`));
    db.close();
  } finally {
    if (server) await server.stop();
    ws.cleanup();
  }
}

await main();
