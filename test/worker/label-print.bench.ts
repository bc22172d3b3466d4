/**
 * Bulk print benchmark: one merged file of 500 Evri labels built in workerd, half of them plain and half carrying the
 * longest realistic text (names and lines of 35-40 characters, a county, a long Van Routing line, a full facts line)
 * under a company banner, name and tagline: the PDF (4x6 and A4 4-up) and the ZPL. Prints the median build time of
 * BENCH_RUNS builds after a warm-up, and the file's size.
 *
 *   node bench/label-print.ts      (BENCH_LABELS=500, BENCH_RUNS=5)
 * Not part of the worker suite (not a *.test.ts): bench/label-print.ts runs it through bench/workerd-bench.config.ts.
 */
import { env } from "cloudflare:workers";
import { it } from "vitest";
import { buildLabelsPdf } from "../../worker/label-print/pdf";
import { buildLabelsZpl } from "../../worker/label-print/zpl";
import type { PrintItem } from "../../worker/label-print/select";
import type { ApiLabel, LabelDetails } from "../../shared/label";
import { fixture } from "./import-fixtures";

const benchVars = env as unknown as { BENCH_LABELS?: string; BENCH_RUNS?: string };
const LABELS = Number(benchVars.BENCH_LABELS ?? 500);
const RUNS = Number(benchVars.BENCH_RUNS ?? 5);

const LONG: Partial<LabelDetails> = {
  address: { name: "Dr Maximilian Alexander-Featherstonehaugh", address: ["Flat 12B Montgomery Court Residences", "147-151 St Bartholomew's Road North", "Newcastle upon Tyne", "Tyne and Wear"], postcode: "NE12 8BU", countryCode: "GB" },
  fromAddress: { name: "Bartholomew Fitzwilliam-Worthington", address: ["The Old Rectory Coach House Annexe", "Upper Little Snoring Lane", "Kingston upon Hull", "East Riding of Yorkshire"], postcode: "HU10 6TS", countryCode: "GB" },
  vanRouting: "VAN: 412 DROP: 17 C-ROUND 7123 SORT 10 / LVPL",
  dimensionsCm: [120, 60, 60],
  weightInGrams: 14_900,
  serviceCode: "NEXT DAY",
};
const PLAIN: Partial<LabelDetails> = {
  address: { name: "Ada Lovelace", address: ["12 Example Street", "London"], postcode: "SW1A 1AA", countryCode: "GB" },
  fromAddress: { name: "Quayside Books", address: ["3 Dock St", "Bristol"], postcode: "BS1 4RB", countryCode: "GB" },
  weightInGrams: 1450,
};

function label(i: number): ApiLabel {
  const trackingCode = `H01PRA${String(i).padStart(10, "0")}`;
  return {
    id: `lbl_${i}`,
    trackingCode,
    courier: "evri",
    data: [{ courier: "evri", trackingCode, countryCode: "GB", ...(i % 2 ? LONG : PLAIN) }],
    labelSettings: { banner_image_url: "/api/v1/user/banner", company_name: "Quayside Books & Curiosities Emporium Ltd", company_tagline: "Rare, second-hand and antiquarian books posted across the United Kingdom since 1987" },
  } as ApiLabel;
}

/** The builders answer the file (before the left-out report) or { body } (with it): either. */
const bytesOf = (built: Uint8Array | string | { body: Uint8Array | string }) => (typeof built === "object" && "body" in built ? built.body : built);

async function median(build: () => Promise<Uint8Array | string | { body: Uint8Array | string }>) {
  let size = bytesOf(await build()).length; // warm-up
  const times: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const started = performance.now();
    size = bytesOf(await build()).length;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)], size };
}

it(`builds ${LABELS} labels`, { timeout: 600_000 }, async () => {
  const items: PrintItem[] = Array.from({ length: LABELS }, (_, i) => ({ kind: "drawn", label: label(i) }));
  const banner = fixture("evri-transparent.png");
  const rows = [
    ["PDF 4x6", await median(() => buildLabelsPdf(items, "4x6", new Map(), banner))],
    ["PDF A4 4-up", await median(() => buildLabelsPdf(items, "a4-4", new Map(), banner))],
    ["ZPL", await median(() => buildLabelsZpl(items, new Map()))],
  ] as const;
  for (const [name, { ms, size }] of rows) console.log(`label-print ${name}: ${LABELS} labels in ${Math.round(ms)} ms (median of ${RUNS}), ${(size / 1024).toFixed(0)} KB`);
});
