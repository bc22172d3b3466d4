import type { MiddlewareHandler } from "hono";
import type { ZodType } from "zod";

/**
 * Route metadata for the OpenAPI document (worker/openapi.ts). The middlewares that already sit on
 * every route carry it — validate() its schema, requireAuth()/requireAdmin the security — so the
 * document is generated from the same zod schemas that validate requests and cannot drift from them.
 * describe() adds a summary and, where useful, the answer's schema.
 */
export const OPENAPI_META = Symbol.for("parcelhive.openapi");

export type OpenApiMeta =
  | { kind: "validate"; target: string; schema: ZodType }
  | { kind: "auth"; apiKey: boolean }
  | { kind: "admin" }
  | {
      kind: "describe";
      /** One line of Markdown: what the call does. */
      summary: string;
      /** Markdown: what else a caller must know. */
      description?: string;
      tag?: string;
      response?: ZodType;
      public?: boolean;
      /** What `Authorization: Bearer` carries on a call that takes neither an access token nor an API key ('refresh token'). */
      credential?: string;
    };

export function withMeta<M extends MiddlewareHandler>(mw: M, meta: OpenApiMeta): M {
  (mw as unknown as Record<symbol, OpenApiMeta>)[OPENAPI_META] = meta;
  return mw;
}

export function metaOf(handler: unknown): OpenApiMeta | undefined {
  return (handler as Record<symbol, OpenApiMeta> | undefined)?.[OPENAPI_META];
}

/** Documents a route: `app.get("/x", describe({ summary: "..." }), ...)`. Does nothing at run time. */
export function describe(info: Omit<Extract<OpenApiMeta, { kind: "describe" }>, "kind">): MiddlewareHandler {
  return withMeta(async (_c, next) => next(), { kind: "describe", ...info });
}
