import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { users, type User } from "../db/schema";
import { newId } from "../lib/crypto";
import { ApiError } from "../lib/errors";
import { log } from "../lib/log";

/**
 * Label branding and email preferences: company name, tagline, banner image (R2), the brand colour of the buyer's
 * tracking page and mails, and marketing consent. The banner's type is decided by its bytes, never by its name or declared type.
 */

/** Banner max 5 MB. */
export const BANNER_MAX_BYTES = 5 * 1024 * 1024;
export const BANNER_TYPES_TEXT = "PNG, JPEG or WEBP";

export type BannerMime = "image/png" | "image/jpeg" | "image/webp";

/** The image type the bytes really are, or null. */
export function sniffBannerMime(bytes: Uint8Array): BannerMime | null {
  const at = (offset: number, sig: number[]) => sig.every((b, i) => bytes[offset + i] === b);
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (at(0, [0xff, 0xd8, 0xff])) return "image/jpeg";
  // RIFF....WEBP
  if (at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50])) return "image/webp";
  return null;
}

/** Checks an uploaded banner: size first (cheap), then its magic bytes. Answers bytes and real type. */
export async function readBanner(file: File): Promise<{ bytes: Uint8Array; mime: BannerMime }> {
  if (file.size === 0) throw new ApiError(400, "The banner image is empty.");
  if (file.size > BANNER_MAX_BYTES) throw new ApiError(413, "The banner image must be 5 MB or smaller.");
  const bytes = new Uint8Array(await file.arrayBuffer());
  const mime = sniffBannerMime(bytes);
  if (!mime) throw new ApiError(415, `The banner image must be a ${BANNER_TYPES_TEXT} image.`);
  return { bytes, mime };
}

export interface ProfileChange {
  companyName?: string | null;
  companyTagline?: string | null;
  brandColor?: string | null;
  /** The moments buyers are mailed at (worker/buyer-mail/moments.ts). */
  buyerMailMoments?: string[];
  marketingConsent?: boolean;
  /** A new banner replaces the old one; `removeBanner` deletes it. */
  banner?: { bytes: Uint8Array; mime: BannerMime };
  removeBanner?: boolean;
}

/**
 * Applies a profile change. A new banner is written to R2 before the row points at it, and the
 * object it replaces is deleted only after: a failure leaves at worst an unreferenced object,
 * never a row pointing at nothing.
 */
export async function updateProfile(db: Db, files: R2Bucket, user: User, change: ProfileChange): Promise<User> {
  const set: Partial<typeof users.$inferInsert> = { updatedAt: Date.now() };
  if (change.companyName !== undefined) set.companyName = change.companyName;
  if (change.companyTagline !== undefined) set.companyTagline = change.companyTagline;
  if (change.brandColor !== undefined) set.brandColor = change.brandColor;
  if (change.buyerMailMoments !== undefined) set.buyerMailMoments = JSON.stringify(change.buyerMailMoments);
  if (change.marketingConsent !== undefined) set.marketingConsent = change.marketingConsent;

  let newKey: string | null = null;
  if (change.banner) {
    newKey = `banners/${user.id}/${newId("bnr")}`;
    await files.put(newKey, change.banner.bytes, { httpMetadata: { contentType: change.banner.mime } });
    set.bannerKey = newKey;
    set.bannerMime = change.banner.mime;
  } else if (change.removeBanner) {
    set.bannerKey = null;
    set.bannerMime = null;
  }

  let updated: User | undefined;
  try {
    [updated] = await db.update(users).set(set).where(eq(users.id, user.id)).returning();
  } catch (err) {
    if (newKey) await files.delete(newKey).catch(() => {});
    throw err;
  }
  if (!updated) throw new ApiError(404, "Not found");

  const replaced = (change.banner || change.removeBanner) && user.bannerKey && user.bannerKey !== updated.bannerKey;
  if (replaced) {
    await files.delete(user.bannerKey!).catch((err) => log("warn", "banner delete failed", { key: user.bannerKey, error: String(err) }));
  }
  return updated;
}

/** The owner's banner object, or null when there is none. */
export async function getBanner(files: R2Bucket, user: User): Promise<{ body: ReadableStream; mime: string; size: number } | null> {
  if (!user.bannerKey) return null;
  const obj = await files.get(user.bannerKey);
  if (!obj) return null;
  return { body: obj.body, mime: user.bannerMime ?? obj.httpMetadata?.contentType ?? "application/octet-stream", size: obj.size };
}
