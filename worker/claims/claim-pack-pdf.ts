import type { PDFDocument as PdfDocument, PDFFont, PDFPage } from "pdf-lib";
import type { Address } from "../../shared/label";
import type { ClaimPack } from "./claim-pack-model";
import { ukDateTime } from "../lib/uk-format";

/**
 * The claim pack as an A4 PDF: the facts, the addresses, the carrier's delivery evidence, the notes,
 * the tracking history as a table that runs onto more pages, then the original label (a PDF's own
 * pages copied in; a PNG, JPEG or WEBP on a page of its own). Helvetica only: a character its
 * WinAnsi encoding lacks becomes its plain letter ('é' -> 'e') or '?', never a failure.
 * Loaded on the first claim pack only (pdf-lib stays out of the worker's start).
 */

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const WIDTH = A4[0] - 2 * MARGIN;
const SIZE = 10;
const LINE = 13.5;

interface ClaimPackOriginal {
  bytes: Uint8Array;
  mime: string;
  name: string;
}

/** Letters that Unicode does not split into a base letter and an accent. */
const PLAIN_LETTERS: Record<string, string> = { Ł: "L", ł: "l", Đ: "D", đ: "d", Ħ: "H", ħ: "h", ı: "i", Ŀ: "L", ŀ: "l", Ŧ: "T", ŧ: "t" };

/** Text Helvetica can draw: known characters kept, accents dropped, anything else '?'; no control characters. */
function winAnsiText(text: string, charset: Set<number>): string {
  let out = "";
  for (const ch of text.replace(/\r\n?/g, "\n")) {
    const cp = ch.codePointAt(0)!;
    if (ch === "\n" || ch === "\t") out += " ";
    else if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) continue;
    else if (charset.has(cp)) out += ch;
    else {
      const plain = PLAIN_LETTERS[ch] ?? ch.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
      out += [...plain].every((c) => charset.has(c.codePointAt(0)!)) && plain ? plain : "?";
    }
  }
  return out;
}

class Writer {
  page!: PDFPage;
  y = 0;
  constructor(
    private doc: PdfDocument,
    private font: PDFFont,
    private bold: PDFFont,
    private charset: Set<number>,
    private footer: string,
  ) {
    this.newPage();
  }

  newPage() {
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
    this.page.drawText(this.safe(this.footer), { x: MARGIN, y: MARGIN / 2, size: 8, font: this.font });
  }

  safe = (text: string) => winAnsiText(text, this.charset);

  /** Room for `height` points, else a new page. */
  need(height: number) {
    if (this.y - height < MARGIN) this.newPage();
  }

  /** Lines of at most `width` points: on spaces, and inside a word longer than a line. */
  wrap(text: string, width: number, size = SIZE, font = this.font): string[] {
    const lines: string[] = [];
    for (const word of this.safe(text).split(" ")) {
      let rest = word;
      const last = lines.length ? lines[lines.length - 1] : null;
      const joined = last === null ? rest : `${last} ${rest}`;
      if (last !== null && font.widthOfTextAtSize(joined, size) <= width) {
        lines[lines.length - 1] = joined;
        continue;
      }
      while (font.widthOfTextAtSize(rest, size) > width) {
        // The longest head that fits (binary search: a 5,000-character word stays quick).
        let lo = 1;
        let hi = rest.length - 1;
        while (lo < hi) {
          const mid = Math.ceil((lo + hi) / 2);
          if (font.widthOfTextAtSize(rest.slice(0, mid), size) <= width) lo = mid;
          else hi = mid - 1;
        }
        const cut = lo;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      lines.push(rest);
    }
    return lines.length ? lines : [""];
  }

  heading(text: string) {
    this.need(LINE * 3);
    this.y -= LINE * 0.8;
    this.page.drawText(this.safe(text), { x: MARGIN, y: this.y, size: 13, font: this.bold });
    this.y -= LINE * 1.3;
  }

  paragraph(text: string, opts: { size?: number; bold?: boolean; x?: number; width?: number } = {}) {
    const size = opts.size ?? SIZE;
    const font = opts.bold ? this.bold : this.font;
    for (const line of this.wrap(text, opts.width ?? WIDTH, size, font)) {
      this.need(LINE);
      this.page.drawText(line, { x: opts.x ?? MARGIN, y: this.y, size, font });
      this.y -= size * 1.35;
    }
  }

  /** Rows of cells at the given column widths; each row as tall as its longest cell, a header row repeated on each page. */
  table(header: string[], widths: number[], rows: string[][]) {
    const xs = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((a, b) => a + b, 0));
    const drawRow = (cells: string[], font: PDFFont) => {
      const wrapped = cells.map((c, i) => this.wrap(c, widths[i] - 6, 9, font));
      const height = Math.max(...wrapped.map((w) => w.length)) * 11.5 + 4;
      return { wrapped, height, font };
    };
    const put = (row: ReturnType<typeof drawRow>) => {
      row.wrapped.forEach((lines, i) => {
        lines.forEach((l, j) => {
          this.page.drawText(l, { x: xs[i], y: this.y - 9 - j * 11.5, size: 9, font: row.font });
        });
      });
      this.y -= row.height;
    };
    const head = drawRow(header, this.bold);
    this.need(head.height * 2);
    put(head);
    for (const cells of rows) {
      const row = drawRow(cells, this.font);
      if (this.y - row.height < MARGIN) {
        this.newPage();
        put(head);
      }
      // A row taller than a page is cut at the page's end and goes on on the next.
      let remaining = row;
      while (this.y - remaining.height < MARGIN) {
        const fit = Math.max(1, Math.floor((this.y - MARGIN - 4) / 11.5));
        put({ ...remaining, wrapped: remaining.wrapped.map((w) => w.slice(0, fit)), height: fit * 11.5 + 4 });
        remaining = { ...remaining, wrapped: remaining.wrapped.map((w) => w.slice(fit)), height: Math.max(...remaining.wrapped.map((w) => w.slice(fit).length)) * 11.5 + 4 };
        this.newPage();
        put(head);
      }
      put(remaining);
    }
  }
}

