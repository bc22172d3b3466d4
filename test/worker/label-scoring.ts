/**
 * How a label reading is scored, shared by the corpus gate (import-accuracy.ts) and the generated
 * labels (generated-accuracy.ts). Matching rules:
 * - names: case, spaces and punctuation ignored ('MRS JANE DOE' = 'Mrs Jane Doe');
 * - postcodes normalised; the sender is fromAddress (else sendAddress) by its name, and an empty
 *   expected sender is right only when none was read;
 * - service by meaning: Evri's serviceCode ('NEXT DAY', '48 HOUR', 'STANDARD'), Royal Mail's classId;
 * - weight where the label prints one, and where one was read off a label that prints none (a wrong weight);
 *   a file's labels are matched by tracking code;
 * - a bad input counts as right when it is refused with the expected 4xx.
 * Each field not right is either missed (nothing read for it) or wrong (something else read in its place: a name
 * that is not the recipient's, a sender where none is printed, a code the file does not hold). A wrong value is
 * worse than a miss, and is counted apart.
 * A file is read as an upload is: the real import (importLabelFile), then for labels waiting for
 * OCR the queue's reading (readLabelPage + fillDetails).
 */
import { fillDetails, readLabelPage } from "../../worker/label-import/ocr-job";
import { importLabelFile, type PipelineLabel } from "../../worker/label-import/pipeline";
import { labelPixels } from "../../worker/label-import/label-pixels";
import type { Truth } from "../../bench/label-generator/manifest";
import type { LabelDetails } from "../../shared/label";

/** One label's right answers: the corpus's expected.json and the generator's truth have one shape. */
export type ExpectedLabel = Truth;

export const FIELDS = ["courier", "trackingCode", "recipientName", "recipientPostcode", "senderName", "service", "weight", "refused"] as const;
export type Field = (typeof FIELDS)[number];
/** Missed: nothing read for the field. Wrong: something else read in its place. */
export type MissKind = "missed" | "wrong";
export interface Miss {
  where: string;
  field: Field;
  got: unknown;
  want: unknown;
  kind: MissKind;
}
export interface Accuracy {
  right: Record<Field, number>;
  /** Fields read as something else; the rest of total - right was missed. */
  wrong: Record<Field, number>;
  total: Record<Field, number>;
  misses: Miss[];
  /** Files that could not be read at all (the error), beside their fields counted as missed. */
  failures: string[];
  /**
   * Names scored right whose words ran together: fewer words than printed ('OliverMartin' for Oliver Martin). The letters
   * are right, so they count right, but issue 36 (class 1) asks for the gaps back: counted apart, so they stay in sight.
   */
  gapsLost: Omit<Miss, "kind">[];
}

export const newAccuracy = (): Accuracy => {
  const zero = () => Object.fromEntries(FIELDS.map((f) => [f, 0])) as Record<Field, number>;
  return { right: zero(), wrong: zero(), total: zero(), misses: [], failures: [], gapsLost: [] };
};
export const missed = (a: Accuracy, f: Field) => a.total[f] - a.right[f] - a.wrong[f];
export const missLine = (m: Miss) => `${m.where} ${m.field} ${m.kind}: got ${JSON.stringify(m.got)}, want ${JSON.stringify(m.want)}`;

/**
 * A value as a seller compares it: case, gaps and punctuation aside, every letter as printed. Accented letters count: an
 * earlier form kept a-z only, so a lost or wrong mark ('Chloė' for Chloé, 'SÄren' for Søren off a text layer, 'Zo' for
 * Zoë) was scored right (found by accent6, session 14).
 */
const loose = (s: string | null | undefined) => (s ?? "").normalize("NFC").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
const service = (d: LabelDetails) => (d.courier === "royalmail" ? d.classId : d.serviceCode) ?? "";

/**
 * The labels an upload of `bytes` ends with: importLabelFile, then for each label that waits for
 * OCR (or every label, when `ocr` says so) the queue's reading (readLabelPage + fillDetails),
 * kept only when it read the same code and courier, as runLabelOcrJob does.
 */
export async function readLabels(bytes: Uint8Array, ocr: (label: PipelineLabel) => boolean = (l) => l.ocrPending): Promise<LabelDetails[]> {
  const result = await importLabelFile(bytes);
  const out: LabelDetails[] = [];
  for (const l of result.labels) {
    if (!ocr(l)) {
      out.push(l.details);
      continue;
    }
    const reading = await readLabelPage(await labelPixels(bytes, l.page));
    const same = reading.details && reading.details.trackingCode === l.details.trackingCode && reading.details.courier === l.details.courier;
    out.push(same ? fillDetails(l.details, reading.details!) : l.details);
  }
  return out;
}

