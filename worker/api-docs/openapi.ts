import type { Hono } from "hono";
import { z, type ZodType } from "zod";
import { ROUTE_ANSWERS } from "./answers";
import { asQuery, exampleOf, validExample, type JsonSchema } from "./examples";
import { metaOf, type OpenApiMeta } from "../lib/openapi-meta";

/**
 * The OpenAPI 3.1 document of /api/v1, generated from the app's own routes: each route's validate()
 * schemas become its parameters and request body, requireAuth()/requireAdmin its security, and
 * describe() its summary and answer. Served at /api/v1/openapi.json; /api/docs renders it.
 */

type RouteInfo = { method: string; path: string; metas: OpenApiMeta[] };

const errorSchema = { type: "object", properties: { error: { type: "string" } }, required: ["error"] };

function jsonSchema(schema: ZodType): Record<string, unknown> {
  try {
    const out = z.toJSONSchema(schema, {
      target: "draft-2020-12",
      unrepresentable: "any",
      io: "input",
      // z.instanceof(File) in a form: a file part.
      override: ({ zodSchema, jsonSchema: js }) => {
        if ((zodSchema as { _zod?: { def?: { type?: string } } })._zod?.def?.type === "custom") Object.assign(js, { type: "string", format: "binary" });
        // zod writes every .int() with the safe-integer limits as its bounds: they bound nothing a program sends, and
        // the reference showed them 363 times ('"deleted": -9007199254740991' as an example, 'integer ≤
        // 9007199254740991' for a label's id). A real bound (.min(1), .max(50)) stays.
        if (js.minimum === Number.MIN_SAFE_INTEGER) delete js.minimum;
        if (js.maximum === Number.MAX_SAFE_INTEGER) delete js.maximum;
      },
    }) as Record<string, unknown>;
    delete out.$schema;
    return out;
  } catch {
    return {};
  }
}

/** '/api/v1/label/:id' -> '/api/v1/label/{id}' */
const toOpenApiPath = (p: string) => p.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, "{$1}");

function globMatches(pattern: string, path: string): boolean {
  if (pattern === "*" || pattern === "/*") return true;
  const re = new RegExp("^" + pattern.split("*").map((s) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join(".*") + "$");
  return re.test(path);
}

/** Every concrete API route of `app` with the metadata of the middlewares that apply to it. */
/** The part of a Hono app the document reads: its registered routes. */
type RoutedApp = Pick<Hono, "routes">;

export function collectRoutes(app: RoutedApp): RouteInfo[] {
  const byKey = new Map<string, RouteInfo>();
  const wildcards: { method: string; path: string; meta: OpenApiMeta }[] = [];
  for (const r of app.routes) {
    const meta = metaOf(r.handler);
    if (r.method === "ALL" || r.path.includes("*")) {
      if (meta) wildcards.push({ method: r.method, path: r.path, meta });
      continue;
    }
    if (!r.path.startsWith("/api/")) continue;
    const key = `${r.method} ${r.path}`;
    const info = byKey.get(key) ?? { method: r.method, path: r.path, metas: [] };
    if (meta) info.metas.push(meta);
    byKey.set(key, info);
  }
  for (const info of byKey.values()) {
    for (const w of wildcards) {
      if ((w.method === "ALL" || w.method === info.method) && globMatches(w.path, info.path)) info.metas.unshift(w.meta);
    }
  }
  return [...byKey.values()].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/** A query's or path's parameters, each with its example (one the whole schema accepts, as text). */
function parametersFrom(schema: ZodType, where: "query" | "path", context: string): unknown[] {
  const js = jsonSchema(schema) as JsonSchema;
  const example = asQuery(validExample(schema, js, context, { query: true }));
  return Object.entries(js.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === "path" || (js.required ?? []).includes(name),
    schema: s,
    ...(example[name] !== undefined ? { example: example[name] } : {}),
  }));
}

/** A JSON body's media type: its schema and an example it accepts. */
function jsonContent(schema: ZodType, context: string) {
  const js = jsonSchema(schema) as JsonSchema;
  return { schema: js, example: validExample(schema, js, context) };
}

const STATUS_TEXT: Record<number, string> = {
  200: "OK",
  201: "Created",
  202: "Accepted: being prepared",
  204: "No content",
  206: "Part of the file (a byte range)",
  400: "Invalid input",
  401: "Authentication required",
  402: "Not enough credits",
  403: "Not allowed: admin only, or an API key on an account-only call",
  404: "Not found (another user's label is not found either)",
  409: "Conflict with the current state",
  413: "Body too large",
  415: "Unsupported media type",
  416: "The byte range is not within the file",
  422: "The file could not be read as a label",
  429: "Too many requests",
  502: "The payment or carrier service failed",
  503: "Not configured on this server",
};

/** The statuses one call can answer: its own (answers.ts) and those every call of its kind can give. */
export function routeAnswers(method: string, path: string, requiresAuth: boolean, apiKey: boolean, admin: boolean) {
  const own = ROUTE_ANSWERS[`${method} ${path}`];
  const errors = new Set<number>([400, 413, ...(own?.errors ?? [])]);
  if (requiresAuth) {
    errors.add(401);
    errors.add(403);
    if (apiKey) errors.add(429);
  }
  if (admin) errors.add(403);
  const successes = [own?.status ?? 200, ...(own?.also ? [own.also] : []), ...(own?.noContent ? [204] : [])];
  return { successes, body: own?.body, file: own?.file, errors: [...errors].sort((a, b) => a - b) };
}

