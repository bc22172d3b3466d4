import { and, eq, inArray } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { carrierCallBudget, carrierPauses, marketplaceConnections, marketplaceDispatches, marketplaceOrders } from "../../worker/db/schema";
import { RetryJobLater } from "../../worker/lib/jobs";
import { dispatchesOf } from "../../worker/marketplaces/dispatch-views";
import { dispatchSchema, type LabelOrderAnswer } from "../../worker/marketplaces/model";
import { answerLabelOrder } from "../../worker/marketplaces/links";
import { enqueueStalledDispatches, queueDispatches, runDispatch } from "../../worker/marketplaces/tracking-out";
import { MARKETPLACE_TEST_ENV } from "../fixtures/marketplaces";
import { callWithEnv, createUser, db } from "./helpers";
import { connect, dispatchOf, jobsEnv, label, link, marketplaces, runAll, sellerWithOrders, withoutEbayCarrier } from "./marketplace-dispatching";

/**
 * Tracking out: a label linked to a marketplace order marks it dispatched on eBay, Etsy or Shopify (the stand-in,
 * which records every fulfilment it is told of), with the label's code and the carrier as each spells it: once,
 * whatever the queue does, and never over the seller's own marking.
 */
/** The orders' states as kept here, in the order given. */
const statusOf = async (ids: string[]) => {
  const rows = await db().select({ id: marketplaceOrders.id, status: marketplaceOrders.status }).from(marketplaceOrders).where(inArray(marketplaceOrders.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)?.status);
};

afterEach(() => {
  vi.restoreAllMocks();
});

// Each test starts with the marketplaces' call budgets whole and nobody paused, whatever ran before it in the minute.
beforeEach(async () => {
  await db().delete(carrierCallBudget);
  await db().delete(carrierPauses);
});

