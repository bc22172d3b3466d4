import { describe, expect, it } from "vitest";
import app from "../../worker/app";
import { collectRoutes } from "../../worker/api-docs/openapi";
import { call, createUser } from "./helpers";

/**
 * Every API route, checked from the outside: signed out, non-admin, and (for account-only calls)
 * with a developer API key. A route added without an auth middleware fails here unless it is
 * listed as public below — on purpose.
 */
const PUBLIC = new Set([
  "GET /api/health",
  "GET /api/v1/openapi.json",
  "GET /api/docs",
  "POST /api/v1/signup",
  "POST /api/v1/login",
  "POST /api/v1/refresh",
  "POST /api/v1/logout",
  "POST /api/v1/resend-verification",
  "POST /api/v1/verify-email",
  "POST /api/v1/password-reset/request",
  "GET /api/v1/password-reset/validate",
  "POST /api/v1/password-reset/confirm",
  "GET /api/v1/couriers",
  "POST /api/v1/stripe/webhook",
  // Shopify signs the body with the app's secret (test/worker/marketplace-shopify-webhooks.test.ts).
  "POST /api/v1/marketplaces/shopify/webhooks",
  // eBay's endpoint check (a hash with the verification token) and its signed notifications (marketplace-ebay-deletion.test.ts).
  "GET /api/v1/marketplaces/ebay/account-deletion",
  "POST /api/v1/marketplaces/ebay/account-deletion",
  // The signed link of 'Download my data', opened from its mail: the signature is the key (test/worker/export.test.ts).
  "GET /api/v1/user/export/download",
]);

const routes = collectRoutes(app);
const concrete = (path: string) => path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, "x1");

describe("authorization matrix", () => {
  it("knows every route: each is either public or behind requireAuth", () => {
    const unprotected = routes
      .filter((r) => !r.metas.some((m) => m.kind === "auth"))
      .map((r) => `${r.method} ${r.path}`)
      .filter((k) => !PUBLIC.has(k));
    expect(unprotected).toEqual([]);
  });

  for (const r of routes.filter((r) => r.metas.some((m) => m.kind === "auth"))) {
    it(`${r.method} ${r.path}: 401 signed out, 401 with a forged token`, async () => {
      const path = concrete(r.path);
      const out = await call(path, { method: r.method, json: r.method === "GET" ? undefined : {} });
      expect(out.status).toBe(401);
      expect(await out.json()).toHaveProperty("error");
      const forged = await call(path, { method: r.method, token: "eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.", json: r.method === "GET" ? undefined : {} });
      expect(forged.status).toBe(401);
    });
  }

  for (const r of routes.filter((r) => r.metas.some((m) => m.kind === "admin"))) {
    it(`${r.method} ${r.path}: 403 for a signed-in non-admin`, async () => {
      const u = await createUser();
      const res = await call(concrete(r.path), { method: r.method, token: u.token, json: r.method === "GET" ? undefined : {} });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: "Admin privileges required." });
    });
  }

  for (const r of routes.filter((r) => r.metas.some((m) => m.kind === "auth" && !m.apiKey))) {
    it(`${r.method} ${r.path}: a developer API key cannot be used`, async () => {
      const res = await call(concrete(r.path), {
        method: r.method,
        headers: { "X-API-Key": "phk_not_a_real_key" },
        json: r.method === "GET" ? undefined : {},
      });
      expect(res.status).toBe(403);
    });
  }
});