const blank = (v: unknown) => v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0);

/** Counts one field of one label: right, or missed / wrong by what was read (`wrong` decides when given). */
export function scoreField(acc: Accuracy, where: string, field: Field, ok: boolean, got: unknown, want: unknown, wrong = !blank(got)): void {
  acc.total[field]++;
  if (ok) {
    acc.right[field]++;
    return;
  }
  if (wrong) acc.wrong[field]++;
  acc.misses.push({ where, field, got, want, kind: wrong ? "wrong" : "missed" });
}

/**
 * Scores one expected label against what the file read as (matched by tracking code). `fileCodes` are all the
 * file's own codes: a code missed while the file read another one is a wrong code, not only a missed one.
 */
export function scoreLabel(acc: Accuracy, where: string, want: ExpectedLabel, got: LabelDetails[], fileCodes: readonly string[] = [want.trackingCode]): void {
  const d = got.find((g) => g.trackingCode === want.trackingCode);
  const score = (field: Field, ok: boolean, g: unknown, w: unknown) => scoreField(acc, where, field, ok, d ? g : null, w);
  const strangers = got.map((g) => g.trackingCode).filter((c) => !fileCodes.includes(c));
  scoreField(acc, where, "trackingCode", Boolean(d), got.map((g) => g.trackingCode), want.trackingCode, !d && strangers.length > 0);
  score("courier", d?.courier === want.courier, d?.courier, want.courier);
  score("recipientName", Boolean(d) && loose(d?.address?.name) === loose(want.recipientName), d?.address?.name, want.recipientName);
  noteGapsLost(acc, where, "recipientName", d?.address?.name, want.recipientName);
  score("recipientPostcode", Boolean(d) && loose(d?.address?.postcode) === loose(want.recipientPostcode), d?.address?.postcode, want.recipientPostcode);
  const sender = d?.fromAddress?.name ?? d?.sendAddress?.name;
  score("senderName", Boolean(d) && loose(sender) === loose(want.senderName), sender, want.senderName);
  noteGapsLost(acc, where, "senderName", sender, want.senderName);
  score("service", Boolean(d) && loose(d ? service(d) : "") === loose(want.service), d ? service(d) : null, want.service);
  if (want.weightInGrams !== undefined || !blank(d?.weightInGrams)) score("weight", d?.weightInGrams === want.weightInGrams, d?.weightInGrams, want.weightInGrams ?? null);
}

/** A name's words, as a seller reads them: runs of letters or digits ('Mr & Mrs Jones' has three, '&' none). */
const wordsOf = (s: string) => s.normalize("NFC").split(/[^\p{L}\p{N}]+/u).filter(Boolean).length;

/** A name read with all its letters but fewer words than printed: right, and noted among the gaps lost. */
function noteGapsLost(acc: Accuracy, where: string, field: Field, got: string | null | undefined, want: string | null | undefined): void {
  if (got && want && loose(got) === loose(want) && wordsOf(got) < wordsOf(want)) acc.gapsLost.push({ where, field, got, want });
}

const pct = (n: number, of: number) => (of ? `${((100 * n) / of).toFixed(1)}%` : "-");

/** Per field: right, missed and wrong, the share right and the share wrong. */
export function accuracyTable(acc: Accuracy): string {
  const rows = FIELDS.filter((f) => acc.total[f] || f !== "refused").map(
    (f) => `| ${f} | ${acc.right[f]}/${acc.total[f]} | ${missed(acc, f)} | ${acc.wrong[f]} | ${pct(acc.right[f], acc.total[f])} | ${pct(acc.wrong[f], acc.total[f])} |`,
  );
  const sum = (m: Record<Field, number>) => FIELDS.reduce((s, f) => s + m[f], 0);
  const [right, wrong, total] = [sum(acc.right), sum(acc.wrong), sum(acc.total)];
  return [
    "| field | right | missed | wrong | accuracy | wrong share |",
    "|---|---|---|---|---|---|",
    ...rows,
    `| all fields | ${right}/${total} | ${total - right - wrong} | ${wrong} | ${pct(right, total)} | ${pct(wrong, total)} |`,
  ].join("\n");
}
