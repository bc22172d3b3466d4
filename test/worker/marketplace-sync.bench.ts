/**
 * Orders in at scale (issue 34): an eBay seller, an Etsy shop and a Shopify store of BENCH_ORDERS (10,000) orders
 * awaiting dispatch each, connected through their stand-ins and synced as the queue would: each `marketplace.sync`
 * part run in turn, a part that asks to wait (its marketplace's budget spent, a 429, THROTTLED) run after the time it
 * asked for. That time is simulated (the clock is moved, the app's and the stand-ins' alike), so the figures are the
 * marketplaces' documented limits at work, not the machine's speed: how long each shop takes to come in, how many
 * calls it makes and how fast (each call taking 300 ms of it), how many D1 queries each part makes.
 *
 *   node bench/marketplace-sync.ts      (BENCH_ORDERS to change; bench/README.md 'Marketplace orders')
 * Not part of the worker suite (not a *.test.ts).
 */
import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterAll, expect, it, vi } from "vitest";
import { DbSessions } from "../../worker/db/sessions";
import { finishConnect, startConnect } from "../../worker/marketplaces/connections";
import type { JobMessage } from "../../worker/lib/jobs";
import { syncConnection, type SyncPosition } from "../../worker/marketplaces/orders-sync";
import { MARKETPLACE_TEST_ENV, marketplaceStandin, orderSeed, TEST_APP_URL } from "../fixtures/marketplaces";
import { countedD1 } from "./counted-d1";

const ORDERS = Number((env as unknown as { BENCH_ORDERS?: string }).BENCH_ORDERS ?? 10_000);
const CALL_MS = 300;
const MARKETPLACES = ["ebay", "etsy", "shopify"] as const;
type Marketplace = (typeof MARKETPLACES)[number];

afterAll(() => {
  vi.useRealTimers();
});

