import type { Db } from "./db/client";
import type { DbSessions } from "./db/sessions";
import type { User } from "./db/schema";

/** The Hono environment every route and middleware shares. */
export type AppEnv = {
  Bindings: Env;
  Variables: {
    requestId: string;
    /** This request's D1 sessions, one per database it touches (worker/db/sessions.ts). */
    sessions: DbSessions;
    /** The home database through this request's session: the directory of accounts and what finds them (worker/db/databases.ts). */
    directory: Db;
    /** The database this request works on, through its session: the directory until requireAuth routes it to the signed-in user's own. */
    db: Db;
    /** Set by requireAuth: the signed-in user's id (access token) or the API key owner's id. */
    userId: number;
    /**
     * Set by requireAuth: the signed-in user (access token) or the owner of the API key. Not set on routes
     * with `requireAuth({ loadUser: false })` (their env types it as never): they read the row themselves.
     */
    user: User;
    authKind: "access_token" | "api_key";
  };
};

/**
 * What `requireAuth({ loadUser: false })` adds to a route's environment: no `user` (typed never, so reading it
 * does not compile), only `userId`. The route reads the user row itself, in the same D1 batch as its own work.
 */
export type DeferredUserEnv = { Variables: { user: never } };
