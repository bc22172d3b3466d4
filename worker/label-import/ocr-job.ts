/**
 * OCR of image-only labels. POST /api/v1/label answers at
 * once with what the barcodes gave and ocrStatus 'pending', and queues {type:'label.ocr', labelId}.
 * The consumer (runLabelOcrJob) loads the original from R2, renders or decodes the label's page,
 * turns it upright, reads it with Tesseract, runs the courier parser over the OCR lines plus the
 * barcodes, and fills in what the barcodes could not give (sender, recipient, service, weight,
 * dates...) without overwriting anything already known. The label is never lost: a file OCR cannot
 * read ends as ocrStatus 'failed' with the barcode fields intact. D1/R2 errors are thrown so the
 * queue retries the message.
 */
import { and, eq } from "drizzle-orm";
import { isRealPostcode } from "../lib/uk-postcode";
import { isPostTown, townDisagrees } from "../lib/post-towns";
import { inValueList } from "../db/d1-limits";
import type { Db } from "../db/client";
import { labelFiles, labels, type LabelRow, users } from "../db/schema";
import { saveLabelReading } from "../labels/save";
import { log } from "../lib/log";
import { ADDRESS_KEYS, type Address, type ApiLabel, type LabelDetails, type SourcedField } from "../../shared/label";
import { enqueueMany } from "../lib/jobs";
import { pageBarcodes } from "./barcodes";
import { ImportError } from "../lib/errors";
import { COUNTRY_RE } from "../label-reading/address-blocks";
import { endsAtParticle } from "../label-reading/layout";
import { classifyLine } from "../label-reading/line-kinds";
import { isCelticHouse, isOneWordAddress, isStreetLine } from "../label-reading/name-lines";
import { ABBREVIATED_TITLES, CAPITALISED_TITLES, CARRIER_NAMES, CARRIER_NETWORKS, isShopWord, NAME_PARTICLES, SERVICE_WORDS, TITLE_WORD, TITLES_EITHER_CASE } from "../label-reading/vocabulary";
import { isListedWord, OcrEngineError, recognise, type OcrResult } from "./ocr/tesseract";
import { agreedNames, holdsName, T_FOR_STROKED_L } from "./ocr/agree";
import { irishParticle, ownSender, renamed, rescuedOrCut, restoreLostWords, SENDER_KEYS, withoutBrokenStart, withoutCutNames, withoutEndOfBrokenRow, withoutHeadings, withoutLineLostAbove, withoutLineLostOver, withoutLineLostUnder, withoutLoneFigures, withoutOtherLines, withoutPartOfHeader, withoutSenderUnderVan, withoutSortCode, withoutSuffixUnder, withTitleAbove } from "./ocr/names";
import { checkedPostcode, codedPostcodeLines, loosePostcodes, withoutCodePieces } from "./ocr/postcode";
import { rereadLost } from "./ocr/starts";
import { ocrLines } from "./ocr/text";
import { PdfiumError } from "./pdfium";
import { type Pixmap, OCR_LIMITS, rotateGrey, scaleGrey, toGrey, type Grey } from "../images/raster";
import { parseLabel } from "./pipeline";
import { atOcrResolution, binarised, invertReversedBoxes, levelled, printDpi } from "./ocr/image";
import { offDesk, paperOnly } from "./ocr/paper";
import { evenLight, paperQuad, rectifiedPaper } from "./ocr/quad";
import { labelPixels } from "./label-pixels";
import { withoutMarkedCapitals } from "./ocr/marks";
import { withoutDisputedMarks } from "./ocr/small-marks";
import { withGapsFromInk } from "./ocr/gaps";
import { rereadBesideLogo, rereadPostcodes, rereadSmallType, rereadTop, rereadUnread, restoreAccents, votedNames } from "./ocr/reread";
import { checkedWeight, rereadWeight, settledWeight, zeroMisreadWeight } from "./ocr/weight";
import { estWidth, type TextLine } from "../label-reading/text";
import type { Barcode } from "../images/zxing";

/** Mean confidence under which the page is read again turned (upright ≈ 90, upside down ≈ 40). */
export const LOW_CONFIDENCE = 60;

/**
 * Queues OCR for the imported labels that wait for it. When the queue cannot take them, they are
 * marked 'failed' (still complete with their barcode fields) rather than left 'pending' for ever.
 */
export async function queueLabelOcr<T extends ApiLabel>(db: Db, env: Pick<Env, "JOBS">, saved: T[]): Promise<T[]> {
  const pending = saved.filter((l) => l.ocrStatus === "pending").map((l) => l.id);
  if (!pending.length) return saved;
  try {
    await enqueueMany(env, db, pending.map((labelId) => ({ type: "label.ocr", labelId })));
    return saved;
  } catch (err) {
    log("error", "could not queue OCR", { labelIds: pending, error: String(err) });
    try {
      await db
        .update(labels)
        .set({ ocrStatus: "failed", updatedAt: Date.now() })
        .where(and(inValueList(labels.id, pending), eq(labels.ocrStatus, "pending")));
    } catch (e) {
      log("error", "could not mark OCR failed", { labelIds: pending, error: String(e) });
      return saved;
    }
    return saved.map((l) => (pending.includes(l.id) ? { ...l, ocrStatus: "failed" } : l));
  }
}

export interface LabelReading {
  details: LabelDetails | null;
  /** Quarter turns clockwise applied to make the page upright. */
  quarters: number;
  meanConf: number;
  /** Tesseract passes run (1 when the first orientation read well). */
  passes: number;
  ms: number;
}

/** Quarter turns that make a page upright, from the rotation zxing reports for its barcodes. */
export function uprightQuarters(barcodes: Barcode[]): number {
  const linear = barcodes.find((b) => b.format === "Code128" || b.format === "ITF") ?? barcodes[0];
  const deg = linear?.rotation;
  if (typeof deg !== "number" || !Number.isFinite(deg)) return 0;
  // A symbol rotated clockwise by `deg` is made upright by turning the image back (anticlockwise).
  return (4 - (Math.round(deg / 90) % 4)) % 4;
}

/**
 * Reads one label page: barcodes from the pixels; the page made ready for OCR (cut to its paper,
 * enlarged to about 300 DPI, text levelled, reversed boxes turned dark on light: ocr/image.ts) and turned upright
 * (from the barcodes' rotation; then by confidence: other turns are tried while Tesseract's mean
 * confidence stays under LOW_CONFIDENCE); OCR and the courier parser over OCR lines + barcodes.
 * When that reads nothing plausible (not the barcodes' code, or no recipient), the page is read
 * once more in black and white from local thresholds, with Tesseract looking for sparse text, and
 * the better reading kept; then with its barcodes painted out (withoutSymbols); when that is still not plausible and the
 * page is a photo of a label on a desk, once more with the desk painted out (ocr/paper.ts). A reading without a service reads the page's
 * top again on its own for it. Names then get their accents (ocr/reread.ts).
 */
