/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";
import { measureCorpus } from "./import-accuracy";
import { accuracyTable, FIELDS, missLine } from "./label-scoring";

const floor = Object.values(import.meta.glob("../fixtures/corpus/accuracy-floor.json", { import: "default", eager: true }))[0] as Record<string, number>;

// The CI gate of label understanding: per-field accuracy over the corpus may not fall below the
// last committed figures (test/fixtures/corpus/accuracy-floor.json; raise them as readers improve).
describe("import accuracy over the corpus", () => {
  it("stays at or above the committed per-field floor", async () => {
    const acc = await measureCorpus();
    const table = accuracyTable(acc);
    for (const f of FIELDS) {
      const share = acc.total[f] ? acc.right[f] / acc.total[f] : 1;
      expect(share, `${f} fell below its floor\n${table}\n${[...acc.failures, ...acc.misses.map(missLine)].join("\n")}`).toBeGreaterThanOrEqual(floor[f] - 1e-9);
    }
  }, 240_000);
});
