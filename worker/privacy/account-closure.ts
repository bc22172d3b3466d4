import { and, eq, gt, isNotNull } from "drizzle-orm";
import { isSubscribed, stripeClient } from "../billing/billing";
import { closedSellerMac } from "../buyer-mail/address";
import { userDatabase } from "../db/databases";
import type { DbSessions } from "../db/sessions";
import {
  accountClosures,
  emailTokens,
  labelImportAddresses,
  labels,
  refreshTokens,
  stripeCheckouts,
  trackingPageTokens,
  users,
  marketplaceConnections,
  webhookEndpoints,
  type User,
} from "../db/schema";
import { ApiError } from "../lib/errors";
import { enqueue } from "../lib/jobs";
import { log } from "../lib/log";
import { sendMail, simpleHtmlMail } from "../lib/mailer";
import { EDGE_TTL_SECONDS, purgePages } from "../labels/tracking-page-cache";
import { closeExports } from "./export";

/**
 * Closing an account (Settings, password asked again; or an admin from Cheats). In this order:
 *  1. its Stripe subscription is cancelled through Stripe's API: a refusal stops the closing, nothing changed;
 *  2. in one step per database the account becomes unusable: closed_at set, its e-mail freed (the same address can
 *     sign up again at once as a new, empty account), its API key, sessions, sign-in links, import address, open
 *     checkouts, buyer pages and webhooks gone; every sign-in, mail, page and cron pass refuses a closed account;
 *  3. the queue removes the rest (account-erasure.ts): labels and files, ledger, settings, banner, buyer pages,
 *     directory rows, and the mailbox threads with it when the admin chose so;
 *  4. a confirmation goes to the address it had.
 * Kept: Stripe keeps the payment records (what the law asks of a seller of credits); its buyers' unsubscribes stay
 * under a MAC of its e-mail (closed_unsubscribes), so an account opened again with it never mails them.
 */


export const CLOSURE_TEXTS = {
  wrongPassword: "That password is not right. Nothing was closed.",
  alreadyClosed: "This account is already closed.",
  stripeRefused: (why: string) => `Stripe did not cancel the subscription (${why}), so nothing was closed. Try again in a moment, or cancel it from the billing portal first.`,
  stripeNotConfigured: "The subscription cannot be cancelled: payments are not configured on this server. Nothing was closed.",
  ownAccount: "Close your own account from Settings.",
} as const;

/** The e-mail a closed account's row carries: not an address anyone can sign up with, unique per account. */
export const closedEmail = (userId: number) => `closed:${userId}`;

/** Stripe subscription states that still bill. */
async function cancelSubscription(env: Env, user: User): Promise<void> {
  if (!user.subscriptionId || !isSubscribed(user.subscriptionStatus)) return;
  const stripe = await stripeClient(env);
  if (!stripe) throw new ApiError(503, CLOSURE_TEXTS.stripeNotConfigured);
  try {
    await stripe.subscriptions.cancel(user.subscriptionId, {}, { idempotencyKey: `close-account-${user.id}-${user.subscriptionId}` });
  } catch (err) {
    const e = err as { code?: string; statusCode?: number; message?: string };
    // Already gone at Stripe: nothing bills any more.
    if (e.code === "resource_missing") return;
    log("error", "stripe refused to cancel a subscription at closing", { userId: user.id, code: e.code, status: e.statusCode });
    throw new ApiError(502, CLOSURE_TEXTS.stripeRefused(e.message ?? "no answer"));
  }
}

/** What makes the account unusable, the same in the directory and in its own database (each has its row). */
const closedRow = (userId: number, now: number) => ({
  email: closedEmail(userId),
  passwordHash: "",
  closedAt: now,
  developerKeyHash: null,
  developerKeyMasked: null,
  stripeCustomerId: null,
  subscriptionId: null,
  subscriptionStatus: null,
  companyName: null,
  companyTagline: null,
  marketingConsent: false,
  updatedAt: now,
});

/**
 * Closes `userId`'s account: Stripe first, then unusable at once, then the queue. `deleteMail` (an admin's choice)
 * also removes the admin mailbox's threads with the address. Answers the address the confirmation went to.
 */
