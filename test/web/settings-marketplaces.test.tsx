import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { newQueryClient } from "../../web/api/queries";
import { tokens } from "../../web/api/tokens";
import { routes } from "../../web/app/router";
import { MarketplacesCard } from "../../web/features/settings/MarketplacesCard";
import { renderRoutes } from "./render-routes";

// Issue 34: connecting eBay, Etsy and Shopify shops in Settings, and the screen the marketplace sends the browser back to.

const json = (status: number, body: unknown) => new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const ALL = [
  { marketplace: "ebay", name: "eBay", configured: true },
  { marketplace: "etsy", name: "Etsy", configured: true },
  { marketplace: "shopify", name: "Shopify", configured: false },
];
const shop = (over: Record<string, unknown> = {}) => ({ id: "mpc_1", marketplace: "ebay", shopName: "oak_and_clay", status: "connected", problem: null, connectedAt: 1_795_000_000_000, ...over });

function serve(route: (url: URL, init?: RequestInit) => Response | undefined) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = new URL(String(input), "http://localhost");
    calls.push({ method: init?.method ?? "GET", path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const res = route(url, init);
    if (res) return res;
    if (url.pathname === "/api/v1/user") return json(200, { id: 1, email: "a@example.com", is_admin: false, credits: 10, email_verified: true });
    return new Promise<Response>(() => {});
  });
  return calls;
}

function renderCard() {
  render(
    <QueryClientProvider client={newQueryClient()}>
      <MemoryRouter>
        <MarketplacesCard />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  tokens.clear();
});

describe("the marketplaces card in Settings", () => {
  it("lists each marketplace: not set up, not connected, or its shops with a broken one asking to be reconnected", async () => {
    serve((url) => (url.pathname === "/api/v1/marketplaces" ? json(200, { marketplaces: ALL, connections: [shop(), shop({ id: "mpc_2", marketplace: "etsy", shopName: "HollowOak", status: "broken", problem: "Etsy no longer accepts Parcelhive's access: reconnect it" })] }) : undefined));
    renderCard();
    expect(screen.getByText("Loading marketplaces…")).toBeTruthy();
    const ebay = await screen.findByRole("listitem", { name: "eBay" });
    expect(within(ebay).getByText("Connected")).toBeTruthy();
    expect(within(ebay).getByRole("button", { name: "Connect another eBay shop" })).toBeTruthy();
    const etsy = screen.getByRole("listitem", { name: "Etsy" });
    expect(within(etsy).getByText("Needs reconnecting")).toBeTruthy();
    expect(within(etsy).getByText("Etsy no longer accepts Parcelhive's access: reconnect it")).toBeTruthy();
    expect(within(etsy).getByRole("button", { name: "Reconnect" })).toBeTruthy();
    expect(within(screen.getByRole("listitem", { name: "Shopify" })).getByText("Not set up on this server.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "See your orders awaiting dispatch" }).getAttribute("href")).toBe("/orders");
  });

  it("shows a load error with a retry", async () => {
    let fail = true;
    serve((url) => (url.pathname === "/api/v1/marketplaces" ? (fail ? json(500, { error: "Something went wrong. Please try again." }) : json(200, { marketplaces: ALL, connections: [] })) : undefined));
    renderCard();
    expect((await screen.findByRole("alert")).textContent).toContain("Something went wrong");
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findAllByText("Not connected.")).toHaveLength(2);
  });

  it("leaves for the marketplace's consent page on Connect, and says why when it cannot", async () => {
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    let refuse = false;
    const calls = serve((url, init) => {
      if (url.pathname === "/api/v1/marketplaces") return json(200, { marketplaces: ALL, connections: [] });
      if (init?.method === "POST") return refuse ? json(503, { error: "eBay is not configured on this server" }) : json(200, { authorizeUrl: "https://auth.ebay.com/oauth2/authorize?state=x" });
      return undefined;
    });
    renderCard();
    fireEvent.click(await screen.findByRole("button", { name: "Connect eBay" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://auth.ebay.com/oauth2/authorize?state=x"));
    expect(calls.find((c) => c.method === "POST")).toMatchObject({ path: "/api/v1/marketplaces/ebay/connect", body: {} });
    refuse = true;
    fireEvent.click(screen.getByRole("button", { name: "Connect Etsy" }));
    expect((await screen.findByRole("alert")).textContent).toBe("eBay is not configured on this server");
  });

  it("disconnects a shop after asking, and lists what is left", async () => {
    let connections = [shop()];
    const calls = serve((url, init) => {
      if (url.pathname === "/api/v1/marketplaces") return json(200, { marketplaces: ALL, connections });
      if (init?.method === "DELETE") {
        connections = [];
        return new Response(null, { status: 204 });
      }
      return undefined;
    });
    renderCard();
    fireEvent.click(await screen.findByRole("button", { name: "Disconnect" }));
    expect(screen.getByRole("alertdialog").textContent).toContain("Disconnect this shop?");
    fireEvent.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Disconnect" }));
    await waitFor(() => expect(screen.getAllByText("Not connected.")).toHaveLength(2));
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.path)).toEqual(["/api/v1/marketplaces/connections/mpc_1"]);
  });
});

describe("/settings/marketplaces/:marketplace", () => {
  it("hands the marketplace's return to the server once and says the shop is connected", async () => {
    const calls = serve((url) => (url.pathname === "/api/v1/marketplaces/etsy/connected" ? json(200, { connection: shop({ marketplace: "etsy", shopName: "HollowOakCeramics" }) }) : undefined));
    tokens.set("acc", "ref");
    renderRoutes(routes, { pathname: "/settings/marketplaces/etsy", search: "?code=abc&state=xyz" });
    expect(await screen.findByText("Etsy shop HollowOakCeramics is connected.")).toBeTruthy();
    const posts = calls.filter((c) => c.method === "POST");
    expect(posts).toEqual([{ method: "POST", path: "/api/v1/marketplaces/etsy/connected", body: { params: { code: "abc", state: "xyz" } } }]);
    expect(screen.getByRole("link", { name: "Back to Settings" }).getAttribute("href")).toBe("/settings#marketplaces");
  });

  it("says why a connection did not happen", async () => {
    serve((url) => (url.pathname === "/api/v1/marketplaces/ebay/connected" ? json(400, { error: "eBay was not connected: access was not allowed" }) : undefined));
    tokens.set("acc", "ref");
    renderRoutes(routes, { pathname: "/settings/marketplaces/ebay", search: "?state=xyz" });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("eBay was not connected: access was not allowed");
  });
});
