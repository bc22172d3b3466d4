import { and, asc, eq, getTableColumns, gt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { inValueList } from "../db/d1-limits";
import { parcelStatusSql } from "../db/parcel-status";
import { deletedLabels, labelFiles, labels, type LabelRow } from "../db/schema";
import type { ApiLabel } from "../../shared/label";
import { serializeLabel, type LabelOwner } from "../labels/serialise";
import { originalPath } from "./export-labels";

/**
 * Recently deleted labels in 'Download my data' (recently-deleted.jsonl): a deleted label is still data we hold for its
 * 30 days, so it is in the copy, each line the label as the API would answer it (its row is kept whole, as JSON by
 * column name, in deleted_labels: worker/labels/trash.ts), with when it was deleted and until when it can be restored.
 */

export const DELETED_PER_PAGE = 500;

export interface DeletedCursor {
  deletedAt: number;
  labelId: string;
}

export interface ExportedDeletedLabel {
  deletedAt: string;
  restorableUntil: string;
  label: ApiLabel & { original: { path: string; name: string; mime: string; size: number; page: number | null } | null };
}

/** The label row a deleted label's JSON holds (booleans and missing columns as the table reads them). */
function rowOf(json: Record<string, unknown>): LabelRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(labels))) {
    const value = json[column.name];
    row[key] = column.dataType === "boolean" && value !== null && value !== undefined ? Boolean(value) : (value ?? null);
  }
  return row as unknown as LabelRow;
}

/** A page of the user's recently deleted labels, oldest deletion first, as JSON lines. Two D1 reads. */
export async function deletedLabelPage(db: Db, userId: number, owner: LabelOwner, now: number, after: DeletedCursor | null): Promise<{ text: string; next: DeletedCursor | null }> {
  // Its status as labels.parcel_status would have it: the column's own definition over the kept row's columns.
  const kept = (column: string) => sql.raw(`json_extract(label_json, '$.${column}') as ${column}`);
  const status = sql<LabelRow["parcelStatus"]>`(select ${parcelStatusSql} from (select ${sql.join(["delivered_at", "tracking_status", "outcome", "details_json", "last_scan_at"].map(kept), sql`, `)}))`;
  const rows = await db
    .select({ d: deletedLabels, status })
    .from(deletedLabels)
    .where(
      and(
        eq(deletedLabels.userId, userId),
        after ? or(gt(deletedLabels.deletedAt, after.deletedAt), and(eq(deletedLabels.deletedAt, after.deletedAt), gt(deletedLabels.labelId, after.labelId))) : undefined,
      ),
    )
    .orderBy(asc(deletedLabels.deletedAt), asc(deletedLabels.labelId))
    .limit(DELETED_PER_PAGE);
  const fileIds = [...new Set(rows.map((r) => r.d.fileId).filter((id): id is string => Boolean(id)))];
  const files = fileIds.length ? await db.select().from(labelFiles).where(and(eq(labelFiles.userId, userId), inValueList(labelFiles.id, fileIds))) : [];
  const fileById = new Map(files.map((f) => [f.id, f]));
  const text = rows
    .map(({ d, status }) => {
      const row = { ...rowOf(JSON.parse(d.labelJson) as Record<string, unknown>), parcelStatus: status };
      const file = d.fileId ? fileById.get(d.fileId) : undefined;
      const line: ExportedDeletedLabel = {
        deletedAt: new Date(d.deletedAt).toISOString(),
        restorableUntil: new Date(d.purgeAt).toISOString(),
        label: {
          ...serializeLabel(row, file, owner, { now, buyerEmail: "whole" }),
          // Its page is switched off while it is deleted (a restore shares it under a new address).
          trackingPageUrl: null,
          downloadUrl: null,
          original: file ? { path: originalPath(file), name: file.name, mime: file.mime, size: file.size, page: row.filePage } : null,
        },
      };
      return `${JSON.stringify(line)}\n`;
    })
    .join("");
  const last = rows.at(-1);
  return { text, next: rows.length === DELETED_PER_PAGE && last ? { deletedAt: last.d.deletedAt, labelId: last.d.labelId } : null };
}
