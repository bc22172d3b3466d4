import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { marketplaceConnections } from "../../worker/db/schema";
import { accessTokenFor, NotConnected } from "../../worker/marketplaces/connections";
import { APP_PATHS, MARKETPLACE_TEST_ENV, marketplaceStandin, TEST_APP_URL } from "../fixtures/marketplaces";
import { callWithEnv, createUser, db } from "./helpers";

/**
 * Connecting eBay, Etsy and Shopify shops through the marketplace stand-in (scripts/marketplace-standin): the worker
 * calls it at the configured addresses, the seller agrees on its consent page, and the app's screen hands the
 * return to POST /marketplaces/:marketplace/connected. Tokens are kept sealed, refreshed one at a time, and deleted
 * on disconnect.
 */
const configured = (path: string, init: Parameters<typeof callWithEnv>[2] = {}) => callWithEnv(MARKETPLACE_TEST_ENV as Partial<Env>, path, init);

function marketplaces() {
  const m = marketplaceStandin();
  vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => m.standin.fetch(new Request(input, init)));
  return m;
}

afterEach(() => {
  vi.restoreAllMocks();
});

type Connection = { id: string; marketplace: string; shopName: string; status: string; problem: string | null };

/** The browser's round trip: the consent page's 'Agree', then the app's screen forwarding what came back. */
async function connect(m: ReturnType<typeof marketplaces>, token: string, marketplace: "ebay" | "etsy" | "shopify", shop?: string) {
  const start = await configured(`/api/v1/marketplaces/${marketplace}/connect`, { method: "POST", token, json: shop ? { shop } : {} });
  expect(start.status).toBe(200);
  const { authorizeUrl } = (await start.json()) as { authorizeUrl: string };
  const page = new URL(authorizeUrl);
  const agreed = await m.standin.fetch(new Request(page, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ ...Object.fromEntries(page.searchParams), action: "agree" }).toString() }));
  expect(agreed.status).toBe(303);
  const back = new URL(agreed.headers.get("Location")!);
  expect(`${back.origin}${back.pathname}`).toBe(`${TEST_APP_URL}${APP_PATHS[`${marketplace}Callback`]}`);
  const params = Object.fromEntries(back.searchParams);
  return { params, res: await configured(`/api/v1/marketplaces/${marketplace}/connected`, { method: "POST", token, json: { params } }) };
}

const row = async (id: string) => (await db().select().from(marketplaceConnections).where(eq(marketplaceConnections.id, id)))[0];

