import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { labelFiles } from "../db/schema";
import { notFound } from "../lib/errors";
import { findLabelRow } from "./read";

/** A label's original file (GET /label/:id/download), from R2. */

const MIME_EXTENSIONS: Record<string, string> = {
  "application/pdf": "pdf",
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
  "image/tiff": "tif",
};

/** The download name: the original name, with an extension from the mime type when it has none. */
export function downloadFilename(name: string, mime: string): string {
  const base = name.trim() || "label";
  if (/\.[A-Za-z0-9]{1,5}$/.test(base)) return base;
  const ext = MIME_EXTENSIONS[mime.toLowerCase().split(";")[0].trim()];
  return ext ? `${base}.${ext}` : base;
}

/** The original file of a label, from R2. 404 when the label or its bytes do not exist. */
export async function labelOriginal(
  db: Db,
  env: Pick<Env, "FILES">,
  userId: number,
  idOrCode: string,
): Promise<{ body: ReadableStream; filename: string; mime: string; size: number }> {
  const row = await findLabelRow(db, userId, idOrCode);
  if (!row) throw notFound("Label not found");
  const file = row.fileId
    ? await db.query.labelFiles.findFirst({ where: and(eq(labelFiles.id, row.fileId), eq(labelFiles.userId, userId)) })
    : undefined;
  const object = file ? await env.FILES.get(file.r2Key) : null;
  if (!file || !object) throw notFound("No original file available");
  return { body: object.body, filename: downloadFilename(file.name, file.mime), mime: file.mime, size: object.size };
}
