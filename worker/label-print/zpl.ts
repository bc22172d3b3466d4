import { labelPrintContent, type LabelPrintContent } from "../labels/print-content";
import { CODE128_HEIGHT_DOTS, CODE128_QUIET, PDF417_QUIET, code128, pdf417 } from "./barcodes";
import { LeftOutError, prepareEach, type PrintItem, type PrintedFile } from "./select";

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

const capped = (lines: string[], max: number) => (lines.length > max ? [...lines.slice(0, max - 1), `${lines[max - 1]} …`] : lines);
const blockHeight = (lines: number) => 20 + 26 + Math.max(1, lines) * 28;

/** A bordered block with its heading and lines, `rows` lines high (side-by-side blocks share one height). */
function block(x: number, y: number, w: number, heading: string, shown: string[], rows: number): { zpl: string[]; height: number } {
  const height = blockHeight(rows);
  // One-line field blocks as wide as the block: a long line is cut at its edge, never run into the next block.
  const lines = shown.map((line, i) => `^FO${x + 12},${y + 42 + i * 28}^A0N,24,24^FB${w - 24},1,0,L${zplField(line)}`);
  return { zpl: [`^FO${x},${y}^GB${w},${height},3^FS`, textAt(x + 12, y + 12, 22, heading), ...lines], height };
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

  const half = (WIDTH - 2 * MARGIN - 16) / 2;
  const fromLines = capped(content.from, 8);
  const toLines = capped(content.to, 8);
  const rows = Math.max(fromLines.length, toLines.length);
  const from = block(MARGIN, y, half, "FROM", fromLines, rows);
  const to = block(MARGIN + half + 16, y, half, "TO", toLines, rows);
  out.push(...from.zpl, ...to.zpl);
  y += Math.max(from.height, to.height) + 16;
  if (content.vanRouting) {
    // Across the label, as in the PDF: a routing line such as 'VAN: 412 DROP: 17 C-ROUND 7123' fits whole.
    const van = block(MARGIN, y, WIDTH - 2 * MARGIN, "VAN ROUTING", [content.vanRouting], 1);
    out.push(...van.zpl);
    y += van.height + 16;
  }
  if (content.facts.length) out.push(textAt(MARGIN, y, 24, content.facts.join("   ")));

  // Bottom up: the tracking code, its Code128, the PDF417 above.
  const bars = code128(content.code128, WIDTH);
  const codeTextY = HEIGHT - MARGIN - 34;
  const barsY = codeTextY - 10 - CODE128_HEIGHT_DOTS;
  const symbol = pdf417(content.pdf417, WIDTH, HEIGHT / 2);
  const rowHeight = 3 * symbol.dots;
  const symbolY = barsY - 24 - symbol.rows.length * symbol.dots;
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