describe("connecting marketplace shops", () => {
  it("connects an eBay seller, an Etsy shop and a Shopify store, keeping their tokens sealed", async () => {
    const m = marketplaces();
    const u = await createUser();
    const ebay = await connect(m, u.token, "ebay");
    expect(ebay.res.status).toBe(200);
    const etsy = await connect(m, u.token, "etsy");
    const shopify = await connect(m, u.token, "shopify", "https://Hollow-Oak.myshopify.com/");
    const shops = await Promise.all([ebay, etsy, shopify].map(async (c) => ((await c.res.json()) as { connection: Connection }).connection));
    expect(shops.map((s) => [s.marketplace, s.shopName, s.status])).toEqual([
      ["ebay", "parcelhive_test_seller", "connected"],
      ["etsy", "HollowOakCeramics", "connected"],
      ["shopify", "hollow-oak.myshopify.com", "connected"],
    ]);
    for (const s of shops) {
      const stored = await row(s.id);
      expect(stored.accessToken).toMatch(/^v1\./);
      expect(stored.accessToken).not.toContain("shpua_");
    }
    const listed = (await (await configured("/api/v1/marketplaces", { token: u.token })).json()) as { marketplaces: { configured: boolean }[]; connections: Connection[] };
    expect(listed.marketplaces.every((x) => x.configured)).toBe(true);
    expect(listed.connections.map((c) => c.id)).toEqual(shops.map((s) => s.id));

    // A return is used once, and only by the seller who started it.
    const replay = await configured("/api/v1/marketplaces/ebay/connected", { method: "POST", token: u.token, json: { params: ebay.params } });
    expect(replay.status).toBe(400);
    const other = await createUser();
    const start = await configured("/api/v1/marketplaces/ebay/connect", { method: "POST", token: u.token, json: {} });
    const state = new URL(((await start.json()) as { authorizeUrl: string }).authorizeUrl).searchParams.get("state")!;
    expect((await configured("/api/v1/marketplaces/ebay/connected", { method: "POST", token: other.token, json: { params: { state, code: "x" } } })).status).toBe(400);
  });

  it("refuses a Shopify return whose signature is not Shopify's, a declined consent, and a marketplace this server has no keys for", async () => {
    const m = marketplaces();
    const u = await createUser();
    const start = await configured("/api/v1/marketplaces/shopify/connect", { method: "POST", token: u.token, json: { shop: "hollow-oak" } });
    const page = new URL(((await start.json()) as { authorizeUrl: string }).authorizeUrl);
    const agreed = await m.standin.fetch(new Request(page, { method: "POST", body: new URLSearchParams({ ...Object.fromEntries(page.searchParams), action: "agree" }) }));
    const params = Object.fromEntries(new URL(agreed.headers.get("Location")!).searchParams);
    const forged = await configured("/api/v1/marketplaces/shopify/connected", { method: "POST", token: u.token, json: { params: { ...params, shop: "someone-else.myshopify.com" } } });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ error: "Shopify's answer was not signed by Shopify: connect again" });

    const etsyStart = await configured("/api/v1/marketplaces/etsy/connect", { method: "POST", token: u.token, json: {} });
    const etsyState = new URL(((await etsyStart.json()) as { authorizeUrl: string }).authorizeUrl).searchParams.get("state")!;
    const declined = await configured("/api/v1/marketplaces/etsy/connected", { method: "POST", token: u.token, json: { params: { state: etsyState, error: "access_denied" } } });
    expect(await declined.json()).toEqual({ error: "Etsy was not connected: access was not allowed" });

    const bare = await callWithEnv({ ...(MARKETPLACE_TEST_ENV as Partial<Env>), EBAY_CLIENT_SECRET: "" }, "/api/v1/marketplaces/ebay/connect", { method: "POST", token: u.token, json: {} });
    expect(bare.status).toBe(503);
    expect(await bare.json()).toEqual({ error: "eBay is not configured on this server" });
    expect((await configured("/api/v1/marketplaces/shopify/connect", { method: "POST", token: u.token, json: { shop: "not a store!" } })).status).toBe(400);
  });

  it("refreshes an Etsy token once when two calls need it at the same moment: the rotated refresh token is never lost", async () => {
    const m = marketplaces();
    const u = await createUser();
    const { res } = await connect(m, u.token, "etsy");
    const { id } = ((await res.json()) as { connection: Connection }).connection;
    const before = await row(id);
    await db().update(marketplaceConnections).set({ accessExpiresAt: Date.now() + 60_000 }).where(eq(marketplaceConnections.id, id));
    const stale = await row(id);
    const env = { ...MARKETPLACE_TEST_ENV, APP_URL: TEST_APP_URL } as unknown as Env;
    const [a, b] = await Promise.all([accessTokenFor(env, db(), stale), accessTokenFor(env, db(), stale)]);
    expect(a).toBe(b);
    expect(m.standin.etsy.refreshes).toHaveLength(1);
    expect(m.standin.etsy.refreshes[0].ok).toBe(true);
    const after = await row(id);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(after).toMatchObject({ status: "connected", refreshLeaseUntil: null });
    // The new token works at Etsy, and the next call needs no refresh.
    const me = await m.standin.fetch(new Request("http://marketplaces.test/etsy/v3/application/users/me", { headers: { Authorization: `Bearer ${a}`, "x-api-key": `${MARKETPLACE_TEST_ENV.ETSY_KEYSTRING}:${MARKETPLACE_TEST_ENV.ETSY_SHARED_SECRET}` } }));
    expect(me.status).toBe(200);
    expect(await accessTokenFor(env, db(), after)).toBe(a);
    expect(m.standin.etsy.refreshes).toHaveLength(1);
  });

  it("shows a connection the marketplace stopped accepting as broken, and deletes a connection's tokens on disconnect", async () => {
    const m = marketplaces();
    const u = await createUser();
    const { res } = await connect(m, u.token, "ebay");
    const { id } = ((await res.json()) as { connection: Connection }).connection;
    m.standin.ebay.revoke([...m.standin.ebay.sellers.values()][0].userId);
    await db().update(marketplaceConnections).set({ accessExpiresAt: Date.now() }).where(eq(marketplaceConnections.id, id));
    const env = { ...MARKETPLACE_TEST_ENV, APP_URL: TEST_APP_URL } as unknown as Env;
    await expect(accessTokenFor(env, db(), await row(id))).rejects.toBeInstanceOf(NotConnected);
    const listed = (await (await configured("/api/v1/marketplaces", { token: u.token })).json()) as { connections: Connection[] };
    expect(listed.connections[0]).toMatchObject({ status: "broken", problem: "eBay no longer accepts Parcelhive's access: reconnect it" });

    const stranger = await createUser();
    expect((await configured(`/api/v1/marketplaces/connections/${id}`, { method: "DELETE", token: stranger.token })).status).toBe(404);
    expect((await configured(`/api/v1/marketplaces/connections/${id}`, { method: "DELETE", token: u.token })).status).toBe(204);
    expect(await row(id)).toBeUndefined();
    // Reconnecting makes it anew, working.
    const again = await connect(m, u.token, "ebay");
    expect(((await again.res.json()) as { connection: Connection }).connection.status).toBe("connected");
  });
});
