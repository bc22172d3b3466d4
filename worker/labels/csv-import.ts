import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { inValueList } from "../db/d1-limits";
import { labels, users } from "../db/schema";
import { ApiError, badRequest } from "../lib/errors";
import { MANUAL_FIELD_TYPES, type ManualFieldName, type ManualFieldType } from "../couriers/fields";
import { manualLabelDetails, manualLabelSchema } from "../couriers/manual";
import { couriers } from "../couriers/registry";
import { CSV_BOM, CsvSyntaxError, csvRow, parseCsv } from "./csv";
import { createManualLabels, type ManualLabelInput } from "./save";

/**
 * Labels from a CSV file: one row per label, validated exactly as POST /label/manual validates its body (the same
 * schema and the same courier rules), then saved in one batch through the one save path. The preview runs the
 * same reading and charges nothing.
 */

export const MAX_IMPORT_ROWS = 1000;
export const MAX_IMPORT_BYTES = 1024 * 1024;

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
/** Headers compared ignoring case, spaces, underscores, hyphens and brackets ('Recipient postcode' = recipient_postcode). */
const headerKey = (h: string) => h.toLowerCase().replace(/[\s_\-()]/g, "");

/** The manual fields any registered courier takes, in the registry's field order. */
function importFields(): ManualFieldName[] {
  const used = new Set(couriers().flatMap((c) => [...c.manual.required, ...c.manual.optional]));
  return (Object.keys(MANUAL_FIELD_TYPES) as ManualFieldName[]).filter((f) => used.has(f));
}

/** The template's columns: the code and courier, each courier field, then tags, notes and the buyer's e-mail. */
export function importColumns(): string[] {
  return ["tracking_code", "courier", ...importFields().map(snake), "tags", "notes", "buyer_email"];
}

/** GET /labels/import/template.csv: the header row (UTF-8 with a BOM, so Excel keeps it UTF-8 when saving). */
export const importTemplate = () => CSV_BOM + csvRow(importColumns());

/** A datetime as spreadsheets write it: ISO, 'YYYY-MM-DD', 'YYYY-MM-DD HH:MM', or UK 'DD/MM/YYYY [HH:MM]'. */
function datetimeCell(v: string): string {
  const uk = v.match(/^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ T](\d{1,2}):(\d{2}))?$/);
  if (uk) {
    const [, d, m, y, hh = "00", mm = "00"] = uk;
    return `${y}-${m.padStart(2, "0")}-${d.padStart(2, "0")}T${hh.padStart(2, "0")}:${mm}:00Z`;
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return `${v}T00:00:00Z`;
  return v.replace(/^(\d{4}-\d{2}-\d{2}) (\d)/, "$1T$2");
}

/** A cell as the manual body carries its field: text is turned into the field's type where it reads as one. */
function fieldValue(type: ManualFieldType, v: string): unknown {
  const num = (s: string) => (/^-?\d+(\.\d+)?$/.test(s.trim()) ? Number(s) : s);
  switch (type) {
    case "integer":
    case "number":
      return num(v);
    case "number[3]":
      return v.split(/\s*[x×*,;]\s*|\s+/i).filter(Boolean).map(num);
    case "boolean":
      return /^(true|yes|y|1)$/i.test(v) ? true : /^(false|no|n|0)$/i.test(v) ? false : v;
    case "datetime":
      return datetimeCell(v);
    case "string[]":
      return v.split(/[|,]/).map((s) => s.trim()).filter(Boolean);
    default:
      return v;
  }
}

export interface ImportRowResult {
  /** The file's line the row starts on (the header is line 1). */
  line: number;
  trackingCode: string;
  courier: string;
  status: "new" | "update" | "error";
  errors: string[];
}

export interface ImportReading {
  rows: ImportRowResult[];
  /** The good rows, ready for the save path (in file order). */
  labels: ManualLabelInput[];
}

type Column = { kind: "trackingCode" | "courier" | "tags" | "notes" | "buyerEmail" } | { kind: "field"; name: ManualFieldName };

