import type { Db } from "./db/client";
import type { User } from "./db/schema";

/** The Hono environment every route and middleware shares. */
export type AppEnv = {
  Bindings: Env;
  Variables: {
    requestId: string;
    db: Db;
    /** Set by requireAuth: the signed-in user (access token) or the owner of the API key. */
    user: User;
    authKind: "access_token" | "api_key";
  };
};