export async function readLabelPage(pixmap: Pixmap): Promise<LabelReading> {
  const started = Date.now();
  const barcodes = await pageBarcodes(pixmap, []);
  const known = parseLabel({ lines: [], barcodes })?.trackingCode ?? null;
  const grey = toGrey(pixmap);
  const paper = photographedPaper(pixmap, grey) ?? paperOnly(grey);
  const first = uprightQuarters(barcodes);
  const { upright, dpi } = forOcr(paper, first);
  let best: { ocr: OcrResult; quarters: number; image: Grey } | null = null;
  let passes = 0;
  for (const extra of [0, 2, 1, 3]) {
    const image = rotateGrey(upright, extra);
    const ocr = await recognise(image, dpi);
    passes++;
    if (!best || ocr.meanConf > best.ocr.meanConf) best = { ocr, quarters: (first + extra) % 4, image };
    if (best.ocr.meanConf >= LOW_CONFIDENCE) break;
  }
  const { image, quarters } = best!;
  let reading = await interpret(best!.ocr, image, dpi, barcodes);
  // The weights the page's readings gave: one the kept reading does not share is disputed.
  const weights = new Set([reading.details?.weightInGrams]);
  const better = async (again: Promise<Reading>) => {
    const r = await again;
    passes++;
    weights.add(r.details?.weightInGrams);
    if (plausibility(r.details, known) > plausibility(reading.details, known)) reading = r;
  };
  if (plausibility(reading.details, known) < PLAUSIBLE) await better(interpret(await recognise(binarised(image, dpi), dpi, "sparse"), image, dpi, barcodes));
  // Still no name or block read, the page read again with its barcodes painted out (withoutSymbols).
  if (plausibility(reading.details, known) < PLAUSIBLE && barcodes.length) {
    const clean = withoutSymbols(grey, barcodes);
    const again = forOcr(photographedPaper(pixmap, clean) ?? paperOnly(clean), quarters);
    await better(interpret(await recognise(again.upright, again.dpi), again.upright, again.dpi, barcodes));
  }
  // A photo of a label turned on a desk, read as nothing: once more with the desk painted out.
  const desk = plausibility(reading.details, known) < PLAUSIBLE ? offDesk(paper) : paper;
  if (desk !== paper) {
    const off = forOcr(desk, quarters);
    await better(interpret(await recognise(off.upright, off.dpi), off.upright, off.dpi, barcodes));
  }
  // A weight another reading of the page read otherwise, or not at all ('WEIGHT' with its figure lost, then 'WEIGHT
  // 6.46KG' for 0.40 kg in black and white: fresh seed 91827364, a 96 DPI screenshot), is read again from its line and
  // kept only where both models agree; not looked for anywhere else (the page read again would give the same line back).
  // So is one whose figure the reading itself was unsure of ('16.00kg' at confidence 19 for 'Wt: 10.00kg': 3,000-label
  // seed 1914321767, file 3513, a 150 DPI photo whose type reads 0 as 6; ocr/weight.ts unsureFigure). So is one with an 8
  // in its figure, which may be a monospaced face's barred zero (ocr/weight.ts mayBeZero).
  // One it was a little unsure of is read again too (ocr/weight.ts settledWeight), and a figure holding a 6, 8 or 9 on a
  // page whose date's year reads a zero so is none (zeroMisreadWeight).
  const settled = await settledWeight(reading.details?.weightInGrams, { lines: reading.lines, words: reading.words, others: weights }, (grams, seen) =>
    checkedWeight(reading.lines, reading.image, reading.dpi, grams, seen),
  );
  const disputed = settled.disputed;
  if (reading.details && typeof reading.details.weightInGrams === "number") reading.details = { ...reading.details, weightInGrams: settled.grams };
  // A weight over the courier's limit is none: the re-reads below may find the right one.
  if (reading.details && overLimit(reading.details)) reading.details = { ...reading.details, weightInGrams: null };
  // No service or no weight read: what the reading left unread, then (still no service) the top of
  // the page once more on its own; for the service and the weight only.
  const noService = (d: LabelDetails) => !d.serviceCode && !d.classId;
  const serviceAndWeight = async (again: Promise<TextLine[]>) => {
    const read = reading.details!;
    const lines = await again;
    const more = parseLabel({ lines, barcodes });
    passes++;
    if (more?.trackingCode !== read.trackingCode) return;
    const service = noService(read) ? { serviceCode: more.serviceCode, classId: more.classId, isNextDay: read.isNextDay ?? more.isNextDay } : {};
    // A weight only this reading gave is read again from its line and kept where both models agree on it: '1.2 KG'
    // beside a logo was read '12 KG' there (gate seed 1434804602, file 293, a flattened 96 DPI screenshot: 12,000 g for 1,200).
    const found = read.weightInGrams == null && !disputed && typeof more.weightInGrams === "number" ? await checkedWeight(lines, reading.image, reading.dpi, more.weightInGrams) : null;
    reading.details = { ...read, ...service, weightInGrams: read.weightInGrams ?? found };
  };
  // A routing label (carrier API output: VAN / DROP / C-ROUND) prints no weight (LABELS.md): not read again for one.
  const noWeight = (d: LabelDetails) => d.weightInGrams == null && !d.routing && !disputed;
  // A line that should give the weight and does not ('Weight:' with its figure lost, '2.90k'): that line read again (ocr/weight.ts).
  const lost = reading.details && noWeight(reading.details) ? await rereadWeight(reading.lines, reading.image, reading.dpi, reading.words) : null;
  if (lost !== null) reading.details = { ...reading.details!, weightInGrams: lost };
  if (reading.details && (noService(reading.details) || noWeight(reading.details))) await serviceAndWeight(rereadUnread(reading.lines, reading.image, reading.dpi));
  if (reading.details && noService(reading.details)) await serviceAndWeight(rereadTop(reading.lines, reading.image, reading.dpi));
  // A weight the page's reading lost and a re-read found is held to the page's rule too: a figure holding a 6, 8 or 9 on a
  // page whose date's year reads a zero so is none (ocr/weight.ts zeroMisreadWeight).
  const found = reading.details?.weightInGrams;
  if (typeof found === "number" && zeroMisreadWeight(reading.lines, found)) reading.details = { ...reading.details!, weightInGrams: null };
  // A sender's name whose block runs across another column is none (runsAcross), and so is one read after letters on its line
  // that are no heading or with its heading run into it (withoutSenderInside): read again as the page's unnamed senders are.
  if (reading.details) reading.details = withoutSenderInside(withoutSenderAcross(reading.details, reading.lines), reading.lines);
  // No sender's name read: the page read again as sparse text, for the sender's block alone (senderFromSparse).
  if (reading.details && !senderNamed(reading.details)) {
    const found = ocrLines((await recognise(reading.image, reading.dpi, "sparse")).words);
    passes++;
    const sparse = parseLabel({ lines: found, barcodes });
    const sender = senderFromSparse(reading.details, sparse && withoutPiecesOfLines(withoutSenderInside(sparse, found), found, reading.lines));
    if (sender) {
      reading.details = sender;
      // The sender's line, for its name's second readings (finished): the page's reading has no line that holds it.
      const names = SENDER_KEYS.flatMap((k) => sender[k]?.name || []);
      reading.lines = [...reading.lines, ...found.filter((l) => names.some((n) => l.text.includes(n)))].sort((a, b) => a.y - b.y || a.x - b.x);
    }
  }
  let details = reading.details && (await finished(reading.details, reading));
  // Still no sender's name: the blocks in small type read again enlarged, for the sender alone (senderInSmallType).
  if (details && !senderNamed(details)) {
    const again = await senderInSmallType(details, reading, barcodes);
    passes += again.passes;
    details = again.details;
  }
  // A name read in capitals without an accent whose line shows a mark over a capital lost it: none (ocr/marks.ts); so is a
  // name whose marks over small letters, lost or invented, the page's ink does not bear out (ocr/small-marks.ts). Last, so
  // that no re-read for a sender gives the name back as it was read.
  if (details) details = withoutDisputedMarks(withoutMarkedCapitals(details, reading.lines, reading.image), reading.lines, reading.image);
  // A name whose words the reading ran together gets its gaps back where the page's ink shows them (ocr/gaps.ts): ink only.
  if (details) details = withGapsFromInk(details, reading.lines, reading.image);
  return {
    details,
    quarters,
    meanConf: reading.meanConf,
    passes,
    ms: Date.now() - started,
  };
}

/**
 * A reading's details finished: the recipient's name with its lost words and accents, each name given only where a second
 * reading of its line holds it (ocr/agree.ts), its postcode checked, nothing implausible.
 */
async function finished(asRead: LabelDetails, { lines, image, dpi }: Reading): Promise<LabelDetails> {
  // A name with a misread heading in it, or that is another line of the label, is none before it is read again (ocr/names.ts).
  // So is one cut short, more of its words' ink beside it on its row (withoutCutNames) or its company's suffix alone on the
  // line under it (withoutSuffixUnder), one given the start of a row under it whose middle was lost (withoutEndOfBrokenRow), one with a figure alone among its words, and one read under its block's first line
  // misread into debris or lost whole, its print left between it and its heading (withoutLineLostAbove), and one ending a block
  // printed bottom up with a line of letters under it (withoutLineLostUnder), and one with a row of print over it the reading
  // lost (withoutLineLostOver).
  const uncut = withoutLoneFigures(withoutOtherLines(withoutHeadings(await withGapsBack(asRead))));
  const cutFree = withoutCutNames(uncut, lines, image);
  // A recipient's name cut short by a word with an accent the page's reading lost is read again first: the words the Latin
  // reading of its row has after it, accented each, to the row's end ('DELIVER TO: Thomas' for Thomas Sørensen, the ø's
  // word dropped: run D, SEED=2845914634, file 3834, a 200 DPI photo, then none). Nothing after them: else it stays none.
  const again = !cutFree.address?.name && uncut.address?.name ? await restoreLostWords(uncut, lines, image, dpi, true) : null;
  const rescued = rescuedOrCut(uncut, cutFree, again);
  const readRow = async (row: Grey) => (await recognise(scaleGrey(row, 2), dpi * 2, "line")).words.map((w) => w.text).join(" ");
  const details = withoutPartOfHeader(await withoutLineLostOver(withoutLineLostUnder(withoutLineLostAbove(withoutSuffixUnder(withoutEndOfBrokenRow(rescued.address?.name ? rescued : cutFree, lines), lines), lines, image), lines), lines, image, readRow), lines);
  const read = rescued.address?.name && rescued !== cutFree ? details : await restoreLostWords(details, lines, image, dpi);
  // A name's Latin reading that does not hold it is read again enlarged (ocr/reread.ts latinReading).
  const accented = await restoreAccents(read, lines, image, dpi, holdsName);
  // A name restoreLostWords gave words to is the Latin reading's of its row: held by it already.
  const given = read.address?.name && read.address.name !== uncut.address?.name ? [read.address.name] : [];
  // A name the page's reading got a letter wrong in, put right where two other readings of its line agree (ocr/reread.ts).
  const voted = await votedNames(read, accented.details, accented, dpi, holdsName);
  const { latin, crops, pageLines } = voted;
  // A title printed alone over the name's line is its first word (withTitleAbove).
  const agreed = withTitleAbove(await agreedNames(voted.read, voted.named, latin, crops, dpi, given, pageLines), lines);
  // A name whose first word's start the reading broke off, its end left before it on its line, is none (withoutBrokenStart).
  return withoutBrokenStart(untimedSpecialDelivery(irishParticle(withoutSenderUnderVan(withoutSortCode(plausibleOnly(await checkedPostcode(gluedSpacedFromInk(agreed, lines, image), lines, image, dpi))), lines)), lines), lines);
}

/**
 * Special Delivery whose time OCR did not read: none, not the by-1pm product the text layer's reading defaults to
 * (couriers/royalmail/parse.ts specialDelivery). Every Special Delivery label prints its time; on an image, a time not read
 * is a time misread, and half of them are 9am ('by 1pm' given for 9am: fresh seed 1113018866, files 2624 and 3866, a 203
 * DPI thermal print and a 300 DPI photo). A service the label's 2D code gave is the upload's and stays (fillDetails).
 * The printed service is the details' classId; serviceCode is a product code.
 */
export function untimedSpecialDelivery(d: LabelDetails, lines: readonly TextLine[]): LabelDetails {
  // The product code (serviceCode) a payload or a printed 'Service: SD101' names gives the time itself.
  if (d.classId !== "Special Delivery Guaranteed by 1pm" || d.serviceCode) return d;
  const text = lines.map((l) => l.text).join(" ");
  return ONE_PM.test(text) ? d : { ...d, classId: null };
}

/** 'by 1pm' as OCR reads it: a 1 read as l, I or |, a stop or ':00' after it. */
const ONE_PM = /(?:^|[^\d])[1lI|]\s*(?:[:.]\s*[0O]{2}\s*)?p\.?\s*m\b/i;

const senderNamed = (d: LabelDetails) => SENDER_KEYS.some((k) => d[k]?.name);

