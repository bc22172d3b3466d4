import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { creditLedger, stripeCheckouts, stripeEvents, users } from "../../worker/db/schema";
import { ledgerSum } from "../../worker/credits/credits";
import * as stripeFx from "../fixtures/stripe";
import { call, callWithEnv, createUser, db } from "./helpers";

/** The worker with Stripe configured (the test environment has no Stripe secrets). */
const callStripeConfigured = (path: string, init: Parameters<typeof callWithEnv>[2] = {}) =>
  callWithEnv(stripeFx.STRIPE_TEST_ENV, path, init);

const userRow = async (id: number) => (await db().query.users.findFirst({ where: eq(users.id, id) }))!;
const ledgerRows = (id: number) => db().select().from(creditLedger).where(eq(creditLedger.userId, id));

async function deliver(evt: object, secret?: string) {
  const { payload, header } = await stripeFx.signed(evt, secret);
  return callStripeConfigured("/api/v1/stripe/webhook", {
    method: "POST",
    body: payload,
    headers: { "Stripe-Signature": header, "Content-Type": "application/json" },
  });
}

/** A user already linked to a Stripe customer, as after their first checkout (held by `api`'s Stripe when given). */
async function customerUser(credits = 0, api?: ReturnType<typeof stripeFx.fakeStripeApi>) {
  const u = await createUser({ credits });
  const cus = api ? api.standin.account.createCustomer({ email: u.email }).id : `cus_${crypto.randomUUID().slice(0, 12)}`;
  await db().update(users).set({ stripeCustomerId: cus }).where(eq(users.id, u.id));
  return { ...u, cus };
}

