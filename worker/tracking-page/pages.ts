import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { labels, trackingPageTokens, users } from "../db/schema";
import { notFound } from "../lib/errors";
import { findLabelRow } from "../labels/read";
import { purgePages } from "../labels/tracking-page-cache";
import { newPageToken } from "../labels/tracking-page-token";
import type { PageOwner } from "./view";

/**
 * The owner's side of a label's buyer page: made on first share (one token per label; sharing again answers the
 * same), switched off (the token is dropped: its address answers the 404 every unknown address answers), made
 * again (a new token: the old address stays dead). Only the label's owner can do any of it; another user's label
 * is a 404, as everywhere.
 *
 * `db` is the owner's database (their labels); `directory` the home one, whose entry for each live token names the
 * owner, so the public page finds the owner's database (worker/db/databases.ts). The entry is written before the
 * label takes the token and deleted after the label lets it go: a token is never live without its entry, and an
 * entry left by a failure in between names a label without that token, which answers the same 404.
 */

/** Makes the page of the user's label unless it has one. Answers the label's id and whether a page was made now. */
export async function shareTrackingPage(db: Db, directory: Db, userId: number, idOrCode: string): Promise<{ labelId: string; created: boolean }> {
  const row = await findLabelRow(db, userId, idOrCode);
  if (!row) throw notFound("Label not found");
  if (row.pageToken) return { labelId: row.id, created: false };
  const token = newPageToken();
  await directory.insert(trackingPageTokens).values({ token, userId });
  // Two shares at once: the second finds the token set and makes none, and drops its entry.
  const [made] = await db
    .update(labels)
    .set({ pageToken: token })
    .where(and(eq(labels.id, row.id), isNull(labels.pageToken)))
    .returning({ id: labels.id });
  if (!made) await directory.delete(trackingPageTokens).where(eq(trackingPageTokens.token, token));
  return { labelId: row.id, created: Boolean(made) };
}

/** Switches the page of the user's label off (nothing to do when it has none); its cached copies are purged. */
export async function revokeTrackingPage(db: Db, directory: Db, env: Parameters<typeof purgePages>[0], userId: number, idOrCode: string): Promise<string> {
  const row = await findLabelRow(db, userId, idOrCode);
  if (!row) throw notFound("Label not found");
  if (row.pageToken) {
    await db.update(labels).set({ pageToken: null }).where(eq(labels.id, row.id));
    await directory.delete(trackingPageTokens).where(eq(trackingPageTokens.token, row.pageToken));
    await purgePages(env, [row.pageToken]);
  }
  return row.id;
}

/** The label behind a token and its owner's branding, in one read; null for a token no label has. */
export async function readTrackingPage(db: Db, token: string) {
  const [found] = await db
    .select({
      label: labels,
      owner: { companyName: users.companyName, companyTagline: users.companyTagline, brandColor: users.brandColor, bannerKey: users.bannerKey },
    })
    .from(labels)
    // A closed account's pages answer the 404 of an unknown token from the moment it closes.
    .innerJoin(users, and(eq(users.id, labels.userId), isNull(users.closedAt)))
    .where(eq(labels.pageToken, token))
    .limit(1);
  return found ? { label: found.label, owner: found.owner satisfies PageOwner } : null;
}

/** The owner's banner key and mime behind a token, or null. */
export async function pageBanner(db: Db, token: string) {
  const [found] = await db
    .select({ key: users.bannerKey, mime: users.bannerMime })
    .from(labels)
    .innerJoin(users, and(eq(users.id, labels.userId), isNull(users.closedAt)))
    .where(eq(labels.pageToken, token))
    .limit(1);
  return found?.key ? { key: found.key, mime: found.mime } : null;
}

/** Counts one view of the page; false when no label has the token any more (switched off since it was cached). */
export async function countPageView(db: Db, token: string, now = Date.now()): Promise<boolean> {
  const counted = await db
    .update(labels)
    .set({ pageViews: sql`${labels.pageViews} + 1`, pageViewedAt: now })
    .where(eq(labels.pageToken, token))
    .returning({ id: labels.id });
  return counted.length > 0;
}
