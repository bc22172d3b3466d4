// Labels holding every kind of personal data the product keeps, users in either database, and a scan of every table
// of every database and every R2 object for what must be gone: the deletion, purge and closure tests share them.
import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { getDb, type Db } from "../../worker/db/client";
import { databaseNames, d1Binding } from "../../worker/db/databases";
import { primarySessions } from "../../worker/db/sessions";
import { buyerMails, labelAlerts, labels, userDatabases, users } from "../../worker/db/schema";
import { grantCredits } from "../../worker/credits/credits";
import type { JobMessage } from "../../worker/lib/jobs";
import { createManualLabel, saveImportedLabels } from "../../worker/labels/save";
import { updateNotesAndTags } from "../../worker/labels/notes-and-tags";
import { shareTrackingPage, countPageView } from "../../worker/tracking-page/pages";
import { tryLease } from "../../worker/tracking/leases";
import { ukDayOf } from "../../shared/uk-calendar";
import { ACTION_UNKNOWN, backfillActionWindows } from "../../worker/deadlines/action-window";
import { createUser, type TestUser } from "./helpers";
import { evriCode } from "./labels-fixtures";

export const home = () => getDb(env.DB);

/** The database a sender's data goes in: DB_2 where this project has it (worker-databases), else DB. */
export const SENDER_DATABASE = d1Binding(env, "DB_2") ? "DB_2" : "DB";
/** The sender's database as the app reaches it: through a session, whose directory (directoryOf) is the home database. */
export const senderDb = () => primarySessions(env).db(SENDER_DATABASE);

/** A user whose data is in SENDER_DATABASE (a directory row names DB_2 there), with credits. */
export async function sender(credits = 20): Promise<TestUser> {
  const user = await createUser({ credits: SENDER_DATABASE === "DB" ? credits : 0 });
  if (SENDER_DATABASE !== "DB") {
    const [row] = await home().select().from(users).where(eq(users.id, user.id));
    await senderDb().insert(users).values({ ...row, passwordHash: "" });
    await grantCredits(senderDb(), { userId: user.id, delta: credits, reason: "admin_grant", reference: "test" });
    await home().insert(userDatabases).values({ userId: user.id, database: SENDER_DATABASE });
  }
  return user;
}

/** A JOBS binding that keeps what is sent (queue messages are checked, not run). */
export function fakeJobs() {
  const sent: JobMessage[] = [];
  const JOBS = {
    send: async (body: JobMessage) => void sent.push(body),
    sendBatch: async (msgs: { body: JobMessage }[]) => void sent.push(...msgs.map((m) => m.body)),
  } as unknown as Queue;
  return { JOBS, sent };
}

export interface FullLabel {
  id: string;
  code: string;
  name: string;
  buyerEmail: string;
  fileId: string;
  r2Key: string;
  pageToken: string;
}

const rand = () => crypto.randomUUID().replace(/-/g, "").slice(0, 10);

/**
 * An imported label with everything a label can hold: its original in R2 (the recipient's name in its bytes), the
 * recipient and sender, notes and tags naming the recipient, a buyer's e-mail, tracking events, a shared and viewed
 * buyer page, a sent deadline alert and buyer mail, and a tracking lease. `file` shares an existing original.
 */
