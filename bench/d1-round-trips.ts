/**
 * D1 round trips per call: runs test/worker/d1-round-trips.bench.ts inside workerd (the real app, real local D1)
 * and prints how many D1 calls each call the screens make waits on, and where its session starts.
 *
 *   node bench/d1-round-trips.ts
 */
import { runWorkerdBench } from "./workerd-bench.ts";

process.exit(runWorkerdBench("test/worker/d1-round-trips.bench.ts"));
