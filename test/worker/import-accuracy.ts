/// <reference types="vite/client" />
/**
 * Per-field accuracy of the import over the corpus in test/fixtures/corpus (drawn by
 * generate.py with reportlab and zint, not by the app's own fixture generator). Each file goes
 * through the real import and, for image-only files, the queue's OCR reading; scoring and matching
 * rules are in label-scoring.ts.
 */
import { ImportError } from "../../worker/lib/errors";
import { importLabelFile } from "../../worker/label-import/pipeline";
import type { LabelDetails } from "../../shared/label";
import { type Accuracy, type ExpectedLabel, newAccuracy, readLabels, scoreField, scoreLabel } from "./label-scoring";

// Fetched from the test files' service, as test/worker/import-fixtures.ts.
const files = import.meta.glob("../fixtures/corpus/files/*", { query: "?test-file", import: "default", eager: true }) as Record<string, Uint8Array>;
const manifest = Object.values(import.meta.glob("../fixtures/corpus/expected.json", { import: "default", eager: true }))[0] as Record<string, CorpusEntry>;

interface CorpusEntry {
  labels?: ExpectedLabel[];
  error?: number;
  ocr?: boolean;
}

const bytesOf = (name: string) => (files[`../fixtures/corpus/files/${name}`] ?? new Uint8Array()).slice();

export async function measureCorpus(): Promise<Accuracy> {
  const acc = newAccuracy();
  for (const [name, entry] of Object.entries(manifest)) {
    if (entry.error) {
      let status = 0;
      try {
        await importLabelFile(bytesOf(name));
      } catch (err) {
        status = err instanceof ImportError ? err.status : 500;
      }
      // Read as a label (0) or refused otherwise: either is a wrong answer, not a missed one.
      scoreField(acc, name, "refused", status === entry.error, status, entry.error, true);
      continue;
    }
    let got: LabelDetails[] = [];
    try {
      got = await readLabels(bytesOf(name), () => Boolean(entry.ocr));
    } catch (err) {
      acc.failures.push(`${name}: ${String(err)}`);
    }
    const codes = (entry.labels ?? []).map((l) => l.trackingCode);
    for (const want of entry.labels ?? []) scoreLabel(acc, `${name} [${want.trackingCode}]`, want, got, codes);
  }
  return acc;
}
