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

  it("describes every call's success body or file (a 204 has none), and the request body of every call that reads one", async () => {
    const doc = (await (await call("/api/v1/openapi.json")).json()) as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: object }> }; responses: Record<string, { content?: object }> }>>;
    };
    const missing: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const call = `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ":$1")}`;
        for (const [code, answer] of Object.entries(op.responses)) {
          if (code.startsWith("2") && code !== "204" && !answer.content) missing.push(`${call}: ${code} body`);
        }
        const readsNoBody = ROUTE_ANSWERS[call]?.request === "none";
        if (["post", "put", "patch"].includes(method) && !op.requestBody && !readsNoBody) missing.push(`${call}: request body`);
        if (readsNoBody && op.requestBody) missing.push(`${call}: says it reads no body but documents one`);
      }
    }
    expect(missing).toEqual([]);
    const profile = doc.paths["/api/v1/user/profile"].put.requestBody!.content;
    expect(Object.keys(profile).sort()).toEqual(["application/json", "multipart/form-data"]);
    const bannerPart = (profile["multipart/form-data"].schema as { properties: Record<string, { anyOf: object[] }> }).properties.banner_image;
    expect(bannerPart.anyOf).toContainEqual({ type: "string", format: "binary" });
    expect(profile["application/json"].schema).toMatchObject({ properties: { remove_banner: {}, marketing_consent: {} } });
    expect(doc.paths["/api/v1/generate-developer-key"].post.requestBody!.content).toHaveProperty("application/json");
    expect(Object.keys(doc.paths["/api/v1/user/banner"].get.responses)).toEqual(expect.arrayContaining(["200", "204"]));
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
