/**
 * Bulk print benchmark driver: runs test/worker/label-print.bench.ts inside workerd (500 Evri labels, half with the
 * longest realistic text and branding, built as PDF 4x6, PDF A4 4-up and ZPL).
 *
 *   node bench/label-print.ts          (BENCH_LABELS=500, BENCH_RUNS=5)
 */
import { runWorkerdBench } from "./workerd-bench.ts";

process.exit(runWorkerdBench("test/worker/label-print.bench.ts"));
