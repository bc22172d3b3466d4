import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { secureHeaders } from "hono/secure-headers";
import type { AppEnv } from "./context";
import { BOOKMARK_HEADER, requestSessions } from "./db/sessions";
import { ApiError } from "./lib/errors";
import { NO_STORE, PUBLIC_FIVE_MINUTES } from "./lib/http-cache";
import { log } from "./lib/log";
import { describe } from "./lib/openapi-meta";
import adminRoutes from "./admin/routes";
import analyticsRoutes from "./analytics/routes";
import authRoutes from "./accounts/auth-routes";
import billingRoutes from "./billing/routes";
import claimActionRoutes from "./claims/action-routes";
import claimPackRoutes from "./claims/claim-pack-routes";
import courierRoutes from "./couriers/routes";
import creditRoutes from "./credits/routes";
import labelImportRoutes from "./label-import/routes";
import labelPrintRoutes from "./label-print/routes";
import labelMailRoutes from "./label-mail/routes";
import labelRoutes from "./labels/routes";
import { labelsDocument } from "./labels/document";
import mailRoutes from "./mail/routes";
import marketplaceRoutes from "./marketplaces/routes";
import privacyRoutes from "./privacy/routes";
import closureRoutes from "./privacy/closure-routes";
import trackingRoutes from "./tracking/routes";
import trackingPageRoutes from "./tracking-page/routes";
import buyerMailRoutes from "./buyer-mail/routes";
import trackingPagePublicRoutes from "./tracking-page/page-routes";
import userRoutes from "./accounts/user-routes";
import webhookRoutes from "./webhooks/routes";
import exportRoutes from "./privacy/export-routes";
import retentionRoutes from "./privacy/retention-routes";

/** Largest JSON/form body any call but the label upload accepts. */
const MAX_BODY_BYTES = 256 * 1024;
/** Label uploads: 16 MB file plus multipart overhead. */
const MAX_UPLOAD_BYTES = 16 * 1024 * 1024 + 64 * 1024;

const app = new Hono<AppEnv>();

app.use("*", async (c, next) => {
  const requestId = c.req.header("cf-ray") ?? crypto.randomUUID();
  c.set("requestId", requestId);
  const sessions = requestSessions(c.env, c.req.raw);
  c.set("sessions", sessions);
  c.set("directory", sessions.db());
  c.set("db", sessions.db());
  const started = Date.now();
  await next();
  // Where the client's next request must start reading from to see what this one read and wrote (error answers
  // too: a batch that failed may follow reads the client should not go back before). API answers only: the buyers'
  // pages (/t/*) have no client that keeps it, and there it would tell an unknown address from a switched-off one.
  const bookmarks = c.req.path.startsWith("/api/") ? sessions.bookmarks() : null;
  if (bookmarks) c.header(BOOKMARK_HEADER, bookmarks);
  if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", NO_STORE);
  // Locally (vite dev/preview, e2e) miniflare reuses a connection that workerd closes when a request body
  // goes unread (e.g. a 401/403 before validation): the next request then fails with 'fetch failed'.
  // Drain what the handler left. Deployed Workers do not need this.
  if (c.env.ENVIRONMENT !== "production" && c.req.raw.body && !c.req.raw.bodyUsed) {
    await c.req.raw.arrayBuffer().catch(() => {});
  }
  c.header("X-Request-Id", requestId);
  log("info", "request", {
    requestId,
    method: c.req.method,
    path: c.req.path,
    status: c.res.status,
    ms: Date.now() - started,
  });
});

