import { FontNames } from "@pdf-lib/standard-fonts";
import { StandardFontEmbedder } from "pdf-lib";
import { labelPrintContent, type LabelPrintContent } from "../../shared/print-content";
import { CODE128_HEIGHT_DOTS, CODE128_QUIET, PDF417_QUIET, code128, pdf417 } from "./barcodes";
import { LeftOutError, prepareEach, type PrintItem, type PrintedFile } from "./select";
import { capped, wrapAll, type LabelText, type Measure } from "./wrap";

/**
 * ZPL II for Zebra-type thermal printers: one ^XA…^XZ format per label, 4x6 in at 203 dpi (812 x 1218 dots), the
 * same content as the PDF (a carrier's original as a graphic). The printer draws the barcodes itself (^BC Code128 of the tracking code, ^B7 PDF417 of
 * the 2D payload) at the module widths the PDF uses (barcodes.ts). Text is UTF-8 (^CI28); every field's data goes
 * through ^FH so '^' and '~' in an address cannot start a command.
 */

const WIDTH = 812;
const HEIGHT = 1218;
const MARGIN = 30;

/** Field data with ^FH_ escapes: '_', '^' and '~' as _5F, _5E, _7E; line breaks as spaces. */
export function zplField(text: string): string {
  return `^FH_^FD${text.replace(/[\r\n]+/g, " ").replace(/[_^~]/g, (ch) => `_${ch.charCodeAt(0).toString(16).toUpperCase()}`)}^FS`;
}

const textAt = (x: number, y: number, size: number, text: string) => `^FO${x},${y}^A0N,${size},${size}${zplField(text)}`;
/** A line centred across the label (a one-line field block as wide as the label). */
const centredText = (y: number, size: number, text: string) => `^FO0,${y}^A0N,${size},${size}^FB${WIDTH},1,0,C${zplField(text)}`;

/**
 * Font 0's advance widths are not published glyph by glyph; it is a bold condensed sans, so Helvetica Bold's (wider)
 * bound them from above: a line measured with these never runs past its block. A character outside WinAnsi is
 * measured as a 'W', the widest.
 */
const BOUND = StandardFontEmbedder.for(FontNames.HelveticaBold);
const measurable = (text: string) => [...text.normalize("NFC")].map((ch) => (BOUND.encoding.canEncodeUnicodeCodePoint(ch.codePointAt(0)!) ? ch : "W")).join("");
const measureAt = (size: number): Measure => (text) => BOUND.widthOfTextAtSize(measurable(text), size);

/** Text sizes (dots) tried for the blocks and the facts line, largest first; a line takes its size and 4 dots. */
const TEXT_SIZES = [24, 22, 20, 18];
const GAP = 16;
const BLOCK_TOP = 42;
const blockHeight = (rows: number, size: number) => BLOCK_TOP + 4 + Math.max(1, rows) * (size + 4);

/** A bordered block with its heading and lines, `rows` lines high (side-by-side blocks share one height). */
function block(x: number, y: number, w: number, heading: string, shown: string[], rows: number, size: number): { zpl: string[]; height: number } {
  // Each line is a one-line field block as wide as the block: were the bound ever short, a line is cut at the
  // block's edge, never run into the next block.
  const lines = shown.map((line, i) => `^FO${x + 12},${y + BLOCK_TOP + i * (size + 4)}^A0N,${size},${size}^FB${w - 24},1,0,L${zplField(line)}`);
  return { zpl: [`^FO${x},${y}^GB${w},${blockHeight(rows, size)},3^FS`, textAt(x + 12, y + 12, 22, heading), ...lines], height: blockHeight(rows, size) };
}

const HALF = (WIDTH - 2 * MARGIN - GAP) / 2;
const INNER = WIDTH - 2 * MARGIN;

function zplText(content: LabelPrintContent, size: number): LabelText {
  const measure = measureAt(size);
  const from = wrapAll(content.from, HALF - 24, measure);
  const to = wrapAll(content.to, HALF - 24, measure);
  const van = wrapAll(content.vanRouting ? [content.vanRouting] : [], INNER - 24, measure);
  const facts = wrapAll(content.facts.length ? [content.facts.join("   ")] : [], INNER, measure);
  const height =
    blockHeight(Math.max(from.lines.length, to.lines.length), size) +
    GAP +
    (van.lines.length ? blockHeight(van.lines.length, size) + GAP : 0) +
    facts.lines.length * (size + 4);
  const broken = from.broken || to.broken || van.broken || facts.broken;
  return { size, from: from.lines, to: to.lines, van: van.lines, facts: facts.lines, height, broken };
}

/**
 * The blocks' text at the largest size whose wrapped lines fit the room above the barcodes (as the PDF does); past
 * the smallest size (far beyond real addresses), the van and facts keep two lines each and the addresses are cut
 * to the room, the last line kept ending in '…'.
 */
