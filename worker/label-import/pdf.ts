/**
 * The text layer of a PDF with positions (unpdf / pdf.js), grouped into reading lines per page.
 * Also where malformed, truncated and encrypted files are told apart, before anything else runs.
 */
import { getDocumentProxy, getResolvedPDFJS } from "unpdf";
import { ImportError } from "../lib/errors";
import type { DoubtfulLetters } from "./doubtful-letters";
import { type PdfRect, type PdfTextPart, sheetParts, unionRect } from "./sheet-parts";
import { groupLines, type TextLine, type TextWord } from "../label-reading/text";

export interface PdfPageText {
  /** Page size in points, after the page's /Rotate. */
  width: number;
  height: number;
  rotate: number;
  lines: TextLine[];
  /** Number of text items with visible characters. */
  chars: number;
  /**
   * Bounding box of the visible text items in PDF user space (points, y upwards, before /Rotate):
   * where the label sits on a larger sheet. Null when the page has no text layer.
   */
  textBox: PdfRect | null;
  /**
   * Labels side by side on one sheet (text in columns with a clear gutter between them): each
   * one's text box, lines and the band of the page it may grow into, in display order (left to
   * right). Empty for a page whose text does not fall apart that way.
   */
  parts: PdfTextPart[];
  /** Letters two glyphs of one font claim on this page, one of them falsely (doubtful-letters.ts); unset where none do. */
  doubtful?: DoubtfulLetters;
  /** The page's text items, their boxes and its view: the sheet is cut again on them once words run together are parted (glyph-spaces.ts). */
  items: { words: TextWord[]; boxes: PdfRect[]; view: number[] };
}

export interface PdfText {
  pageCount: number;
  pages: PdfPageText[];
}

interface PdfJsTextItem {
  str?: string;
  transform?: number[];
  width?: number;
  height?: number;
}

/** pdf.js loaded (once an isolate: its code is about 1 MB). */
export const loadPdfText = (): Promise<unknown> => getResolvedPDFJS();

/** Opens the PDF and reads the text of its first `maxPages` pages. Throws ImportError for bad files. */
export async function readPdfText(bytes: Uint8Array, maxPages: number): Promise<PdfText> {
  let doc: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // pdf.js takes ownership of (and detaches) the buffer it is given: hand it a copy.
    doc = await getDocumentProxy(bytes.slice(), {
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      stopAtErrors: true,
      verbosity: 0,
    } as never);
  } catch (err) {
    throw pdfOpenError(err);
  }
  try {
    const pageCount = doc.numPages;
    if (pageCount < 1) throw new ImportError(422, "This PDF has no pages.");
    if (pageCount > maxPages) {
      throw new ImportError(422, `This PDF has ${pageCount} pages; at most ${maxPages} labels can be imported from one file.`);
    }
    const pages: PdfPageText[] = [];
    for (let i = 1; i <= pageCount; i++) {
      const page = await doc.getPage(i);
      const [x0, y0, x1, y1] = page.view;
      const rotate = ((page.rotate % 360) + 360) % 360;
      const w = x1 - x0;
      const h = y1 - y0;
      const content = await page.getTextContent();
      const words: TextWord[] = [];
      const boxes: PdfRect[] = [];
      let box: PdfRect | null = null;
      for (const raw of content.items as PdfJsTextItem[]) {
        const str = raw.str && unspaced(raw.str.trim());
        if (!str || !raw.transform) continue;
        const [a, b, c, d, e, f] = raw.transform;
        // The type's height: (a, b) is its width, squeezed by horizontal scaling (Tz, as iText fits long lines).
        const size = Math.hypot(c, d) || Math.hypot(a, b) || raw.height || 1;
        words.push({ text: str, x: e - x0, y: f - y0, size, angle: Math.atan2(b, a), width: raw.width ?? 0 });
        boxes.push(itemBox(a, b, c, d, e, f, raw.width ?? 0));
        box = unionRect(box, boxes[boxes.length - 1]);
      }
      pages.push({
        width: rotate % 180 ? h : w,
        height: rotate % 180 ? w : h,
        rotate,
        lines: groupLines(words),
        chars: words.reduce((n, word) => n + word.text.length, 0),
        textBox: box,
        parts: sheetParts(words, boxes, rotate, page.view),
        items: { words, boxes, view: page.view },
      });
      page.cleanup();
    }
    return { pageCount, pages };
  } catch (err) {
    if (err instanceof ImportError) throw err;
    throw pdfOpenError(err);
  } finally {
    const d = doc as unknown as { destroy?: () => Promise<void>; cleanup?: () => Promise<void>; loadingTask?: { destroy?: () => Promise<void> } };
    await (d.loadingTask?.destroy ?? d.destroy ?? d.cleanup)?.call(d.loadingTask?.destroy ? d.loadingTask : d)?.catch(() => {});
  }
}