/** A checkout this server opened for `customer`, still open (as create-checkout-session records it); answers its id. */
async function openCheckout(userId: number, customer: string, opts: { expiresAt?: number } = {}) {
  const sessionId = `cs_test_${crypto.randomUUID().slice(0, 12)}`;
  const now = Date.now();
  await db().insert(stripeCheckouts).values({ sessionId, userId, customerId: customer, sku: "basic_plan", createdAt: now, expiresAt: opts.expiresAt ?? now + 86_400_000 });
  return sessionId;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("POST /api/v1/create-checkout-session", () => {
  it("answers 503 'Payments are not configured' without Stripe configuration", async () => {
    const u = await createUser();
    const res = await call("/api/v1/create-checkout-session", { method: "POST", token: u.token, json: { sku: "one_off_pack", quantity: 1 } });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: "Payments are not configured" });
  });

  it("creates and links a Stripe customer, then a payment-mode session for the one-off pack", async () => {
    const api = stripeFx.fakeStripeApi();
    const spy = vi.spyOn(globalThis, "fetch").mockImplementation(api.handler);
    const u = await createUser();

    const res = await callStripeConfigured("/api/v1/create-checkout-session", {
      method: "POST",
      token: u.token,
      json: { sku: "one_off_pack", quantity: 1 },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { checkout_url: string };
    // Stripe's hosted page for the session: here the stand-in's, at STRIPE_API_BASE.
    expect(body.checkout_url).toMatch(/^http:\/\/stripe-standin\.test:12111\/c\/pay\/cs_test_/);
    expect(spy).toHaveBeenCalledTimes(2);

    const [createCustomer, createSession] = api.requests;
    expect(createCustomer.method).toBe("POST");
    expect(createCustomer.path).toBe("/v1/customers");
    expect(createCustomer.headers.get("Authorization")).toBe(`Bearer ${stripeFx.STRIPE_TEST_ENV.STRIPE_SECRET_KEY}`);
    expect(createCustomer.headers.get("Content-Type")).toBe("application/x-www-form-urlencoded");
    expect(createCustomer.form.get("email")).toBe(u.email);
    expect(createCustomer.form.get("metadata[user_id]")).toBe(String(u.id));

    const linked = (await userRow(u.id)).stripeCustomerId;
    expect(linked).toMatch(/^cus_/);

    expect(createSession.path).toBe("/v1/checkout/sessions");
    const f = createSession.form;
    expect(f.get("mode")).toBe("payment");
    expect(f.get("line_items[0][price]")).toBe(stripeFx.STRIPE_TEST_ENV.STRIPE_PRICE_ONE_OFF_PACK);
    expect(f.get("line_items[0][quantity]")).toBe("1");
    // Stripe fills the session's id in: /checkout/success asks whether it was paid.
    expect(f.get("success_url")).toBe("http://localhost:5173/checkout/success?session_id={CHECKOUT_SESSION_ID}");
    expect(f.get("cancel_url")).toBe("http://localhost:5173/checkout/cancelled");
    expect(f.get("customer")).toBe(linked);
    expect(f.get("client_reference_id")).toBe(String(u.id));
    expect(f.get("metadata[user_id]")).toBe(String(u.id));
    expect(f.get("metadata[sku]")).toBe("one_off_pack");
  });

  it("creates a subscription-mode session for the monthly plan, reusing the linked customer", async () => {
    const api = stripeFx.fakeStripeApi();
    vi.spyOn(globalThis, "fetch").mockImplementation(api.handler);
    const u = await customerUser(0, api);

    const res = await callStripeConfigured("/api/v1/create-checkout-session", { method: "POST", token: u.token, json: { sku: "basic_plan", quantity: 1 } });
    expect(res.status).toBe(200);
    expect(api.requests.map((r) => r.path)).toEqual(["/v1/checkout/sessions"]);
    const f = api.requests[0].form;
    expect(f.get("mode")).toBe("subscription");
    expect(f.get("line_items[0][price]")).toBe(stripeFx.STRIPE_TEST_ENV.STRIPE_PRICE_BASIC_PLAN);
    expect(f.get("customer")).toBe(u.cus);
    expect(f.get("client_reference_id")).toBe(String(u.id));
    // Invoices carry the user through the subscription's metadata.
    expect(f.get("subscription_data[metadata][user_id]")).toBe(String(u.id));
    // The open checkout is kept until it completes or expires: an invoice for its customer is waited for meanwhile.
    const opened = await db().select().from(stripeCheckouts).where(eq(stripeCheckouts.userId, u.id));
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ customerId: u.cus, sku: "basic_plan", completedAt: null });
    expect(opened[0].sessionId).toMatch(/^cs_/);
    expect(opened[0].expiresAt).toBeGreaterThan(Date.now() + 23 * 3600_000);
  });

  it("refuses a second subscription while one is active (409) without calling Stripe", async () => {
    const spy = vi.spyOn(globalThis, "fetch").mockImplementation(stripeFx.fakeStripeApi().handler);
    const u = await customerUser();
    await db().update(users).set({ subscriptionId: "sub_x", subscriptionStatus: "active" }).where(eq(users.id, u.id));
    const res = await callStripeConfigured("/api/v1/create-checkout-session", { method: "POST", token: u.token, json: { sku: "basic_plan", quantity: 1 } });
    expect(res.status).toBe(409);
    expect(spy).not.toHaveBeenCalled();
  });

  it("refuses an unknown sku or a quantity other than 1 with 400", async () => {
    const u = await createUser();
    for (const json of [{ sku: "gold_plan", quantity: 1 }, { sku: "one_off_pack", quantity: 5 }, {}]) {
      const res = await callStripeConfigured("/api/v1/create-checkout-session", { method: "POST", token: u.token, json });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBeTruthy();
    }
  });

  it("needs a signed-in user", async () => {
    const res = await callStripeConfigured("/api/v1/create-checkout-session", { method: "POST", json: { sku: "one_off_pack", quantity: 1 } });
    expect(res.status).toBe(401);
  });

  it("answers 502 with a safe message when Stripe refuses the call", async () => {
    const api = stripeFx.fakeStripeApi({ failWith: { status: 400, type: "invalid_request_error", message: "No such price: 'price_x'" } });
    vi.spyOn(globalThis, "fetch").mockImplementation(api.handler);
    const u = await customerUser();
    const res = await callStripeConfigured("/api/v1/create-checkout-session", { method: "POST", token: u.token, json: { sku: "one_off_pack", quantity: 1 } });
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ error: "Checkout failed. Please try again." });
  });
});

