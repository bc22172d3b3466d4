/**
 * CSV as spreadsheets read and write it (RFC 4180): the writer quotes what needs quoting and defuses cells a
 * spreadsheet would run as a formula; the reader takes what Excel, Numbers and LibreOffice save (a BOM, CRLF or
 * LF, quoted fields with embedded separators, quotes and newlines, ',' or ';' between fields).
 */

/** Excel opens a CSV as UTF-8 only when it starts with a byte order mark. */
export const CSV_BOM = "\uFEFF";

/** A cell starting with one of these is read as a formula by Excel and LibreOffice (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell: a formula-like text gets a leading apostrophe, then it is quoted when it holds , " or a newline. A number
 * is never a formula: -1 stays -1.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, CRLF-terminated as RFC 4180 asks. */
export const csvRow = (cells: readonly (string | number | null | undefined)[]) => `${cells.map(csvCell).join(",")}\r\n`;

export class CsvSyntaxError extends Error {}

/** The separator of a file: ';' when its first line has more semicolons than commas outside quotes. */
function detectSeparator(text: string): "," | ";" {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === "\n" || ch === "\r")) break;
    else if (!quoted && ch === ",") commas++;
    else if (!quoted && ch === ";") semicolons++;
  }
  return semicolons > commas ? ";" : ",";
}

export interface CsvRecord {
  /** The file's line on which the record starts (1 is the first line). */
  line: number;
  cells: string[];
}

/**
 * Parses CSV text into records. Blank lines are skipped; a quote inside an unquoted field is kept as text; a quoted
 * field left open at the end of the file is a CsvSyntaxError naming its line.
 */
export function parseCsv(input: string): CsvRecord[] {
  const text = input.startsWith(CSV_BOM) ? input.slice(1) : input;
  const sep = detectSeparator(text);
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = "";
  let line = 1;
  let recordLine = 1;
  let quotedAt = 0;
  let i = 0;

  const endRecord = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0].trim() !== "") records.push({ line: recordLine, cells });
    cells = [];
    cell = "";
  };

  while (i < text.length) {
    const ch = text[i];
    if (ch === '"' && cell === "" && !quotedAt) {
      // A quoted field: runs to the next lone quote; "" is one quote; separators and newlines are text.
      quotedAt = line;
      i++;
      for (;;) {
        if (i >= text.length) throw new CsvSyntaxError(`Line ${quotedAt}: a quoted field is never closed.`);
        const q = text[i];
        if (q === '"') {
          if (text[i + 1] === '"') {
            cell += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (q === "\n" || (q === "\r" && text[i + 1] !== "\n")) line++;
        cell += q;
        i++;
      }
      // Text after the closing quote (`"a"b`) is kept, as spreadsheets do.
      continue;
    }
    if (ch === sep) {
      cells.push(cell);
      cell = "";
      quotedAt = 0;
      i++;
      continue;
    }
    if (ch === "\r" || ch === "\n") {
      endRecord();
      quotedAt = 0;
      i += ch === "\r" && text[i + 1] === "\n" ? 2 : 1;
      line++;
      recordLine = line;
      continue;
    }
    cell += ch;
    i++;
  }
  if (cell !== "" || cells.length) endRecord();
  return records;
}
