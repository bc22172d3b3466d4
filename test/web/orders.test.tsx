import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { newQueryClient } from "../../web/api/queries";
import { tokens } from "../../web/api/tokens";
import { AuthProvider } from "../../web/app/auth";
import { routes } from "../../web/app/router";
import type { LabelOrderAnswer, ListedOrder, OrdersAnswer, OrderView } from "../../web/features/orders/api";
import { blankLabel } from "../../web/features/labels/blank-label";
import { StatusLine } from "../../web/features/labels/LabelSummary";
import { LabelOrderCard } from "../../web/features/orders/LabelOrderCard";
import { renderRoutes } from "./render-routes";

// Issue 34, labels meet orders: the Orders view (in the nav once a shop is connected) and a label's order on its page.

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const USER = { id: 1, email: "a@example.com", is_admin: false, credits: 10, subscription_status: null, email_verified: true };
const SHOP = { id: "mpc_1", marketplace: "ebay", shopName: "oak_and_clay", status: "connected", problem: null, connectedAt: 1_795_000_000_000 };
const MARKETPLACES = (connections: unknown[]) => ({ marketplaces: [{ marketplace: "ebay", name: "eBay", configured: true }], connections });

const DAY = 86_400_000;
const order = (over: Partial<OrderView> = {}): OrderView => ({
  id: "mpo_1",
  marketplace: "ebay",
  shopName: "oak_and_clay",
  reference: "12-01234-56789",
  recipientName: "Amélie Dupont",
  postcode: "LS1 4DT",
  buyer: "amelie_d",
  items: [{ id: "li_1", title: "Stoneware mug", quantity: 2 }],
  orderedAt: new Date(Date.now() - 3 * DAY).toISOString(),
  dispatchBy: new Date(Date.now() + DAY).toISOString(),
  status: "awaiting",
  hoursAwaiting: 72,
  ...over,
});
const listed = (over: Partial<ListedOrder> = {}): ListedOrder => ({ ...order(), labels: [], ...over });

/** The API as a signed-in seller sees it: `answer` for the calls a test is about, the user and the rest waiting. */
function serve(answer: (url: URL, init?: RequestInit) => Response | undefined) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = new URL(String(input), "http://localhost");
    calls.push({ method: init?.method ?? "GET", path: url.pathname + url.search, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const own = answer(url, init);
    if (own) return own;
    if (url.pathname === "/api/v1/user") return json(200, USER);
    return new Promise<Response>(() => {});
  });
  return calls;
}

afterEach(() => {
  vi.restoreAllMocks();
  tokens.clear();
});

