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
import { DatabaseSync } from "node:sqlite";
import { d1File, get, login, median, percentile, prepare, serve, signUp, type Server } from "./seed.ts";

const LABELS = Number(process.env.BENCH_LABELS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const PORT = Number(process.env.BENCH_PORT ?? 4495);
/** The calls timed: summary, timeseries and delivery (the on-time analytics), or those named here. */
const CALLS = (process.env.BENCH_CALLS ?? "summary,timeseries,delivery").split(",");
const YEAR_FROM = "2025-11-01";
const YEAR_TO = "2026-10-31";

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * Labels spread evenly over the year: 2/3 evri (20% of them next-day), 2% lost, tags ebay 10%, gift 1/7, etsy 5%,
 * and on 2% an order-number tag of their own (`order-<i>`): 20,000 one-label tag sets, the tag-set rollup's
 * unfavourable case (2,857 of them also carry gift, so "ebay, gift or etsy" sums 2,862 sets).
 */
function seed(file: string, userId: number, otherId: number) {
  const db = new DatabaseSync(file);
  const label = db.prepare(
    "INSERT INTO labels (id, user_id, courier, tracking_code, source, shipped_on, weight_grams, is_next_day, potentially_lost, delivery_service, scan_days, transit_days, on_time, outcome) VALUES (?, ?, ?, ?, 'upload', ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const tag = db.prepare("INSERT INTO label_tags (label_id, user_id, tag) VALUES (?, ?, ?)");
  const started = performance.now();
  db.exec("BEGIN");
  const write = (owner: number, n: number, prefix: string) => {
    for (let i = 0; i < n; i++) {
      const id = `${prefix}${i.toString(36).padStart(8, "0")}`;
      const evri = i % 3 !== 0;
      const nextDay = evri ? i % 5 === 0 : i % 2 === 1;
      // Delivery facts: 95% scanned (0-3 working days after shipping), 85% delivered (1-6 in transit), 0.5% claimed.
      const scanned = i % 20 !== 7;
      const delivered = scanned && i % 20 < 17;
      const transit = delivered ? [1, 1, 1, 1, 2, 2, 2, 3, 3, 6][i % 10] : null;
      label.run(
        id,
        owner,
        evri ? "evri" : "royalmail",
        `${prefix}T${i}`,
        addDays(YEAR_FROM, Math.floor((i / n) * 365)),
        i % 11 === 0 ? null : 100 + ((i * 37) % 5000),
        evri ? (i % 5 === 0 ? 1 : 0) : null,
        i % 50 === 0 ? 1 : 0,
        evri ? (nextDay ? "Next Day" : "Standard") : nextDay ? "Tracked 24" : "Tracked 48",
        scanned ? (i * 7) % 4 : null,
        transit,
        transit === null ? null : transit <= (nextDay ? 1 : 3) ? 1 : 0,
        i % 200 === 9 ? "claimed" : null,
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

async function main() {
  const ws = prepare("analytics");
  let server: Server | undefined;
  try {
    server = await serve(ws, PORT);
    const email = `bench-${Date.now()}@example.com`;
    const me = await signUp(server.base, email);
    const other = await signUp(server.base, `other-${email}`);
    await server.stop();
    server = undefined;

    const file = d1File(ws.stateDir);
    const seedMs = seed(file, me.id, other.id);
    console.log(`seeded ${LABELS.toLocaleString("en-GB")} labels (+50,000 of another user) in ${(seedMs / 1000).toFixed(1)} s`);

    server = await serve(ws, PORT);
    const { access_token: token } = await login(server.base, me.email, me.password);

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
      for (const call of CALLS) {
        const pathname = `/api/v1/labels/analytics/${call}`;
        const qs = new URLSearchParams({ ...params, time_on: "shipping_label_created" });
        let rows = 0;
        const trips: number[] = [];
        try {
          await get(server.base, `${pathname}?${qs}`, token); // warm-up
          server.requests.length = 0;
          for (let i = 0; i < RUNS; i++) {
            const t = performance.now();
            const body = await get<{ totals?: { rows?: number; labels?: number }; points?: { value: number }[] }>(server.base, `${pathname}?${qs}`, token);
            trips.push(performance.now() - t);
            rows = body.totals?.rows ?? body.totals?.labels ?? body.points!.reduce((a, p) => a + p.value, 0);
          }
        } catch (err) {
          // A call that fails is reported in its row and the run goes on to the next one.
          console.log(`| ${name} | ${call} | failed: ${String(err).split("\n")[0].slice(0, 120)} | | | |`);
          continue;
        }
        await new Promise((r) => setTimeout(r, 200)); // let the last log lines arrive
        const want = expectedRows(params);
        if (rows !== want) throw new Error(`${name} ${call}: answered ${rows} labels, a plain count says ${want}`);
        const ms = server.requests.filter((r) => r.path === pathname).map((r) => r.ms);
        console.log(
          `| ${name} | ${call} | ${median(ms)} | ${percentile(ms, 0.9)} | ${median(trips).toFixed(1)} | ${rows.toLocaleString("en-GB")} |`,
        );
      }
    }
    await server.stop();
    server = undefined;

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
    const delivery = `SELECT courier, service, scan_days, transit_days, on_time, sum(labels) FROM label_delivery_day_stats WHERE ${range}`;
    console.log("delivery, no tag  ", plan(`${delivery} GROUP BY courier, service, scan_days, transit_days, on_time`));
    const tagged = `SELECT courier, service, scan_days, transit_days, on_time, count(*) FROM label_tags WHERE ${range} AND tag = 'ebay'`;
    console.log("delivery, one tag ", plan(`${tagged} GROUP BY courier, service, scan_days, transit_days, on_time`));
    const several = `SELECT courier, service, scan_days, transit_days, on_time, sum(labels) FROM label_tag_set_delivery_day_stats WHERE ${range} AND tag_set IN (${sets})`;
    console.log("delivery, several ", plan(`${several} GROUP BY courier, service, scan_days, transit_days, on_time`));
    const size = (table: string) => Number((db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n);
    console.log("rows: label_delivery_day_stats", size("label_delivery_day_stats"), "label_tag_set_delivery_day_stats", size("label_tag_set_delivery_day_stats"));
    console.log("rows: label_day_stats", size("label_day_stats"), "label_tag_day_stats", size("label_tag_day_stats"),
      "label_tag_sets", size("label_tag_sets"), "label_tag_set_day_stats", size("label_tag_set_day_stats"), "tag_set_tags", size("tag_set_tags"));
    db.close();
  } finally {
    if (server) await server.stop(); // never leave a preview running
    ws.cleanup();
  }
}

await main();
