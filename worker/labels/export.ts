import { and, eq, gt, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { labels } from "../db/schema";
import { log } from "../lib/log";
import { CSV_BOM, csvRow } from "./csv";
import { termConditions, type LabelListFilters } from "./filters";
import { listOrder, listTerms, orderBy, type ListOrder } from "./list-query";
import { courierById, serviceNameOf } from "../couriers/registry";
import { trackingPageUrl } from "./tracking-page-token";

/**
 * GET /labels/export.csv: the user's labels under the list's filters, in the list's order, one CSV row each.
 * Streamed a page at a time (keyset on the order's column and rowid, the list's own order and index), so
 * 100,000 labels never sit in memory at once and each page is one indexed range read.
 */

/** Rows per D1 read: small enough to stream, few enough reads for 100,000 labels (50 of them). */
const PAGE_ROWS = 2000;

export const EXPORT_COLUMNS = [
  "tracking_code",
  "courier",
  "service",
  "created_at",
  "status",
  "potentially_lost",
  "recipient_name",
  "recipient_address",
  "recipient_town",
  "recipient_postcode",
  "sender_name",
  "sender_postcode",
  "weight_grams",
  "tags",
  "notes",
  "last_event_at",
  "last_event",
  "tracking_page_url",
] as const;

const details = (path: string) => sql<string | null>`json_extract(${labels.detailsJson}, ${path})`;
/** Tracking is stored as { results } (or, from older rows, the results list itself); the newest event comes first. */
const tracking = (path: string) =>
  sql<string | null>`case when json_valid(${labels.trackingJson}) then coalesce(json_extract(${labels.trackingJson}, ${`$.results[0]${path}`}), json_extract(${labels.trackingJson}, ${`$[0]${path}`})) end`;

/** Only what the CSV shows, read from the JSON columns by SQLite: large payloads (2D barcodes, events) stay in D1. */
const exportColumns = {
  rowid: sql<number>`${labels}.rowid`,
  createdAt: labels.createdAt,
  updatedAt: labels.updatedAt,
  trackingCode: labels.trackingCode,
  courier: labels.courier,
  // The carrier's name, else the one printed; the code ('TPN01') is named by its courier in exportLine.
  service: sql<string | null>`coalesce(nullif(${tracking(".service.serviceType")}, ''), nullif(${details("$.classId")}, ''))`,
  serviceCode: details("$.serviceCode"),
  status: labels.trackingStatus,
  delivered: sql<number>`${labels.deliveredAt} is not null or ${details("$.deliveredAt")} is not null`,
  lost: labels.potentiallyLost,
  recipientName: details("$.address.name"),
  recipientLines: details("$.address.address"),
  recipientPostcode: details("$.address.postcode"),
  senderName: details("$.fromAddress.name"),
  senderPostcode: details("$.fromAddress.postcode"),
  weight: labels.weightGrams,
  tagsJson: labels.tagsJson,
  notes: labels.notes,
  lastEventAt: tracking(".trackingEvents[0].dateTime"),
  lastEvent: tracking(".trackingEvents[0].trackingPoint.description"),
  pageToken: labels.pageToken,
  buyerEmail: labels.buyerEmail,
};

type ExportRow = { [K in keyof typeof exportColumns]: K extends "createdAt" | "updatedAt" ? number : unknown };

const textList = (json: unknown): string[] => {
  if (typeof json !== "string") return [];
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string" && x.trim() !== "") : [];
  } catch {
    return [];
  }
};
const text = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");

/** One label's CSV line. The recipient's last address line is its post town (UK addresses end with it). */
function exportLine(r: ExportRow, withBuyerEmail: boolean): string {
  const lines = textList(r.recipientLines);
  const town = lines.length > 1 ? lines.pop()! : "";
  return csvRow([
    text(r.trackingCode),
    // The courier as people name it ('Royal Mail'), which the CSV import reads back too.
    courierById(text(r.courier))?.displayName ?? text(r.courier),
    text(r.service) || serviceNameOf(text(r.courier), r.serviceCode) || text(r.serviceCode),
    new Date(r.createdAt).toISOString(),
    r.delivered ? "delivered" : text(r.status),
    r.lost ? "yes" : "no",
    text(r.recipientName),
    lines.join(", "),
    town,
    text(r.recipientPostcode),
    text(r.senderName),
    text(r.senderPostcode),
    text(r.weight),
    textList(r.tagsJson).join(", "),
    text(r.notes),
    text(r.lastEventAt),
    text(r.lastEvent),
    // The buyer's page, when the label was shared: a link to paste into a marketplace message.
    trackingPageUrl(typeof r.pageToken === "string" ? r.pageToken : null) ?? "",
    ...(withBuyerEmail ? [text(r.buyerEmail)] : []),
  ]);
}

/** The rows after the last one sent, in the order's direction (the same key: the lower rowid comes next). */
function after(order: ListOrder, last: { key: number; rowid: number }) {
  const beyond = order.descending ? lt : gt;
  return or(beyond(order.key, last.key), and(eq(order.key, last.key), order.descending ? sql`${labels}.rowid < ${last.rowid}` : sql`${labels}.rowid > ${last.rowid}`));
}

/**
 * The export as a stream of UTF-8 bytes: a BOM and the header, then one D1 page per pull. The buyer's e-mail is
 * personal data: its column is there only when the owner asks for it (`buyerEmail`).
 */
export function labelsCsvStream(db: Db, userId: number, filters: LabelListFilters, opts: { buyerEmail?: boolean } = {}): ReadableStream<Uint8Array> {
  const withBuyerEmail = opts.buyerEmail === true;
  const encoder = new TextEncoder();
  const order = listOrder(filters.sort);
  const keyOf = (r: ExportRow) => (order.key === labels.updatedAt ? r.updatedAt : r.createdAt);
  let conditions: ReturnType<typeof termConditions> | null = null;
  let last: { key: number; rowid: number } | null = null;
  let done = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(CSV_BOM + csvRow(withBuyerEmail ? [...EXPORT_COLUMNS, "buyer_email"] : EXPORT_COLUMNS)));
      },
      async pull(controller) {
        if (done) return;
        try {
          conditions ??= termConditions(userId, await listTerms(db, userId, filters));
          const rows = (await db
            .select(exportColumns)
            .from(labels)
            .where(and(...conditions, last ? after(order, last) : undefined))
            .orderBy(...orderBy(order))
            .limit(PAGE_ROWS)) as ExportRow[];
          if (rows.length) {
            controller.enqueue(encoder.encode(rows.map((r) => exportLine(r, withBuyerEmail)).join("")));
            const end = rows[rows.length - 1];
            last = { key: keyOf(end), rowid: Number(end.rowid) };
          }
          if (rows.length < PAGE_ROWS) {
            done = true;
            controller.close();
          }
        } catch (err) {
          // The header is sent: the download ends short rather than as a JSON error.
          log("error", "label export failed", { userId, error: String(err) });
          done = true;
          controller.error(err);
        }
      },
    },
    { highWaterMark: 0 },
  );
}

/** attachment; filename="parcelhive-labels-2026-11-25.csv" */
export const exportFilename = (now = new Date()) => `parcelhive-labels-${now.toISOString().slice(0, 10)}.csv`;
