/**
 * Reads the generated labels (bench/label-generator, served from Node by its vitest globalSetup
 * on a loopback port) through the real import path, and scores them with the corpus gate's rules
 * (label-scoring.ts): per field right / missed / wrong, per family, per toolchain, images vs text PDFs; wrong
 * tracking codes listed apart (a code read that is not one of the file's: worse than a missed one); every wrong
 * value and the worst misses with their file.
 */
import type { GeneratedFile } from "../../bench/label-generator/manifest";
import type { LabelDetails } from "../../shared/label";
import { type Accuracy, accuracyTable, FIELDS, type Field, type Miss, missed, newAccuracy, readLabels, scoreLabel } from "./label-scoring";

export interface GeneratedPlan {
  seed: string;
  dir: string;
  files: GeneratedFile[];
}

export interface WrongCode {
  file: string;
  got: string;
  courier: string;
  want: string[];
}

/** A document that is not a label (a customs form, a manifest…) read as labels: each one a credit taken wrongly. */
export interface ChargedDocument {
  file: string;
  family: string;
  codes: string[];
}

/** Files that hold no label: how many were read, which were charged, and what the refused ones were told. */
export interface DocumentResults {
  files: number;
  byFamily: Map<string, { files: number; charged: number }>;
  charged: ChargedDocument[];
  /** The refusals' messages and how often each was given. */
  refusals: Map<string, number>;
}

export interface GeneratedAccuracy {
  seed: string;
  dir: string;
  files: number;
  labels: number;
  all: Accuracy;
  byFamily: Map<string, Accuracy>;
  byToolchain: Map<string, Accuracy>;
  byMedium: Map<string, Accuracy>;
  wrongCodes: WrongCode[];
  documents: DocumentResults;
  /** Each scored label ('<file> [<code>]') and its family. */
  familyOf: Map<string, string>;
  /** Milliseconds reading each medium (import + OCR), for the bench's timing line. */
  readMs: Map<string, number[]>;
}

const group = (m: Map<string, Accuracy>, key: string) => {
  const a = m.get(key) ?? newAccuracy();
  m.set(key, a);
  return a;
};

/** A fetch from the generator's loopback server, tried again on a dropped connection (the server is busy rendering). */
async function fromGenerator(url: string, init?: RequestInit): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, init);
    } catch (err) {
      if (attempt >= 3) throw err;
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}

export async function fetchPlan(base: string): Promise<GeneratedPlan> {
  const r = await fromGenerator(`${base}/plan`);
  if (!r.ok) throw new Error(`label generator: ${r.status} ${await r.text()}`);
  return r.json();
}

const emptyResult = (plan: GeneratedPlan): GeneratedAccuracy => ({
  seed: plan.seed,
  dir: plan.dir,
  files: plan.files.length,
  labels: 0,
  all: newAccuracy(),
  byFamily: new Map(),
  byToolchain: new Map(),
  byMedium: new Map(),
  wrongCodes: [],
  documents: { files: 0, byFamily: new Map(), charged: [], refusals: new Map() },
  familyOf: new Map(),
  readMs: new Map(),
});

/**
 * Scores what one file read as (`got`; `failure` when it could not be read) against its truth,
 * in every group it belongs to; a code read that is not one of the file's is a wrong code.
 */
export function scoreFile(out: GeneratedAccuracy, f: GeneratedFile, got: LabelDetails[], failure?: string): void {
  if (!f.labels.length) {
    scoreDocument(out.documents, f, got, failure);
    return;
  }
  const accs = [out.all, group(out.byFamily, f.family), group(out.byToolchain, f.toolchain), group(out.byMedium, f.medium)];
  if (failure) for (const a of accs) a.failures.push(`${f.name}: ${failure}`);
  const codes = new Set(f.labels.map((l) => l.trackingCode));
  for (const want of f.labels) {
    out.labels++;
    const where = `${f.name} [${want.trackingCode}]`;
    out.familyOf.set(where, f.family);
    for (const a of accs) scoreLabel(a, where, want, got, [...codes]);
  }
  for (const g of got) if (g.trackingCode && !codes.has(g.trackingCode)) out.wrongCodes.push({ file: f.name, got: g.trackingCode, courier: g.courier, want: [...codes] });
}

/** A file that holds no label: right when it is refused; each label read from it is a credit taken. */
function scoreDocument(out: DocumentResults, f: GeneratedFile, got: LabelDetails[], failure?: string): void {
  out.files++;
  const family = out.byFamily.get(f.family) ?? { files: 0, charged: 0 };
  out.byFamily.set(f.family, family);
  family.files++;
  if (got.length) {
    family.charged++;
    out.charged.push({ file: f.name, family: f.family, codes: got.map((g) => g.trackingCode) });
  }
  if (failure) {
    const message = failure.replace(/^\w*Error: /, "");
    out.refusals.set(message, (out.refusals.get(message) ?? 0) + 1);
  }
}

