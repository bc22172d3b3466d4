import { expect, inject, it } from "vitest";
import { generatedReport, measureGenerated, tooManyWrong } from "./generated-accuracy";
import { type Accuracy, FIELDS } from "./label-scoring";

// The gate of label reading on layouts nobody drew by hand: ≥ 300 labels (≥ 30 images) and ≥ 30 documents that are
// not labels from the randomized generator with a fresh seed every run (printed by bench/label-generator/serve.ts and
// in the report; replay with SEED=…), not one wrong tracking code anywhere and not one document charged.
//
// Text PDFs come from three toolchains (pdf-lib, Chromium, pdfkit with embedded TrueType fonts) and include
// multi-parcel consignments: pdfkit and consignments joined after five fresh seeds each held the text bar with
// margin (session 5: pdfkit 4248741772, 4118615176, 3393657556, 2421479095, 2434205748 read 99.9-100% of fields;
// consignments 1215913840, 4098875909, 201172305, 2720856505, 202414616 read 100.0%).
//
// The bars, as the reader stands (bench/README 'Generated labels'; issue 23's bar is 97% on every field):
//  - text PDFs: every field at 97% or more (3,110 labels of SEED=2024320420 read 98.9-100% per field);
//  - text PDFs: no field wrong on more than 0.3% of labels (issue 36). A run of ~270 text labels cannot show a rate
//    that small by a plain share (one wrong value is 0.37%), so the gate fails when the wrong values are more than a
//    reader wrong on 0.3% of them would give but for one run in a hundred (a Poisson tail): four or more in a field
//    of 270. Text PDFs read 0 wrong values in 547 labels of fresh seed 1184914957;
//  - images and flattened PDFs, pooled: 88% of all their fields (issue 23's bar; issue 36 raises it to 95% and puts
//    their wrong values under the same 0.3% test once the image side's figures hold: bench/README).
const TEXT_BAR = 0.97;
const RASTER_BAR = 0.88;

const pooled = (accs: (Accuracy | undefined)[]) => {
  let right = 0;
  let total = 0;
  for (const a of accs) for (const f of FIELDS) {
    right += a?.right[f] ?? 0;
    total += a?.total[f] ?? 0;
  }
  return { right, total };
};

it("reads fresh generated labels: text PDFs at 97% per field and wrong on at most 0.3%, images at 88% of fields, no wrong tracking code, no document charged", async () => {
  const g = await measureGenerated(inject("generatedLabels"));
  console.log(`\n${generatedReport(g)}\n`);
  expect(g.labels).toBeGreaterThanOrEqual(300);
  const image = g.byMedium.get("image");
  const flat = g.byMedium.get("flat-pdf");
  expect((image?.total.trackingCode ?? 0) + (flat?.total.trackingCode ?? 0)).toBeGreaterThanOrEqual(30);
  expect(g.wrongCodes, `wrong tracking codes (SEED=${g.seed})`).toEqual([]);
  expect(g.documents.files).toBeGreaterThanOrEqual(30);
  expect(g.documents.charged, `documents that are not labels charged as labels (SEED=${g.seed})`).toEqual([]);
  const text = g.byMedium.get("text-pdf")!;
  for (const f of FIELDS) {
    if (!text.total[f]) continue;
    expect(text.right[f] / text.total[f], `text PDFs: ${f} under ${TEXT_BAR * 100}% (SEED=${g.seed})`).toBeGreaterThanOrEqual(TEXT_BAR);
    expect(tooManyWrong(text.wrong[f], text.total[f]), `text PDFs: ${f} wrong ${text.wrong[f]} times in ${text.total[f]} (SEED=${g.seed})`).toBe(false);
  }
  const raster = pooled([image, flat]);
  expect(raster.right / raster.total, `images: fields under ${RASTER_BAR * 100}% (SEED=${g.seed})`).toBeGreaterThanOrEqual(RASTER_BAR);
}, 900_000);
