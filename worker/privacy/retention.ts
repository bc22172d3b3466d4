import { and, asc, eq, gt, isNotNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { inValueList } from "../db/d1-limits";
import { labels, mailAttachments, mailMessages, r2Deletions, retentionPasses, users, type LabelRow } from "../db/schema";
import { deadlineDates } from "../deadlines/deadlines";
import { storedDeadlineInput, storedDetails } from "../deadlines/label-input";
import type { LabelDetails } from "../../shared/label";
import { addDays, ukDayOf, ukMidnight } from "../../shared/uk-calendar";
import { deleteQueuedR2Objects } from "../lib/r2-deletions";
import { BUYER_CONTACT_DAYS } from "./retention-settings";

/**
 * Keeping personal data only as long as needed (docs/your-data.md), one pass a UK day per database, run a slice at a
 * time by the 15-minute cron (each run does at most RUN_STATEMENTS D1 statements, so a pass over millions of labels
 * is spread over the day's runs and the next days, and one run never nears D1's per-invocation limit):
 *  - buyer contact: 90 days after delivery (or after the last scan when it never arrived; never while the carrier's
 *    claim window is open) a label's buyer e-mail goes, and any phone number or e-mail in its recipient's lines and
 *    barcode text;
 *  - addresses: after the seller's chosen period, counted the same way, the recipient is redacted to the postcode
 *    district (name and lines gone, the 2D barcode's text gone) and the label lets go of its original file (which shows
 *    the address): the file is deleted once no label uses it;
 *  - the admin mailbox (home database only): mail older than ADMIN_MAIL_RETENTION_DAYS is deleted with its R2 objects.
 * Each rule keeps its place in retention_passes; a pass that did not finish goes on from there, and a new one starts
 * the day after one finishes. Labels done leave the rule's partial index, so what is re-read is only what is not due.
 */

const DAY_MS = 24 * 60 * 60_000;
/** D1 statements one cron run may spend on retention, all rules together. */
const RUN_STATEMENTS = 60;
const LABELS_PER_READ = 200;
const MAILS_PER_READ = 100;

type Rule = "buyer-contact" | "addresses" | "mailbox";

interface Budget {
  statements: number;
}

/** When the kept data of a label may go: `days` after its last activity, and never before its claim window closed. */
export function retentionDue(row: LabelRow, days: number): number {
  const details = storedDetails(row);
  const delivered = details.deliveredAt ? Date.parse(details.deliveredAt) : NaN;
  const lastActivity = Math.max(row.createdAt, row.deliveredAt ?? 0, row.lastScanAt ?? 0, Number.isNaN(delivered) ? 0 : delivered);
  const claims = deadlineDates(storedDeadlineInput(row, details));
  const claimClosed = claims ? ukMidnight(addDays(claims.claimClosesOn, 1)) : 0;
  return Math.max(lastActivity + days * DAY_MS, claimClosed);
}

/**
 * A phone number (UK, or international with its + or 00) or an e-mail address inside a text, with the word that names
 * it ('Tel', 'Email:'). A number must stand alone: digits inside a tracking code or a barcode's run are not a phone.
 */
const CONTACT_IN_TEXT =
  /(?:\b(?:tel|telephone|phone|mob|mobile|t|m|e-?mail)\b\s*[.:]?\s*)?(?:(?<![A-Za-z0-9])(?:(?:\+|00)\d{1,3}[\s.-]?(?:\(0\))?|0)\d(?:[\s().-]?\d){8,11}(?![A-Za-z0-9])|[^\s@<>()[\],;:"|]+@[^\s@<>()[\],;:"|]+\.[a-z]{2,})/gi;

const scrub = (text: string) => text.replace(CONTACT_IN_TEXT, "").replace(/\s{2,}/g, " ").trim();

/** The details without any phone number or e-mail in the recipient's name and lines or the barcodes' text; null when there was none. */
export function withoutContact(details: LabelDetails): LabelDetails | null {
  const out = structuredClone(details);
  let changed = false;
  const clean = (v: string) => {
    const c = scrub(v);
    if (c !== v) changed = true;
    return c;
  };
  if (out.address) out.address = { ...out.address, name: clean(out.address.name ?? ""), address: (out.address.address ?? []).map(clean).filter((l) => l !== "") };
  if (typeof out.encodedMetadata === "string") out.encodedMetadata = clean(out.encodedMetadata);
  if (Array.isArray(out.additionalContent)) out.additionalContent = out.additionalContent.map((v) => (typeof v === "string" ? clean(v) : v));
  return changed ? out : null;
}

/** The statements of one rule's next page, or null when the rule has nothing more this pass. */
interface Page<C> {
  statements: number;
  next: C | null;
}

interface LabelCursor {
  createdAt: number;
  rowid: number;
}

const afterLabel = (c: LabelCursor | null) =>
  c ? or(gt(labels.createdAt, c.createdAt), and(eq(labels.createdAt, c.createdAt), sql`${labels}.rowid > ${c.rowid}`)) : undefined;

async function buyerContactPage(db: Db, now: number, after: LabelCursor | null): Promise<Page<LabelCursor>> {
  const rows = await db
    .select({ label: labels, rowid: sql<number>`${labels}.rowid` })
    .from(labels)
    // The partial index labels_contact_pending holds exactly these (its predicate, word for word).
    .where(and(sql`(${labels.contactRemovedAt} IS NULL OR ${labels.buyerEmail} IS NOT NULL)`, lte(labels.createdAt, now - BUYER_CONTACT_DAYS * DAY_MS), afterLabel(after)))
    .orderBy(asc(labels.createdAt), sql`${labels}.rowid`)
    .limit(LABELS_PER_READ);
  const due = rows.filter((r) => retentionDue(r.label, BUYER_CONTACT_DAYS) <= now).map((r) => r.label);
  const statements = [];
  if (due.length) {
    statements.push(db.update(labels).set({ buyerEmail: null, contactRemovedAt: now }).where(inValueList(labels.id, due.map((r) => r.id))));
    for (const row of due) {
      const scrubbed = withoutContact(JSON.parse(row.detailsJson) as LabelDetails);
      if (scrubbed) statements.push(db.update(labels).set({ detailsJson: JSON.stringify(scrubbed) }).where(eq(labels.id, row.id)));
    }
    await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  }
  const last = rows.at(-1);
  return { statements: 1 + statements.length, next: rows.length === LABELS_PER_READ && last ? { createdAt: last.label.createdAt, rowid: Number(last.rowid) } : null };
}

/** The recipient redacted to the postcode district, in SQL: name and lines emptied, the barcodes' text removed. */
const redactedDetails = sql`json_remove(
  case when json_type(${labels.detailsJson}, '$.address') = 'object'
    then json_set(${labels.detailsJson}, '$.address.name', '', '$.address.address', json('[]'), '$.address.postcode',
      case when instr(coalesce(json_extract(${labels.detailsJson}, '$.address.postcode'), ''), ' ') > 0
        then substr(json_extract(${labels.detailsJson}, '$.address.postcode'), 1, instr(json_extract(${labels.detailsJson}, '$.address.postcode'), ' ') - 1)
        else coalesce(json_extract(${labels.detailsJson}, '$.address.postcode'), '') end)
    else ${labels.detailsJson} end,
  '$.encodedMetadata', '$.additionalContent')`;

interface AddressCursor {
  userId: number;
  label: LabelCursor | null;
}

async function addressPage(db: Db, now: number, after: AddressCursor | null): Promise<Page<AddressCursor>> {
  // The next user who chose a period (the current one again while their labels are not all read).
  const [owner] = await db
    .select({ id: users.id, days: users.addressRetentionDays })
    .from(users)
    .where(and(isNotNull(users.addressRetentionDays), after ? (after.label ? sql`${users.id} >= ${after.userId}` : gt(users.id, after.userId)) : undefined))
    .orderBy(asc(users.id))
    .limit(1);
  if (!owner?.days) return { statements: 1, next: null };
  const from = after?.userId === owner.id ? after.label : null;
  const rows = await db
    .select({ label: labels, rowid: sql<number>`${labels}.rowid` })
    .from(labels)
    // labels_address_pending: the user's labels not redacted yet, by creation.
    .where(and(eq(labels.userId, owner.id), sql`${labels.addressRedactedAt} IS NULL`, lte(labels.createdAt, now - owner.days * DAY_MS), afterLabel(from)))
    .orderBy(asc(labels.createdAt), sql`${labels}.rowid`)
    .limit(LABELS_PER_READ);
  const due = rows.filter((r) => retentionDue(r.label, owner.days!) <= now).map((r) => r.label.id);
  if (due.length) {
    // Letting go of the file releases it when no other label uses it (the trigger of migration 0028 queues its R2 object).
    await db
      .update(labels)
      .set({ detailsJson: redactedDetails, fileId: null, filePage: null, addressRedactedAt: now, updatedAt: now })
      .where(and(eq(labels.userId, owner.id), inValueList(labels.id, due)));
  }
  const last = rows.at(-1);
  const label = rows.length === LABELS_PER_READ && last ? { createdAt: last.label.createdAt, rowid: Number(last.rowid) } : null;
  return { statements: 2 + (due.length ? 1 : 0), next: { userId: owner.id, label } };
}

/** The mailbox rule needs no cursor: what it deletes leaves the range it reads. */
type MoreMail = true;

async function mailboxPage(db: Db, keepDays: number, now: number): Promise<Page<MoreMail>> {
  // What is deleted leaves the range, so each page starts again from the oldest.
  const old = await db
    .select({ key: mailMessages.key })
    .from(mailMessages)
    .where(lte(mailMessages.lastModified, now - keepDays * DAY_MS))
    .orderBy(asc(mailMessages.lastModified), asc(mailMessages.key))
    .limit(MAILS_PER_READ);
  if (!old.length) return { statements: 1, next: null };
  const keys = old.map((m) => m.key);
  // drizzle lists every column of r2_deletions (key, user_id, at) for an insert from a select.
  await db.batch([
    // 'where true': SQLite reads an upsert's ON CONFLICT after a SELECT only when the SELECT has a WHERE.
    db.insert(r2Deletions).select(sql`select value, null, ${now} from json_each(${JSON.stringify(keys)}) where true`).onConflictDoNothing(),
    db
      .insert(r2Deletions)
      .select(sql`select ${mailAttachments.r2Key}, null, ${now} from ${mailAttachments} where ${inValueList(mailAttachments.mailKey, keys)}`)
      .onConflictDoNothing(),
    db.delete(mailAttachments).where(inValueList(mailAttachments.mailKey, keys)),
    db.delete(mailMessages).where(inValueList(mailMessages.key, keys)),
  ]);
  return { statements: 5, next: old.length === MAILS_PER_READ ? true : null };
}

/** Runs one rule's pass as far as the budget goes, keeping its place. */
async function runRule<C>(db: Db, rule: Rule, now: number, budget: Budget, page: (after: C | null) => Promise<Page<C>>): Promise<number> {
  const today = ukDayOf(now);
  const [pass] = await db.select().from(retentionPasses).where(eq(retentionPasses.rule, rule));
  budget.statements--;
  if (pass?.done && pass.day === today) return 0;
  // A finished pass starts again the next day; an unfinished one goes on where it stopped, whatever the day.
  let after: C | null = pass && !pass.done ? (JSON.parse(pass.cursorJson ?? "null") as C | null) : null;
  const day = pass && !pass.done ? pass.day : today;
  let pages = 0;
  while (budget.statements > 0) {
    const result = await page(after);
    budget.statements -= result.statements;
    pages++;
    after = result.next;
    if (!after) break;
  }
  const done = after === null;
  await db
    .insert(retentionPasses)
    .values({ rule, day: done ? today : day, cursorJson: JSON.stringify(after), done, updatedAt: now })
    .onConflictDoUpdate({ target: retentionPasses.rule, set: { day: done ? today : day, cursorJson: JSON.stringify(after), done, updatedAt: now } });
  budget.statements--;
  return pages;
}

/**
 * The cron's retention slice for one database. `mailbox` only for the home database (the admin mailbox lives in the
 * directory); its period is ADMIN_MAIL_RETENTION_DAYS (empty or 0: kept until deleted by hand).
 */
export async function runRetention(
  env: Pick<Env, "FILES" | "ADMIN_MAIL_RETENTION_DAYS">,
  db: Db,
  now: number,
  opts: { mailbox: boolean; statements?: number },
): Promise<Record<Rule, number>> {
  const budget = { statements: opts.statements ?? RUN_STATEMENTS };
  const pages = { "buyer-contact": 0, addresses: 0, mailbox: 0 };
  pages["buyer-contact"] = await runRule<LabelCursor>(db, "buyer-contact", now, budget, (after) => buyerContactPage(db, now, after));
  if (budget.statements > 0) pages.addresses = await runRule<AddressCursor>(db, "addresses", now, budget, (after) => addressPage(db, now, after));
  const keepDays = Number(env.ADMIN_MAIL_RETENTION_DAYS || 0);
  if (opts.mailbox && keepDays > 0 && budget.statements > 0) pages.mailbox = await runRule<MoreMail>(db, "mailbox", now, budget, () => mailboxPage(db, keepDays, now));
  // Files let go of and mail deleted: their R2 objects now.
  if (pages.addresses || pages.mailbox) await deleteQueuedR2Objects(db, env.FILES);
  return pages;
}
