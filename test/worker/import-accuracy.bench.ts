import { it } from "vitest";
import { measureCorpus } from "./import-accuracy";
import { accuracyTable, missLine } from "./label-scoring";

it("import accuracy over the corpus", async () => {
  const acc = await measureCorpus();
  console.log(`\n${accuracyTable(acc)}\n\nMisses:\n${[...acc.failures, ...acc.misses.map(missLine)].join("\n") || "(none)"}\n`);
});
