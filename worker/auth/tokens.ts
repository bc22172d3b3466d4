import { SignJWT, jwtVerify } from "jose";
import { base64url, fromBase64url } from "../lib/crypto";

/** Access tokens are short-lived HS256 JWTs; refresh tokens are opaque (see sessions.ts). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = "parcelhive";
const AUDIENCE = "parcelhive-api";

function checkSecret(env: Pick<Env, "JWT_SECRET">): string {
  if (!env.JWT_SECRET || env.JWT_SECRET.length < 32) {
    throw new Error("JWT_SECRET is missing or shorter than 32 characters");
  }
  return env.JWT_SECRET;
}

// The HMAC key, imported once per isolate and secret: given the secret's bytes, jose imports a CryptoKey on every
// sign and verify. The key itself is kept, not the pending import, so no request waits on another request's promise.
let imported: { secret: string; key: CryptoKey } | undefined;

async function secretKey(env: Pick<Env, "JWT_SECRET">): Promise<CryptoKey> {
  const secret = checkSecret(env);
  if (imported?.secret === secret) return imported.key;
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
    "verify",
  ]);
  imported = { secret, key };
  return key;
}

export async function signAccessToken(env: Pick<Env, "JWT_SECRET">, userId: number, now = Date.now()) {
  return new SignJWT({ typ: "access" })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(now / 1000) + ACCESS_TOKEN_TTL_SECONDS)
    .sign(await secretKey(env));
}

/** The user id of a valid access token, or null (expired, tampered, wrong key, alg=none, a claim missing...). */
export async function verifyAccessToken(env: Pick<Env, "JWT_SECRET">, token: string): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(token, await secretKey(env), {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience: AUDIENCE,
      // jose checks exp only when it is present: a token must say when it ends and when it began, and be no older
      // than an access token ever lives (iat in the future is refused too).
      requiredClaims: ["exp", "iat", "sub"],
      maxTokenAge: ACCESS_TOKEN_TTL_SECONDS,
    });
    const id = Number(payload.sub);
    return payload.typ === "access" && Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/**
 * A value only this server can derive from `message`: base64url HMAC-SHA-256 under the access-token secret. Callers
 * prefix their message with their purpose; a JWT's signing input ('eyJ…'.'…') never starts like one.
 */
export async function serverMac(env: Pick<Env, "JWT_SECRET">, message: string): Promise<string> {
  const mac = await crypto.subtle.sign("HMAC", await secretKey(env), new TextEncoder().encode(message));
  return base64url(new Uint8Array(mac));
}

/** The server's AES-GCM key for `purpose`, derived from the access-token secret (HKDF): one purpose's seal opens no other's. */
async function sealKey(env: Pick<Env, "JWT_SECRET">, purpose: string): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey("raw", new TextEncoder().encode(env.JWT_SECRET), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: new TextEncoder().encode(`seal:${purpose}`) },
    base,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

/**
 * `text` sealed for this server: opaque (encrypted) and unforgeable (authenticated), base64url. For what a link must
 * carry but not show: an account's sequential id in a buyer's unsubscribe link says how many sellers there are.
 */
export async function sealForServer(env: Pick<Env, "JWT_SECRET">, purpose: string, text: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await sealKey(env, purpose), new TextEncoder().encode(text)));
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv);
  out.set(sealed, iv.length);
  return base64url(out);
}

/** What sealForServer sealed for `purpose`, or null for anything else (altered, another purpose, another server). */
export async function openSealed(env: Pick<Env, "JWT_SECRET">, purpose: string, token: string): Promise<string | null> {
  const bytes = fromBase64url(token);
  if (!bytes || bytes.length < 12 + 16) return null;
  try {
    const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: bytes.subarray(0, 12) }, await sealKey(env, purpose), bytes.subarray(12));
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
