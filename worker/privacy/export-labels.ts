import { and, asc, eq, gt, lte, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { inValueList } from "../db/d1-limits";
import { buyerMails, labelAlerts, labelFiles, labels, type LabelRow } from "../db/schema";
import { csvRow } from "../labels/csv";
import type { Address, ApiLabel, LabelDetails, TrackingEvent } from "../../shared/label";
import { serializeLabel, type LabelOwner } from "../labels/serialise";

/**
 * The labels in 'Download my data': one page of the owner's labels at a time, as JSON lines (every field, as the API
 * answers a label, with the buyer's e-mail whole, the label's buyer mails and deadline alerts, and where its original
 * is in the archive), as CSV rows (every field flattened), and as tracking-event rows. Pages follow the labels'
 * creation (created_at, then rowid: the labels_user_created index), so a build stopped after any page goes on from
 * the last label written, and labels made after the export began are not in it.
 */

export const LABELS_PER_PAGE = 1000;

export interface LabelCursor {
  createdAt: number;
  rowid: number;
}

type LabelFile = typeof labelFiles.$inferSelect;

/** Where an original is in the archive: its file id keeps two files of one name apart. */
export const originalPath = (file: Pick<LabelFile, "id" | "name">) => `originals/${file.id}-${file.name}`;

export interface LabelPage {
  rows: LabelRow[];
  files: Map<string, LabelFile>;
  next: LabelCursor | null;
}

/** The owner's labels after `after`, created by `asOf`, with their files. Two D1 reads. */
export async function labelPage(db: Db, userId: number, asOf: number, after: LabelCursor | null): Promise<LabelPage> {
  const rows = await db
    .select({ label: labels, rowid: sql<number>`${labels}.rowid` })
    .from(labels)
    .where(
      and(
        eq(labels.userId, userId),
        lte(labels.createdAt, asOf),
        after ? or(gt(labels.createdAt, after.createdAt), and(eq(labels.createdAt, after.createdAt), sql`${labels}.rowid > ${after.rowid}`)) : undefined,
      ),
    )
    .orderBy(asc(labels.createdAt), sql`${labels}.rowid`)
    .limit(LABELS_PER_PAGE);
  const fileIds = [...new Set(rows.map((r) => r.label.fileId).filter((id): id is string => Boolean(id)))];
  const files = fileIds.length ? await db.select().from(labelFiles).where(and(eq(labelFiles.userId, userId), inValueList(labelFiles.id, fileIds))) : [];
  const last = rows.at(-1);
  return {
    rows: rows.map((r) => r.label),
    files: new Map(files.map((f) => [f.id, f])),
    next: rows.length === LABELS_PER_PAGE && last ? { createdAt: last.label.createdAt, rowid: Number(last.rowid) } : null,
  };
}

const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());

/** What the export adds to a label as the API answers it. */
export interface ExportedLabel extends ApiLabel {
  source: LabelRow["source"];
  original: { path: string; name: string; mime: string; size: number; page: number | null } | null;
  buyerMails: { kind: string; status: string; at: string }[];
  alerts: { kind: string; sentAt: string }[];
}

/** The page's labels as JSON lines. One more D1 batch: the labels' buyer mails and alerts. */
export async function labelJsonLines(db: Db, page: LabelPage, owner: LabelOwner, now: number): Promise<string> {
  if (!page.rows.length) return "";
  const ids = page.rows.map((r) => r.id);
  const [mails, alerts] = await db.batch([
    db.select().from(buyerMails).where(inValueList(buyerMails.labelId, ids)),
    db.select().from(labelAlerts).where(inValueList(labelAlerts.labelId, ids)),
  ]);
  const mailsOf = groupBy(mails, (m) => m.labelId);
  const alertsOf = groupBy(alerts, (a) => a.labelId);
  return page.rows
    .map((row) => {
      const file = row.fileId ? page.files.get(row.fileId) : undefined;
      const label: ExportedLabel = {
        ...serializeLabel(row, file, owner, { now, buyerEmail: "whole" }),
        source: row.source,
        original: file ? { path: originalPath(file), name: file.name, mime: file.mime, size: file.size, page: row.filePage } : null,
        buyerMails: (mailsOf.get(row.id) ?? []).map((m) => ({ kind: m.kind, status: m.status, at: iso(m.at)! })),
        alerts: (alertsOf.get(row.id) ?? []).map((a) => ({ kind: a.kind, sentAt: iso(a.sentAt)! })),
      };
      return `${JSON.stringify(label)}\n`;
    })
    .join("");
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) out.set(key(item), [...(out.get(key(item)) ?? []), item]);
  return out;
}

