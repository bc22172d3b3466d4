import { openSealed, sealForServer, serverMac } from "../auth/tokens";
import { timingSafeEqual } from "../lib/crypto";

/** The same value for one address of one owner's buyers, whatever its case; nobody without the secret can make it. */
export const buyerAddressMac = (env: Pick<Env, "JWT_SECRET">, userId: number, email: string) => serverMac(env, `buyer-address:${userId}:${email.trim().toLowerCase()}`);

/**
/**
 * A closed account's e-mail as its buyers' unsubscribes are kept after it (closed_unsubscribes): one way, under the
 * server's secret, so an account opened again with the address is found without the address being kept.
 */
export const closedSellerMac = (env: Pick<Env, "JWT_SECRET">, sellerEmail: string) => serverMac(env, `closed-seller:${sellerEmail.trim().toLowerCase()}`);

/**
 * A mail's unsubscribe link names the seller and the buyer's address (its MAC), sealed (auth/tokens.ts): the
 * link shows neither, and the seller's sequential account id in it said how many sellers there are. Links in mails
 * sent before carry `<userId>.<mac>.<signature>`: they keep working (an unsubscribe link must work as long as its
 * mail may be read; RFC 8058's one-click POST too) and are only ever read, never made again.
 */
const SEAL = "buyer-unsubscribe";
const SEALED = /^[A-Za-z0-9_-]{80,120}$/;
const UNSIGNED = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/;
const OLD_FORM = /^(\d{1,12})\.([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{22})$/;
const oldSignature = async (env: Pick<Env, "JWT_SECRET">, userId: number, mac: string) => (await serverMac(env, `buyer-unsubscribe:${userId}.${mac}`)).slice(0, 22);

/** The token of a mail's unsubscribe link: the owner and the address's MAC, sealed by this server. */
export async function unsubscribeToken(env: Pick<Env, "JWT_SECRET">, userId: number, email: string): Promise<string> {
  return sealForServer(env, SEAL, `${userId}.${await buyerAddressMac(env, userId, email)}`);
}

/** What an unsubscribe token names, or null for one this server did not make. */
export async function readUnsubscribeToken(env: Pick<Env, "JWT_SECRET">, token: string): Promise<{ userId: number; addressMac: string } | null> {
  if (SEALED.test(token)) {
    const m = UNSIGNED.exec((await openSealed(env, SEAL, token)) ?? "");
    return m ? { userId: Number(m[1]), addressMac: m[2] } : null;
  }
  const m = OLD_FORM.exec(token);
  if (!m) return null;
  const userId = Number(m[1]);
  return timingSafeEqual(await oldSignature(env, userId, m[2]), m[3]) ? { userId, addressMac: m[2] } : null;
}
