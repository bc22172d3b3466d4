import { inject, it } from "vitest";
import { generatedReport, measureGenerated } from "./generated-accuracy";

// `npm run bench:generated`: reads every generated label (bench/label-generator/serve.ts serves them) and prints the tables.
it("reads the generated labels", async () => {
  const started = Date.now();
  const g = await measureGenerated(inject("generatedLabels"), (done, total) => {
    if (done % 100 === 0 || done === total) console.log(`  ${done}/${total} files read, ${Math.round((Date.now() - started) / 1000)} s`);
  });
  console.log(`\n${generatedReport(g)}\n\nTotal: ${Math.round((Date.now() - started) / 1000)} s\n`);
});
