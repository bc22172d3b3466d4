import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { tokens } from "../../web/api/tokens";
import { loginPathFor, safeReturnPath } from "../../web/app/return-to";
import { routes } from "../../web/app/router";
import { API_COURIERS } from "./api-label";
import { renderRoutes } from "./render-routes";

// Issue 33: signing in returns to the page that sent the visitor to /login (only a path of this site), else lands on
// the labels, or on /upload for an account without any; 'Get Started' opens the Sign up tab for a newcomer.

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** The API as a signed-in seller with `total` labels sees it; every other call waits for ever. */
function fakeApi(total: number) {
  return vi.spyOn(globalThis, "fetch").mockImplementation((input) => {
    const url = String(input);
    if (url.startsWith("/api/v1/login")) return Promise.resolve(json(200, { access_token: "acc", refresh_token: "ref" }));
    if (url.startsWith("/api/v1/user")) return Promise.resolve(json(200, { id: 1, email: "a@example.com", is_admin: false, credits: 5 }));
    if (url.startsWith("/api/v1/labels?")) return Promise.resolve(json(200, { results: [], total }));
    if (url.startsWith("/api/v1/labels/needs-action")) return Promise.resolve(json(200, { results: [], total: 0 }));
    if (url.startsWith("/api/v1/couriers")) return Promise.resolve(json(200, API_COURIERS));
    return new Promise<Response>(() => {});
  });
}

async function signIn() {
  fireEvent.change(await screen.findByLabelText("Email"), { target: { value: "a@example.com" } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: "secret12" } });
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Sign In" })));
}

const where = (router: ReturnType<typeof renderRoutes>) => router.state.location.pathname + router.state.location.search + router.state.location.hash;

afterEach(() => vi.restoreAllMocks());

describe("a page that needs an account, opened signed out", () => {
  it.each([
    ["/label/lbl_0123456789abcdef", "/login?next=%2Flabel%2Flbl_0123456789abcdef"],
    ["/labels?courier=royalmail&sort=oldest", "/login?next=%2Flabels%3Fcourier%3Droyalmail%26sort%3Doldest"],
    ["/analytics", "/login?next=%2Fanalytics"],
  ])("%s goes to the login page carrying it, and back to it after signing in", async (page, login) => {
    fakeApi(3);
    const router = renderRoutes(routes, page);
    await waitFor(() => expect(where(router)).toBe(login));
    await signIn();
    await waitFor(() => expect(where(router)).toBe(page));
    expect(tokens.access()).toBe("acc");
  });

  it("keeps where it was going on the Sign up tab too", async () => {
    const spy = fakeApi(0);
    spy.mockImplementation((input) => {
      const url = String(input);
      if (url.startsWith("/api/v1/signup")) return Promise.resolve(json(201, { message: "Account created." }));
      if (url.startsWith("/api/v1/login")) return Promise.resolve(json(200, { access_token: "acc", refresh_token: "ref" }));
      return new Promise<Response>(() => {});
    });
    const router = renderRoutes(routes, "/login?next=%2Fsettings#signup");
    fireEvent.change(await screen.findByLabelText("Email"), { target: { value: "new@example.com" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "secret12" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Create Account" })));
    await waitFor(() => expect(router.state.location.pathname).toBe("/settings"));
  });

  it("sends a visitor signed in already straight on to the page asked for", async () => {
    fakeApi(3);
    tokens.set("access", "refresh");
    const router = renderRoutes(routes, "/login?next=%2Flabels%3Fstatus%3Ddelivered");
    await waitFor(() => expect(where(router)).toBe("/labels?status=delivered"));
  });
});

describe("signing in with no page to return to", () => {
  it("lands on the labels once the account has some", async () => {
    fakeApi(12);
    const router = renderRoutes(routes, "/login");
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe("/labels"));
  });

  it("lands on Import Labels for an account without labels", async () => {
    fakeApi(0);
    const router = renderRoutes(routes, "/login");
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe("/upload"));
  });

  it.each([
    "//evil.example/label/x",
    "https://evil.example/",
    "/\\evil.example",
    "/\\/evil.example",
    "javascript:alert(1)",
    "/.//evil.example",
    "/login?next=%2Flabels",
  ])("never follows next=%s off the site (or back to the login page)", async (next) => {
    fakeApi(12);
    const router = renderRoutes(routes, `/login?${new URLSearchParams({ next })}`);
    await signIn();
    await waitFor(() => expect(where(router)).toBe("/labels"));
  });
});

describe("safeReturnPath", () => {
  it.each([
    ["/label/lbl_1", "/label/lbl_1"],
    ["/labels?courier=evri&sort=oldest#top", "/labels?courier=evri&sort=oldest#top"],
    ["/label/H01%2FX", "/label/H01%2FX"],
  ])("takes the site's own path %s", (raw, want) => expect(safeReturnPath(raw)).toBe(want));

  it.each([null, "", "labels", "//evil.example", "///evil.example", "/\\evil.example", "https:evil.example", "http://evil.example", " /labels", "/labels\n", "/\t/evil", "/.//evil", "/login", "/reset-password?token=x", `/${"a".repeat(2100)}`])(
    "refuses %j",
    (raw) => expect(safeReturnPath(raw)).toBeNull(),
  );

  it("gives no next for the home page or the login page itself", () => {
    expect(loginPathFor({ pathname: "/" })).toBe("/login");
    expect(loginPathFor({ pathname: "/login", search: "?next=%2Flabels" })).toBe("/login");
    expect(loginPathFor({ pathname: "/label/lbl_1", search: "", hash: "#events" })).toBe("/login?next=%2Flabel%2Flbl_1%23events");
  });
});

describe("the home page's Get Started", () => {
  it("opens the Sign up tab for a newcomer", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(() => new Promise<Response>(() => {}));
    const router = renderRoutes(routes, "/");
    const start = await screen.findByRole("link", { name: "Get Started" });
    expect(start.getAttribute("href")).toBe("/login#signup");
    fireEvent.click(start);
    expect(await screen.findByRole("heading", { name: "Create your account" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/login");
  });

  it("goes to the new-label screen for a signed-in seller", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(() => new Promise<Response>(() => {}));
    tokens.set("access", "refresh");
    renderRoutes(routes, "/");
    expect((await screen.findByRole("link", { name: "Get Started" })).getAttribute("href")).toBe("/upload");
  });
});
