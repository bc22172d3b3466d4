import { and, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { buyerMails, labels } from "../db/schema";
import { termConditions } from "../labels/filters";
import type { AnalyticsQuery } from "./analytics";
import type { BuyerAnalytics } from "./model";

/**
 * What buyers saw of the caller's labels under the analytics filters (the labels' UK shipping days, courier, lost,
 * next-day, tags): how often their tracking pages were opened, and the mails that went to them. Counts only: no
 * buyer's address is read here (buyer e-mails never reach analytics).
 *
 * One statement. It reads the labels_buyers partial index (migration 0021), which holds only the labels a buyer could
 * have seen (a page shared or opened, or a buyer's e-mail), so a seller who shares few pages reads few rows; the mails
 * of each such label are counted through buyer_mails' primary key (label_id first).
 */

const sentMails = sql<number>`(select count(*) from ${buyerMails} where ${buyerMails.labelId} = ${labels.id} and ${buyerMails.status} = 'sent')`;

/** The statement of a query (exported so the tests can check its query plan). */
export function buyerStatement(db: Db, userId: number, q: AnalyticsQuery) {
  // The labels list's own conditions for the same filters (a tag filter: the label has any of the tags).
  const flag = (v: string | undefined) => (v === undefined ? undefined : v === "1");
  const terms = { from: q.from, to: q.to, courier: q.courier, lost: flag(q.lost), nextDay: flag(q.next_day), tags: q.tags };
  return db
    .select({
      shared: sql<number>`count(${labels.pageToken})`,
      opened: sql<number>`sum(${labels.pageViews} > 0)`,
      views: sql<number>`sum(${labels.pageViews})`,
      mails: sql<number>`sum(${sentMails})`,
    })
    .from(labels)
    .where(
      and(...termConditions(userId, terms), sql`(${labels.pageViews} > 0 or ${labels.pageToken} is not null or ${labels.buyerEmail} is not null)`),
    );
}

export async function buyerAnalytics(db: Db, userId: number, q: AnalyticsQuery): Promise<BuyerAnalytics> {
  const [r] = await buyerStatement(db, userId, q);
  const n = (v: unknown) => Number(v ?? 0);
  return { pageViews: n(r?.views), pagesOpened: n(r?.opened), pagesShared: n(r?.shared), mailsSent: n(r?.mails) };
}
