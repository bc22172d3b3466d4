import { createMessageBatch } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { labels, marketplaceOrders } from "../../worker/db/schema";
import { handleQueue } from "../../worker/handlers/queue";
import { queueLabelsSinceMatch } from "../../worker/labels/order-link";
import { saveImportedLabels } from "../../worker/labels/save";
import type { JobMessage } from "../../worker/lib/jobs";
import type { LabelOrderAnswer, OrdersAnswer } from "../../worker/marketplaces/model";
import { keepOrders, type OrderIn } from "../../worker/marketplaces/orders";
import { call, callWithEnv, createUser, db, type TestUser } from "./helpers";
import { evriCode } from "./labels-fixtures";

/**
 * Labels meet orders (issue 34): a saved label is matched to the seller's orders awaiting dispatch by the queue's
 * `marketplace.match` job; a sure single fit is linked, several are asked about; the seller links, unlinks and
 * answers 'None of these' by hand, on their own labels and orders only.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The worker's environment with the queue replaced by a list of what it was sent. */
function queueing() {
  const sent: JobMessage[] = [];
  const JOBS = { send: async (body: JobMessage) => void sent.push(body), sendBatch: async (batch: { body: JobMessage }[]) => void sent.push(...batch.map((m) => m.body)) } as unknown as Queue;
  return { env: { ...env, JOBS }, sent };
}

/** Runs the matching jobs among `sent` through the queue's consumer. */
async function runMatching(e: Env, sent: JobMessage[]) {
  const jobs = sent.filter((j) => j.type === "marketplace.match");
  expect(jobs.length).toBeGreaterThan(0);
  await handleQueue(createMessageBatch<JobMessage>("parcelhive-jobs", jobs.map((body, i) => ({ id: `m${i}`, timestamp: new Date(), attempts: 1, body }))), e);
}

let orderNo = 0;
/** Orders from one eBay shop of the seller's, placed `hoursAgo` and due in two days. */
async function seedOrders(u: TestUser, orders: { name: string; postcode: string; hoursAgo?: number; dueInDays?: number | null }[]): Promise<string[]> {
  const now = Date.now();
  const connectionId = `mpc_${crypto.randomUUID()}`;
  const ins: OrderIn[] = orders.map((o) => {
    const orderedAt = now - (o.hoursAgo ?? 5) * HOUR;
    return {
      externalId: `ext-${++orderNo}`,
      reference: `12-0000${orderNo}-00001`,
      recipientName: o.name,
      postcode: o.postcode,
      address: ["1 High Street", "Leeds"],
      buyerRef: `buyer${orderNo}`,
      items: [{ id: `li-${orderNo}`, title: "Stoneware mug", quantity: 1 }],
      orderedAt,
      dispatchBy: o.dueInDays === null ? null : orderedAt + (o.dueInDays ?? 2) * DAY,
      status: "awaiting",
      changedAt: orderedAt,
    };
  });
  await keepOrders(db(), u.id, connectionId, "ebay", ins, now);
  const rows = await db().select({ id: marketplaceOrders.id, externalId: marketplaceOrders.externalId }).from(marketplaceOrders).where(eq(marketplaceOrders.connectionId, connectionId));
  return ins.map((o) => rows.find((r) => r.externalId === o.externalId)!.id);
}

/** Imports one file of labels (the save path every upload takes), each to `name` at `postcode`. */
async function importLabels(e: Env, u: TestUser, recipients: { name: string; postcode: string }[]): Promise<string[]> {
  const fileId = `file_${crypto.randomUUID()}`;
  const saved = await saveImportedLabels(db(), e, {
    userId: u.id,
    file: { id: fileId, r2Key: `labels/${fileId}`, name: "labels.pdf", mime: "application/pdf", size: 100, pages: recipients.length },
    labels: recipients.map((r, i) => ({
      page: i + 1,
      ocrPending: false,
      details: { courier: "evri", trackingCode: evriCode(), countryCode: "GB", address: { name: r.name, address: ["1 High Street"], postcode: r.postcode, countryCode: "GB" } },
    })),
  });
  return saved.map((l) => l.id);
}

