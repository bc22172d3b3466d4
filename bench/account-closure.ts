/**
 * Account closure benchmark driver: runs test/worker/account-closure.bench.ts inside workerd (real D1 and R2) and
 * samples the memory of workerd (the whole miniflare process: the isolate, SQLite and the local R2 together) every
 * 200 ms, reporting its RSS when the closing starts and its peak while it runs.
 *
 *   node bench/account-closure.ts                 (Node 22 strips the types)
 *   BENCH_LABELS=20000 BENCH_FILES=2000 node bench/account-closure.ts
 */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const root = path.join(import.meta.dirname, "..");

/** RSS in MB of `pid` and every process under it (Linux /proc). */
function treeRss(pid: number): number {
  const children = new Map<number, number[]>();
  let rssKb = 0;
  for (const entry of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      /* gone */
    }
  }
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop()!;
    try {
      const status = readFileSync(`/proc/${p}/status`, "utf8");
      const name = /^Name:\s+(\S+)/m.exec(status)?.[1] ?? "";
      // workerd only: the vitest and esbuild processes around it are not the Worker's.
      if (name.startsWith("workerd")) rssKb += Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
    } catch {
      /* gone */
    }
    stack.push(...(children.get(p) ?? []));
  }
  return Math.round(rssKb / 1024);
}

const child = spawn(path.join(root, "node_modules", ".bin", "vitest"), ["run", "--config", path.join(root, "bench", "workerd-bench.config.ts")], {
  cwd: root,
  stdio: ["ignore", "pipe", "inherit"],
  env: { ...process.env, BENCH_FILE: "test/worker/account-closure.bench.ts", CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
});

let phase: "seeding" | "closing" | "done" = "seeding";
let atStart = 0;
let peak = 0;
let seedingPeak = 0;
const timer = setInterval(() => {
  const rss = treeRss(child.pid!);
  if (phase === "closing") peak = Math.max(peak, rss);
  if (phase === "seeding") seedingPeak = Math.max(seedingPeak, rss);
}, 200);

let buffered = "";
child.stdout.on("data", (chunk: Buffer) => {
  process.stdout.write(chunk);
  buffered += chunk.toString();
  if (phase === "seeding" && buffered.includes("BENCH-MARK closing-start")) {
    phase = "closing";
    atStart = treeRss(child.pid!);
    peak = atStart;
  }
  if (phase === "closing" && buffered.includes("BENCH-MARK closing-end")) phase = "done";
});

child.on("exit", (code) => {
  clearInterval(timer);
  console.log(JSON.stringify({ workerdRssMb: { seedingPeak, closingStart: atStart, closingPeak: peak, closingGrowth: peak - atStart } }, null, 2));
  process.exit(code ?? 1);
});
