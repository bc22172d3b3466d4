import { describe, expect, it } from "vitest";
import app from "../../worker/app";
import { ROUTE_ANSWERS } from "../../worker/api-docs/answers";
import { collectRoutes } from "../../worker/api-docs/openapi";
import { call } from "./helpers";

describe("the OpenAPI document", () => {
  it("lists every registered API route with its method", async () => {
    const res = await call("/api/v1/openapi.json");
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe("3.1.0");
    const routes = collectRoutes(app);
    expect(routes.length).toBeGreaterThan(5);
    for (const r of routes) {
      const path = r.path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, "{$1}");
      expect(doc.paths[path]?.[r.method.toLowerCase()], `${r.method} ${r.path}`).toBeDefined();
    }
  });

  it("documents request bodies from the validating zod schemas and the auth schemes", async () => {
    const doc = (await (await call("/api/v1/openapi.json")).json()) as any;
    const login = doc.paths["/api/v1/login"]?.post;
    expect(login.requestBody.content["application/json"].schema.properties).toHaveProperty("email");
    expect(login.requestBody.content["application/json"].schema.properties).toHaveProperty("password");
    expect(login.security).toEqual([]);
    const user = doc.paths["/api/v1/user"]?.get;
    expect(user.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.components.securitySchemes).toHaveProperty("apiKeyHeader");
  });

  it("serves a readable, script-free reference page", async () => {
    const res = await call("/api/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("text/html");
    const html = await res.text();
    expect(html).toContain("Parcelhive API reference");
    expect(html).toContain("/api/v1/login");
    expect(html).not.toMatch(/<script/i);
    expect(res.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
  });
});

describe("the API document's answers", () => {
  it("lists every registered call's answers, and no call that does not exist", async () => {
    const registered = collectRoutes(app).map((r) => `${r.method} ${r.path}`).sort();
    expect(Object.keys(ROUTE_ANSWERS).sort()).toEqual(registered);
  });

  it("describes a success body or file for every call, and every error status it lists", async () => {
    const doc = (await (await call("/api/v1/openapi.json")).json()) as { paths: Record<string, Record<string, { responses: Record<string, { content?: object }> }>> };
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const codes = Object.keys(op.responses);
        expect(codes.some((c) => c.startsWith("2")), `${method} ${path}`).toBe(true);
        for (const c of codes.filter((c) => Number(c) >= 400)) expect(op.responses[c].content, `${method} ${path} ${c}`).toBeDefined();
      }
    }
    expect(Object.keys(doc.paths["/api/v1/label/manual"].post.responses)).toEqual(expect.arrayContaining(["200", "201", "402"]));
  });
});
