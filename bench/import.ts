/**
 * Label import benchmark in workerd: builds the app, serves the real bundle with `vite preview`
 * (workerd via miniflare) on port 4493 with its own D1/R2 state, uploads label fixtures through
 * POST /api/v1/label and reports ms per label (loopback round trip, so server time plus a little),
 * labels per second, workerd's peak RSS, and the gzip size of the worker bundle against 10 MB.
 * Then the OCR of image-only labels: upload -> the queue consumer (local queue, 1 s batch timeout)
 * -> ocrStatus 'done', timed end to end by polling GET /api/v1/label/:id, with the consumer's own
 * time per job taken from its "label ocr" log line.
 *
 *   npx tsx bench/import.ts            (BENCH_RUNS=5 by default; BENCH_SKIP_BUILD=1 reuses BENCH_DIST)
 *   BENCH_ONLY=a4,rotated.pdf npx tsx bench/import.ts   (only the upload cases whose file name contains one of these; no OCR part)
 *
 * Before/after on a shared, loaded machine: BENCH_BASELINE_DIST=<an earlier build> serves that build
 * too (port + 1, its own state) and alternates every upload between the two servers; it prints the
 * median server time per label of each (the `request` log line's ms, so loopback is left out).
 *
 *   BENCH_BASELINE_DIST=/tmp/old-dist BENCH_ONLY=a4 BENCH_RUNS=15 npx tsx bench/import.ts
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { giveSecrets, onWorkerLog } from "./seed.ts";

const PORT = Number(process.env.BENCH_PORT ?? 4493);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** Comma-separated parts of fixture names: only the upload cases matching one of them. */
const ONLY = process.env.BENCH_ONLY?.split(",").filter(Boolean);
const picked = ([, name]: [string, string, string]) => !ONLY || ONLY.some((o) => name.includes(o));
const BASE = `http://127.0.0.1:${PORT}`;
const FIXTURES = path.join(import.meta.dirname, "../test/fixtures/labels");
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };

const CASES: [string, string, string][] = [
  ["text-layer PDF (3 pages, vector barcodes)", "multi.pdf", "application/pdf"],
  ["vector-barcode PDF, /Rotate 90", "royalmail-rotated.pdf", "application/pdf"],
  ["A4 PDF, label in a quarter", "evri-a4.pdf", "application/pdf"],
  ["A4 PDF, label in a quarter", "royalmail-a4.pdf", "application/pdf"],
  ["A4 PDF, two labels side by side", "two-up-a4.pdf", "application/pdf"],
  ["flattened raster-only PDF", "evri-flattened.pdf", "application/pdf"],
  ["300 DPI PNG", "evri-300dpi.png", "image/png"],
  ["300 DPI JPEG", "royalmail-300dpi.jpg", "image/jpeg"],
  ["300 DPI WEBP", "evri-300dpi.webp", "image/webp"],
  ["300 DPI transparent PNG", "royalmail-transparent.png", "image/png"],
  ["300 DPI JPEG, Code128 framed inside its quiet zone", "evri-framed-300dpi.jpg", "image/jpeg"],
  ["1-bit 203 DPI thermal PNG, legacy Hermes ITF", "hermes-legacy-1bit.png", "image/png"],
];

const OCR_CASES: [string, string, string][] = [
  ["300 DPI PNG, Evri", "evri-300dpi.png", "image/png"],
  ["300 DPI PNG turned 90°, Royal Mail", "royalmail-rotated.png", "image/png"],
  ["300 DPI JPEG, Royal Mail", "royalmail-300dpi.jpg", "image/jpeg"],
  ["flattened raster-only PDF, Evri", "evri-flattened.pdf", "application/pdf"],
  ["1-bit 203 DPI thermal PNG, Evri (enlarged)", "evri-store-1bit.png", "image/png"],
  ["200 DPI JPEG turned 1.5°, Evri (enlarged, levelled)", "evri-store-tilted.jpg", "image/jpeg"],
  ["300 DPI photo with a shadow, Evri (second reading)", "evri-store-shadow.jpg", "image/jpeg"],
  ["1-bit 203 DPI thermal PNG, legacy Hermes (no weight printed: read again for one)", "hermes-legacy-1bit.png", "image/png"],
];