export async function measureGenerated(base: string, onFile?: (done: number, total: number) => void): Promise<GeneratedAccuracy> {
  const plan = await fetchPlan(base);
  const out = emptyResult(plan);
  // Every file's fields as read, in report.json: two builds' runs of one seed diff file by file (a refactor's proof).
  const reads: { file: string; got: LabelDetails[]; failure?: string }[] = [];
  for (const [n, f] of plan.files.entries()) {
    const r = await fromGenerator(`${base}/file/${f.index}`);
    if (!r.ok) throw new Error(`label generator could not make ${f.name}: ${r.status} ${await r.text()}`);
    const bytes = new Uint8Array(await r.arrayBuffer());
    const started = Date.now();
    let got: LabelDetails[] = [];
    let failure: string | undefined;
    try {
      got = await readLabels(bytes);
    } catch (err) {
      failure = String(err);
    }
    const ms = out.readMs.get(f.medium) ?? [];
    ms.push(Date.now() - started);
    out.readMs.set(f.medium, ms);
    scoreFile(out, f, got, failure);
    reads.push({ file: f.name, got, failure });
    onFile?.(n + 1, plan.files.length);
  }
  const report = { seed: out.seed, labels: out.labels, misses: out.all.misses, wrongCodes: out.wrongCodes, failures: out.all.failures, chargedDocuments: out.documents.charged, reads };
  await fromGenerator(`${base}/report`, { method: "POST", body: JSON.stringify(report) });
  return out;
}

export const newGeneratedAccuracy = (): GeneratedAccuracy => emptyResult({ seed: "test", dir: "", files: [] });

/** P(X ≥ k) for X ~ Poisson(λ). */
function poissonTail(k: number, lambda: number): number {
  let term = Math.exp(-lambda);
  let below = 0;
  for (let i = 0; i < k; i++) {
    below += term;
    term *= lambda / (i + 1);
  }
  return Math.max(0, 1 - below);
}

/**
 * Whether `wrong` values in `total` are more than a reader wrong on `bar` of them would give, but for a run in
 * `1 / luck` (a Poisson tail): the gate's test of a wrong-value bar a run is too small to show by a plain share.
 */
export const tooManyWrong = (wrong: number, total: number, bar = 0.003, luck = 0.01) => wrong > 0 && poissonTail(wrong, bar * total) < luck;

/** Fields in order of harm: a missed code loses the label; a name or postcode is what a user checks first. */
const HARM: Record<Field, number> = { trackingCode: 8, courier: 7, recipientPostcode: 6, recipientName: 5, senderName: 4, service: 3, weight: 2, refused: 1 };

/** The worst misses: labels with the most (and most harmful) fields missed first, at most `n`. */
export function worstMisses(acc: Accuracy, n = 20): Miss[] {
  const perLabel = new Map<string, number>();
  for (const m of acc.misses) perLabel.set(m.where, (perLabel.get(m.where) ?? 0) + 10 + HARM[m.field]);
  return [...acc.misses].sort((a, b) => perLabel.get(b.where)! - perLabel.get(a.where)! || HARM[b.field] - HARM[a.field] || a.where.localeCompare(b.where)).slice(0, n);
}

const pct = (a: Accuracy, f: Field) => (a.total[f] ? `${((100 * a.right[f]) / a.total[f]).toFixed(1)}%` : "-");
const allPct = (a: Accuracy) => {
  const right = FIELDS.reduce((s, f) => s + a.right[f], 0);
  const total = FIELDS.reduce((s, f) => s + a.total[f], 0);
  return total ? `${((100 * right) / total).toFixed(1)}%` : "-";
};
const SHOWN: Field[] = ["courier", "trackingCode", "recipientName", "recipientPostcode", "senderName", "service", "weight"];

/** One row per group (family, toolchain, medium) with each field's accuracy and the labels counted. */
export function groupTable(title: string, groups: Map<string, Accuracy>): string {
  const head = `| ${title} | labels | ${SHOWN.join(" | ")} | all fields |`;
  const rows = [...groups.entries()].sort((a, b) => a[0].localeCompare(b[0])).map(([k, a]) => `| ${k} | ${a.total.trackingCode} | ${SHOWN.map((f) => pct(a, f)).join(" | ")} | ${allPct(a)} |`);
  return [head, `|---|---|${SHOWN.map(() => "---").join("|")}|---|`, ...rows].join("\n");
}