function fittedText(content: LabelPrintContent, room: number): LabelText {
  for (const size of TEXT_SIZES) {
    const text = zplText(content, size);
    if (text.height <= room && (!text.broken || size === TEXT_SIZES[TEXT_SIZES.length - 1])) return text;
  }
  const text = zplText(content, TEXT_SIZES[TEXT_SIZES.length - 1]);
  const line = text.size + 4;
  const van = capped(text.van, 2);
  const facts = capped(text.facts, 2);
  const below = facts.length * line + (van.length ? blockHeight(van.length, text.size) + GAP : 0);
  const rows = Math.max(1, Math.floor((room - below - GAP - BLOCK_TOP - 4) / line));
  return { ...text, from: capped(text.from, rows), to: capped(text.to, rows), van, facts };
}

/** One label's ZPL format. */
export function labelZpl(content: LabelPrintContent): string {
  const out = ["^XA", "^CI28", `^PW${WIDTH}`, `^LL${HEIGHT}`, "^LH0,0"];
  let y = MARGIN;
  if (content.companyName) {
    out.push(centredText(y, 32, content.companyName));
    y += 38;
  }
  if (content.companyTagline) {
    out.push(centredText(y, 24, content.companyTagline));
    y += 30;
  }
  y += 10;

  // Bottom up: the tracking code, its Code128, the PDF417 above; the text gets the room left above them.
  const bars = code128(content.code128, WIDTH);
  const codeTextY = HEIGHT - MARGIN - 34;
  const barsY = codeTextY - 10 - CODE128_HEIGHT_DOTS;
  const symbol = pdf417(content.pdf417, WIDTH, HEIGHT / 2);
  const rowHeight = 3 * symbol.dots;
  const symbolY = barsY - 24 - symbol.rows.length * symbol.dots;

  const text = fittedText(content, symbolY - GAP - y);
  const rows = Math.max(text.from.length, text.to.length);
  const from = block(MARGIN, y, HALF, "FROM", text.from, rows, text.size);
  const to = block(MARGIN + HALF + GAP, y, HALF, "TO", text.to, rows, text.size);
  out.push(...from.zpl, ...to.zpl);
  y += from.height + GAP;
  if (text.van.length) {
    // Across the label, as in the PDF: a routing line such as 'VAN: 412 DROP: 17 C-ROUND 7123' fits whole.
    const van = block(MARGIN, y, INNER, "VAN ROUTING", text.van, text.van.length, text.size);
    out.push(...van.zpl);
    y += van.height + GAP;
  }
  for (const line of text.facts) {
    out.push(textAt(MARGIN, y, text.size, line));
    y += text.size + 4;
  }

  const x417 = Math.max(PDF417_QUIET * symbol.dots, Math.round((WIDTH - symbol.cols * symbol.dots) / 2));
  // ^B7 orientation, row height (dots), security level (0: the printer chooses), data columns; rows chosen by the printer.
  out.push(`^FO${x417},${symbolY}^BY${symbol.dots}^B7N,${rowHeight},0,${symbol.dataColumns},,N${zplField(content.pdf417)}`);
  const x128 = Math.max(CODE128_QUIET * bars.dots, Math.round((WIDTH - bars.modules * bars.dots) / 2));
  out.push(`^FO${x128},${barsY}^BY${bars.dots}^BCN,${CODE128_HEIGHT_DOTS},N,N,N,A${zplField(content.code128)}`);
  out.push(centredText(codeTextY, 34, content.code128));
  out.push("^XZ");
  return out.join("\n");
}

/**
 * Every label's format, one after another: labels we print drawn by the printer, a carrier's original as a graphic
 * (zpl-graphic.ts; `files` holds the originals' bytes by R2 key). A label whose original cannot be read or whose
 * barcodes cannot be drawn in spec is left out (`leftOut`).
 */
export async function buildLabelsZpl(items: PrintItem[], files: Map<string, Uint8Array>): Promise<PrintedFile<string>> {
  const { ready, leftOut } = await prepareEach(
    items,
    (item) => item.label,
    async (item) => {
      if (item.kind === "drawn") return labelZpl(labelPrintContent(item.label));
      // The readers (PDFium, the image decoders) load only when there is an original to print.
      const { originalZpl } = await import("./zpl-graphic");
      const bytes = files.get(item.r2Key);
      const graphic = bytes ? await originalZpl(bytes, item.page).catch(() => null) : null;
      if (!graphic) throw new LeftOutError("unreadable_original_file");
      return graphic;
    },
  );
  return { body: ready.length ? `${ready.map(([, format]) => format).join("\n")}\n` : "", printed: ready.length, leftOut };
}
