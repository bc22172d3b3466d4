import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EBAY_CARRIER_CODES } from "../../scripts/marketplace-standin/ebay-orders.ts";
import { carrierCallBudget, carrierPauses, labels, marketplaceConnections, marketplaceDispatches, marketplaceOrders } from "../../worker/db/schema";
import { RetryJobLater } from "../../worker/lib/jobs";
import { dispatchesOf } from "../../worker/marketplaces/dispatch-views";
import { dispatchSchema } from "../../worker/marketplaces/model";
import { answerLabelOrder } from "../../worker/marketplaces/links";
import { enqueueStalledDispatches, queueDispatches, runDispatch } from "../../worker/marketplaces/tracking-out";
import { MARKETPLACE_TEST_ENV, marketplaceStandin, orderSeed, TEST_APP_URL } from "../fixtures/marketplaces";
import { callWithEnv, createUser, db } from "./helpers";
import { connectShop } from "./marketplace-connect";

/**
 * Tracking out: a label linked to a marketplace order marks it dispatched on eBay, Etsy or Shopify (the stand-in,
 * which records every fulfilment it is told of), with the label's code and the carrier as each spells it: once,
 * whatever the queue does, and never over the seller's own marking.
 */
type Marketplace = "ebay" | "etsy" | "shopify";
type Standin = ReturnType<typeof marketplaceStandin>;

afterEach(() => {
  vi.restoreAllMocks();
});

// Each test starts with the marketplaces' call budgets whole and nobody paused, whatever ran before it in the minute.
beforeEach(async () => {
  await db().delete(carrierCallBudget);
  await db().delete(carrierPauses);
});

/** The stand-in behind fetch, counting the calls that tell a marketplace of a parcel (a second one is a push twice). */
function marketplaces() {
  const m = marketplaceStandin();
  const pushes: string[] = [];
  const answer = async (req: Request) => {
    if (req.method === "POST" && (/\/shipping_fulfillment$|\/tracking$/.test(req.url) || (await req.clone().text()).includes("fulfillmentCreate"))) pushes.push(new URL(req.url).pathname);
    return m.standin.fetch(req);
  };
  const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => answer(new Request(input, init)));
  return { ...m, fetchSpy, pushes, answer };
}

/** The worker's environment, its queue a list of the dispatch jobs it was given. */
function jobsEnv() {
  const sent: { dispatchId: string }[] = [];
  const JOBS = { send: async () => {}, sendBatch: async (msgs: { body: { type: string; dispatchId: string } }[]) => void sent.push(...msgs.filter((x) => x.body.type === "marketplace.dispatch").map((x) => x.body)) };
  return { env: { ...MARKETPLACE_TEST_ENV, APP_URL: TEST_APP_URL, JOBS } as unknown as Env, sent };
}

/** Connects the seller's shop; the first sync brings its orders in. */
const connect = (m: Standin, token: string, marketplace: Marketplace, jobs: object = { send: async () => {}, sendBatch: async () => {} }) => connectShop(m, token, marketplace, jobs);

let n = 0;
/** A label of the seller's, as the save path keeps it. */
async function label(userId: number, courier: "royalmail" | "evri"): Promise<{ id: string; code: string }> {
  n++;
  const code = courier === "evri" ? `H0${String(1_000_000_000 + n * 7919 + Math.floor(Math.random() * 1e6)).padStart(14, "0")}` : `JD${String(n).padStart(8, "0")}${Math.floor(Math.random() * 9e5 + 1e5)}GB`;
  const id = `lbl_out_${n}_${Math.random().toString(36).slice(2, 8)}`;
  await db().insert(labels).values({ id, userId, courier, trackingCode: code, source: "manual", shippedOn: "2026-11-29", detailsJson: JSON.stringify({ courier, trackingCode: code, countryCode: "GB" }) });
  return { id, code };
}

/** The order kept here for the stand-in's order `externalId`. */
async function orderId(connectionId: string, externalId: string): Promise<string> {
  const [o] = await db().select({ id: marketplaceOrders.id }).from(marketplaceOrders).where(and(eq(marketplaceOrders.connectionId, connectionId), eq(marketplaceOrders.externalId, externalId)));
  return o.id;
}

/** The seller links each label to its order by hand (the label page's answer): tracking out is queued from there. */
async function link(env: Env, links: { labelId: string; orderId: string }[]) {
  for (const l of links) {
    const [owner] = await db().select({ userId: labels.userId }).from(labels).where(eq(labels.id, l.labelId));
    await answerLabelOrder(env, db(), owner.userId, l.labelId, l.orderId, Date.now());
  }
}

const dispatchOf = async (labelId: string) => (await db().select().from(marketplaceDispatches).where(eq(marketplaceDispatches.labelId, labelId)))[0];

/** Runs each queued job the way the queue does (a RetryJobLater is the message retried later), at `at`. */
async function runAll(env: Env, sent: { dispatchId: string }[], at = Date.now()) {
  for (const job of sent.splice(0)) await runDispatch(env as never, db(), job.dispatchId, at);
}

/** A seller with each of their shops connected and one order awaiting dispatch in each. */
async function sellerWithOrders(m: Standin, items = [{ title: "Stoneware mug", quantity: 1 }], shops: Marketplace[] = ["ebay", "etsy", "shopify"]) {
  const seeded = {
    ebay: m.standin.ebay.seedOrder(orderSeed({ items })).order.orderId,
    etsy: String(m.standin.etsy.seedOrder(orderSeed({ items })).receipt_id),
    shopify: `gid://shopify/Order/${(await m.standin.shopify.seedOrder(orderSeed({ items }))).id}`,
  };
  const u = await createUser();
  const orders = {} as Record<Marketplace, string>;
  for (const mk of shops) orders[mk] = await orderId(await connect(m, u.token, mk), seeded[mk]);
  return { u, orders, seeded };
}

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
    EBAY_CARRIER_CODES.delete("Hermes");
    try {
      await link(env, [{ labelId: evri.id, orderId: orders.ebay }]);
      await runAll(env, sent);
    } finally {
      EBAY_CARRIER_CODES.add("Hermes");
    }
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
});
