import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "../db/client";
import { buyerMails, creditLedger, r2Deletions, deletedLabels, jobLeases, labelAlerts, labelFiles, labelTags, labels, tagSetTags, labelTagSets } from "../db/schema";

/**
 * Recently deleted: the write path of deleting and restoring labels (the counterpart of save.ts). A deleted label
 * leaves `labels` whole for `deleted_labels` in one batch: its row as JSON with every column, its sent deadline
 * alerts and buyer mails. Leaving `labels` is what takes it out of everything at once: the list, search (the index's
 * trigger), analytics (the rollups' triggers subtract it), Needs action, alerts, prints, exports, tracking and buyer
 * mail jobs (they find no label and stop). A restore is the same batch backwards: the insert triggers count it again,
 * its tags come back from its own tags_json. Ids are bound as one JSON list, so a chunk stays one parameter.
 */

export const RESTORE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
export const purgeAtFor = (deletedAt: number) => deletedAt + RESTORE_DAYS * DAY_MS;

/** Labels moved, restored or purged per statement: a few hundred trigger runs, well inside D1's 30 s a query. */
export const TRASH_CHUNK = 250;

/** The statements of one D1 batch (run with sqlBatch: all or none). */
type Batch = SQL[];

/** Every stored column of `labels` (parcel_status is generated from the others). */
const storedColumns = (): SQLiteColumn[] => Object.values(getTableColumns(labels)).filter((c) => !c.generated) as SQLiteColumn[];

/**
 * The label row as one JSON object. A SQL function takes at most 127 arguments in older SQLite builds, so the object
 * is begun with part of the columns and the rest inserted 40 at a time (json_insert keeps a null as null, where
 * json_patch would drop the key).
 */
function rowJson(): SQL {
  const pairs = (cols: SQLiteColumn[]) => sql.join(cols.map((c) => sql`${sql.raw(`'${c.name}'`)}, ${sql.identifier("labels")}.${sql.identifier(c.name)}`), sql`, `);
  const cols = storedColumns();
  let json = sql`json_object(${pairs(cols.slice(0, 40))})`;
  for (let i = 40; i < cols.length; i += 40) {
    const part = cols.slice(i, i + 40).map((c) => sql`${sql.raw(`'$.${c.name}'`)}, ${sql.identifier("labels")}.${sql.identifier(c.name)}`);
    json = sql`json_insert(${json}, ${sql.join(part, sql`, `)})`;
  }
  return json;
}

/** A column's default as SQL text, for a row deleted before the column existed (its key is missing from the JSON). */
function defaultSql(c: SQLiteColumn): SQL | null {
  if (!c.hasDefault || c.default === undefined) return null;
  const d = c.default as unknown;
  if (typeof d === "number") return sql.raw(String(d));
  if (typeof d === "boolean") return sql.raw(d ? "1" : "0");
  if (typeof d === "string") return sql.raw(`'${d.replace(/'/g, "''")}'`);
  return d as SQL;
}

/** The deleted label's value of one column, read back from its JSON. */
function columnFromJson(c: SQLiteColumn, pageTokens: string): SQL {
  const path = sql.raw(`'$.${c.name}'`);
  const value = sql`json_extract(d.label_json, ${path})`;
  // A page comes back under the new token made for it (none: not shared).
  if (c.name === "page_token") return sql`(select value from json_each(${pageTokens}) where key = d.label_id)`;
  const fallback = defaultSql(c);
  return fallback ? sql`(case when json_type(d.label_json, ${path}) is null then ${fallback} else ${value} end)` : value;
}

const inIds = (column: SQL, ids: string) => sql`${column} in (select value from json_each(${ids}))`;

/** Moves the user's labels `ids` (a JSON list) to Recently deleted: the statements of one batch. */
export function trashStatements(userId: number, ids: string, now: number): Batch {
  const mine = sql`${labels.userId} = ${userId} and ${inIds(sql`${labels.id}`, ids)}`;
  const alerts = sql`(select json_group_array(json_object('kind', a.kind, 'sent_at', a.sent_at)) from ${labelAlerts} a where a.label_id = ${labels.id})`;
  const mails = sql`(select json_group_array(json_object('kind', m.kind, 'user_id', m.user_id, 'day', m.day, 'status', m.status, 'at', m.at)) from ${buyerMails} m where m.label_id = ${labels.id})`;
  return [
    sql`insert into ${deletedLabels} (label_id, user_id, tracking_code, courier, file_id, deleted_at, purge_at, label_json, alerts_json, buyer_mails_json)
      select ${labels.id}, ${labels.userId}, ${labels.trackingCode}, ${labels.courier}, ${labels.fileId}, ${now}, ${purgeAtFor(now)}, ${rowJson()}, ${alerts}, ${mails}
      from ${labels} where ${mine}`,
    // Its tags, alerts and buyer mails go with it (a trigger and the foreign keys' cascades); the triggers subtract it.
    sql`delete from ${labels} where ${mine}`,
  ];
}

