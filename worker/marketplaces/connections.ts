import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { marketplaceConnections, marketplaceConnectStates, marketplaceOrders } from "../db/schema";
import { newId, randomToken, sha256Hex } from "../lib/crypto";
import { ApiError, badRequest } from "../lib/errors";
import { log } from "../lib/log";
import { ebayConfig, etsyConfig, type MarketplaceEnv, shopifyConfig } from "./config";
import { ebayAuthorizeUrl, ebayExchange, ebayRefresh } from "./ebay";
import { etsyAuthorizeUrl, etsyExchange, etsyRefresh, pkcePair } from "./etsy";
import { type Grant, MarketplaceRefusal, type Refreshed } from "./grants";
import { type ConnectionView, MARKETPLACE_NAMES, type Marketplace } from "./model";
import { shopifyAuthorizeUrl, shopifyExchange, signedByShopify } from "./shopify";
import { openToken, sealToken } from "./token-vault";

/**
 * Connecting a seller's marketplace shop and keeping its tokens (issue 34):
 * - `startConnect` makes the consent URL with a one-use state (and Etsy's PKCE verifier) kept for 15 minutes;
 * - `finishConnect` takes what the marketplace sent the browser back with (the app's screen forwards it), checks the
 *   state (and Shopify's signature), exchanges the code and keeps the tokens sealed (token-vault.ts);
 * - `accessTokenFor` gives a working access token, refreshed 5 minutes before it expires. A refresh holds a lease on
 *   the connection's row, so two callers never refresh one connection at once: Etsy replaces its refresh token on
 *   every use, and a second refresh with the replaced one would lose the connection. The other caller waits for the
 *   new token. A marketplace that refuses the refresh breaks the connection, shown with 'Reconnect';
 * - `disconnect` deletes the row, tokens and all.
 */
const STATE_TTL_MS = 15 * 60_000;
const REFRESH_AHEAD_MS = 5 * 60_000;
const LEASE_MS = 20_000;
const LEASE_POLL_MS = 150;

type Connection = typeof marketplaceConnections.$inferSelect;

export const notConfigured = (m: Marketplace) => new ApiError(503, `${MARKETPLACE_NAMES[m]} is not configured on this server`);

function need<T>(cfg: T | null, m: Marketplace): T {
  if (!cfg) throw notConfigured(m);
  return cfg;
}

export function connectionView(c: Connection): ConnectionView {
  return { id: c.id, marketplace: c.marketplace, shopName: c.shopName, status: c.status, problem: c.status === "broken" ? (c.problem ?? "The marketplace no longer accepts Parcelhive's access") : null, connectedAt: c.createdAt };
}

export async function listConnections(db: Db, userId: number): Promise<ConnectionView[]> {
  const rows = await db.select().from(marketplaceConnections).where(eq(marketplaceConnections.userId, userId)).orderBy(marketplaceConnections.createdAt);
  return rows.map(connectionView);
}

/** The marketplace's consent page for this seller; `shop` names the Shopify store. */
export async function startConnect(env: MarketplaceEnv, db: Db, userId: number, m: Marketplace, shop: string | null, now = Date.now()): Promise<string> {
  const state = randomToken(24);
  let verifier: string | null = null;
  let url: string;
  if (m === "ebay") url = ebayAuthorizeUrl(need(ebayConfig(env), m), state);
  else if (m === "etsy") {
    const cfg = need(etsyConfig(env), m);
    const pair = await pkcePair();
    verifier = await sealToken(env.MARKETPLACE_TOKEN_KEY, pair.verifier);
    url = etsyAuthorizeUrl(cfg, state, pair.challenge);
  } else {
    const cfg = need(shopifyConfig(env), m);
    if (!shop) throw badRequest("shop: Enter your Shopify store's name");
    url = shopifyAuthorizeUrl(cfg, shop, state);
  }
  await db.batch([
    db.delete(marketplaceConnectStates).where(and(eq(marketplaceConnectStates.userId, userId), lt(marketplaceConnectStates.expiresAt, now))),
    db.insert(marketplaceConnectStates).values({ stateHash: await sha256Hex(state), userId, marketplace: m, verifier, shop, expiresAt: now + STATE_TTL_MS }),
  ]);
  return url;
}