const orderOf = async (u: TestUser, labelId: string) => {
  const res = await call(`/api/v1/label/${labelId}/order`, { token: u.token });
  expect(res.status).toBe(200);
  return (await res.json()) as LabelOrderAnswer;
};
const answer = (u: TestUser, labelId: string, orderId: string | null) =>
  call(`/api/v1/label/${labelId}/order`, orderId ? { method: "PUT", token: u.token, json: { orderId } } : { method: "DELETE", token: u.token });

describe("labels meet orders", () => {
  it("links a label to the one order it surely fits, two parcels to one order, and asks when several fit", async () => {
    const u = await createUser({ credits: 10 });
    const [dupont, jane, john] = await seedOrders(u, [
      { name: "Amélie Dupont", postcode: "LS1 4DT" },
      { name: "Jane Smith", postcode: "M1 1AE", hoursAgo: 2 },
      { name: "John Smith", postcode: "M1 1AE", hoursAgo: 30 },
    ]);
    const q = queueing();
    const [first, second, smith, nobody] = await importLabels(q.env, u, [
      { name: "Mrs A. DUPONT", postcode: "ls14dt" },
      { name: "Amelie Dupont", postcode: "LS1 4DT" },
      { name: "J Smith", postcode: "M1 1AE" },
      { name: "Jane Smith", postcode: "SW1A 1AA" },
    ]);
    // Saved, its matching queued and not run yet: its page is told to ask again.
    expect(await orderOf(u, smith)).toEqual({ order: null, linkedBy: null, dispatch: null, candidates: [], matching: true });
    await runMatching(q.env, q.sent);

    expect(await orderOf(u, first)).toMatchObject({ order: { id: dupont, marketplace: "ebay", recipientName: "Amélie Dupont", buyer: expect.any(String) }, linkedBy: "match", dispatch: { state: "pending" }, candidates: [] });
    expect((await orderOf(u, second)).order?.id).toBe(dupont);
    // Both fit 'J Smith' surely: asked, the order placed nearer the label's time first.
    expect(await orderOf(u, smith)).toMatchObject({ order: null, candidates: [{ id: jane }, { id: john }] });
    expect(await orderOf(u, nobody)).toEqual({ order: null, linkedBy: null, dispatch: null, candidates: [], matching: false });
    expect(await orderOf(u, smith)).toMatchObject({ matching: false });

    const res = await call("/api/v1/marketplaces/orders", { token: u.token });
    const list = (await res.json()) as OrdersAnswer;
    expect(list.asking.map((l) => l.id)).toEqual([smith]);
    // The labels list marks it, and its status filter finds it alone.
    const asking = (await (await call("/api/v1/labels?status=order_question", { token: u.token })).json()) as { results: { id: string; orderQuestion: boolean }[]; total: number };
    expect(asking).toMatchObject({ total: 1, results: [{ id: smith, orderQuestion: true }] });
    expect(list.orders.find((o) => o.id === dupont)?.labels.map((l) => l.id).sort()).toEqual([first, second].sort());
    expect(list.orders.find((o) => o.id === john)).toMatchObject({ labels: [], hoursAwaiting: 30, status: "awaiting" });
  });

  it("takes the seller's answer: linked by hand, unlinked, and an order turned down is not offered again after a correction", async () => {
    const u = await createUser({ credits: 10 });
    const [jane, john] = await seedOrders(u, [
      { name: "Jane Smith", postcode: "M1 1AE" },
      { name: "John Smith", postcode: "M1 1AE" },
    ]);
    const q = queueing();
    const [label] = await importLabels(q.env, u, [{ name: "J Smith", postcode: "M1 1AE" }]);
    await runMatching(q.env, q.sent);
    expect((await orderOf(u, label)).candidates.map((o) => o.id)).toEqual([jane, john]);

    const linked = await answer(u, label, john);
    expect(linked.status).toBe(200);
    expect(await linked.json()).toMatchObject({ order: { id: john }, linkedBy: "seller", candidates: [] });

    // 'Unlink': John's order is turned down; the question stays closed.
    expect(await (await answer(u, label, null)).json()).toEqual({ order: null, linkedBy: null, dispatch: null, candidates: [], matching: false });
    // Corrected to the same recipient, the label is matched again: John's order is not offered, Jane's fits alone.
    const again = queueing();
    const corrected = await callWithEnv({ JOBS: again.env.JOBS }, `/api/v1/label/${label}/details`, { method: "PATCH", token: u.token, json: { address: { name: "J. Smith", address: ["1 High Street"], postcode: "M1 1AE" } } });
    expect(corrected.status).toBe(200);
    await runMatching(again.env, again.sent);
    expect(await orderOf(u, label)).toMatchObject({ order: { id: jane }, linkedBy: "match" });
  });

  it("refuses another seller's label and order, a cancelled order and a body that is not an order", async () => {
    const [owner, other] = [await createUser({ credits: 5 }), await createUser({ credits: 5 })];
    const [mine] = await seedOrders(owner, [{ name: "Jane Smith", postcode: "M1 1AE" }]);
    const [theirs] = await seedOrders(other, [{ name: "Jane Smith", postcode: "M1 1AE" }]);
    const q = queueing();
    const [label] = await importLabels(q.env, owner, [{ name: "Jane Smith", postcode: "M1 1AE" }]);

    expect((await call(`/api/v1/label/${label}/order`, { token: other.token })).status).toBe(404);
    expect((await answer(other, label, theirs)).status).toBe(404);
    expect((await answer(other, label, null)).status).toBe(404);
    const foreign = await answer(owner, label, theirs);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ error: "Order not found" });
    expect((await call(`/api/v1/label/${label}/order`, { method: "PUT", token: owner.token, json: { orderId: "" } })).status).toBe(400);
    expect((await call(`/api/v1/label/${label}/order`, { method: "PUT", token: owner.token, json: { orderId: mine, more: 1 } })).status).toBe(400);
    await db().update(marketplaceOrders).set({ status: "cancelled" }).where(eq(marketplaceOrders.id, mine));
    expect((await answer(owner, label, mine)).status).toBe(409);
    // Nothing was written, and the other seller's list holds only their own order.
    const [row] = await db().select({ orderId: labels.orderId, declined: labels.orderDeclinedJson }).from(labels).where(eq(labels.id, label));
    expect(row).toEqual({ orderId: null, declined: null });
    const list = (await (await call("/api/v1/marketplaces/orders", { token: other.token })).json()) as OrdersAnswer;
    expect(list.orders.map((o) => o.id)).toEqual([theirs]);
  });

  it("lists orders awaiting dispatch soonest due first, undated last, a page at a time", async () => {
    const u = await createUser();
    const [later, undated, sooner] = await seedOrders(u, [
      { name: "A One", postcode: "M1 1AE", dueInDays: 3 },
      { name: "B Two", postcode: "M1 1AE", dueInDays: null },
      { name: "C Three", postcode: "M1 1AE", dueInDays: 1 },
    ]);
    const first = (await (await call("/api/v1/marketplaces/orders?limit=2", { token: u.token })).json()) as OrdersAnswer;
    expect(first.orders.map((o) => o.id)).toEqual([sooner, later]);
    expect(first.next).not.toBeNull();
    const rest = (await (await call(`/api/v1/marketplaces/orders?limit=2&cursor=${encodeURIComponent(first.next!)}`, { token: u.token })).json()) as OrdersAnswer;
    expect(rest).toMatchObject({ orders: [{ id: undated, dispatchBy: null }], next: null });
    expect((await call("/api/v1/marketplaces/orders?status=shipped", { token: u.token })).status).toBe(400);
  });

  it("queues no matching for a seller without orders, meets a label saved before its order came in, and lets go of an order no longer kept", async () => {
    const u = await createUser({ credits: 5 });
    const none = queueing();
    const [label] = await importLabels(none.env, u, [{ name: "Jane Smith", postcode: "M1 1AE" }]);
    expect(none.sent.filter((j) => j.type === "marketplace.match")).toEqual([]);

    // The shop is connected after the parcel was printed: its first sync looks back over the labels not linked.
    const [order] = await seedOrders(u, [{ name: "Jane Smith", postcode: "M1 1AE" }]);
    const back = queueing();
    await queueLabelsSinceMatch(back.env, db(), u.id, Date.now() - 14 * DAY);
    await runMatching(back.env, back.sent);
    expect((await orderOf(u, label)).order?.id).toBe(order);
    // The shop is disconnected (its orders go): the label is no longer linked, and can be matched again.
    await db().delete(marketplaceOrders).where(eq(marketplaceOrders.id, order));
    const [row] = await db().select({ orderId: labels.orderId, by: labels.orderLinkedBy }).from(labels).where(eq(labels.id, label));
    expect(row).toEqual({ orderId: null, by: null });
  });
});
