/**
 * Cron benchmark driver: runs test/worker/tracking-cron.bench.ts inside workerd (real D1 and
 * queue bindings). It seeds 100,000 labels by SQL and times the scheduled() handler's passes;
 * the budget is under 2 s of handler time per pass.
 *
 *   node bench/cron.ts          (Node 22 strips the types; or `npm run bench:cron`)
 *   BENCH_LABELS=200000 BENCH_PASSES=3 node bench/cron.ts
 */
import { runWorkerdBench } from "./workerd-bench.ts";

process.exit(runWorkerdBench("test/worker/tracking-cron.bench.ts"));