function run(cmd: string, args: string[], extra: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...env, ...extra } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed`);
}

/**
 * `vite preview` finds the worker to run through .wrangler/deploy/config.json, which every `vite build`
 * in this tree rewrites (the last build wins, another engineer's included): point it at `dist` just
 * before starting a server (it is read at start-up); the build gets the worker's secrets too.
 */
function pointPreviewAt(dist: string) {
  giveSecrets(dist);
  mkdirSync(".wrangler/deploy", { recursive: true });
  const configPath = path.relative(".wrangler/deploy", path.join(dist, "parcelhive/wrangler.json"));
  writeFileSync(".wrangler/deploy/config.json", JSON.stringify({ configPath, auxiliaryWorkers: [] }));
}

/** BENCH_SERVER_LOG=<file> keeps the server's output (workerd's errors, the worker's JSON lines); else stderr is drained. */
function keepServerLog(server: ChildProcess) {
  const file = process.env.BENCH_SERVER_LOG;
  server.stderr!.on("data", (d: Buffer) => file && appendFileSync(file, d));
  if (file) server.stdout!.on("data", (d: Buffer) => appendFileSync(file, d));
}

function dropRedirectTo(dists: string[]) {
  try {
    const redirect = readFileSync(".wrangler/deploy/config.json", "utf8");
    if (dists.some((d) => redirect.includes(path.basename(d)))) rmSync(".wrangler/deploy/config.json");
  } catch {
    /* no redirect */
  }
}

function descendants(pid: number): number[] {
  const out: number[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const kids = readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
      for (const k of kids) out.push(k, ...descendants(k));
    }
  } catch {
    /* gone */
  }
  return out;
}

/** Peak and current RSS (MB) of the workerd processes under the server. */
function workerdMemory(root: number): { peak: number; rss: number } {
  let peak = 0;
  let rss = 0;
  for (const pid of descendants(root)) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("workerd")) continue;
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      peak = Math.max(peak, Number(status.match(/VmHWM:\s+(\d+)/)?.[1] ?? 0) / 1024);
      rss = Math.max(rss, Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024);
    } catch {
      /* gone */
    }
  }
  return { peak: Math.round(peak), rss: Math.round(rss) };
}

async function post(p: string, body: unknown, token?: string) {
  const res = await fetch(BASE + p, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok && res.status !== 409) throw new Error(`${p}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

async function session(email: string) {
  await post("/api/v1/signup", { email, password: "bench-password-1", marketing_consent: false });
  return (await post("/api/v1/login", { email, password: "bench-password-1" })).access_token as string;
}

interface OcrEntry {
  labelId: string;
  ms: number;
  passes: number;
}

