/**
 * The randomized label generator: plans files from the families (a seed and an index give the
 * same file every time), renders each with one of the toolchains (pdf-lib, Chromium, pdfkit) and, for some,
 * as an image. The truth of every label comes from the plan.
 *
 *   node bench/label-generator/generate.ts [--out DIR] [--labels N] [--images M] [--documents K] [--only family,…] [--toolchains pdf-lib,chromium,pdfkit] [--drafts]
 *   SEED=123 replays a run; the seed is printed either way.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Chromium } from "./chromium.ts";
import { DOCUMENTS, FAMILIES, type DocumentFamilyName, type FamilyName, type LabelFamilyName } from "./families/index.ts";
import { imageChoice, renderImage, type ImageChoice } from "./images.ts";
import type { FileSpec, Item, PageSpec } from "./layout.ts";
import type { GeneratedFile, Medium, Toolchain } from "./manifest.ts";
import { freshSeed, Rng } from "./random.ts";
import { htmlStyle, fileHtml, type HtmlStyle } from "./render-html.ts";
import { renderWithPdfLib } from "./render-pdf.ts";
import { renderWithPdfKit } from "./render-pdfkit.ts";

interface PlannedFile extends GeneratedFile {
  family: FamilyName;
  image: ImageChoice | null;
  spec: FileSpec;
  style: HtmlStyle;
  seed: string;
  /** The file's random stream: its bytes are drawn from it too. */
  key: string;
}

/** The toolchains a run draws text PDFs with when it does not say (images are Chromium's screenshots). */
export const DEFAULT_TOOLCHAINS: Toolchain[] = ["pdf-lib", "chromium", "pdfkit"];

export interface PlanOptions {
  /** These families only. */
  only?: FamilyName[];
  /** The text PDFs' toolchains (DEFAULT_TOOLCHAINS when not given). */
  toolchains?: Toolchain[];
  /** Draw the draft families too (the bench does; the gate does not yet). */
  drafts?: boolean;
}

export function planFile(seed: string, index: number, o: PlanOptions = {}): PlannedFile {
  const rng = new Rng(`${seed}/${index}`);
  const all = Object.keys(FAMILIES) as LabelFamilyName[];
  const names = (o.only?.length ? (o.only.filter((n) => n in FAMILIES) as LabelFamilyName[]) : all.filter((n) => o.drafts || !(FAMILIES[n] as { draft?: boolean }).draft)).filter((n) => FAMILIES[n]);
  const family = rng.fork("family").weighted(names.map((n) => [n, FAMILIES[n].weight] as const));
  return planned(seed, index, rng, family, FAMILIES[family], o);
}

/**
 * The `k`th document that is not a label (families/documents.ts, customs.ts), as file `index` of the run: drawn from
 * a stream of its own, so the labels of a seed stay as they were however many documents are asked for.
 */
export function planDocument(seed: string, k: number, index: number, o: PlanOptions = {}): PlannedFile {
  const rng = new Rng(`${seed}/document${k}`);
  const all = Object.keys(DOCUMENTS) as DocumentFamilyName[];
  const asked = o.only?.filter((n) => n in DOCUMENTS) as DocumentFamilyName[] | undefined;
  const family = rng.fork("family").weighted((asked?.length ? asked : all).map((n) => [n, DOCUMENTS[n].weight] as const));
  return planned(seed, index, rng, family, DOCUMENTS[family], o);
}

function planned(seed: string, index: number, rng: Rng, family: FamilyName, f: (typeof FAMILIES)[LabelFamilyName] | (typeof DOCUMENTS)[DocumentFamilyName], o: PlanOptions): PlannedFile {
  const made = f.make(rng.fork("content"));
  // Tools write a page's text in their own order, not reading order: 30% of files draw their items shuffled.
  const order = rng.fork("order");
  const spec = order.chance(0.3) ? scrambled(made, order) : made;
  const render = rng.fork("render");
  const singleLabel = spec.pages.length === 1 && spec.labels.length === 1;
  const asImage = singleLabel && render.chance(f.images);
  const image = asImage ? imageChoice(render, { table: o.drafts }) : null;
  const medium: Medium = !asImage ? "text-pdf" : render.chance(0.12) ? "flat-pdf" : "image";
  const toolchain: Toolchain = asImage ? "chromium" : textToolchain(render.chance(f.chromium) ? "chromium" : "pdf-lib", rng.fork("toolchain"), o.toolchains ?? DEFAULT_TOOLCHAINS);
  const ext = medium === "image" ? (image!.kind === "thermal" ? "png" : image!.format === "jpeg" ? "jpg" : image!.format) : "pdf";
  const what = medium === "image" ? `${image!.kind}-${image!.dpi}` : medium === "flat-pdf" ? "flat" : spec.pages.map((p) => p.storage).find((s) => s !== "upright") ?? "text";
  const name = `${String(index).padStart(5, "0")}-${family}-${toolchain}-${what}.${ext}`;
  return { index, name, family, toolchain, medium, image, labels: spec.labels, notes: spec.notes, spec, style: htmlStyle(render.fork("style")), seed, key: rng.key };
}

/**
 * pdfkit takes a third of the text PDFs when it is drawn (from its own stream, so adding it leaves
 * every other choice of a seed as it was); pdf-lib and Chromium share the rest as each family says.
 */
function textToolchain(drawn: Toolchain, rng: Rng, allowed: Toolchain[]): Toolchain {
  const others: Toolchain[] = allowed.filter((t) => t !== "pdfkit");
  if (allowed.includes("pdfkit") && (!others.length || rng.chance(1 / 3))) return "pdfkit";
  return others.includes(drawn) ? drawn : others[0];
}