/** Finishes a connection from the parameters the marketplace sent the browser back with. */
export async function finishConnect(env: MarketplaceEnv, db: Db, userId: number, m: Marketplace, params: Record<string, string>, now = Date.now()): Promise<ConnectionView> {
  const name = MARKETPLACE_NAMES[m];
  const state = params.state ?? "";
  // The state is used once: deleted as it is read, whatever follows.
  const [pending] = await db
    .delete(marketplaceConnectStates)
    .where(and(eq(marketplaceConnectStates.stateHash, await sha256Hex(state)), eq(marketplaceConnectStates.userId, userId), eq(marketplaceConnectStates.marketplace, m)))
    .returning();
  if (!pending || pending.expiresAt < now) throw badRequest(`This ${name} connection link has expired or was already used: connect again`);
  if (params.error || !params.code) throw badRequest(`${name} was not connected: access was not allowed`);
  let grant: Grant;
  try {
    if (m === "ebay") grant = await ebayExchange(need(ebayConfig(env), m), params.code, now);
    else if (m === "etsy") {
      const verifier = pending.verifier ? await openToken(env.MARKETPLACE_TOKEN_KEY, pending.verifier) : null;
      if (!verifier) throw badRequest(`This ${name} connection link has expired or was already used: connect again`);
      grant = await etsyExchange(need(etsyConfig(env), m), params.code, verifier, now);
    } else {
      const shopify = need(shopifyConfig(env), m);
      if (!(await signedByShopify(shopify, params)) || params.shop !== `${pending.shop}.myshopify.com`) throw badRequest("Shopify's answer was not signed by Shopify: connect again");
      grant = await shopifyExchange(shopify, pending.shop!, params.code);
    }
  } catch (err) {
    throw asApiError(m, err);
  }
  return connectionView(await keepGrant(env, db, userId, m, grant, now));
}

function asApiError(m: Marketplace, err: unknown): unknown {
  if (!(err instanceof MarketplaceRefusal)) return err;
  log("warn", "marketplace connect refused", { marketplace: m, kind: err.kind, message: err.message });
  return err.kind === "unavailable" ? new ApiError(502, `${MARKETPLACE_NAMES[m]} could not be reached: try again in a minute`) : new ApiError(409, `${MARKETPLACE_NAMES[m]} did not accept the connection: connect again`);
}

async function keepGrant(env: MarketplaceEnv, db: Db, userId: number, m: Marketplace, g: Grant, now: number): Promise<Connection> {
  const sealed = { accessToken: await sealToken(env.MARKETPLACE_TOKEN_KEY, g.accessToken), refreshToken: g.refreshToken ? await sealToken(env.MARKETPLACE_TOKEN_KEY, g.refreshToken) : null };
  const fields = { shopName: g.shopName, ...sealed, accessExpiresAt: g.accessExpiresAt, refreshExpiresAt: g.refreshExpiresAt, scope: g.scope, status: "connected" as const, problem: null, refreshLeaseUntil: null, updatedAt: now };
  const [row] = await db
    .insert(marketplaceConnections)
    .values({ id: newId("mpc"), userId, marketplace: m, shopId: g.shopId, createdAt: now, ...fields })
    .onConflictDoUpdate({ target: [marketplaceConnections.userId, marketplaceConnections.marketplace, marketplaceConnections.shopId], set: fields })
    .returning();
  return row;
}

/** Deletes the connection, its tokens and its orders (their buyers' details); false when it is not this user's. */
export async function disconnect(db: Db, userId: number, id: string): Promise<boolean> {
  const [gone] = await db.batch([
    db.delete(marketplaceConnections).where(and(eq(marketplaceConnections.id, id), eq(marketplaceConnections.userId, userId))).returning({ id: marketplaceConnections.id }),
    db.delete(marketplaceOrders).where(and(eq(marketplaceOrders.connectionId, id), eq(marketplaceOrders.userId, userId))),
  ]);
  return gone.length > 0;
}

export class NotConnected extends Error {}

async function breakConnection(db: Db, c: Connection, problem: string, now: number) {
  await db.update(marketplaceConnections).set({ status: "broken", problem, refreshLeaseUntil: null, updatedAt: now }).where(eq(marketplaceConnections.id, c.id));
  log("warn", "marketplace connection broken", { connection: c.id, marketplace: c.marketplace, problem });
}

