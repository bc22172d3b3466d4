#!/usr/bin/env node
/**
 * Worker startup CPU: the API worker against a bare Hono worker (one JSON route), measured in the
 * same run with `wrangler check startup`, which profiles the module's top-level evaluation in workerd.
 * Figures are the profile's samples inside the worker's own scripts (its bundle and chunks): the
 * 'Active' total also holds workerd's own start, which is the same for both and swings with load.
 * Rounds alternate between the two so a load swing on the shared machine hits both alike.
 *
 *   node bench/startup.mjs            # builds the app first (vite build)
 *   BENCH_NO_BUILD=1 BENCH_ROUNDS=7 node bench/startup.mjs
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" };
const compat = readFileSync(path.join(root, "wrangler.toml"), "utf8").match(/^compatibility_date\s*=\s*"([^"]+)"/m)?.[1];

// The yardstick lives outside the tree: inside it, wrangler would follow the app build's redirect.
const bare = mkdtempSync(path.join(tmpdir(), "ph-startup-bare-"));
writeFileSync(path.join(bare, "worker.ts"), `import { Hono } from "hono";\nexport default new Hono().get("/api/health", (c) => c.json({ ok: true }));\n`);
writeFileSync(path.join(bare, "wrangler.toml"), `name = "startup-yardstick"\nmain = "worker.ts"\ncompatibility_date = "${compat}"\ncompatibility_flags = ["nodejs_compat"]\n`);
symlinkSync(path.join(root, "node_modules"), path.join(bare, "node_modules"));

if (!process.env.BENCH_NO_BUILD) execFileSync("npx", ["vite", "build"], { cwd: root, env, stdio: "ignore" });

/** CPU ms the profile spent in the worker's own scripts, and the 'Active' total wrangler prints. */
function startup(cwd, tag) {
  const outfile = path.join(bare, `${tag}.cpuprofile`);
  const text = execFileSync(path.join(root, "node_modules/.bin/wrangler"), ["check", "startup", "--outfile", outfile], {
    cwd,
    env,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  const active = Number(text.match(/Active:\s*([\d.]+)\s*ms/)?.[1] ?? NaN);
  const profile = JSON.parse(readFileSync(outfile, "utf8"));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  let us = 0;
  profile.samples.forEach((id, i) => {
    const url = nodes.get(id).callFrame.url;
    if (url && !url.startsWith("node-internal:") && !url.startsWith("cloudflare-internal:")) us += profile.timeDeltas[i] ?? 0;
  });
  return { script: us / 1000, active };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const app = [];
const yard = [];
try {
  for (let i = 0; i < rounds; i++) {
    app.push(startup(root, `app${i}`));
    yard.push(startup(bare, `bare${i}`));
    console.log(`round ${i + 1}: api worker ${app[i].script.toFixed(1)} ms in its scripts (active ${app[i].active} ms), bare hono ${yard[i].script.toFixed(1)} ms (active ${yard[i].active} ms)`);
  }
} finally {
  rmSync(bare, { recursive: true, force: true });
}
const a = median(app.map((r) => r.script));
const b = median(yard.map((r) => r.script));
const aa = median(app.map((r) => r.active));
const ba = median(yard.map((r) => r.active));
console.log(`\nmedian startup CPU in the worker's scripts: api worker ${a.toFixed(1)} ms, bare hono ${b.toFixed(1)} ms`);
console.log(`median 'Active' (workerd included): api worker ${aa} ms, bare hono ${ba} ms, ratio ${(aa / ba).toFixed(2)}x`);