/**
 * Whether the line a name ends is followed on its row, within two of its heights, by another line: Tesseract split the row
 * in two, and the cut may be inside a word ('Bluebell Craf' / 'uks Limited, Flat 40, …' for Bluebell Crafts Limited, read
 * again enlarged off a 96 DPI screenshot: fresh seed 1113018866, file 721). The name may be cut short: none.
 */
export function rowGoesOn(lines: readonly TextLine[], name: string): boolean {
  const line = lines.find((l) => l.text.endsWith(name));
  return Boolean(line && lines.some((o) => o !== line && Math.abs(o.y - line.y) < line.size / 2 && o.x > line.x && o.x - (line.x + estWidth(line)) < 2 * line.size));
}

/**
 * Whether the line a name starts is preceded on its row, within two of its heights or overlapping it, by another line that
 * is not a heading alone: Tesseract split the row in two, and the cut may have taken the name's first words ('AI nnrlangd
 * Trad:' over the start of 'Trading Co', for Moorland Trading Co, read again enlarged off a 240 DPI scan: run E,
 * SEED=76423947, file 980, the sender given as 'Trading Co'). The name may have lost its start: none.
 */
export function rowComesBefore(lines: readonly TextLine[], name: string): boolean {
  const line = lines.find((l) => l.text.startsWith(name));
  return Boolean(
    line &&
      lines.some((o) => o !== line && Math.abs(o.y - line.y) < line.size / 2 && o.x < line.x && line.x - (o.x + estWidth(o)) < 2 * line.size && classifyLine(o.text).heading?.rest !== ""),
  );
}

/**
 * Whether a name's line is boxed twice as high as its block's other lines (its address lines and postcode) or more: the
 * box took in two printed lines and the reading gave one of them ('Bryn Awel' boxed 45 px high over 'Foxhole Silver', in
 * a block of 23 px lines read again enlarged off a 150 DPI table photo printed bottom up: run E, SEED=76423947, file 3515,
 * the house's name given as the sender). Which line was read is not known: none. A name in bold or larger type than its
 * address is under one and a half times its height.
 */
export function twoLinesHigh(lines: readonly TextLine[], a: Address): boolean {
  const line = lines.find((l) => l.text.includes(a.name));
  const own = lines.filter((l) => l !== line && ((a.postcode && l.text.replace(/\s/g, "").includes(a.postcode.replace(/\s/g, ""))) || a.address?.some((t) => t && l.text.includes(t))));
  if (!line || !own.length) return false;
  const sizes = own.map((l) => l.size).sort((p, q) => p - q);
  return line.size >= 1.7 * sizes[Math.floor(sizes.length / 2)];
}

/**
 * Whether a name's block runs across another column: a line of the block, under the name and from its left edge, runs on
 * under a line printed beside the name on its row. Tesseract read two columns' rows as one line ('C/O DR & MR S@RENSEN 169
 * LONDON HILL' under 'IMOGEN LEROY', 'COPPER KETTLE CRAFTS' beside it: run H, SEED=1227518014, file 2802, a 203 DPI thermal
 * print, the payload giving the recipient's postcode's block no name, so the recipient's name was given as the sender's).
 * Which column the name heads is not known: none, and read again (senderFromSparse reads each column's lines apart).
 */
export function runsAcross(lines: readonly TextLine[], a: Address): boolean {
  const head = a.name ? lines.find((l) => l.text.includes(a.name)) : undefined;
  if (!head) return false;
  const compact = (s: string) => s.replace(/\s/g, "");
  const ownText = (l: TextLine) => a.address?.some((t) => t && l.text.includes(t)) || (a.postcode && compact(l.text).includes(compact(a.postcode)));
  const own = lines.filter((l) => l !== head && l.y > head.y && Math.abs(l.x - head.x) <= head.size && ownText(l));
  const beside = lines.filter((o) => o !== head && !own.includes(o) && o.y < head.y + head.size && o.y + o.size > head.y && o.x > head.x + estWidth(head));
  return beside.some((o) => own.some((l) => l.x < o.x && l.x + estWidth(l) > o.x + o.size));
}

/** The details without a sender's name whose block runs across another column (runsAcross). */
const withoutSenderAcross = (details: LabelDetails, lines: readonly TextLine[]) => renamed(details, SENDER_KEYS, (a) => (runsAcross(lines, a) ? "" : a.name));

/**
 * Whether the line a name was read from holds letters before it that are no heading (nor a heading misread, ending in a
 * colon): the layout took them for OCR's debris (name-lines.ts withoutDebris), and they may be the name's first word
 * misread ('ei O Suilleabhain' given as 'Ó Súilleabháin' for Mei Ó Súilleabháin: run H, SEED=1227518014, file 1820, a 400
 * DPI scan, replayed on main 0deb7d3). Of the names parseLabel gives from runs H, I and J's stored page readings (1,271
 * pages), four pages' senders are so read and none is right ('aes' before 'Home' for Magpie Home, 'pacar' before 'Crafts
 * Ltd' for Redwing Crafts Ltd, 'a' before 'Trading Co' for Rowan Trading Co, 'om' before 'Rise' under Old Forge Knits); no
 * recipient's is. The name may have lost its start: none.
 */
export function startsInsideLine(lines: readonly TextLine[], name: string): boolean {
  const line = lines.find((l) => l.text.includes(name));
  if (!line) return false;
  const before = line.text.slice(0, line.text.indexOf(name)).trim();
  const kind = classifyLine(before);
  return /\p{L}/u.test(before) && !before.endsWith(":") && !kind.heading && !kind.headingAlone;
}

/**
 * A sender's name that starts with 'From' run into its next word, its gap lost: the block's heading read as the name's
 * first word ('FromTheCeilidhCoffee', given as 'From The Ceilidh Coffee' once its gaps were put back, so past the end's
 * HEADING_FIRST: run J, SEED=3605086469, file 3577, a 200 DPI photo; 'Fromironbridge Coffee Ltd', its I read small: file
 * 3115, a 200 DPI table photo; both given so). Of the 2,490 names parseLabel gives from runs H, I and J's stored page
 * readings (1,271 pages), those two senders' start so, and no other name. Not 'Frome' or 'Fromm' (a town, a surname: one letter after it).
 */
export const headingGlued = (name: string) => /^From(?:\p{Lu}|\p{Ll}{4})/u.test(name);

/**
 * The details without a sender's name read after letters on its line that are no heading (startsInsideLine), or with its
 * heading run into it (headingGlued).
 */
const withoutSenderInside = (details: LabelDetails, lines: readonly TextLine[]) =>
  renamed(details, SENDER_KEYS, (a) => (startsInsideLine(lines, a.name) || headingGlued(a.name) ? "" : a.name));

/**
 * Whether the line a second reading (`found`) gave a name from lies where the page's reading has a line that holds the
 * name and goes on inside its last word: the second reading broke a line the page read whole ('Order' read alone by the
 * sparse reading where the page read 'Order: 271064-88': run J, SEED=3605086469, file 2199, a 150 DPI table photo of a
 * routing label, the sender given as 'Order'). A name ends at a word's end.
 */
export function pieceOfLine(found: readonly TextLine[], page: readonly TextLine[], name: string): boolean {
  const line = found.find((l) => l.text.endsWith(name));
  return Boolean(
    line && page.some((p) => Math.abs(p.y - line.y) < line.size / 2 && Math.abs(p.x - line.x) < line.size && p.text.includes(name) && /^\S/u.test(p.text.slice(p.text.indexOf(name) + name.length))),
  );
}

/** The second reading's details without a sender's name read from a piece of a line the page's reading gave whole (pieceOfLine). */
const withoutPiecesOfLines = (details: LabelDetails, found: readonly TextLine[], page: readonly TextLine[]) =>
  renamed(details, SENDER_KEYS, (a) => (pieceOfLine(found, page, a.name) ? "" : a.name));

/**
 * The finished details (`done`, no sender named) with the sender's name read from the page's blocks in small type read
 * again enlarged (ocr/reread.ts rereadSmallType): a return address printed at 6–8 pt on a 203 DPI thermal print or a
 * 150 DPI scan, whose heading or name letters the page's reading lost (fresh seed 1113018866: 'Retuiti to:' over 'Hazel &
 * Hive Crafts', file 2487; 'Gunnet Apothecary' for Gannet, file 163). The recipient's lines are not read again. Taken as
 * senderFromSparse takes a sparse reading's (the same label and recipient postcode), the name then through the same
 * second readings as any (finished); only the sender's blocks are taken from it.
 */
async function senderInSmallType(done: LabelDetails, reading: Reading, barcodes: Barcode[]): Promise<{ details: LabelDetails; passes: number }> {
  const to = reading.details?.address;
  const recipients = (l: TextLine) => Boolean((to?.postcode && l.text.includes(to.postcode)) || (to?.name && l.text.includes(to.name)));
  const lines = await rereadSmallType(reading.lines, reading.image, reading.dpi, recipients);
  const parsed = lines && parseLabel({ lines, barcodes });
  const again = lines && senderFromSparse(reading.details!, parsed && withoutSenderInside(parsed, lines), true);
  if (!lines || !again) return { details: done, passes: lines ? 1 : 0 };
  const named = await finished(again, { ...reading, lines });
  for (const k of SENDER_KEYS) {
    const a = named[k];
    if (a?.name && (rowGoesOn(lines, a.name) || rowComesBefore(lines, a.name) || twoLinesHigh(lines, a) || runsAcross(lines, a))) named[k] = { ...a, name: "" };
  }
  const out: LabelDetails = { ...done };
  for (const k of SENDER_KEYS) if (named[k]?.name) out[k] = named[k];
  return { details: out, passes: 1 };
}

/**
 * The page's details with the sender's name a sparse reading of the page (`sparse`, parsed) gave, where the page's
 * reading gave none: Tesseract's page layout runs a sender's block in small type into the recipient's large lines
 * beside it ('Redwing Design' / '218B Bridge Crescent' right of 'Grace Morris' read as one line, 'Beige Crescent': fixed
 * seed 3217537065, file 587, a 200 DPI scan), and the sender's lines are lost; read as sparse text, each line of the
 * block comes back on its own. Taken only from a sparse reading of the same label (the same tracking code and recipient
 * postcode), for a sender's block whose postcode, where the page's reading gave the block one, is the same, and whose
 * name is not the recipient's; the name then goes through the same second readings as any (finished). Null otherwise.
 * With `postcodeLost`, a block whose postcode the second reading lost (read '2Y2' for YO21 2YZ: its postcode is the page's) is
 * taken too.
 */
