import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { tokens } from "../../web/api/tokens";
import { routes } from "../../web/app/router";
import type { CheckoutOutcome, CreditHistory } from "../../web/features/credits/api";
import { renderRoutes } from "./render-routes";

// Issue 33, credits in plain sight: the balance in the header, /credits with the ledger's history, and a
// /checkout/success that says credits were added only when they were.

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const USER = { id: 1, email: "a@example.com", is_admin: false, credits: 97, subscription_status: null, email_verified: true };

const PAGE_1: CreditHistory = {
  balance: 97,
  results: [
    {
      at: "2026-11-28T10:00:00.000Z",
      reason: "label",
      delta: -8,
      balanceAfter: 97,
      labelCount: 8,
      labels: [
        { id: "lbl_a", trackingCode: "H01AB00000000011", deleted: false },
        { id: "lbl_b", trackingCode: "H01AB00000000022", deleted: true },
      ],
    },
    { at: "2026-11-20T10:00:00.000Z", reason: "purchase", delta: 200, balanceAfter: 105, labelCount: 0, labels: [] },
  ],
  next_cursor: "1795600000000",
};
const PAGE_2: CreditHistory = {
  balance: 97,
  results: [{ at: "2026-11-01T10:00:00.000Z", reason: "free_verification", delta: 50, balanceAfter: 50, labelCount: 0, labels: [] }],
  next_cursor: null,
};

/** The API as a signed-in seller sees it: `answer` for the calls a test is about, the user and the rest waiting. */
function serve(answer: (url: URL) => Response | undefined, user: typeof USER = USER) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = new URL(String(input), "http://localhost");
    const own = answer(url);
    if (own) return own;
    if (url.pathname === "/api/v1/user") return json(200, user);
    if (url.pathname === "/api/v1/billing/prices") return json(200, { configured: false, options: [] });
    return new Promise<Response>(() => {});
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  tokens.clear();
});

describe("the balance in the header", () => {
  it("shows a signed-in seller's balance, linking to their credits, and nothing signed out", async () => {
    serve(() => undefined);
    tokens.set("acc", "ref");
    renderRoutes(routes, "/");
    const link = await screen.findByRole("link", { name: "97 credits" });
    expect(link.getAttribute("href")).toBe("/credits");
    expect(link.classList.contains("is-empty")).toBe(false);
    cleanup();
    tokens.clear();
    renderRoutes(routes, "/");
    await screen.findByRole("link", { name: "Get Started" });
    expect(screen.queryByRole("link", { name: /credits$/ })).toBeNull();
  });

  it("marks a balance of zero", async () => {
    serve(() => undefined, { ...USER, credits: 0 });
    tokens.set("acc", "ref");
    renderRoutes(routes, "/");
    expect((await screen.findByRole("link", { name: "0 credits" })).classList.contains("is-empty")).toBe(true);
  });
});

describe("/credits", () => {
  it("shows the balance, and every movement with its change, the balance after it and the labels it paid for", async () => {
    const spy = serve((url) => (url.pathname === "/api/v1/credits/history" ? json(200, url.searchParams.get("cursor") ? PAGE_2 : PAGE_1) : undefined));
    tokens.set("acc", "ref");
    renderRoutes(routes, "/credits");
    const history = await screen.findByRole("region", { name: "History" });
    const rows = await within(history).findAllByRole("listitem");
    expect(rows).toHaveLength(2);
    expect(rows[0].textContent).toContain("8 labels created");
    expect(within(rows[0]).getByRole("link", { name: "H01AB00000000011" }).getAttribute("href")).toBe("/label/lbl_a");
    // A deleted label links to Recently deleted, where it can be brought back.
    expect(within(rows[0]).getByRole("link", { name: "H01AB00000000022" }).getAttribute("href")).toBe("/labels/deleted");
    expect(rows[0].textContent).toContain("(deleted)");
    expect(rows[0].textContent).toContain("and 6 labels more");
    expect(rows[0].textContent).toContain("used 8 credits");
    expect(rows[0].textContent).toContain("Balance 97");
    expect(rows[1].textContent).toContain("One-off Pack bought");
    expect(rows[1].textContent).toContain("added 200 credits");
    expect(screen.getByRole("region", { name: "Balance" }).textContent).toContain("97");

    fireEvent.click(within(history).getByRole("button", { name: "Show older" }));
    await waitFor(() => expect(within(history).getAllByRole("listitem")).toHaveLength(3));
    expect(within(history).getAllByRole("listitem")[2].textContent).toContain("Free credits for verifying your email");
    expect(within(history).queryByRole("button", { name: "Show older" })).toBeNull();
    const asked = spy.mock.calls.map((c) => new URL(String(c[0]), "http://localhost")).filter((u) => u.pathname === "/api/v1/credits/history");
    expect(asked.map((u) => u.searchParams.get("cursor"))).toEqual([null, "1795600000000"]);
  });

  it("says when nothing has moved yet, and why it could not load, with a retry", async () => {
    let fail = true;
    serve((url) => (url.pathname === "/api/v1/credits/history" ? (fail ? json(500, { error: "Database unavailable" }) : json(200, { balance: 0, results: [], next_cursor: null })) : undefined));
    tokens.set("acc", "ref");
    renderRoutes(routes, "/credits");
    expect((await screen.findByRole("alert")).textContent).toContain("Database unavailable");
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No credits have come or gone yet.")).toBeTruthy();
  });
});