describe("the Orders view", () => {
  it("is in the nav once a shop is connected, and lists what awaits dispatch, for how long, with the linked labels", async () => {
    const page1: OrdersAnswer = {
      orders: [
        listed({ id: "mpo_late", reference: "12-00000-00001", dispatchBy: new Date(Date.now() - DAY).toISOString(), labels: [{ id: "lbl_1", trackingCode: "H01AB00000000011", courier: "evri", linkedBy: "match", dispatch: { state: "failed", reason: "eBay does not know this tracking number", sentAt: null } }] }),
        listed({ id: "mpo_new", reference: "12-00000-00002", hoursAwaiting: 5 }),
      ],
      next: "c1",
      asking: [{ id: "lbl_q", trackingCode: "H01AB00000000099" }],
    };
    const page2: OrdersAnswer = { orders: [listed({ id: "mpo_3", reference: "12-00000-00003", marketplace: "etsy", shopName: "HollowOak" })], next: null, asking: [] };
    const calls = serve((url) => {
      if (url.pathname === "/api/v1/marketplaces") return json(200, MARKETPLACES([SHOP]));
      if (url.pathname === "/api/v1/marketplaces/orders") return json(200, url.searchParams.get("cursor") === "c1" ? page2 : page1);
      return undefined;
    });
    tokens.set("acc", "ref");
    renderRoutes(routes, "/labels");
    fireEvent.click(await screen.findByRole("link", { name: "Orders" }));

    const list = await screen.findByRole("list", { name: "Awaiting dispatch" });
    const late = within(list).getByRole("listitem", { name: "eBay order 12-00000-00001" });
    expect(within(late).getByText(/^Overdue:/)).toBeTruthy();
    expect(within(late).getByText("Awaiting dispatch for 3 days")).toBeTruthy();
    expect(within(late).getByText("2 × Stoneware mug")).toBeTruthy();
    expect(within(late).getByRole("link", { name: "H01AB00000000011" }).getAttribute("href")).toBe("/label/lbl_1");
    expect(within(late).getByText("Not sent: eBay does not know this tracking number")).toBeTruthy();
    expect(within(late).getByRole("button", { name: "Send the tracking of H01AB00000000011 again" })).toBeTruthy();
    const fresh = within(list).getByRole("listitem", { name: "eBay order 12-00000-00002" });
    expect(within(fresh).getByText("Awaiting dispatch for 5 hours")).toBeTruthy();
    expect(within(fresh).getByText("No label yet")).toBeTruthy();
    const asking = screen.getByRole("region", { name: "Labels asking which order they are for" });
    expect(within(asking).getByRole("link", { name: "H01AB00000000099" }).getAttribute("href")).toBe("/label/lbl_q");

    fireEvent.click(screen.getByRole("button", { name: "Show more" }));
    expect(await screen.findByRole("listitem", { name: "Etsy order 12-00000-00003" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Show more" })).toBeNull();
    expect(calls.filter((c) => c.path.startsWith("/api/v1/marketplaces/orders")).map((c) => c.path)).toEqual(["/api/v1/marketplaces/orders", "/api/v1/marketplaces/orders?cursor=c1"]);
  });

  it("shows the orders dispatched lately on their own tab, each with its labels' tracking out", async () => {
    const sent = { state: "sent" as const, reason: null, sentAt: "2026-11-29T10:00:00.000Z" };
    const dispatched: OrdersAnswer = {
      orders: [listed({ id: "mpo_d", reference: "12-00000-00009", status: "dispatched", hoursAwaiting: null, labels: [{ id: "lbl_9", trackingCode: "H01AB00000000099", courier: "evri", linkedBy: "seller", dispatch: sent }] })],
      next: null,
      asking: [],
    };
    serve((url) => {
      if (url.pathname === "/api/v1/marketplaces") return json(200, MARKETPLACES([SHOP]));
      if (url.pathname === "/api/v1/marketplaces/orders") return json(200, url.searchParams.get("status") === "dispatched" ? dispatched : { orders: [], next: null, asking: [] });
      return undefined;
    });
    tokens.set("acc", "ref");
    renderRoutes(routes, "/orders");
    expect(await screen.findByText(/No orders await dispatch/)).toBeTruthy();
    fireEvent.click(screen.getByRole("tab", { name: "Dispatched" }));
    const order = await screen.findByRole("listitem", { name: "eBay order 12-00000-00009" });
    expect(within(order).getByText("Dispatched")).toBeTruthy();
    expect(within(order).getByText("Marked dispatched on eBay")).toBeTruthy();
    expect(within(order).queryByText(/Awaiting dispatch for/)).toBeNull();
  });

  it("is not in the nav without a shop, and sends a seller with none to Settings", async () => {
    serve((url) => {
      if (url.pathname === "/api/v1/marketplaces") return json(200, MARKETPLACES([]));
      if (url.pathname === "/api/v1/marketplaces/orders") return json(200, { orders: [], next: null, asking: [] });
      return undefined;
    });
    tokens.set("acc", "ref");
    renderRoutes(routes, "/orders");
    const settings = await screen.findByRole("link", { name: "Go to Settings" });
    expect(settings.getAttribute("href")).toBe("/settings#marketplaces");
    expect(screen.getByText(/Connect your eBay, Etsy or Shopify shop/)).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Orders" })).toBeNull();
  });

  it("shows a load error with a retry", async () => {
    let fail = true;
    serve((url) => {
      if (url.pathname === "/api/v1/marketplaces") return json(200, MARKETPLACES([SHOP]));
      if (url.pathname === "/api/v1/marketplaces/orders") return fail ? json(500, { error: "Something went wrong. Please try again." }) : json(200, { orders: [], next: null, asking: [] });
      return undefined;
    });
    tokens.set("acc", "ref");
    renderRoutes(routes, "/orders");
    expect((await screen.findByRole("alert")).textContent).toContain("Something went wrong");
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText(/No orders await dispatch/)).toBeTruthy();
  });
});

describe("a label's order on its page", () => {
  const orderPath = "/api/v1/label/lbl_1/order";

  function serveLabel(first: LabelOrderAnswer, after: (method: string, body: unknown) => Response) {
    return serve((url, init) => {
      if (url.pathname === "/api/v1/marketplaces") return json(200, MARKETPLACES([SHOP]));
      if (url.pathname === orderPath) return init?.method && init.method !== "GET" ? after(init.method, init.body ? JSON.parse(String(init.body)) : undefined) : json(200, first);
      return undefined;
    });
  }

  /** The card as the label's page shows it, for a signed-in seller. */
  function renderCard() {
    tokens.set("acc", "ref");
    render(
      <QueryClientProvider client={newQueryClient()}>
        <AuthProvider>
          <LabelOrderCard labelId="lbl_1" />
        </AuthProvider>
      </QueryClientProvider>,
    );
  }

  it("asks 'Which order is this label for?': the chosen order is linked, with Unlink", async () => {
    const jane = order({ id: "mpo_jane", reference: "12-00000-00010", recipientName: "Jane Smith", postcode: "M1 1AE" });
    const john = order({ id: "mpo_john", reference: "12-00000-00011", recipientName: "John Smith", postcode: "M1 1AE" });
    const calls = serveLabel({ order: null, linkedBy: null, dispatch: null, candidates: [jane, john], matching: false }, () => json(200, { order: john, linkedBy: "seller", dispatch: { state: "pending", reason: null, sentAt: null }, candidates: [], matching: false }));
    renderCard();
    const question = await screen.findByRole("group", { name: "Which order is this label for?" });
    const link = within(question).getByRole("button", { name: "Link to this order" }) as HTMLButtonElement;
    expect(link.disabled).toBe(true);
    fireEvent.click(within(question).getByRole("radio", { name: /12-00000-00011/ }));
    fireEvent.click(link);
    const linked = await screen.findByRole("region", { name: "Order" });
    expect(within(linked).getByText("John Smith")).toBeTruthy();
    expect(within(linked).getByText("Linked by you.")).toBeTruthy();
    expect(within(linked).getByText("Sending tracking to eBay…")).toBeTruthy();
    expect(within(linked).getByRole("button", { name: "Unlink" })).toBeTruthy();
    expect(calls.find((c) => c.method === "PUT")).toEqual({ method: "PUT", path: orderPath, body: { orderId: "mpo_john" } });
  });

  it("closes the question with 'None of these'", async () => {
    const calls = serveLabel({ order: null, linkedBy: null, dispatch: null, candidates: [order(), order({ id: "mpo_2", reference: "12-00000-00020" })], matching: false }, () => json(200, { order: null, linkedBy: null, dispatch: null, candidates: [], matching: false }));
    renderCard();
    fireEvent.click(within(await screen.findByRole("group", { name: "Which order is this label for?" })).getByRole("button", { name: "None of these" }));
    await waitFor(() => expect(screen.queryByRole("group", { name: "Which order is this label for?" })).toBeNull());
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.path)).toEqual([orderPath]);
  });

  it("unlinks after asking, saying so when it fails", async () => {
    let fail = true;
    const calls = serveLabel({ order: order(), linkedBy: "match", dispatch: { state: "sent", reason: null, sentAt: "2026-11-29T10:00:00.000Z" }, candidates: [], matching: false }, () =>
      fail ? json(500, { error: "Something went wrong. Please try again." }) : json(200, { order: null, linkedBy: null, dispatch: null, candidates: [], matching: false }),
    );
    renderCard();
    const linked = await screen.findByRole("region", { name: "Order" });
    expect(within(linked).getByText("Linked by recipient and postcode.")).toBeTruthy();
    expect(within(linked).getByText("Marked dispatched on eBay")).toBeTruthy();
    fireEvent.click(within(linked).getByRole("button", { name: "Unlink" }));
    fireEvent.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Unlink" }));
    expect((await within(linked).findByRole("alert")).textContent).toContain("Something went wrong");
    fail = false;
    fireEvent.click(within(linked).getByRole("button", { name: "Unlink" }));
    fireEvent.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Unlink" }));
    await waitFor(() => expect(screen.queryByRole("region", { name: "Order" })).toBeNull());
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.path)).toEqual([orderPath, orderPath]);
  });

  it("sends a failed tracking out again with 'Try again', saying so when that fails", async () => {
    let fail = true;
    const failed = { state: "failed" as const, reason: "eBay did not accept the carrier (Hermes)", sentAt: null };
    const calls = serve((url, init) => {
      if (url.pathname === "/api/v1/marketplaces") return json(200, MARKETPLACES([SHOP]));
      if (url.pathname === orderPath) return json(200, { order: order(), linkedBy: "match", dispatch: failed, candidates: [], matching: false });
      if (url.pathname === `${orderPath}/retry` && init?.method === "POST")
        return fail ? json(409, { error: "Only tracking that failed to send can be sent again" }) : json(200, { order: order(), linkedBy: "match", dispatch: { state: "pending", reason: null, sentAt: null }, candidates: [], matching: false });
      return undefined;
    });
    renderCard();
    const linked = await screen.findByRole("region", { name: "Order" });
    expect(within(linked).getByText("Not sent: eBay did not accept the carrier (Hermes)")).toBeTruthy();
    fireEvent.click(within(linked).getByRole("button", { name: "Try again" }));
    expect((await within(linked).findByRole("alert")).textContent).toBe("Only tracking that failed to send can be sent again");
    fail = false;
    fireEvent.click(within(linked).getByRole("button", { name: "Try again" }));
    expect(await within(linked).findByText("Sending tracking to eBay…")).toBeTruthy();
    expect(within(linked).queryByRole("button", { name: "Try again" })).toBeNull();
    expect(calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual([`${orderPath}/retry`, `${orderPath}/retry`]);
  });

  it("asks again while the label's matching has not run, so the question appears without a reload", async () => {
    let asked = 0;
    const candidates = [order({ id: "mpo_a", reference: "12-00000-00030" }), order({ id: "mpo_b", reference: "12-00000-00031" })];
    serve((url) => {
      if (url.pathname === "/api/v1/marketplaces") return json(200, MARKETPLACES([SHOP]));
      if (url.pathname === orderPath) return json(200, ++asked === 1 ? { order: null, linkedBy: null, dispatch: null, candidates: [], matching: true } : { order: null, linkedBy: null, dispatch: null, candidates, matching: false });
      return undefined;
    });
    renderCard();
    const question = await screen.findByRole("group", { name: "Which order is this label for?" });
    expect(within(question).getAllByRole("radio")).toHaveLength(2);
    expect(asked).toBe(2);
  });
});

describe("the labels list", () => {
  it("marks a label that asks which order it is for", () => {
    render(<StatusLine label={{ ...blankLabel("H01AB00000000011", "evri"), orderQuestion: true }} />);
    expect(screen.getByText("Which order?")).toBeTruthy();
  });
});