const headerOptions = (styles: boolean) =>
  secureHeaders({
    // The API answers JSON (and the script-free reference page, which needs its inline styles).
    contentSecurityPolicy: styles
      ? { defaultSrc: ["'none'"], styleSrc: ["'unsafe-inline'"], frameAncestors: ["'none'"] }
      : { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    referrerPolicy: "strict-origin-when-cross-origin",
    crossOriginResourcePolicy: "same-origin",
    strictTransportSecurity: false,
  });
const apiHeaders = headerOptions(false);
const docsHeaders = headerOptions(true);
app.use("/api/*", async (c, next) => {
  await (c.req.path === "/api/docs" ? docsHeaders : apiHeaders)(c, next);
  if (c.env.ENVIRONMENT === "production") c.header("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
});

/** Banner images: 5 MB plus multipart overhead (the profile service checks the exact 5 MB). */
const MAX_BANNER_BYTES = 5 * 1024 * 1024 + 64 * 1024;
/** CSV imports and their previews: 1 MB plus multipart overhead (worker/labels/csv-import.ts checks the exact 1 MB). */
const MAX_CSV_BYTES = 1024 * 1024 + 64 * 1024;

app.use("/api/*", async (c, next) => {
  const isUpload = c.req.method === "POST" && c.req.path === "/api/v1/label";
  const isBanner = c.req.method === "PUT" && c.req.path === "/api/v1/user/profile";
  const isCsv = c.req.method === "POST" && /^\/api\/v1\/labels\/import(\/preview)?$/.test(c.req.path);
  return bodyLimit({
    maxSize: isUpload ? MAX_UPLOAD_BYTES : isBanner ? MAX_BANNER_BYTES : isCsv ? MAX_CSV_BYTES : MAX_BODY_BYTES,
    onError: (c) =>
      c.json(
        {
          error: isUpload
            ? "File is larger than 16MB"
            : isBanner
              ? "The banner image must be 5 MB or smaller."
              : isCsv
                ? "The CSV file must be 1 MB or smaller."
                : "Request body too large",
        },
        413,
      ),
  })(c, next);
});

app.get("/api/health", describe({ summary: "Whether the service answers." }), (c) => c.json({ ok: true }));

app
  .route("/api/v1", authRoutes)
  .route("/api/v1", userRoutes)
  .route("/api/v1", courierRoutes)
  .route("/api/v1", analyticsRoutes)
  .route("/api/v1", labelImportRoutes)
  .route("/api/v1", labelMailRoutes)
  .route("/api/v1", labelRoutes)
  .route("/api/v1", privacyRoutes)
  .route("/api/v1", closureRoutes)
  .route("/api/v1", labelPrintRoutes)
  .route("/api/v1", claimActionRoutes)
  .route("/api/v1", claimPackRoutes)
  .route("/api/v1", trackingRoutes)
  .route("/api/v1", trackingPageRoutes)
  .route("/api/v1", buyerMailRoutes)
  .route("/api/v1", billingRoutes)
  .route("/api/v1", creditRoutes)
  .route("/api/v1", adminRoutes)
  .route("/api/v1", mailRoutes)
  .route("/api/v1", webhookRoutes)
  .route("/api/v1", marketplaceRoutes)
  .route("/api/v1", exportRoutes)
  .route("/api/v1", retentionRoutes);

// Buyers' tracking pages: public HTML, not the API (wrangler.toml runs the Worker first for /t/*).
app.route("/t", trackingPagePublicRoutes);

// /labels' document: the first cards drawn in for the seller the document cookie names, else index.html (wrangler.toml
// runs the Worker first for /labels only; every other page of the app is the static index.html).
app.get("/labels", (c) => labelsDocument(c, (request) => app.fetch(request, c.env, c.executionCtx)));

// The document (and the answer schemas it is built from) loads when it is asked for, not at every start.
app.get("/api/v1/openapi.json", describe({ summary: "This reference as an OpenAPI 3.1 document, for code generators and API tools." }), async (c) => {
  const { buildOpenApi } = await import("./api-docs/openapi");
  return c.json(buildOpenApi(app, { serverUrl: new URL(c.req.url).origin }), 200, { "Cache-Control": PUBLIC_FIVE_MINUTES });
});
app.get("/api/docs", describe({ summary: "This page." }), async (c) => {
  const [{ buildOpenApi }, { renderApiDocs }] = await Promise.all([import("./api-docs/openapi"), import("./api-docs/reference-page")]);
  return c.html(renderApiDocs(buildOpenApi(app), new URL(c.req.url).origin), 200, { "Cache-Control": PUBLIC_FIVE_MINUTES });
});

app.notFound((c) => c.json({ error: "Not found" }, 404));

app.onError((err, c) => {
  if (err instanceof ApiError) return c.json({ error: err.message }, err.status);
  // Hono's own HTTPExceptions (e.g. malformed JSON from a validator) carry a status below 500.
  const status = (err as { status?: number }).status;
  if (typeof status === "number" && status >= 400 && status < 500) {
    return c.json({ error: err.message || "Bad request" }, status as 400);
  }
  log("error", "unhandled", { requestId: c.get("requestId"), error: String(err), stack: (err as Error).stack });
  return c.json({ error: "Something went wrong. Please try again." }, 500);
});

export default app;