/** One row per group with each field as right / missed / wrong (a wrong value is worse than a miss). */
export function countsTable(title: string, groups: Map<string, Accuracy>): string {
  const head = `| ${title} (right / missed / wrong) | ${SHOWN.join(" | ")} |`;
  const cell = (a: Accuracy, f: Field) => (a.total[f] ? `${a.right[f]} / ${missed(a, f)} / ${a.wrong[f]}` : "-");
  const rows = [...groups.entries()].sort((a, b) => a[0].localeCompare(b[0])).map(([k, a]) => `| ${k} | ${SHOWN.map((f) => cell(a, f)).join(" | ")} |`);
  return [head, `|---|${SHOWN.map(() => "---").join("|")}|`, ...rows].join("\n");
}

/** Misses counted by family and field: the classes a reader engineer fixes. */
export function missClasses(acc: Accuracy, families: Map<string, string>, n = 15): string {
  const count = new Map<string, number>();
  for (const m of acc.misses) {
    const key = `${families.get(m.where) ?? "?"} / ${m.field} ${m.kind}`;
    count.set(key, (count.get(key) ?? 0) + 1);
  }
  return [...count.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${String(v).padStart(5)}  ${k}`)
    .join("\n");
}

/** Files that hold no label: refused or charged, by family; the charged ones; what the refused ones were told. */
function documentsReport(d: DocumentResults): string[] {
  if (!d.files) return ["Documents that are not labels: none drawn (GEN_DOCUMENTS)"];
  const families = [...d.byFamily.entries()].sort((a, b) => a[0].localeCompare(b[0])).map(([k, v]) => `${k} ${v.charged}/${v.files}`);
  const told = [...d.refusals.entries()].sort((a, b) => b[1] - a[1]).map(([m, n]) => `  ${String(n).padStart(4)}  ${m}`);
  return [
    `Documents that are not labels: ${d.files}, charged ${d.charged.length} (by family, charged/drawn: ${families.join(", ")})`,
    ...d.charged.slice(0, 20).map((c) => `  charged: ${c.file} read as ${c.codes.join(", ")}`),
    "Refused with:",
    ...told.slice(0, 8),
  ];
}

/** Names scored right with their words run together ('OliverMartin'), by medium, and the first few of them. */
function gapsLostReport(byMedium: Map<string, Accuracy>): string[] {
  const all = [...byMedium.values()].flatMap((a) => a.gapsLost);
  const counts = [...byMedium.entries()].map(([medium, a]) => {
    const n = (f: Field) => a.gapsLost.filter((g) => g.field === f).length;
    return `${medium} ${n("recipientName")} of ${a.right.recipientName} right recipients, ${n("senderName")} of ${a.right.senderName} right senders`;
  });
  return [`Names right but with words run together (gaps lost, counted right): ${all.length}: ${counts.join("; ")}`, ...all.slice(0, 10).map((g) => `  ${g.where} ${g.field}: ${JSON.stringify(g.got)} for ${JSON.stringify(g.want)}`)];
}

export function generatedReport(g: GeneratedAccuracy): string {
  const wrongs = g.all.misses.filter((m) => m.kind === "wrong");
  const ms = [...g.readMs.entries()].map(([k, v]) => {
    const sorted = [...v].sort((a, b) => a - b);
    return `${k} median ${sorted[Math.floor(sorted.length / 2)]} ms (${v.length} files)`;
  });
  return [
    `Generated labels: SEED=${g.seed} (replay with SEED=${g.seed}), ${g.files} files, ${g.labels} labels, files in ${g.dir}`,
    "",
    accuracyTable(g.all),
    "",
    `Wrong tracking codes: ${g.wrongCodes.length}`,
    ...g.wrongCodes.slice(0, 20).map((w) => `  ${w.file}: read ${w.got} (${w.courier}), the file holds ${w.want.join(", ")}`),
    "",
    countsTable("medium", g.byMedium),
    "",
    ...gapsLostReport(g.byMedium),
    "",
    `Wrong values: ${wrongs.length}${wrongs.length > 40 ? " (the first 40)" : ""}`,
    ...wrongs.slice(0, 40).map((m) => `  ${m.where} ${m.field}: got ${JSON.stringify(m.got)}, want ${JSON.stringify(m.want)}`),
    "",
    groupTable("family", g.byFamily),
    "",
    groupTable("toolchain", g.byToolchain),
    "",
    groupTable("medium", g.byMedium),
    "",
    ...documentsReport(g.documents),
    "",
    "Files that could not be read:",
    ...(g.all.failures.length ? g.all.failures.slice(0, 20).map((f) => `  ${f}`) : ["  (none)"]),
    "",
    "Misses by family, field and kind:",
    missClasses(g.all, g.familyOf),
    "",
    "Worst 20 misses (file [code] field: got, want):",
    ...worstMisses(g.all).map((m) => `  ${m.where} ${m.field} ${m.kind}: got ${JSON.stringify(m.got)}, want ${JSON.stringify(m.want)}`),
    "",
    `Reading time: ${ms.join("; ")}`,
  ].join("\n");
}
