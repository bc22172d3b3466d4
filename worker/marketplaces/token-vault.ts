import { base64url, fromBase64url } from "../lib/crypto";

/**
 * Sellers' marketplace tokens at rest: AES-256-GCM under MARKETPLACE_TOKEN_KEY (32 random bytes, base64), a fresh
 * 12-byte nonce each time, stored as `v1.<nonce>.<ciphertext>` (base64url). A dump of the database alone gives no
 * token; a changed key makes every stored token unreadable, and those connections ask to be reconnected.
 */
let cached: { raw: string; key: Promise<CryptoKey> } | null = null;

function keyOf(raw: string): Promise<CryptoKey> {
  if (cached?.raw === raw) return cached.key;
  const bytes = Uint8Array.from(atob(raw.trim()), (c) => c.charCodeAt(0));
  if (bytes.length !== 32) throw new Error("MARKETPLACE_TOKEN_KEY must be 32 bytes, base64-encoded");
  const key = crypto.subtle.importKey("raw", bytes, "AES-GCM", false, ["encrypt", "decrypt"]);
  cached = { raw, key };
  return key;
}

export async function sealToken(keyBase64: string, token: string): Promise<string> {
  const nonce = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv: nonce }, await keyOf(keyBase64), new TextEncoder().encode(token));
  return `v1.${base64url(nonce)}.${base64url(new Uint8Array(sealed))}`;
}

/** The token, or null when it cannot be opened (another key, or not a sealed token). */
export async function openToken(keyBase64: string, sealed: string): Promise<string | null> {
  const [version, nonceText, bodyText] = sealed.split(".");
  const nonce = nonceText ? fromBase64url(nonceText) : null;
  const body = bodyText ? fromBase64url(bodyText) : null;
  if (version !== "v1" || !nonce || !body) return null;
  try {
    return new TextDecoder().decode(await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, await keyOf(keyBase64), body));
  } catch {
    return null;
  }
}
