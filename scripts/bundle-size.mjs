// Reports the Worker bundle (gzip) against Cloudflare's 10 MB limit, and the SPA's first-load JS for '/'.
// Run after `npm run deploy:check` (wrangler deploy --dry-run --outdir dist/deploy-check).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const WORKER_LIMIT = 10 * 1024 * 1024;
const INITIAL_JS_BUDGET = 120 * 1024;

function files(dir) {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}
const gz = (p) => gzipSync(readFileSync(p), { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const workerDir = process.argv[2] ?? "dist/deploy-check";
const workerFiles = files(workerDir).filter((f) => !f.endsWith(".map"));
const workerGz = workerFiles.reduce((s, f) => s + gz(f), 0);
console.log(`Worker bundle: ${workerFiles.length} files, ${kb(workerGz)} gzipped (${((workerGz / WORKER_LIMIT) * 100).toFixed(1)}% of the 10 MB limit)`);

// Initial JS for '/': the entry script in index.html plus its static imports (modulepreload links).
const html = readFileSync("dist/client/index.html", "utf8");
const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const initial = scripts.reduce((s, src) => s + gz(path.join("dist/client", src)), 0);
console.log(`Initial JS for '/': ${scripts.length} files, ${kb(initial)} gzipped (budget ${kb(INITIAL_JS_BUDGET)})`);
if (workerGz > WORKER_LIMIT || initial > INITIAL_JS_BUDGET) {
  console.error("Over budget");
  process.exit(1);
}

// What a worker start evaluates: the entry module and the chunks it imports statically; and what the
// first call of each entry point adds (the HTTP app, the queue consumer, the cron, the mail handler:
// the chunks index.js imports dynamically, with their static imports). The label readers (PDFium,
// zxing, pdf.js, Tesseract), Stripe's SDK, the MIME libraries and the claim-pack PDF (pdf-lib) are imported lazily by the calls that
// need them; this check keeps a stray static import from pulling them into a start or a first call.
const entryDir = "dist/parcelhive";
const staticGraph = (file, seen = new Set()) => {
  if (seen.has(file)) return seen;
  seen.add(file);
  const src = readFileSync(path.join(entryDir, file), "utf8");
  for (const m of src.matchAll(/^import\s[^;]*?from\s*"\.\/(?:assets\/)?([^"]+\.js)"/gm)) staticGraph(`assets/${path.basename(m[1])}`, seen);
  return seen;
};
const bytes = (set) => [...set].reduce((s, f) => s + statSync(path.join(entryDir, f)).size, 0);
// The bulk label print's PDF and ZPL builders (pdf-lib, bwip-js: label-print/pdf.ts, zpl.ts, barcodes.ts) load lazily too.
const lazyOnly = /(stripe|pdfjs|pipeline|ocr-job|tesseract|postal-mime|mimetext|webp|pdfium|zxing|claim-pack-pdf|barcodes|zpl|^pdf-)/i;
const startup = staticGraph("index.js");
const entrySrc = readFileSync(path.join(entryDir, "index.js"), "utf8");
const firstCalls = [...entrySrc.matchAll(/import\(\s*"\.\/(?:assets\/)?([^"]+\.js)"\s*\)/g)].map((m) => `assets/${path.basename(m[1])}`);
let stray = [...startup].filter((f) => lazyOnly.test(path.basename(f)));
console.log(`Worker start evaluates ${startup.size} modules, ${kb(bytes(startup))} (lazy-only chunks among them: ${stray.length ? stray.join(", ") : "none"})`);
for (const chunk of firstCalls) {
  const graph = staticGraph(chunk);
  const own = [...graph].filter((f) => lazyOnly.test(path.basename(f)));
  stray = stray.concat(own);
  console.log(`  first call through ${path.basename(chunk)}: ${graph.size} modules, ${kb(bytes(graph))} (lazy-only chunks: ${own.length ? own.join(", ") : "none"})`);
}
if (!firstCalls.some((f) => /app-/.test(f))) {
  console.error("index.js no longer loads the HTTP app lazily: the check above would see nothing");
  process.exit(1);
}
if (stray.length) {
  console.error("A lazily loaded library is imported statically at worker start or by an entry point's first call");
  process.exit(1);
}
