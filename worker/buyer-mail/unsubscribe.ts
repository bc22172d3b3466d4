import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { accountClosures, buyerUnsubscribes, closedUnsubscribes, users } from "../db/schema";
import { directoryOf, type DbSessions } from "../db/sessions";
import { buyerAddressMac, closedSellerMac, readUnsubscribeToken } from "./address";

/**
 * A buyer's unsubscribe, from the link in a mail (a page with a button) or the mail client's one-click POST
 * (RFC 8058). Kept per seller by the address's MAC: that address gets no more mails about any of the seller's labels.
 * The token names the seller (signed), and the seller's own database keeps it, where their mails are sent from.
 */

/** The seller a token names (their company name, or null without one); undefined for a token this server did not make. */
export async function unsubscribeSeller(env: Pick<Env, "JWT_SECRET">, sessions: DbSessions, token: string): Promise<{ seller: string | null } | undefined> {
  const who = await readUnsubscribeToken(env, token);
  if (!who) return undefined;
  const db = await sessions.ofUser(who.userId);
  const [owner] = await db.select({ name: users.companyName, closedAt: users.closedAt }).from(users).where(eq(users.id, who.userId)).limit(1);
  if (owner && !owner.closedAt) return { seller: owner.name?.trim() || null };
  // A closed seller's link still unsubscribes: the page asks as ever, naming no one.
  return (await closedSeller(sessions.db(), who.userId)) ? { seller: null } : undefined;
}

/** The MAC a closed account's buyers' unsubscribes are kept under, while it closes or after; null when none is known. */
async function closedSeller(directory: Db, oldUserId: number): Promise<string | null> {
  const [closing] = await directory.select({ mac: accountClosures.sellerMac }).from(accountClosures).where(eq(accountClosures.userId, oldUserId)).limit(1);
  if (closing) return closing.mac;
  const [kept] = await directory.select({ mac: closedUnsubscribes.sellerMac }).from(closedUnsubscribes).where(eq(closedUnsubscribes.oldUserId, oldUserId)).limit(1);
  return kept?.mac ?? null;
}

/**
 * Whether the buyer unsubscribed from a closed account that had the seller's e-mail (an account opened again with
 * it): one read of the directory, which finds nothing for almost every seller.
 */
export async function unsubscribedFromClosedAccount(env: Pick<Env, "JWT_SECRET">, db: Db, sellerEmail: string, buyerEmail: string): Promise<boolean> {
  const directory = directoryOf(db);
  const sellerMac = await closedSellerMac(env, sellerEmail);
  const olds = await directory.selectDistinct({ id: closedUnsubscribes.oldUserId }).from(closedUnsubscribes).where(eq(closedUnsubscribes.sellerMac, sellerMac));
  if (!olds.length) return false;
  const macs = await Promise.all(olds.map((o) => buyerAddressMac(env, o.id, buyerEmail)));
  const [hit] = await directory
    .select({ n: sql<number>`count(*)` })
    .from(closedUnsubscribes)
    .where(and(eq(closedUnsubscribes.sellerMac, sellerMac), sql`${closedUnsubscribes.addressMac} in (select value from json_each(${JSON.stringify(macs)}))`));
  return Number(hit?.n ?? 0) > 0;
}

/** Unsubscribes the token's address from its seller's mails; false for a token this server did not make. */
export async function unsubscribeBuyer(env: Pick<Env, "JWT_SECRET">, sessions: DbSessions, token: string, now = Date.now()): Promise<boolean> {
  const who = await readUnsubscribeToken(env, token);
  if (!who) return false;
  const db = await sessions.ofUser(who.userId);
  const [owner] = await db.select({ id: users.id, closedAt: users.closedAt }).from(users).where(eq(users.id, who.userId)).limit(1);
  if (owner && !owner.closedAt) {
    await db.insert(buyerUnsubscribes).values({ userId: who.userId, addressMac: who.addressMac, at: now }).onConflictDoNothing();
    return true;
  }
  // The seller closed their account: kept with its other unsubscribes, for an account opened again with its e-mail.
  const sellerMac = await closedSeller(sessions.db(), who.userId);
  if (!sellerMac) return false;
  await sessions.db().insert(closedUnsubscribes).values({ sellerMac, oldUserId: who.userId, addressMac: who.addressMac, at: now }).onConflictDoNothing();
  return true;
}
