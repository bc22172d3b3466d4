/**
 * Lighthouse on the BUILT app: performance, accessibility and best practices for /, /login, /labels and
 * /analytics (the last two signed in), each against a budget of 0.95.
 *
 *  1. builds the app (or reuses BENCH_DIST), applies the migrations to a fresh local D1, serves the real
 *     bundle with `vite preview` (workerd via miniflare) and signs a user up through the API;
 *  2. gives that user BENCH_LABELS (200) labels straight into the D1 file (bench/seed.ts), so the signed-in
 *     screens show real content (list, cards, chart), not their empty states;
 *  3. starts Chromium (CHROME_PATH, default /usr/bin/chromium) through playwright-core with a persistent
 *     profile and a remote-debugging port, and runs Lighthouse's Node API against that same browser
 *     (`port`), BENCH_RUNS (3) times per page. Before each run the HTTP cache is cleared over CDP and the
 *     tokens are put in (or removed from) localStorage on the origin; Lighthouse's own storage reset is off,
 *     since it would sign the user out. Scores are the median of the runs.
 *
 *   node bench/lighthouse.mjs    (BENCH_PRESET=mobile|desktop, BENCH_RUNS=3, BENCH_PORT=4482, BENCH_DIST=<build>,
 *                                 BENCH_COMPRESS=1: see compressingProxy below)
 *
 * Prints a table and the audits that cost points; full reports go to bench/results/lighthouse-<page>.local.json.
 * Exits 1 when a median score is under the budget.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import lighthouse, { desktopConfig } from "lighthouse";
import { chromium } from "playwright-core";
import { constants, createBrotliCompress, createGzip } from "node:zlib";
import { d1File, login, median, prepare, seedLabels, serve, signUp } from "./seed.ts";

const PORT = Number(process.env.BENCH_PORT ?? 4482);
const DEBUG_PORT = Number(process.env.BENCH_DEBUG_PORT ?? PORT + 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LABELS = Number(process.env.BENCH_LABELS ?? 200);
const PRESET = process.env.BENCH_PRESET ?? "mobile";
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const BUDGET = 0.95;
const CATEGORIES = ["performance", "accessibility", "best-practices"];
// Cloudflare's edge compresses text assets (brotli/gzip) by Accept-Encoding; `vite preview` (miniflare) sends
// them raw. BENCH_COMPRESS=1 (default) puts a loopback proxy in front of the preview that does what the edge
// does, so the network cost Lighthouse simulates is the production one; BENCH_COMPRESS=0 audits the raw preview.
const COMPRESS = process.env.BENCH_COMPRESS !== "0";
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json)|image\/svg\+xml)/;

/** A loopback proxy on `port` to `target` that compresses text responses (brotli, else gzip). */
function compressingProxy(port, target) {
  const proxy = http.createServer((req, res) => {
    const upstream = http.request(new URL(req.url, target), { method: req.method, headers: { ...req.headers, "accept-encoding": "identity" } }, (up) => {
      const headers = { ...up.headers };
      const accept = String(req.headers["accept-encoding"] ?? "");
      const type = String(up.headers["content-type"] ?? "");
      const size = Number(up.headers["content-length"] ?? Infinity);
      const encoding = !COMPRESSIBLE.test(type) || up.headers["content-encoding"] || size < 1024 ? null : /\bbr\b/.test(accept) ? "br" : /\bgzip\b/.test(accept) ? "gzip" : null;
      if (!encoding) {
        res.writeHead(up.statusCode ?? 502, headers);
        up.pipe(res);
        return;
      }
      delete headers["content-length"];
      headers["content-encoding"] = encoding;
      headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : "Accept-Encoding";
      res.writeHead(up.statusCode ?? 502, headers);
      up.pipe(encoding === "br" ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }) : createGzip({ level: 6 })).pipe(res);
    });
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) => proxy.listen(port, "127.0.0.1", () => resolve(proxy)));
}

const PAGES = [
  { path: "/", signedIn: false },
  { path: "/login", signedIn: false },
  { path: "/labels", signedIn: true },
  { path: "/analytics", signedIn: true },
];

