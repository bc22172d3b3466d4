import { SignJWT, jwtVerify } from "jose";
import { base64url } from "../lib/crypto";

/** Access tokens are short-lived HS256 JWTs; refresh tokens are opaque (see accounts/sessions.ts). */
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