export function buildOpenApi(app: RoutedApp, opts: { serverUrl?: string } = {}) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of collectRoutes(app)) {
    const op: Record<string, unknown> = { responses: {} };
    const responses = op.responses as Record<string, unknown>;
    const parameters: unknown[] = [];
    let requiresAuth = false;
    let apiKey = false;
    let admin = false;
    let describedPublic = false;
    for (const m of route.metas) {
      if (m.kind === "validate") {
        if (m.target === "query") parameters.push(...parametersFrom(m.schema, "query", route.path));
        else if (m.target === "param") parameters.push(...parametersFrom(m.schema, "path", route.path));
        else if (m.target === "json") op.requestBody = { required: true, content: { "application/json": jsonContent(m.schema, route.path) } };
        else if (m.target === "form") {
          const js = jsonSchema(m.schema) as JsonSchema;
          op.requestBody = { required: true, content: { "multipart/form-data": { schema: js, example: exampleOf(js, { context: route.path }) } } };
        }
      } else if (m.kind === "auth") {
        requiresAuth = true;
        apiKey = m.apiKey;
      } else if (m.kind === "admin") admin = true;
      else if (m.kind === "describe") {
        op.summary = m.summary;
        if (m.description) op.description = m.description;
        if (m.credential) op["x-credential"] = m.credential;
        if (m.tag) op.tags = [m.tag];
        describedPublic = Boolean(m.public);
        if (m.response) responses["200"] = { description: "OK", content: { "application/json": jsonContent(m.response, route.path) } };
      }
    }
    // Path parameters not validated by a schema are still documented.
    for (const [, name] of route.path.matchAll(/:([A-Za-z0-9_]+)/g)) {
      if (!parameters.some((p) => (p as { name: string; in: string }).name === name && (p as { in: string }).in === "path")) {
        parameters.push({ name, in: "path", required: true, schema: { type: "string" }, example: exampleOf({ type: "string" }, { name, context: route.path }) });
      }
    }
    if (parameters.length) op.parameters = parameters;
    if (!op.tags) op.tags = [route.path.split("/")[3] ?? "api"];
    const answers = routeAnswers(route.method, route.path, requiresAuth, apiKey, admin);
    const ok = ROUTE_ANSWERS[`${route.method} ${route.path}`];
    if (ok?.body) {
      const content = { "application/json": jsonContent(ok.body, route.path) };
      for (const status of [ok.status, ...(ok.also ? [ok.also] : [])]) responses[String(status)] = { description: STATUS_TEXT[status], content };
    }
    else if (ok?.file) {
      for (const status of [ok.status, ...(ok.also ? [ok.also] : [])]) responses[String(status)] = { description: STATUS_TEXT[status], content: { [ok.file]: { schema: { type: "string", format: "binary" } } } };
    }
    else responses[String(ok?.status ?? 200)] ??= { description: STATUS_TEXT[ok?.status ?? 200] };
    if (ok?.headers) {
      const success = responses[String(ok.status)] as Record<string, unknown>;
      success.headers = Object.fromEntries(Object.entries(ok.headers).map(([name, description]) => [name, { description, schema: { type: "string" } }]));
    }
    if (ok?.noContent) responses["204"] = { description: ok.noContent };
    if (ok?.request && ok.request !== "none" && !op.requestBody) {
      const { content, required = true, description } = ok.request;
      op.requestBody = {
        required,
        ...(description ? { description } : {}),
        content: Object.fromEntries(Object.entries(content).map(([type, schema]) => [type, type === "application/json" ? jsonContent(schema, route.path) : { schema: jsonSchema(schema) }])),
      };
    }
    for (const status of answers.errors) responses[String(status)] = { description: STATUS_TEXT[status] ?? "Error", content: { "application/json": { schema: errorSchema } } };
    if (admin) op["x-admin"] = true;
    // The status a call answers when it does what it is for (manual create: 201; 200 when the code existed).
    op["x-success-status"] = ok?.status ?? 200;
    if (requiresAuth) {
      op.security = apiKey ? [{ bearerAuth: [] }, { apiKeyHeader: [] }, { apiKeyBearer: [] }] : [{ bearerAuth: [] }];
    } else if (describedPublic || !requiresAuth) {
      op.security = [];
    }
    paths[toOpenApiPath(route.path)] ??= {};
    paths[toOpenApiPath(route.path)][route.method.toLowerCase()] = op;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Parcelhive API",
      version: "1.0.0",
      // Markdown, as every text of the document: /api/docs renders it.
      description:
        "The API behind the Parcelhive web app, for your own programs too: import and read labels, follow their tracking, " +
        "receive webhooks and read figures. Authenticate with a developer API key (Settings → Developer API key) as " +
        "`Authorization: Bearer phk_…` or `X-API-Key: phk_…`, or with a short-lived access token from `POST /api/v1/login`. " +
        "Errors are JSON `{ \"error\": \"message\" }`.",
    },
    servers: [{ url: opts.serverUrl ?? "/" }],
    components: {
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "Access token from /api/v1/login" },
        apiKeyBearer: { type: "http", scheme: "bearer", description: "Developer API key (phk_...) as a bearer token" },
        apiKeyHeader: { type: "apiKey", in: "header", name: "X-API-Key", description: "Developer API key (phk_...)" },
      },
    },
    paths,
  };
}
