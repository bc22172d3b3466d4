import { describe, expect, it } from "vitest";
import { jsonBody, marketplaceStandin } from "../fixtures/marketplaces";

/**
 * The stand-in's controls, as e2e tests and a developer use them over HTTP: seed orders on each marketplace, mark one
 * dispatched by hand, queue a fault, move the clock, and read back what was dispatched; the dashboard shows it all.
 */
const asJson = (body: unknown) => ({ ...jsonBody(body), headers: { "Content-Type": "application/json", Accept: "application/json" } });
const recipient = { name: "Mr Tomás Ó Ceallaigh", line1: "4 Harbour View", city: "Oban", postcode: "PA34 4LW" };

describe("the marketplace stand-in's controls", () => {
  it("seeds an order on each marketplace in its own format, and records a dispatch by hand as such", async () => {
    const { standin, call } = marketplaceStandin();
    const seeded: Record<string, string> = {};
    for (const marketplace of ["ebay", "etsy", "shopify"]) {
      const res = await call("/_standin/orders", asJson({ marketplace, recipient, items: [{ title: "Oak board", quantity: 2 }] }));
      expect(res.status).toBe(200);
      seeded[marketplace] = ((await res.json()) as { id: string }).id;
    }
    expect(standin.ebay.orders.get(seeded.ebay)!.order.fulfillmentStartInstructions[0].shippingStep.shipTo).toMatchObject({ fullName: recipient.name, contactAddress: { postalCode: "PA34 4LW", countryCode: "GB" } });
    expect(standin.etsy.receipts.get(Number(seeded.etsy))!.receipt).toMatchObject({ name: recipient.name, zip: "PA34 4LW", is_paid: true, is_shipped: false });
    expect([...standin.shopify.shops.get("hollow-oak")!.orders][0].shippingAddress).toMatchObject({ firstName: "Mr", zip: "PA34 4LW" });

    expect((await call(`/_standin/orders/etsy/${seeded.etsy}/ship-by-hand`, asJson({ trackingNumber: "JD014600006101234567" }))).status).toBe(200);
    expect((await call(`/_standin/orders/etsy/${seeded.etsy}/ship-by-hand`, asJson({}))).status).toBe(200);
    expect((await call("/_standin/orders/ebay/00-00000-00000/ship-by-hand", asJson({}))).status).toBe(404);
    const shipped = (await (await call("/_standin/fulfilments")).json()) as { marketplace: string; orderId: string; byHand: boolean; trackingNumber: string }[];
    expect(shipped[0]).toMatchObject({ marketplace: "etsy", orderId: seeded.etsy, byHand: true, trackingNumber: "JD014600006101234567" });

    const html = await (await call("/")).text();
    expect(html).toContain("PA34 4LW");
    expect(html).toContain("by hand");
    expect((await call("/_standin/orders", asJson({ marketplace: "amazon", recipient }))).status).toBe(400);
    expect((await call("/_standin/orders", asJson({ marketplace: "ebay", recipient: { name: "No address" } }))).status).toBe(400);
  });

  it("queues a fault in the marketplace's own format, and moves the clock", async () => {
    const { standin, call } = marketplaceStandin();
    expect((await call("/_standin/faults", asJson({ marketplace: "shopify", kind: "rate_limited" }))).status).toBe(200);
    const throttled = await call("/shopify/hollow-oak/admin/api/2026-10/graphql.json", jsonBody({ query: "{ shop { name } }" }));
    expect(await throttled.json()).toMatchObject({ errors: [{ message: "Throttled", extensions: { code: "THROTTLED" } }] });
    expect((await call("/_standin/faults", asJson({ marketplace: "etsy", kind: "melted" }))).status).toBe(400);
    const before = standin.clock.nowSec();
    expect(await (await call("/_standin/clock", asJson({ advanceSeconds: 3600 }))).json()).toEqual({ now: before + 3600 });
    expect((await call("/_standin/clock", asJson({ advanceSeconds: -5 }))).status).toBe(400);
  });
});
