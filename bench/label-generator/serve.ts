/**
 * Vitest globalSetup for the generated-label gate and bench: plans a run (SEED, GEN_LABELS,
 * GEN_IMAGES, GEN_DOCUMENTS, GEN_ONLY, GEN_TOOLCHAINS, GEN_DRAFTS; GEN_FILES keeps some of its files), serves it on a loopback port and provides the address as
 * `generatedLabels`. Tests inside workerd fetch `/plan` (the truth of every file) and
 * `/file/:index` (its bytes, rendered on demand a few files ahead, so Chromium and sharp work in
 * Node while workerd reads); the harness posts its full result to `/report` (report.json). Files are kept in GEN_OUT (else a temp dir removed afterwards, unless
 * GEN_KEEP=1).
 *
 * Why a loopback server: generation needs Node (Chromium, sharp), the reader runs in workerd, and
 * 3,000 files (about 0.4 GB) are too many to pass as bindings or inline modules (the test pool's
 * module snapshot refuses large messages); a fetch per file keeps memory flat on both sides.
 *
 * GEN_DIR=<dir> serves labels another program already wrote there (its manifest.json in this generator's shape, and
 * the files), instead of drawing a run: bench/outside/make.py's labels, made by other tools.
 */
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import type { Chromium } from "./chromium.ts";
import type { FamilyName } from "./families/index.ts";
import type { GeneratedFile, Toolchain } from "./manifest.ts";
import { freshSeed } from "./random.ts";

/** Files rendered ahead of the one asked for. */
const AHEAD = 3;