describe("POST /api/v1/billing-portal", () => {
  it("opens Stripe's customer portal for the linked customer, returning to /settings", async () => {
    const api = stripeFx.fakeStripeApi();
    vi.spyOn(globalThis, "fetch").mockImplementation(api.handler);
    const u = await customerUser(0, api);
    const res = await callStripeConfigured("/api/v1/billing-portal", { method: "POST", token: u.token, json: {} });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { url: string }).url).toMatch(/^http:\/\/stripe-standin\.test:12111\/p\/session\/bps_/);
    expect(api.requests[0].path).toBe("/v1/billing_portal/sessions");
    expect(api.requests[0].form.get("customer")).toBe(u.cus);
    expect(api.requests[0].form.get("return_url")).toBe("http://localhost:5173/settings");
  });

  it("answers 409 when the user never bought anything", async () => {
    const u = await createUser();
    const res = await callStripeConfigured("/api/v1/billing-portal", { method: "POST", token: u.token });
    expect(res.status).toBe(409);
  });
});

describe("POST /api/v1/stripe/webhook", () => {
  it("grants 200 credits once for a paid one-off checkout, even when the event is replayed", async () => {
    const u = await customerUser(5);
    const session = stripeFx.checkoutSession({ customer: u.cus, userId: u.id, mode: "payment" });
    const evt = stripeFx.event("checkout.session.completed", session);

    const first = await deliver(evt);
    expect(first.status).toBe(200);
    expect((await userRow(u.id)).credits).toBe(205);

    const replay = await deliver(evt);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ outcome: "duplicate" });

    // The same session in a different event (Stripe may send both completed and async_payment_succeeded).
    await deliver(stripeFx.event("checkout.session.async_payment_succeeded", session));

    expect((await userRow(u.id)).credits).toBe(205);
    const rows = await ledgerRows(u.id);
    expect(rows.filter((r) => r.reason === "purchase")).toMatchObject([
      { delta: 200, reference: session.id, idempotencyKey: `stripe:session:${session.id}` },
    ]);
    expect(await ledgerSum(db(), u.id)).toBe(205);
  });

  it("grants nothing for an unpaid checkout (delayed payment) until it is paid", async () => {
    const u = await customerUser();
    const unpaid = stripeFx.checkoutSession({ customer: u.cus, userId: u.id, mode: "payment", paymentStatus: "unpaid" });
    expect((await deliver(stripeFx.event("checkout.session.completed", unpaid))).status).toBe(200);
    expect((await userRow(u.id)).credits).toBe(0);
    await deliver(stripeFx.event("checkout.session.async_payment_succeeded", { ...unpaid, payment_status: "paid" }));
    expect((await userRow(u.id)).credits).toBe(200);
  });

  it("grants 130 credits for the first subscription invoice and each renewal, never twice", async () => {
    const u = await customerUser();
    const sub = `sub_${crypto.randomUUID().slice(0, 12)}`;
    const session = stripeFx.checkoutSession({ customer: u.cus, userId: u.id, mode: "subscription", subscription: sub });
    const firstInvoice = stripeFx.invoice({ customer: u.cus, subscription: sub, userId: u.id, billingReason: "subscription_create" });

    await deliver(stripeFx.event("checkout.session.completed", session));
    expect((await userRow(u.id)).credits).toBe(0); // subscription credits come from invoices only
    await deliver(stripeFx.event("invoice.paid", firstInvoice));
    expect(await userRow(u.id)).toMatchObject({ credits: 130, subscriptionId: sub, subscriptionStatus: "active" });

    // The same invoice again under a new event id (Stripe re-sends after a timeout).
    await deliver(stripeFx.event("invoice.paid", firstInvoice));
    expect((await userRow(u.id)).credits).toBe(130);

    const renewal = stripeFx.invoice({ customer: u.cus, subscription: sub, userId: u.id, billingReason: "subscription_cycle" });
    await deliver(stripeFx.event("invoice.paid", renewal));
    expect((await userRow(u.id)).credits).toBe(260);

    const grants = (await ledgerRows(u.id)).filter((r) => r.reason === "subscription");
    expect(grants.map((g) => g.idempotencyKey).sort()).toEqual([`stripe:invoice:${firstInvoice.id}`, `stripe:invoice:${renewal.id}`].sort());
    expect(await ledgerSum(db(), u.id)).toBe(260);
  });

  it("is safe when invoice.paid arrives before checkout.session.completed, and when events arrive out of order", async () => {
    const u = await createUser(); // not yet linked: the invoice's subscription metadata names the user
    const cus = `cus_${crypto.randomUUID().slice(0, 12)}`;
    const sub = `sub_${crypto.randomUUID().slice(0, 12)}`;
    const t = Math.floor(Date.now() / 1000);

    const paid = stripeFx.event("invoice.paid", stripeFx.invoice({ customer: cus, subscription: sub, userId: u.id }), { created: t + 2 });
    const created = stripeFx.event("customer.subscription.created", stripeFx.subscription({ id: sub, customer: cus, userId: u.id, status: "incomplete" }), { created: t });
    const completed = stripeFx.event("checkout.session.completed", stripeFx.checkoutSession({ customer: cus, userId: u.id, mode: "subscription", subscription: sub }), { created: t + 3 });

    await deliver(paid);
    await deliver(completed);
    await deliver(created); // older than invoice.paid: must not turn 'active' back to 'incomplete'
    expect(await userRow(u.id)).toMatchObject({ credits: 130, stripeCustomerId: cus, subscriptionId: sub, subscriptionStatus: "active" });

    // Cancellation, then a late 'updated' from before it: stays canceled.
    const deleted = stripeFx.event("customer.subscription.deleted", stripeFx.subscription({ id: sub, customer: cus, status: "canceled" }), { created: t + 60 });
    const lateUpdate = stripeFx.event("customer.subscription.updated", stripeFx.subscription({ id: sub, customer: cus, status: "active" }), { created: t + 30 });
    await deliver(deleted);
    await deliver(lateUpdate);
    expect(await userRow(u.id)).toMatchObject({ subscriptionStatus: "canceled", credits: 130 });
  });

  it("grants an old-shape invoice.paid whose user is named only on its line items, before the customer is linked", async () => {
    const u = await createUser(); // not linked: no customer, no subscription on the account yet
    const sub = `sub_${crypto.randomUUID().slice(0, 12)}`;
    const inv = stripeFx.legacyInvoice({ customer: `cus_${crypto.randomUUID().slice(0, 12)}`, subscription: sub, userId: u.id });
    const res = await deliver(stripeFx.event("invoice.paid", inv));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ outcome: "handled" });
    expect(await userRow(u.id)).toMatchObject({ credits: 130, stripeCustomerId: inv.customer, subscriptionId: sub, subscriptionStatus: "active" });
  });

  it("finds the user of an old-shape invoice through its subscription when nothing else names them", async () => {
    const u = await createUser();
    const sub = `sub_${crypto.randomUUID().slice(0, 12)}`;
    const t = Math.floor(Date.now() / 1000);
    // customer.subscription.created (with our metadata) came first and recorded the subscription on the account.
    await deliver(stripeFx.event("customer.subscription.created", stripeFx.subscription({ id: sub, customer: "cus_other", userId: u.id, status: "active" }), { created: t }));
    await db().update(users).set({ stripeCustomerId: null }).where(eq(users.id, u.id));
    const inv = stripeFx.legacyInvoice({ customer: `cus_${crypto.randomUUID().slice(0, 12)}`, subscription: sub });
    expect((await deliver(stripeFx.event("invoice.paid", inv, { created: t + 1 }))).status).toBe(200);
    expect((await userRow(u.id)).credits).toBe(130);
  });

  it("records nothing for an invoice.paid that came before its open checkout completed, so Stripe's retry grants it once linked", async () => {
    const u = await createUser();
    const cus = `cus_${crypto.randomUUID().slice(0, 12)}`;
    const sub = `sub_${crypto.randomUUID().slice(0, 12)}`;
    const session = await openCheckout(u.id, cus);
    const paid = stripeFx.event("invoice.paid", stripeFx.legacyInvoice({ customer: cus, subscription: sub }));
    const first = await deliver(paid);
    expect(first.status).toBe(409); // any answer but 2xx makes Stripe deliver the event again later
    expect(((await first.json()) as { error: string }).error).toMatch(/retry/i);
    expect(await db().query.stripeEvents.findFirst({ where: eq(stripeEvents.id, paid.id) })).toBeUndefined();

    // Checkout completes and links the customer; Stripe's retry of the same event now grants the month.
    await deliver(stripeFx.event("checkout.session.completed", stripeFx.checkoutSession({ id: session, customer: cus, userId: u.id, mode: "subscription", subscription: sub })));
    expect((await db().query.stripeCheckouts.findFirst({ where: eq(stripeCheckouts.sessionId, session) }))?.completedAt).not.toBeNull();
    const retry = await deliver(paid);
    expect(retry.status).toBe(200);
    expect((await userRow(u.id)).credits).toBe(130);
    expect((await deliver(paid)).status).toBe(200);
    expect((await userRow(u.id)).credits).toBe(130);
  });

  it("acknowledges an invoice.paid that carries nothing of ours with 200, grants nothing, records and logs it", async () => {
    const warn = vi.spyOn(console, "warn");
    const cus = `cus_${crypto.randomUUID().slice(0, 12)}`;
    const inv = stripeFx.legacyInvoice({ customer: cus, subscription: `sub_${crypto.randomUUID().slice(0, 12)}` });
    const paid = stripeFx.event("invoice.paid", inv);
    const res = await deliver(paid);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, outcome: "ignored" });
    expect(await db().query.stripeEvents.findFirst({ where: eq(stripeEvents.id, paid.id) })).toBeDefined();
    expect((await db().select().from(creditLedger).where(eq(creditLedger.reference, inv.id))).length).toBe(0);
    expect(warn.mock.calls.map(([line]) => String(line)).some((l) => l.includes("stripe invoice for no account of ours: ignored") && l.includes(cus))).toBe(true);
    // Stripe's next delivery of it is a duplicate, not a retry that never ends.
    expect(await (await deliver(paid)).json()).toEqual({ received: true, outcome: "duplicate" });
  });

  it("stops waiting for a checkout once it has expired or completed: the invoice is then not ours", async () => {
    const u = await createUser();
    const expired = `cus_${crypto.randomUUID().slice(0, 12)}`;
    await openCheckout(u.id, expired, { expiresAt: Date.now() - 1 });
    const late = await deliver(stripeFx.event("invoice.paid", stripeFx.legacyInvoice({ customer: expired, subscription: `sub_${crypto.randomUUID().slice(0, 12)}` })));
    expect(late.status).toBe(200);

    const completed = `cus_${crypto.randomUUID().slice(0, 12)}`;
    const session = await openCheckout(u.id, completed);
    await db().update(stripeCheckouts).set({ completedAt: Date.now() }).where(eq(stripeCheckouts.sessionId, session));
    const after = await deliver(stripeFx.event("invoice.paid", stripeFx.legacyInvoice({ customer: completed, subscription: `sub_${crypto.randomUUID().slice(0, 12)}` })));
    expect(after.status).toBe(200);
    expect((await userRow(u.id)).credits).toBe(0);
  });

  it("refuses well-signed events of handled types without a data object with 400 and records nothing", async () => {
    const u = await customerUser();
    const inv = stripeFx.invoice({ customer: u.cus, subscription: `sub_${crypto.randomUUID().slice(0, 12)}`, userId: u.id });
    const broken = [
      { ...stripeFx.event("invoice.paid", inv), data: { object: null } },
      { ...stripeFx.event("invoice.paid", inv), data: undefined },
      { ...stripeFx.event("invoice.paid", inv), data: null },
      { ...stripeFx.event("invoice.paid", inv), data: { object: "in_123" } },
      { ...stripeFx.event("invoice.paid", inv), data: { object: [inv] } },
      { ...stripeFx.event("invoice.paid", inv), data: { object: { ...inv, id: 42 } } },
      { ...stripeFx.event("invoice.paid", inv), data: { object: { ...inv, object: "subscription" } } },
      { ...stripeFx.event("invoice.paid", inv), created: "yesterday" },
      { ...stripeFx.event("checkout.session.completed", {}), data: { object: null } },
      { ...stripeFx.event("invoice.payment_failed", inv), data: {} },
      { ...stripeFx.event("customer.subscription.updated", {}), data: { object: null } },
    ];
    for (const evt of broken) {
      const res = await deliver(evt);
      expect(res.status, JSON.stringify(evt.data)).toBe(400);
      expect(typeof ((await res.json()) as { error?: string }).error).toBe("string");
      expect(await db().query.stripeEvents.findFirst({ where: eq(stripeEvents.id, evt.id) })).toBeUndefined();
    }
    expect((await userRow(u.id)).credits).toBe(0);
  });

  it("grants once when the same invoice is delivered many times at once", async () => {
    const u = await customerUser();
    const inv = stripeFx.invoice({ customer: u.cus, subscription: `sub_${crypto.randomUUID().slice(0, 12)}` });
    const sameEvent = stripeFx.event("invoice.paid", inv);
    const deliveries = [
      ...Array.from({ length: 10 }, () => deliver(sameEvent)),
      ...Array.from({ length: 10 }, () => deliver(stripeFx.event("invoice.paid", inv))),
    ];
    const answers = await Promise.all(deliveries);
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect((await userRow(u.id)).credits).toBe(130);
    expect(await ledgerSum(db(), u.id)).toBe(130);
  });

  it("reflects a failed renewal payment on the account", async () => {
    const u = await customerUser();
    const sub = `sub_${crypto.randomUUID().slice(0, 12)}`;
    const t = Math.floor(Date.now() / 1000);
    await deliver(stripeFx.event("invoice.paid", stripeFx.invoice({ customer: u.cus, subscription: sub }), { created: t }));
    await deliver(stripeFx.event("invoice.payment_failed", stripeFx.invoice({ customer: u.cus, subscription: sub, status: "open" }), { created: t + 10 }));
    expect(await userRow(u.id)).toMatchObject({ subscriptionStatus: "past_due", credits: 130 });
  });

  it("refuses a bad signature with 400 and changes nothing", async () => {
    const u = await customerUser();
    const evt = stripeFx.event("checkout.session.completed", stripeFx.checkoutSession({ customer: u.cus, userId: u.id, mode: "payment" }));
    const forged = await deliver(evt, "whsec_not_the_real_secret");
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ error: "Invalid Stripe signature" });

    // A correctly signed body, altered after signing.
    const { payload, header } = await stripeFx.signed(evt);
    const tampered = await callStripeConfigured("/api/v1/stripe/webhook", {
      method: "POST",
      body: payload.replace(`"payment_status": "paid"`, `"payment_status": "paid" `),
      headers: { "Stripe-Signature": header },
    });
    expect(tampered.status).toBe(400);

    const unsigned = await callStripeConfigured("/api/v1/stripe/webhook", { method: "POST", body: payload });
    expect(unsigned.status).toBe(400);

    expect((await userRow(u.id)).credits).toBe(0);
    expect(await db().query.stripeEvents.findFirst({ where: eq(stripeEvents.id, evt.id) })).toBeUndefined();
  });

  it("answers 200 and grants nothing for an unknown user", async () => {
    const session = stripeFx.checkoutSession({ customer: "cus_nobody", userId: 987654, mode: "payment" });
    const res = await deliver(stripeFx.event("checkout.session.completed", session));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ outcome: "ignored" });
    expect(await db().select().from(creditLedger).where(eq(creditLedger.idempotencyKey, `stripe:session:${session.id}`))).toEqual([]);
  });

  it("answers 200 to event types it does not handle", async () => {
    const res = await deliver(stripeFx.event("charge.refund.updated", { id: "re_123", object: "refund" }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ outcome: "ignored" });
  });

  it("answers 503 when the webhook secret is not configured", async () => {
    const evt = stripeFx.event("checkout.session.completed", { id: "cs_x", object: "checkout.session" });
    const { payload, header } = await stripeFx.signed(evt);
    const res = await call("/api/v1/stripe/webhook", { method: "POST", body: payload, headers: { "Stripe-Signature": header } });
    expect(res.status).toBe(503);
  });
});
