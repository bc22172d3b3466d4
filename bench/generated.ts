/**
 * Reads ≥ 3,000 labels from the randomized generator (bench/label-generator) through the real
 * import inside workerd and prints per-field, per-family, per-toolchain and images-vs-text accuracy,
 * wrong tracking codes and the worst misses. A fresh seed each run unless SEED is given.
 *
 *   npm run bench:generated                 (GEN_LABELS=3000, GEN_IMAGES=450, GEN_DOCUMENTS=200, draft families too)
 *   SEED=123 GEN_LABELS=500 GEN_ONLY=rm-clickdrop GEN_OUT=/tmp/run npm run bench:generated
 *   GEN_TOOLCHAINS=pdfkit GEN_IMAGES=0 npm run bench:generated   (text PDFs of one toolchain)
 */
import path from "node:path";
import { runWorkerdBench } from "./workerd-bench.ts";

process.env.GEN_LABELS ||= "3000";
process.env.GEN_DRAFTS ||= "1";
process.env.GEN_IMAGES ||= String(Math.ceil(Number(process.env.GEN_LABELS) * 0.15));
// Documents that are not labels, one for every fifteen labels (200 of a 3,000-label run).
process.env.GEN_DOCUMENTS ||= String(Math.ceil(Number(process.env.GEN_LABELS) / 15));
process.env.BENCH_SETUP = path.join(import.meta.dirname, "label-generator", "serve.ts");
process.exit(runWorkerdBench("test/worker/generated-accuracy.bench.ts"));
