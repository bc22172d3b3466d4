/**
 * 'Download my data' benchmark driver: runs test/worker/export.bench.ts inside workerd (real D1 and R2: 100,000 labels
 * and 2 GB of originals by default) with each isolate's V8 heap capped at 128 MB, reads each isolate's heap from V8's
 * GC trace (no API inside workerd tells it; the largest bounds the bench's), samples the resident memory of this run's workerd processes every
 * 200 ms (it also holds miniflare's own R2 and D1: an upper bound), then checks the archive with Info-ZIP's unzip and
 * Python's zipfile, which share no code with the writer. Prints the figures for bench/README.md.
 *
 *   npm run bench:export     (BENCH_LABELS=100000, BENCH_FILES=2000, BENCH_FILE_KB=1024; BENCH_ZIP_OUT keeps the ZIP)
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.join(import.meta.dirname, "..");
const zipOut = process.env.BENCH_ZIP_OUT ?? path.join(tmpdir(), `parcelhive-export-bench-${process.pid}.zip`);

/** Resident KB of each process under `pid` whose name is workerd. */
function workerdRssKb(pid: number): number {
  const children = new Map<number, number[]>();
  const names = new Map<number, string>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      names.set(Number(entry), name);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      /* gone meanwhile */
    }
  }
  let kb = 0;
  const walk = (p: number) => {
    for (const c of children.get(p) ?? []) {
      if (names.get(c) === "workerd") {
        try {
          kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${c}/status`, "utf8"))?.[1] ?? 0);
        } catch {
          /* gone meanwhile */
        }
      }
      walk(c);
    }
  };
  walk(pid);
  return kb;
}

const child = spawn(path.join(root, "node_modules", ".bin", "vitest"), ["run", "--config", path.join(root, "bench", "workerd-bench.config.ts")], {
  cwd: root,
  env: {
    ...process.env,
    BENCH_FILE: "test/worker/export.bench.ts",
    BENCH_SETUP: "bench/export-receiver.ts",
    BENCH_ZIP_OUT: zipOut,
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    WRANGLER_SEND_METRICS: "false",
    // Each isolate's V8 heap capped at the Worker's 128 MB (a run that needed more would die of it), and every
    // garbage collection traced with the isolate's heap before and after: the one measure of an isolate's own memory.
    MINIFLARE_WORKERD_V8_FLAGS: process.env.MINIFLARE_WORKERD_V8_FLAGS ?? "--max-old-space-size=128 --trace-gc",
  },
  stdio: ["ignore", "pipe", "pipe"],
});
const samples: { at: number; kb: number }[] = [];
const timer = setInterval(() => samples.push({ at: Date.now(), kb: workerdRssKb(child.pid!) }), 200);
let output = "";
/** V8's trace-gc lines ('[pid:isolate] t ms: Scavenge 30.9 (38.3) -> 25.2 (40.5) MB'): per isolate, heap in use before the collection and committed, the isolate named by its address. */
const collections: { isolate: string; used: number; committed: number }[] = [];
const GC_LINE = /^\[\d+:(0x[0-9a-f]+)\]\s+\d+ ms: [\w-]+(?: \([\w ]+\))? ([\d.]+) \(([\d.]+)\) -> ([\d.]+) \(([\d.]+)\) MB/;
const echo = (to: NodeJS.WriteStream) => {
  let partial = "";
  return (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      const gc = GC_LINE.exec(line);
      if (!gc) {
        output += `${line}\n`;
        to.write(`${line}\n`);
        continue;
      }
      collections.push({ isolate: gc[1], used: Number(gc[2]), committed: Math.max(Number(gc[3]), Number(gc[5])) });
    }
  };
};
child.stdout.on("data", echo(process.stdout));
child.stderr.on("data", echo(process.stderr));
const code: number = await new Promise((resolve) => child.on("exit", (c) => resolve(c ?? 1)));
clearInterval(timer);
if (code !== 0) process.exit(code);

const start = Number(/BENCH export-start (\d+)/.exec(output)?.[1]);
const end = Number(/BENCH export-end (\d+)/.exec(output)?.[1]);
const result = JSON.parse(/BENCH result (\{.*\})/.exec(output)?.[1] ?? "{}");
const before = samples.filter((s) => s.at < start).at(-1)?.kb ?? 0;
const during = samples.filter((s) => s.at >= start && s.at <= end).map((s) => s.kb);
const peak = Math.max(...during);

const unzip = spawnSync("unzip", ["-tq", zipOut], { encoding: "utf8" });
const python = spawnSync("python3", ["-c", "import sys, zipfile\nz = zipfile.ZipFile(sys.argv[1])\nprint(len(z.infolist()), z.testzip())", zipOut], { encoding: "utf8" });
// Every isolate's largest heap over the whole run (seeding included): the bench's (the build runs in it) and miniflare's
// D1 and R2 simulators. The trace does not say which is which, and workerd writes it in bursts (its arrival tells
// nothing of when), so the largest is the bound; the three largest are shown.
const heaps = new Map<string, { used: number; committed: number; collections: number }>();
for (const c of collections) {
  const heap = heaps.get(c.isolate) ?? { used: 0, committed: 0, collections: 0 };
  heaps.set(c.isolate, { used: Math.max(heap.used, c.used), committed: Math.max(heap.committed, c.committed), collections: heap.collections + 1 });
}
const largest = [...heaps.values()].sort((a, b) => b.used - a.used).slice(0, 3);
const heap = largest.length ? largest.map((h) => `${h.used.toFixed(0)} MB (${h.committed.toFixed(0)} committed, ${h.collections} GCs)`).join("; ") : "not traced";
console.log("\n| labels | originals | time | slices (slowest) | D1 statements (most in one slice) | R2 calls | archive | JS heap before a GC, whole run, 3 largest isolates | workerd RSS before → peak | unzip -t | Python zipfile |");
console.log("|---:|---:|---:|---|---|---|---:|---|---|---|---|");
const r2 = Object.entries(result.r2 as Record<string, number>)
  .map(([k, v]) => `${k} ${v}`)
  .join(", ");
console.log(
  `| ${result.labels.toLocaleString("en-GB")} | ${result.files.toLocaleString("en-GB")} × ${result.fileKB} KB (${result.originalsMB.toLocaleString("en-GB")} MB) | ${result.seconds.toFixed(0)} s | ${result.slices} (${(result.slowestSliceMs / 1000).toFixed(1)} s) | ${result.d1Statements.toLocaleString("en-GB")} (${result.maxStatementsInASlice}) | ${r2} | ${result.archiveMB} MB | ${heap} | ${Math.round(before / 1024)} → ${Math.round(peak / 1024)} MB | ${unzip.status === 0 ? "no errors" : `FAILED: ${unzip.stdout}${unzip.stderr}`} | ${python.status === 0 ? `${python.stdout.trim().split(" ")[0]} entries, CRCs ${python.stdout.includes("None") ? "all good" : "BAD"}` : `FAILED: ${python.stderr}`} |`,
);
if (existsSync(zipOut) && !process.env.BENCH_ZIP_OUT) {
  console.log(`(archive ${Math.round(statSync(zipOut).size / 1024 / 1024)} MB checked and removed)`);
  rmSync(zipOut);
}
