import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PurchasePrices } from "../../worker/billing/model";
import { PRICE_CACHE_MS } from "../../worker/billing/prices";
import { stripePrices } from "../../worker/db/schema";
import * as stripeFx from "../fixtures/stripe";
import { call, callWithEnv, createUser, db } from "./helpers";

afterEach(() => {
  vi.restoreAllMocks();
});

let n = 0;
/** Stripe configured with price ids of this test's own, so no test reads another's cached prices. */
function configured() {
  const ids = { pack: `price_pack_${++n}_${crypto.randomUUID().slice(0, 6)}`, plan: `price_plan_${n}_${crypto.randomUUID().slice(0, 6)}` };
  const env = { ...stripeFx.STRIPE_TEST_ENV, STRIPE_PRICE_ONE_OFF_PACK: ids.pack, STRIPE_PRICE_BASIC_PLAN: ids.plan };
  return { ids, get: (token: string) => callWithEnv(env, "/api/v1/billing/prices", { token }) };
}

const priceCalls = (api: ReturnType<typeof stripeFx.fakeStripeApi>) => api.requests.filter((r) => r.path.startsWith("/v1/prices/"));

describe("GET /api/v1/billing/prices", () => {
  it("says payments are not set up, and asks no one, without Stripe configured", async () => {
    const spy = vi.spyOn(globalThis, "fetch");
    const u = await createUser();
    const res = await call("/api/v1/billing/prices", { token: u.token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      configured: false,
      options: [
        { sku: "one_off_pack", credits: 200, available: false, price: null },
        { sku: "basic_plan", credits: 130, available: false, price: null },
      ],
    });
    expect(spy).not.toHaveBeenCalled();
  });

  it("answers each option's price in pounds from Stripe's configured prices, then from D1 for an hour", async () => {
    const { ids, get } = configured();
    const api = stripeFx.fakeStripeApi({
      prices: [stripeFx.price({ id: ids.pack, unitAmount: 1500 }), stripeFx.price({ id: ids.plan, unitAmount: 1000, recurring: { interval: "month" } })],
    });
    vi.spyOn(globalThis, "fetch").mockImplementation(api.handler);
    const u = await createUser();

    const res = await get(u.token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      configured: true,
      options: [
        { sku: "one_off_pack", credits: 200, available: true, price: { amount: 1500, currency: "gbp", interval: null, text: "£15.00", perCredit: "7.5p a credit" } },
        { sku: "basic_plan", credits: 130, available: true, price: { amount: 1000, currency: "gbp", interval: "month", text: "£10.00 a month", perCredit: "7.69p a credit" } },
      ],
    } satisfies PurchasePrices);
    const calls = priceCalls(api);
    expect(calls.map((r) => [r.method, r.path]).sort()).toEqual([
      ["GET", `/v1/prices/${ids.pack}`],
      ["GET", `/v1/prices/${ids.plan}`],
    ]);
    expect(calls[0].headers.get("Authorization")).toBe(`Bearer ${stripeFx.STRIPE_TEST_ENV.STRIPE_SECRET_KEY}`);

    // Another page view within the hour: from D1, Stripe is not asked.
    const again = (await (await get(u.token)).json()) as PurchasePrices;
    expect(again.options.map((o) => o.price?.text)).toEqual(["£15.00", "£10.00 a month"]);
    expect(priceCalls(api)).toHaveLength(2);
  });

  it("reads a price again after an hour, and keeps the last answer while Stripe cannot be reached", async () => {
    const { ids, get } = configured();
    const u = await createUser();
    const first = stripeFx.fakeStripeApi({ prices: [stripeFx.price({ id: ids.pack, unitAmount: 1500 }), stripeFx.price({ id: ids.plan, unitAmount: 1000, recurring: { interval: "month" } })] });
    const spy = vi.spyOn(globalThis, "fetch").mockImplementation(first.handler);
    await get(u.token);

    const age = async () => db().update(stripePrices).set({ fetchedAt: Date.now() - PRICE_CACHE_MS - 1 }).where(eq(stripePrices.priceId, ids.pack));
    await age();
    const raised = stripeFx.fakeStripeApi({ prices: [stripeFx.price({ id: ids.pack, unitAmount: 1800 })] });
    spy.mockImplementation(raised.handler);
    const later = (await (await get(u.token)).json()) as PurchasePrices;
    expect(later.options[0].price).toMatchObject({ amount: 1800, text: "£18.00", perCredit: "9p a credit" });
    expect(priceCalls(raised).map((r) => r.path)).toEqual([`/v1/prices/${ids.pack}`]);

    await age();
    const down = stripeFx.fakeStripeApi({ failWith: { status: 500, type: "api_error", message: "Something went wrong" } });
    spy.mockImplementation(down.handler);
    const stale = (await (await get(u.token)).json()) as PurchasePrices;
    expect(stale.options[0].price?.text).toBe("£18.00");
  });

  it("leaves the price to checkout when Stripe has none to give (not reachable, or no fixed amount)", async () => {
    const { ids, get } = configured();
    const u = await createUser();
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("fetch failed"));
    const down = (await (await get(u.token)).json()) as PurchasePrices;
    expect(down.options.map((o) => [o.available, o.price])).toEqual([
      [true, null],
      [true, null],
    ]);

    const api = stripeFx.fakeStripeApi({ prices: [stripeFx.price({ id: ids.pack, unitAmount: null }), stripeFx.price({ id: ids.plan, unitAmount: 1000, recurring: { interval: "month", intervalCount: 3 } })] });
    vi.spyOn(globalThis, "fetch").mockImplementation(api.handler);
    const odd = (await (await get(u.token)).json()) as PurchasePrices;
    expect(odd.options[0].price).toBeNull();
    expect(odd.options[1].price?.text).toBe("£10.00 every 3 months");
  });

  it("marks an option without a configured price as not for sale", async () => {
    const u = await createUser();
    const api = stripeFx.fakeStripeApi();
    vi.spyOn(globalThis, "fetch").mockImplementation(api.handler);
    const res = await callWithEnv({ ...stripeFx.STRIPE_TEST_ENV, STRIPE_PRICE_BASIC_PLAN: "" }, "/api/v1/billing/prices", { token: u.token });
    const body = (await res.json()) as PurchasePrices;
    expect(body.configured).toBe(true);
    expect(body.options.map((o) => [o.sku, o.available, o.price?.text ?? null])).toEqual([
      ["one_off_pack", true, "£15.00"],
      ["basic_plan", false, null],
    ]);
    expect(priceCalls(api).map((r) => r.path)).toEqual([`/v1/prices/${stripeFx.STRIPE_TEST_ENV.STRIPE_PRICE_ONE_OFF_PACK}`]);
  });
});