function readHeader(cells: string[]): Column[] {
  const fields = new Map(importFields().map((f) => [headerKey(f), f]));
  const fixed: Record<string, Column["kind"]> = {
    trackingcode: "trackingCode",
    trackingnumber: "trackingCode",
    courier: "courier",
    tags: "tags",
    notes: "notes",
    buyeremail: "buyerEmail",
  };
  const unknown: string[] = [];
  const columns = cells.map((cell): Column => {
    const key = headerKey(cell);
    const field = fields.get(key);
    if (field) return { kind: "field", name: field };
    if (fixed[key]) return { kind: fixed[key] } as Column;
    unknown.push(cell.trim() || "(empty)");
    return { kind: "notes" };
  });
  if (unknown.length) throw badRequest(`Unknown column${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}. Use the columns of the template: ${importColumns().join(", ")}.`);
  for (const kind of ["trackingCode", "courier"] as const) {
    if (!columns.some((c) => c.kind === kind)) throw badRequest(`The file needs a ${kind === "trackingCode" ? "tracking_code" : "courier"} column.`);
  }
  const seen = new Set<string>();
  for (const c of columns) {
    const name = c.kind === "field" ? c.name : c.kind;
    if (seen.has(name)) throw badRequest(`The column ${c.kind === "field" ? snake(c.name) : snake(c.kind)} appears twice.`);
    seen.add(name);
  }
  return columns;
}

/** One data row as the manual body: empty cells are left out, as the manual form leaves empty fields out. */
function rowBody(columns: Column[], cells: string[]) {
  const body: { courier: string; trackingCode: string; fields: Record<string, unknown>; tags?: string[]; notes?: string; buyerEmail?: string } = {
    courier: "",
    trackingCode: "",
    fields: {},
  };
  columns.forEach((col, i) => {
    const v = (cells[i] ?? "").trim();
    if (col.kind === "field") {
      if (v) body.fields[col.name] = fieldValue(MANUAL_FIELD_TYPES[col.name], v);
    } else if (col.kind === "trackingCode" || col.kind === "courier") body[col.kind] = v;
    else if (v && col.kind === "buyerEmail") body.buyerEmail = v;
    else if (v && col.kind === "tags") body.tags = v.split(",").map((t) => t.trim()).filter(Boolean);
    else if (v) body.notes = v;
  });
  return body;
}

/**
 * Reads a CSV of labels for one user: each row checked as POST /label/manual checks its body, a code repeated in
 * the file refused after its first row, and each good row marked new (1 credit) or update (free) against the
 * user's own labels. A file that is not a CSV of labels at all is a 400.
 */
