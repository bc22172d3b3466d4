import { it } from "vitest";
import { accuracyTable, measureCorpus } from "./import-accuracy";

it("import accuracy over the corpus", async () => {
  const acc = await measureCorpus();
  console.log(`\n${accuracyTable(acc)}\n\nMisses:\n${acc.misses.join("\n") || "(none)"}\n`);
});
