// Tracking out in worker tests: the marketplace stand-in behind fetch, counting the calls that push a parcel; a seller
// with a shop of each kind and an order awaiting dispatch in each; labels linked by hand; the dispatch jobs run as the
// queue runs them.
import { and, eq } from "drizzle-orm";
import { vi } from "vitest";
import { EBAY_CARRIER_CODES } from "../../scripts/marketplace-standin/ebay-orders.ts";
import { labels, marketplaceDispatches, marketplaceOrders } from "../../worker/db/schema";
import { answerLabelOrder } from "../../worker/marketplaces/links";
import { runDispatch } from "../../worker/marketplaces/tracking-out";
import { MARKETPLACE_TEST_ENV, marketplaceStandin, orderSeed, TEST_APP_URL } from "../fixtures/marketplaces";
import { createUser, db } from "./helpers";
import { connectShop } from "./marketplace-connect";

export type Marketplace = "ebay" | "etsy" | "shopify";
export type Standin = ReturnType<typeof marketplaceStandin>;

/** The stand-in behind fetch, counting the calls that tell a marketplace of a parcel (a second one is a push twice). */
export function marketplaces() {
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
export function jobsEnv() {
  const sent: { dispatchId: string }[] = [];
  const JOBS = { send: async () => {}, sendBatch: async (msgs: { body: { type: string; dispatchId: string } }[]) => void sent.push(...msgs.filter((x) => x.body.type === "marketplace.dispatch").map((x) => x.body)) };
  return { env: { ...MARKETPLACE_TEST_ENV, APP_URL: TEST_APP_URL, JOBS } as unknown as Env, sent };
}

/** Connects the seller's shop; the first sync brings its orders in. */
export const connect = (m: Standin, token: string, marketplace: Marketplace, jobs: object = { send: async () => {}, sendBatch: async () => {} }) => connectShop(m, token, marketplace, jobs);

let n = 0;
/** A label of the seller's, as the save path keeps it. */
export async function label(userId: number, courier: "royalmail" | "evri"): Promise<{ id: string; code: string }> {
  n++;
  const code = courier === "evri" ? `H0${String(1_000_000_000 + n * 7919 + Math.floor(Math.random() * 1e6)).padStart(14, "0")}` : `JD${String(n).padStart(8, "0")}${Math.floor(Math.random() * 9e5 + 1e5)}GB`;
  const id = `lbl_out_${n}_${Math.random().toString(36).slice(2, 8)}`;
  await db().insert(labels).values({ id, userId, courier, trackingCode: code, source: "manual", shippedOn: "2026-11-29", detailsJson: JSON.stringify({ courier, trackingCode: code, countryCode: "GB" }) });
  return { id, code };
}

/** The order kept here for the stand-in's order `externalId`. */
export async function orderId(connectionId: string, externalId: string): Promise<string> {
  const [o] = await db().select({ id: marketplaceOrders.id }).from(marketplaceOrders).where(and(eq(marketplaceOrders.connectionId, connectionId), eq(marketplaceOrders.externalId, externalId)));
  return o.id;
}

/** The seller links each label to its order by hand (the label page's answer): tracking out is queued from there. */
export async function link(env: Env, links: { labelId: string; orderId: string }[]) {
  for (const l of links) {
    const [owner] = await db().select({ userId: labels.userId }).from(labels).where(eq(labels.id, l.labelId));
    await answerLabelOrder(env, db(), owner.userId, l.labelId, l.orderId, Date.now());
  }
}

export const dispatchOf = async (labelId: string) => (await db().select().from(marketplaceDispatches).where(eq(marketplaceDispatches.labelId, labelId)))[0];

/** Runs each queued job the way the queue does (a RetryJobLater is the message retried later), at `at`. */
export async function runAll(env: Env, sent: { dispatchId: string }[], at = Date.now()) {
  for (const job of sent.splice(0)) await runDispatch(env as never, db(), job.dispatchId, at);
}

/** A seller with each of their shops connected and one order awaiting dispatch in each. */
export async function sellerWithOrders(m: Standin, items = [{ title: "Stoneware mug", quantity: 1 }], shops: Marketplace[] = ["ebay", "etsy", "shopify"]) {
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

/** Runs `during` while the eBay stand-in does not list `carrier` (a marketplace that stops accepting a carrier name). */
export async function withoutEbayCarrier(carrier: string, during: () => Promise<void>) {
  EBAY_CARRIER_CODES.delete(carrier);
  try {
    await during();
  } finally {
    EBAY_CARRIER_CODES.add(carrier);
  }
}
