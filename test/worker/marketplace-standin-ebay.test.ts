import { describe, expect, it } from "vitest";
import { EBAY_SCOPES } from "../../scripts/marketplace-standin/ebay.ts";
import { APP_PATHS, form, jsonBody, marketplaceStandin, orderSeed, STANDIN_APPS, TEST_APP_URL } from "../fixtures/marketplaces";

/**
 * The eBay stand-in speaks eBay's documented requests and answers (docs/marketplaces.md): the authorization code
 * grant with a RuName, tokens that expire, getOrders' filter and paging, createShippingFulfillment and its errors,
 * and the signed account deletion notifications.
 */
const app = STANDIN_APPS.ebay;
const basic = `Basic ${btoa(`${app.clientId}:${app.clientSecret}`)}`;
const scope = `${EBAY_SCOPES.fulfillment} ${EBAY_SCOPES.identity}`;

async function connect(call: ReturnType<typeof marketplaceStandin>["call"]) {
  const query = { client_id: app.clientId, redirect_uri: app.ruName, response_type: "code", scope, state: "st-1" };
  const agreed = await call("/ebay/oauth2/authorize", form({ ...query, action: "agree" }));
  expect(agreed.status).toBe(303);
  const back = new URL(agreed.headers.get("Location")!);
  expect(`${back.origin}${back.pathname}`).toBe(`${TEST_APP_URL}${APP_PATHS.ebayCallback}`);
  expect(back.searchParams.get("state")).toBe("st-1");
  expect(back.searchParams.get("expires_in")).toBe("299");
  const code = back.searchParams.get("code")!;
  const res = await call("/ebay/identity/v1/oauth2/token", { method: "POST", headers: { Authorization: basic, "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: app.ruName }).toString() });
  expect(res.status).toBe(200);
  return { code, tokens: (await res.json()) as { access_token: string; refresh_token: string; expires_in: number; refresh_token_expires_in: number; token_type: string } };
}

const bearer = (token: string, init: RequestInit = {}) => ({ ...init, headers: { ...(init.headers as Record<string, string>), Authorization: `Bearer ${token}` } });

describe("the eBay stand-in", () => {
  it("grants a user token for the RuName's authorization code once, and refreshes it without rotating the refresh token", async () => {
    const { standin, call } = marketplaceStandin();
    const page = await call(`/ebay/oauth2/authorize?${new URLSearchParams({ client_id: app.clientId, redirect_uri: app.ruName, response_type: "code", scope, state: "x" })}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Grant application access");
    expect((await call(`/ebay/oauth2/authorize?${new URLSearchParams({ client_id: app.clientId, redirect_uri: "https://evil.example/cb", response_type: "code", scope })}`)).status).toBe(400);

    const { code, tokens } = await connect(call);
    expect(tokens).toMatchObject({ expires_in: 7200, refresh_token_expires_in: 47_304_000, token_type: "User Access Token" });
    const again = await call("/ebay/identity/v1/oauth2/token", { method: "POST", headers: { Authorization: basic }, body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: app.ruName }).toString() });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: "invalid_grant", error_description: expect.stringContaining("authorization grant code is invalid") });
    const wrongSecret = await call("/ebay/identity/v1/oauth2/token", { method: "POST", headers: { Authorization: `Basic ${btoa(`${app.clientId}:nope`)}` }, body: "grant_type=client_credentials" });
    expect(wrongSecret.status).toBe(401);

    const me = await call("/ebay/commerce/identity/v1/user/", bearer(tokens.access_token));
    expect(await me.json()).toMatchObject({ username: "parcelhive_test_seller" });
    standin.clock.advance(7201);
    const expired = await call("/ebay/sell/fulfillment/v1/order", bearer(tokens.access_token));
    expect(expired.status).toBe(401);
    expect(((await expired.json()) as { errors: { errorId: number }[] }).errors[0].errorId).toBe(1001);

    for (let i = 0; i < 2; i++) {
      const refreshed = await call("/ebay/identity/v1/oauth2/token", { method: "POST", headers: { Authorization: basic }, body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: tokens.refresh_token, scope: EBAY_SCOPES.fulfillment }).toString() });
      expect(refreshed.status).toBe(200);
      const body = (await refreshed.json()) as Record<string, unknown>;
      expect(body).not.toHaveProperty("refresh_token");
      expect((await call("/ebay/sell/fulfillment/v1/order", bearer(body.access_token as string))).status).toBe(200);
    }
  });

  it("pages getOrders 200 at a time through the lastmodifieddate and fulfilment status filter, each order once", async () => {
    const { standin, call } = marketplaceStandin();
    const { tokens } = await connect(call);
    const since = new Date(standin.clock.nowMs() - 1000).toISOString();
    for (let i = 0; i < 450; i++) standin.ebay.seedOrder(orderSeed());
    const shippedOne = [...standin.ebay.orders.values()][0].order.orderId;
    standin.ebay.shipByHand(shippedOne, "JD014600006101234567");
    const filter = `lastmodifieddate:[${since}..],orderfulfillmentstatus:{NOT_STARTED|IN_PROGRESS}`;
    let next: string | undefined = `/ebay/sell/fulfillment/v1/order?${new URLSearchParams({ filter, limit: "200" })}`;
    const seen: string[] = [];
    let pages = 0;
    while (next) {
      const res = await call(next, bearer(tokens.access_token));
      expect(res.status).toBe(200);
      const body = (await res.json()) as { total: number; next?: string; orders: { orderId: string; orderFulfillmentStatus: string }[] };
      expect(body.total).toBe(449);
      seen.push(...body.orders.map((o) => o.orderId));
      pages++;
      next = body.next ? new URL(body.next).pathname + new URL(body.next).search : undefined;
    }
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(449);
    expect(seen).not.toContain(shippedOne);

    const tooMany = await call("/ebay/sell/fulfillment/v1/order?limit=201", bearer(tokens.access_token));
    expect(((await tooMany.json()) as { errors: { errorId: number }[] }).errors[0].errorId).toBe(31100);
    const badName = await call(`/ebay/sell/fulfillment/v1/order?${new URLSearchParams({ filter: "orderstatus:{ACTIVE}" })}`, bearer(tokens.access_token));
    expect(((await badName.json()) as { errors: { errorId: number }[] }).errors[0].errorId).toBe(30700);
  });

  it("records a shipping fulfilment per package, refuses line items already shipped, and an unknown carrier", async () => {
    const { standin, call } = marketplaceStandin();
    const { tokens } = await connect(call);
    const { order } = standin.ebay.seedOrder(orderSeed({ items: [{ title: "Mug" }, { title: "Bowl", quantity: 2 }] }));
    const [mug, bowl] = order.lineItems;
    const post = (body: unknown) => call(`/ebay/sell/fulfillment/v1/order/${order.orderId}/shipping_fulfillment`, bearer(tokens.access_token, jsonBody(body)));

    const unknown = await post({ lineItems: [{ lineItemId: mug.lineItemId, quantity: 1 }], shippingCarrierCode: "Evri", trackingNumber: "H01HYA0047123456" });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { errors: { errorId: number }[] }).errors[0].errorId).toBe(32300);

    const first = await post({ lineItems: [{ lineItemId: mug.lineItemId, quantity: 1 }], shippedDate: new Date(standin.clock.nowMs()).toISOString(), shippingCarrierCode: "Hermes", trackingNumber: "H01HYA0047123456" });
    expect(first.status).toBe(201);
    expect(first.headers.get("Location")).toMatch(new RegExp(`/sell/fulfillment/v1/order/${order.orderId}/shipping_fulfillment/H01HYA0047123456$`));
    expect(order.orderFulfillmentStatus).toBe("IN_PROGRESS");

    const twice = await post({ lineItems: [{ lineItemId: mug.lineItemId, quantity: 1 }], shippingCarrierCode: "Hermes", trackingNumber: "H01HYA0047123456" });
    expect(twice.status).toBe(409);
    expect(((await twice.json()) as { errors: { errorId: number }[] }).errors[0].errorId).toBe(34500);

    expect((await post({ lineItems: [{ lineItemId: bowl.lineItemId, quantity: 2 }], shippingCarrierCode: "RoyalMail", trackingNumber: "JD014600006101234568" })).status).toBe(201);
    expect(order.orderFulfillmentStatus).toBe("FULFILLED");
    const listed = await call(`/ebay/sell/fulfillment/v1/order/${order.orderId}/shipping_fulfillment`, bearer(tokens.access_token));
    expect(((await listed.json()) as { total: number }).total).toBe(2);
    expect(standin.fulfilments().map((f) => [f.carrier, f.trackingNumber, f.byHand])).toEqual([
      ["Hermes", "H01HYA0047123456", false],
      ["RoyalMail", "JD014600006101234568", false],
    ]);
    const other = standin.ebay.seedOrder(orderSeed(), "another_seller");
    expect((await call(`/ebay/sell/fulfillment/v1/order/${other.order.orderId}`, bearer(tokens.access_token))).status).toBe(400);
  });

  it("answers queued faults and its daily call limit in eBay's error envelope", async () => {
    const { standin, call } = marketplaceStandin({ ebay: { callsPerDay: 2 } });
    const { tokens } = await connect(call);
    standin.ebay.fail({ kind: "rate_limited", path: "/sell/fulfillment/v1/order" });
    const limited = await call("/ebay/sell/fulfillment/v1/order", bearer(tokens.access_token));
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { errors: { errorId: number }[] }).errors[0].errorId).toBe(2001);
    expect((await call("/ebay/sell/fulfillment/v1/order", bearer(tokens.access_token))).status).toBe(200);
    expect((await call("/ebay/sell/fulfillment/v1/order", bearer(tokens.access_token))).status).toBe(200);
    expect((await call("/ebay/sell/fulfillment/v1/order", bearer(tokens.access_token))).status).toBe(429);
    standin.clock.advance(86_400);
    const fresh = await call("/ebay/identity/v1/oauth2/token", { method: "POST", headers: { Authorization: basic }, body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: tokens.refresh_token }).toString() });
    expect((await call("/ebay/sell/fulfillment/v1/order", bearer(((await fresh.json()) as { access_token: string }).access_token))).status).toBe(200);
  });

  it("sends account deletion notifications an app can verify with the public key, and checks the endpoint's challenge answer", async () => {
    const received: { body: string; signature: string }[] = [];
    let answerRight = true;
    const endpoint = `${TEST_APP_URL}${APP_PATHS.ebayDeletion}`;
    const { standin, call } = marketplaceStandin({
      deliver: async (req) => {
        const url = new URL(req.url);
        if (req.method === "GET") {
          const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(url.searchParams.get("challenge_code")! + STANDIN_APPS.ebayVerificationToken + endpoint));
          const hexed = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
          // A wrong answer differs in its first digit (a '0' put there was no change when the digest began with one).
          return Response.json({ challengeResponse: answerRight ? hexed : hexed.replace(/^./, (c) => (c === "0" ? "1" : "0")) });
        }
        received.push({ body: await req.text(), signature: req.headers.get("X-EBAY-SIGNATURE")! });
        return new Response(null, { status: 204 });
      },
    });
    expect(await standin.ebay.notifications.validateEndpoint()).toBe(true);
    answerRight = false;
    expect(await standin.ebay.notifications.validateEndpoint()).toBe(false);

    await standin.ebay.notifications.sendAccountDeletion("gone_buyer", "ma8vp1jySJC");
    await standin.ebay.notifications.sendAccountDeletion("gone_buyer", "ma8vp1jySJC", { tamper: true });
    const appToken = await call("/ebay/identity/v1/oauth2/token", { method: "POST", headers: { Authorization: basic }, body: `grant_type=client_credentials&scope=${encodeURIComponent(EBAY_SCOPES.app)}` });
    const { access_token } = (await appToken.json()) as { access_token: string };
    const verdicts: boolean[] = [];
    for (const r of received) {
      const header = JSON.parse(atob(r.signature)) as { alg: string; kid: string; signature: string; digest: string };
      expect(header).toMatchObject({ alg: "ECDSA", digest: "SHA1" });
      const keyRes = await call(`/ebay/commerce/notification/v1/public_key/${header.kid}`, bearer(access_token));
      const { key } = (await keyRes.json()) as { key: string };
      const spki = Uint8Array.from(atob(key.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, "")), (c) => c.charCodeAt(0));
      const publicKey = await crypto.subtle.importKey("spki", spki, { name: "ECDSA", namedCurve: "P-256" }, false, ["verify"]);
      verdicts.push(await crypto.subtle.verify({ name: "ECDSA", hash: "SHA-1" }, publicKey, derToRaw(Uint8Array.from(atob(header.signature), (c) => c.charCodeAt(0))), new TextEncoder().encode(r.body)));
    }
    expect(verdicts).toEqual([true, false]);
    expect(JSON.parse(received[0].body)).toMatchObject({ metadata: { topic: "MARKETPLACE_ACCOUNT_DELETION" }, notification: { data: { username: "gone_buyer", userId: "ma8vp1jySJC" } } });
    expect(standin.ebay.notifications.deliveries.map((d) => d.status)).toEqual([204, 204]);
    expect((await call("/ebay/commerce/notification/v1/public_key/anything", bearer("not-a-token"))).status).toBe(401);
  });
});

/** DER `SEQUENCE { INTEGER r, INTEGER s }` to WebCrypto's r‖s (32 bytes each for P-256). */
function derToRaw(der: Uint8Array): Uint8Array {
  const out = new Uint8Array(64);
  let i = 2;
  for (const half of [0, 1]) {
    const len = der[i + 1];
    const int = der.slice(i + 2, i + 2 + len).slice(-32);
    out.set(int, half * 32 + (32 - int.length));
    i += 2 + len;
  }
  return out;
}
