import { eq } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { MiddlewareHandler } from "hono";
import type { AppEnv, DeferredUserEnv } from "../context";
import { HOME_DATABASE, userDatabase } from "../db/databases";
import { users } from "../db/schema";
import { sha256Hex } from "../lib/crypto";
import { ApiError, forbidden, unauthorized } from "../lib/errors";
import { verifyAccessToken } from "./tokens";
import { isAdminEmail } from "./admins";
import { withMeta } from "../lib/openapi-meta";

/** Developer API keys start with this prefix, so a bearer value tells which kind it is. */
export const API_KEY_PREFIX = "phk_";

const INVALID_ACCESS_TOKEN = "Invalid or expired access token";

function bearer(header: string | undefined): string | null {
  const m = header?.match(/^Bearer\s+(.+)$/i);
  return m ? m[1].trim() : null;
}

/**
 * Signed-in user or developer API key. `apiKey: false` routes (account, billing, admin) accept
 * only access tokens: a leaked API key must not be able to change the account.
 *
 * `loadUser: false` (hot read routes): for an access token only the JWT is verified and `userId` set, without
 * reading D1; the route MUST then read the user row itself (in the same D1 batch as its own queries) and answer
 * 401 'Invalid or expired access token' when the row is gone, as this middleware does otherwise. An API key
 * still needs its hash lookup, which gives the user; `user` is set then but typed never, so routes use `userId`.
 *
 * From here on `db` is the signed-in user's own database (worker/db/databases.ts): the route reads and writes their
 * data there, whichever database holds it. Until then it is the home database, the directory.
 */
export function requireAuth(opts: { apiKey?: boolean; loadUser: false }): MiddlewareHandler<AppEnv & DeferredUserEnv>;
export function requireAuth(opts?: { apiKey?: boolean; loadUser?: true }): MiddlewareHandler<AppEnv>;
export function requireAuth(
  opts: { apiKey?: boolean; loadUser?: boolean } = {},
): MiddlewareHandler<AppEnv> | MiddlewareHandler<AppEnv & DeferredUserEnv> {
  const mw = createMiddleware<AppEnv>(async (c, next) => {
    const directory = c.get("directory");
    /** Routes the rest of the request to the user's database; answers their row there when it is not the directory's. */
    const enterUserDatabase = async (userId: number) => {
      const name = await userDatabase(c.env, directory, userId);
      const db = c.get("sessions").db(name);
      c.set("db", db);
      return { db, moved: name !== HOME_DATABASE };
    };
    const token = bearer(c.req.header("Authorization"));
    const headerKey = c.req.header("X-API-Key")?.trim();
    const apiKey = headerKey || (token?.startsWith(API_KEY_PREFIX) ? token : null);

    if (apiKey) {
      if (!opts.apiKey) throw new ApiError(403, "API keys cannot be used for this call");
      const keyOwner = await directory.query.users.findFirst({ where: eq(users.developerKeyHash, await sha256Hex(apiKey)) });
      // A closed account's key was cleared when it closed; a row closed meanwhile answers the same.
      if (!keyOwner || keyOwner.closedAt) throw unauthorized("Invalid API key");
      const { success } = await c.env.API_KEY_LIMITER.limit({ key: `key:${keyOwner.id}` });
      if (!success) throw new ApiError(429, "Too many requests for this API key. Please slow down.");
      const { db, moved } = await enterUserDatabase(keyOwner.id);
      const user = moved ? await db.query.users.findFirst({ where: eq(users.id, keyOwner.id) }) : keyOwner;
      if (!user || user.closedAt) throw unauthorized("Invalid API key");
      c.set("userId", user.id);
      c.set("user", user);
      c.set("authKind", "api_key");
      return next();
    }

    if (!token) throw unauthorized();
    const userId = await verifyAccessToken(c.env, token);
    if (!userId) throw unauthorized(INVALID_ACCESS_TOKEN);
    const { db } = await enterUserDatabase(userId);
    if (opts.loadUser !== false) {
      const user = await db.query.users.findFirst({ where: eq(users.id, userId) });
      // A closed account: its access tokens (15 minutes) die with it, at once.
      if (!user || user.closedAt) throw unauthorized(INVALID_ACCESS_TOKEN);
      c.set("user", user);
    }
    c.set("userId", userId);
    c.set("authKind", "access_token");
    await next();
  });
  return withMeta(mw, { kind: "auth", apiKey: Boolean(opts.apiKey) });
}

/**
 * For `requireAuth({ loadUser: false })` routes whose own D1 read found no user row: the same 401 the
 * middleware gives (a valid token of a deleted user; an API key revoked or whose user went in between).
 */
export function userGone(authKind: AppEnv["Variables"]["authKind"]): ApiError {
  return unauthorized(authKind === "api_key" ? "Invalid API key" : INVALID_ACCESS_TOKEN);
}

/** Must come after requireAuth(). Admins are the emails in ADMIN_EMAILS, checked on every call. */
export const requireAdmin = withMeta(
  createMiddleware<AppEnv>(async (c, next) => {
    if (!isAdminEmail(c.env, c.get("user").email)) throw forbidden();
    await next();
  }),
  { kind: "admin" },
);
