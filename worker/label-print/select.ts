import { and, eq, or } from "drizzle-orm";
import { z } from "zod";
import { courierById, normaliseTrackingCode } from "../couriers/registry";
import type { Db } from "../db/client";
import { inValueList } from "../db/d1-limits";
import { labelFiles, labels, users, type LabelRow } from "../db/schema";
import { badRequest, notFound } from "../lib/errors";
import { labelListFilterSchema, termConditions } from "../labels/filters";
import { listOrder, listTerms, orderBy } from "../labels/list-query";
import type { ApiLabel } from "../../shared/label";
import { printPlan } from "../../shared/print-content";
import type { LeftOut, LeftOutReason } from "../../shared/left-out";
import { serializeLabel } from "../labels/serialise";

/** Which labels a bulk print takes (POST /labels/print) and how each one can be printed. */

/** Labels in one merged file at most: a request beyond it is refused, never cut short. */
export const MAX_PRINT_LABELS = 500;

export const PRINT_LAYOUTS = ["4x6", "a4-2", "a4-4"] as const;
export type PrintLayout = (typeof PRINT_LAYOUTS)[number];

export const printRequestSchema = z
  .object({
    /** Label ids or tracking codes (spaces, dashes and case ignored), as the other label calls take them. */
    ids: z
      .array(z.string().trim().min(1).max(100))
      .min(1, "choose at least one label")
      .max(MAX_PRINT_LABELS, `at most ${MAX_PRINT_LABELS} labels at once`)
      .describe("Label ids or tracking codes (spaces, dashes and case ignored), in the order to print them")
      .optional(),
    filters: labelListFilterSchema
      .describe("The labels list's filters, search and order (GET /labels): every label matching them, in that order (at most 500)")
      .optional(),
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

/** A merged file: its bytes (empty when no label could be printed), how many labels it holds, those left out. */
export interface PrintedFile<T> {
  body: T;
  printed: number;
  leftOut: LeftOut[];
}

/** The labels to print, in the list's order for filters and in the caller's order for ids (or codes). */
async function selectRows(db: Db, userId: number, req: PrintRequest): Promise<LabelRow[]> {
  if (req.ids) {
    const asked = [...new Set(req.ids)];
    const rows = await db
      .select()
      .from(labels)
      .where(and(eq(labels.userId, userId), or(inValueList(labels.id, asked), inValueList(labels.trackingCode, asked.map(normaliseTrackingCode)))));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const byCode = new Map(rows.map((r) => [r.trackingCode, r]));
    const rowFor = (key: string) => byId.get(key) ?? byCode.get(normaliseTrackingCode(key));
    // Another user's label is not found, like a made-up id: nothing is printed.
    const missing = asked.find((key) => !rowFor(key));
    if (missing) throw notFound(`Label not found: ${missing}`);
    // One page per label, even when the request names it by its id and by its code.
    return [...new Set(asked.map((key) => rowFor(key)!))];
  }
  const filters = req.filters ?? {};
  const rows = await db
    .select()
    .from(labels)
    .where(and(...termConditions(userId, await listTerms(db, userId, filters))))
    .orderBy(...orderBy(listOrder(filters.sort)))
    .limit(MAX_PRINT_LABELS + 1);
  if (rows.length > MAX_PRINT_LABELS) {
    throw badRequest(`More than ${MAX_PRINT_LABELS} labels match these filters: print at most ${MAX_PRINT_LABELS} at once (narrow the filters or select labels).`);
  }
  if (!rows.length) throw badRequest("No labels match these filters.");
  return rows;
}

/**
 * The caller's labels for a print request, each with how it is printed (printPlan): a courier whose labels we print
 * is drawn from its details; another courier's label (Royal Mail) merges its original file (a PDF page, a PNG, JPEG
 * or WEBP; in ZPL as a graphic). A label with nothing to print (no recipient address to draw, no original file) is
 * left out with why, and the rest print: one such label does not hold up a whole round of parcels.
 */
export async function printItems(db: Db, userId: number, req: PrintRequest): Promise<{ items: PrintItem[]; leftOut: LeftOut[]; bannerKey: string | null }> {
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
  const leftOut: LeftOut[] = [];
  for (const row of rows) {
    const file = row.fileId ? fileById.get(row.fileId) : undefined;
    const label = serializeLabel(row, file, owner);
    const plan = printPlan(label, courierById(row.courier)?.printing.supported ?? false);
    if (plan.how === "drawn" && plan.recipient) items.push({ kind: "drawn", label });
    else if (plan.how === "original" && file) items.push({ kind: "original", label, r2Key: file.r2Key, mime: file.mime as OriginalMime, page: Math.max(1, row.filePage ?? 1) });
    else leftOut.push({ id: row.id, trackingCode: row.trackingCode, reason: plan.how === "drawn" ? "no_recipient_address" : "no_original_file" });
  }
  return { items, leftOut, bannerKey: owner.bannerKey ?? null };
}

/** Thrown while building a file for one label that cannot go into it: the label is left out with this reason. */
export class LeftOutError extends Error {
  constructor(readonly reason: LeftOutReason) {
    super(reason);
  }
}

/**
 * Each item prepared for the file by `prepare`; an item whose preparation throws a LeftOutError (or a barcode that
 * cannot be drawn in spec, a BarcodeFitError) is left out with its reason, so the file holds every other label.
 */
export async function prepareEach<T, R>(items: T[], labelOf: (item: T) => ApiLabel, prepare: (item: T) => R | Promise<R>): Promise<{ ready: Array<[T, R]>; leftOut: LeftOut[] }> {
  const ready: Array<[T, R]> = [];
  const leftOut: LeftOut[] = [];
  for (const item of items) {
    try {
      ready.push([item, await prepare(item)]);
    } catch (err) {
      if (!(err instanceof LeftOutError)) throw err;
      const { id, trackingCode } = labelOf(item);
      leftOut.push({ id, trackingCode, reason: err.reason });
    }
  }
  return { ready, leftOut };
}