function refresher(env: MarketplaceEnv, m: Marketplace): (refreshToken: string, now: number) => Promise<Refreshed> {
  if (m === "ebay") {
    const cfg = need(ebayConfig(env), m);
    return (t, now) => ebayRefresh(cfg, t, now);
  }
  if (m === "etsy") {
    const cfg = need(etsyConfig(env), m);
    return (t, now) => etsyRefresh(cfg, t, now);
  }
  return () => Promise.reject(new MarketplaceRefusal("refused", "Shopify tokens are not refreshed"));
}

/**
 * A working access token for the connection, refreshed when it has less than 5 minutes left. Throws NotConnected when
 * the connection is broken (or breaks now), MarketplaceRefusal('unavailable') when the marketplace cannot be asked.
 */
export async function accessTokenFor(env: MarketplaceEnv, db: Db, start: Connection, now = Date.now()): Promise<string> {
  let c = start;
  for (const until = Date.now() + LEASE_MS * 2; ; ) {
    if (c.status === "broken") throw new NotConnected(c.problem ?? "broken");
    const fresh = c.accessExpiresAt === null || c.accessExpiresAt - now > REFRESH_AHEAD_MS;
    if (fresh) {
      const token = await openToken(env.MARKETPLACE_TOKEN_KEY, c.accessToken);
      if (token) return token;
      await breakConnection(db, c, "Its tokens can no longer be read on this server: reconnect it", now);
      throw new NotConnected("unreadable");
    }
    // Only the caller that takes the lease refreshes, and only the token it saw: one that changed was refreshed already.
    const [leased] = await db
      .update(marketplaceConnections)
      .set({ refreshLeaseUntil: Date.now() + LEASE_MS })
      .where(and(eq(marketplaceConnections.id, c.id), eq(marketplaceConnections.accessToken, c.accessToken), or(isNull(marketplaceConnections.refreshLeaseUntil), lt(marketplaceConnections.refreshLeaseUntil, Date.now()))))
      .returning();
    if (leased) return refreshLeased(env, db, leased, now);
    if (Date.now() > until) throw new MarketplaceRefusal("unavailable", "another refresh of this connection did not finish");
    await new Promise((r) => setTimeout(r, LEASE_POLL_MS));
    const [again] = await db.select().from(marketplaceConnections).where(eq(marketplaceConnections.id, c.id));
    if (!again) throw new NotConnected("disconnected");
    c = again;
  }
}

async function refreshLeased(env: MarketplaceEnv, db: Db, c: Connection, now: number): Promise<string> {
  const name = MARKETPLACE_NAMES[c.marketplace];
  const refreshToken = c.refreshToken ? await openToken(env.MARKETPLACE_TOKEN_KEY, c.refreshToken) : null;
  if (!refreshToken || (c.refreshExpiresAt !== null && c.refreshExpiresAt <= now)) {
    await breakConnection(db, c, `${name}'s access has expired: reconnect it`, now);
    throw new NotConnected("expired");
  }
  let fresh: Refreshed;
  try {
    fresh = await refresher(env, c.marketplace)(refreshToken, now);
  } catch (err) {
    if (err instanceof MarketplaceRefusal && err.kind === "refused") {
      await breakConnection(db, c, `${name} no longer accepts Parcelhive's access: reconnect it`, now);
      throw new NotConnected(err.message);
    }
    await db.update(marketplaceConnections).set({ refreshLeaseUntil: null }).where(eq(marketplaceConnections.id, c.id));
    throw err;
  }
  const accessToken = await sealToken(env.MARKETPLACE_TOKEN_KEY, fresh.accessToken);
  const rotated = fresh.refreshToken ? { refreshToken: await sealToken(env.MARKETPLACE_TOKEN_KEY, fresh.refreshToken), refreshExpiresAt: fresh.refreshExpiresAt ?? null } : {};
  await db.update(marketplaceConnections).set({ accessToken, accessExpiresAt: fresh.accessExpiresAt, ...rotated, refreshLeaseUntil: null, updatedAt: now }).where(eq(marketplaceConnections.id, c.id));
  return fresh.accessToken;
}
