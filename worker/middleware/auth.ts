import { eq } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context";
import { users } from "../db/schema";
import { sha256Hex } from "../lib/crypto";
import { ApiError, forbidden, unauthorized } from "../lib/errors";
import { verifyAccessToken } from "../services/tokens";
import { isAdminEmail } from "../services/admins";
import { withMeta } from "../lib/openapi-meta";

/** Developer API keys start with this prefix, so a bearer value tells which kind it is. */
export const API_KEY_PREFIX = "phk_";

function bearer(header: string | undefined): string | null {
  const m = header?.match(/^Bearer\s+(.+)$/i);
  return m ? m[1].trim() : null;
}

/**
 * Signed-in user or developer API key. `apiKey: false` routes (account, billing, admin) accept
 * only access tokens: a leaked API key must not be able to change the account.
 */
export function requireAuth(opts: { apiKey?: boolean } = {}) {
  const mw = createMiddleware<AppEnv>(async (c, next) => {
    const db = c.get("db");
    const token = bearer(c.req.header("Authorization"));
    const headerKey = c.req.header("X-API-Key")?.trim();
    const apiKey = headerKey || (token?.startsWith(API_KEY_PREFIX) ? token : null);

    if (apiKey) {
      if (!opts.apiKey) throw new ApiError(403, "API keys cannot be used for this call");
      const user = await db.query.users.findFirst({ where: eq(users.developerKeyHash, await sha256Hex(apiKey)) });
      if (!user) throw unauthorized("Invalid API key");
      const { success } = await c.env.API_KEY_LIMITER.limit({ key: `key:${user.id}` });
      if (!success) throw new ApiError(429, "Too many requests for this API key. Please slow down.");
      c.set("user", user);
      c.set("authKind", "api_key");
      return next();
    }

    if (!token) throw unauthorized();
    const userId = await verifyAccessToken(c.env, token);
    if (!userId) throw unauthorized("Invalid or expired access token");
    const user = await db.query.users.findFirst({ where: eq(users.id, userId) });
    if (!user) throw unauthorized("Invalid or expired access token");
    c.set("user", user);
    c.set("authKind", "access_token");
    await next();
  });
  return withMeta(mw, { kind: "auth", apiKey: Boolean(opts.apiKey) });
}

/** Must come after requireAuth(). Admins are the emails in ADMIN_EMAILS, checked on every call. */
export const requireAdmin = withMeta(
  createMiddleware<AppEnv>(async (c, next) => {
    if (!isAdminEmail(c.env, c.get("user").email)) throw forbidden();
    await next();
  }),
  { kind: "admin" },
);