export default async function setup(project: TestProject) {
  if (process.env.GEN_DIR) return serveDir(project, process.env.GEN_DIR);
  const seed = process.env.SEED || freshSeed();
  // The gate's plan unless GEN_* say (test/worker/generated-accuracy.test.ts sizes it): 200 labels, then image files
  // until 96 are images or flattened PDFs, then 30 documents that are not labels (customs forms, manifests, return
  // QR codes, tracking pages, order mails; GEN_DOCUMENTS=0 draws none).
  const labels = Number(process.env.GEN_LABELS || 200);
  const images = Number(process.env.GEN_IMAGES || 96);
  const documents = Number(process.env.GEN_DOCUMENTS || 30);
  const only = process.env.GEN_ONLY ? (process.env.GEN_ONLY.split(",") as FamilyName[]) : undefined;
  // The text PDFs' toolchains (pdf-lib,chromium,pdfkit); the gate draws the default two.
  const toolchains = process.env.GEN_TOOLCHAINS ? (process.env.GEN_TOOLCHAINS.split(",") as Toolchain[]) : undefined;
  // GEN_DRAFTS=1 draws the draft families too (the bench's default).
  const drafts = process.env.GEN_DRAFTS === "1";
  const keep = Boolean(process.env.GEN_OUT || process.env.GEN_KEEP);
  const dir = process.env.GEN_OUT || mkdtempSync(path.join(os.tmpdir(), `generated-labels-${seed}-`));
  mkdirSync(dir, { recursive: true });
  // GEN_FILES=52,205 reads only those files of the planned run: a replay of single misses (with the
  // run's SEED, GEN_LABELS and GEN_IMAGES, which make the plan).
  const pick = process.env.GEN_FILES ? new Set(process.env.GEN_FILES.split(",").map(Number)) : null;
  // The plan (its modules, the layouts) and Chromium are made when the gate first asks, not here: vitest awaits every
  // project's global setup before any test file starts, so the other projects' files waited for this one's 13-23 s
  // (load 10-12) at the start of every `npm test`.
  let ready: Promise<Ready> | undefined;
  const prepare = async () => {
    const [{ Chromium }, { planRun, publicPart, renderFile }] = await Promise.all([import("./chromium.ts"), import("./generate.ts")]);
    const files = planRun(seed, { labels, images, documents, only, toolchains, drafts }).filter((f) => !pick || pick.has(f.index));
    const manifest = files.map(publicPart);
    writeFileSync(path.join(dir, "manifest.json"), `${JSON.stringify({ seed, files: manifest }, null, 1)}\n`);
    console.log(`\nlabel generator: SEED=${seed} (replay with SEED=${seed}), ${files.length} files, ${manifest.reduce((s, f) => s + f.labels.length, 0)} labels, ${manifest.filter((f) => !f.labels.length).length} documents that are not labels, files in ${dir}\n`);
    const chromium: Chromium = await Chromium.start();
    return { byIndex: new Map(files.map((f) => [f.index, f])), manifest, order: files.map((f) => f.index), renderFile, chromium };
  };
  type Ready = Awaited<ReturnType<typeof prepare>>;

  // One render at a time (one browser tab); each file once.
  const rendered = new Map<number, Promise<Uint8Array>>();
  let chain: Promise<unknown> = Promise.resolve();
  const render = ({ byIndex, renderFile, chromium }: Ready, index: number): Promise<Uint8Array> => {
    let p = rendered.get(index);
    if (!p) {
      const f = byIndex.get(index)!;
      const file = path.join(dir, f.name);
      p = chain.then(async () => {
        if (existsSync(file)) return new Uint8Array(readFileSync(file));
        const bytes = await renderFile(f, chromium);
        writeFileSync(file, bytes);
        return bytes;
      });
      chain = p.catch(() => {});
      rendered.set(index, p);
    }
    return p;
  };

  const server = http.createServer(async (req, res) => {
    // One connection per request: a kept-alive socket that Node closes after its idle timeout (5 s)
    // while workerd reuses it fails the next fetch ('Network connection lost'; an OCR read takes longer).
    res.setHeader("connection", "close");
    const url = req.url ?? "";
    let run: Ready;
    try {
      ready ??= prepare();
      run = await ready;
    } catch (err) {
      // The gate fails with this message (a failed plan is not made again).
      res.statusCode = 500;
      res.end(String((err as Error)?.stack ?? err));
      return;
    }
    const { byIndex, manifest, order } = run;
    if (url === "/plan") {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ seed, dir, files: manifest }));
      return;
    }
    if (url === "/report" && req.method === "POST") {
      // The harness's full result (every miss, wrong code and failure), kept beside the files.
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        writeFileSync(path.join(dir, "report.json"), Buffer.concat(chunks));
        res.end("ok");
      });
      return;
    }
    const m = /^\/file\/(\d+)$/.exec(url);
    const index = m ? Number(m[1]) : -1;
    if (!byIndex.has(index)) {
      res.statusCode = 404;
      res.end("no such file");
      return;
    }
    const at = order.indexOf(index);
    for (const next of order.slice(at + 1, at + 1 + AHEAD)) void render(run, next).catch(() => {});
    render(run, index).then(
      (bytes) => {
        rendered.delete(index);
        res.setHeader("content-type", "application/octet-stream");
        res.end(bytes);
      },
      (err) => {
        res.statusCode = 500;
        res.end(String(err?.stack ?? err));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  project.provide("generatedLabels", `http://127.0.0.1:${port}`);

  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await chain.catch(() => {});
    await ready?.then(({ chromium }) => chromium.close(), () => {});
    if (!keep) rmSync(dir, { recursive: true, force: true });
  };
}

/** Serves a directory of labels made elsewhere (GEN_DIR): manifest.json and the files it names, as they are. */
async function serveDir(project: TestProject, dir: string) {
  const { seed, files } = JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")) as { seed: string; files: GeneratedFile[] };
  console.log(`\nlabels from ${dir}: SEED=${seed}, ${files.length} files\n`);
  const byIndex = new Map(files.map((f) => [f.index, f]));
  const server = http.createServer((req, res) => {
    res.setHeader("connection", "close");
    const url = req.url ?? "";
    if (url === "/plan") {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ seed, dir, files }));
    } else if (url === "/report" && req.method === "POST") {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        writeFileSync(path.join(dir, "report.json"), Buffer.concat(chunks));
        res.end("ok");
      });
    } else {
      const f = byIndex.get(Number(/^\/file\/(\d+)$/.exec(url)?.[1] ?? -1));
      res.statusCode = f ? 200 : 404;
      res.end(f ? readFileSync(path.join(dir, f.name)) : "no such file");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  project.provide("generatedLabels", `http://127.0.0.1:${(server.address() as { port: number }).port}`);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