/**
 * The lines of a page that run to its edge along their baseline: pdf.js leaves out the glyphs that lie beyond the page's
 * view, so such a line may have lost its last letters, which the page does not show either. Run E's file 734 (a
 * pdf-lib text PDF) printed 'OAK & ANCHOR ACCOUNTANTS (UK) LTD' from 12 pt to 2.7 pt past a 288 pt page: the 'D' began
 * beyond the edge, and the name was read 'OAK & ANCHOR ACCOUNTANTS (UK) LT'. A line whose text item reaches within a word
 * space of the edge is one of these (labels keep a margin: text set against the page's edge is text that ran off it).
 */
export function linesAtEdge(page: PdfPageText): TextLine[] {
  const { words, boxes, view } = page.items;
  const out = new Set<TextLine>();
  words.forEach((w, k) => {
    const q = Math.round(w.angle / (Math.PI / 2));
    const b = boxes[k];
    // The edge its text runs to (left-aligned lines run off a page there; their starts keep the page's margin).
    const near = EDGE * w.size;
    const turn = ((q % 4) + 4) % 4;
    const atEdge = [b.right >= view[2] - near, b.top >= view[3] - near, b.left <= view[0] + near, b.bottom <= view[1] + near][turn];
    if (!atEdge) return;
    // The word's place in its reading frame, as groupLines puts it (text.ts).
    const a = q * (Math.PI / 2);
    const [c, s] = [Math.cos(a), Math.sin(a)];
    const [rx, ry] = [w.x * c + w.y * s, -(-w.x * s + w.y * c)];
    for (const l of page.lines) {
      if (Math.abs(l.y + l.size - ry) < 0.5 * l.size && rx >= l.x - 1 && rx <= l.x + (l.width ?? 0) + 1) out.add(l);
    }
  });
  return [...out];
}

/**
 * How near the page's edge a text item ends to have lost letters beyond it, in its type's size: a word after a space is
 * lost whole when it starts beyond the edge, and the item then ends a space's width inside it (a quarter of an em in
 * Helvetica, 0.6 in Courier).
 */
const EDGE = 0.65;

/**
 * Letter-spaced type (Tc, or a producer's spaced glyphs) reaches pdf.js's text with a space between
 * every letter ('L O N D O N'): a run of four or more single letters or digits is one word again.
 * Real single letters rarely come four in a row ('Mr A J K Smith' keeps its initials; a line's item holds more than them). Words of a
 * letter-spaced line run together ('D e l i v e r t o'): the text layer no longer says where the
 * word space was.
 */
function unspaced(str: string): string {
  // A producer that draws a word at a time (pdfkit) gives each letter-spaced word as an item of its own: 'Z E 1' and
  // '1 S J' for the postcode ZE1 1SJ, 'N E X T- D AY' (a kerned pair stays together). An item that is nothing but
  // three or more single letters or digits, or four or more pieces of at most two, is one word.
  const pieces = str.split(" ");
  if ((pieces.length >= 3 && pieces.every((t) => /^[\p{L}\d]$/u.test(t))) || (pieces.length >= 4 && pieces.every((t) => t.length <= 2) && pieces.filter((t) => t.length === 1).length * 2 >= pieces.length)) {
    return pieces.join("");
  }
  return str.replace(/(?<![\p{L}\d])[\p{L}\d](?: [\p{L}\d]){3,}(?![\p{L}\d])/gu, (run) => run.replace(/ /g, ""));
}

/**
 * User-space box of one text item: origin (e, f), `width` along the baseline (a, b), the font size
 * up (c, d), a quarter of it below the baseline for descenders.
 */
function itemBox(a: number, b: number, c: number, d: number, e: number, f: number, width: number): PdfRect {
  const along = Math.hypot(a, b) || 1;
  const [ux, uy] = [a / along, b / along];
  const [vx, vy] = [c, d];
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [s, t] of [[0, -0.25], [width, -0.25], [0, 1], [width, 1]]) {
    xs.push(e + ux * s + vx * t);
    ys.push(f + uy * s + vy * t);
  }
  return { left: Math.min(...xs), bottom: Math.min(...ys), right: Math.max(...xs), top: Math.max(...ys) };
}

function pdfOpenError(err: unknown): ImportError {
  const name = (err as { name?: string })?.name ?? "";
  if (name === "PasswordException") {
    return new ImportError(422, "This PDF is password-protected. Remove the password and upload it again.");
  }
  return new ImportError(422, "This PDF is damaged or incomplete and cannot be read.");
}