/** The same pages with every drawing's items in a random order (filled boxes first: they lie under their text). */
function scrambled(spec: FileSpec, rng: Rng): FileSpec {
  const mix = (items: Item[]) => {
    const under = items.filter((i) => i.t === "rect" && i.fill);
    return [...under, ...rng.shuffle(items.filter((i) => !under.includes(i)))];
  };
  return {
    ...spec,
    notes: [...spec.notes, "items drawn out of reading order"],
    pages: spec.pages.map((p) => ({ ...p, items: mix(p.items), placements: p.placements.map((pl) => ({ ...pl, drawing: { ...pl.drawing, items: mix(pl.drawing.items) } })) })),
  };
}

/** Files from index 0 until the labels and images asked for are reached, then the documents that are not labels. */
export function planRun(seed: string, o: { labels: number; images: number; documents?: number } & PlanOptions): PlannedFile[] {
  const out: PlannedFile[] = [];
  let labels = 0;
  let images = 0;
  // GEN_ONLY may name documents alone: then no label is drawn.
  const drawsLabels = !o.only?.length || o.only.some((n) => n in FAMILIES);
  for (let i = 0; drawsLabels && (labels < o.labels || images < o.images); i++) {
    const f = planFile(seed, i, o);
    // Past the label count, only image files are kept (the image quota is still open).
    if (labels >= o.labels && f.medium === "text-pdf") continue;
    out.push(f);
    labels += f.labels.length;
    if (f.medium !== "text-pdf") images++;
  }
  const first = out.length ? out[out.length - 1].index + 1 : 0;
  for (let k = 0; k < (o.documents ?? 0); k++) out.push(planDocument(seed, k, first + k, o));
  return out;
}

export async function renderFile(f: PlannedFile, chromium: Chromium): Promise<Uint8Array> {
  const rng = new Rng(f.key).fork("bytes");
  if (f.medium === "text-pdf") {
    if (f.toolchain === "pdf-lib") return renderWithPdfLib(f.spec, rng);
    if (f.toolchain === "pdfkit") return renderWithPdfKit(f.spec, rng);
    const first = f.spec.pages[0];
    const turned = first.storage === "turned";
    return chromium.pdf(await fileHtml(f.spec, f.style), { w: turned ? first.h : first.w, h: turned ? first.w : first.h, tagged: rng.chance(0.5), rotate: first.storage !== "upright" });
  }
  const drawing = f.spec.pages[0].placements[0].drawing;
  const img = await renderImage(drawing, f.style, f.image!, chromium, rng);
  if (f.medium === "image") return img;
  return flattened(img, f.spec.pages[0], f.image!);
}

/** A reseller's flattened PDF: the label as one raster image on a page, no text layer. */
async function flattened(img: Uint8Array, page: PageSpec, c: ImageChoice): Promise<Uint8Array> {
  const { PDFDocument } = await import("pdf-lib");
  const doc = await PDFDocument.create();
  const p = doc.addPage([page.w, page.h]);
  const embedded = c.format === "jpeg" && c.kind !== "thermal" ? await doc.embedJpg(img) : await doc.embedPng(await toPng(img));
  const turned = c.quarter === 90 || c.quarter === 270;
  if (turned) p.setSize(page.h, page.w);
  // A photo of a label on a table keeps its own shape (the table round the label): the label's width across.
  if (c.kind === "table") p.setSize(page.w, (page.w * embedded.height) / embedded.width);
  p.drawImage(embedded, { x: 0, y: 0, width: p.getWidth(), height: p.getHeight() });
  return doc.save();
}

async function toPng(img: Uint8Array): Promise<Uint8Array> {
  const sharp = (await import("sharp")).default;
  return sharp(img).png().toBuffer();
}

/** Renders a plan into `dir` and writes manifest.json ({ seed, files }); answers the files' manifest. */
export async function writeRun(files: PlannedFile[], dir: string, log: (s: string) => void = () => {}): Promise<GeneratedFile[]> {
  mkdirSync(dir, { recursive: true });
  const chromium = await Chromium.start();
  try {
    for (const f of files) {
      writeFileSync(path.join(dir, f.name), await renderFile(f, chromium));
      if (f.index % 50 === 0) log(`  ${f.name}`);
    }
  } finally {
    await chromium.close();
  }
  const manifest = files.map(publicPart);
  // The shape serve.ts writes and reads (GEN_DIR serves such a directory to the bench).
  writeFileSync(path.join(dir, "manifest.json"), `${JSON.stringify({ seed: files[0]?.seed ?? "", files: manifest }, null, 1)}\n`);
  return manifest;
}

export function publicPart(f: PlannedFile): GeneratedFile {
  const { spec: _spec, style: _style, seed: _seed, key: _key, ...rest } = f;
  return rest;
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

if (import.meta.main) {
  const seed = process.env.SEED || freshSeed();
  const labels = Number(arg("labels") ?? 40);
  const images = Number(arg("images") ?? Math.ceil(labels / 10));
  const only = arg("only")?.split(",") as FamilyName[] | undefined;
  const toolchains = arg("toolchains")?.split(",") as Toolchain[] | undefined;
  const drafts = process.argv.includes("--drafts");
  const documents = Number(arg("documents") ?? 0);
  const out = arg("out") ?? path.join(process.cwd(), `generated-labels-${seed}`);
  console.log(`label generator: SEED=${seed}, ${labels} labels (${images} images) and ${documents} documents that are not labels into ${out}`);
  const started = Date.now();
  const manifest = await writeRun(planRun(seed, { labels, images, documents, only, toolchains, drafts }), out, console.log);
  console.log(`${manifest.length} files, ${manifest.reduce((s, f) => s + f.labels.length, 0)} labels in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
