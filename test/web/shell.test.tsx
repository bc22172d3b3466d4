// The app shell (issue 26): index.html paints the frame and the screen's first state before any script arrives, and
// starts a signed-in screen's first API calls; the app then takes those answers instead of asking again.
import { waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "../../web/api/client";
import { startEarlyCall } from "../../web/api/early";
import { tokens } from "../../web/api/tokens";
import { routes } from "../../web/app/router";
import { earlyCalls } from "../../web/shell/early-calls";
import { SHELL_VARIANTS, shellVariant } from "../../web/shell/screens";
import { renderShell } from "../../web/shell/Shell";
import { renderRoutes } from "./render-routes";

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  window.__phEarly = undefined;
});

/** Every call's address (path and query), answering each with an empty but well-formed body. */
function recordCalls() {
  const urls: string[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = new URL(String(input), "http://localhost");
    urls.push(url.pathname + url.search);
    if (url.pathname === "/api/v1/user") return json({ id: 1, email: "a@b.c", credits: 3, is_admin: false });
    if (url.pathname === "/api/v1/couriers") return json([]);
    if (url.pathname === "/api/v1/labels/needs-action") return json({ results: [], total: 0 });
    if (url.pathname === "/api/v1/labels") return json({ results: [], total: 0 });
    return new Response(JSON.stringify({ error: "not in this test" }), { status: 404, headers: { "Content-Type": "application/json" } });
  });
  return urls;
}

describe("app shell: which screen the HTML paints", () => {
  it("paints what the app shows first at each address, signed in or out", () => {
    expect(shellVariant("/", false)).toBe("home-out");
    expect(shellVariant("/", true)).toBe("home-in");
    expect(shellVariant("/login", false)).toBe("login-out");
    // The sign-up tab is not drawn: the frame and the loading line, not the login tab turning into it.
    expect(shellVariant("/login", false, "#signup")).toBe("page-out");
    // The screens that send a visitor elsewhere paint where they send them.
    expect(shellVariant("/labels", false)).toBe("login-out");
    expect(shellVariant("/analytics/", false)).toBe("login-out");
    expect(shellVariant("/login", true)).toBe("labels-in");
    expect(shellVariant("/labels/", true)).toBe("labels-in");
    expect(shellVariant("/analytics", true)).toBe("analytics-in");
    expect(shellVariant("/settings", true)).toBe("page-in");
    expect(shellVariant("/label/H01AB", false)).toBe("page-out");
  });

  it("draws each screen from the app's components, its forms inert until the code runs, no data in it", () => {
    const shell = renderShell();
    expect(Object.keys(shell).sort()).toEqual([...SHELL_VARIANTS].sort());
    const doc = (html: string) => new DOMParser().parseFromString(`<div id="root">${html}</div>`, "text/html");
    const h1 = (html: string) => doc(html).querySelector("h1")?.textContent;
    expect(h1(shell["labels-in"])).toBe("Labels");
    expect(h1(shell["analytics-in"])).toBe("Analytics");
    expect(doc(shell["labels-in"]).querySelector("[role=status]")?.textContent).toContain("Loading labels");
    expect(doc(shell["login-out"]).querySelector("input[type=email]")).not.toBeNull();
    for (const v of ["login-out", "labels-in", "analytics-in", "page-in", "page-out"] as const) {
      expect(doc(shell[v]).querySelector("main")?.hasAttribute("inert"), v).toBe(true);
    }
    // The signed-in frame has the signed-in navigation, the signed-out one the sign-in link.
    expect(doc(shell["labels-in"]).querySelector('nav a[href="/labels"]')).not.toBeNull();
    expect(doc(shell["home-out"]).querySelector('a[href="/login"]')).not.toBeNull();
    // Nothing of a user: the frame is the same for everyone (the account's credits arrive with the app).
    expect(shell["labels-in"]).not.toContain("@");
  });
});

describe("app shell: the first API calls start in the HTML", () => {
  it.each(["/labels", "/labels?q=smith&status=in_transit&sort=oldest&page=2&per_page=25"])("asks for exactly what %s asks for first, at the same addresses", async (address) => {
    tokens.set("acc", "ref");
    const urls = recordCalls();
    renderRoutes(routes, address);
    const [pathname, search = ""] = address.split("?");
    const calls = earlyCalls("labels-in", { pathname, search: search && `?${search}` });
    expect(calls).toHaveLength(4);
    // Each one asked for by the screen (a loaded machine can take seconds to render it).
    await waitFor(() => expect(urls).toEqual(expect.arrayContaining(calls)), { timeout: 10_000 });
  });

  it("a signed-in visitor at /login gets plain /labels's calls (where they are sent)", () => {
    expect(earlyCalls("labels-in", { pathname: "/login", search: "?q=x" })).toEqual(earlyCalls("labels-in", { pathname: "/labels", search: "" }));
  });

  it("asks for exactly what /analytics asks for first, at the same addresses", async () => {
    tokens.set("acc", "ref");
    const urls = recordCalls();
    renderRoutes(routes, "/analytics");
    const calls = earlyCalls("analytics-in", { pathname: "/analytics", search: "" });
    // Each one asked for by the screen (a loaded machine can take seconds to render it).
    await waitFor(() => expect(urls).toEqual(expect.arrayContaining(calls)), { timeout: 10_000 });
  });

  it("asks nothing for a signed-out visitor", () => {
    expect(earlyCalls("login-out", { pathname: "/labels", search: "" })).toEqual([]);
    expect(earlyCalls("home-out", { pathname: "/", search: "" })).toEqual([]);
  });

  it("the app takes an early answer once, for the same token only, and only shortly after the page loaded", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const urls = recordCalls();
    startEarlyCall("/api/v1/couriers", "acc");
    startEarlyCall("/api/v1/labels/needs-action", "someone-else");
    startEarlyCall("/api/v1/user", "acc");
    expect(urls).toEqual(["/api/v1/couriers", "/api/v1/labels/needs-action", "/api/v1/user"]);
    tokens.set("acc", "ref");
    await api("/api/v1/couriers");
    expect(urls).toHaveLength(3);
    // Used once: the next call asks the server.
    await api("/api/v1/couriers");
    expect(urls).toHaveLength(4);
    // Another token's answer is never taken.
    await api("/api/v1/labels/needs-action");
    expect(urls).toHaveLength(5);
    // Too old: the page loaded long ago.
    vi.setSystemTime(Date.now() + 60_000);
    await api("/api/v1/user");
    expect(urls).toHaveLength(6);
  });
});