describe("/checkout/success", () => {
  const outcome = (over: Partial<CheckoutOutcome>): CheckoutOutcome => ({ sku: "one_off_pack", credits: 200, status: "complete", paid: true, credited: true, ...over });

  it("opened directly, claims nothing was added", async () => {
    const spy = serve(() => undefined);
    tokens.set("acc", "ref");
    renderRoutes(routes, "/checkout/success");
    expect(await screen.findByRole("heading", { name: "No payment to confirm" })).toBeTruthy();
    expect(screen.queryByText("Payment Successful!")).toBeNull();
    expect(screen.queryByText(/successfully added/)).toBeNull();
    expect(spy.mock.calls.some((c) => String(c[0]).includes("checkout-sessions"))).toBe(false);
  });

  it("says the spec's 'Payment Successful!' when the session was paid and its credits are in", async () => {
    const spy = serve((url) => (url.pathname.startsWith("/api/v1/billing/checkout-sessions/") ? json(200, outcome({})) : undefined));
    tokens.set("acc", "ref");
    renderRoutes(routes, "/checkout/success?session_id=cs_test_abc123");
    expect(await screen.findByRole("heading", { name: "Payment Successful!" })).toBeTruthy();
    expect(screen.getByText("Your credits have been successfully added to your account.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Return to Settings" }).getAttribute("href")).toBe("/settings");
    expect(spy.mock.calls.some((c) => String(c[0]) === "/api/v1/billing/checkout-sessions/cs_test_abc123")).toBe(true);
  });

  it("waits for the credits of a paid session, then says they were added", async () => {
    let credited = false;
    serve((url) => (url.pathname.startsWith("/api/v1/billing/checkout-sessions/") ? json(200, outcome({ credited })) : undefined));
    tokens.set("acc", "ref");
    renderRoutes(routes, "/checkout/success?session_id=cs_test_abc123");
    expect(await screen.findByRole("heading", { name: "Payment received" })).toBeTruthy();
    expect(screen.queryByText("Payment Successful!")).toBeNull();
    await act(async () => {
      credited = true;
    });
    // Asked again until Stripe's event is in (every 2 s).
    expect(await screen.findByRole("heading", { name: "Payment Successful!" }, { timeout: 8000 })).toBeTruthy();
  });

  it("says a payment that was not completed added nothing, and one it cannot find why", async () => {
    serve((url) => (url.pathname.endsWith("/cs_test_open") ? json(200, outcome({ status: "open", paid: false, credited: false })) : url.pathname.endsWith("/cs_test_gone") ? json(404, { error: "Payment not found" }) : undefined));
    tokens.set("acc", "ref");
    renderRoutes(routes, "/checkout/success?session_id=cs_test_open");
    expect(await screen.findByRole("heading", { name: "Payment not completed" })).toBeTruthy();
    expect(screen.getByText(/no credits were added and nothing was charged/)).toBeTruthy();
    cleanup();
    renderRoutes(routes, "/checkout/success?session_id=cs_test_gone");
    expect(await screen.findByRole("heading", { name: "We could not confirm this payment" })).toBeTruthy();
    expect(screen.getByText("Payment not found")).toBeTruthy();
  });
});