describe("tracking out", () => {
  it("marks an eBay, an Etsy and a Shopify order dispatched with the label's code and each one's carrier name, once", async () => {
    const m = marketplaces();
    const { u, orders, seeded } = await sellerWithOrders(m);
    const rm = await label(u.id, "royalmail");
    const evri = await label(u.id, "evri");
    const evri2 = await label(u.id, "evri");
    const { env, sent } = jobsEnv();
    const links = [
      { labelId: rm.id, orderId: orders.ebay },
      { labelId: evri.id, orderId: orders.etsy },
      { labelId: evri2.id, orderId: orders.shopify },
    ];
    await link(env, links);
    const jobs = [...sent];
    await runAll(env, sent);
    const out = m.standin.fulfilments().filter((f) => !f.byHand);
    expect(out.map((f) => [f.marketplace, f.orderId, f.trackingNumber, f.carrier])).toEqual([
      ["ebay", seeded.ebay, rm.code, "RoyalMail"],
      ["etsy", seeded.etsy, evri.code, "hermes-uk"],
      ["shopify", seeded.shopify, evri2.code, "Evri"],
    ]);
    expect(out[0].lineItems).toEqual([{ id: expect.any(String), quantity: 1 }]);
    const shopifyOrder = [...m.standin.shopify.shops.get("hollow-oak")!.orders][0];
    expect(shopifyOrder.fulfillments[0].trackingInfo[0].url).toBe(`https://www.evri.com/track/parcel/${evri2.code}/details`);
    for (const l of [rm, evri, evri2]) expect(await dispatchOf(l.id)).toMatchObject({ state: "sent", reason: null, trackingCode: l.code, attempts: 1 });
    // Nothing of them is left to ship: out of 'Awaiting dispatch' now, not at the next sync.
    expect(await statusOf([orders.ebay, orders.etsy, orders.shopify])).toEqual(["dispatched", "dispatched", "dispatched"]);
    const shown = await dispatchesOf(db(), u.id, links);
    expect(dispatchSchema.parse(shown.get(rm.id))).toEqual({ state: "sent", reason: null, sentAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    // Another seller sees none of them.
    expect((await dispatchesOf(db(), (await createUser()).id, links)).size).toBe(0);

    // The same messages again, and the same links made again: nothing more is sent.
    await queueDispatches(env, db(), links);
    expect(sent).toEqual([]);
    for (const job of jobs) await runDispatch(env as never, db(), job.dispatchId);
    expect(m.pushes).toHaveLength(3);
    expect(m.standin.fulfilments().filter((f) => !f.byHand)).toHaveLength(3);
  });

  it("sends once with two consumers at once, and once when the answer to a call that landed was lost", async () => {
    const m = marketplaces();
    const { u, orders, seeded } = await sellerWithOrders(m, undefined, ["ebay", "etsy"]);
    const a = await label(u.id, "royalmail");
    const b = await label(u.id, "royalmail");
    const { env, sent } = jobsEnv();
    await link(env, [{ labelId: a.id, orderId: orders.ebay }]);
    const [job] = sent.splice(0);
    await Promise.all([runDispatch(env as never, db(), job.dispatchId), runDispatch(env as never, db(), job.dispatchId)]);
    expect(m.pushes).toHaveLength(1);
    expect(m.standin.fulfilments().filter((f) => f.orderId === seeded.ebay)).toHaveLength(1);
    expect(await dispatchOf(a.id)).toMatchObject({ state: "sent", attempts: 1 });

    // Etsy records the shipment, then the connection drops before its answer arrives.
    await link(env, [{ labelId: b.id, orderId: orders.etsy }]);
    const [lost] = sent.splice(0);
    m.fetchSpy.mockImplementation(async (input, init) => {
      const req = new Request(input, init);
      const res = await m.answer(req);
      if (req.method === "POST" && req.url.endsWith("/tracking")) throw new TypeError("Network connection lost");
      return res;
    });
    await expect(runDispatch(env as never, db(), lost.dispatchId)).rejects.toBeInstanceOf(RetryJobLater);
    expect(await dispatchOf(b.id)).toMatchObject({ state: "pending", leaseUntil: null });
    m.fetchSpy.mockImplementation((input, init) => m.answer(new Request(input, init)));
    // The queue delivers it again: the shipment is found on the receipt, not sent a second time.
    await runDispatch(env as never, db(), lost.dispatchId);
    expect(await dispatchOf(b.id)).toMatchObject({ state: "sent", attempts: 2 });
    expect(m.pushes).toHaveLength(2);
    expect(m.standin.fulfilments().filter((f) => f.orderId === seeded.etsy)).toHaveLength(1);
  });

  it("leaves alone an order the seller marked dispatched by hand, and shows it so", async () => {
    const m = marketplaces();
    const { u, orders, seeded } = await sellerWithOrders(m);
    m.standin.ebay.shipByHand(seeded.ebay, "HAND00000001GB");
    m.standin.etsy.shipByHand(Number(seeded.etsy), "HAND00000002GB");
    m.standin.shopify.shipByHand(Number(seeded.shopify.split("/").pop()), "HAND00000003GB");
    const mine = [await label(u.id, "royalmail"), await label(u.id, "royalmail"), await label(u.id, "royalmail")];
    const unlinked = await label(u.id, "royalmail");
    const { env, sent } = jobsEnv();
    await link(env, [orders.ebay, orders.etsy, orders.shopify].map((orderId, i) => ({ labelId: mine[i].id, orderId })));
    // A label linked, then unlinked before its job ran: nothing is sent for it.
    await link(env, [{ labelId: unlinked.id, orderId: orders.ebay }]);
    await answerLabelOrder(env, db(), u.id, unlinked.id, null, Date.now());
    await runAll(env, sent);
    expect(await dispatchOf(unlinked.id)).toMatchObject({ state: "skipped", reason: "The label was unlinked from this order before its tracking was sent" });
    expect(m.standin.fulfilments().filter((f) => !f.byHand)).toEqual([]);
    expect(m.pushes).toEqual([]);
    for (const l of mine) expect(await dispatchOf(l.id)).toMatchObject({ state: "dispatched_elsewhere", reason: expect.stringMatching(/^Already marked dispatched on (eBay|Etsy|Shopify) \(by hand or by another tool\)/) });
    expect(await statusOf([orders.ebay, orders.etsy, orders.shopify])).toEqual(["dispatched", "dispatched", "dispatched"]);

    // A dispatch goes with its order: disconnecting the shop removes both.
    const [ebayShop] = await db().select().from(marketplaceConnections).where(and(eq(marketplaceConnections.userId, u.id), eq(marketplaceConnections.marketplace, "ebay")));
    expect((await callWithEnv(MARKETPLACE_TEST_ENV as Partial<Env>, `/api/v1/marketplaces/connections/${ebayShop.id}`, { method: "DELETE", token: u.token })).status).toBe(204);
    expect(await dispatchOf(mine[0].id)).toBeUndefined();
    expect(await dispatchOf(mine[1].id)).toMatchObject({ state: "dispatched_elsewhere" });
  });

  it("fails a carrier the marketplace does not take with its reason, not retried; waits as a 429 says; refreshes a rejected token once; waits for a shop to be reconnected", async () => {
    const m = marketplaces();
    const { u, orders, seeded } = await sellerWithOrders(m, undefined, ["ebay", "etsy"]);
    const [evri, rm, rm2] = [await label(u.id, "evri"), await label(u.id, "royalmail"), await label(u.id, "royalmail")];
    const { env, sent } = jobsEnv();
    // eBay stops listing Hermes.
    await withoutEbayCarrier("Hermes", async () => {
      await link(env, [{ labelId: evri.id, orderId: orders.ebay }]);
      await runAll(env, sent);
    });
    expect(await dispatchOf(evri.id)).toMatchObject({ state: "failed", attempts: 1, reason: `eBay did not accept the carrier (Hermes) or the tracking code ${evri.code}` });

    m.standin.etsy.fail({ kind: "rate_limited", method: "POST" });
    await link(env, [{ labelId: rm.id, orderId: orders.etsy }]);
    const [etsyJob] = sent.splice(0);
    const waited = await runDispatch(env as never, db(), etsyJob.dispatchId).catch((e: unknown) => e);
    expect(waited).toBeInstanceOf(RetryJobLater);
    expect((waited as RetryJobLater).delaySeconds).toBe(1);
    m.standin.clock.advance(2);
    await runDispatch(env as never, db(), etsyJob.dispatchId, Date.now() + 2000);
    expect(await dispatchOf(rm.id)).toMatchObject({ state: "sent", attempts: 2 });

    const [before] = await db().select().from(marketplaceConnections).where(and(eq(marketplaceConnections.userId, u.id), eq(marketplaceConnections.marketplace, "ebay")));
    m.standin.ebay.fail({ kind: "expired_token", method: "POST" });
    await link(env, [{ labelId: rm2.id, orderId: orders.ebay }]);
    await runAll(env, sent);
    expect(await dispatchOf(rm2.id)).toMatchObject({ state: "sent", attempts: 1 });
    const [after] = await db().select().from(marketplaceConnections).where(eq(marketplaceConnections.id, before.id));
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(m.standin.fulfilments().filter((f) => f.orderId === seeded.ebay).map((f) => f.trackingNumber)).toEqual([rm2.code]);

    // A shop that stopped accepting our access: the parcel waits, said so, and goes out when the shop is reconnected.
    const waiting = await label(u.id, "royalmail");
    await db().update(marketplaceConnections).set({ status: "broken", problem: "revoked" }).where(and(eq(marketplaceConnections.userId, u.id), eq(marketplaceConnections.marketplace, "etsy")));
    await link(env, [{ labelId: waiting.id, orderId: orders.etsy }]);
    await runAll(env, sent);
    expect(await dispatchOf(waiting.id)).toMatchObject({ state: "pending", reason: "Waiting for the Etsy shop to be reconnected (Settings, Marketplaces): it is sent then", leaseUntil: null });
    // A second later on Etsy's clock: its 10 calls a second are counted afresh.
    m.standin.clock.advance(2);
    await connect(m, u.token, "etsy", env.JOBS);
    expect(sent).toHaveLength(1);
    // Past the second Etsy's 429 asked us to wait, however quickly this test got here.
    await runAll(env, sent, Date.now() + 2000);
    expect(await dispatchOf(waiting.id)).toMatchObject({ state: "sent" });
    expect(m.standin.fulfilments().filter((f) => f.orderId === seeded.etsy).map((f) => f.trackingNumber)).toEqual([rm.code, waiting.code]);
  });

  it("shares a split order's items among its parcels on eBay and Shopify, and adds each parcel's shipment on Etsy", async () => {
    const m = marketplaces();
    const { u, orders, seeded } = await sellerWithOrders(m, [
      { title: "Mug", quantity: 1 },
      { title: "Plate", quantity: 2 },
    ]);
    const parcels = { ebay: [] as { id: string; code: string }[], etsy: [] as { id: string; code: string }[], shopify: [] as { id: string; code: string }[] };
    for (const mk of ["ebay", "etsy", "shopify"] as const) parcels[mk] = [await label(u.id, "royalmail"), await label(u.id, "royalmail")];
    const { env, sent } = jobsEnv();
    await link(env, (["ebay", "etsy", "shopify"] as const).flatMap((mk) => parcels[mk].map((p) => ({ labelId: p.id, orderId: orders[mk] }))));
    // Both parcels of each order are sent at once, as two consumers would.
    await Promise.all(sent.splice(0).map((job) => runDispatch(env as never, db(), job.dispatchId)));
    for (const mk of ["ebay", "shopify"] as const) {
      const made = m.standin.fulfilments().filter((f) => f.orderId === seeded[mk]);
      expect(made.map((f) => f.trackingNumber).sort()).toEqual(parcels[mk].map((p) => p.code).sort());
      // Three units: two in one parcel, one in the other, none twice.
      expect(made.flatMap((f) => f.lineItems.map((l) => l.quantity)).reduce((a, b) => a + b, 0)).toBe(3);
    }
    expect(m.standin.fulfilments().filter((f) => f.orderId === seeded.etsy).map((f) => f.trackingNumber).sort()).toEqual(parcels.etsy.map((p) => p.code).sort());
    // Etsy's receipt shipped whole; each eBay and Shopify parcel saw the other's units still to ship when it was sent
    // (a parcel covers part of the order), so those two are left for the next sync to say dispatched.
    expect(await statusOf([orders.ebay, orders.etsy, orders.shopify])).toEqual(["awaiting", "dispatched", "awaiting"]);
  });

  it("queues again, from the cron, a dispatch whose message was lost, but not one waiting for its shop", async () => {
    const u = await createUser();
    const now = Date.now();
    const row = (id: string, fields: Partial<typeof marketplaceDispatches.$inferInsert>) => ({ id, userId: u.id, orderId: `mpo_${id}`, labelId: `lbl_${id}`, ...fields });
    await db()
      .insert(marketplaceDispatches)
      .values([
        row("never", { updatedAt: now - 20 * 60_000 }),
        row("fresh", { updatedAt: now - 60_000 }),
        row("tried", { attempts: 2, updatedAt: now - 20 * 60_000 }),
        row("given-up", { attempts: 6, updatedAt: now - 7 * 3_600_000 }),
        row("parked", { reason: "Waiting for the eBay shop to be reconnected", updatedAt: now - 7 * 3_600_000 }),
        row("sent", { state: "sent", updatedAt: now - 7 * 3_600_000 }),
      ]);
    const { env, sent } = jobsEnv();
    expect(await enqueueStalledDispatches(env, db(), now)).toBe(2);
    expect(sent.map((j) => j.dispatchId).sort()).toEqual(["given-up", "never"]);
  });

  // 'Try again' on a label's tracking out that failed (POST /label/{id}/order/retry).
  it("sends a failed parcel again when its seller tries again, for that seller only, once however many times it is asked at once, and never a parcel not failed", async () => {
    const m = marketplaces();
    const { u, orders, seeded } = await sellerWithOrders(m, undefined, ["ebay"]);
    const evri = await label(u.id, "evri");
    const { env, sent } = jobsEnv();
    const retry = (token: string, labelId = evri.id) => callWithEnv({ ...MARKETPLACE_TEST_ENV, JOBS: env.JOBS } as unknown as Partial<Env>, `/api/v1/label/${labelId}/order/retry`, { method: "POST", token });

    // eBay stops listing Hermes for a while: the parcel fails with eBay's reason.
    await withoutEbayCarrier("Hermes", async () => {
      await link(env, [{ labelId: evri.id, orderId: orders.ebay }]);
      await runAll(env, sent);
    });
    expect(await dispatchOf(evri.id)).toMatchObject({ state: "failed" });

    // Another seller cannot touch it (the label is not theirs), nor can a parcel that did not fail be sent again.
    const stranger = await createUser();
    expect((await retry(stranger.token)).status).toBe(404);
    const unlinked = await label(u.id, "royalmail");
    expect(await (await retry(u.token, unlinked.id)).json()).toEqual({ error: "This label is not linked to an order" });
    expect(sent).toEqual([]);

    // Two 'Try again' at once: one is queued, the other told so.
    const answers = await Promise.all([retry(u.token), retry(u.token)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const ok = (await answers.find((r) => r.status === 200)!.json()) as LabelOrderAnswer;
    expect(ok.dispatch).toMatchObject({ state: "pending", reason: null });
    expect(sent).toHaveLength(1);
    expect(await dispatchOf(evri.id)).toMatchObject({ state: "pending", attempts: 0, reason: null });
    await runAll(env, sent);
    expect(await dispatchOf(evri.id)).toMatchObject({ state: "sent", attempts: 1 });

    // Sent: asking again changes nothing, and the order has the parcel once.
    const again = await retry(u.token);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: "Only tracking that failed to send can be sent again" });
    expect(sent).toEqual([]);
    expect(m.standin.fulfilments().filter((f) => f.orderId === seeded.ebay).map((f) => [f.trackingNumber, f.carrier])).toEqual([[evri.code, "Hermes"]]);
    expect(m.pushes).toHaveLength(2);
  });
});
