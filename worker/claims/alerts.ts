import { and, asc, eq, inArray, isNotNull, lte } from "drizzle-orm";
import { getDb, type Db } from "../db/client";
import { labelAlerts, labels, users, type LabelRow } from "../db/schema";
import { log } from "../lib/log";
import { sendMail } from "../lib/mailer";
import { addDays, ukDayOf, ukMidnight, type IsoDay } from "../lib/uk-calendar";
import { releaseLease, tryLease } from "../tracking/leases";
import { labelDeadlines, type DeadlineInput } from "./deadlines";
import { deadlineAlertMail } from "./alert-mail";
import { deadlineInput, storedDetails } from "./label-input";
import type { LabelDeadlines } from "./model";

/**
 * Alerts timed to the carrier's deadlines, sent by the cron, once each per label:
 *   act_early      while there is still time to act: Evri's investigation window has 3 days left
 *                  (no new scan by day 7 of its 10), or a late parcel became claimable (Royal Mail);
 *   claim_closing  5 days before the claim window closes.
 * None for a delivered, collected or returned parcel, nor one the user marked. Each goes out from
 * 08:00 UK time on its first day and not after its last; an alert whose days passed is not sent late.
 *
 * labels.alert_due_at says when the cron next looks at a label (index labels_alert_due): the start
 * of its next alert, or a day later while there is no first scan yet (the dates depend on it); null
 * once nothing is left to send. New labels start at 0 (looked at on the next pass); marking a label
 * sets null, undoing it 0. label_alerts records what was sent; a lease per alert stops two cron
 * passes from sending one twice.
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


type AlertEnv = Pick<Env, "DB" | "EMAIL" | "MAIL_FROM" | "APP_URL">;

/** Sends one alert unless it went already (or is going now); records it. Throws when the mail failed. */
async function sendAlert(env: AlertEnv, db: Db, row: LabelRow, email: string, w: AlertWindow, deadlines: LabelDeadlines, now: number): Promise<boolean> {
  const lease = await tryLease(db, `alert:${w.kind}:${row.id}`, now, MAIL_LEASE_MS);
  if (!lease) return false;
  try {
    const [already] = await db.select({ at: labelAlerts.sentAt }).from(labelAlerts).where(and(eq(labelAlerts.labelId, row.id), eq(labelAlerts.kind, w.kind)));
    if (already) return false;
    await sendMail(env, { to: email, ...deadlineAlertMail(env, row, w.kind, deadlines, now) });
    await db.insert(labelAlerts).values({ labelId: row.id, kind: w.kind, sentAt: Date.now() }).onConflictDoNothing();
    log("info", "deadline alert sent", { labelId: row.id, kind: w.kind });
    return true;
  } finally {
    await releaseLease(db, lease);
  }
}

export interface AlertPassOptions {
  /** Labels claimed per statement. */
  chunk?: number;
  /** At most this many labels looked at per cron pass. */
  maxPerPass?: number;
}

/** The cron's alert pass: the labels whose alert is due, in bounded batches; sends what is due and schedules the next look. */
export async function sendDueAlerts(env: AlertEnv, now: number, opts: AlertPassOptions = {}): Promise<{ looked: number; sent: number }> {
  // D1 binds at most 100 variables a statement: a chunk's ids must stay under that.
  const chunk = Math.min(opts.chunk ?? 80, 90);
  const max = opts.maxPerPass ?? 800;
  const db = getDb(env.DB);
  let looked = 0;
  let sent = 0;
  while (looked < max) {
    const ids = await claimDueAlerts(db, now, Math.min(chunk, max - looked));
    if (!ids.length) break;
    looked += ids.length;
    const rows = await db.select({ label: labels, email: users.email }).from(labels).innerJoin(users, eq(users.id, labels.userId)).where(inArray(labels.id, ids));
    const records = await db.select().from(labelAlerts).where(inArray(labelAlerts.labelId, ids));
    const updates = [];
    for (const { label, email } of rows) {
      const done = new Set(records.filter((r) => r.labelId === label.id).map((r) => r.kind));
      const plan = alertPlan(deadlineInput(label, storedDetails(label)), done, now);
      let nextAt = plan.nextAt;
      for (const w of plan.due) {
        try {
          if (await sendAlert(env, db, label, email, w, plan.deadlines!, now)) sent++;
        } catch (err) {
          log("warn", "deadline alert not sent", { labelId: label.id, kind: w.kind, error: String(err) });
        }
      }
      // Everything due went (or was already sent): the next look is the next alert's day.
      if (plan.due.length) nextAt = alertPlan(deadlineInput(label, storedDetails(label)), new Set([...done, ...(await sentKinds(db, label.id))]), now).nextAt;
      updates.push(db.update(labels).set({ alertDueAt: nextAt }).where(and(eq(labels.id, label.id), eq(labels.alertDueAt, now + ALERT_CLAIM_MS))));
    }
    if (updates.length) await db.batch(updates as [(typeof updates)[0], ...typeof updates]);
    if (ids.length < chunk) break;
  }
  return { looked, sent };
}

async function sentKinds(db: Db, labelId: string): Promise<AlertKind[]> {
  const rows = await db.select({ kind: labelAlerts.kind }).from(labelAlerts).where(eq(labelAlerts.labelId, labelId));
  return rows.map((r) => r.kind);
}
