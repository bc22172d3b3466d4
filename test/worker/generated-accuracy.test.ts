import { expect, inject, it } from "vitest";
import { generatedReport, measureGenerated } from "./generated-accuracy";
import { FIELDS } from "./label-scoring";

// The gate of label reading on layouts nobody drew by hand: ≥ 300 labels (≥ 30 images) from the
// randomized generator with a fresh seed every run (printed by bench/label-generator/serve.ts and
// in the report; replay with SEED=…), every field at 97% or more and not one wrong tracking code.
it("reads fresh generated labels at 97% per field, with no wrong tracking code", async () => {
  const g = await measureGenerated(inject("generatedLabels"));
  const report = generatedReport(g);
  console.log(`\n${report}\n`);
  expect(g.labels).toBeGreaterThanOrEqual(300);
  const images = (g.byMedium.get("image")?.total.trackingCode ?? 0) + (g.byMedium.get("flat-pdf")?.total.trackingCode ?? 0);
  expect(images).toBeGreaterThanOrEqual(30);
  expect(g.wrongCodes, `wrong tracking codes (SEED=${g.seed})`).toEqual([]);
  for (const f of FIELDS) {
    if (!g.all.total[f]) continue;
    expect(g.all.right[f] / g.all.total[f], `${f} under 97% (SEED=${g.seed})`).toBeGreaterThanOrEqual(0.97);
  }
}, 900_000);
