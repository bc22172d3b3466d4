import { z } from "zod";
import { serverMac } from "../accounts/tokens";
import { timingSafeEqual } from "../lib/crypto";

/**
 * A buyer's e-mail address: checked, kept lowercased on the label, masked wherever labels are listed, and known
 * elsewhere only as a MAC under the server's secret (an unsubscribe is kept by it).
 */
export const buyerEmailSchema = z
  .string()
  .trim()
  .max(254, "buyerEmail is at most 254 characters")
  .pipe(z.email({ message: "buyerEmail must be an e-mail address" }))
  .transform((e) => e.toLowerCase());

/** 'jane.doe@example.com' -> 'j•••@example.com': enough to recognise, not enough to write to. */
export function maskEmail(email: string | null | undefined): string | null {
  if (!email) return null;
  const at = email.lastIndexOf("@");
  return at < 1 ? "•••" : `${email[0]}•••${email.slice(at)}`;
}

/** The same value for one address of one owner's buyers, whatever its case; nobody without the secret can make it. */
export const buyerAddressMac = (env: Pick<Env, "JWT_SECRET">, userId: number, email: string) => serverMac(env, `buyer-address:${userId}:${email.trim().toLowerCase()}`);

/**
 * A closed account's e-mail as its buyers' unsubscribes are kept after it (closed_unsubscribes): one way, under the
 * server's secret, so an account opened again with the address is found without the address being kept.
 */
export const closedSellerMac = (env: Pick<Env, "JWT_SECRET">, sellerEmail: string) => serverMac(env, `closed-seller:${sellerEmail.trim().toLowerCase()}`);

const UNSUBSCRIBE = /^(\d{1,12})\.([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{22})$/;
const unsubscribeSignature = async (env: Pick<Env, "JWT_SECRET">, userId: number, mac: string) =>
  (await serverMac(env, `buyer-unsubscribe:${userId}.${mac}`)).slice(0, 22);

/** The token of a mail's unsubscribe link: the owner, the address's MAC, and a signature only this server makes. */
export async function unsubscribeToken(env: Pick<Env, "JWT_SECRET">, userId: number, email: string): Promise<string> {
  const mac = await buyerAddressMac(env, userId, email);
  return `${userId}.${mac}.${await unsubscribeSignature(env, userId, mac)}`;
}

/** What an unsubscribe token names, or null for one this server did not make. */
export async function readUnsubscribeToken(env: Pick<Env, "JWT_SECRET">, token: string): Promise<{ userId: number; addressMac: string } | null> {
  const m = UNSUBSCRIBE.exec(token);
  if (!m) return null;
  const userId = Number(m[1]);
  return timingSafeEqual(await unsubscribeSignature(env, userId, m[2]), m[3]) ? { userId, addressMac: m[2] } : null;
}
