import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { refreshTokens } from "../db/schema";
import { timingSafeEqual } from "../lib/crypto";
import { REFRESH_TOKEN_TTL_MS } from "./sessions";
import { serverMac } from "./tokens";

/**
 * The document cookie: how the request for /labels' HTML document tells the Worker which seller asks, so that it can
 * draw the list's first cards into the document (worker/labels/document.ts; issue 33, /labels' largest paint). The API
 * never reads it: API calls are authorised by the bearer token alone, as before, so a cross-site request carrying the
 * cookie can do nothing (no CSRF), and the cookie only ever changes what the seller's own HTML shows.
 *
 * It names the sign-in session (the refresh-token family, ./sessions.ts), not a token: `<family id>.<MAC>`, the MAC
 * under the server's secret, so it cannot be made up from a family id (those appear in logs). It is worth something
 * only while that session is: signing out, a refresh token's reuse (the family revoked), a password reset (every
 * session revoked), the 30 days of a refresh token, and a closed account (the Worker's calls for the cards are refused)
 * all end it, whatever the browser keeps. HttpOnly (no script reads it), Secure, SameSite=Lax (sent on a link followed
 * from elsewhere, as a document request must be, never on another site's sub-requests), Path=/ (the document is /labels;
 * a narrower path would not cover /labels?…). Set by sign-in and every refresh (which renews its 30 days), cleared by
 * sign-out and by closing the account (docs/privacy.md: a credential, not personal data).
 */
export const DOCUMENT_COOKIE = "ph_doc";

const MAC_PURPOSE = "document-cookie:";
const ATTRIBUTES = "Path=/; HttpOnly; Secure; SameSite=Lax";
const VALUE = /^(fam_[0-9a-f]{20})\.([A-Za-z0-9_-]{43})$/;

/** The Set-Cookie value that names session `familyId` for 30 days. */
export async function documentCookie(env: Pick<Env, "JWT_SECRET">, familyId: string): Promise<string> {
  const mac = await serverMac(env, `${MAC_PURPOSE}${familyId}`);
  return `${DOCUMENT_COOKIE}=${familyId}.${mac}; ${ATTRIBUTES}; Max-Age=${Math.floor(REFRESH_TOKEN_TTL_MS / 1000)}`;
}

/** The Set-Cookie value that removes it. */
export const CLEAR_DOCUMENT_COOKIE = `${DOCUMENT_COOKIE}=; ${ATTRIBUTES}; Max-Age=0`;

/** The cookie's value in a Cookie header, or null. */
function cookieValue(header: string | undefined): string | null {
  for (const part of header?.split(";") ?? []) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === DOCUMENT_COOKIE) return part.slice(at + 1).trim();
  }
  return null;
}

/**
 * The user whose live session the request's document cookie names, or null: no cookie, a value the server did not
 * make (altered, another server's), or a session that has ended (signed out, revoked, expired).
 */
export async function documentUser(db: Db, env: Pick<Env, "JWT_SECRET">, cookieHeader: string | undefined, now = Date.now()): Promise<number | null> {
  const m = VALUE.exec(cookieValue(cookieHeader) ?? "");
  if (!m) return null;
  const [, familyId, mac] = m;
  if (!timingSafeEqual(await serverMac(env, `${MAC_PURPOSE}${familyId}`), mac)) return null;
  // The family's current token: neither replaced nor revoked, not expired.
  const live = await db.query.refreshTokens.findFirst({
    where: and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt), isNull(refreshTokens.rotatedAt), gt(refreshTokens.expiresAt, now)),
    columns: { userId: true },
  });
  return live?.userId ?? null;
}