export async function closeAccount(env: Env, sessions: DbSessions, userId: number, opts: { byAdmin: boolean; deleteMail: boolean }, now = Date.now()): Promise<string> {
  const directory = sessions.db();
  const user = await directory.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user || user.closedAt) throw new ApiError(409, CLOSURE_TEXTS.alreadyClosed);
  const database = await userDatabase(env, directory, userId);
  const own = sessions.db(database);
  // Its own row holds the subscription as Stripe's events last said (the directory's is the same but for a moved sender).
  const ownRow = own === directory ? user : ((await own.query.users.findFirst({ where: eq(users.id, userId) })) ?? user);
  await cancelSubscription(env, { ...user, subscriptionId: ownRow.subscriptionId ?? user.subscriptionId, subscriptionStatus: ownRow.subscriptionStatus ?? user.subscriptionStatus });

  // A page is kept 60 s in the edge cache where it was viewed: the copies of those viewed in the last minute are dropped
  // (a page whose owner is closed is never rendered again).
  const pages = await own
    .select({ token: labels.pageToken })
    .from(labels)
    .where(and(eq(labels.userId, userId), isNotNull(labels.pageToken), gt(labels.pageViewedAt, now - EDGE_TTL_SECONDS * 1000)));
  await directory.batch([
    directory.update(users).set(closedRow(userId, now)).where(eq(users.id, userId)),
    directory.delete(refreshTokens).where(eq(refreshTokens.userId, userId)),
    directory.delete(emailTokens).where(eq(emailTokens.userId, userId)),
    directory.delete(labelImportAddresses).where(eq(labelImportAddresses.userId, userId)),
    directory.delete(stripeCheckouts).where(eq(stripeCheckouts.userId, userId)),
    directory.delete(trackingPageTokens).where(eq(trackingPageTokens.userId, userId)),
    directory.insert(accountClosures).values({
      userId,
      database,
      byAdmin: opts.byAdmin,
      mailAddress: opts.deleteMail ? user.email : null,
      sellerMac: await closedSellerMac(env, user.email),
      startedAt: now,
    }),
  ]);
  // Its own database: the row closed the same way, its webhooks stop (their delivery log goes with them), and its
  // marketplace tokens go: nothing acts on its shops any more.
  if (own !== directory) await own.update(users).set(closedRow(userId, now)).where(eq(users.id, userId));
  await own.delete(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
  await own.delete(marketplaceConnections).where(eq(marketplaceConnections.userId, userId));
  // Its copy of its data: the link dies at once, a build stops (the erasure removes their files).
  await closeExports(own, userId, now);
  await purgePages(env, pages.map((p) => p.token));

  await enqueue(env, directory, { type: "account.close", userId });
  await sendClosedMail(env, user.email, Boolean(ownRow.subscriptionId && isSubscribed(ownRow.subscriptionStatus)));
  return user.email;
}

/** The confirmation, to the address the account had. A failure is logged: the account is closed either way. */
async function sendClosedMail(env: Env, to: string, hadSubscription: boolean) {
  const paragraphs = [
    "Your Parcelhive account is closed. Nobody can sign in to it any more, its developer API key and webhooks have stopped, and its buyer tracking pages no longer open.",
    "We are deleting its labels and their files, its credits and their history, its settings and banner, its import address and webhooks. Nothing of it can be restored.",
    ...(hadSubscription ? ["Your monthly subscription was cancelled with Stripe: you will not be charged again."] : []),
    "Stripe keeps the records of what you paid, as the law requires of a seller. Buyers who unsubscribed from your tracking e-mails stay unsubscribed.",
    "You can sign up again with this address at any time: it will be a new, empty account.",
  ];
  try {
    await sendMail(env, {
      to,
      subject: "Your Parcelhive account is closed",
      text: `Your account is closed\n\n${paragraphs.join("\n\n")}\n\nParcelhive`,
      html: simpleHtmlMail({ heading: "Your account is closed", paragraphs }),
    });
  } catch (err) {
    log("error", "closure mail not sent", { error: String(err) });
  }
}
