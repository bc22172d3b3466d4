import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../db/client";
import { insertChunks } from "../db/d1-limits";
import { labelTags, labels } from "../db/schema";
import { notFound } from "../lib/errors";
import type { ApiLabel } from "../../shared/label";
import { findLabelRow, getLabel } from "./read";

/** A label's notes and tags: the tags live twice, as the label's tags_json and as label_tags rows for the filters. */

/** Tags as stored: trimmed, empties dropped, duplicates removed, order kept. */
export function cleanTags(tags: string[]): string[] {
  return [...new Set(tags.map((t) => t.trim()).filter(Boolean))];
}

/** The label_tags rows of a label: inserted, or put in place of its old ones (`replace`). */
export function tagStatements(db: Db, labelId: string, userId: number, tags: string[], replace: boolean): BatchItem<"sqlite">[] {
  const out: BatchItem<"sqlite">[] = [];
  if (replace) out.push(db.delete(labelTags).where(eq(labelTags.labelId, labelId)));
  for (const rows of insertChunks(tags.map((tag) => ({ labelId, userId, tag })), 3)) out.push(db.insert(labelTags).values(rows));
  return out;
}

/** PUT notes and tags: the label row and its label_tags rows change in one batch. */
export async function updateNotesAndTags(
  db: Db,
  userId: number,
  idOrCode: string,
  input: { notes: string; tags: string[] },
): Promise<ApiLabel> {
  const row = await findLabelRow(db, userId, idOrCode);
  if (!row) throw notFound("Label not found");
  const tags = cleanTags(input.tags);
  await db.batch([
    db
      .update(labels)
      .set({ notes: input.notes.trim(), tagsJson: JSON.stringify(tags), updatedAt: Date.now() })
      .where(eq(labels.id, row.id)),
    ...tagStatements(db, row.id, userId, tags, true),
  ] as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return (await getLabel(db, userId, row.id))!;
}
