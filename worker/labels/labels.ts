import { and, desc, eq, gte, inArray, lte, or, sql, type Placeholder } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../db/client";
import { cachedRead, readBatch } from "../db/prepared";
import { inValueList, insertChunks } from "../db/d1-limits";
import { labelDayStats, labelFiles, labelTags, labels, users, type LabelRow, type User } from "../db/schema";
import { newId } from "../lib/crypto";
import { ApiError, notFound } from "../lib/errors";
import { log } from "../lib/log";
import { normalisePostcode } from "../couriers/postcode";
import { normaliseTrackingCode } from "../couriers/registry";
import { debitWith, isInsufficientCredits } from "../credits/credits";
import { enqueueMany } from "../lib/jobs";
import { courierKey, filterTerms, placeholderTerms, termConditions, type LabelFilterTerms, type LabelFilters } from "./filters";
import { lostReasonText } from "../tracking/lost";
import type { Address, ApiLabel, LabelDetails, TrackingResult } from "./model";
import { ukDayOf } from "../lib/uk-calendar";

/**
 * Labels: creating them (manual or imported, each new tracking code paid with one credit in the
 * same batch as its insert), reading them as the API's ApiLabel, notes and tags.
 */

type LabelFile = typeof labelFiles.$inferSelect;
export type LabelOwner = Pick<User, "bannerKey" | "companyName" | "companyTagline">;
type Batch = BatchItem<"sqlite">[];

const BANNER_URL = "/api/v1/user/banner";

const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());

function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}


/** Tags as stored: trimmed, empties dropped, duplicates removed, order kept. */
export function cleanTags(tags: string[]): string[] {
  return [...new Set(tags.map((t) => t.trim()).filter(Boolean))];
}

function normaliseAddress(a: Address | null | undefined): Address | null | undefined {
  if (!a) return a;
  return { ...a, postcode: a.postcode ? normalisePostcode(a.postcode) : "", countryCode: a.countryCode || "GB" };
}

/** Details as stored: normalised code and courier, GB default, postcodes normalised, no tracking. */
function storedDetails(d: LabelDetails): LabelDetails {
  const { tracking: _tracking, ...rest } = d;
  return {
    ...rest,
    courier: courierKey(d.courier),
    trackingCode: normaliseTrackingCode(d.trackingCode),
    countryCode: d.countryCode || "GB",
    address: normaliseAddress(d.address),
    fromAddress: normaliseAddress(d.fromAddress),
    sendAddress: normaliseAddress(d.sendAddress),
    returnAddress: normaliseAddress(d.returnAddress),
  };
}

/** New values win; a value the newer reading lacks (null/undefined) keeps the older one. */
function mergeDetails(old: LabelDetails, next: LabelDetails): LabelDetails {
  const merged: Record<string, unknown> = { ...old };
  for (const [k, v] of Object.entries(next)) if (v !== null && v !== undefined) merged[k] = v;
  return merged as unknown as LabelDetails;
}

/** The analytics columns that mirror the details. */
function mirrorColumns(d: LabelDetails, createdAt: number) {
  const shipped = d.shippingLabelCreatedAt ?? d.date;
  const shippedMs = shipped ? Date.parse(shipped) : NaN;
  return {
    courier: d.courier,
    shippedOn: ukDayOf(Number.isNaN(shippedMs) ? createdAt : shippedMs),
    weightGrams: typeof d.weightInGrams === "number" ? Math.round(d.weightInGrams) : null,
    isNextDay: typeof d.isNextDay === "boolean" ? d.isNextDay : null,
  };
}

function trackingResults(row: LabelRow): { results: TrackingResult[] } | null {
  const t = parseJson<unknown>(row.trackingJson, null);
  if (!t) return null;
  if (Array.isArray(t)) return { results: t as TrackingResult[] };
  if (typeof t === "object" && Array.isArray((t as { results?: unknown }).results)) return t as { results: TrackingResult[] };
  return null;
}

