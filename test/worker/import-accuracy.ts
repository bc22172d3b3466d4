/// <reference types="vite/client" />
/**
 * Per-field accuracy of the import over the corpus in test/fixtures/corpus (drawn by
 * generate.py with reportlab and zint, not by the app's own fixture generator). Each file goes
 * through the real import (importLabelFile); image-only files then through the queue's OCR reading
 * (readLabelPage + fillDetails), as an upload would. Matching rules:
 * - names: case, spaces and punctuation ignored ('MRS JANE DOE' = 'Mrs Jane Doe');
 * - postcodes normalised; the sender is fromAddress (else sendAddress) by its name;
 * - service by meaning: Evri's serviceCode ('NEXT DAY', '48 HOUR', 'STANDARD'), Royal Mail's classId;
 * - weight only where the label prints one; a file's labels are matched by tracking code;
 * - a bad input counts as right when it is refused with the expected 4xx.
 */
import { ImportError } from "../../worker/label-import/errors";
import { fillDetails, readLabelPage } from "../../worker/label-import/ocr-job";
import { importLabelFile } from "../../worker/label-import/pipeline";
import { labelPixels } from "../../worker/label-import/raster";
import type { LabelDetails } from "../../worker/labels/model";

const files = import.meta.glob("../fixtures/corpus/files/*", { query: "?inline", import: "default", eager: true }) as Record<string, string>;
const manifest = Object.values(import.meta.glob("../fixtures/corpus/expected.json", { import: "default", eager: true }))[0] as Record<string, CorpusEntry>;

interface ExpectedLabel {
  courier: string;
  trackingCode: string;
  recipientName: string;
  recipientPostcode: string;
  senderName: string;
  service: string;
  weightInGrams?: number;
}
interface CorpusEntry {
  labels?: ExpectedLabel[];
  error?: number;
  ocr?: boolean;
}

export const FIELDS = ["courier", "trackingCode", "recipientName", "recipientPostcode", "senderName", "service", "weight", "refused"] as const;
export type Field = (typeof FIELDS)[number];
export interface Accuracy {
  right: Record<Field, number>;
  total: Record<Field, number>;
  misses: string[];
}

const bytesOf = (name: string) => {
  const url = files[`../fixtures/corpus/files/${name}`] ?? "data:,";
  const b64 = url.slice(url.indexOf(",") + 1);
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
};
const loose = (s: string | null | undefined) => (s ?? "").toLowerCase().replace(/[^a-z0-9]+/g, "");
const service = (d: LabelDetails) => (d.courier === "royalmail" ? d.classId : d.serviceCode) ?? "";

async function read(name: string, entry: CorpusEntry): Promise<LabelDetails[]> {
  const result = await importLabelFile(bytesOf(name));
  if (!entry.ocr) return result.labels.map((l) => l.details);
  const out: LabelDetails[] = [];
  for (const l of result.labels) {
    const reading = await readLabelPage(await labelPixels(bytesOf(name), l.page));
    out.push(reading.details && reading.details.trackingCode === l.details.trackingCode ? fillDetails(l.details, reading.details) : l.details);
  }
  return out;
}

export async function measureCorpus(): Promise<Accuracy> {
  const zero = () => Object.fromEntries(FIELDS.map((f) => [f, 0])) as Record<Field, number>;
  const acc: Accuracy = { right: zero(), total: zero(), misses: [] };
  const score = (field: Field, ok: boolean, where: string, got: unknown, want: unknown) => {
    acc.total[field]++;
    if (ok) acc.right[field]++;
    else acc.misses.push(`${where} ${field}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
  };
  for (const [name, entry] of Object.entries(manifest)) {
    if (entry.error) {
      let status = 0;
      try {
        await importLabelFile(bytesOf(name));
      } catch (err) {
        status = err instanceof ImportError ? err.status : 500;
      }
      score("refused", status === entry.error, name, status, entry.error);
      continue;
    }
    let got: LabelDetails[] = [];
    try {
      got = await read(name, entry);
    } catch (err) {
      acc.misses.push(`${name}: ${String(err)}`);
    }
    for (const want of entry.labels ?? []) {
      const d = got.find((g) => g.trackingCode === want.trackingCode);
      const where = `${name} [${want.trackingCode}]`;
      score("trackingCode", Boolean(d), where, got.map((g) => g.trackingCode), want.trackingCode);
      score("courier", d?.courier === want.courier, where, d?.courier, want.courier);
      score("recipientName", Boolean(d) && loose(d?.address?.name) === loose(want.recipientName), where, d?.address?.name, want.recipientName);
      score("recipientPostcode", Boolean(d) && loose(d?.address?.postcode) === loose(want.recipientPostcode), where, d?.address?.postcode, want.recipientPostcode);
      const sender = d?.fromAddress?.name ?? d?.sendAddress?.name;
      score("senderName", Boolean(d) && loose(sender) === loose(want.senderName), where, sender, want.senderName);
      score("service", Boolean(d) && loose(d ? service(d) : "") === loose(want.service), where, d ? service(d) : null, want.service);
      if (want.weightInGrams !== undefined) score("weight", d?.weightInGrams === want.weightInGrams, where, d?.weightInGrams, want.weightInGrams);
    }
  }
  return acc;
}

export function accuracyTable(acc: Accuracy): string {
  const rows = FIELDS.map((f) => `| ${f} | ${acc.right[f]}/${acc.total[f]} | ${acc.total[f] ? ((100 * acc.right[f]) / acc.total[f]).toFixed(1) : "-"}% |`);
  const right = FIELDS.reduce((s, f) => s + acc.right[f], 0);
  const total = FIELDS.reduce((s, f) => s + acc.total[f], 0);
  return ["| field | right | accuracy |", "|---|---|---|", ...rows, `| all fields | ${right}/${total} | ${((100 * right) / total).toFixed(1)}% |`].join("\n");
}
