import { and, asc, eq, gte, inArray, isNotNull, isNull, lte } from "drizzle-orm";
import type { Db } from "../db/client";
import { labels, users, type LabelRow } from "../db/schema";
import { enqueue } from "../lib/jobs";
import { log } from "../lib/log";
import { sendMail, simpleHtmlMail } from "../lib/mailer";
import { labelNoticeFacts, labelsUrl, noticeDigest } from "../labels/notice";
import { trackedCouriers } from "../couriers/registry";
import type { CourierEnv } from "../couriers/courier";
import { releaseLease, tryLease } from "./leases";
import { LOST_NOTICE_QUIET_MS, lostReasonText, lostThresholds } from "../deadlines/lost";

/**
 * The owner's notice for parcels flagged potentially lost: one mail per flag, and one mail for many flags that
 * come together. Flags come in bursts (an import of labels printed weeks ago and never scanned is flagged at
 * its first refreshes), so a notice waits until the owner's flags have been quiet for LOST_NOTICE_QUIET_MS and
 * none of their labels imported in the last LOST_NOTICE_MAX_WAIT_MS still waits for its first tracking check,
 * but never longer than that after the oldest flag; then everything unsent goes out in one mail. The job of the
 * owner's oldest unsent flag carries the wait (it queues itself again); the other flags' jobs end at once.
 * (The flag itself is queued by queueLostNotice in lost.ts, LOST_NOTICE_QUIET_MS after it was set.)
 */

export const LOST_NOTICE_MAX_WAIT_MS = 2 * 3_600_000;
const MAIL_LEASE_MS = 5 * 60_000;
/** At most this many flags in one mail; a later notice takes the rest. */
const MAX_PER_MAIL = 500;

type NoticeEnv = CourierEnv &
  Pick<Env, "JOBS" | "EMAIL" | "MAIL_FROM" | "APP_URL"> &
  Partial<Pick<Env, "LOST_NO_FIRST_SCAN_DAYS" | "LOST_NO_NEW_SCAN_DAYS" | "LOST_PAST_EXPECTED_DAYS">>;

/** The owner's flags without a notice yet, oldest first. */
const unsentFlags = (db: Db, userId: number) =>
  db
    .select()
    .from(labels)
    .where(and(eq(labels.userId, userId), eq(labels.potentiallyLost, true), isNull(labels.lostEmailSentAt), isNotNull(labels.potentiallyLostAt)))
    .orderBy(asc(labels.potentiallyLostAt), asc(labels.id))
    .limit(MAX_PER_MAIL);

/** Labels of the owner imported lately whose first tracking check (which may flag them too) is due and has not run yet. */
async function awaitingFirstCheck(env: NoticeEnv, db: Db, userId: number, now: number): Promise<boolean> {
  const couriers = trackedCouriers(env);
  if (!couriers.length) return false;
  const [row] = await db
    .select({ id: labels.id })
    .from(labels)
    .where(and(eq(labels.userId, userId), gte(labels.createdAt, now - LOST_NOTICE_MAX_WAIT_MS), isNull(labels.trackingCheckedAt), lte(labels.nextTrackingAt, now + LOST_NOTICE_QUIET_MS), inArray(labels.courier, couriers)))
    .limit(1);
  return row !== undefined;
}

/**
 * The 'lost.notify' job. 'sent': the owner was mailed about this flag (and any others unsent); 'waiting': more
 * flags may come, the job was queued again; 'skipped': nothing to send, or another job sends it. Throws when the
 * mail could not be sent (the queue retries; nothing is marked sent).
 */
