import { call } from "./helpers";
import { describe, expect, it } from "vitest";

describe("the worker", () => {
  it("answers the health route", async () => {
    const res = await call("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(res.headers.get("X-Request-Id")).toBeTruthy();
  });

  it("answers unknown API paths with the JSON error shape", async () => {
    const res = await call("/api/v1/nope");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Not found" });
  });
});
