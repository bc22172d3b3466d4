import { afterEach, describe, expect, it, vi } from "vitest";
import type { CheckoutOutcome } from "../../worker/billing/model";
import * as stripeFx from "../fixtures/stripe";
import { call, callWithEnv, createUser } from "./helpers";

/**
 * GET /api/v1/billing/checkout-sessions/{id} (issue 33): what /checkout/success may say. Stripe (the local stand-in,
 * scripts/stripe-standin) is asked whether the session was paid; the ledger whether its credits are in.
 */
const configured = (path: string, init: Parameters<typeof callWithEnv>[2] = {}) => callWithEnv(stripeFx.STRIPE_TEST_ENV, path, init);

async function toWorker(req: Request): Promise<Response> {
  return configured(new URL(req.url).pathname, { method: "POST", body: await req.text(), headers: Object.fromEntries(req.headers) });
}

/** The stand-in as the worker's Stripe; its signed events reach the worker's webhook unless `undelivered`. */
function stripe(undelivered = false) {
  const api = stripeFx.fakeStripeApi(undelivered ? {} : { deliver: toWorker });
  vi.spyOn(globalThis, "fetch").mockImplementation(api.handler);
  return api;
}

/** Opens a checkout and answers its session id (from the hosted page's address). */
async function checkout(token: string, sku: "one_off_pack" | "basic_plan") {
  const res = await configured("/api/v1/create-checkout-session", { method: "POST", token, json: { sku, quantity: 1 } });
  expect(res.status).toBe(200);
  const url = ((await res.json()) as { checkout_url: string }).checkout_url;
  return { url, id: url.split("/").pop()! };
}

/** Pays on the stand-in's Checkout page; answers where it sends the browser back to. */
async function pay(api: ReturnType<typeof stripeFx.fakeStripeApi>, url: string) {
  const res = await api.standin.fetch(new Request(url, { method: "POST", body: "action=pay", headers: { "Content-Type": "application/x-www-form-urlencoded" } }));
  return res.headers.get("Location")!;
}

async function outcome(token: string, id: string) {
  const res = await configured(`/api/v1/billing/checkout-sessions/${id}`, { token });
  return { status: res.status, body: (await res.json()) as CheckoutOutcome & { error?: string } };
}

afterEach(() => vi.restoreAllMocks());

describe("GET /api/v1/billing/checkout-sessions/{id}", () => {
  it("says a pack is not paid before its page is paid, then paid and credited, and the return address names the session", async () => {
    const api = stripe();
    const u = await createUser();
    const { url, id } = await checkout(u.token, "one_off_pack");
    expect(await outcome(u.token, id)).toEqual({ status: 200, body: { sku: "one_off_pack", credits: 200, status: "open", paid: false, credited: false } });
    const back = await pay(api, url);
    expect(new URL(back).pathname).toBe("/checkout/success");
    expect(new URL(back).searchParams.get("session_id")).toBe(id);
    expect(await outcome(u.token, id)).toEqual({ status: 200, body: { sku: "one_off_pack", credits: 200, status: "complete", paid: true, credited: true } });
  });

  it("says a paid session's credits are not in while Stripe's event has not arrived", async () => {
    const api = stripe(true);
    const u = await createUser();
    const { url, id } = await checkout(u.token, "one_off_pack");
    await pay(api, url);
    expect((await outcome(u.token, id)).body).toMatchObject({ paid: true, credited: false });
  });

  it("says the plan is credited once its first invoice's credits are in", async () => {
    const api = stripe();
    const u = await createUser();
    const { url, id } = await checkout(u.token, "basic_plan");
    await pay(api, url);
    expect((await outcome(u.token, id)).body).toEqual({ sku: "basic_plan", credits: 130, status: "complete", paid: true, credited: true });
  });

  it("answers 'Payment not found' for someone else's session and one Stripe does not know, and refuses what is no session id", async () => {
    const api = stripe();
    const buyer = await createUser();
    const other = await createUser();
    const { url, id } = await checkout(buyer.token, "one_off_pack");
    await pay(api, url);
    expect(await outcome(other.token, id)).toEqual({ status: 404, body: { error: "Payment not found" } });
    expect(await outcome(buyer.token, "cs_test_doesnotexist000")).toEqual({ status: 404, body: { error: "Payment not found" } });
    const bad = await configured("/api/v1/billing/checkout-sessions/..%2Fprices", { token: buyer.token });
    expect(bad.status).toBe(400);
    expect((await configured(`/api/v1/billing/checkout-sessions/${id}`)).status).toBe(401);
  });

  it("answers 503 without payments configured", async () => {
    const u = await createUser();
    const res = await call("/api/v1/billing/checkout-sessions/cs_test_a1", { token: u.token });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: "Payments are not configured" });
  });
});
