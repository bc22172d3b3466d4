import { and, count, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { directoryOf } from "../db/sessions";
import { buyerMails, buyerUnsubscribes, labels, users } from "../db/schema";
import { log } from "../lib/log";
import { sendMail } from "../lib/mailer";
import { ukDayOf } from "../../shared/uk-calendar";
import { trackingPageUrl, publicOrigin } from "../labels/tracking-page-token";
import { shareTrackingPage } from "../tracking-page/pages";
import { buyerView } from "../tracking-page/view";
import { buyerAddressMac, unsubscribeToken } from "./address";
import { buyerMail } from "./mail";
import { BUYER_MOMENTS, ownerMoments, type BuyerMailKind, type BuyerMoment } from "../../shared/buyer-mail";
import { supersedes } from "./moments";
import { unsubscribedFromClosedAccount } from "./unsubscribe";

/**
 * Sending a mail to a label's buyer, from the queue (`buyer.mail` jobs, queued where tracking is stored) or at once
 * for the owner's 'Send to buyer'. Each kind goes at most once per label: a row of buyer_mails is claimed first, in
 * one statement that also checks the owner's daily cap, so two jobs for one moment never both send, and a mail
 * that failed to go gives its claim back for the queue's retry. The mail goes in the seller's name (the product's
 * sending address, the seller's name shown), replies go to the seller's own address, and it can be unsubscribed
 * from in one click: then no label of that seller mails that address again.
 */

export type BuyerMailEnv = Pick<Env, "JOBS" | "EMAIL" | "MAIL_FROM" | "JWT_SECRET"> &
  Partial<Pick<Env, "BUYER_MAIL_DAILY_CAP" | "CACHE_PURGE_ZONE_ID" | "CACHE_PURGE_API_TOKEN">>;

/** Mails an owner's buyers get a day (UK day) unless BUYER_MAIL_DAILY_CAP says otherwise. */
const DEFAULT_DAILY_CAP = 500;
export const dailyCap = (env: Partial<Pick<Env, "BUYER_MAIL_DAILY_CAP">>) => {
  const n = Number(env.BUYER_MAIL_DAILY_CAP);
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_DAILY_CAP;
};

export type SendOutcome = "sent" | "already-sent" | "capped" | "unsubscribed" | "not-wanted" | "no-address" | "missing";

/** Claims the label's mail of `kind` if the owner's mails today are under the cap: true when this call may send it. */
async function claim(db: Db, row: { id: string; userId: number }, kind: BuyerMailKind, cap: number, now: number): Promise<boolean> {
  const day = ukDayOf(now);
  const claimed = await db.run(sql`
    insert into ${buyerMails} (label_id, kind, user_id, day, status, at)
    select ${row.id}, ${kind}, ${row.userId}, ${day}, 'sending', ${now}
    where (select count(*) from ${buyerMails} where user_id = ${row.userId} and day = ${day} and status in ('sending', 'sent')) < ${cap}
    on conflict do nothing`);
  return (claimed.meta.changes ?? 0) > 0;
}

/**
 * Sends the label's mail of `kind` unless it went already, the buyer unsubscribed, the owner does not want it (the
 * moment is off, or the label's mails are), or the owner's daily cap is reached (then it is recorded as not sent).
 * Throws when the mail could not be sent: the claim is given back and the queue tries again.
 */
export async function sendBuyerMail(env: BuyerMailEnv, db: Db, labelId: string, kind: BuyerMailKind, now = Date.now()): Promise<SendOutcome> {
  const [found] = await db
    .select({
      label: labels,
      owner: {
        email: users.email,
        companyName: users.companyName,
        companyTagline: users.companyTagline,
        brandColor: users.brandColor,
        bannerKey: users.bannerKey,
        moments: users.buyerMailMoments,
      },
    })
    .from(labels)
    // A closed account's buyers get nothing more.
    .innerJoin(users, and(eq(users.id, labels.userId), isNull(users.closedAt)))
    .where(eq(labels.id, labelId))
    .limit(1);
  if (!found) return "missing";
  const { label, owner } = found;
  if (!label.buyerEmail) return "no-address";
  // 'Send to buyer' is the owner asking now; a moment goes only where the owner switched it on, for this label too.
  if (kind !== "link" && (!label.buyerNotifications || !ownerMoments(owner.moments).includes(kind))) return "not-wanted";

  const mac = await buyerAddressMac(env, label.userId, label.buyerEmail);
  const [sent, unsubscribed] = await db.batch([
    db.select({ kind: buyerMails.kind, status: buyerMails.status }).from(buyerMails).where(eq(buyerMails.labelId, label.id)),
    db.select({ n: count() }).from(buyerUnsubscribes).where(and(eq(buyerUnsubscribes.userId, label.userId), eq(buyerUnsubscribes.addressMac, mac))),
  ]);
  if (unsubscribed[0].n > 0 || (await unsubscribedFromClosedAccount(env, db, owner.email, label.buyerEmail))) return "unsubscribed";
  if (sent.some((m) => m.kind === kind)) return "already-sent";
  // A later moment went already (a slow queue): the earlier one is old news.
  if (kind !== "link" && kind !== "delayed" && sent.some((m) => m.status === "sent" && m.kind !== "link" && m.kind !== "delayed" && supersedes(m.kind as BuyerMoment, kind))) {
    return "already-sent";
  }
  if (!(await claim(db, label, kind, dailyCap(env), now))) {
    // Either another job claimed it just now, or the cap is reached: record the latter, once.
    const capped = await db.insert(buyerMails).values({ labelId: label.id, kind, userId: label.userId, day: ukDayOf(now), status: "capped", at: now }).onConflictDoNothing().returning();
    if (capped.length) log("warn", "buyer mail over the daily cap", { userId: label.userId, labelId: label.id, kind, cap: dailyCap(env) });
    return capped.length ? "capped" : "already-sent";
  }

  try {
    // The mail links to the buyer's page: sending it shares the page (its directory entry in this work's directory).
    await shareTrackingPage(db, directoryOf(db), label.userId, label.id);
    const shared = await db.select({ token: labels.pageToken }).from(labels).where(eq(labels.id, label.id));
    const seller = owner.companyName?.trim() || "The sender";
    const mail = buyerMail(kind, {
      view: buyerView(label, owner, now),
      seller,
      pageUrl: trackingPageUrl(shared[0]?.token)!,
      unsubscribeUrl: `${publicOrigin()}/t/unsubscribe/${await unsubscribeToken(env, label.userId, label.buyerEmail)}`,
    });
    await sendMail(env, { to: label.buyerEmail, from: { name: seller, email: env.MAIL_FROM }, replyTo: owner.email, ...mail });
  } catch (err) {
    await db.delete(buyerMails).where(and(eq(buyerMails.labelId, label.id), eq(buyerMails.kind, kind), eq(buyerMails.status, "sending")));
    throw err;
  }
  await db.update(buyerMails).set({ status: "sent", at: Date.now() }).where(and(eq(buyerMails.labelId, label.id), eq(buyerMails.kind, kind)));
  log("info", "buyer mail sent", { userId: label.userId, labelId: label.id, kind });
  return "sent";
}

/** The queue's 'buyer.mail' job: a kind it does not know (a message from an older or newer version) is dropped. */
export async function runBuyerMailJob(env: BuyerMailEnv, db: Db, labelId: string, kind: string): Promise<void> {
  if (kind !== "link" && !(BUYER_MOMENTS as readonly string[]).includes(kind)) {
    log("warn", "buyer mail of an unknown kind", { labelId, kind });
    return;
  }
  await sendBuyerMail(env, db, labelId, kind as BuyerMailKind);
}
