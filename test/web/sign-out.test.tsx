import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { tokens } from "../../web/api/tokens";
import { accountClosedText } from "../../web/app/account-closed";
import type { CurrentUser } from "../../web/app/auth";
import { routes } from "../../web/app/router";
import { API_COURIERS } from "./api-label";
import { renderRoutes } from "./render-routes";

// Signing out on a page that needs an account goes where the sign-out says (home with the closed account's notice, or
// /login), never to the /login?next= its guard would send a signed-out visitor to. The router moves in a transition
// while the tokens' change renders at once: a sign-out whose logout call answered before React rendered the cleared
// tokens rendered the guarded page signed out first, and its guard's redirect came after the move home, losing the
// notice (e2e account-closure, rehearsal ci-84). Here the logout call answers at once, which draws that order every
// time.

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const EMAIL = "closing@example.com";
const USER: CurrentUser = {
  id: 1,
  email: EMAIL,
  email_verified: true,
  credits: 5,
  developer_api_key: null,
  company_name: null,
  company_tagline: null,
  brand_color: null,
  buyer_mail_moments: [],
  marketing_consent: false,
  is_admin: false,
  subscription_status: null,
};

function fakeApi() {
  return vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
    const url = String(input);
    if (url.startsWith("/api/v1/logout")) return Promise.resolve(new Response(null, { status: 204 }));
    if (url.startsWith("/api/v1/user/close") && init?.method === "POST") return Promise.resolve(json(200, { email: EMAIL }));
    if (url === "/api/v1/user") return Promise.resolve(json(200, USER));
    if (url.startsWith("/api/v1/couriers")) return Promise.resolve(json(200, API_COURIERS));
    return new Promise<Response>(() => {});
  });
}

const where = (router: ReturnType<typeof renderRoutes>) => router.state.location.pathname + router.state.location.search;

afterEach(() => {
  vi.restoreAllMocks();
  tokens.clear();
});

describe("signing out from a page that needs an account", () => {
  it("closing the account goes home with the notice, whatever answers first", async () => {
    fakeApi();
    tokens.set("acc", "ref");
    const router = renderRoutes(routes, "/settings");
    const scrolled = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    fireEvent.click(await screen.findByRole("button", { name: "Close my account…" }));
    fireEvent.change(await screen.findByLabelText("Password"), { target: { value: "secret12" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Close my account" })));
    await waitFor(() => expect(where(router)).toBe("/"));
    await screen.findByText(accountClosedText(EMAIL));
    expect(tokens.access()).toBeNull();
    // It stays there: nothing sends it on to /login afterwards.
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(where(router)).toBe("/");
    expect(screen.getByText(accountClosedText(EMAIL))).toBeTruthy();
    // The home page opens at its top, where the notice is (Settings was scrolled to its foot on a phone).
    expect(scrolled).toHaveBeenLastCalledWith(0, 0);
  });

  it("'Logout' goes to the plain login page", async () => {
    fakeApi();
    tokens.set("acc", "ref");
    const router = renderRoutes(routes, "/settings");
    const out = (await screen.findAllByRole("button", { name: "Logout" }))[0];
    await act(async () => fireEvent.click(out));
    await waitFor(() => expect(where(router)).toBe("/login"));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(where(router)).toBe("/login");
    expect(tokens.access()).toBeNull();
  });
});
