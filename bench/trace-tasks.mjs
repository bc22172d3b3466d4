/**
 * What a page load's main-thread tasks were made of, from a trace `BENCH_TRACE=1 node bench/lighthouse.mjs` kept
 * (bench/results/trace-*.local.json): each task over MIN_MS (3) of the page's renderer main thread, from the
 * navigation, with its observed length (unthrottled: Lighthouse's simulation multiplies CPU time by 4) and the
 * events that took most of it (ParseHTML, EvaluateScript, v8.evaluateModule, Layout, UpdateLayoutTree for style...)
 * and the script it ran, if any.
 *
 *   node bench/trace-tasks.mjs bench/results/trace-labels-A-<time>.local.json   (MIN_MS=3, TOP=25)
 *
 * The traces BENCH_TRACE=1 keeps also sample the JavaScript; the functions that took most of it come last.
 */
import { readFileSync } from "node:fs";

const MIN_MS = Number(process.env.MIN_MS ?? 3);
const trace = JSON.parse(readFileSync(process.argv[2], "utf8"));
const events = trace.traceEvents ?? trace;
const nav = events.find((e) => e.name === "navigationStart" && e.args?.data?.isLoadingMainFrame && e.args?.data?.documentLoaderURL?.startsWith("http"));
const start = nav?.ts ?? 0;
// The page's main thread: the renderer thread named CrRendererMain with the most events after the navigation.
let main = [];
for (const t of events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain")) {
  const own = events.filter((e) => e.pid === t.pid && e.tid === t.tid && e.ts >= start);
  if (own.length > main.length) main = own;
}
const isTask = (e) => e.ph === "X" && (e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask") && e.dur > MIN_MS * 1000;
for (const task of main.filter(isTask).sort((a, b) => a.ts - b.ts)) {
  const inside = main.filter((e) => e.ph === "X" && e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur && e.dur > 500);
  const byName = {};
  for (const e of inside) byName[e.name] = (byName[e.name] ?? 0) + e.dur / 1000;
  const top = Object.entries(byName)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
    .join(", ");
  const url = inside.find((e) => e.args?.data?.url)?.args.data.url.replace(/^https?:\/\/[^/]+/, "") ?? "";
  console.log(`${((task.ts - start) / 1000).toFixed(0).padStart(5)} ms  +${(task.dur / 1000).toFixed(1).padStart(5)} ms  ${top}${url ? `  (${url})` : ""}`);
}

// With the JavaScript sampled (BENCH_TRACE=1 adds V8's sampling profiler to the trace), the functions that took the
// most of it, by self time, with their script and position. The profiler's own cost inflates small functions, so
// read the ranking, not the milliseconds.
const frames = new Map();
const selfTime = new Map();
for (const chunk of events.filter((e) => e.name === "ProfileChunk")) {
  const { cpuProfile = {}, timeDeltas = [] } = chunk.args.data;
  for (const node of cpuProfile.nodes ?? []) {
    const { functionName, url = "", lineNumber, columnNumber } = node.callFrame;
    frames.set(node.id, `${functionName || "(anonymous)"} ${url.replace(/^https?:\/\/[^/]+/, "")}${url ? `:${lineNumber + 1}:${columnNumber + 1}` : ""}`);
  }
  for (const [i, id] of (cpuProfile.samples ?? []).entries()) selfTime.set(id, (selfTime.get(id) ?? 0) + (timeDeltas[i] ?? 0));
}
if (selfTime.size > 0) {
  const byFrame = new Map();
  for (const [id, us] of selfTime) {
    const frame = frames.get(id) ?? "?";
    if (!/^\((idle|program)\)/.test(frame)) byFrame.set(frame, (byFrame.get(frame) ?? 0) + us);
  }
  console.log("\nJavaScript by self time (sampled):");
  for (const [frame, us] of [...byFrame].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 25))) console.log(`${(us / 1000).toFixed(1).padStart(8)} ms  ${frame}`);
}