export async function readImport(db: Db, userId: number, text: string): Promise<ImportReading> {
  let records: ReturnType<typeof parseCsv>;
  try {
    records = parseCsv(text);
  } catch (err) {
    if (err instanceof CsvSyntaxError) throw badRequest(err.message);
    throw err;
  }
  if (!records.length) throw badRequest("The file is empty: download the template and add one row per label.");
  const [header, ...data] = records;
  if (data.length > MAX_IMPORT_ROWS) throw badRequest(`At most ${MAX_IMPORT_ROWS.toLocaleString("en-GB")} rows per file (this one has ${data.length.toLocaleString("en-GB")}).`);
  if (!data.length) throw badRequest("The file has no rows under its header.");
  const columns = readHeader(header.cells);

  const rows: ImportRowResult[] = [];
  const good: { row: ImportRowResult; input: ManualLabelInput }[] = [];
  const firstLine = new Map<string, number>();
  for (const record of data) {
    const body = rowBody(columns, record.cells);
    const row: ImportRowResult = { line: record.line, trackingCode: body.trackingCode, courier: body.courier, status: "error", errors: [] };
    rows.push(row);
    if (record.cells.length > columns.length) {
      row.errors.push(`This row has ${record.cells.length} cells but the header has ${columns.length}.`);
      continue;
    }
    const parsed = manualLabelSchema.safeParse(body);
    if (!parsed.success) {
      row.errors.push(...parsed.error.issues.map((i) => `${i.path.length ? `${i.path.join(".")}: ` : ""}${i.message}`));
      continue;
    }
    try {
      const details = manualLabelDetails(parsed.data);
      row.trackingCode = details.trackingCode;
      row.courier = details.courier;
      const earlier = firstLine.get(details.trackingCode);
      if (earlier !== undefined) {
        row.errors.push(`The same tracking code as line ${earlier}.`);
        continue;
      }
      firstLine.set(details.trackingCode, record.line);
      good.push({ row, input: { details, tags: parsed.data.tags, notes: parsed.data.notes, buyerEmail: parsed.data.buyerEmail } });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      row.errors.push(err.message);
    }
  }

  const codes = good.map((g) => g.input.details.trackingCode);
  const existing = codes.length
    ? await db
        .select({ code: labels.trackingCode })
        .from(labels)
        .where(and(eq(labels.userId, userId), inValueList(labels.trackingCode, codes)))
    : [];
  const known = new Set(existing.map((r) => r.code));
  for (const g of good) g.row.status = known.has(g.input.details.trackingCode) ? "update" : "new";
  return { rows, labels: good.map((g) => g.input) };
}

/** What a reading would do: its rows, their counts and the credits the new codes cost. */
export function importSummary(reading: ImportReading) {
  const count = (s: ImportRowResult["status"]) => reading.rows.filter((r) => r.status === s).length;
  return { rows: reading.rows, total: reading.rows.length, new: count("new"), update: count("update"), error: count("error"), credits: count("new") };
}

/** Saves every good row in one batch (nothing when the credits do not cover the new codes: 402). */
export async function importLabels(db: Db, env: Pick<Env, "JOBS">, userId: number, text: string) {
  const reading = await readImport(db, userId, text);
  if (!reading.labels.length) throw badRequest("No row of the file can be imported: correct the rows marked as errors.");
  const { newIds } = await createManualLabels(db, env, userId, reading.labels);
  // The save decides new or update at write time (another save may have come in between): its word is final.
  const summary = importSummary(reading);
  const owner = await db.query.users.findFirst({ where: eq(users.id, userId), columns: { credits: true } });
  return {
    ...summary,
    imported: reading.labels.length,
    new: newIds.length,
    update: reading.labels.length - newIds.length,
    credits: newIds.length,
    balance: owner?.credits ?? 0,
  };
}

/**
 * The CSV text of a request: a text/csv (or any text) body, or a multipart form's `file`. At most 1 MB, UTF-8 (a
 * spreadsheet's 'CSV UTF-8'); anything else is refused with a message saying what to send.
 */
export async function importText(req: Request): Promise<string> {
  const type = (req.headers.get("Content-Type") ?? "").toLowerCase();
  let bytes: ArrayBuffer;
  if (type.startsWith("multipart/form-data")) {
    let file: unknown;
    try {
      file = (await req.formData()).get("file");
    } catch {
      throw badRequest("The form could not be read.");
    }
    if (!(file instanceof File)) throw badRequest("Send the CSV as the form's 'file'.");
    if (file.size > MAX_IMPORT_BYTES) throw tooLarge();
    bytes = await file.arrayBuffer();
  } else if (/^(text\/|application\/(csv|vnd\.ms-excel|octet-stream))/.test(type)) {
    bytes = await req.arrayBuffer();
  } else {
    throw new ApiError(415, "Send the CSV as a text/csv body or as the 'file' of a multipart form.");
  }
  if (bytes.byteLength > MAX_IMPORT_BYTES) throw tooLarge();
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw badRequest("The file is not UTF-8 text: save it from your spreadsheet as 'CSV UTF-8'.");
  }
}

const tooLarge = () => new ApiError(413, "The CSV file must be 1 MB or smaller.");
