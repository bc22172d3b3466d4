import { hmacSha256, randomToken, toHex } from "../lib/crypto";

/**
 * Webhook signatures, as Stripe signs its own: the header `Parcelhive-Signature: t=<unix seconds>,v1=<hex>` where
 * v1 is HMAC-SHA256, keyed with the endpoint's whole `whsec_…` secret, of `<t>.<raw body>`. A receiver recomputes
 * it over the raw body and refuses a timestamp more than a few minutes old (replays).
 */
export const SIGNATURE_HEADER = "Parcelhive-Signature";

/** 'whsec_' + 32 URL-safe characters (24 random bytes). */
export const newWebhookSecret = () => `whsec_${randomToken(24)}`;

/** 'whsec_abcd…': enough to tell two secrets apart, never enough to sign. */
export const secretHint = (secret: string) => `${secret.slice(0, 10)}…`;

export async function signatureHeader(secret: string, body: string, timestamp: number): Promise<string> {
  const mac = await hmacSha256(secret, `${timestamp}.${body}`);
  return `t=${timestamp},v1=${toHex(mac)}`;
}