export async function fullLabel(user: TestUser, opts: { file?: { id: string; r2Key: string }; code?: string; potentiallyLost?: boolean } = {}): Promise<FullLabel> {
  const db = senderDb();
  const name = `Zelda Quux${rand()}`;
  const buyerEmail = `buyer-${rand()}@example.com`;
  const code = opts.code ?? evriCode();
  const fileId = opts.file?.id ?? `file_${rand()}`;
  const r2Key = opts.file?.r2Key ?? `labels/${user.id}/${fileId}`;
  if (!opts.file) await env.FILES.put(r2Key, new TextEncoder().encode(`%PDF-1.4 label for ${name}, 1 High Street, Leeds LS1 1AA`));
  const now = Date.now();
  const details = {
    courier: "evri",
    trackingCode: code,
    countryCode: "GB",
    address: { name, address: ["1 High Street", "Leeds"], postcode: "LS1 1AA", countryCode: "GB" },
    fromAddress: { name: "Hive Goods Ltd", address: ["2 Mill Lane", "York"], postcode: "YO1 7HH", countryCode: "GB" },
    weightInGrams: 900,
    isNextDay: true,
    shippingLabelCreatedAt: new Date(now).toISOString(),
  };
  const file = { id: fileId, r2Key, name: `${name}.pdf`, mime: "application/pdf", size: 64, pages: 2 };
  // A second label of a file already imported (a sheet of two): its own label on the file's second page.
  const saved = opts.file
    ? (await createManualLabel(db, fakeJobs(), user.id, { details })).label
    : (await saveImportedLabels(db, fakeJobs(), { userId: user.id, file, labels: [{ page: 1, ocrPending: false, details }] }))[0];
  if (opts.file) await db.update(labels).set({ source: "upload", fileId, filePage: 2 }).where(eq(labels.id, saved.id));
  await updateNotesAndTags(db, user.id, saved.id, { notes: `Order for ${name}`, tags: ["ebay", name] });
  const events = { trackingEvents: [{ dateTime: new Date(now).toISOString(), trackingPoint: { description: `Collected from ${name}` } }] };
  await db
    .update(labels)
    .set({ buyerEmail, trackingJson: JSON.stringify(events), trackingStatus: "in_transit", lastScanAt: now, potentiallyLost: opts.potentiallyLost ?? false, potentiallyLostAt: opts.potentiallyLost ? now : null, ...ACTION_UNKNOWN })
    .where(eq(labels.id, saved.id));
  // Its action window (Needs action) worked out as the cron does for a label written outside the save path.
  await backfillActionWindows(db);
  await shareTrackingPage(db, home(), user.id, saved.id);
  const [{ pageToken }] = await db.select({ pageToken: labels.pageToken }).from(labels).where(eq(labels.id, saved.id));
  await countPageView(db, pageToken!);
  await db.insert(labelAlerts).values({ labelId: saved.id, kind: "act_early", sentAt: now });
  await db.insert(buyerMails).values({ labelId: saved.id, kind: "shipped", userId: user.id, day: ukDayOf(now), status: "sent", at: now });
  await tryLease(db, `tracking:${saved.id}`, now, 60_000);
  return { id: saved.id, code, name, buyerEmail, fileId, r2Key, pageToken: pageToken! };
}

const isEngineTable = (name: string) => /^sqlite_/.test(name) || /^_cf_/.test(name);

/**
 * Where any of `needles` still is: every row of every table of every database (as JSON, case ignored), the search
 * index (queried, as its contentless shadow tables hold no plain text), every R2 key and every R2 object's bytes.
 */
export async function traces(needles: string[]): Promise<string[]> {
  const wanted = needles.map((n) => n.toLowerCase());
  const hits: string[] = [];
  for (const name of databaseNames(env)) {
    const d1 = d1Binding(env, name)!;
    const { results: tables } = await d1.prepare("select name, sql from sqlite_master where type = 'table'").all<{ name: string; sql: string | null }>();
    const virtual = tables.filter((t) => /^create virtual table/i.test(t.sql ?? "")).map((t) => t.name);
    const read = tables.map((t) => t.name).filter((table) => !isEngineTable(table) && !virtual.includes(table) && !virtual.some((v) => table.startsWith(`${v}_`)));
    // Every table, then every needle in the search index, in one round trip.
    const searches = wanted.map((n) => d1.prepare("select rowid from labels_search where labels_search match ?").bind(`"${n.replace(/"/g, '""')}"`));
    const answers = await d1.batch([...read.map((table) => d1.prepare(`select * from "${table}"`)), ...searches]);
    read.forEach((table, i) => {
      for (const row of answers[i].results) {
        const text = JSON.stringify(row).toLowerCase();
        for (const n of wanted) if (text.includes(n)) hits.push(`${name}.${table}: ${n}`);
      }
    });
    wanted.forEach((n, i) => {
      if (answers[read.length + i].results.length) hits.push(`${name}.labels_search: ${n}`);
    });
  }
  let cursor: string | undefined;
  do {
    const page = await env.FILES.list({ cursor });
    const bodies = await Promise.all(page.objects.map(async (o) => new TextDecoder("latin1").decode(await (await env.FILES.get(o.key))!.arrayBuffer()).toLowerCase()));
    page.objects.forEach((o, i) => {
      for (const n of wanted) if (o.key.toLowerCase().includes(n) || bodies[i].includes(n)) hits.push(`R2 ${o.key}: ${n}`);
    });
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return hits;
}

export const labelNeedles = (l: FullLabel) => [l.id, l.code, l.name, l.buyerEmail, l.fileId];

/** The user's balance and the sum of their ledger, in their database: equal whenever the ledger is exact. */
export async function balanceAndLedger(db: Db, userId: number): Promise<{ balance: number; ledger: number }> {
  const [row] = await db.all<{ balance: number; ledger: number }>(
    sql`select (select credits from users where id = ${userId}) as balance, (select coalesce(sum(delta), 0) from credit_ledger where user_id = ${userId}) as ledger`,
  );
  return row;
}
