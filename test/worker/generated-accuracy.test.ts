import { expect, inject, it } from "vitest";
import { generatedReport, measureGenerated } from "./generated-accuracy";
import { type Accuracy, FIELDS } from "./label-scoring";

// The gate of label reading on layouts nobody drew by hand: ≥ 300 labels (≥ 30 images) from the randomized
// generator with a fresh seed every run (printed by bench/label-generator/serve.ts and in the report; replay
// with SEED=…), and not one wrong tracking code anywhere.
//
// Text PDFs come from three toolchains (pdf-lib, Chromium, pdfkit with embedded TrueType fonts) and include
// multi-parcel consignments: pdfkit and consignments joined after five fresh seeds each held the text bar with
// margin (session 5: pdfkit 4248741772, 4118615176, 3393657556, 2421479095, 2434205748 read 99.9-100% of fields;
// consignments 1215913840, 4098875909, 201172305, 2720856505, 202414616 read 100.0%).
//
// The bars, as the reader stands (bench/README 'Generated labels'; issue 23's bar is 97% on every field):
//  - text PDFs: every field at 97% or more (3,110 labels of SEED=2024320420 read 98.9-100% per field);
//  - images and flattened PDFs, pooled: 88% of all their fields. After the OCR work of 26 Nov (session 4:
//    weights, services, postcodes) five fresh seeds read 93.9-96.9% of them pooled: two image-only runs of 100
//    files (2742705953, 1794363709) and three runs of this gate (1250965299, 614223010, 3636622204: 95.8-96.4%,
//    ~30 raster labels each); session 3's five seeds read 92.7-94.5% (90.6-97.2% in each run of 30). A per-field
//    bar at 97% would still fail most seeds on 3 or 4 misses (a run holds ~30 of them and ~10 weights). The
//    pooled bar catches an image reader that breaks without failing on a seed's luck; raising it to the
//    issue's per-field bar is the open part of issue 23.
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

it("reads fresh generated labels: text PDFs at 97% per field, images at 88% of fields, no wrong tracking code", async () => {
  const g = await measureGenerated(inject("generatedLabels"));
  console.log(`\n${generatedReport(g)}\n`);
  expect(g.labels).toBeGreaterThanOrEqual(300);
  const image = g.byMedium.get("image");
  const flat = g.byMedium.get("flat-pdf");
  expect((image?.total.trackingCode ?? 0) + (flat?.total.trackingCode ?? 0)).toBeGreaterThanOrEqual(30);
  expect(g.wrongCodes, `wrong tracking codes (SEED=${g.seed})`).toEqual([]);
  const text = g.byMedium.get("text-pdf")!;
  for (const f of FIELDS) {
    if (!text.total[f]) continue;
    expect(text.right[f] / text.total[f], `text PDFs: ${f} under ${TEXT_BAR * 100}% (SEED=${g.seed})`).toBeGreaterThanOrEqual(TEXT_BAR);
  }
  const raster = pooled([image, flat]);
  expect(raster.right / raster.total, `images: fields under ${RASTER_BAR * 100}% (SEED=${g.seed})`).toBeGreaterThanOrEqual(RASTER_BAR);
}, 900_000);
