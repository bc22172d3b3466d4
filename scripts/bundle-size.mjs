// Reports the Worker bundle (gzip) against Cloudflare's 10 MB limit, the SPA's first-load JS for '/', and what
// /, /login, /labels and /analytics load before their first paint.
// Run after `npm run deploy:check` (wrangler deploy --dry-run --outdir dist/deploy-check).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";

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

// PH_DIST: another build directory than dist/ (as vite.config.ts reads it).
const dist = process.env.PH_DIST ?? "dist";
const workerDir = process.argv[2] ?? path.join(dist, "deploy-check");
const workerFiles = files(workerDir).filter((f) => !f.endsWith(".map"));
const workerGz = workerFiles.reduce((s, f) => s + gz(f), 0);
console.log(`Worker bundle: ${workerFiles.length} files, ${kb(workerGz)} gzipped (${((workerGz / WORKER_LIMIT) * 100).toFixed(1)}% of the 10 MB limit)`);

// Initial JS for '/': the entry script plus its static imports, which the inline boot script starts and links
// (scripts/app-shell.ts): every /assets/*.js it names but the screens' own preloads and /labels's first cards.
const html = readFileSync(path.join(dist, "client/index.html"), "utf8");
const bootCode = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join("");
const screenListed = new Set([...bootCode.matchAll(/\b\w+:\[([^\]]*)\]/g)].flatMap((m) => [...m[1].matchAll(/\/assets\/[^"`']+\.js/g)].map((a) => a[0])));
const scripts = [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]).concat([...bootCode.matchAll(/\/assets\/[^"`']+\.js/g)].map((m) => m[0])))].filter(
  (src) => !screenListed.has(src) && !/\/first-cards-/.test(src),
);
if (scripts.length === 0) {
  console.error("index.html names no entry script (neither in a tag nor in the boot script)");
  process.exit(1);
}
const jsGz = (list) => list.reduce((s, src) => s + gz(path.join(dist, "client", src)), 0);
const initial = jsGz(scripts);
console.log(`Initial JS for '/': ${scripts.length} files, ${kb(initial)} gzipped (budget ${kb(INITIAL_JS_BUDGET)})`);
if (workerGz > WORKER_LIMIT || initial > INITIAL_JS_BUDGET) {
  console.error("Over budget");
  process.exit(1);
}

// First paint (issue 26): index.html alone paints /, /login, /labels and /analytics (scripts/app-shell.ts): the
// stylesheet is inline, each screen's shell is a <template>, the inline boot script shows it. So before the first
// paint a page loads the HTML and nothing else: no stylesheet, no script outside the HTML, no font. A new feature
// that adds a blocking request, a large inline script or a screen without its shell fails here.
const FIRST_PAINT_SHELLS = { "/": "home-out", "/login": "login-out", "/labels": "labels-in", "/analytics": "analytics-in" };
const HTML_BUDGET = 16 * 1024;
const INLINE_JS_BUDGET = 4 * 1024;
// /labels's first cards: a script of their own, loaded by the boot script beside the labels call (web/shell/first-cards*.ts).
const FIRST_CARDS_BUDGET = 10 * 1024;
const SCREEN_JS_BUDGET = 130 * 1024;
// Scripts a screen loads for its first render (the entry's and its own): each is one more request on the way to its
// content, and an HTTP/1.1 connection pool (Lighthouse simulates six) queues them and the screen's API calls. The
// chunk groups in vite.config.ts keep /labels at 6 (it was 18, a small chunk per set of screens sharing a module).
const SCREEN_SCRIPTS_BUDGET = 6;
const head = html.slice(0, html.indexOf("<body"));
const blocking = [
  ...[...head.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/g)].map((m) => m[0]),
  ...[...head.matchAll(/<script\b[^>]*\bsrc=[^>]*>/g)].map((m) => m[0]).filter((tag) => !/type="module"|\bdefer\b|\basync\b/.test(tag)),
  ...[...html.matchAll(/@import|@font-face/g)].map((m) => m[0]),
];
const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
const inlineGz = inline.reduce((s, code) => s + gzipSync(code, { level: 9 }).length, 0);
const htmlGz = gzipSync(html, { level: 9 }).length;
// The code each screen preloads beside the entry (the boot script's list: `labels:["/assets/…",…]`).
const preloads = (screen) => [...(inline.join("").match(new RegExp(`\\b${screen}:\\[([^\\]]*)\\]`))?.[1] ?? "").matchAll(/\/assets\/[^"`']+\.js/g)].map((m) => m[0]);
const paintFailures = blocking.map((tag) => `blocks the first paint: ${tag}`);
if (inline.length !== 1) paintFailures.push(`expected one inline boot script, found ${inline.length}`);
if (htmlGz > HTML_BUDGET) paintFailures.push(`index.html is ${kb(htmlGz)} gzipped (budget ${kb(HTML_BUDGET)})`);
if (inlineGz > INLINE_JS_BUDGET) paintFailures.push(`the inline boot script is ${kb(inlineGz)} gzipped (budget ${kb(INLINE_JS_BUDGET)})`);
console.log(`Before the first paint: index.html ${kb(htmlGz)} gzipped (budget ${kb(HTML_BUDGET)}), ${blocking.length} other requests; JS ${kb(inlineGz)} inline (budget ${kb(INLINE_JS_BUDGET)})`);
// /labels's first cards: drawn from the labels call's answer by their own script, which the boot script loads; the
// boot script starts the app's entry and links its imports after them (nothing in the HTML fetches them: a <script>
// there would run React and its libraries before the cards are drawn, and a preload would share the connection with
// the cards' answer; either way /labels's largest paint would wait for them again).
const firstCards = inline.join("").match(/\/assets\/first-cards-[\w-]+\.js/)?.[0];
const firstCardsGz = firstCards ? jsGz([firstCards]) : 0;
if (!firstCards) paintFailures.push("/labels: the boot script loads no script for its first cards");
else if (firstCardsGz > FIRST_CARDS_BUDGET) paintFailures.push(`/labels: its first cards' script is ${kb(firstCardsGz)} gzipped (budget ${kb(FIRST_CARDS_BUDGET)})`);
if (/<script type="module"/.test(html) || !scripts.some((src) => inline.join("").includes(src))) paintFailures.push("the boot script does not start the entry script");
if (/<link\b[^>]*rel="modulepreload"/.test(html)) paintFailures.push("index.html preloads app code itself: on /labels it must wait for the first cards (the boot script links it)");
console.log(`/labels's first cards: drawn by ${firstCards ?? "NOTHING"}, ${kb(firstCardsGz)} gzipped (budget ${kb(FIRST_CARDS_BUDGET)}), beside the labels call`);
// /labels' document drawn by the Worker for a signed-in seller (worker/labels/document.ts, from labels-document.json,
// scripts/app-shell.ts labelsDocument): its largest paint is the first card, in the HTML, only while the HTML arrives
// in the first round trip of a new connection (Lighthouse's simulation: 10 TCP segments, 14,600 bytes with the
// headers; one byte more is a round trip more, 150 ms). Brotli as the edge sends it; without the answers' values and
// cards, which add ~2-3 KB for three cards, and ~0.7 KB of headers: the document alone stays under 11 KB.
const LABELS_DOCUMENT_BUDGET = 11 * 1024;
let labelsDocument = null;
try {
  labelsDocument = JSON.parse(readFileSync(path.join(dist, "client/labels-document.json"), "utf8"));
} catch {
  paintFailures.push("/labels: no labels-document.json in the build (the Worker draws the signed-in document from it)");
}
if (labelsDocument) {
  const bare = labelsDocument.document.replace("<!--ph:screen-->", labelsDocument.template.screen);
  const bareBr = brotliCompressSync(bare, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } }).length;
  const inlineOf = [...labelsDocument.document.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  if (bareBr > LABELS_DOCUMENT_BUDGET) paintFailures.push(`/labels: the signed-in document is ${kb(bareBr)} (brotli) before its cards (budget ${kb(LABELS_DOCUMENT_BUDGET)})`);
  if (inlineOf[0] !== inline[0]) paintFailures.push("/labels: the signed-in document's boot script is not index.html's (the CSP allows that one by its hash)");
  console.log(`/labels signed in (the Worker's document): ${kb(bareBr)} brotli before its cards (budget ${kb(LABELS_DOCUMENT_BUDGET)}; the first round trip carries 14.3 KB)`);
}
for (const [page, variant] of Object.entries(FIRST_PAINT_SHELLS)) {
  const shell = html.match(new RegExp(`<template id="shell-${variant}">([\\s\\S]*?)</template>`))?.[1] ?? "";
  const painted = /<h1\b/.test(shell);
  if (!painted) paintFailures.push(`${page}: no shell screen with a heading (template shell-${variant})`);
  const screen = variant.replace(/-(in|out)$/, "");
  const own = screen === "home" ? [] : preloads(screen);
  if (screen !== "home" && own.length === 0) paintFailures.push(`${page}: the boot script preloads none of its code`);
  const screenJs = initial + jsGz(own);
  if (screenJs > SCREEN_JS_BUDGET) paintFailures.push(`${page}: its screen needs ${kb(screenJs)} of JS (budget ${kb(SCREEN_JS_BUDGET)})`);
  const screenScripts = new Set([...scripts, ...own]).size;
  if (screenScripts > SCREEN_SCRIPTS_BUDGET) paintFailures.push(`${page}: its screen loads ${screenScripts} scripts (budget ${SCREEN_SCRIPTS_BUDGET})`);
  console.log(
    `  ${page}: ${painted ? `painted from the HTML (shell-${variant})` : "NOT painted from the HTML"}, JS before the first paint ${kb(inlineGz)} inline; its screen's JS ${kb(screenJs)} gzipped in ${screenScripts} scripts, loaded in parallel (budget ${kb(SCREEN_JS_BUDGET)}, ${SCREEN_SCRIPTS_BUDGET} scripts)`,
  );
}
if (paintFailures.length) {
  for (const f of paintFailures) console.error(f);
  process.exit(1);
}

// What a worker start evaluates: the entry module and the chunks it imports statically; and what the
// first call of each entry point adds (the HTTP app, the queue consumer, the cron, the mail handler:
// the chunks index.js imports dynamically, with their static imports). The label readers (PDFium,
// zxing, pdf.js, Tesseract), Stripe's SDK, the MIME libraries and the claim-pack PDF (pdf-lib) are imported lazily by the calls that
// need them; this check keeps a stray static import from pulling them into a start or a first call.
const entryDir = path.join(dist, "parcelhive");
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
