/**
 * Tracking at carrier scale: runs test/worker/tracking-scale.bench.ts inside workerd (real D1).
 * 100,000 due Royal Mail labels, 2% with news, against a stand-in Royal Mail (its summary and
 * events formats) under a budget of 600 calls a minute shared by 10 concurrent consumers. Prints
 * carrier calls, calls per label, the simulated minutes one full pass takes, the most calls seen in
 * any minute, and checks no update is lost.
 *
 *   node bench/tracking-scale.ts      (or `npm run bench:tracking`)
 *   BENCH_LABELS=20000 BENCH_NEWS_PERCENT=10 BENCH_BUDGET=300 BENCH_CONSUMERS=10 node bench/tracking-scale.ts
 */
import { runWorkerdBench } from "./workerd-bench.ts";

process.exit(runWorkerdBench("test/worker/tracking-scale.bench.ts"));
