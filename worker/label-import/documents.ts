/**
 * Pages that are not shipping labels though they hold a valid tracking code (issue 36, class 6): a customs
 * declaration alone (CN22, CN23), a posting tool's manifest or collection summary, a return QR code to show at a
 * counter, a carrier's tracking page printed from the browser, a shop's order or dispatch e-mail. Each names the
 * parcel's code, and most print an address, so a reader that looks for a code and a postcode takes them for labels,
 * and a credit for a customs form is a credit stolen. A page is refused as such a document when its words say what
 * it is and nothing on it is a label's own:
 *
 * - a label prints its code as a 1D barcode (Code128, ITF), carries the carrier's 2D payload (Royal Mail's 'JGB'
 *   Data Matrix), 'Postage Paid' or a routing block (VAN / DROP): no order mail, tracking page, manifest or return
 *   QR page does (a return QR code holds a counter's reference, never a label's payload);
 * - a customs declaration may print the item's S10 as a barcode, and a CN23 the sender's and addressee's addresses,
 *   so beside it a label is known by its own marks only, or by a recipient's address block outside the form;
 * - a page listing three or more codes one under another is a list of parcels (a manifest), whatever it says: a
 *   sheet of labels keeps each code in its own label, half a page apart.
 *
 * When unsure the page is read as a label, as before: a label refused is a miss the user sees and uploads again,
 * while the documents here are what this rule knows by their words.
 */
import { couriers } from "../couriers/registry";
import type { LabelDetails } from "../../shared/label";
import type { LabelInput } from "../label-reading/fields";
import { readAddresses } from "../label-reading/layout";
import type { TextLine } from "../label-reading/text";
import { POSTAGE_PAID, ROUTING_BLOCK } from "../label-reading/vocabulary";

export type DocumentKind = "customs declaration" | "manifest" | "return QR code" | "tracking page" | "order e-mail";

/** What the user is told for a file that is only such documents. */
export const DOCUMENT_REFUSALS: Record<DocumentKind, string> = {
  "customs declaration": "This file is a customs declaration (CN22/CN23), not a shipping label. Upload the label itself; nothing was charged.",
  manifest: "This file lists parcels (a manifest or collection summary), not a shipping label. Upload the labels themselves; nothing was charged.",
  "return QR code": "This file is a return QR code to show at a counter, not a shipping label; nothing was charged.",
  "tracking page": "This file is a tracking page, not a shipping label. Upload the label itself; nothing was charged.",
  "order e-mail": "This file is an order or dispatch e-mail, not a shipping label. Upload the label itself; nothing was charged.",
};

