/**
 * Which courier's reading of a page wins. Every courier's reader tries the page; a wrong tracking
 * code is worse than none, so a reading is ranked by its proof:
 * 1. its code is the text of a decoded 1D barcode (Code128, ITF) on the page;
 * 2. the page names that courier (and no other);
 * 3. its code came from a symbol at all (a 2D payload) rather than printed text;
 * 4. the reader that wins ties (the stricter reading: check digit and 2D payload).
 * A page that names one courier is not another courier's label on printed text alone: an S10-shaped
 * reference on an Evri label whose own code did not read gives no label, not a Royal Mail one.
 */
import { couriers } from "../couriers/registry";
import type { LabelDetails } from "../../shared/label";
import type { LabelInput } from "../label-reading/fields";

const is2D = (format: string) => format === "PDF417" || format === "DataMatrix" || format === "QRCode";

export function parseLabel(input: LabelInput): LabelDetails | null {
  const all = couriers().map((c) => ({ id: c.id, reader: c.labelReader, named: c.labelReader.recognises(input), normalise: c.normaliseCode }));
  const read = all
    .map((c) => ({ ...c, details: c.reader.parse(input) }))
    .filter((r): r is typeof r & { details: LabelDetails } => r.details !== null)
    .filter((r) => r.named || r.details.fieldSources?.trackingCode === "barcode" || !all.some((o) => o.id !== r.id && o.named));
  if (read.length <= 1) return read[0]?.details ?? null;
  const linear = (r: (typeof read)[number]) => input.barcodes.some((b) => !is2D(b.format) && r.normalise(b.text) === r.details.trackingCode);
  const proof = (r: (typeof read)[number]) => [linear(r), r.named, r.details.fieldSources?.trackingCode === "barcode", Boolean(r.reader.winsTies)].map(Number);
  return read.map((r) => ({ r, p: proof(r) })).sort((a, b) => compare(a.p, b.p))[0].r.details;
}

/** Descending order of two proofs compared field by field (a stable sort keeps the registry's order on a tie). */
function compare(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return b[i] - a[i];
  return 0;
}