const ws = prepare("lighthouse");
let server;
let proxy;
let context;
let profile;
let failed = false;
try {
  const previewPort = COMPRESS ? PORT + 1 : PORT;
  server = await serve(ws, previewPort);
  const account = await signUp(server.base, `bench-lh-${Date.now()}@example.com`);
  await server.stop();
  seedLabels(d1File(ws.stateDir), [{ userId: account.id, count: LABELS, prefix: "l" }]);
  server = await serve(ws, previewPort);
  proxy = COMPRESS ? await compressingProxy(PORT, server.base) : undefined;
  const base = `http://127.0.0.1:${PORT}`;

  profile = mkdtempSync(path.join(tmpdir(), "parcelhive-bench-lh-profile-"));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROME,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      `--remote-debugging-port=${DEBUG_PORT}`,
    ],
  });
  const helper = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(helper);

  /** Fresh tokens (or none) in localStorage, and an empty HTTP cache, before each run. */
  async function prepareBrowser(signedIn) {
    const tokens = signedIn ? await login(server.base, account.email, account.password) : null;
    await helper.goto(`${base}/favicon.svg`);
    await helper.evaluate((t) => {
      localStorage.clear();
      if (t) {
        localStorage.setItem("access_token", t.access_token);
        localStorage.setItem("refresh_token", t.refresh_token);
      }
    }, tokens);
    await helper.goto("about:blank");
    await cdp.send("Network.clearBrowserCache");
  }

  mkdirSync("bench/results", { recursive: true });
  const rows = [];
  for (const pg of PAGES) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      await prepareBrowser(pg.signedIn);
      const result = await lighthouse(
        base + pg.path,
        { port: DEBUG_PORT, output: "json", logLevel: "error", onlyCategories: CATEGORIES, disableStorageReset: true },
        PRESET === "desktop" ? desktopConfig : undefined,
      );
      if (!result) throw new Error(`no Lighthouse result for ${pg.path}`);
      const lhr = result.lhr;
      if (lhr.runtimeError) throw new Error(`${pg.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      if (new URL(lhr.finalDisplayedUrl).pathname !== pg.path) throw new Error(`${pg.path} ended on ${lhr.finalDisplayedUrl}`);
      runs.push(lhr);
    }
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r.categories[c].score ?? 0))]));
    // The report whose performance score is the median one, kept for reading.
    const lhr = runs.find((r) => r.categories.performance.score === scores.performance) ?? runs[0];
    const name = pg.path === "/" ? "home" : pg.path.slice(1);
    writeFileSync(`bench/results/lighthouse-${PRESET}${COMPRESS ? "" : "-raw"}-${name}.local.json`, JSON.stringify(lhr));
    const metric = (id) => lhr.audits[id]?.numericValue ?? NaN;
    rows.push({
      page: pg.path,
      ...scores,
      runs: runs.map((r) => CATEGORIES.map((c) => Math.round((r.categories[c].score ?? 0) * 100)).join("/")).join(" "),
      fcp: metric("first-contentful-paint"),
      lcp: metric("largest-contentful-paint"),
      tbt: metric("total-blocking-time"),
      cls: metric("cumulative-layout-shift"),
    });
    // What cost points: scored audits under 1 in the three categories.
    for (const c of CATEGORIES) {
      for (const ref of lhr.categories[c].auditRefs) {
        const a = lhr.audits[ref.id];
        if (ref.weight > 0 && a.score !== null && a.score < 1) {
          console.log(`  ${pg.path} ${c}: ${a.id} ${a.score} ${a.displayValue ?? ""} (${a.title})`);
        }
      }
    }
  }

  console.log(`\nLighthouse ${PRESET}, ${COMPRESS ? "text compressed as at the edge" : "raw preview (no compression)"}, median of ${RUNS} runs (budget ${BUDGET} each):\n`);
  console.log("| page | performance | accessibility | best practices | FCP ms | LCP ms | TBT ms | CLS | runs (perf/a11y/bp) |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---|");
  for (const r of rows) {
    console.log(
      `| ${r.page} | ${r.performance.toFixed(2)} | ${r.accessibility.toFixed(2)} | ${r["best-practices"].toFixed(2)} | ` +
        `${Math.round(r.fcp)} | ${Math.round(r.lcp)} | ${Math.round(r.tbt)} | ${r.cls.toFixed(3)} | ${r.runs} |`,
    );
    if (CATEGORIES.some((c) => r[c] < BUDGET)) failed = true;
  }
  console.log(failed ? "\nUnder budget on at least one page" : "\nAll pages within budget");
} finally {
  await context?.close();
  proxy?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
  await server?.stop();
  ws.cleanup();
}
process.exit(failed ? 1 : 0);
