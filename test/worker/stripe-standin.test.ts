import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { creditLedger, users } from "../../worker/db/schema";
import * as stripeFx from "../fixtures/stripe";
import { callWithEnv, createUser, db } from "./helpers";

/**
 * Purchases end to end against the local Stripe stand-in (scripts/stripe-standin): the worker calls it through the
 * stripe SDK at STRIPE_API_BASE, the customer pays on its Checkout page or cancels in its portal, and its signed
 * events reach the worker's /api/v1/stripe/webhook, the path Stripe's own take.
 */
const configured = (path: string, init: Parameters<typeof callWithEnv>[2] = {}) => callWithEnv(stripeFx.STRIPE_TEST_ENV, path, init);

/** The stand-in's webhook deliveries, handed to the worker as Stripe's POSTs. */
async function toWorker(req: Request): Promise<Response> {
  return configured(new URL(req.url).pathname, { method: "POST", body: await req.text(), headers: Object.fromEntries(req.headers) });
}

function stripe() {
  const api = stripeFx.fakeStripeApi({ deliver: toWorker });
  vi.spyOn(globalThis, "fetch").mockImplementation(api.handler);
  return api;
}

const userRow = async (id: number) => (await db().query.users.findFirst({ where: eq(users.id, id) }))!;
const grants = async (id: number) => (await db().select().from(creditLedger).where(eq(creditLedger.userId, id))).filter((r) => r.delta > 0);

async function checkout(token: string, sku: "one_off_pack" | "basic_plan") {
  const res = await configured("/api/v1/create-checkout-session", { method: "POST", token, json: { sku, quantity: 1 } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { checkout_url: string }).checkout_url;
}

/** A browser on one of the stand-in's pages: GET it, or press one of its buttons (a form POST). */
async function onPage(api: ReturnType<typeof stripeFx.fakeStripeApi>, url: string, press?: Record<string, string>) {
  const init = press ? { method: "POST", body: new URLSearchParams(press).toString(), headers: { "Content-Type": "application/x-www-form-urlencoded" } } : {};
  return api.standin.fetch(new Request(url, init));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("buying credits through the Stripe stand-in", () => {
  it("grants the one-off pack's 200 credits once when the session is paid on its Checkout page", async () => {
    const api = stripe();
    const u = await createUser({ credits: 3 });
    const url = await checkout(u.token, "one_off_pack");

    const shown = await onPage(api, url);
    expect(shown.status).toBe(200);
    const html = await shown.text();
    expect(html).toContain("One-off Pack");
    expect(html).toContain("Pay £15.00");

    const paid = await onPage(api, url, { action: "pay" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("Location")).toMatch(/^http:\/\/localhost:5173\/checkout\/success\?session_id=cs_test_\w+$/);
    const [completed] = api.standin.eventsOf("checkout.session.completed");
    expect(api.standin.delivery(completed.id)).toMatchObject({ delivered: true, attempts: [{ status: 200 }] });
    expect((await userRow(u.id)).credits).toBe(203);

    // Stripe delivers an event more than once at times: the second grants nothing.
    await api.standin.resend(completed.id);
    expect(api.standin.delivery(completed.id)!.attempts.at(-1)).toMatchObject({ status: 200, body: expect.stringContaining('"duplicate"') });
    expect((await userRow(u.id)).credits).toBe(203);
    expect((await grants(u.id)).filter((g) => g.reason === "purchase")).toHaveLength(1);

    // Paying again on the same page does nothing more: the session is complete.
    expect((await onPage(api, url, { action: "pay" })).status).toBe(303);
    expect(api.standin.eventsOf("checkout.session.completed")).toHaveLength(1);
    expect((await userRow(u.id)).credits).toBe(203);
  });

  it("sends the browser back to cancel_url on Cancel, leaving the session open and nothing granted", async () => {
    const api = stripe();
    const u = await createUser();
    const url = await checkout(u.token, "one_off_pack");
    const cancelled = await onPage(api, url, { action: "cancel" });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get("Location")).toBe("http://localhost:5173/checkout/cancelled");
    const session = [...api.standin.account.sessions.values()][0];
    expect(session).toMatchObject({ status: "open", payment_status: "unpaid" });
    expect(api.standin.eventsOf("checkout.session.completed")).toHaveLength(0);
    expect((await userRow(u.id)).credits).toBe(0);
  });

  it("grants 130 credits for the plan, 130 more on each renewal, none for a declined one, and ends it from the portal", async () => {
    const api = stripe();
    const u = await createUser();
    const url = await checkout(u.token, "basic_plan");
    expect(await (await onPage(api, url)).text()).toContain("Pay £10.00 a month");
    await onPage(api, url, { action: "pay" });

    const types = api.standin.deliveries.map((d) => d.event.type);
    expect(types).toEqual(expect.arrayContaining(["customer.subscription.created", "invoice.paid", "checkout.session.completed"]));
    expect(api.standin.deliveries.every((d) => d.delivered)).toBe(true);
    const sub = [...api.standin.account.subscriptions.values()][0];
    expect(sub.metadata.user_id).toBe(String(u.id));
    expect(await userRow(u.id)).toMatchObject({ credits: 130, subscriptionId: sub.id, subscriptionStatus: "active" });

    const renew = (body: object = {}) =>
      api.standin.fetch(new Request(`${stripeFx.STRIPE_TEST_ENV.STRIPE_API_BASE}/_standin/subscriptions/${sub.id}/renew`, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json", Accept: "application/json" } }));
    const periodEnd = sub.items.data[0].current_period_end;
    const renewed = (await (await renew()).json()) as { invoice: { id: string; billing_reason: string; status: string } };
    expect(renewed.invoice).toMatchObject({ billing_reason: "subscription_cycle", status: "paid" });
    expect(sub.items.data[0].current_period_start).toBe(periodEnd);
    expect((await userRow(u.id)).credits).toBe(260);

    await renew({ decline: true });
    expect(await userRow(u.id)).toMatchObject({ credits: 260, subscriptionStatus: "past_due" });
    await renew();
    expect(await userRow(u.id)).toMatchObject({ credits: 390, subscriptionStatus: "active" });
    expect((await grants(u.id)).map((g) => [g.reason, g.delta])).toEqual([
      ["subscription", 130],
      ["subscription", 130],
      ["subscription", 130],
    ]);

    const portal = await configured("/api/v1/billing-portal", { method: "POST", token: u.token, json: {} });
    const { url: portalUrl } = (await portal.json()) as { url: string };
    const page = await (await onPage(api, portalUrl)).text();
    expect(page).toContain("Monthly Subscription");
    expect(page).toContain("Cancel subscription");
    expect((await onPage(api, portalUrl, { action: "cancel", subscription: sub.id })).status).toBe(303);
    expect(sub.status).toBe("canceled");
    expect(await userRow(u.id)).toMatchObject({ credits: 390, subscriptionStatus: "canceled" });
    expect(await (await onPage(api, portalUrl)).text()).toContain("Cancelled on");
    expect((await renew()).status).toBe(409);
  });
});
