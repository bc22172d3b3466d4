import { describe, expect, it } from "vitest";
import { collectRoutes } from "../../worker/api-docs/openapi";
import app from "../../worker/app";
import { call, createUser } from "./helpers";

/** The answers that are the same for everyone and change only with a deploy. */
const PUBLIC = new Set(["GET /api/v1/couriers", "GET /api/v1/openapi.json", "GET /api/docs"]);
const concrete = (path: string) => path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, "x1");

describe("how the API's answers may be cached", () => {
  for (const r of collectRoutes(app).filter((r) => r.method === "GET")) {
    const key = `${r.method} ${r.path}`;
    const expected = PUBLIC.has(key) ? "public, max-age=300" : "private, no-store";
    it(`${key}: ${expected}`, async () => {
      const u = await createUser();
      const signedIn = await call(concrete(r.path), { token: u.token });
      expect(signedIn.headers.get("Cache-Control")).toBe(expected);
      await signedIn.body?.cancel();
      const signedOut = await call(concrete(r.path));
      expect(signedOut.headers.get("Cache-Control")).toBe(expected);
      await signedOut.body?.cancel();
    });
  }

  it("errors, writes and unknown paths are never stored", async () => {
    const login = await call("/api/v1/login", { method: "POST", json: { email: "nobody@example.com", password: "wrong password" } });
    expect(login.status).toBe(401);
    expect(login.headers.get("Cache-Control")).toBe("private, no-store");
    const unknown = await call("/api/v1/nothing-here");
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("Cache-Control")).toBe("private, no-store");
  });
});