/** One image label through upload and the queue's OCR: the answer's ms, until 'done', and the consumer's own entry. */
async function ocrOnce(base: string, token: string, file: [string, string], log: OcrEntry[]) {
  const [name, type] = file;
  const form = new FormData();
  form.append("files", new File([readFileSync(path.join(FIXTURES, name))], name, { type }));
  const t = performance.now();
  const res = await fetch(`${base}/api/v1/label`, { method: "POST", body: form, headers: { Authorization: `Bearer ${token}` } });
  const [label] = (await res.json()) as { id: string; ocrStatus: string }[];
  const answered = performance.now() - t;
  if (!res.ok || label.ocrStatus !== "pending") throw new Error(`${name}: ${res.status} ${JSON.stringify(label)}`);
  for (let i = 0; ; i++) {
    if (i > 1200) throw new Error(`${name}: OCR did not finish in 60 s`);
    await new Promise((r) => setTimeout(r, 50));
    const got = (await (await fetch(`${base}/api/v1/label/${label.id}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { ocrStatus: string };
    if (got.ocrStatus !== "pending") {
      // The consumer's log line comes just before the status is written; give the pipe a moment.
      for (let j = 0; j < 50 && !log.some((l) => l.labelId === label.id); j++) await new Promise((r) => setTimeout(r, 10));
      return { answered, done: performance.now() - t, status: got.ocrStatus, entry: log.filter((l) => l.labelId === label.id).at(-1) };
    }
  }
}

const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)].toFixed(0) : "–");

async function main() {
  const dist = process.env.BENCH_DIST ?? mkdtempSync(path.join(tmpdir(), "parcelhive-bench-dist-"));
  const state = mkdtempSync(path.join(tmpdir(), "parcelhive-bench-state-"));
  if (!process.env.BENCH_SKIP_BUILD) run("vite", ["build", "--logLevel", "warn", "--emptyOutDir"], { PH_DIST: dist });
  run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "-c", "wrangler.toml", "--persist-to", state]);
  pointPreviewAt(dist);
  const server: ChildProcess = spawn("vite", ["preview", "--port", String(PORT), "--strictPort"], {
    env: { ...env, PH_DIST: dist, PH_STATE_DIR: state },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // The queue consumer logs one JSON line per OCR job: {"msg":"label ocr","labelId","ms","passes",...}.
  const ocrLog: OcrEntry[] = [];
  onWorkerLog(server.stdout!, (e) => {
    if (e.msg === "label ocr") ocrLog.push(e as unknown as OcrEntry);
  });
  keepServerLog(server);
  try {
    for (let i = 0; ; i++) {
      if (i > 240) throw new Error("server did not start");
      if (await fetch(`${BASE}/api/health`).then((r) => r.ok, () => false)) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const admin = await session("admin@parcelhive.test");
    const user = await session(`bench-${Date.now()}@example.com`);
    const users = (await (await fetch(`${BASE}/api/v1/admin/users`, { headers: { Authorization: `Bearer ${admin}` } })).json()) as {
      results: { id: number; email: string }[];
    };
    const me = users.results.find((u) => u.email.startsWith("bench-"))!;
    await post("/api/v1/admin/grant-credits", { user_id: me.id, amount: 1000 }, admin);
    const baseline = workerdMemory(server.pid!);

    console.log(`\nLabel import in workerd (vite preview of the built bundle), ${RUNS} runs each after one warm-up\n`);
    console.log("| file | labels | ms per label (median) | labels/s | workerd peak RSS |");
    console.log("|---|---|---|---|---|");
    for (const [what, name, type] of CASES.filter(picked)) {
      const bytes = readFileSync(path.join(FIXTURES, name));
      const times: number[] = [];
      let labels = 0;
      for (let r = 0; r <= RUNS; r++) {
        const form = new FormData();
        form.append("files", new File([bytes], name, { type }));
        const t = performance.now();
        const res = await fetch(`${BASE}/api/v1/label`, { method: "POST", body: form, headers: { Authorization: `Bearer ${user}` } });
        const text = await res.text();
        const ms = performance.now() - t;
        if (!res.ok) throw new Error(`${name}: ${res.status} ${text.slice(0, 2000)}`);
        const body = JSON.parse(text) as unknown[];
        labels = body.length;
        if (r > 0) times.push(ms / labels);
      }
      times.sort((a, b) => a - b);
      const median = times[Math.floor(times.length / 2)];
      console.log(`| ${what} (${name}) | ${labels} | ${median.toFixed(0)} | ${(1000 / median).toFixed(1)} | ${workerdMemory(server.pid!).peak} MB |`);
    }
    console.log(`\nworkerd RSS before the first upload: ${baseline.rss} MB (miniflare runs all bindings in the same process).`);

    if (ONLY) return;
    console.log(`\nOCR of image-only labels (queue consumer), ${RUNS} runs each after one warm-up\n`);
    console.log("| file | upload answer ms | upload -> ocrStatus done, ms (median) | consumer ms per job (median) | Tesseract passes | status | workerd peak RSS |");
    console.log("|---|---|---|---|---|---|---|");
    for (const [what, name, type] of OCR_CASES) {
      const answer: number[] = [];
      const total: number[] = [];
      const job: number[] = [];
      let passes = 0;
      let status = "";
      for (let r = 0; r <= RUNS; r++) {
        const got = await ocrOnce(BASE, user, [name, type], ocrLog);
        status = got.status;
        passes = got.entry?.passes ?? passes;
        if (r === 0) continue;
        answer.push(got.answered);
        total.push(got.done);
        if (got.entry) job.push(got.entry.ms);
      }
      console.log(`| ${what} (${name}) | ${median(answer)} | ${median(total)} | ${median(job)} | ${passes} | ${status} | ${workerdMemory(server.pid!).peak} MB |`);
    }

    let total = 0;
    console.log(`\nWorker bundle (${path.join(dist, "parcelhive")}), gzip -9 per file:`);
    for (const f of readdirSync(path.join(dist, "parcelhive"), { recursive: true }) as string[]) {
      const p = path.join(dist, "parcelhive", f);
      if (!statSync(p).isFile()) continue;
      const gz = gzipSync(readFileSync(p), { level: 9 }).length;
      total += gz;
      if (gz > 100_000) console.log(`  ${f}: ${(gz / 1e6).toFixed(2)} MB`);
    }
    console.log(`  total: ${(total / 1e6).toFixed(2)} MB of the 10 MB limit`);
  } finally {
    server.kill("SIGTERM");
    rmSync(state, { recursive: true, force: true });
    if (!process.env.BENCH_DIST) rmSync(dist, { recursive: true, force: true });
    dropRedirectTo([dist]);
  }
}

interface Served {
  server: ChildProcess;
  base: string;
  state: string;
  /** Server-side ms of each request, by X-Request-Id (from the `request` log line). */
  serverMs: Map<string, number>;
  /** The queue consumer's OCR jobs (the `label ocr` log line). */
  ocrLog: OcrEntry[];
}

async function serve(dist: string, port: number): Promise<Served> {
  const state = mkdtempSync(path.join(tmpdir(), "parcelhive-bench-state-"));
  run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "-c", "wrangler.toml", "--persist-to", state]);
  pointPreviewAt(dist);
  const server = spawn("vite", ["preview", "--port", String(port), "--strictPort"], { env: { ...env, PH_DIST: dist, PH_STATE_DIR: state }, stdio: ["ignore", "pipe", "pipe"] });
  const serverMs = new Map<string, number>();
  const ocrLog: OcrEntry[] = [];
  onWorkerLog(server.stdout!, (e) => {
    if (e.msg === "request") serverMs.set(e.requestId as string, e.ms as number);
    if (e.msg === "label ocr") ocrLog.push(e as unknown as OcrEntry);
  });
  keepServerLog(server);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (i > 720) {
      // Never leave it running: the caller only stops the servers this returns.
      server.kill("SIGTERM");
      rmSync(state, { recursive: true, force: true });
      throw new Error(`server on ${port} did not start in 3 minutes`);
    }
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return { server, base, state, serverMs, ocrLog };
}

async function benchUser(s: Served): Promise<string> {
  const call = async (p: string, body: unknown, token?: string) =>
    (await fetch(s.base + p, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }).then((r) => r.json())) as Record<string, unknown>;
  const login = async (email: string) => {
    await call("/api/v1/signup", { email, password: "bench-password-1", marketing_consent: false });
    return (await call("/api/v1/login", { email, password: "bench-password-1" })).access_token as string;
  };
  const admin = await login("admin@parcelhive.test");
  const email = `bench-${Date.now()}@example.com`;
  const user = await login(email);
  const users = (await (await fetch(`${s.base}/api/v1/admin/users`, { headers: { Authorization: `Bearer ${admin}` } })).json()) as { results: { id: number; email: string }[] };
  await call("/api/v1/admin/grant-credits", { user_id: users.results.find((u) => u.email === email)!.id, amount: 1000 }, admin);
  return user;
}

/** The same uploads to a baseline build and to this one, alternated; median server ms per label. */
async function compare(baselineDist: string) {
  const dist = process.env.BENCH_DIST ?? mkdtempSync(path.join(tmpdir(), "parcelhive-bench-dist-"));
  if (!process.env.BENCH_SKIP_BUILD) run("vite", ["build", "--logLevel", "warn", "--emptyOutDir"], { PH_DIST: dist });
  const servers: Served[] = [];
  try {
    servers.push(await serve(baselineDist, PORT + 1), await serve(dist, PORT));
    const tokens = [await benchUser(servers[0]), await benchUser(servers[1])];
    console.log(`\nBefore (${baselineDist}) and after (this build), uploads alternated, ${RUNS} runs each after one warm-up\n`);
    console.log("| file | labels before | labels after | server ms per label before (median) | after (median) |");
    console.log("|---|---|---|---|---|");
    for (const [what, name, type] of CASES.filter(picked)) {
      const bytes = readFileSync(path.join(FIXTURES, name));
      const times: number[][] = [[], []];
      const labels = [0, 0];
      for (let r = 0; r <= RUNS; r++) {
        for (const k of r % 2 ? [1, 0] : [0, 1]) {
          const form = new FormData();
          form.append("files", new File([bytes], name, { type }));
          const res = await fetch(`${servers[k].base}/api/v1/label`, { method: "POST", body: form, headers: { Authorization: `Bearer ${tokens[k]}` } });
          const body = (await res.json()) as unknown[];
          if (!res.ok) throw new Error(`${name}: ${res.status} ${JSON.stringify(body)}`);
          labels[k] = body.length;
          const id = res.headers.get("X-Request-Id")!;
          for (let i = 0; i < 100 && !servers[k].serverMs.has(id); i++) await new Promise((ok) => setTimeout(ok, 10));
          if (r > 0 && servers[k].serverMs.has(id)) times[k].push(servers[k].serverMs.get(id)! / labels[k]);
        }
      }
      console.log(`| ${what} (${name}) | ${labels[0]} | ${labels[1]} | ${median(times[0])} | ${median(times[1])} |`);
    }
    if (ONLY) return;
    console.log(`\nOCR jobs, before and after, alternated, ${RUNS} runs each after one warm-up (the consumer's own ms per job)\n`);
    console.log("| file | consumer ms before (median) | after (median) | passes before | after | status before | after |");
    console.log("|---|---|---|---|---|---|---|");
    for (const [what, name, type] of OCR_CASES) {
      const job: number[][] = [[], []];
      const passes = [0, 0];
      const status = ["", ""];
      for (let r = 0; r <= RUNS; r++) {
        for (const k of r % 2 ? [1, 0] : [0, 1]) {
          const got = await ocrOnce(servers[k].base, tokens[k], [name, type], servers[k].ocrLog);
          status[k] = got.status;
          passes[k] = got.entry?.passes ?? passes[k];
          if (r > 0 && got.entry) job[k].push(got.entry.ms);
        }
      }
      console.log(`| ${what} (${name}) | ${median(job[0])} | ${median(job[1])} | ${passes[0]} | ${passes[1]} | ${status[0]} | ${status[1]} |`);
    }
  } finally {
    for (const s of servers) {
      s.server.kill("SIGTERM");
      rmSync(s.state, { recursive: true, force: true });
    }
    if (!process.env.BENCH_DIST) rmSync(dist, { recursive: true, force: true });
    dropRedirectTo([dist, baselineDist]);
  }
}

if (process.env.BENCH_BASELINE_DIST) await compare(process.env.BENCH_BASELINE_DIST);
else await main();