const ADDRESSES = [
  ["recipient", "address"],
  ["sender", "fromAddress"],
  ["return", "returnAddress"],
  ["send", "sendAddress"],
] as const;

/** Every field of a label, one column each (addresses as name, lines, postcode, country). */
export const LABEL_CSV_COLUMNS = [
  "id",
  "tracking_code",
  "courier",
  "status",
  "source",
  "created_at",
  "updated_at",
  "shipped_at",
  "label_date",
  "delivered_at",
  "service_code",
  "service_flag",
  "class_id",
  "next_day",
  "weight_grams",
  "dimensions_cm",
  "declared_value_gbp",
  ...ADDRESSES.flatMap(([who]) => [`${who}_name`, `${who}_address`, `${who}_postcode`, `${who}_country`]),
  "country_code",
  "van_routing",
  "tags",
  "notes",
  "buyer_email",
  "buyer_notifications",
  "tracking_status",
  "tracking_checked_at",
  "tracking_events",
  "last_event_at",
  "last_event",
  "potentially_lost",
  "potentially_lost_at",
  "lost_reason",
  "lost_email_sent_at",
  "outcome",
  "tracking_page_url",
  "tracking_page_views",
  "ocr_status",
  "original_file",
  "original_page",
  "encoded_metadata",
  "additional_content",
] as const;

const events = (d: LabelDetails): TrackingEvent[] => (d.tracking?.results ?? []).flatMap((r) => r.trackingEvents ?? []);
const addressCells = (a: Address | null | undefined) => [a?.name ?? "", (a?.address ?? []).join(", "), a?.postcode ?? "", a?.countryCode ?? ""];
const yesNo = (v: boolean | null | undefined) => (v === true ? "yes" : v === false ? "no" : "");

/** The page's labels as CSV rows, in LABEL_CSV_COLUMNS' order. */
export function labelCsvRows(page: LabelPage, owner: LabelOwner, now: number): string {
  return page.rows
    .map((row) => {
      const label = serializeLabel(row, row.fileId ? page.files.get(row.fileId) : undefined, owner, { now, buyerEmail: "whole", deadlines: false });
      const d = label.data[0];
      const file = row.fileId ? page.files.get(row.fileId) : undefined;
      const all = events(d);
      return csvRow([
        label.id,
        label.trackingCode,
        label.courier,
        label.status,
        row.source,
        label.createdAt,
        label.updatedAt,
        d.shippingLabelCreatedAt ?? "",
        d.date ?? "",
        d.deliveredAt ?? iso(row.deliveredAt) ?? "",
        d.serviceCode ?? "",
        d.serviceFlag ?? "",
        d.classId ?? "",
        yesNo(d.isNextDay),
        d.weightInGrams ?? "",
        d.dimensionsCm ? d.dimensionsCm.join(" x ") : "",
        typeof d.declaredValuePence === "number" ? (d.declaredValuePence / 100).toFixed(2) : "",
        ...ADDRESSES.flatMap(([, key]) => addressCells(d[key])),
        d.countryCode,
        d.vanRouting ?? d.routing?.van ?? "",
        label.tags.join(", "),
        label.notes,
        label.buyerEmail ?? "",
        yesNo(label.buyerNotifications),
        label.tracking.status ?? "",
        label.tracking.checkedAt ?? "",
        all.length,
        all[0]?.dateTime ?? "",
        all[0]?.trackingPoint?.description ?? "",
        yesNo(label.lostStatus.potentiallyLost),
        label.lostStatus.potentiallyLostAt ?? "",
        label.lostStatus.reason ?? "",
        label.lostStatus.lostEmailSentAt ?? "",
        label.outcome ?? "",
        label.trackingPageUrl ?? "",
        label.trackingPageViews,
        label.ocrStatus,
        file ? originalPath(file) : "",
        file ? (row.filePage ?? "") : "",
        d.encodedMetadata ?? "",
        (d.additionalContent ?? []).join(" | "),
      ]);
    })
    .join("");
}

export const EVENT_CSV_COLUMNS = ["tracking_code", "label_id", "date_time", "description", "code", "stage", "location"] as const;

/** Every tracking event of the page's labels, newest first per label. */
export function trackingEventRows(page: LabelPage, owner: LabelOwner, now: number): { text: string; count: number } {
  let count = 0;
  const text = page.rows
    .map((row) => {
      const d = serializeLabel(row, null, owner, { now, deadlines: false }).data[0];
      return events(d)
        .map((e) => {
          count++;
          return csvRow([row.trackingCode, row.id, e.dateTime, e.trackingPoint?.description ?? "", e.trackingPoint?.trackingPointCode ?? "", e.trackingStage?.description ?? "", e.location ?? ""]);
        })
        .join("");
    })
    .join("");
  return { text, count };
}
