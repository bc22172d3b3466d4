import { and, eq, gte, inArray, isNull, lte, or, sql, type Placeholder } from "drizzle-orm";
import type { Db } from "../db/client";
import { cachedRead, readBatch } from "../db/prepared";
import { inValueList } from "../db/d1-limits";
import { labelDayStats, labelFiles, labelStatusDayStats, labelTags, labels, users, type LabelRow } from "../db/schema";
import { normaliseTrackingCode } from "../couriers/registry";
import { placeholderTerms, termConditions, type LabelFilterTerms, type LabelListFilters } from "./filters";
import type { ListSort, ParcelStatus } from "../../shared/list-options";
import { listOrder, listTerms, orderBy } from "./list-query";
import { searchMatches } from "./search";
import type { ApiLabel } from "../../shared/label";
import { serializeLabel, type LabelOwner } from "./serialise";

/** Reading labels: one label, a page of the list with its total, the labels a save answers. */

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
      // A closed account's row is there until the queue removes it: no label is answered for it.
      .where(and(eq(users.id, P.userId), isNull(users.closedAt))),
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
  // The one label its owner opens: the buyer's e-mail whole (lists mask it).
  return { owner, label: row ? serializeLabel(row.label, fileOf(row), owner, { buyerEmail: "whole" }) : null };
}

export async function getLabel(db: Db, userId: number, idOrCode: string): Promise<ApiLabel | null> {
  return (await readLabel(db, userId, idOrCode)).label;
}

async function loadOwner(db: Db, userId: number): Promise<LabelOwner> {
  const owner = await db.query.users.findFirst({
    where: eq(users.id, userId),
    columns: { bannerKey: true, companyName: true, companyTagline: true },
  });
  return owner ?? { bannerKey: null, companyName: null, companyTagline: null };
}

/** The user's labels with these ids, in the order of `ids`. */
export async function labelsByIds(db: Db, userId: number, ids: string[]): Promise<ApiLabel[]> {
  const rows = await db.select().from(labels).where(and(eq(labels.userId, userId), inValueList(labels.id, ids)));
  const order = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  const owner = await loadOwner(db, userId);
  const fileIds = [...new Set(rows.map((r) => r.fileId).filter((id): id is string => Boolean(id)))];
  const files = fileIds.length ? await db.select().from(labelFiles).where(inValueList(labelFiles.id, fileIds)) : [];
  const byId = new Map(files.map((f) => [f.id, f]));
  return rows.map((r) => serializeLabel(r, r.fileId ? byId.get(r.fileId) : null, owner));
}

/** Searches with at most this many matches look each match's label up instead of walking the list. */
const SEARCH_JOIN_MAX = 2000;

/** How many of the user's labels match a search, from the index alone. Binds `userId`, `search`. */
const searchCountRead = (db: Db) =>
  cachedRead("labels.searchCount", () =>
    db
      .select({ total: sql<number>`count(*)` })
      .from(sql`labels_search` as unknown as typeof labels)
      .where(searchMatches(P.userId, sql.placeholder("search"))),
  );

/**
 * One page of the user's labels under the list's filters, in its order (newest first by default: index
 * labels_user_created), with the total, in ONE D1 round trip: the owner's row (null answer when the user is gone:
 * routes behind requireAuth({ loadUser: false }) answer 401), the page with its labels' files, and the total,
 * batched. status=needs_action reads its labels first (list-query.ts); a search counts its matches first, in
 * the index alone, and that count is how the page is read (bench/README.md 'Labels list search'): few matches
 * are looked up one by one, many are picked out while walking the list in its order.
 */
export async function listLabels(
  db: Db,
  userId: number,
  query: { page: number; perPage: number; filters: LabelListFilters },
): Promise<{ results: ApiLabel[]; total: number } | null> {
  // One statement per filter shape (which filters, how many tags) and order; the values are bound like the user's.
  const { shape, terms, values } = placeholderTerms(await listTerms(db, userId, query.filters));
  const bound = { ...values, userId };
  const pageValues = { ...bound, limit: query.perPage, offset: (query.page - 1) * query.perPage };
  const sort = query.filters.sort ?? "newest";
  if (!terms.search) {
    const { page, total } = listReads(db, shape, sort, terms, null);
    const [[owner], rows, [count]] = await readBatch(db.$client, [ownerRead(db).bind({ userId }), page.bind(pageValues), total!.bind(bound)]);
    return owner ? answer(rows, owner, count.total) : null;
  }
  const [[owner], [{ total: found }]] = await readBatch(db.$client, [ownerRead(db).bind({ userId }), searchCountRead(db).bind(bound)]);
  if (!owner) return null;
  const matches = Number(found);
  if (matches === 0) return { results: [], total: 0 };
  const { page, total } = listReads(db, shape, sort, terms, matches);
  if (!total) {
    const [rows] = await readBatch(db.$client, [page.bind(pageValues)]);
    return answer(rows, owner, matches);
  }
  const [rows, [count]] = await readBatch(db.$client, [page.bind(pageValues), total.bind(bound)]);
  return answer(rows, owner, count.total);
}