/** Each kind's words: a kind is named when at least two of its patterns are found on the page. */
const WORDS: Record<Exclude<DocumentKind, "manifest">, RegExp[]> = {
  "customs declaration": [
    /\bcustoms\s+declaration\b|d[ée]claration\s+en\s+douane/i,
    /\bCN\s?2[23]\b/,
    /\bmay\s+be\s+opened\s+officially\b/i,
    /\bHS\s+tariff\b|\btariff\s+(?:number|code)\b/i,
    /\bcountry\s+of\s+origin\b/i,
    /\bdetailed\s+description\s+of\s+contents\b|\bdescription\s+of\s+contents\b/i,
    /\bcommercial\s+sample\b|\breturned\s+goods\b/i,
    /\bsender['’]?s\s+signature\b|\bI,?\s+the\s+undersigned\b|\bI\s+certify\s+that\s+the\s+particulars\b/i,
  ],
  "tracking page": [
    /\btrack(?:ing)?\s+(?:your|a|my)\s+(?:item|parcel|order)\b|\btracking\s+results\b|\bwhere['’]?s\s+my\s+parcel\b/i,
    /\b(?:tracking|delivery)\s+history\b|\bparcel\s+journey\b/i,
    /\bwe['’]?ve\s+got\s+it\b|\bout\s+for\s+delivery\b|\b(?:your\s+(?:item|parcel)\s+has\s+been\s+)?delivered\b|\bat\s+(?:the|your\s+local)\s+(?:delivery\s+office|depot)\b|\bin\s+transit\b/i,
    /\b(?:expected|estimated)\s+delivery\b|\bsigned\s+for\s+by\b/i,
    /©|\bcookies?\b|\bprivacy\b/i,
    /https?:\/\/\S*track/i,
  ],
  "order e-mail": [
    /\border\s+(?:confirmation|summary)\b|\byour\s+order\b|\bthank(?:s|\s+you)\s+for\s+(?:your\s+order|shopping)\b/i,
    /\bsub-?total\b|\border\s+total\b/i,
    /^(?:from|to|date|subject)\s*:/im,
    /\b(?:has\s+been\s+)?(?:dispatched|despatched|shipped)\b|\bon\s+its\s+way\b/i,
    /\bunsubscribe\b|\breply\s+to\s+this\s+e-?mail\b/i,
    /^(?:hi|hello|dear)\b/im,
  ],
  "return QR code": [
    /\bQR\s+code\b/i,
    /\bshow\s+(?:this|the)\s+(?:QR\s+)?code\b|\bscan\s+(?:this|the)\s+code\b/i,
    /\bno\s+printer\b|\bprint-?free\b|\bprint\s+(?:the|your)\s+label\s+for\s+you\b|\bwill\s+print\s+(?:the|your)\s+label\b/i,
    /\breturn(?:s|ing)?\b/i,
    /\bpost\s+office\b|\bparcel\s?shop\b|\bcounter\b|\blocker\b/i,
  ],
};

const MANIFEST_WORDS = /\bmanifest\b|\bcollection\s+summary\b|\bdespatch\s+summary\b|\bdispatch\s+summary\b|\bproof\s+of\s+collection\b|\btotal\s+(?:items|parcels)\b/i;

const is2D = (format: string) => format === "PDF417" || format === "DataMatrix" || format === "QRCode";

/** The kinds of document a page's words name, strongest first. */
function kindsNamed(text: string): DocumentKind[] {
  const score = (res: RegExp[]) => res.filter((re) => re.test(text)).length;
  return (Object.keys(WORDS) as (keyof typeof WORDS)[])
    .map((k) => ({ k, n: score(WORDS[k]) }))
    .filter((x) => x.n >= 2)
    .sort((a, b) => b.n - a.n)
    .map((x) => x.k);
}

/** Marks only a label carries: its code as a 1D barcode, a carrier's 2D payload, 'Postage Paid', a routing block. */
function labelMarks(input: LabelInput, details: LabelDetails, text: string): boolean {
  const normalise = couriers().find((c) => c.id === details.courier)?.normaliseCode ?? ((s: string) => s);
  if (input.barcodes.some((b) => !is2D(b.format) && normalise(b.text) === details.trackingCode)) return true;
  return ownMarks(input, text);
}

/** A label's marks other than its barcode (a customs form may print the item's barcode too). */
function ownMarks(input: LabelInput, text: string): boolean {
  if (input.barcodes.some((b) => b.format !== "QRCode" && /^JGB\s?\d/.test(b.text))) return true;
  return OWN_POSTAGE.test(text) || ROUTING_BLOCK.test(text);
}

const OWN_POSTAGE = new RegExp(String.raw`\b${POSTAGE_PAID}\b`, "i");

/** Codes printed one under another, left edges aligned and rows close: a table of parcels. */
function listsParcels(lines: TextLine[]): boolean {
  const rows = lines
    .map((l) => ({ l, codes: couriers().flatMap((c) => c.labelReader.printedCodes(l.text)) }))
    .filter((r) => r.codes.length)
    .sort((a, b) => a.l.y - b.l.y);
  if (new Set(rows.flatMap((r) => r.codes)).size < 3) return false;
  // The longest run of rows in one column, each close under the last.
  for (let i = 0; i < rows.length; i++) {
    let run = 1;
    let last = rows[i].l;
    for (const r of rows.slice(i + 1)) {
      const size = Math.max(last.size, r.l.size);
      if (Math.abs(r.l.x - rows[i].l.x) > size * 2.5) continue;
      if (r.l.y - last.y > size * 4) break;
      run++;
      last = r.l;
    }
    if (run >= 3) return true;
  }
  return false;
}

/** The lines of the page outside the box of the lines matching `words` (a form drawn beside a label). */
function outsideOf(lines: TextLine[], words: RegExp[]): TextLine[] {
  const marked = lines.filter((l) => words.some((re) => re.test(l.text)));
  if (!marked.length) return lines;
  const right = (l: TextLine) => l.x + (l.width ?? l.text.length * l.size * 0.55);
  const box = { left: Math.min(...marked.map((l) => l.x)), right: Math.max(...marked.map(right)), top: Math.min(...marked.map((l) => l.y)), bottom: Math.max(...marked.map((l) => l.y + l.size)) };
  return lines.filter((l) => {
    const cx = (l.x + right(l)) / 2;
    const cy = l.y + l.size / 2;
    return cx < box.left || cx > box.right || cy < box.top || cy > box.bottom;
  });
}

/**
 * A label page's lines without a customs declaration printed beside the label (a CN22's weights and values are the
 * contents', not the parcel's: no field is read from them), or null when no form is on the page.
 */
export function withoutCustomsForm(lines: TextLine[]): TextLine[] | null {
  const text = lines.map((l) => l.text).join("\n");
  return WORDS["customs declaration"].filter((re) => re.test(text)).length >= 2 ? outsideOf(lines, WORDS["customs declaration"]) : null;
}

/**
 * The kind of document a page is when it is no label though `details` were read from it (a code, maybe an
 * address), or null when it is a label (or nothing says otherwise).
 */
export function documentKind(input: LabelInput, details: LabelDetails): DocumentKind | null {
  const text = input.lines.map((l) => l.text).join("\n");
  if (listsParcels(input.lines)) return "manifest";
  const named = kindsNamed(text);
  if (MANIFEST_WORDS.test(text) && /\b(?:tracking\s+(?:number|no)|item\s+id|barcode)\b/i.test(text)) named.push("manifest");
  if (!named.length) return null;
  if (named[0] === "customs declaration") {
    if (ownMarks(input, text)) return null;
    // A label beside the form: a recipient's block on the page outside the form's lines.
    const beside = readAddresses(outsideOf(input.lines, WORDS["customs declaration"]));
    return beside.recipient?.name && beside.recipient.postcode ? null : "customs declaration";
  }
  return labelMarks(input, details, text) ? null : named[0];
}