/**
 * Restores the user's deleted labels `ids` (a JSON list) still within their 30 days: the statements of one batch.
 * `pageTokens` maps each label that had a buyer page to its new token (a JSON object). A label whose tracking code
 * is among the user's labels again is left in Recently deleted (the unique index refuses it; the caller says so).
 */
export function restoreStatements(userId: number, ids: string, pageTokens: string, now: number): Batch {
  const cols = storedColumns();
  const asked = sql`d.user_id = ${userId} and ${inIds(sql`d.label_id`, ids)} and d.purge_at > ${now}`;
  const back = sql`${asked} and exists (select 1 from ${labels} l where l.id = d.label_id)`;
  const tags = sql`(case when json_valid(json_extract(d.label_json, '$.tags_json')) then json_extract(d.label_json, '$.tags_json') else '[]' end)`;
  return [
    sql`insert or ignore into ${labels} (${sql.join(cols.map((c) => sql.identifier(c.name)), sql`, `)})
      select ${sql.join(cols.map((c) => columnFromJson(c, pageTokens)), sql`, `)} from ${deletedLabels} d where ${asked}`,
    sql`insert or ignore into ${labelTags} (label_id, user_id, tag) select d.label_id, d.user_id, j.value from ${deletedLabels} d, json_each(${tags}) j where ${back}`,
    sql`insert or ignore into ${labelAlerts} (label_id, kind, sent_at)
      select d.label_id, json_extract(j.value, '$.kind'), json_extract(j.value, '$.sent_at') from ${deletedLabels} d, json_each(d.alerts_json) j where ${back}`,
    sql`insert or ignore into ${buyerMails} (label_id, kind, user_id, day, status, at)
      select d.label_id, json_extract(j.value, '$.kind'), json_extract(j.value, '$.user_id'), json_extract(j.value, '$.day'), json_extract(j.value, '$.status'), json_extract(j.value, '$.at')
      from ${deletedLabels} d, json_each(d.buyer_mails_json) j where ${back}`,
    sql`delete from ${deletedLabels} where label_id in (select d.label_id from ${deletedLabels} d where ${back})`,
  ];
}

/** What the purge of some deleted labels removes besides their rows: their files no label uses, and the links to them. */
export interface PurgePlan {
  /** Deleted labels to purge (a JSON list of label ids). */
  ids: string;
  /** The label_files rows no other label (live or recently deleted) uses: they go. */
  unusedFileIds: string[];
  /** Their R2 objects (and anything stored under their keys), queued in r2_deletions in the same batch. */
  r2Keys: { key: string; userId: number }[];
  userIds: number[];
}

/** The files of the deleted labels `ids` that no other label, live or recently deleted, still uses. */
export async function filesOnlyTheyUse(db: Db, ids: string): Promise<{ id: string; r2Key: string; userId: number }[]> {
  const rows = await db.all<{ id: string; r2_key: string; user_id: number }>(sql`
    select f.id, f.r2_key, f.user_id from ${labelFiles} f
    where f.id in (select d.file_id from ${deletedLabels} d where ${inIds(sql`d.label_id`, ids)} and d.file_id is not null)
      and not exists (select 1 from ${labels} l where l.file_id = f.id)
      and not exists (select 1 from ${deletedLabels} o where o.file_id = f.id and not ${inIds(sql`o.label_id`, ids)})`);
  return rows.map((r) => ({ id: r.id, r2Key: r.r2_key, userId: r.user_id }));
}

/**
 * Purges deleted labels for good: the statements of one batch. Their rows go, the files only they used go (their R2
 * objects queued in r2_deletions, which the caller then deletes: a failure after the batch leaves them to the cron),
 * the ledger keeps each debit (credits are not refunded) but forgets which label or file it paid for, and what still
 * names them goes: a tracking lease, tag sets no label of the owner has.
 */
export function purgeStatements(plan: PurgePlan): Batch {
  const files = JSON.stringify(plan.unusedFileIds);
  const users = JSON.stringify(plan.userIds);
  const objects = JSON.stringify(plan.r2Keys.map((k) => [k.key, k.userId]));
  return [
    sql`insert or ignore into ${r2Deletions} (key, user_id) select json_extract(value, '$[0]'), json_extract(value, '$[1]') from json_each(${objects})`,
    sql`update ${creditLedger} set reference = null
      where ${inIds(sql`${creditLedger.userId}`, users)} and ${creditLedger.reason} = 'label'
        and (${inIds(sql`${creditLedger.reference}`, plan.ids)} or ${inIds(sql`${creditLedger.reference}`, files)})`,
    sql`delete from ${jobLeases} where key in (select 'tracking:' || value from json_each(${plan.ids}))`,
    sql`delete from ${deletedLabels} where ${inIds(sql`label_id`, plan.ids)}`,
    sql`delete from ${labelFiles} where ${inIds(sql`id`, files)}`,
    sql`delete from ${tagSetTags} where ${inIds(sql`${tagSetTags.userId}`, users)}
      and not exists (select 1 from ${labelTagSets} s where s.user_id = ${tagSetTags.userId} and s.tag_set = ${tagSetTags.tagSet})`,
  ];
}