const answer = (rows: LabelWithFile[], owner: LabelOwner, total: number) => ({ results: rows.map((r) => serializeLabel(r.label, fileOf(r), owner)), total: Number(total) });

/**
 * The page and total statements of a filter shape and order. A search (`matches`: its count) with few matches
 * looks each match's label up by rowid; with more, the labels are walked in the list's order and the matching
 * ones picked out, as other filters are. A search with no other filter needs no total read.
 */
function listReads(db: Db, shape: string, sort: ListSort, terms: LabelFilterTerms<Placeholder>, matches: number | null) {
  const byMatches = matches !== null && matches <= SEARCH_JOIN_MAX;
  const where = () => and(...termConditions(P.userId, terms, { byMatches }));
  const key = `${shape}${byMatches ? "&byMatches" : ""}`;
  // The page's rowids first, then its labels: where the matches must be sorted (a range of days, needs action),
  // SQLite sorts whole rows, reading every match and its file columns to keep 15; sorting rowids reads the page's.
  const page = cachedRead(`labels.page?${key}&sort=${sort}`, () => {
    const order = orderBy(listOrder(sort));
    const rowids = db.select({ rowid: sql`${labels}.rowid` }).from(labels).where(where()).orderBy(...order).limit(P.limit).offset(P.offset);
    return labelsWithFile(db)
      .where(inArray(sql`${labels}.rowid`, rowids))
      .orderBy(...order);
  });
  const searchOnly = termConditions(P.userId, { ...terms, search: undefined }).length === 1;
  if (matches !== null && searchOnly) return { page, total: null };
  const total = cachedRead(`labels.total?${key}`, () => (byMatches ? db.select({ total: sql<number>`count(*)` }).from(labels).where(where()) : countLabels(db, terms)));
  return { page, total };
}

/**
 * The list's total without visiting every matching label (a count(*) over the labels would read all of a
 * user's rows on every page; bench/README.md 'Labels list'):
 *  - no tag filter: summed from a rollup kept exact by triggers on labels, whose columns are exactly the other
 *    filters: label_day_stats (one row per day, courier, lost and next-day flag), label_status_day_stats with a
 *    status too;
 *  - tags only: the tag rows themselves (label_tags carries its label's owner), each label once; with a status
 *    alone too, the tag rows of that status (label_tags carries its label's parcel_status);
 *  - tags and other filters: from the tag rows to their labels, so only tagged labels are read;
 *  - an id list: those labels; needs action: the labels_user_action index entries whose window holds the day;
 *    asking which order: the labels_order_question index entries.
 *    (A search is counted in the search index: listLabels.)
 */
function countLabels(db: Db, terms: LabelFilterTerms<Placeholder>) {
  if (terms.ids || terms.search || terms.needsAction || terms.orderQuestion) {
    return db.select({ total: sql<number>`count(*)` }).from(labels).where(and(...termConditions(P.userId, terms)));
  }
  if (!terms.tags.length) {
    const s = terms.parcelStatus ? labelStatusDayStats : labelDayStats;
    const conds = [eq(s.userId, P.userId)];
    if (terms.parcelStatus) conds.push(eq(labelStatusDayStats.status, terms.parcelStatus as unknown as ParcelStatus));
    if (terms.from) conds.push(gte(s.day, terms.from));
    if (terms.to) conds.push(lte(s.day, terms.to));
    if (terms.courier) conds.push(eq(s.courier, terms.courier));
    if (terms.lost !== undefined) conds.push(eq(s.lost, Number(terms.lost)));
    if (terms.flagged) conds.push(eq(s.lost, 1));
    // next_day -1 (not known) matches neither 0 nor 1, as is_next_day NULL does.
    if (terms.nextDay !== undefined) conds.push(eq(s.nextDay, Number(terms.nextDay)));
    return db.select({ total: sql<number>`coalesce(sum(${s.labels}), 0)` }).from(s).where(and(...conds));
  }
  const tagged = and(eq(labelTags.userId, P.userId), inArray(labelTags.tag, terms.tags));
  const others = termConditions(P.userId, { ...terms, tags: [] });
  if (others.length === 1) {
    return db.select({ total: sql<number>`count(distinct ${labelTags.labelId})` }).from(labelTags).where(tagged);
  }
  // A status alone besides the tags: the tag rows carry their label's (migration 0027), index label_tags_status.
  if (terms.parcelStatus && termConditions(P.userId, { ...terms, tags: [], parcelStatus: undefined }).length === 1) {
    const status = eq(labelTags.status, terms.parcelStatus as unknown as string);
    return db.select({ total: sql<number>`count(distinct ${labelTags.labelId})` }).from(labelTags).where(and(tagged, status));
  }
  // CROSS JOIN keeps label_tags as the outer loop (SQLite never reorders it): tagged labels only.
  return db
    .select({ total: sql<number>`count(distinct ${labelTags.labelId})` })
    .from(sql`${labelTags} cross join ${labels}`)
    .where(and(tagged, eq(labels.id, labelTags.labelId), ...others));
}