export function senderFromSparse(read: LabelDetails, sparse: LabelDetails | null, postcodeLost = false): LabelDetails | null {
  if (!sparse || sparse.trackingCode !== read.trackingCode || !read.address?.postcode || sparse.address?.postcode !== read.address.postcode) return null;
  const out: LabelDetails = { ...read };
  let found = false;
  for (const k of SENDER_KEYS) {
    const block = sparse[k];
    const page = read[k];
    if (!block?.name || block.name === read.address.name || (page?.postcode && block.postcode !== page.postcode && !(postcodeLost && !block.postcode))) continue;
    out[k] = page ? { ...page, name: block.name, address: page.address?.length ? page.address : block.address, postcode: page.postcode || block.postcode } : block;
    found = true;
  }
  return found ? out : null;
}

/** The heaviest parcel each courier carries (Evri 15 kg, Royal Mail 20 kg), in grams. */
const MAX_GRAMS: Record<string, number> = { evri: 15_000, royalmail: 20_000 };
const overLimit = (d: LabelDetails) => typeof d.weightInGrams === "number" && d.weightInGrams > (MAX_GRAMS[d.courier] ?? 30_000);

/**
 * The details with what OCR read that cannot be taken out: a postcode that cannot exist, a weight
 * over the courier's limit ('75000' read off a 150 DPI scan of '1750g'), a name that is words run
 * together past any one word ('BRIGHTONCRAFTSUPPLIESLTD': OCR lost the gaps; no English or Welsh
 * word in a name runs to 20 letters). None is better than wrong.
 */
export function plausibleOnly(d: LabelDetails): LabelDetails {
  const out = { ...d };
  if (overLimit(d)) out.weightInGrams = null;
  for (const k of ADDRESS_KEYS) {
    const a = out[k];
    // (Nor one of another area than the town its address names: lib/post-towns.ts.)
    if (a?.postcode && (!isRealPostcode(a.postcode) || townDisagrees(a.postcode, a.address))) out[k] = { ...a, postcode: "" };
    if (!a?.name) continue;
    // An initial O read as a zero ('0. van der Berg': fresh seed 1307231402, file 1717, a 300 DPI scan).
    const name = strokeTitle(a.name.replace(ZERO_INITIAL, "$1O.").replace(MARK_BEFORE_INITIAL, "$1").replace(SPACED_APOSTROPHE, "$1'").replace(GLUED_SUFFIX, "$1 $2").replace(CAPITAL_MARK_INSIDE, (c) => c.toLowerCase()));
    // A heading read as the name: the name's line was lost (fresh seed 3215497301, a 203 DPI thermal print: 'FROM').
    // A name ending in a particle, as the layout's rule, again here: the accents restored after it may make one ('EWAN
    // NI' of Ewan Ní Bhriain, its end lost, given the Latin reading's 'Ní': rehearsal seed 4055776722, file 176, a 400 DPI scan).
    const none = GLUED.test(a.name) || pieceOfCode(name, d.trackingCode) || noNameShape(name) || ((k === "address" || Boolean(a.postcode) || ACCENTED_WORD.test(name)) && partOfName(name, k === "address"));
    if (none || name !== a.name) out[k] = { ...out[k]!, name: none ? "" : name };
  }
  return out;
}

/** Whether `name` has a shape no whole name has (each rule is documented where it is defined below): then it is none. */
function noNameShape(name: string): boolean {
  const t = name.trim();
  return (
    endsAtParticle(name) ||
    NOISY.test(name) ||
    DOUBLED.test(name) ||
    letterTwiceInCase(name) ||
    strokeReadT(name) ||
    MISREAD_TITLE.test(name) ||
    SMALL_AFTER_TITLE.test(name) ||
    titleAndOneWord(name) ||
    splitServiceWord(name) ||
    JOINING_WORD_ALONE.test(t) ||
    titlesOnly(t) ||
    titleAndInitials(t) ||
    mixedInCapitals(name) ||
    SMALL_LAST.test(name) ||
    CUT_AFTER_CAPITAL.test(name) ||
    LETTER_PIECES.test(t) ||
    TWO_LETTERS_ALONE.test(t) ||
    RUN_IN_HEADING.test(t) ||
    HEADING_FIRST.some((re) => re.test(t)) ||
    CARE_OF_INSIDE.test(t) ||
    routingRunTogether(t) ||
    // A town alone ('LONDON' given as the sender, its name's line lost: fresh seed 1690049, file 3730, a 203 DPI thermal print).
    isPostTown(t) ||
    // A country alone, its gaps as read aside ('U nited Kingdom' given as the recipient, its name's line lost: fresh seed
    // 1411914453, file 3696, a 300 DPI photo on a table).
    COUNTRY_RE.test(t.replace(/\s+/g, "")) ||
    SENDER_HEADING_INSIDE.test(t) ||
    houseByItsEnding(t) ||
    HOUSE_RUN_IN.test(t) ||
    WORD_AND_NUMBER.test(t) ||
    initialMisread(t) ||
    HOUSE_NUMBER_FIRST.test(t) ||
    streetNumberGlued(t) ||
    isCelticHouse(t) ||
    PREMISES_LAST.test(t) ||
    suffixMisread(t) ||
    classifyLine(name).headingAlone
  );
}

/**
 * An accented capital between two small letters: the small letter read in the capital's shape ('ZsÓfia', 'ÖztÜrk'; 14
 * distinct names in the stored runs, each right but for that letter's case). Its small letter; a plain capital inside
 * a word stays ('MacLeod', 'McDonald').
 */
const CAPITAL_MARK_INSIDE = /(?<=\p{Ll})[^\P{Lu}A-Z](?=\p{Ll})/gu;

/**
 * An apostrophe or a quote before an initial: a speck read as a mark ("MX 'W LEFÈVRE" for Mx W Lefèvre: fresh seed
 * 41926439, file 374, a 300 DPI thermal print). No name writes an initial so (none of the ~28,000 distinct names the stored
 * runs read has a word starting with one): the initial alone.
 */
