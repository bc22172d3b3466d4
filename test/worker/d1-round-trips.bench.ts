// D1 round trips per call (`node bench/d1-round-trips.ts`): how many times each call a screen makes waits on D1,
// counted in workerd on the real app. Far from the database, each one costs a network round trip (docs/operations-and-scale.md
// 'Senders far from the database'), so this is what a sender in Sydney waits for in multiples. Then what sessions
// cost: the same calls timed with D1 sessions and with sessions that are the bare binding, alternated in one run.
import { applyD1Migrations, createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { it } from "vitest";
import app from "../../worker/app";
import { createUser } from "./helpers";
import { evriCode } from "./labels-fixtures";

interface Count {
  calls: number;
  starts: string[];
}

/** A statement that counts each time it is run (run/all/first/raw: one D1 call each). */
class CountedStatement {
  constructor(
    readonly real: D1PreparedStatement,
    private readonly count: Count,
  ) {}
  bind(...values: unknown[]) {
    return new CountedStatement(this.real.bind(...values), this.count);
  }
  run() {
    this.count.calls++;
    return this.real.run();
  }
  all() {
    this.count.calls++;
    return this.real.all();
  }
  first(column?: string) {
    this.count.calls++;
    return column === undefined ? this.real.first() : this.real.first(column);
  }
  raw(options?: { columnNames?: boolean }) {
    this.count.calls++;
    return this.real.raw(options as { columnNames: true });
  }
}

/** The env with a DB whose sessions count their D1 calls (a batch is one call). */
function counting(count: Count): Env {
  const DB = {
    withSession(start?: string) {
      count.starts.push(start ?? "(none)");
      const session = env.DB.withSession(start);
      return {
        prepare: (sql: string) => new CountedStatement(session.prepare(sql), count),
        batch: (statements: CountedStatement[]) => {
          count.calls++;
          return session.batch(statements.map((s) => s.real));
        },
        getBookmark: () => session.getBookmark(),
      };
    },
  } as unknown as D1Database;
  return { ...env, DB };
}

async function measure(method: string, path: string, token: string | null, json?: unknown) {
  const count: Count = { calls: 0, starts: [] };
  const ctx = createExecutionContext();
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  if (json !== undefined) headers["Content-Type"] = "application/json";
  const res = await app.fetch(new Request(`http://localhost${path}`, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) }), counting(count), ctx);
  const body = await res.text();
  await waitOnExecutionContext(ctx);
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${body}`);
  return { status: res.status, calls: count.calls, start: count.starts.join(", "), body };
}

it("counts the D1 round trips of the calls the screens make", async () => {
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  // The bench config binds no secrets: the tokens this run signs need one.
  Object.assign(env, { JWT_SECRET: "bench-jwt-secret-that-is-long-enough-0123456789" });
  const user = await createUser({ credits: 50, password: "bench password 1" });
  const rows: [string, Awaited<ReturnType<typeof measure>>][] = [];
  const created = await measure("POST", "/api/v1/label/manual", user.token, { courier: "evri", trackingCode: evriCode(), fields: { recipientPostcode: "SW1A 1AA" } });
  const { id } = JSON.parse(created.body) as { id: string };
  for (let i = 0; i < 30; i++) await measure("POST", "/api/v1/label/manual", user.token, { courier: "evri", trackingCode: evriCode(), fields: { recipientPostcode: "SW1A 1AA" } });
  const login = await measure("POST", "/api/v1/login", null, { email: user.email, password: user.password });
  const { refresh_token } = JSON.parse(login.body) as { refresh_token: string };

  rows.push(["GET /api/v1/labels (the Labels screen)", await measure("GET", "/api/v1/labels", user.token)]);
  rows.push(["GET /api/v1/label/:id (a label)", await measure("GET", `/api/v1/label/${id}`, user.token)]);
  rows.push(["GET /api/v1/user (the frame, every screen)", await measure("GET", "/api/v1/user", user.token)]);
  rows.push(["GET /api/v1/labels/analytics/summary", await measure("GET", "/api/v1/labels/analytics/summary", user.token)]);
  rows.push(["GET /api/v1/labels/analytics/timeseries", await measure("GET", "/api/v1/labels/analytics/timeseries", user.token)]);
  rows.push(["POST /api/v1/label/manual (a new label)", await measure("POST", "/api/v1/label/manual", user.token, { courier: "evri", trackingCode: evriCode(), fields: { recipientPostcode: "SW1A 1AA" } })]);
  rows.push(["PUT /api/v1/label/:id (notes and tags)", await measure("PUT", `/api/v1/label/${id}`, user.token, { notes: "Side gate", tags: ["ebay"] })]);
  rows.push(["POST /api/v1/login", login]);
  rows.push(["POST /api/v1/refresh", await measure("POST", "/api/v1/refresh", refresh_token)]);

  console.log("\n| call | D1 round trips | session starts at |\n|---|---:|---|");
  for (const [name, r] of rows) console.log(`| ${name} | ${r.calls} | ${r.start} |`);

  await timeSessions(user.token, id);
}, 600_000);

/** The env whose `withSession` answers the binding itself: every query as before sessions, no bookmark kept. */
function withoutSessions(): Env {
  const DB = new Proxy(env.DB, {
    get: (target, key) => (key === "withSession" ? () => Object.assign(Object.create(target), { getBookmark: () => null }) : Reflect.get(target, key, target)),
  });
  return { ...env, DB };
}

// workerd's clock moves in whole milliseconds, at I/O: a mean over many calls resolves what one call cannot.
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/**
 * Server time of the hot reads with sessions against the bare binding, alternated call by call so the machine's
 * drift falls on both: the ratio of the means is what sessions add.
 */
async function timeSessions(token: string, labelId: string) {
  const ROUNDS = Number((env as unknown as { BENCH_ROUNDS?: string }).BENCH_ROUNDS ?? 300);
  const bare = withoutSessions();
  const headers = { Authorization: `Bearer ${token}` };
  const once = async (path: string, e: Env, bookmark: string | null) => {
    const ctx = createExecutionContext();
    const started = performance.now();
    const res = await app.fetch(new Request(`http://localhost${path}`, { headers: bookmark ? { ...headers, "x-d1-bookmark": bookmark } : headers }), e, ctx);
    await res.arrayBuffer();
    const ms = performance.now() - started;
    await waitOnExecutionContext(ctx);
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    return { ms, bookmark: res.headers.get("x-d1-bookmark") };
  };
  console.log(`\n| call (${ROUNDS} alternated rounds) | with sessions, mean ms | bare binding, mean ms | ratio |\n|---|---:|---:|---:|`);
  for (const path of ["/api/v1/labels", `/api/v1/label/${labelId}`, "/api/v1/user"]) {
    const on: number[] = [];
    const off: number[] = [];
    let bookmark: string | null = null;
    for (let i = 0; i < 20; i++) await once(path, bare, null); // warm-up: the routes' cached statements
    for (let i = 0; i < ROUNDS; i++) {
      const a = await once(path, env, bookmark);
      bookmark = a.bookmark;
      on.push(a.ms);
      off.push((await once(path, bare, null)).ms);
    }
    console.log(`| GET ${path.replace(labelId, ":id")} | ${mean(on).toFixed(2)} | ${mean(off).toFixed(2)} | ${(mean(on) / mean(off)).toFixed(2)} |`);
  }
}