const addressLines = (a: Address | null) => (a ? [a.name, ...a.address, a.postcode, a.countryCode && a.countryCode !== "GB" ? a.countryCode : ""].filter(Boolean) : ["Not known"]);

/** Builds the claim pack PDF; `original` is the label's own file when it has one. */
export async function claimPackPdf(pack: ClaimPack, original: ClaimPackOriginal | null): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts } = await import("pdf-lib");
  const doc = await PDFDocument.create();
  doc.setTitle(`Claim pack ${pack.trackingCode}`);
  doc.setCreator("Parcelhive");
  doc.setCreationDate(new Date(pack.generatedAt));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const charset = new Set(font.getCharacterSet());
  const w = new Writer(doc, font, bold, charset, `Claim pack for ${pack.trackingCode} (${pack.carrier}), made ${ukDateTime(pack.generatedAt)} by Parcelhive`);

  w.paragraph(`Claim pack: ${pack.trackingCode}`, { size: 18, bold: true });
  w.y -= 4;
  w.paragraph(`${pack.carrier}${pack.service ? `, ${pack.service}` : ""}`, { size: 11 });
  w.heading("Parcel");
  w.table(
    ["Field", "Value"],
    [160, WIDTH - 160],
    pack.facts.map((f) => [f.label, f.value]),
  );

  w.heading("Addresses");
  const col = WIDTH / 3;
  const blocks: Array<[string, Address | null]> = [
    ["Sender", pack.sender],
    ["Recipient", pack.recipient],
    ["Return address", pack.returnAddress],
  ];
  const wrapped = blocks.map(([, a]) => addressLines(a).flatMap((l) => w.wrap(l, col - 10)));
  const tallest = Math.max(...wrapped.map((l) => l.length)) + 1;
  w.need(Math.min(tallest * LINE, A4[1] - 2 * MARGIN));
  const top = w.y;
  let lowest = top;
  blocks.forEach(([title], i) => {
    w.y = top;
    w.paragraph(title, { bold: true, x: MARGIN + i * col, width: col - 10 });
    for (const line of wrapped[i]) w.paragraph(line, { x: MARGIN + i * col, width: col - 10 });
    lowest = Math.min(lowest, w.y);
  });
  w.y = lowest;

  w.heading("Delivery evidence held by the carrier");
  if (!pack.evidence.length) w.paragraph("None in the tracking history: no delivered scan, signature, safe-place photo, neighbour or GPS record.");
  else w.table(["Evidence", "When", "Carrier's event"], [140, 110, WIDTH - 250], pack.evidence.map((e) => [e.flag, e.when, e.event]));

  if (pack.notes.trim()) {
    w.heading("Notes");
    w.paragraph(pack.notes.slice(0, 5000));
  }

  w.heading(`Tracking history (${pack.events.length} event${pack.events.length === 1 ? "" : "s"})`);
  if (!pack.events.length) w.paragraph("No tracking events were received for this parcel.");
  else w.table(["When (UK time)", "Event", "Location", "Code"], [110, WIDTH - 250, 90, 50], pack.events.map((e) => [e.when, e.description, e.location ?? "", e.code ?? ""]));

  w.heading("Original label");
  if (!pack.original || !original) w.paragraph("No original label file is stored for this parcel.");
  else {
    // Room for the sentence first: the original's pages must come after every page of the pack.
    w.need(LINE * 6);
    const attached = await appendOriginal(doc, original);
    w.paragraph(
      attached
        ? `${original.name} (${original.mime}) follows on the next page${attached > 1 ? "s" : ""}.`
        : `${original.name} (${original.mime}) could not be placed in this PDF: download it from the label's page and attach it to the claim.`,
    );
  }
  return doc.save();
}

/** Appends the original label; answers how many pages it added (0: it could not be read). */
async function appendOriginal(doc: PdfDocument, original: ClaimPackOriginal): Promise<number> {
  const type = original.mime.toLowerCase().split(";")[0].trim();
  try {
    if (type === "application/pdf") {
      const { PDFDocument } = await import("pdf-lib");
      const src = await PDFDocument.load(original.bytes, { ignoreEncryption: true, updateMetadata: false });
      const pages = await doc.copyPages(src, src.getPageIndices().slice(0, 50));
      for (const p of pages) doc.addPage(p);
      return pages.length;
    }
    let image: Awaited<ReturnType<PdfDocument["embedPng"]>>;
    if (type === "image/png") image = await doc.embedPng(original.bytes);
    else if (type === "image/jpeg") image = await doc.embedJpg(original.bytes);
    else if (type === "image/webp") image = await doc.embedJpg(await webpAsJpeg(original.bytes));
    else return 0;
    // The image whole on one A4 page, scaled down to fit inside the margins, never up.
    const page = doc.addPage(A4);
    const scale = Math.min(1, (A4[0] - 2 * MARGIN) / image.width, (A4[1] - 2 * MARGIN) / image.height);
    const width = image.width * scale;
    const height = image.height * scale;
    page.drawImage(image, { x: (A4[0] - width) / 2, y: A4[1] - MARGIN - height, width, height });
    return 1;
  } catch {
    return 0;
  }
}

async function webpAsJpeg(bytes: Uint8Array): Promise<Uint8Array> {
  return (await import("../images/webp")).webpAsJpeg(bytes);
}
