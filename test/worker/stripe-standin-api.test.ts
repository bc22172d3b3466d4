import Stripe from "stripe";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as stripeFx from "../fixtures/stripe";

/**
 * The Stripe stand-in speaks Stripe's API as the official SDK expects it: these tests drive it with the stripe
 * package itself (the SDK the worker uses, pointed at STRIPE_API_BASE), so a shape or error the SDK would not
 * read as Stripe's fails here.
 */
const base = new URL(stripeFx.STRIPE_TEST_ENV.STRIPE_API_BASE);

function sdk(key = stripeFx.STRIPE_TEST_ENV.STRIPE_SECRET_KEY) {
  const api = stripeFx.fakeStripeApi();
  vi.spyOn(globalThis, "fetch").mockImplementation(api.handler);
  const client = new Stripe(key, { httpClient: Stripe.createFetchHttpClient(), host: base.hostname, port: Number(base.port), protocol: "http", maxNetworkRetries: 0 });
  return { api, client };
}

/** The error a call fails with. */
async function refusal(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await call;
  } catch (err) {
    return err as Stripe.errors.StripeError;
  }
  throw new Error("the call did not fail");
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the Stripe stand-in's API", () => {
  it("lists the pack and the plan with their amounts in pence, and gives each with its product", async () => {
    const { client } = sdk();
    const prices = await client.prices.list({ active: true });
    expect(prices.object).toBe("list");
    expect(prices.data.map((p) => [p.id, p.unit_amount, p.currency, p.recurring?.interval ?? null]).sort()).toEqual([
      [stripeFx.STRIPE_TEST_ENV.STRIPE_PRICE_BASIC_PLAN, 1000, "gbp", "month"],
      [stripeFx.STRIPE_TEST_ENV.STRIPE_PRICE_ONE_OFF_PACK, 1500, "gbp", null],
    ]);
    const pack = await client.prices.retrieve(stripeFx.STRIPE_TEST_ENV.STRIPE_PRICE_ONE_OFF_PACK, { expand: ["product"] });
    expect((pack.product as Stripe.Product).name).toBe("One-off Pack");
  });

  it("refuses a call without a key, or with a live or publishable key, as Stripe does (401)", async () => {
    for (const key of ["sk_live_4eC39HqLyjWDarjtT1zdp7dc", "pk_test_TYooMQauvdEDq54NiTphI7jx"]) {
      const err = await refusal(sdk(key).client.customers.create({ email: "a@example.com" }));
      expect(err).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
      expect(err.statusCode).toBe(401);
      expect(err.message).toMatch(/^Invalid API Key provided: \w+_\*+\w{4}$/);
      vi.restoreAllMocks();
    }
    const { api } = sdk();
    const bare = await api.standin.fetch(new Request(`${base.origin}/v1/customers`, { method: "POST" }));
    expect(bare.status).toBe(401);
    expect(((await bare.json()) as { error: { type: string; message: string } }).error).toMatchObject({ type: "invalid_request_error", message: expect.stringContaining("You did not provide an API key") });
  });

  it("replays an idempotent request, and refuses its key with other parameters", async () => {
    const { api, client } = sdk();
    const first = await client.customers.create({ email: "a@example.com" }, { idempotencyKey: "key-1" });
    const again = await client.customers.create({ email: "a@example.com" }, { idempotencyKey: "key-1" });
    expect(again.id).toBe(first.id);
    const replayed = await api.standin.fetch(new Request(`${base.origin}/v1/customers`, { method: "POST", body: "email=a%40example.com", headers: { Authorization: "Bearer sk_test_x", "Idempotency-Key": "key-1", "Content-Type": "application/x-www-form-urlencoded" } }));
    expect(replayed.headers.get("Idempotent-Replayed")).toBe("true");
    expect(((await replayed.json()) as { id: string }).id).toBe(first.id);
    expect(api.standin.account.customers.size).toBe(1);
    const err = await refusal(client.customers.create({ email: "b@example.com" }, { idempotencyKey: "key-1" }));
    expect(err).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(err.statusCode).toBe(400);
  });

  it("makes ids with Stripe's prefixes and answers each with a Request-Id", async () => {
    const { client } = sdk();
    const customer = await client.customers.create({ email: "a@example.com", metadata: { user_id: "7" } });
    expect(customer.id).toMatch(/^cus_\w{14}$/);
    expect(customer.metadata).toEqual({ user_id: "7" });
    expect(customer.lastResponse.requestId).toMatch(/^req_/);
    const session = await client.checkout.sessions.create({ mode: "payment", customer: customer.id, line_items: [{ price: stripeFx.STRIPE_TEST_ENV.STRIPE_PRICE_ONE_OFF_PACK, quantity: 1 }], success_url: "http://localhost:5173/checkout/success" });
    expect(session).toMatchObject({ object: "checkout.session", status: "open", payment_status: "unpaid", amount_total: 1500, currency: "gbp", customer: customer.id });
    expect(session.id).toMatch(/^cs_test_a1\w{56}$/);
    const portal = await client.billingPortal.sessions.create({ customer: customer.id });
    expect(portal.id).toMatch(/^bps_1\w{23}$/);
  });

  it("answers Stripe's errors for unknown objects, missing and wrong parameters", async () => {
    const { client } = sdk();
    const missing = await refusal(client.customers.retrieve("cus_nobody"));
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({ statusCode: 404, code: "resource_missing", param: "id", message: "No such customer: 'cus_nobody'" });

    const noMode = await refusal(client.checkout.sessions.create({ line_items: [{ price: stripeFx.STRIPE_TEST_ENV.STRIPE_PRICE_ONE_OFF_PACK, quantity: 1 }] } as Stripe.Checkout.SessionCreateParams));
    expect(noMode).toMatchObject({ statusCode: 400, code: "parameter_missing", param: "mode" });

    const wrongMode = await refusal(client.checkout.sessions.create({ mode: "payment", line_items: [{ price: stripeFx.STRIPE_TEST_ENV.STRIPE_PRICE_BASIC_PLAN, quantity: 1 }] }));
    expect(wrongMode).toMatchObject({ statusCode: 400, param: "line_items", message: expect.stringContaining("recurring price") });

    const noPrice = await refusal(client.checkout.sessions.create({ mode: "payment", line_items: [{ price: "price_gone", quantity: 1 }] }));
    expect(noPrice).toMatchObject({ statusCode: 400, code: "resource_missing", param: "line_items[0][price]" });

    const unknownUrl = await refusal(client.rawRequest("GET", "/v1/charges_and_more"));
    expect(unknownUrl).toMatchObject({ statusCode: 404, message: expect.stringContaining("Unrecognized request URL (GET: /v1/charges_and_more)") });
  });

  it("cancels a subscription once: a second cancel is refused as an unknown one, an update as Stripe refuses it", async () => {
    const { api, client } = sdk();
    const customer = await client.customers.create({ email: "a@example.com" });
    const session = await client.checkout.sessions.create({ mode: "subscription", customer: customer.id, line_items: [{ price: stripeFx.STRIPE_TEST_ENV.STRIPE_PRICE_BASIC_PLAN, quantity: 1 }], subscription_data: { metadata: { user_id: "7" } } });
    await api.standin.fetch(new Request(session.url!, { method: "POST", body: "action=pay", headers: { "Content-Type": "application/x-www-form-urlencoded" } }));

    const paid = await client.checkout.sessions.retrieve(session.id, { expand: ["subscription", "line_items"] });
    expect(paid.line_items?.data.map((l) => [l.price?.id, l.quantity, l.amount_total])).toEqual([[stripeFx.STRIPE_TEST_ENV.STRIPE_PRICE_BASIC_PLAN, 1, 1000]]);
    expect(paid).toMatchObject({ status: "complete", payment_status: "paid", customer: customer.id });
    const sub = paid.subscription as Stripe.Subscription;
    expect(sub).toMatchObject({ object: "subscription", status: "active", customer: customer.id, metadata: { user_id: "7" } });
    expect(sub.items.data[0].current_period_end).toBeGreaterThan(sub.items.data[0].current_period_start);

    const invoice = await client.invoices.retrieve(sub.latest_invoice as string);
    expect(invoice).toMatchObject({ status: "paid", amount_paid: 1000, billing_reason: "subscription_create", parent: { subscription_details: { subscription: sub.id, metadata: { user_id: "7" } } } });

    const cancelled = await client.subscriptions.cancel(sub.id);
    expect(cancelled).toMatchObject({ status: "canceled", cancellation_details: { reason: "cancellation_requested" } });
    expect(cancelled.ended_at).toEqual(expect.any(Number));
    expect(api.standin.eventsOf("customer.subscription.deleted").map((e) => (e.data.object as { id: string }).id)).toEqual([sub.id]);

    const again = await refusal(client.subscriptions.cancel(sub.id));
    expect(again).toMatchObject({ statusCode: 404, code: "resource_missing", message: `No such subscription: '${sub.id}'` });
    const update = await refusal(client.subscriptions.update(sub.id, { cancel_at_period_end: true }));
    expect(update).toMatchObject({ statusCode: 400, message: "A canceled subscription can only update its cancellation_details and metadata." });
    expect((await client.subscriptions.list({ customer: customer.id })).data).toEqual([]);
    expect((await client.subscriptions.list({ customer: customer.id, status: "canceled" })).data.map((s) => s.id)).toEqual([sub.id]);
  });

  it("refuses the calls a test asks it to, with the error it names", async () => {
    const { api, client } = sdk();
    api.standin.failNext({ method: "DELETE", path: /^\/v1\/subscriptions\//, status: 500, type: "api_error", message: "Something went wrong on Stripe's end." });
    const err = await refusal(client.subscriptions.cancel("sub_1Anything"));
    expect(err).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(err.statusCode).toBe(500);
    // Once only: the next call is answered normally (here: no such subscription).
    expect(await refusal(client.subscriptions.cancel("sub_1Anything"))).toMatchObject({ statusCode: 404 });
  });

  it("signs each event as Stripe does: the SDK verifies it with the endpoint's secret and refuses another", async () => {
    const received: Request[] = [];
    const api = stripeFx.fakeStripeApi({ deliver: async (req) => {
        received.push(req.clone());
        return new Response("{}");
      },
    });
    const customer = api.standin.account.createCustomer({ email: "a@example.com" });
    await api.standin.flush();
    expect(received).toHaveLength(1);
    const body = await received[0].text();
    const header = received[0].headers.get("Stripe-Signature")!;
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const provider = Stripe.createSubtleCryptoProvider();
    const event = await Stripe.webhooks.constructEventAsync(body, header, stripeFx.STRIPE_TEST_ENV.STRIPE_WEBHOOK_SECRET, undefined, provider);
    expect(event).toMatchObject({ type: "customer.created", object: "event", data: { object: { id: customer.id } } });
    expect(event.id).toMatch(/^evt_/);
    await expect(Stripe.webhooks.constructEventAsync(body, header, "whsec_another_endpoint", undefined, provider)).rejects.toThrow(/signature/i);
  });
});
