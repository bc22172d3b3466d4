import { and, asc, eq, inArray, isNotNull, isNull, lte } from "drizzle-orm";
import type { Db } from "../db/client";
import { insertChunks, inValueList } from "../db/d1-limits";
import { labelAlerts, labels, users, type LabelRow } from "../db/schema";
import { log } from "../lib/log";
import { sendMail } from "../lib/mailer";
import { addDays, ukDayOf, ukMidnight, type IsoDay } from "../../shared/uk-calendar";
import { releaseLease, tryLease } from "../tracking/leases";
import { labelDeadlines, type DeadlineInput } from "../deadlines/deadlines";
import { deadlineAlertMail, deadlineDigestMail } from "./alert-mail";
import { deadlineInput, storedDetails } from "../deadlines/label-input";
import type { LabelDeadlines } from "../../shared/claims";

/**
 * Alerts timed to the carrier's deadlines, sent by the cron, once each per label:
 *   act_early      while there is still time to act: Evri's investigation window has 3 days left
 *                  (no new scan by day 7 of its 10), or a late parcel became claimable (Royal Mail);
 *   claim_closing  5 days before the claim window closes.
 * None for a delivered, collected or returned parcel, nor one the user marked. Each goes out from
 * 08:00 UK time on its first day and not after its last; an alert whose days passed is not sent late
 * (so a label that arrives after its claim window closed is never alerted on). The alerts due for one owner
 * in a pass go out as one mail (an import of old labels makes many due at once).
 *
 * labels.alert_due_at says when the cron next looks at a label (index labels_alert_due): the start
 * of its next alert, or a day later while there is no first scan yet (the dates depend on it); null
 * once nothing is left to send. New labels start at 0 (looked at on the next pass); marking a label
 * sets null, undoing it 0. label_alerts records what was sent; a lease per owner stops two cron
 * passes from mailing them at once.
 */

export type AlertKind = "act_early" | "claim_closing";

/** Days before the investigation window closes that the early warning goes (Evri: day 7 of 10). */
export const EARLY_WARNING_DAYS = 3;
/** Days before the claim window closes that the reminder goes. */
export const CLAIM_REMINDER_DAYS = 5;
const SEND_FROM_HOUR_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;
/** A pass pushes a claimed label's alert_due_at this far ahead, so an overlapping pass skips it. */
const ALERT_CLAIM_MS = 30 * 60_000;
const MAIL_LEASE_MS = 5 * 60_000;

export interface AlertWindow {
  kind: AlertKind;
  /** The first and last UK days it may go out. */
  from: IsoDay;
  until: IsoDay;
}

const earlier = (a: IsoDay, b: IsoDay) => (a < b ? a : b);

/** The alerts a parcel's deadlines call for (a parcel still on its way and not marked). */
export function alertWindows(d: LabelDeadlines): AlertWindow[] {
  const closing: AlertWindow = { kind: "claim_closing", from: addDays(d.claimClosesOn!, -CLAIM_REMINDER_DAYS), until: d.claimClosesOn! };
  const windows: AlertWindow[] = [closing];
  // Evri: a week without a scan, 3 days before it stops investigating; Royal Mail: once claimable (after the due date).
  const early = d.enquiryBy !== null ? { from: addDays(d.enquiryBy, -EARLY_WARNING_DAYS), until: d.enquiryBy } : d.claimableFrom !== null ? { from: d.claimableFrom, until: d.claimClosesOn! } : null;
  if (early) {
    // Only before the reminder's days: from then on the reminder says it all.
    const until = earlier(early.until, addDays(closing.from, -1));
    if (early.from <= until) windows.unshift({ kind: "act_early", from: early.from, until });
  }
  return windows;
}

const startOf = (day: IsoDay) => ukMidnight(day) + SEND_FROM_HOUR_MS;

/** The alerts to send now, and when to look at the label next (null: never). */
export function alertPlan(input: DeadlineInput, sent: ReadonlySet<AlertKind>, now: number): { due: AlertWindow[]; nextAt: number | null; deadlines: LabelDeadlines | null } {
  const deadlines = labelDeadlines(input, now);
  const stopped = input.outcome || input.status === "delivered" || input.status === "collected" || input.status === "returned";
  if (!deadlines || stopped || deadlines.claimClosesOn === null) return { due: [], nextAt: null, deadlines };
  const today = ukDayOf(now);
  const due: AlertWindow[] = [];
  let nextAt: number | null = null;
  for (const w of alertWindows(deadlines)) {
    if (sent.has(w.kind) || today > w.until) continue;
    const start = startOf(w.from);
    if (now >= start) due.push(w);
    else nextAt = nextAt === null ? start : Math.min(nextAt, start);
  }
  // Before the first scan the dates are not known yet: look again tomorrow.
  if (input.firstScanAt === null && today <= deadlines.claimClosesOn) nextAt = Math.min(nextAt ?? Infinity, now + DAY_MS);
  // One that is due but did not go out (a mail outage) is tried again on the next pass.
  if (due.length) nextAt = Math.min(nextAt ?? Infinity, now + ALERT_CLAIM_MS);
  return { due, nextAt, deadlines };
}

/**
 * Claims up to `limit` labels whose alert is due by pushing alert_due_at ahead in the same
 * statement, so overlapping cron passes never take one twice.
 */
async function claimDueAlerts(db: Db, now: number, limit: number): Promise<string[]> {
  const due = db
    .select({ id: labels.id })
    .from(labels)
    .where(and(isNotNull(labels.alertDueAt), lte(labels.alertDueAt, now)))
    .orderBy(asc(labels.alertDueAt))
    .limit(limit);
  const rows = await db.update(labels).set({ alertDueAt: now + ALERT_CLAIM_MS }).where(inArray(labels.id, due)).returning({ id: labels.id });
  return rows.map((r) => r.id);
}