it(`syncs ${ORDERS} open orders from each marketplace within its limits`, async () => {
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  vi.useFakeTimers({ toFake: ["Date"] });
  const start = Date.now();
  vi.setSystemTime(start);
  // The stand-ins' clock is set to the app's (simulated) one before each call.
  const m = marketplaceStandin();
  m.standin.clock.freeze(start);
  const calls: { marketplace: string; at: number }[] = [];
  // Each call to a marketplace takes CALL_MS of the simulated clock: a round trip to its API.
  vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
    const req = new Request(input, init);
    vi.setSystemTime(Date.now() + CALL_MS);
    m.standin.clock.freeze(Date.now());
    calls.push({ marketplace: new URL(req.url).pathname.split("/")[1], at: Date.now() });
    return m.standin.fetch(req);
  });
  const seedStarted = performance.now();
  for (let i = 0; i < ORDERS; i++) {
    const seed = orderSeed({ recipient: { name: `Mrs Amélie Dupont ${i}`, line1: `${i} Orchard Lane`, city: "Leeds", postcode: "LS1 4DT" }, items: [{ title: "Mug" }, { title: "Plate", quantity: 2 }] });
    m.standin.ebay.seedOrder(seed);
    m.standin.etsy.seedOrder(seed);
    await m.standin.shopify.seedOrder(seed);
  }
  const seedMs = Math.round(performance.now() - seedStarted);

  const user = await env.DB.prepare("INSERT INTO users (email, password_hash, email_verified) VALUES ('shops@parcelhive.test', 'x', 1) RETURNING id").first<{ id: number }>();
  const queued: { at: number; job: JobMessage }[] = [];
  let queries = 0;
  const counted = { ...env, ...MARKETPLACE_TEST_ENV, APP_URL: TEST_APP_URL, DB: countedD1(env.DB, () => queries++) };
  const jobs = { send: async (job: JobMessage, opts?: { delaySeconds?: number }) => void queued.push({ at: Date.now() + (opts?.delaySeconds ?? 0) * 1000, job }), sendBatch: async () => {} };
  const appEnv = { ...counted, JOBS: jobs } as unknown as Env;
  const db = new DbSessions(appEnv, () => "first-primary").db();

  const connections = {} as Record<Marketplace, string>;
  for (const mk of MARKETPLACES) {
    const page = new URL(await startConnect(appEnv, db, user!.id, mk, mk === "shopify" ? "hollow-oak" : null));
    const agreed = await m.standin.fetch(new Request(page, { method: "POST", body: new URLSearchParams({ ...Object.fromEntries(page.searchParams), action: "agree" }) }));
    const back = new URL(agreed.headers.get("Location")!);
    connections[mk] = (await finishConnect(appEnv, db, user!.id, mk, Object.fromEntries(back.searchParams))).id;
    queued.push({ at: Date.now(), job: { type: "marketplace.sync", connectionId: connections[mk] } });
  }

  // The queue: the part due first runs next, the clock moved to when it is due.
  const parts: Record<string, { parts: number; waits: number; queries: number[]; ms: number; doneAt: number }> = {};
  const started = performance.now();
  while (queued.length) {
    queued.sort((a, b) => a.at - b.at);
    const { at, job } = queued.shift()!;
    if (job.type !== "marketplace.sync") continue;
    if (at > Date.now()) vi.setSystemTime(at);
    m.standin.clock.freeze(Date.now());
    const mk = MARKETPLACES.find((x) => connections[x] === job.connectionId)!;
    parts[mk] = parts[mk] ?? { parts: 0, waits: 0, queries: [], ms: 0, doneAt: 0 };
    const stats = parts[mk];
    const q0 = queries;
    const t0 = performance.now();
    const result = await syncConnection(appEnv, db, job.connectionId, job.position as SyncPosition | undefined, Date.now());
    stats.ms += performance.now() - t0;
    stats.parts++;
    stats.queries.push(queries - q0);
    // A part that stopped before its 20 pages: its marketplace's budget was spent, or it was told to wait.
    if (!result.done && result.pages < 20) stats.waits++;
    if (result.done) stats.doneAt = Date.now();
    expect(stats.parts).toBeLessThan(5_000);
  }
  const wallMs = Math.round(performance.now() - started);

  const result: Record<string, unknown> = { ordersPerShop: ORDERS, seedMs, wallMs };
  for (const mk of MARKETPLACES) {
    const kept = await env.DB.prepare("SELECT count(*) AS n FROM marketplace_orders WHERE connection_id = ?1").bind(connections[mk]).first<{ n: number }>();
    const mine = calls.filter((c) => c.marketplace === mk && c.at >= start);
    const perSecond = new Map<number, number>();
    const perMinute = new Map<number, number>();
    for (const c of mine) {
      perSecond.set(Math.floor(c.at / 1000), (perSecond.get(Math.floor(c.at / 1000)) ?? 0) + 1);
      perMinute.set(Math.floor(c.at / 60_000), (perMinute.get(Math.floor(c.at / 60_000)) ?? 0) + 1);
    }
    const s = parts[mk];
    result[mk] = {
      ordersKept: kept?.n,
      simulatedMinutes: Math.round((s.doneAt - start) / 600) / 100,
      calls: mine.length,
      maxCallsPerSecond: Math.max(...perSecond.values()),
      maxCallsPerMinute: Math.max(...perMinute.values()),
      jobParts: s.parts,
      partsStoppedToWait: s.waits,
      d1Queries: s.queries.reduce((a, b) => a + b, 0),
      maxD1QueriesPerPart: Math.max(...s.queries),
      workerMs: Math.round(s.ms),
    };
    expect(kept?.n).toBe(ORDERS);
  }
  console.log(JSON.stringify(result, null, 2));
  const etsy = result.etsy as { maxCallsPerSecond: number; calls: number };
  // Etsy's limits: 10 calls a second, 10,000 a day.
  expect(etsy.maxCallsPerSecond).toBeLessThanOrEqual(10);
  expect(etsy.calls).toBeLessThan(10_000);
});