/** One label as the API answers it. */
export function serializeLabel(row: LabelRow, file: Pick<LabelFile, "name" | "mime" | "size"> | null | undefined, owner: LabelOwner): ApiLabel {
  const stored = parseJson<Partial<LabelDetails>>(row.detailsJson, {});
  const details: LabelDetails = {
    ...stored,
    courier: stored.courier ?? row.courier,
    trackingCode: row.trackingCode,
    countryCode: stored.countryCode || "GB",
    address: normaliseAddress(stored.address),
    fromAddress: normaliseAddress(stored.fromAddress),
    sendAddress: normaliseAddress(stored.sendAddress),
    returnAddress: normaliseAddress(stored.returnAddress),
    tracking: trackingResults(row),
  };
  const hasFile = Boolean(file && row.fileId);
  return {
    id: row.id,
    trackingCode: row.trackingCode,
    courier: row.courier,
    notes: row.notes,
    tags: parseJson<string[]>(row.tagsJson, []),
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
    downloadUrl: hasFile ? `/api/v1/label/${row.id}/download` : null,
    file: hasFile && file ? { name: file.name, mime: file.mime, hasBytes: file.size > 0 } : null,
    lostStatus: {
      potentiallyLost: row.potentiallyLost,
      potentiallyLostAt: iso(row.potentiallyLostAt),
      lostEmailSentAt: iso(row.lostEmailSentAt),
      reason: row.lostReason ? lostReasonText(row.lostReason) : null,
    },
    tracking: {
      status: (row.trackingStatus as ApiLabel["tracking"]["status"]) ?? null,
      checkedAt: iso(row.trackingCheckedAt),
      error: row.trackingError ?? null,
    },
    ocrStatus: row.ocrStatus,
    data: [details],
    labelSettings: {
      banner_image_url: owner.bannerKey ? BANNER_URL : null,
      company_name: owner.companyName ?? null,
      company_tagline: owner.companyTagline ?? null,
    },
  };
}

const isUniqueConflict = (err: unknown) => {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if (/UNIQUE constraint failed: labels\.(user_id|tracking_code)/.test(String((e as Error).message ?? e))) return true;
  }
  return false;
};

function tagStatements(db: Db, labelId: string, userId: number, tags: string[], replace: boolean): Batch {
  const out: Batch = [];
  if (replace) out.push(db.delete(labelTags).where(eq(labelTags.labelId, labelId)));
  for (const rows of insertChunks(tags.map((tag) => ({ labelId, userId, tag })), 3)) out.push(db.insert(labelTags).values(rows));
  return out;
}

async function loadOwner(db: Db, userId: number): Promise<LabelOwner> {
  const owner = await db.query.users.findFirst({
    where: eq(users.id, userId),
    columns: { bannerKey: true, companyName: true, companyTagline: true },
  });
  return owner ?? { bannerKey: null, companyName: null, companyTagline: null };
}

async function serializeRows(db: Db, rows: LabelRow[], owner: LabelOwner): Promise<ApiLabel[]> {
  const fileIds = [...new Set(rows.map((r) => r.fileId).filter((id): id is string => Boolean(id)))];
  const files = fileIds.length ? await db.select().from(labelFiles).where(inValueList(labelFiles.id, fileIds)) : [];
  const byId = new Map(files.map((f) => [f.id, f]));
  return rows.map((r) => serializeLabel(r, r.fileId ? byId.get(r.fileId) : null, owner));
}

async function enqueueTracking(env: Pick<Env, "JOBS">, labelIds: string[]) {
  if (!labelIds.length) return;
  try {
    await enqueueMany(env, labelIds.map((labelId) => ({ type: "tracking.refresh", labelId })));
  } catch (err) {
    // The label is saved and paid for; cron picks up labels whose first fetch never ran.
    log("warn", "could not enqueue tracking", { labelIds, error: String(err) });
  }
}

// ---------------------------------------------------------------------------------------------
// Manual creation

export interface ManualLabelInput {
  details: LabelDetails;
  tags?: string[];
  notes?: string;
}

/**
 * Creates a label by hand for one credit, or updates the user's label with that tracking code for
 * free. Two concurrent creates of one code: the loser's batch hits the unique index, is rolled
 * back whole (debit included) and retried as an update.
 */
