import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { marketplaceConnections, marketplaceOrders } from "../../worker/db/schema";
import { MARKETPLACE_TEST_ENV, marketplaceStandin, orderSeed } from "../fixtures/marketplaces";
import { callWithEnv, createUser, db } from "./helpers";

/**
 * eBay's marketplace account deletion notifications reach the worker as eBay sends them (the stand-in signs each with
 * its ECDSA key and serves the public key): the endpoint answers eBay's challenge, a forged notification is 412 and
 * changes nothing, and a real one removes the eBay user's orders and their own seller connection.
 */
const overrides = { ...MARKETPLACE_TEST_ENV, JOBS: { send: async () => {} } } as unknown as Partial<Env>;

function marketplaces() {
  const m = marketplaceStandin({
    deliver: async (req) => {
      const url = new URL(req.url);
      const body = req.method === "GET" ? undefined : await req.text();
      return callWithEnv(overrides, `${url.pathname}${url.search}`, { method: req.method, body, headers: Object.fromEntries(req.headers) });
    },
  });
  vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => m.standin.fetch(new Request(input, init)));
  return m;
}

afterEach(() => {
  vi.restoreAllMocks();
});

async function connectEbay(m: ReturnType<typeof marketplaces>, token: string): Promise<string> {
  const start = await callWithEnv(overrides, "/api/v1/marketplaces/ebay/connect", { method: "POST", token, json: {} });
  const page = new URL(((await start.json()) as { authorizeUrl: string }).authorizeUrl);
  const agreed = await m.standin.fetch(new Request(page, { method: "POST", body: new URLSearchParams({ ...Object.fromEntries(page.searchParams), action: "agree" }) }));
  const params = Object.fromEntries(new URL(agreed.headers.get("Location")!).searchParams);
  const res = await callWithEnv(overrides, "/api/v1/marketplaces/ebay/connected", { method: "POST", token, json: { params } });
  return ((await res.json()) as { connection: { id: string } }).connection.id;
}

describe("eBay's account deletion notifications", () => {
  it("answers eBay's endpoint check, refuses a forged notification, and removes the buyer's orders on a real one", async () => {
    const m = marketplaces();
    expect(await m.standin.ebay.notifications.validateEndpoint()).toBe(true);
    m.standin.ebay.seedOrder(orderSeed({ buyer: "gone_buyer" }));
    m.standin.ebay.seedOrder(orderSeed({ buyer: "gone_buyer" }));
    m.standin.ebay.seedOrder(orderSeed({ buyer: "staying_buyer" }));
    const u = await createUser();
    const id = await connectEbay(m, u.token);
    const orders = () => db().select({ buyer: marketplaceOrders.buyerRef }).from(marketplaceOrders).where(eq(marketplaceOrders.connectionId, id));
    expect(await orders()).toHaveLength(3);

    const forged = await m.standin.ebay.notifications.sendAccountDeletion("gone_buyer", "gb1", { tamper: true });
    expect(forged.status).toBe(412);
    expect(await orders()).toHaveLength(3);
    const real = await m.standin.ebay.notifications.sendAccountDeletion("gone_buyer", "gb1");
    expect(real.status).toBe(204);
    expect(await orders()).toEqual([{ buyer: "staying_buyer" }]);

    // The seller's own eBay account closed: its connection (and its tokens) go.
    const seller = [...m.standin.ebay.sellers.values()][0];
    expect((await m.standin.ebay.notifications.sendAccountDeletion(seller.username, seller.userId)).status).toBe(204);
    expect(await db().select().from(marketplaceConnections).where(eq(marketplaceConnections.id, id))).toEqual([]);
  });

  it("answers eBay's check only when a verification token is configured", async () => {
    const unset = await callWithEnv({ ...overrides, EBAY_VERIFICATION_TOKEN: "" } as Partial<Env>, "/api/v1/marketplaces/ebay/account-deletion?challenge_code=abc");
    expect(unset.status).toBe(503);
    expect((await callWithEnv(overrides, "/api/v1/marketplaces/ebay/account-deletion", { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } })).status).toBe(412);
  });
});
