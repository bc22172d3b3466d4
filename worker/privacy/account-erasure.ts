import { eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { d1Binding } from "../db/databases";
import { primarySessions } from "../db/sessions";
import { sqlBatch } from "../db/prepared";
import { accountClosures, mailAttachments, mailMessages } from "../db/schema";
import { enqueue } from "../lib/jobs";
import { log } from "../lib/log";
import { deleteQueuedR2Objects } from "../lib/r2-deletions";
import { R2_PREFIXES } from "./data-map";
import { removeExportsOf } from "./export";

/**
 * The queue's part of closing an account (`account.close`, queued by account-closure.ts once the account is
 * unusable): every row of it in its database and the directory, and every R2 object, a chunk at a time. Each message
 * makes at most QUERIES_PER_MESSAGE D1 queries (D1 allows 1,000 an invocation) in about MESSAGE_MS, each statement
 * binds a few values, and then queues the next message; a message that dies is retried and goes on from what is left, since every step
 * deletes what it has done. 100,000 labels and their files: bench/README.md 'Closing an account'.
 */

const QUERIES_PER_MESSAGE = 400;
const MESSAGE_MS = 20_000;
/** Labels per statement: their delete triggers keep the rollups exact, a few hundred rows' work each. */
const LABEL_CHUNK = 500;
const ROW_CHUNK = 2000;

/** One step: a table's rows of the user, deleted a chunk at a time (`whole`: in one statement, a small or WITHOUT ROWID table). */
interface Step {
  table: string;
  where: (userId: number) => SQL;
  chunk?: number;
  whole?: boolean;
}

const byUser = (column = "user_id") => (userId: number) => sql`${sql.identifier(column)} = ${userId}`;

/**
 * Its database, in an order its foreign keys allow (users last). test/worker/account-closure.test.ts checks that this
 * covers every table the data map says closing deletes.
 */
export const SENDER_STEPS: Step[] = [
  // Buyers' unsubscribes are copied under the MAC of its e-mail first (copyUnsubscribes), then go.
  { table: "buyer_unsubscribes", where: byUser() },
  // Its labels' alerts go with them (a foreign key's cascade): said here once for them all.
  { table: "label_alerts", where: (userId) => sql`label_id in (select l.id from labels l where l.user_id = ${userId})`, whole: true },
  // A label's tracking lease names the label: those go while the labels can still be read.
  {
    table: "job_leases",
    where: (userId) =>
      sql`key in (select 'tracking:' || l.id from labels l where l.user_id = ${userId} union all select 'tracking:' || d.label_id from deleted_labels d where d.user_id = ${userId})`,
    whole: true,
  },
  { table: "labels", where: byUser(), chunk: LABEL_CHUNK },
  { table: "deleted_labels", where: byUser() },
  { table: "label_jobs", where: byUser() },
  { table: "data_exports", where: byUser() },
  { table: "label_files", where: byUser() },
  { table: "credit_ledger", where: byUser() },
  { table: "buyer_mails", where: byUser() },
  { table: "label_tags", where: byUser() },
  { table: "label_tag_sets", where: byUser(), whole: true },
  { table: "tag_set_tags", where: byUser(), whole: true },
  { table: "label_day_stats", where: byUser(), whole: true },
  { table: "label_status_day_stats", where: byUser(), whole: true },
  { table: "label_tag_day_stats", where: byUser(), whole: true },
  { table: "label_tag_set_day_stats", where: byUser(), whole: true },
  { table: "label_delivery_day_stats", where: byUser(), whole: true },
  { table: "label_tag_set_delivery_day_stats", where: byUser(), whole: true },
  { table: "labels_search", where: (id) => sql`rowid >= ${id * 2 ** 32} and rowid < ${(id + 1) * 2 ** 32}`, whole: true },
  { table: "webhook_deliveries", where: (id) => sql`endpoint_id in (select id from webhook_endpoints where user_id = ${id})` },
  { table: "webhook_endpoints", where: byUser() },
  { table: "marketplace_connect_states", where: byUser() },
  { table: "marketplace_dispatches", where: byUser() },
  { table: "marketplace_orders", where: byUser() },
  { table: "marketplace_connections", where: byUser() },
  { table: "job_leases", where: (id) => sql`key in (${`alerts:user:${id}`}, ${`lost-mail:user:${id}`})`, whole: true },
  { table: "r2_deletions", where: byUser() },
  { table: "users", where: byUser("id"), whole: true },
];

/** The directory, after the account's database: its row and what points at it, in one batch at the very end. */
export const DIRECTORY_TABLES = ["refresh_tokens", "email_tokens", "label_import_addresses", "stripe_checkouts", "tracking_page_tokens", "user_databases", "account_closures", "users"];

type Closure = typeof accountClosures.$inferSelect;

/**
 * Counts the D1 queries a message makes, and says when it has made enough, or worked long enough: a statement deleting
 * 500 labels runs their triggers (0.5 s locally), and a message that holds the consumer for minutes would keep other
 * jobs waiting and risk the invocation's limits.
 */
class Budget {
  used = 0;
  private readonly until = Date.now() + MESSAGE_MS;
  take(n = 1) {
    this.used += n;
  }
  get spent() {
    return this.used >= QUERIES_PER_MESSAGE || Date.now() >= this.until;
  }
}

/** Deletes one chunk of a step's rows; answers how many went. */
async function runStep(db: Db, step: Step, userId: number, budget: Budget): Promise<number> {
  const table = sql.identifier(step.table);
  const where = step.where(userId);
  const n = step.chunk ?? ROW_CHUNK;
  const statement = step.whole ? sql`delete from ${table} where ${where}` : sql`delete from ${table} where rowid in (select rowid from ${table} where ${where} limit ${n})`;
  budget.take();
  return (await db.run(statement)).meta.changes ?? 0;
}

/** Its buyers' unsubscribes, kept in the directory under the MAC of its e-mail before its rows go. */
async function copyUnsubscribes(own: Db, directory: Db, closure: Closure, budget: Budget): Promise<void> {
  for (;;) {
    budget.take(2);
    const rows = await own.all<{ address_mac: string; at: number }>(sql`select address_mac, at from buyer_unsubscribes where user_id = ${closure.userId} limit 500`);
    if (!rows.length) return;
    // One JSON list bound, not four values a row: D1 binds at most 100 parameters a statement.
    const list = JSON.stringify(rows.map((r) => [r.address_mac, r.at]));
    await directory.run(sql`insert or ignore into closed_unsubscribes (seller_mac, old_user_id, address_mac, at)
      select ${closure.sellerMac}, ${closure.userId}, json_extract(value, '$[0]'), json_extract(value, '$[1]') from json_each(${list})`);
    await own.run(sql`delete from buyer_unsubscribes where user_id = ${closure.userId} and address_mac in (select value from json_each(${JSON.stringify(rows.map((r) => r.address_mac))}))`);
    if (budget.spent) return;
  }
}

/** Its R2 objects: everything under each user-keyed prefix of the data map (originals, banner, …), 1,000 a call. */
async function deleteUserObjects(env: Pick<Env, "FILES">, userId: number, budget: Budget): Promise<boolean> {
  for (const prefix of Object.entries(R2_PREFIXES).filter(([, e]) => e.byUser).map(([p]) => `${p}${userId}/`)) {
    for (;;) {
      const page = await env.FILES.list({ prefix, limit: 1000 });
      if (!page.objects.length) break;
      await env.FILES.delete(page.objects.map((o) => o.key));
      budget.take(); // R2 calls are no D1 queries, but a message must end somewhere: count them alike.
      if (budget.spent) return false;
    }
  }
  return true;
}

/** The admin mailbox's messages with the address (when the admin chose so), their raw mail and attachments in R2. */
async function deleteMailWith(env: Pick<Env, "FILES">, directory: Db, address: string, budget: Budget): Promise<boolean> {
  const names = sql`(instr(lower(${mailMessages.fromAddr}), ${address}) > 0 or instr(lower(${mailMessages.toJson}), ${address}) > 0
    or instr(lower(${mailMessages.ccJson}), ${address}) > 0 or instr(lower(coalesce(${mailMessages.replyTo}, '')), ${address}) > 0)`;
  for (;;) {
    budget.take(2);
    const rows = await directory.select({ key: mailMessages.key }).from(mailMessages).where(names).limit(100);
    if (!rows.length) return true;
    const keys = rows.map((r) => r.key);
    const list = JSON.stringify(keys);
    const attachments = await directory.all<{ r2_key: string }>(sql`select r2_key from ${mailAttachments} where mail_key in (select value from json_each(${list}))`);
    await env.FILES.delete([...keys, ...attachments.map((a) => a.r2_key)]);
    await directory.run(sql`delete from ${mailMessages} where key in (select value from json_each(${list}))`);
    if (budget.spent) return false;
  }
}

/**
 * One `account.close` message: as much of the account as one message may remove, then the next message; at the end
 * the directory's rows (the account's row last). Answers whether it is all gone.
 */
export async function runAccountErasure(env: Env, directory: Db, userId: number): Promise<boolean> {
  const closure = await directory.query.accountClosures.findFirst({ where: eq(accountClosures.userId, userId) });
  if (!closure) return true;
  if (!d1Binding(env, closure.database)) throw new Error(`closing user ${userId}: database ${closure.database} is not configured`);
  const own = closure.database === "DB" ? directory : primarySessions(env).db(closure.database);
  const budget = new Budget();
  const more = () => enqueue(env, directory, { type: "account.close", userId }).then(() => false);

  await copyUnsubscribes(own, directory, closure, budget);
  if (budget.spent) return more();
  // Its copies of its data first: a build's unfinished upload is found only through its saved state.
  budget.take(2);
  await removeExportsOf(own, env.FILES, userId);
  if (!(await deleteUserObjects(env, userId, budget))) return more();
  // Objects its re-uploads released go too (their rows are its).
  budget.take(2);
  await deleteQueuedR2Objects(own, env.FILES, userId);
  if (closure.mailAddress && !(await deleteMailWith(env, directory, closure.mailAddress.toLowerCase(), budget))) return more();
  for (const step of SENDER_STEPS) {
    // The sender's own row is the directory's when they are one database: that goes with the directory, below.
    if (step.table === "users" && own === directory) continue;
    for (;;) {
      const gone = await runStep(own, step, userId, budget);
      if (budget.spent) return more();
      if (step.whole || gone === 0) break;
    }
  }
  budget.take(DIRECTORY_TABLES.length);
  await sqlBatch(
    directory.$client,
    DIRECTORY_TABLES.map((t) => sql`delete from ${sql.identifier(t)} where ${sql.identifier(t === "users" ? "id" : "user_id")} = ${userId}`),
  );
  log("info", "account closed and erased", { userId, database: closure.database });
  return true;
}
