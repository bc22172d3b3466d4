/**
 * What Lighthouse's simulated largest paint (lantern, the mobile preset's default) is made of, from one run that
 * `BENCH_TRACE=1 node bench/lighthouse.mjs` kept (bench/results/trace-<page>-<build>-<time>.local.json and the
 * lantern-….local.json beside it): the simulated LCP and FCP, and for each of the two graphs whose mean is the LCP
 * (optimistic and pessimistic) the requests and main-thread tasks in it, in simulated order, with their simulated
 * start and end, a request's connection (new: a handshake; warm: reused) and a task's observed and simulated length.
 * The last node to end is what the largest paint waited for; the ones before it on its path are the chain to cut.
 *
 *   node bench/lantern-chain.mjs bench/results/trace-labels-A-<time>.local.json
 */
import { readFileSync } from "node:fs";
import { LanternFirstContentfulPaint } from "lighthouse/core/computed/metrics/lantern-first-contentful-paint.js";
import { LanternLargestContentfulPaint } from "lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js";

const traceFile = process.argv[2];
if (!traceFile?.includes("/trace-")) throw new Error("usage: node bench/lantern-chain.mjs bench/results/trace-<page>-<build>-<time>.local.json");
const trace = JSON.parse(readFileSync(traceFile, "utf8"));
const inputs = JSON.parse(readFileSync(traceFile.replace("/trace-", "/lantern-"), "utf8"));
const data = {
  trace,
  devtoolsLog: inputs.DevtoolsLog,
  gatherContext: inputs.GatherContext,
  settings: inputs.settings,
  URL: inputs.URL,
  SourceMaps: inputs.SourceMaps ?? [],
  HostDPR: inputs.HostDPR ?? 1,
  simulator: null,
};
const context = { computedCache: new Map() };
const fcp = await LanternFirstContentfulPaint.request(data, context);
const lcp = await LanternLargestContentfulPaint.request(data, context);
console.log(`simulated FCP ${Math.round(fcp.timing)} ms (optimistic ${Math.round(fcp.optimisticEstimate.timeInMs)}, pessimistic ${Math.round(fcp.pessimisticEstimate.timeInMs)})`);
console.log(`simulated LCP ${Math.round(lcp.timing)} ms (optimistic ${Math.round(lcp.optimisticEstimate.timeInMs)}, pessimistic ${Math.round(lcp.pessimisticEstimate.timeInMs)})`);

for (const which of ["optimistic", "pessimistic"]) {
  const estimate = lcp[`${which}Estimate`];
  console.log(`\n${which} LCP graph: ${Math.round(estimate.timeInMs)} ms`);
  const rows = [...estimate.nodeTimings.entries()].sort((a, b) => a[1].endTime - b[1].endTime);
  for (const [node, t] of rows) {
    const span = `${String(Math.round(t.startTime)).padStart(5)} → ${String(Math.round(t.endTime)).padStart(5)}`;
    if (node.type === "network") {
      const r = node.request;
      const how = t.connectionTiming?.connectionTime !== undefined && t.connectionTiming?.timeToFirstByte !== undefined && t.connectionTiming?.dnsResolutionTime !== undefined ? "new connection" : "warm";
      console.log(`${span}  net  ${r.url.replace(/^https?:\/\/[^/]+/, "").slice(0, 70)} ${r.transferSize} B ${r.priority} (${how}, ttfb ${Math.round(t.connectionTiming?.timeToFirstByte ?? NaN)})`);
    } else {
      const observed = (node.endTime - node.startTime) / 1000;
      const names = [...new Set(node.childEvents.filter((e) => (e.dur ?? 0) > 1000).map((e) => e.name))].slice(0, 5).join(", ");
      const urls = node.getEvaluateScriptURLs();
      console.log(`${span}  cpu  ${observed.toFixed(1)} ms observed, ${Math.round(t.duration ?? t.endTime - t.startTime)} simulated: ${names}${urls.size ? ` (${[...urls].map((u) => u.replace(/^https?:\/\/[^/]+/, "")).join(" ")})` : ""}`);
    }
  }
}
