import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { databaseNames } from "../db/databases";
import type { DbSessions } from "../db/sessions";
import { marketplaceConnections, marketplaceOrders } from "../db/schema";
import { fromBase64url, sha256Hex } from "../lib/crypto";
import { log } from "../lib/log";
import { ebayConfig, type MarketplaceEnv } from "./config";

/**
 * eBay's marketplace account deletion notifications (https://developer.ebay.com/marketplace-account-deletion), at
 * `APP_URL/api/v1/marketplaces/ebay/account-deletion`:
 * - eBay's check of the endpoint: `challenge_code` answered with hex SHA-256(code + verification token + endpoint);
 * - each notification: `X-EBAY-SIGNATURE` (base64 of { kid, signature }) checked with eBay's public key for `kid`
 *   (ECDSA P-256 over SHA-1, the signature DER-encoded; the key fetched with an application token and kept an hour),
 *   then the user's data goes in every database: orders they bought, and connections of their own seller account.
 */
export type EbayDeletionEnv = MarketplaceEnv & Pick<Env, "EBAY_VERIFICATION_TOKEN">;

export const deletionEndpoint = (env: Pick<Env, "APP_URL">) => `${env.APP_URL.replace(/\/$/, "")}/api/v1/marketplaces/ebay/account-deletion`;

export async function challengeResponse(env: EbayDeletionEnv, code: string): Promise<string | null> {
  if (!env.EBAY_VERIFICATION_TOKEN) return null;
  return sha256Hex(code + env.EBAY_VERIFICATION_TOKEN + deletionEndpoint(env));
}

const header = z.object({ kid: z.string().min(1).max(200), signature: z.string().min(1).max(400) });
const notification = z.object({ metadata: z.object({ topic: z.literal("MARKETPLACE_ACCOUNT_DELETION") }), notification: z.object({ data: z.object({ username: z.string().min(1), userId: z.string().min(1) }) }) });
const keys = new Map<string, { key: CryptoKey; until: number }>();

const b64 = (s: string) => fromBase64url(s.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""));

/** WebCrypto verifies ECDSA as r‖s: eBay signs in DER, SEQUENCE { INTEGER r, INTEGER s }. */
function derToRaw(der: Uint8Array): Uint8Array | null {
  if (der[0] !== 0x30) return null;
  const out = new Uint8Array(64);
  let i = 2;
  for (const half of [0, 1]) {
    if (der[i] !== 0x02) return null;
    const n = der.slice(i + 2, i + 2 + der[i + 1]).slice(-32);
    out.set(n, half * 32 + 32 - n.length);
    i += 2 + der[i + 1];
  }
  return out;
}

async function publicKey(env: EbayDeletionEnv, kid: string): Promise<CryptoKey | null> {
  const cached = keys.get(kid);
  if (cached && cached.until > Date.now()) return cached.key;
  const cfg = ebayConfig(env);
  if (!cfg) return null;
  const tokenRes = await fetch(`${cfg.apiBase}/identity/v1/oauth2/token`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Authorization: `Basic ${btoa(`${cfg.clientId}:${cfg.clientSecret}`)}` }, body: "grant_type=client_credentials&scope=https%3A%2F%2Fapi.ebay.com%2Foauth%2Fapi_scope" });
  const token = ((await tokenRes.json().catch(() => null)) as { access_token?: string } | null)?.access_token;
  if (!token) return null;
  const res = await fetch(`${cfg.apiBase}/commerce/notification/v1/public_key/${encodeURIComponent(kid)}`, { headers: { Authorization: `Bearer ${token}` } });
  const pem = ((await res.json().catch(() => null)) as { key?: string } | null)?.key;
  const spki = pem ? b64(pem.replace(/-----(BEGIN|END) PUBLIC KEY-----|\s/g, "")) : null;
  if (!spki) return null;
  const key = await crypto.subtle.importKey("spki", spki, { name: "ECDSA", namedCurve: "P-256" }, false, ["verify"]);
  keys.set(kid, { key, until: Date.now() + 3_600_000 });
  return key;
}

/** Checks and acts on one notification; false when its signature is not eBay's (answer 412, as eBay's SDK does). */
export async function handleAccountDeletion(env: EbayDeletionEnv, sessions: DbSessions, body: string, signatureHeader: string | undefined): Promise<boolean> {
  let sig: z.infer<typeof header>;
  let message: z.infer<typeof notification>;
  try {
    sig = header.parse(JSON.parse(atob(signatureHeader ?? "")));
    message = notification.parse(JSON.parse(body));
  } catch {
    return false;
  }
  const key = await publicKey(env, sig.kid);
  const der = b64(sig.signature);
  const raw = der ? derToRaw(der) : null;
  if (!key || !raw) return false;
  // eBay signs the message as its SDK serialises it: the body as sent, or compacted.
  const texts = [body, JSON.stringify(JSON.parse(body))];
  let ok = false;
  for (const text of texts) ok ||= await crypto.subtle.verify({ name: "ECDSA", hash: "SHA-1" }, key, raw, new TextEncoder().encode(text));
  if (!ok) return false;
  const { username, userId } = message.notification.data;
  for (const database of databaseNames(env)) {
    const db = sessions.db(database);
    await db.batch([
      db.delete(marketplaceOrders).where(and(eq(marketplaceOrders.marketplace, "ebay"), eq(marketplaceOrders.buyerRef, username))),
      db.delete(marketplaceConnections).where(and(eq(marketplaceConnections.marketplace, "ebay"), eq(marketplaceConnections.shopId, userId))),
    ]);
  }
  log("info", "ebay account deletion", { at: Date.now() });
  return true;
}
