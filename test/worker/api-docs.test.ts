import type { ZodType } from "zod";
import { describe, expect, it } from "vitest";
import app from "../../worker/app";
import { ROUTE_ANSWERS } from "../../worker/api-docs/answers";
import { buildOpenApi, collectRoutes } from "../../worker/api-docs/openapi";
import { call } from "./helpers";

/**
 * The API reference reads like one (issue 33 item 9): the developer key's first steps on top, the calls for
 * developers' programs before the web app's own, Markdown rendered, and for every call an example request and answer
 * made from the schemas that validate it, so a call added later gets them too and they cannot be wrong.
 */
type Media = { example?: unknown };
type Documented = {
  parameters?: { name: string; in: string; example?: unknown }[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
};

describe("the API reference's examples", () => {
  it("gives every call a summary", () => {
    const doc = buildOpenApi(app);
    const missing = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).filter(([, op]) => !(op as { summary?: string }).summary).map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(missing).toEqual([]);
  });

  it("documents with each call an example body, query and answer made from its own schemas, each of which the schema accepts", () => {
    const refused: string[] = [];
    const check = (what: string, schema: ZodType, value: unknown) => {
      const parsed = schema.safeParse(value);
      if (!parsed.success) refused.push(`${what}: ${JSON.stringify(value).slice(0, 200)} -> ${parsed.error.issues[0]?.path.join(".")}: ${parsed.error.issues[0]?.message}`);
    };
    const doc = buildOpenApi(app);
    let checked = 0;
    for (const route of collectRoutes(app)) {
      const name = `${route.method} ${route.path}`;
      const op = doc.paths[route.path.replace(/:([A-Za-z0-9_]+)/g, "{$1}")][route.method.toLowerCase()] as Documented;
      for (const meta of route.metas) {
        if (meta.kind !== "validate") continue;
        if (meta.target === "json") check(`${name} body`, meta.schema, op.requestBody?.content["application/json"]?.example);
        // A query is text: each example value as it is sent.
        if (meta.target === "query") check(`${name} query`, meta.schema, Object.fromEntries((op.parameters ?? []).filter((p) => p.in === "query").map((p) => [p.name, p.example])));
        checked++;
      }
      const answer = ROUTE_ANSWERS[name]?.body;
      if (answer) {
        check(`${name} answer`, answer, op.responses[String(ROUTE_ANSWERS[name].status)]?.content?.["application/json"]?.example);
        checked++;
      }
    }
    expect(refused).toEqual([]);
    expect(checked).toBeGreaterThan(80);
  });
});

describe("GET /api/docs", () => {
  async function page() {
    const res = await call("/api/docs");
    expect(res.status).toBe(200);
    return res.text();
  }
  const headings = (html: string) => [...html.matchAll(/<h2[^>]*>([^<]+)<\/h2>/g)].map((m) => m[1]);

  it("shows no safe-integer limit as an example or a bound (zod's .int() writes them; they were 363 on the page)", async () => {
    const html = await page();
    expect(html.match(/.{0,80}9007199254740991/g) ?? []).toEqual([]);
    // A real bound still reads as one: the labels list's page is 'integer ≥ 1'.
    expect(html).toMatch(/integer ≥ 1/);
  });

  it("starts with the developer key's steps, then the calls for developers, then the web app's own", async () => {
    const html = await page();
    expect(headings(html)).toEqual([
      "Start here: your developer key",
      "Labels",
      "Tracking and buyers",
      "Webhooks",
      "Analytics",
      "Used by the web app",
      "Account",
      "Marketplaces",
      "Credits and payments",
      "Admin",
      "The service",
    ]);
    const start = html.slice(html.indexOf('id="start"'), html.indexOf('id="tag-labels"'));
    expect(start).toContain("<strong>Get a key.</strong>");
    expect(start).toContain("<code>Authorization: Bearer phk_…</code>");
    expect(start).toContain("curl &#39;http://localhost/api/v1/labels?page=1&amp;per_page=15&#39;");
    // Each call in its section: uploads and labels first, sign-in and admin after.
    const at = (id: string) => html.indexOf(`id="${id}"`);
    expect(at("post-/api/v1/label")).toBeLessThan(at("post-/api/v1/webhooks"));
    expect(at("get-/api/v1/labels/analytics/summary")).toBeLessThan(at("post-/api/v1/login"));
    expect(at("post-/api/v1/login")).toBeLessThan(at("get-/api/v1/admin/users"));
    expect(at("post-/api/v1/label/{id}/refresh-tracking")).toBeGreaterThan(at("tag-tracking"));
    expect(html.indexOf("Receiving webhooks")).toBeLessThan(at("tag-analytics"));
    // Where the credits went, with buying them.
    expect(at("get-/api/v1/credits/history")).toBeGreaterThan(at("tag-payments"));
    expect(at("get-/api/v1/credits/history")).toBeLessThan(at("tag-admin"));
  });

  it("renders its Markdown: no backtick is left outside code", async () => {
    const html = await page();
    const prose = html.replace(/<pre[\s\S]*?<\/pre>/g, "").replace(/<code>[\s\S]*?<\/code>/g, "").replace(/<style>[\s\S]*?<\/style>/, "");
    expect(prose.match(/`/g) ?? []).toEqual([]);
    expect(prose).not.toMatch(/\*\*/);
    expect(html).toContain("<code>created: false</code>");
  });

  it("shows every call with an example request and an example answer", async () => {
    const html = await page();
    const ops = [...html.matchAll(/<section class="op" id="([a-z]+-\/api\/[^"]+)">([\s\S]*?)<\/section>/g)];
    expect(ops.length).toBe(collectRoutes(app).length);
    for (const [, id, body] of ops) {
      expect(body, id).toContain("Example request");
      expect(body, id).toMatch(/Example answer<\/p><pre class="code">HTTP\/1\.1 2\d\d/);
    }
    const manual = ops.find(([, id]) => id === "post-/api/v1/label/manual")![2];
    expect(manual).toContain("curl -X POST &#39;http://localhost/api/v1/label/manual&#39;");
    expect(manual).toContain("-H &#39;Authorization: Bearer phk_…&#39;");
    expect(manual).toContain("&quot;trackingCode&quot;: &quot;H04AQA0004726589&quot;");
    expect(manual).toContain("HTTP/1.1 201 Created");
    const upload = ops.find(([, id]) => id === "post-/api/v1/label")![2];
    expect(upload).toContain("-F &#39;files=@label.pdf&#39;");
    const refresh = ops.find(([, id]) => id === "post-/api/v1/refresh")![2];
    expect(refresh).toContain("Authorization: Bearer &lt;refresh token&gt;");
  });
});