const MARK_BEFORE_INITIAL = /(^|\s)['’‘`](?=\p{Lu}\.?(?:\s|$))/gu;

/**
 * The apostrophe of an O' or D' surname read with a gap either side, or as an opening quote ('Emily O ‘ Connor' for Emily
 * O'Connor: fresh seed 1333315663, file 3737, a 300 DPI scan, then none for the quote no name holds): the surname whole.
 * Only after a lone O or D before a capital, where no other reading of the mark is a name's.
 */
const SPACED_APOSTROPHE = /(?<=(?:^|\s))([OD])(?:\s*[‘’'`´]\s+|\s+[‘’'`´]\s*|[‘`´])(?=\p{Lu}\p{Ll})/gu;

/** A zero standing for an initial O: alone, before a stop. */
const ZERO_INITIAL = /(^|\s)0\.(?=\s)/u;

/**
 * A recipient's name read as one short word: a surname or a first name alone, the rest of its line lost ('Green' of 'I
 * Green' after 'Deliver to:', 'LEROY' of 'SIOBHÁN LEROY': fresh seed 1307231402, a 400 DPI scan and a thermal print).
 * A person is named by two words at least, a business nearly always; nine letters or more in one word are more often
 * a whole name whose gaps OCR lost ('IAINMENSAH'), and so is a word with a capital inside ('SMorris'), but not a
 * recipient's in title case (ONE_CAPITAL_WORD).
 * So is a sender's over an address with a postcode ('Wei' of 'Wei Müller', 'Anh' of 'Anh Quiñones': fresh seeds
 * 3515107650 and 1307231402; never right in any stored run); a retailer's name printed alone as a routing label's
 * header ('Loomwell') has no postcode and stays. So is a sender's of one short word with an accent, postcode or none: a
 * person's first name, the rest of its line lost ('CIARÀ' for Ciarán Moore, 'JOAQUÍN' for Joaquín King: seed 258096912,
 * file 784, a 203 DPI thermal print; fresh seed 574020362, file 701, a 400 DPI photo; 'Björn', a routing label's that
 * prints none). Of the 19,599 distinct names the stored runs read, no right one is such a word (a whole name run together
 * is longer: 'SørenAhmed', 'CHLOÉWONG').
 */
/** A letter with an accent (or its mark in its shape: ø, ł). */
const ACCENTED_WORD = /[\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F]/u;
const partOfName = (name: string, recipient = false) =>
  (name.length <= 8 || (recipient && ONE_CAPITAL_WORD.test(name))) && /^[\p{L}'’-]+$/u.test(name) && !/\p{Ll}\p{Lu}|\p{Lu}\p{Lu}\p{Ll}/u.test(name);
/**
 * A recipient's one word of nine letters or more in small letters after one capital ('Gallagher' of Iain Gallagher, its
 * first name lost: CI rehearsal ci-131, gate seed 90105473, file 475, a flattened PDF): a surname alone, none as the
 * shorter ones are. A whole name run together keeps a capital inside ('EwanJones', 'SMorris') or is in capitals
 * ('IAINMENSAH', 'KOFIFITZGERALD': three such right recipients in run A's 399 images, none in title case); a shop's one
 * word is a sender's ('Hatherley', 'Threadline') and stays.
 */
const ONE_CAPITAL_WORD = /^\p{Lu}\p{Ll}{8,}$/u;

/**
 * A title both readings misread alike ('Mi A Scott' for Mr: fresh seed 3422321280, file 255, a 203 DPI thermal print): an
 * M and one small letter that make no title, before an initial. Mr, Ms or Mx cannot be told from it: none. So is Dr
 * read 'Or' (its D's stem lost) before a name ('Or Chloė Patterson' for Dr Chloé Patterson: gate seed 4125225391, file
 * 235, a 203 DPI thermal print): no name starts with the word 'Or'. Nor with Miss read with a letter lost or one more
 * ('Mss Ciara Whitaker', and 'Mss' alone for Miss Bartosz Barnes: bench/outside seed 163306060, files 81 and 34, a
 * flattened PDF and a 150 DPI photo): Miss or Mrs cannot be told from it. (None of the 20,310 names the stored runs read
 * starts so but these two.)
 */
const MISREAD_TITLE = /^(?:M[a-qt-wyz]\.?\s\p{Lu}\.?\s|O[rR]\.?\s\p{Lu}|(?:mss|mis|msr|mrss|mlss|m1ss|miis)\.?(?:\s|$))/iu;

/**
 * A service's word split by a gap OCR put in it ('STAN DARD' for STANDARD: fresh seed 1186823637, file 85, a 200 DPI
 * scan of a legacy Hermes label, given as the recipient's name): a name no longer than the word whose letters are it.
 */
const splitServiceWord = (name: string) => {
  const letters = name.toLowerCase().replace(/[^\p{L}\d]/gu, "");
  return letters.length >= 5 && SERVICE_WORDS.includes(letters);
};

/** A name that is only an article or a joining word ('The' of The Harbour Light Silver, the rest of its line lost: fresh seed 258096912, file 3172, a 203 DPI thermal print read again enlarged). */
const JOINING_WORD_ALONE = /^(?:the|a|an|and|of|&)$/i;

/** A name that is titles alone ('Mr & Mrs' given as the sender a routing label does not print: gate seed 86090039, file 198, a 200 DPI scan; the surname lost). */
const titlesOnly = (name: string) => name.split(/\s+/).every((w) => TITLE_WORD.test(w) || /^(?:&|and)$/i.test(w));

/**
 * A title and initials alone, no surname after them ('Ms G' for Ms G Turner: gate seed 2697470300, file 423, a 203 DPI
 * thermal print, its sender's surname lost; 'Rev H', a 300 DPI photo): a person is not named by a title and an initial.
 * Of the 23,455 distinct names the stored runs read, these two (both wrong) are the only ones so shaped.
 */
const titleAndInitials = (name: string) => {
  const [title, ...rest] = name.split(/\s+/);
  return TITLE_WORD.test(title) && rest.length > 0 && rest.every((w) => /^\p{Lu}\.?$/u.test(w));
};

/**
 * A title and one word after it, in small letters ('Dr. White' for Dr. I White, 'Mr. MacLeod' for Mr. J MacLeod: gates
 * ci-57 and ci-60, a 203 and a 300 DPI thermal print; 'Miss Ellie' for Miss Ellie Brown, a 200 DPI photo): an initial
 * after a title is one letter that OCR drops as a speck, or the surname was cut. All four such names the stored runs read
 * off images were wrong; a name printed so ('Mrs Jones') is rare on a label and read from text PDFs still. Which part was
 * lost is not known: none. Not a word with its initial run into it ('Ms JKhan', 'DR. AMENSAH': the name whole, its gap lost).
 */
function titleAndOneWord(name: string): boolean {
  const words = name.split(/\s+/);
  // (Run together too: 'DrPriya' for Dr Priya D'Arcy, its surname on the line under it lost: fresh seed 3930571097, file 72,
  // a 200 DPI table photo. The stored runs' only two such names, both that file's.)
  const glued = words.length === 1 && GLUED_TITLE.exec(words[0]);
  if (glued) return titleAndOneWord(`${glued[1]} ${glued[2]}`);
  // In capitals, a word of two to four letters: a first name or a surname alone ('REV ANH' for REV ANH WOOD, its surname
  // broken onto the next line and misread 'wooD': seed 3930571097, file 1915, a 200 DPI scan). An initial run into a surname
  // is longer ('DR. AMENSAH', 'MISS SBROWN': whole names, kept). Of the 23,455 distinct names the stored runs read, 'REV
  // ANH' (wrong) is the only title with a capitals word so short.
  if (words.length !== 2 || !TITLE_WORD.test(words[0])) return false;
  return /^\p{Lu}{2,4}$/u.test(words[1]) || /^(?:Mc|Mac|O'|O’|D')?\p{Lu}\p{Ll}+$/u.test(words[1]);
}
/** A title run into the word after it ('DrPriya', 'Mrs.Jones'). */
const GLUED_TITLE = new RegExp(`^((?:${CAPITALISED_TITLES})\\.?)(\\p{Lu}.*)$`, "u");

/**
 * A name printed in capitals with a word in which a small letter comes before a capital ('MxXO THOMPSON' for MX O
 * THOMPSON: fixed seed 3217537065, file 1604, a 200 DPI photo, both readings lost the gap and misread a letter's case).
 * In a name in capitals the case of each letter is OCR's guess, and a word it read in two cases is a guess at its letters too.
 */
const mixedInCapitals = (name: string) => {
  const words = name.split(" ");
  return words.some((w) => /^\p{Lu}{3,}$/u.test(w.replace(/['’.-]/g, ""))) && words.some((w) => /\p{Ll}\p{Lu}/u.test(w));
};

/**
 * A title, then a word starting with a small letter whose capital has another shape: the word's capital lost ('Mr ethan
 * Turner-Hale' for Mr Bethan: gate seed 1875347505, file 287, a 200 DPI scan, given so). Not a particle ('Mr de la Cruz'),
 * 'and' ('Mr and Mrs'), nor a letter whose capital is the same shape but for its size, read small ('Mr inés White', then
 * given its capital from the Latin reading: SIZE_ONLY in ocr/agree.ts). Of the 37,243 names the stored runs read right,
 * that last is the only one that starts so.
 */
const SMALL_AFTER_TITLE = new RegExp(
  String.raw`^(?:${ABBREVIATED_TITLES.map((t) => [...t].map((c) => `[${c.toUpperCase()}${c}]`).join("")).join("|")})\.?\s+(?!(?:${[...NAME_PARTICLES, "and"].join("|")})(?:\s|$))[abd-hj-nprtyà-æè-ëñ]`,
  "u",
);

/**
 * The name with its first word a title read with one stroke letter for another (t, l, f and r: 'Prot C Brown' for Prof, the
 * f's bar lost: gate seed 359445321, file 491, a flattened PDF) given that title, before a word in capitals or an initial.
 * Each word so read stands for one title alone ('Dt', 'Mts', 'Prol'…) and starts no name. (An i is left out: 'Di' is a
 * name, and 'Mi' for Mr, Ms or Mx is MISREAD_TITLE's; so is 'Mt', Mount's: 'Mt Pleasant Stores'.) None of the stored
 * runs' 37,243 names read right starts so.
 */
const STROKES = "ltfr";
function strokeTitle(name: string): string {
  const [first, ...rest] = name.split(" ");
  const bare = first.replace(/\.$/, "");
  if (!rest.length || !/^\p{Lu}/u.test(rest[0]) || TITLE_WORD.test(first) || /^mt$/i.test(bare)) return name;
  const titles = ABBREVIATED_TITLES.filter((t) => t.length === bare.length && [...t].filter((c, i) => c !== bare[i].toLowerCase()).length === 1 && [...t].every((c, i) => c === bare[i].toLowerCase() || (STROKES.includes(c) && STROKES.includes(bare[i].toLowerCase()))));
  if (titles.length !== 1) return name;
  const title = [...titles[0]].map((c, i) => (bare[i] === bare[i].toUpperCase() ? c.toUpperCase() : c)).join("");
  return [title + first.slice(bare.length), ...rest].join(" ");
}

/**
 * A shop's name whose last word is a company's suffix misread ('Seren Trading Ci' for Seren Trading Co: fresh seed
 * 1333315663, file 3818, a 200 DPI table photo; 'Ltc', 'Lid' for Ltd): after a shop's word (vocabulary.ts isShopWord), a 'C'
 * and one letter or figure that is no 'o', or an 'L' word one letter off 'Ltd'. Which suffix was printed is not known: none.
 */
function suffixMisread(t: string): boolean {
  const words = t.split(/\s+/);
  if (words.length < 2 || !isShopWord(words[words.length - 2].replace(/[.,]$/, ""))) return false;
  const last = words[words.length - 1].replace(/\.$/, "");
  return /^C[^oO\s]$/u.test(last) || (/^l(?:t\S|\Sd)$/i.test(last) && !/^ltd$/i.test(last));
}

/**
 * A name ending in the word a flat's or a unit's line starts with: that line's first word joined to the name, its number
 * lost ('Z Clark Unit' for Z Clark over 'Unit 12': run E, SEED=76423947, file 1226, a flattened PDF; OCR read the line
 * 'Unie', the layout took a one-word line under a short name for the name's end, and the name's second reading gave
 * 'Unit'). Where the name ends is unknown: none. Of the 31,469 distinct names the stored runs read, that one alone ends so.
 */
const PREMISES_LAST = /\s(?:unit|flat|apartment|apt|suite)\.?$/iu;

/**
 * A name in small letters and capitals whose last word starts with a small letter: a surname's capital lost ('Mr and Mrs
 * Ní hriain' for Ní Bhriain: fresh seed 2711752841, file 561, a table photo; 'Noah wilson') or a word split or run
 * together ('Siobhán Garc ía', 'Renée delaCruz', 'OscarF french'). A particle (de, van, ap, ní) stands before the surname,
 * never last; a company's suffix in small letters (plc, co, ltd, llp) may. The six names so read in the 43,390 of the
 * stored runs (the bench reports kept on this machine) were all wrong.
 */
const SMALL_LAST = /^(?=.*\p{Ll}).*\s(?!(?:plc|co|ltd|llp)\.?$)\p{Ll}[\p{L}'’.-]*$/u;

/**
 * A name whose last word ends in a capital run on after small letters: the first letter of a word the reading lost, the gap
 * before it lost too ('CeilidhSuppliesL' for Ceilidh Supplies Ltd: run F, SEED=2548624490, file 1862, a flattened PDF). No
 * name ends so: an initial stands before the surname, apart. Of the 43,864 distinct names the stored runs read, it is the
 * only one.
 */
const CUT_AFTER_CAPITAL = /\p{Ll}\p{Lu}\.?$/u;

/**
 * A letter, then two or more runs of two or three capitals, and nothing else: a name printed letter-spaced and read in
 * pieces, its first letter misread ('M EN SAH' for I Mensah: fresh seed 969544535, file 2900, a 200 DPI scan). Of the
 * stored runs' 20,300 distinct names only that one is so shaped. A name truly so printed ('A NG LEE') is lost: a miss.
 */
const LETTER_PIECES = /^\p{Lu}\.?(?:\s\p{Lu}{2,3}){2,}$/u;

/**
 * One word of one or two letters: no whole name, a person's or a shop's, is so short. A logo's letters or a speck read as
 * the name ('Ll' of a routing label's 'Ll l' given as its sender, which routing labels do not print: fresh seed 770422545,
 * file 1210, a flattened PDF). One of the 135,604 names the stored runs read is so shaped, and it is that one.
 */
const TWO_LETTERS_ALONE = /^\p{L}{1,2}\.?$/u;

/**
 * A recipient's heading run into the name, its gap lost: 'Deliverlo H NAKAMURA' (Deliver to, its t read l: run F,
 * SEED=2548624490, file 3367, a 200 DPI scan), "TOMISS MORAG O'BRIEN" ('TO' over 'MISS…' read as one word: file 1384,
 * a 240 DPI photo), 'DeliverToAoifeÓ Súilleabháin'. No name starts with 'Deliver' or with 'To' glued to a title: the four
 * distinct names of the 129,453 the stored runs read that do are all these, all wrong. None (the heading's words cannot
 * be told from the name's when OCR read them as one).
 */
const RUN_IN_HEADING = new RegExp(String.raw`^(?:deliver\p{L}*|to(?:${ABBREVIATED_TITLES.join("|")})\.?)(?=\s|$)`, "iu");

/**
 * A contact's, a sender's or a recipient's heading first, then the name, read as one line: 'FromF.Fraser' (a sender's
 * heading run into the name, taken for the recipient: gate a31e7c6, a 300 DPI photo), 'FAOH.Cooper' (an FAO line run
 * together, taken for a company's recipient: gate 2585763299, a 200 DPI photo), 'FAOIsla Morgan', 'FAO Aoife García' (the
 * contact under a company taken for it), 'TO PROF SØREN DOHERTY'. Glued, the heading in small letters before a capital,
 * or in capitals before an initial and its stop or a word in small letters ('Faolan', 'FAOLAN', 'TOMASZ' and 'Toby' stay);
 * spaced, 'FAO' or 'Attn' in any case, 'From' or 'To' before an initial or a title. Of the ~34,000 distinct names the
 * stored runs read, the four that match are those four, all wrong. None: whose name follows is not sure (a contact's is
 * not the company's).
 */
const HEADING_FIRST = [
  /^(?:From|Fao|Attn|To|Sender)\p{Lu}/u,
  /^(?:FAO|FROM|ATTN|SENDER)\p{Lu}(?:\.|\p{Ll})/u,
  // (In capitals before an initial run into a surname in small letters: 'SENDERARoberts' for A Roberts under 'SENDER', taken
  // for the sender: fresh seed 1333315663, file 2169, a 240 DPI table photo.)
  /^(?:FAO|FROM|ATTN|SENDER)\p{Lu}\p{Lu}\p{Ll}/u,
  // (A sender's heading run into a name in capitals, five letters or more after it: 'FROMMAGPIESILVER LTD' for Magpie Silver
  // Ltd, the gap after FROM lost: CI rehearsal ci-135's gate, SEED=3071159601, file 323, a 300 DPI photo. 'FROMM', a
  // surname, stays; a shop so named in capitals, 'FROMAGERIE', is none: a miss.)
  /^(?:FROM|SENDER)\p{Lu}{5}/u,
  /^(?:fao|attn)[\s:.]+\S/iu,
  // ('From' or 'To' spaced only before an initial or a title: a shop may be called 'From Scratch'.)
  new RegExp(String.raw`^(?:From|FROM|To|TO)[\s:.]+(?:\p{Lu}\.?\s|(?:${TITLES_EITHER_CASE})\b)`, "u"),
];

/**
 * A courier's routing words run together in capitals with others ('HUBHERMESCOU-PNXTNEXTDAY', an Evri routing label's
 * header given as the sender where the label prints none: run F, SEED=1598520224, a flattened PDF): a carrier's or a
 * route's word (vocabulary.ts CARRIER_NAMES, CARRIER_NETWORKS) three letters or more short of a longer run of capitals. A
 * name that is such a word with a letter or two ('EVRIM', a first name) is left; no name holds 'HERMES' run into other capitals.
 */
const routingRunTogether = (t: string) =>
  t.split(/\s+/).some((w) => {
    const letters = w.replace(/-/g, "");
    return /^\p{Lu}+$/u.test(letters) && CARRIER_WORDS.some((c) => letters.length >= c.length + 3 && letters.includes(c));
  });
/** The carriers' names and networks of four letters or more as run together in capitals ('ROYALMAIL', 'COUPNXT'). */
const CARRIER_WORDS = [...CARRIER_NAMES, ...CARRIER_NETWORKS].map((c) => c.toUpperCase().replace(/[^A-Z]/g, "")).filter((c) => c.length >= 4);

/**
 * A c/o line run into the name under it, its stroke read as a letter ('CIOGARETHJONES ZOËHILL' for ZOË HILL under 'C/O
 * GARETH JONES': fresh seed 1333315663, file 2927, a 400 DPI photo), or into the name over it ('ZSÓFIABRONTË CIOWEICHOWDHURY':
 * run F, SEED=1598520224): whose name it is is not sure. Spaced, or glued before a run of eight capitals or more
 * ('CIOFFI', a surname, stays; so does a 'CIO' ending a name, a job's title).
 */
const CARE_OF_INSIDE = /(?:^|\s)[Cc][/Il1|][Oo0](?:\s+\S|\p{Lu}{8})/u;

/**
 * One word, a capital and small letters, that is an address's by its ending or a department's ('Beechwood', 'Glenview',
 * 'Reception'): the house's line taken for the name, the name's line lost or left out of the block ('Deliver to:' / "Sophie
 * D'Arc" / a company's line in small type read as debris / 'Beechwood' / '35 Cromwell Parade': run F, SEED=2548624490, file
 * 3271, a 200 DPI table photo whose recipient was given as 'Beechwood'; run E's sender 'Beechwood', file 3669). Of the
 * 34,044 distinct names the stored runs read, the one so shaped is 'Beechwood' (8 times, all wrong); a name run together in
 * capitals or with its capital ('DANIELWOOD', 'InésWood': right, gaps aside) is not so shaped.
 */
const houseByItsEnding = (t: string) => /^\p{Lu}\p{Ll}+$/u.test(t) && isOneWordAddress(t);

/**
 * One short word and a number, nothing else: a flat's or a unit's line, its word misread ('Fiat 10' for Flat 10, taken
 * for the sender's name: rehearsal ci-100's gate, SEED=2686594078, file 43, a 150 DPI scan). Of the 123,810 names the
 * stored reports hold, none is so shaped.
 */
const WORD_AND_NUMBER = /^\p{L}{2,6}\.?\s+\d{1,4}\p{L}?$/u;

/**
 * A house's word run into the word before it, its gap lost between a small letter and its capital ('The OldRectory' for
 * the recipient Noah MacLeod: rehearsal ci-99's gate, SEED=3180838037, file 296, a 300 DPI photo; 'FERNLODGE' alone is
 * name-lines.ts's). No surname or shop ends so: of the 34,244 distinct names the stored runs read, none is so shaped
 * ('Priya's Bakehouse' is a shop's word, not run in).
 */
const HOUSE_RUN_IN = /\p{Ll}(?:Lodge|Cottage|Farm|Farmhouse|Barn|Manor|Rectory|Vicarage|Granary|Bungalow|Grange)$/u;

/**
 * A sender's heading inside the name, before an initial or a title: the sender's block run on into the recipient's
 * ('Tidewater Engineering & Co FROM G MORRIS': gate 3856939004, a 150 DPI photo): 'FROM' or 'SENDER' in capitals, or with its
 * colon. A shop's name may hold 'From' ('Gifts From Wales'), not so set before an initial or a title; none of the 34,215
 * distinct names the stored runs read does.
 */
const SENDER_HEADING_INSIDE = new RegExp(String.raw`\s(?:FROM|SENDER|From:|Sender:)\s+(?:\p{Lu}\.?\s|(?:${TITLES_EITHER_CASE})\b)`, "u");

/**
 * A first word of a capital, one small letter and a stop that is no title ('Cc. Kaur' for C. Kaur: fresh seed 740915671,
 * file 3214, a 203 DPI thermal print, both English readings alike and the Latin 'C. Kaur' one letter off, given so): an
 * initial read with a letter more. No given name is written so; of the stored runs' 23,969 distinct names only that one
 * starts so (the others with a word so shaped are titles, or end in 'Co.'). A saint's 'St.' starts names ('St. Clair').
 */
const initialMisread = (t: string) => {
  const [first, ...rest] = t.split(" ");
  return rest.length > 0 && /^\p{Lu}\p{Ll}\.$/u.test(first) && !TITLE_WORD.test(first) && first !== "St.";
};

/**
 * A house's number, then a gap and words: a street's line read as the name, the name's own line lost ('42 Union Hil' over 'W1D 5NU'
 * for S. Robinson's sender block: rehearsal seed 3664600431, file 355, a 203 DPI thermal print). Every name of the stored
 * runs' 23,900 that so starts is wrong ('40 YorkParade', '1 Ní Bhriain'). A shop truly named so ('3 Little Birds') is lost
 * on images: a miss. Text layers keep it. (A figure run into a word is no house number: '3D Prints'.)
 */
const HOUSE_NUMBER_FIRST = /^\d+\s/u;

/**
 * A street's line whose number OCR ran into the first word ('19BRIDGE DRIVE', taken for the recipient's name, the name's
 * line lost: run F, SEED=1598520224, a photo): with the gap put back it is a street. A shop whose name starts with a
 * figure run into a word is no street ('3D Prints', '7Seas Crafts'). (A Welsh or Gaelic house's name, 'TY NEWYDD', the same
 * run's other such value, is no name either: ocr-job noNameShape asks name-lines.ts isCelticHouse. 'Ty' is a first name
 * too, rare in the UK: a miss, never a house given as the name.)
 */
function streetNumberGlued(t: string): boolean {
  const glued = t.match(/^(\d+)(\p{L}{3,}.*)$/u);
  return glued !== null && isStreetLine(`${glued[1]} ${glued[2]}`);
}

/**
 * A Polish first name with an ł, its ł read as a t by both models ('Matgorzata' for Małgorzata: bench/outside seed
 * 85369019, files 134 and 198, a 200 DPI and a 300 DPI scan, given so): the bar across the l is the t's. Which was printed,
 * Małgorzata or Malgorzata (both are written in the UK), is not known: none. Only the commonest names with an ł
 * (vocabulary.ts STROKED_L_NAMES). Of the ~28,000 distinct names the stored runs read, three hold such a word, all
 * 'Matgorzata' and all wrong. (Where the Latin reading gives the ł, the name is taken with it: ocr/agree.ts strokesFromLatin.)
 */
const strokeReadT = (name: string) => name.toLowerCase().split(/[^\p{L}]+/u).some((w) => T_FOR_STROKED_L.has(w));

/**
 * A letter read three times, its capital between two of its small letters ('GwenlLlian Morris' for Gwenllian: run D,
 * SEED=2845914634, file 3220, a 203 DPI thermal print): OCR's reading of a double letter, one stroke read as a capital. No
 * name is so spelt (a capital inside a name follows another letter: 'McCarthy', 'DiIorio', 'MacLeod'); of the ~28,000
 * distinct names the stored runs read, it is the only one so shaped. (A small letter before its own capital alone is a
 * whole name run together, 'IslaAhmed', 'MissSKhan': not this.) None: which letters were printed is not known.
 */
const letterTwiceInCase = (name: string) =>
  [...name.matchAll(/(?=(\p{Ll})(\p{Lu})\1)/gu)].some((m) => m[2].toLowerCase() === m[1]) ||
  // Or its capital first, then two of its small letters, inside a word ('Mr GwenLllian Hall': fresh seed 295051100, file
  // 364, a 96 DPI screenshot): no word holds a letter three times; none of the 43,864 distinct names the stored runs read does so.
  [...name.matchAll(/(?<=\p{Ll})(\p{Lu})(?=(\p{Ll})\2)/gu)].some((m) => m[1].toLowerCase() === m[2]);

/**
 * A name's last word read twice ('Niamh Baker Baker': fresh seed 2711752841, file 477, a table photo; two of Tesseract's
 * lines over one printed line). Only at the end: a first name given twice is printed so ('Kwame Kwame Martin', 'HARRY
 * HARRY D'ARCY': nine such right names in 32,075 stored readings, none doubled at its end). Three letters or more.
 */
const DOUBLED = /(?:^|\s)(\p{L}{3,})\s+\1$/iu;

/**
 * A piece of the label's own tracking code read as a name ('ZW 1886' of ZW188650465GB printed by its barcode, taken as
 * the sender of a flattened PDF that prints none: fresh seed 2711752841, file 942): letters and digits, gaps and stops
 * left out, that the code holds.
 */
function pieceOfCode(name: string, code: string | undefined): boolean {
  const run = name.replace(/[\s.-]/g, "").toUpperCase();
  return Boolean(code) && run.length >= 4 && /\d/.test(run) && code!.toUpperCase().includes(run);
}

/**
 * Twenty letters or more with no gap, an '&' or a bracket counted as a letter ('HAZEL&HIVEOUTDOORLTD': gate seed 759984494,
 * file 326, a flattened PDF; 'SALTMARSHOUTDOOR(UK)LTD': fresh seed 1011379100): words run together, and OCR's guess at
 * where their gaps were is no name.
 */
const GLUED = /[\p{L}&()]{20,}/u;

/**
 * The details with each name read as a glued run (GLUED) spaced from the page's ink first (ocr/gaps.ts spacedFromInk), before
 * plausibleOnly gives such a run as none: a photo's reading loses word gaps the ink still shows (names of 20 letters or more
 * drawn spaced as the face spaces them or a little tight, read run together: 7 to 16 of 24 spaced back, none wrong, over 12
 * fresh seeds of test/worker/ocr-gaps.test.ts). The gaps are the ink's, not a guess; where the ink cannot tell, the run stays
 * and is none as before. A name printed run together ('LARKSPURVINTAGELIMITED' on a legacy despatch label: fresh seed
 * 2942110715, file 662) shows no gap to put back, and stays none. Every other name is spaced from the ink last, as it was
 * (readLabelPage), so their readings are unchanged.
 */
export function gluedSpacedFromInk(d: LabelDetails, lines: readonly TextLine[], page: Grey): LabelDetails {
  return renamed(d, ADDRESS_KEYS, (a) => {
    if (!GLUED.test(a.name)) return a.name;
    const spaced = withGapsFromInk({ ...d, address: a }, lines, page).address?.name ?? a.name;
    // In a name in small letters, every word the ink parted starts with a capital or an '&': a gap put back before a small
    // letter is one between two letters of a word ('MoragD oherty Crafts Limited', a 150 DPI Times-Roman drawn in
    // test/worker/ocr-gaps.test.ts, SEED=3623293632), and the run stays as read.
    const parted = spaced.split(" ").filter((w) => !a.name.split(" ").includes(w));
    return /\p{Ll}/u.test(a.name) && parted.some((w) => !/^(?:\p{Lu}|&)/u.test(w)) ? a.name : spaced;
  });
}

/**
 * A name OCR read with its gaps lost, its words told apart by their capitals, the gaps put back ('BrambleCraftsLimited' for
 * Bramble Crafts Limited, 'Wren&IvyOutfittersLimited': run E, SEED=76423947, files 3857 and 3085, a 300 DPI table photo and
 * a 300 DPI photo of a return address in small type, given as none by GLUED). Only where the name is a run of capitalised
 * words and '&' alone, two words or more, and every word of two letters or more is in the English model's word list
 * (`listed`): a letter misread in the run ('MoorlandkKnits') or a name in capitals alone ('COPPERKETTLESUPPLIES') is none,
 * as before. A name with a gap already, or with a capital inside a word a name may have ('McKenzie', 'MacLeod'), is as read.
 */
export async function unglued(name: string, listed: (word: string) => Promise<boolean> = isListedWord): Promise<string> {
  if (!GLUED.test(name) || /\s/u.test(name) || !/^(?:\p{Lu}\p{Ll}+|&)+$/u.test(name)) return name;
  const words = name.match(/\p{Lu}\p{Ll}+|&/gu) ?? [];
  if (words.filter((w) => w !== "&").length < 2) return name;
  for (const w of words) if (w !== "&" && (w.length < 2 || !(await listed(w.toLowerCase())))) return name;
  return words.join(" ");
}

/** The details with each glued name's gaps put back (unglued). */
async function withGapsBack(d: LabelDetails): Promise<LabelDetails> {
  const out = { ...d };
  for (const k of ADDRESS_KEYS) {
    const a = out[k];
    if (a?.name) out[k] = { ...a, name: await unglued(a.name) };
  }
  return out;
}

/**
 * A company's suffix run into the word before it ('Old Forge Dental PracticeLtd.', 'OUTDOORLTD'): no English word ends in
 * ltd, llp or plc, so the gap is put back. The name is right otherwise (recall3 counted 99 stored readings of the kind).
 */
const GLUED_SUFFIX = /(\p{Lu}{3,}|\p{Ll}{2,})(LTD|Ltd|ltd|LLP|Llp|llp|PLC|Plc|plc)\b/gu;

/**
 * A sign no name is written with, or a digit inside a word: OCR's noise for a letter it could not read ('Grace
 * Adeye=i', 'Blue Heron S:pplies', 'Yusuf van de! Berg', 'Mr. 1Begum': fresh seed 3217537065, scans, photos and a
 * thermal print, where both readings of the line agreed); a small l, i or j standing alone, the stroke of a letter split
 * off its word ('We l Walker' for Wei Walker: fresh seed 3217537065, file 1618). Names hold letters, gaps, apostrophes, hyphens, stops,
 * commas, '&', '/', '+' and brackets; digits only apart from letters or before small ones ('2nd', '3D Prints').
 */
const NOISY = /[^\p{L}\p{N}\s'’.,&()/+-]|\d\p{Lu}\p{Ll}|\p{L}\d|\d\p{L}\d|(?:^|\s)[lij](?=\s|$)/u;

/**
 * The page with its barcodes' symbols painted white (the box zxing found each in, a twentieth of its side around it):
 * beside a Code128's bars and a Data Matrix, Tesseract's page layout now and then drops whole lines of clean type, the
 * recipient's among them ('SHIP TO:', 'JAMES WOOD', '190 QUAY ROW' and 'OX1 3QN' of a 200 DPI scan read as nothing, its
 * town and the sender's line read: fresh seed 258096912, file 2174; the name's and the street's lines of files 1197 and
 * 1309, a 200 DPI scan and a flattened PDF, and seed 3930571097, file 1774). With the symbols painted out, the same
 * page reads whole. Their codes are read already (the barcodes); the digits printed under them are not painted out.
 */
function withoutSymbols(grey: Grey, barcodes: Barcode[]): Grey {
  const data = new Uint8Array(grey.data);
  for (const { box } of barcodes) {
    const pad = Math.round(0.05 * Math.max(box.w, box.h));
    const [x0, y0] = [Math.max(0, Math.floor(box.x - pad)), Math.max(0, Math.floor(box.y - pad))];
    const [x1, y1] = [Math.min(grey.width, Math.ceil(box.x + box.w + pad)), Math.min(grey.height, Math.ceil(box.y + box.h + pad))];
    for (let y = y0; y < y1; y++) data.fill(255, y * grey.width + x0, y * grey.width + x1);
  }
  return { ...grey, data };
}

/** A photo of a label lying on something, slanted or turned: its paper drawn again upright (ocr/quad.ts); null for anything else. */
function photographedPaper(pixmap: Pixmap, grey: Grey): Grey | null {
  const quad = paperQuad(pixmap);
  if (!quad) return null;
  const [sx, sy] = [grey.width / pixmap.width, grey.height / pixmap.height];
  const paper = rectifiedPaper(grey, quad.map(([x, y]) => [x * sx, y * sy]));
  return paper && evenLight(paper);
}

/** The paper made ready for Tesseract (about 300 DPI, turned by `quarters`, levelled, reversed boxes inverted) and its resolution. */
function forOcr(paper: Grey, quarters: number): { upright: Grey; dpi: number } {
  const { grey, dpi } = atOcrResolution(paper, printDpi(paper.width, paper.height), OCR_LIMITS.maxOcrSide);
  return { upright: invertReversedBoxes(levelled(rotateGrey(grey, quarters))), dpi };
}

type Reading = Awaited<ReturnType<typeof interpret>>;

/** One OCR reading of the page -> lines (text beside a logo and misread postcodes read again) -> the courier parser. */
async function interpret(ocr: OcrResult, image: Grey, dpi: number, barcodes: Barcode[]) {
  // Pieces of the tracking code read as postcodes anchor no block (ocr/postcode.ts).
  const code = parseLabel({ lines: [], barcodes })?.trackingCode;
  let lines = withoutCodePieces(await rereadLost(await rereadPostcodes(await rereadBesideLogo(ocrLines(ocr.words), image, dpi), image, dpi), image, dpi), code);
  let details = parseLabel({ lines, barcodes });
  // No recipient postcode read (the block is found by it, so the name is lost too): postcodes misread further (ocr/postcode.ts).
  if (!details?.address?.postcode) {
    const fixed = withoutCodePieces(await loosePostcodes(lines, image, dpi), code);
    const again = fixed.some((l, i) => l !== lines[i]) ? parseLabel({ lines: fixed, barcodes }) : null;
    if (again?.address?.postcode && (!details || again.trackingCode === details.trackingCode)) [lines, details] = [fixed, again];
  }
  // The 2D code names the recipient's postcode and no block was found by it: its line misread further (codedPostcodeLines).
  const coded = details?.fieldSources?.address === "barcode" ? details.address?.postcode : null;
  if (coded) {
    const fixed = codedPostcodeLines(lines, coded);
    const again = fixed !== lines ? parseLabel({ lines: fixed, barcodes }) : null;
    if (again?.fieldSources?.address === "text" && again.trackingCode === details!.trackingCode && again.address?.postcode === coded) [lines, details] = [fixed, again];
  }
  return { lines, details, meanConf: ocr.meanConf, image, dpi, words: ocr.words };
}

/**
 * A reading that gives the barcodes' own code, a recipient postcode (one that can exist) and name is plausible. A name
 * is printed with a capital; one in lower case ('tah', 'cer') is OCR's noise, and a reading that
 * gives one is no better for it.
 */
const PLAUSIBLE = 5;
function plausibility(d: LabelDetails | null, known: string | null): number {
  if (!d) return 0;
  return 1 + (!known || d.trackingCode === known ? 2 : 0) + (isRealPostcode(d.address?.postcode ?? "") ? 1 : 0) + (/^\p{Lu}/u.test(d.address?.name ?? "") ? 1 : 0);
}

const isEmpty = (v: unknown) =>
  v === null || v === undefined || v === "" || (Array.isArray(v) && v.length === 0);

/** A name read in lower case ('tah', 'cer', 'vanes') or with no capital at all ('28) ae'): OCR's noise, not a name, which is printed with a capital. */
const ocrNoiseName = (name: string | undefined) => /^\p{Ll}/u.test(name ?? "") || !/\p{Lu}/u.test(name ?? "");

function fillAddress(known: Address | null | undefined, read: Address | null | undefined): Address | null | undefined {
  if (!read) return known;
  if (!known) return ocrNoiseName(read.name) ? { ...read, name: "" } : read;
  return {
    ...known,
    name: known.name || (ocrNoiseName(read.name) ? "" : read.name),
    address: known.address?.length ? known.address : read.address,
    postcode: known.postcode || read.postcode,
    countryCode: known.countryCode || read.countryCode,
  };
}

/** Never taken from OCR: the identity of the label and what only the barcodes carry. */
const KEPT_KEYS = new Set(["courier", "trackingCode", "tracking", "encodedMetadata", "additionalContent", "fieldSources"]);

/** The detail keys behind each field whose source is recorded. */
const SOURCED: [SourcedField, (d: LabelDetails) => unknown][] = [
  ["address", (d) => d.address?.name || d.address?.address?.length],
  ["fromAddress", (d) => d.fromAddress?.name || d.fromAddress?.address?.length],
  ["returnAddress", (d) => d.returnAddress?.name || d.returnAddress?.address?.length],
  ["service", (d) => d.serviceCode || d.classId],
  ["weightInGrams", (d) => d.weightInGrams],
];

/** The detail keys a correction of each field sets (labels/corrections.ts). */
const CORRECTED_KEYS: Record<SourcedField, string[]> = {
  trackingCode: ["trackingCode"],
  address: ["address"],
  fromAddress: ["fromAddress", "sendAddress"],
  returnAddress: ["returnAddress"],
  service: ["serviceCode", "classId", "isNextDay"],
  weightInGrams: ["weightInGrams"],
};

/**
 * What OCR read fills only what the barcodes left empty; address blocks are filled field by field.
 * A name read in lower case is noise and fills nothing: no name is better than a wrong one. A field the
 * seller corrected while the label was being read is theirs, even cleared: the reading fills none of it.
 */
export function fillDetails(known: LabelDetails, read: LabelDetails): LabelDetails {
  const corrected = Object.entries(known.fieldSources ?? {}).flatMap(([f, source]) => (source === "user" ? (CORRECTED_KEYS[f as SourcedField] ?? []) : []));
  const theirs = new Set([...KEPT_KEYS, ...corrected]);
  const out: Record<string, unknown> = { ...known };
  for (const [k, v] of Object.entries(read)) {
    if (theirs.has(k) || (ADDRESS_KEYS as readonly string[]).includes(k) || isEmpty(v)) continue;
    if (isEmpty(out[k])) out[k] = v;
  }
  for (const k of ADDRESS_KEYS) {
    if (theirs.has(k)) continue;
    const filled = fillAddress(known[k], read[k]);
    if (filled !== undefined) out[k] = filled;
  }
  // A field OCR filled (empty before, set now) says so.
  const merged = out as unknown as LabelDetails;
  const sources = { ...(known.fieldSources ?? {}) };
  for (const [field, value] of SOURCED) if (isEmpty(value(known) || null) && !isEmpty(value(merged) || null)) sources[field] = "ocr";
  merged.fieldSources = sources;
  return merged;
}

/** A problem with the file itself: retrying cannot help, the label ends as 'failed'. */
const isPermanent = (err: unknown) => err instanceof ImportError || err instanceof PdfiumError || err instanceof OcrEngineError;

/**
 * The `label.ocr` queue job. Returns normally when the label is done, failed or no longer waits for
 * OCR (deleted, re-imported with a text layer); throws on D1/R2 errors so the message is retried.
 */
export async function runLabelOcrJob(env: Pick<Env, "FILES" | "JOBS">, db: Db, labelId: string): Promise<void> {
  const row = await db.query.labels.findFirst({ where: eq(labels.id, labelId) });
  if (row?.ocrStatus !== "pending") return;
  const file = row.fileId ? await db.query.labelFiles.findFirst({ where: eq(labelFiles.id, row.fileId) }) : undefined;
  if (!file) return finish(env, db, row, null, "the label has no stored file");
  const obj = await env.FILES.get(file.r2Key); // throws on R2 errors: retried
  if (!obj) return finish(env, db, row, null, `original missing from R2 (${file.r2Key})`);
  const bytes = new Uint8Array(await obj.arrayBuffer());

  let reading: LabelReading;
  try {
    reading = await readLabelPage(await labelPixels(bytes, row.filePage ?? 1));
  } catch (err) {
    if (!isPermanent(err)) throw err;
    return finish(env, db, row, null, String((err as Error).message ?? err));
  }
  log("info", "label ocr", {
    labelId,
    ms: reading.ms,
    passes: reading.passes,
    quarters: reading.quarters,
    meanConf: Math.round(reading.meanConf),
    parsed: Boolean(reading.details),
  });
  const sameLabel = reading.details && reading.details.trackingCode === row.trackingCode && reading.details.courier === row.courier;
  if (!sameLabel) return finish(env, db, row, null, "the OCR text did not read as this label");
  // The seller's own shop name puts right a sender's name OCR misread by a letter or two (ocr/names.ts ownSender).
  const [owner] = await db.select({ companyName: users.companyName }).from(users).where(eq(users.id, row.userId)).limit(1);
  return finish(env, db, row, ownSender(reading.details!, owner?.companyName), null);
}

/** Stores the outcome through the save path (labels/save.ts saveLabelReading): details filled in and 'done', or 'failed'. */
async function finish(env: Pick<Env, "JOBS">, db: Db, row: LabelRow, read: LabelDetails | null, failure: string | null): Promise<void> {
  if (failure) log("warn", "label ocr failed", { labelId: row.id, reason: failure });
  await saveLabelReading(db, env, row, read && ((known) => fillDetails(known, read)));
}

/**
 * The queue gave up on a label's OCR (its last retry failed, the message goes to the dead-letter
 * queue): mark it 'failed' so the screen stops saying it is still being read. Its barcode fields stay.
 */
export async function giveUpLabelOcr(env: Pick<Env, "JOBS">, db: Db, labelId: string): Promise<void> {
  const row = await db.query.labels.findFirst({ where: eq(labels.id, labelId) });
  if (row) await saveLabelReading(db, env, row, null);
}