export async function sendLostNotice(env: NoticeEnv, db: Db, labelId: string, now = Date.now()): Promise<"sent" | "waiting" | "skipped"> {
  const [owner] = await db.select({ userId: labels.userId, email: users.email }).from(labels).innerJoin(users, and(eq(users.id, labels.userId), isNull(users.closedAt))).where(eq(labels.id, labelId)).limit(1);
  if (!owner) return "skipped";
  const lease = await tryLease(db, `lost-mail:user:${owner.userId}`, now, MAIL_LEASE_MS);
  if (!lease) {
    // Another job is mailing this owner now; this flag may have come too late for it: look again shortly.
    await enqueue(env, db, { type: "lost.notify", labelId }, 60);
    return "waiting";
  }
  try {
    const flags = await unsentFlags(db, owner.userId);
    if (flags[0]?.id !== labelId) return "skipped";
    const oldest = flags[0].potentiallyLostAt!;
    const newest = Math.max(...flags.map((f) => f.potentiallyLostAt!));
    if (now - oldest < LOST_NOTICE_MAX_WAIT_MS) {
      const quietFor = now - newest;
      if (quietFor < LOST_NOTICE_QUIET_MS || (await awaitingFirstCheck(env, db, owner.userId, now))) {
        await enqueue(env, db, { type: "lost.notify", labelId }, Math.max(60, Math.ceil((LOST_NOTICE_QUIET_MS - Math.max(0, quietFor)) / 1000)));
        return "waiting";
      }
    }
    await sendMail(env, { to: owner.email, ...(flags.length === 1 ? lostNoticeMail(env, flags[0]) : lostDigestMail(env, flags)) });
    // Only for the flags the mail was about: a flag cleared meanwhile stays cleared.
    const sentAt = Date.now();
    const marks = flags.map((f) =>
      db
        .update(labels)
        .set({ lostEmailSentAt: sentAt })
        .where(and(eq(labels.id, f.id), eq(labels.potentiallyLostAt, f.potentiallyLostAt!), isNull(labels.lostEmailSentAt))),
    );
    await db.batch(marks as [(typeof marks)[0], ...typeof marks]);
    log("info", "lost notice sent", { userId: owner.userId, labels: flags.length });
    return "sent";
  } finally {
    await releaseLease(db, lease);
  }
}

const WE_CLEAR = "We will clear the warning as soon as the carrier scans the parcel again.";

/** The notice of one flag: which label, why, what to do, and a link to it. */
export function lostNoticeMail(env: Pick<Env, "APP_URL"> & Parameters<typeof lostThresholds>[0], label: LabelRow) {
  const { known, courier, to, url } = labelNoticeFacts(env, label);
  const why = lostReasonText(label.lostReason, lostThresholds(env));
  const what = known?.lostAdvice ?? `Check with the recipient first. If it has not arrived, contact ${courier} with the tracking number to start an enquiry.`;
  const lines = [`This parcel may be delayed or lost: ${courier} ${label.trackingCode}${to ? ` to ${to}` : ""}.`, `Why: ${why}`, `What to do: ${what}`];
  return {
    subject: `Parcel ${label.trackingCode} may be delayed or lost`,
    text: `${lines.join("\n\n")}\n\nOpen the label: ${url}\n\n${WE_CLEAR}\n\nParcelhive`,
    html: simpleHtmlMail({ heading: `Parcel ${label.trackingCode} may be delayed or lost`, paragraphs: [...lines, WE_CLEAR], action: { label: "Open the label", url } }),
  };
}

/** One notice for many flags: each parcel and why, and the list of flagged parcels on the site. */
export function lostDigestMail(env: Pick<Env, "APP_URL"> & Parameters<typeof lostThresholds>[0], flagged: LabelRow[]) {
  const thresholds = lostThresholds(env);
  const lines = flagged.map((label) => {
    const { courier, to } = labelNoticeFacts(env, label);
    return `${courier} ${label.trackingCode}${to ? ` to ${to}` : ""}: ${lostReasonText(label.lostReason, thresholds)}`;
  });
  return noticeDigest({
    subject: `${flagged.length} parcels may be delayed or lost`,
    intro: `${flagged.length} of your parcels may be delayed or lost:`,
    lines,
    outro: ["What to do: check with each recipient first; if a parcel has not arrived, contact its carrier with the tracking number. Each label's page says what its carrier asks for and by when.", "We will clear each warning as soon as the carrier scans that parcel again."],
    action: { label: "See these parcels", url: labelsUrl(env, "lost=1") },
  });
}
