import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { tokens } from "../../web/api/tokens";
import { routes } from "../../web/app/router";
import { renderRoutes } from "./render-routes";

// The print view opens in a tab of its own, without the navigation bar: a label that is not there (deleted, another
// user's, a stale link) left the words 'Label not found' on a blank page with no way anywhere (session 9's ux pass).

afterEach(() => vi.restoreAllMocks());

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

describe("print view of a missing label", () => {
  it("says so and links back to the labels", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) =>
      String(input).startsWith("/api/v1/label/") ? json(404, { error: "Label not found" }) : json(200, { couriers: [] }),
    );
    tokens.set("access", "refresh");
    renderRoutes(routes, "/label/H01GONE0000000011/print");
    expect((await screen.findByRole("alert")).textContent).toBe("Label not found");
    expect(screen.getByRole("link", { name: "Back to all labels" }).getAttribute("href")).toBe("/labels");
  });
});