type AlertEnv = Pick<Env, "EMAIL" | "MAIL_FROM" | "APP_URL">;

/** A label whose alerts are due in this pass. */
interface DueLabel {
  label: LabelRow;
  email: string;
  windows: AlertWindow[];
  deadlines: LabelDeadlines;
  done: ReadonlySet<AlertKind>;
}

/**
 * Sends each owner ONE mail for all of their alerts due in this pass (an import of old labels makes many due at
 * once; one alert is the single alert's own mail), unless they went already; records them. A lease per owner
 * stops two passes from mailing them at once. Answers, per label, the alert kinds recorded as sent now.
 */
async function sendOwnersAlerts(env: AlertEnv, db: Db, due: DueLabel[], now: number): Promise<{ recorded: Map<string, AlertKind[]>; sent: number }> {
  const recorded = new Map<string, AlertKind[]>();
  let sent = 0;
  const byOwner = new Map<number, DueLabel[]>();
  for (const d of due) byOwner.set(d.label.userId, [...(byOwner.get(d.label.userId) ?? []), d]);
  for (const [userId, items] of byOwner) {
    const lease = await tryLease(db, `alerts:user:${userId}`, now, MAIL_LEASE_MS);
    if (!lease) continue;
    try {
      const already = await db.select().from(labelAlerts).where(inValueList(labelAlerts.labelId, items.map((i) => i.label.id)));
      const alerts = items.flatMap((item) =>
        item.windows.filter((w) => !already.some((a) => a.labelId === item.label.id && a.kind === w.kind)).map((w) => ({ item, kind: w.kind, mail: deadlineAlertMail(env, item.label, w.kind, item.deadlines, now) })),
      );
      for (const a of already) recorded.set(a.labelId, [...(recorded.get(a.labelId) ?? []), a.kind]);
      if (!alerts.length) continue;
      const mail = alerts.length === 1 ? alerts[0].mail : deadlineDigestMail(env, alerts.map((a) => a.mail.line));
      await sendMail(env, { to: items[0].email, subject: mail.subject, text: mail.text, html: mail.html });
      const rows = alerts.map((a) => ({ labelId: a.item.label.id, kind: a.kind, sentAt: Date.now() }));
      for (const part of insertChunks(rows, 3)) await db.insert(labelAlerts).values(part).onConflictDoNothing();
      for (const r of rows) recorded.set(r.labelId, [...(recorded.get(r.labelId) ?? []), r.kind]);
      sent += alerts.length;
      log("info", "deadline alerts sent", { userId, alerts: alerts.length });
    } catch (err) {
      // Tried again on the next pass: what was due stays due (alert_due_at is near).
      log("warn", "deadline alerts not sent", { userId, alerts: items.length, error: String(err) });
    } finally {
      await releaseLease(db, lease);
    }
  }
  return { recorded, sent };
}

export interface AlertPassOptions {
  /** Labels claimed per statement. */
  chunk?: number;
  /** At most this many labels looked at per cron pass. */
  maxPerPass?: number;
}

/** The cron's alert pass: the labels whose alert is due, in bounded batches; sends what is due, one mail per owner, and schedules the next look. */
export async function sendDueAlerts(env: AlertEnv, db: Db, now: number, opts: AlertPassOptions = {}): Promise<{ looked: number; sent: number }> {
  // D1 binds at most 100 variables a statement: a chunk's ids must stay under that.
  const chunk = Math.min(opts.chunk ?? 80, 90);
  const max = opts.maxPerPass ?? 800;
  let looked = 0;
  const nextAt = new Map<string, number | null>();
  const due: DueLabel[] = [];
  while (looked < max) {
    const ids = await claimDueAlerts(db, now, Math.min(chunk, max - looked));
    if (!ids.length) break;
    looked += ids.length;
    const rows = await db.select({ label: labels, email: users.email }).from(labels).innerJoin(users, and(eq(users.id, labels.userId), isNull(users.closedAt))).where(inArray(labels.id, ids));
    const records = await db.select().from(labelAlerts).where(inArray(labelAlerts.labelId, ids));
    for (const { label, email } of rows) {
      const done = new Set(records.filter((r) => r.labelId === label.id).map((r) => r.kind));
      const plan = alertPlan(deadlineInput(label, storedDetails(label)), done, now);
      nextAt.set(label.id, plan.nextAt);
      if (plan.due.length) due.push({ label, email, windows: plan.due, deadlines: plan.deadlines!, done });
    }
    if (ids.length < chunk) break;
  }

  const { recorded, sent } = await sendOwnersAlerts(env, db, due, now);
  // Everything due that went (or had gone): the next look is the next alert's day. What did not go is looked at
  // again soon (alertPlan's retry).
  for (const d of due) {
    const kinds = recorded.get(d.label.id);
    if (kinds?.length) nextAt.set(d.label.id, alertPlan(deadlineInput(d.label, storedDetails(d.label)), new Set([...d.done, ...kinds]), now).nextAt);
  }
  const updates = [...nextAt].map(([id, at]) => db.update(labels).set({ alertDueAt: at }).where(and(eq(labels.id, id), eq(labels.alertDueAt, now + ALERT_CLAIM_MS))));
  for (let i = 0; i < updates.length; i += chunk) {
    const part = updates.slice(i, i + chunk);
    await db.batch(part as [(typeof part)[0], ...typeof part]);
  }
  return { looked, sent };
}
