import { expect, inject, it } from "vitest";
import { generatedReport, measureGenerated, tooManyWrong } from "./generated-accuracy";
import { type Accuracy, FIELDS } from "./label-scoring";

// The gate of label reading on layouts nobody drew by hand: about 180 text-PDF labels, 96 images and flattened PDFs and
// 30 documents that are not labels from the randomized generator (bench/label-generator/serve.ts plans it), a fresh
// seed every run (printed by serve.ts and in the report; replay with SEED=… GEN_DRAFTS=0 and the bench: bench/README).
//
// Text PDFs come from three toolchains (pdf-lib, Chromium, pdfkit with embedded TrueType fonts) and include
// multi-parcel consignments: pdfkit and consignments joined after five fresh seeds each held the text bar with
// margin (session 5: pdfkit 4248741772, 4118615176, 3393657556, 2421479095, 2434205748 read 99.9-100% of fields;
// consignments 1215913840, 4098875909, 201172305, 2720856505, 202414616 read 100.0%).
//
// The bars (issue 36; bench/README 'Generated labels' has the figures):
//  - not one wrong tracking code anywhere, not one document that is not a label charged;
//  - text PDFs: every field at 97% or more (they read 99.9-100% per field on fresh seeds of 3,000 labels);
//  - text PDFs: wrong values at most 0.3% of any field. A run cannot show a rate that small by a plain share (one
//    wrong value in 90 is 1.1%), so a field fails when its wrong values are more than a reader wrong on 0.3% would
//    give but once in a hundred runs (a Poisson tail: three or more in 90). Images are not held to it yet: their
//    names and senders are still wrong on 0.5-1.5% (bench/README 'Where label reading stands'), one or two in a run
//    of 96, which would fail the gate on most seeds; their wrong values are printed;
//  - images and flattened PDFs: 95% of all their fields, pooled (per field printed). The sample is sized for that bar:
//    in the gate's mix (no table photos) two fresh seeds read 97.4% (133415772, 150 raster labels) and 97.8%
//    (3017533773, the image side's) of raster fields, a lost label costing one to six of them. Gate runs drawn from
//    those 284 labels (bootstrap) fell under 95% on 3.7-4.9% of seeds with 30 raster labels, 1.0-1.7% with 48,
//    0.5-0.8% with 60. 48 it was, for time: a raster label costs the gate what ten text labels do, so the text sample
//    went from 270 to 90 (a family broken is still 8% of it, under the text bar). Then fresh seed 1859497069 read
//    94.7% (30 Nov; three table-less photos and a thermal print each lost their address): drawn from the 457 raster
//    labels of the fixed image seed's run (no table photos, main e1a15ab) and two gate seeds, runs of 48 fell under
//    95% on 3.8% of seeds, 72 on 1.9%, 96 on 0.95% (20,000 draws each). 96 it is: on 2 cores at about 0.75 s a
//    raster file the gate takes ~35 s more (its time in the commit that set it); CI ~4.5 minutes here.
const TEXT_BAR = 0.97;
const RASTER_BAR = 0.95;
/**
 * Least of what serve.ts plans for the gate: its first 200 labels hold 20-40 image files. 200, not 100: a consignment
 * prints one recipient on each of its 2-4 labels, so one file's missed name cost ~88 text labels 3.4% of that field and
 * failed the 97% bar on its own (fresh seed 577469302, 30 Nov: a bottom-up block with a Welsh house name over the name).
 */
const TEXT_LABELS = 140;
const RASTER_LABELS = 96;
const DOCUMENTS = 30;

const pooled = (accs: (Accuracy | undefined)[]) => {
  let right = 0;
  let total = 0;
  for (const a of accs) for (const f of FIELDS) {
    right += a?.right[f] ?? 0;
    total += a?.total[f] ?? 0;
  }
  return { right, total };
};

it("reads fresh generated labels: text PDFs at 97% per field, images at 95% of fields pooled, text wrong on at most 0.3% of any field, no wrong tracking code, no document charged", async ({ annotate }) => {
  const g = await measureGenerated(inject("generatedLabels"));
  // In the CI log whether the gate passes or fails (a "report" annotation: scripts/test-reports.ts).
  await annotate(generatedReport(g), "report");
  const text = g.byMedium.get("text-pdf")!;
  const image = g.byMedium.get("image");
  const flat = g.byMedium.get("flat-pdf");
  expect(text.total.trackingCode).toBeGreaterThanOrEqual(TEXT_LABELS);
  expect((image?.total.trackingCode ?? 0) + (flat?.total.trackingCode ?? 0)).toBeGreaterThanOrEqual(RASTER_LABELS);
  expect(g.documents.files).toBeGreaterThanOrEqual(DOCUMENTS);
  expect(g.wrongCodes, `wrong tracking codes (SEED=${g.seed})`).toEqual([]);
  expect(g.documents.charged, `documents that are not labels charged as labels (SEED=${g.seed})`).toEqual([]);
  for (const f of FIELDS) {
    if (!text.total[f]) continue;
    expect(text.right[f] / text.total[f], `text PDFs: ${f} under ${TEXT_BAR * 100}% (SEED=${g.seed})`).toBeGreaterThanOrEqual(TEXT_BAR);
    expect(tooManyWrong(text.wrong[f], text.total[f]), `text PDFs: ${f} wrong ${text.wrong[f]} times in ${text.total[f]} (SEED=${g.seed})`).toBe(false);
  }
  const raster = pooled([image, flat]);
  expect(raster.right / raster.total, `images and flattened PDFs: fields under ${RASTER_BAR * 100}% (SEED=${g.seed})`).toBeGreaterThanOrEqual(RASTER_BAR);
}, 900_000);
