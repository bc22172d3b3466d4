/**
 * Per-field accuracy of the label import over test/fixtures/corpus, printed as a table with every
 * miss. The same measure is the CI gate in test/worker/import-accuracy.test.ts.
 *
 *   node bench/import-accuracy.ts      (or `npm run bench:accuracy`)
 */
import { runWorkerdBench } from "./workerd-bench.ts";

process.exit(runWorkerdBench("test/worker/import-accuracy.bench.ts"));
