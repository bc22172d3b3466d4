import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { courierById } from "../couriers/registry";
import type { Db } from "../db/client";
import { inValueList } from "../db/d1-limits";
import { labelFiles, labels, users, type LabelRow } from "../db/schema";
import { badRequest, notFound } from "../lib/errors";
import { labelFilterConditions, labelFilterSchema } from "../labels/filters";
import type { ApiLabel } from "../labels/model";
import { serializeLabel } from "../labels/serialise";

/** Which labels a bulk print takes (POST /labels/print) and how each one can be printed. */

/** Labels in one merged file at most: a request beyond it is refused, never cut short. */
export const MAX_PRINT_LABELS = 500;

export const PRINT_LAYOUTS = ["4x6", "a4-2", "a4-4"] as const;
export type PrintLayout = (typeof PRINT_LAYOUTS)[number];

export const printRequestSchema = z
  .object({
    ids: z
      .array(z.string().trim().min(1).max(100))
      .min(1, "choose at least one label")
      .max(MAX_PRINT_LABELS, `at most ${MAX_PRINT_LABELS} labels at once`)
      .optional(),
    /** The labels list's filters: every label matching them (at most 500). */
    filters: labelFilterSchema.optional(),
    layout: z.enum(PRINT_LAYOUTS, { message: "must be 4x6, a4-2 or a4-4" }).default("4x6"),
    format: z.enum(["pdf", "zpl"], { message: "must be pdf or zpl" }).default("pdf"),
  })
  .refine((b) => (b.ids === undefined) !== (b.filters === undefined), { message: "Send either ids or filters" });
export type PrintRequest = z.infer<typeof printRequestSchema>;

/** How one label goes into the merged file. */
export type PrintItem =
  | { kind: "drawn"; label: ApiLabel }
  | { kind: "original"; label: ApiLabel; r2Key: string; mime: OriginalMime; page: number };

type OriginalMime = "application/pdf" | "image/png" | "image/jpeg" | "image/webp";
const MERGEABLE = new Set<string>(["application/pdf", "image/png", "image/jpeg", "image/webp"] satisfies OriginalMime[]);

/** The labels to print, in the list's order for filters and in the caller's order for ids. Whole refusal on any problem. */
async function selectRows(db: Db, userId: number, req: PrintRequest): Promise<LabelRow[]> {
  if (req.ids) {
    const ids = [...new Set(req.ids)];
    const rows = await db.select().from(labels).where(and(eq(labels.userId, userId), inValueList(labels.id, ids)));
    const found = new Set(rows.map((r) => r.id));
    // Another user's label is not found, like a made-up id: nothing is printed.
    const missing = ids.find((id) => !found.has(id));
    if (missing) throw notFound(`Label not found: ${missing}`);
    const order = new Map(ids.map((id, i) => [id, i]));
    return rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  }
  const rows = await db
    .select()
    .from(labels)
    .where(and(...labelFilterConditions(userId, req.filters ?? {})))
    .orderBy(desc(labels.createdAt), desc(sql`${labels}.rowid`))
    .limit(MAX_PRINT_LABELS + 1);
  if (rows.length > MAX_PRINT_LABELS) {
    throw badRequest(`More than ${MAX_PRINT_LABELS} labels match these filters: print at most ${MAX_PRINT_LABELS} at once (narrow the filters or select labels).`);
  }
  if (!rows.length) throw badRequest("No labels match these filters.");
  return rows;
}

/** A list of tracking codes for a message: the first ten, then how many more. */
export function codeList(codes: string[]): string {
  return codes.length > 10 ? `${codes.slice(0, 10).join(", ")} and ${codes.length - 10} more` : codes.join(", ");
}

/**
 * The caller's labels for a print request, each with how it is printed: a courier whose labels we print is drawn
 * from its details; another courier's label (Royal Mail) merges its original file (a PDF page, a PNG, JPEG or WEBP;
 * in ZPL as a graphic). A label that has neither refuses the whole request with a 400 naming it:
 * nothing is silently left out of a file meant to hold every parcel.
 */
export async function printItems(db: Db, userId: number, req: PrintRequest): Promise<{ items: PrintItem[]; bannerKey: string | null }> {
  const rows = await selectRows(db, userId, req);
  const owner = (await db.query.users.findFirst({
    where: eq(users.id, userId),
    columns: { bannerKey: true, companyName: true, companyTagline: true },
  })) ?? { bannerKey: null, companyName: null, companyTagline: null };
  const fileIds = [...new Set(rows.map((r) => r.fileId).filter((id): id is string => Boolean(id)))];
  const files = fileIds.length
    ? await db.select().from(labelFiles).where(and(eq(labelFiles.userId, userId), inValueList(labelFiles.id, fileIds)))
    : [];
  const fileById = new Map(files.map((f) => [f.id, f]));

  const items: PrintItem[] = [];
  const refused: string[] = [];
  for (const row of rows) {
    const file = row.fileId ? fileById.get(row.fileId) : undefined;
    const label = serializeLabel(row, file, owner);
    if (courierById(row.courier)?.printing.supported) {
      items.push({ kind: "drawn", label });
    } else if (file && file.size > 0 && MERGEABLE.has(file.mime)) {
      items.push({ kind: "original", label, r2Key: file.r2Key, mime: file.mime as OriginalMime, page: Math.max(1, row.filePage ?? 1) });
    } else {
      refused.push(row.trackingCode);
    }
  }
  if (refused.length) throw badRequest(`These labels cannot be printed: they have no original PDF, PNG, JPEG or WEBP file to merge: ${codeList(refused)}`);
  return { items, bannerKey: owner.bannerKey ?? null };
}