export async function createManualLabel(
  db: Db,
  env: Pick<Env, "JOBS">,
  userId: number,
  input: ManualLabelInput,
): Promise<{ label: ApiLabel; created: boolean }> {
  const details = storedDetails(input.details);
  const tags = input.tags ? cleanTags(input.tags) : undefined;
  const notes = input.notes?.trim();

  for (let attempt = 0; attempt < 2; attempt++) {
    const existing = await db.query.labels.findFirst({
      where: and(eq(labels.userId, userId), eq(labels.trackingCode, details.trackingCode)),
    });
    if (existing) {
      const merged = mergeDetails(parseJson<LabelDetails>(existing.detailsJson, details), details);
      const now = Date.now();
      await db.batch([
        db
          .update(labels)
          .set({
            detailsJson: JSON.stringify(merged),
            ...mirrorColumns(merged, existing.createdAt),
            ...(notes !== undefined ? { notes } : {}),
            ...(tags !== undefined ? { tagsJson: JSON.stringify(tags) } : {}),
            updatedAt: now,
          })
          .where(eq(labels.id, existing.id)),
        ...(tags !== undefined ? tagStatements(db, existing.id, userId, tags, true) : []),
      ] as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
      return { label: (await getLabel(db, userId, existing.id))!, created: false };
    }

    const id = newId("lbl");
    const now = Date.now();
    try {
      await debitWith(db, { userId, amount: 1, reference: id }, [
        db.insert(labels).values({
          id,
          userId,
          trackingCode: details.trackingCode,
          detailsJson: JSON.stringify(details),
          notes: notes ?? "",
          tagsJson: JSON.stringify(tags ?? []),
          source: "manual",
          ...mirrorColumns(details, now),
          createdAt: now,
          // Due for its first tracking fetch now: the cron picks it up even if the enqueue fails.
          nextTrackingAt: now,
          updatedAt: now,
        }),
        ...tagStatements(db, id, userId, tags ?? [], false),
      ]);
    } catch (err) {
      if (attempt === 0 && isUniqueConflict(err)) continue;
      throw err;
    }
    await enqueueTracking(env, [id]);
    return { label: (await getLabel(db, userId, id))!, created: true };
  }
  throw new ApiError(409, "This label is being saved by another request. Please try again.");
}

// ---------------------------------------------------------------------------------------------
// Import (used by POST /api/v1/label, worker/label-import/routes.ts)

export interface ImportedFile {
  id: string;
  r2Key: string;
  name: string;
  mime: string;
  size: number;
  pages: number;
}

export interface ImportedLabel {
  page: number;
  details: LabelDetails;
  ocrPending: boolean;
}

/**
 * Saves one imported file and its labels in ONE batch: the label_files row, a debit of one credit
 * per tracking code that is new for the user, the new labels, and the existing ones updated (details
 * merged, notes and tags kept, pointed at this file). With too few credits nothing is stored (402).
 * Repeated codes inside the file count once. Answers the saved labels, one per tracking code.
 */
export async function saveImportedLabels(
  db: Db,
  env: Pick<Env, "JOBS">,
  input: { userId: number; file: ImportedFile; labels: ImportedLabel[]; notes?: string },
): Promise<ApiLabel[]> {
  const { userId, file } = input;
  const notes = input.notes?.trim() ?? "";

  // One entry per tracking code, in page order; later readings of a code merge into the first.
  const byCode = new Map<string, ImportedLabel>();
  for (const l of input.labels) {
    const details = storedDetails(l.details);
    const seen = byCode.get(details.trackingCode);
    if (seen) byCode.set(details.trackingCode, { ...seen, details: mergeDetails(seen.details, details), ocrPending: seen.ocrPending || l.ocrPending });
    else byCode.set(details.trackingCode, { ...l, details });
  }
  const codes = [...byCode.keys()];

  for (let attempt = 0; attempt < 2; attempt++) {
    const existing = codes.length
      ? await db.select().from(labels).where(and(eq(labels.userId, userId), inValueList(labels.trackingCode, codes)))
      : [];
    const existingByCode = new Map(existing.map((r) => [r.trackingCode, r]));
    const now = Date.now();
    const statements: Batch = [
      db.insert(labelFiles).values({ ...file, userId, createdAt: now }),
    ];
    const newIds: string[] = [];
    const ids: string[] = [];

    for (const [code, l] of byCode) {
      const old = existingByCode.get(code);
      const ocrStatus = l.ocrPending ? ("pending" as const) : ("done" as const);
      if (old) {
        const merged = mergeDetails(parseJson<LabelDetails>(old.detailsJson, l.details), l.details);
        statements.push(
          db
            .update(labels)
            .set({
              detailsJson: JSON.stringify(merged),
              ...mirrorColumns(merged, old.createdAt),
              fileId: file.id,
              filePage: l.page,
              ocrStatus,
              updatedAt: now,
            })
            .where(eq(labels.id, old.id)),
        );
        ids.push(old.id);
      } else {
        const id = newId("lbl");
        statements.push(
          db.insert(labels).values({
            id,
            userId,
            trackingCode: code,
            detailsJson: JSON.stringify(l.details),
            notes,
            source: "upload",
            fileId: file.id,
            filePage: l.page,
            ocrStatus,
            ...mirrorColumns(l.details, now),
            createdAt: now,
            // Due for its first tracking fetch now: the cron picks it up even if the enqueue fails.
            nextTrackingAt: now,
            updatedAt: now,
          }),
        );
        newIds.push(id);
        ids.push(id);
      }
    }

    try {
      if (newIds.length) {
        await debitWith(db, { userId, amount: newIds.length, reference: file.id }, statements);
      } else {
        await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
      }
    } catch (err) {
      if ((err instanceof ApiError && err.status === 402) || isInsufficientCredits(err)) {
        throw new ApiError(402, `You need ${newIds.length} credits to process this file`);
      }
      if (attempt === 0 && isUniqueConflict(err)) continue;
      throw err;
    }

    await enqueueTracking(env, newIds);
    const rows = await db.select().from(labels).where(and(eq(labels.userId, userId), inValueList(labels.id, ids)));
    const order = new Map(ids.map((id, i) => [id, i]));
    rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    return serializeRows(db, rows, await loadOwner(db, userId));
  }
  throw new ApiError(409, "These labels are being saved by another request. Please try again.");
}

// ---------------------------------------------------------------------------------------------
// Reading and editing

/** Finds the user's label by id or tracking code (spaces/dashes and case ignored). */
export async function findLabelRow(db: Db, userId: number, idOrCode: string): Promise<LabelRow | undefined> {
  return db.query.labels.findFirst({
    where: and(
      eq(labels.userId, userId),
      or(eq(labels.id, idOrCode), eq(labels.trackingCode, normaliseTrackingCode(idOrCode))),
    ),
  });
}

/**
 * A label select with its file's columns as select-list subqueries: evaluated for the rows answered only (a
 * join would also run for every row an OFFSET skips, reading each skipped label's row).
 */
function labelsWithFile(db: Db) {
  const fileColumn = <T>(column: typeof labelFiles.name | typeof labelFiles.mime | typeof labelFiles.size) =>
    sql<T | null>`(select ${column} from ${labelFiles} where ${labelFiles.id} = ${labels.fileId})`;
  return db
    .select({
      label: labels,
      fileName: fileColumn<string>(labelFiles.name).as("file_name_"),
      fileMime: fileColumn<string>(labelFiles.mime).as("file_mime_"),
      fileSize: fileColumn<number>(labelFiles.size).as("file_size_"),
    })
    .from(labels);
}

type LabelWithFile = { label: LabelRow; fileName: string | null; fileMime: string | null; fileSize: number | null };

const fileOf = (r: LabelWithFile) =>
  r.fileName === null || r.fileMime === null || r.fileSize === null ? null : { name: r.fileName, mime: r.fileMime, size: r.fileSize };

// The hot reads (GET /labels, GET /label/:id) are built once per isolate and filter shape and only bound per call
// (worker/db/prepared.ts): every value goes through one of these placeholders.
const P = {
  userId: sql.placeholder("userId"),
  id: sql.placeholder("id"),
  trackingCode: sql.placeholder("trackingCode"),
  limit: sql.placeholder("limit"),
  offset: sql.placeholder("offset"),
};

/** The owner's columns a label needs (banner, company); no row when the user is gone. Binds `userId`. */
const ownerRead = (db: Db) =>
  cachedRead("labels.owner", () =>
    db
      .select({ bannerKey: users.bannerKey, companyName: users.companyName, companyTagline: users.companyTagline })
      .from(users)
      .where(eq(users.id, P.userId)),
  );

/** One label of the user by id or tracking code, with its file. Binds `userId`, `id`, `trackingCode`. */
const labelRead = (db: Db) =>
  cachedRead("labels.one", () =>
    labelsWithFile(db)
      .where(and(eq(labels.userId, P.userId), or(eq(labels.id, P.id), eq(labels.trackingCode, P.trackingCode))))
      .limit(1),
  );

/**
 * One label of the user (by id or tracking code) and its owner, in ONE D1 batch: `owner` is null when the user
 * row is gone (routes behind requireAuth({ loadUser: false }) answer 401 then), `label` null when not found.
 */
export async function readLabel(
  db: Db,
  userId: number,
  idOrCode: string,
): Promise<{ owner: LabelOwner | null; label: ApiLabel | null }> {
  const [[owner], [row]] = await readBatch(db.$client, [
    ownerRead(db).bind({ userId }),
    labelRead(db).bind({ userId, id: idOrCode, trackingCode: normaliseTrackingCode(idOrCode) }),
  ]);
  if (!owner) return { owner: null, label: null };
  return { owner, label: row ? serializeLabel(row.label, fileOf(row), owner) : null };
}

export async function getLabel(db: Db, userId: number, idOrCode: string): Promise<ApiLabel | null> {
  return (await readLabel(db, userId, idOrCode)).label;
}

/**
 * One page of the user's labels, newest first (index labels_user_created), with the total, in ONE D1 round
 * trip: the owner's row (null answer when the user is gone: routes behind requireAuth({ loadUser: false })
 * answer 401), the page with its labels' files, and the total, batched.
 */
export async function listLabels(
  db: Db,
  userId: number,
  query: { page: number; perPage: number; filters: LabelFilters },
): Promise<{ results: ApiLabel[]; total: number } | null> {
  // One statement per filter shape (which filters, how many tags); the filters' values are bound like the user's.
  const { shape, terms, values } = placeholderTerms(filterTerms(query.filters));
  const pageRead = cachedRead(`labels.page?${shape}`, () =>
    labelsWithFile(db)
      .where(and(...termConditions(P.userId, terms)))
      // rowid breaks ties between labels saved in one batch, and stays inside the index.
      .orderBy(desc(labels.createdAt), desc(sql`${labels}.rowid`))
      .limit(P.limit)
      .offset(P.offset),
  );
  const totalRead = cachedRead(`labels.total?${shape}`, () => countLabels(db, terms));
  const [[owner], rows, [{ total }]] = await readBatch(db.$client, [
    ownerRead(db).bind({ userId }),
    pageRead.bind({ ...values, userId, limit: query.perPage, offset: (query.page - 1) * query.perPage }),
    totalRead.bind({ ...values, userId }),
  ]);
  if (!owner) return null;
  return { results: rows.map((r) => serializeLabel(r.label, fileOf(r), owner)), total: Number(total) };
}

/**
 * The list's total without visiting every matching label (a count(*) over the labels would read all of a
 * user's rows on every page; bench/README.md 'Labels list'):
 *  - no tag filter: summed from the label_day_stats rollup (kept exact by triggers on labels; one row per
 *    day, courier, lost and next-day flag), whose columns are exactly the other filters;
 *  - tags only: the tag rows themselves (label_tags carries its label's owner), each label once;
 *  - tags and other filters: from the tag rows to their labels, so only tagged labels are read.
 */
function countLabels(db: Db, terms: LabelFilterTerms<Placeholder>) {
  if (!terms.tags.length) {
    const s = labelDayStats;
    const conds = [eq(s.userId, P.userId)];
    if (terms.from) conds.push(gte(s.day, terms.from));
    if (terms.to) conds.push(lte(s.day, terms.to));
    if (terms.courier) conds.push(eq(s.courier, terms.courier));
    if (terms.lost !== undefined) conds.push(eq(s.lost, Number(terms.lost)));
    // next_day -1 (not known) matches neither 0 nor 1, as is_next_day NULL does.
    if (terms.nextDay !== undefined) conds.push(eq(s.nextDay, Number(terms.nextDay)));
    return db.select({ total: sql<number>`coalesce(sum(${s.labels}), 0)` }).from(s).where(and(...conds));
  }
  const tagged = and(eq(labelTags.userId, P.userId), inArray(labelTags.tag, terms.tags));
  const others = termConditions(P.userId, { ...terms, tags: [] });
  if (others.length === 1) {
    return db.select({ total: sql<number>`count(distinct ${labelTags.labelId})` }).from(labelTags).where(tagged);
  }
  // CROSS JOIN keeps label_tags as the outer loop (SQLite never reorders it): tagged labels only.
  return db
    .select({ total: sql<number>`count(distinct ${labelTags.labelId})` })
    .from(sql`${labelTags} cross join ${labels}`)
    .where(and(tagged, eq(labels.id, labelTags.labelId), ...others));
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
