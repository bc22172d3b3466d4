import { eq } from "drizzle-orm";
import { buyerUnsubscribes, users } from "../db/schema";
import type { DbSessions } from "../db/sessions";
import { readUnsubscribeToken } from "./address";

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
  const [owner] = await db.select({ name: users.companyName }).from(users).where(eq(users.id, who.userId)).limit(1);
  return owner ? { seller: owner.name?.trim() || null } : undefined;
}

/** Unsubscribes the token's address from its seller's mails; false for a token this server did not make. */
export async function unsubscribeBuyer(env: Pick<Env, "JWT_SECRET">, sessions: DbSessions, token: string, now = Date.now()): Promise<boolean> {
  const who = await readUnsubscribeToken(env, token);
  if (!who) return false;
  const db = await sessions.ofUser(who.userId);
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.id, who.userId)).limit(1);
  if (!owner) return false;
  await db.insert(buyerUnsubscribes).values({ userId: who.userId, addressMac: who.addressMac, at: now }).onConflictDoNothing();
  return true;
}
