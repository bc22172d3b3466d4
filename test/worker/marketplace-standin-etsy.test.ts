import { describe, expect, it } from "vitest";
import { APP_PATHS, form, marketplaceStandin, orderSeed, STANDIN_APPS, TEST_APP_URL } from "../fixtures/marketplaces";

/**
 * The Etsy stand-in speaks Open API v3 as documented (docs/marketplaces.md): OAuth 2 with PKCE S256, refresh tokens
 * that rotate on every use, the `x-api-key: keystring:secret` header, the app's rate limits with their headers,
 * getShopReceipts' filters and paging, and createReceiptShipment.
 */
const app = STANDIN_APPS.etsy;
const redirectUri = `${TEST_APP_URL}${APP_PATHS.etsyCallback}`;
const apiKey = { "x-api-key": `${app.keystring}:${app.sharedSecret}` };

const b64url = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");

type Call = ReturnType<typeof marketplaceStandin>["call"];
type Tokens = { access_token: string; refresh_token: string; expires_in: number; token_type: string };

async function connect(call: Call, verifierUsed?: string) {
  const verifier = "a-code-verifier-of-forty-three-characters-0123456789";
  const challenge = b64url(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
  const query = { response_type: "code", client_id: app.keystring, redirect_uri: redirectUri, scope: "transactions_r transactions_w", state: "s-9", code_challenge: challenge, code_challenge_method: "S256" };
  const agreed = await call("/etsy/oauth/connect", form({ ...query, action: "agree" }));
  expect(agreed.status).toBe(303);
  const back = new URL(agreed.headers.get("Location")!);
  expect(back.searchParams.get("state")).toBe("s-9");
  const code = back.searchParams.get("code")!;
  return call("/etsy/v3/public/oauth/token", form({ grant_type: "authorization_code", client_id: app.keystring, redirect_uri: redirectUri, code, code_verifier: verifierUsed ?? verifier }));
}

const refresh = (call: Call, token: string) => call("/etsy/v3/public/oauth/token", form({ grant_type: "refresh_token", client_id: app.keystring, refresh_token: token }));
const api = (call: Call, path: string, token: string, init: RequestInit = {}) => call(`/etsy/v3/application${path}`, { ...init, headers: { ...apiKey, Authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) } });

describe("the Etsy stand-in", () => {
  it("checks PKCE, the registered callback and the x-api-key, and prefixes tokens with the user id", async () => {
    const { standin, call } = marketplaceStandin();
    const wrongCallback = await call(`/etsy/oauth/connect?${new URLSearchParams({ response_type: "code", client_id: app.keystring, redirect_uri: "https://elsewhere.example/cb", scope: "transactions_r", state: "s", code_challenge: "x", code_challenge_method: "S256" })}`);
    expect(wrongCallback.status).toBe(400);
    expect(await wrongCallback.text()).toContain("The requested redirect URL is not permitted.");
    const noPkce = await call(`/etsy/oauth/connect?${new URLSearchParams({ response_type: "code", client_id: app.keystring, redirect_uri: redirectUri, scope: "transactions_r", state: "s" })}`);
    expect(noPkce.status).toBe(400);

    const badVerifier = await connect(call, "another-verifier-entirely-0123456789-abcdefgh");
    expect(badVerifier.status).toBe(400);
    expect(await badVerifier.json()).toMatchObject({ error: "invalid_grant", error_description: "code_verifier is invalid" });
    const ok = await connect(call);
    const tokens = (await ok.json()) as Tokens;
    const user = [...standin.etsy.users.values()][0];
    expect(tokens).toMatchObject({ token_type: "Bearer", expires_in: 3600 });
    expect(tokens.access_token.startsWith(`${user.user_id}.`)).toBe(true);

    expect((await call("/etsy/v3/application/users/me", { headers: { Authorization: `Bearer ${tokens.access_token}`, "x-api-key": app.keystring } })).status).toBe(403);
    expect(await (await api(call, "/users/me", tokens.access_token)).json()).toEqual({ user_id: user.user_id, shop_id: user.shop_id });
    standin.clock.advance(3601);
    const expired = await api(call, "/users/me", tokens.access_token);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ error: "invalid_token", error_description: "access token is expired" });
  });

  it("rotates the refresh token on every use: the old one is revoked, and of two simultaneous refreshes one wins", async () => {
    const { standin, call } = marketplaceStandin();
    const first = (await (await connect(call)).json()) as Tokens;
    const second = (await (await refresh(call, first.refresh_token)).json()) as Tokens;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    const reused = await refresh(call, first.refresh_token);
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual({ error: "invalid_grant", error_description: "refresh_token is revoked" });

    const racing = await Promise.all([refresh(call, second.refresh_token), refresh(call, second.refresh_token)]);
    expect(racing.map((r) => r.status).sort()).toEqual([200, 400]);
    const winner = (await racing.find((r) => r.status === 200)!.json()) as Tokens;
    expect((await api(call, "/users/me", winner.access_token)).status).toBe(200);
    expect(standin.etsy.refreshes.map((r) => r.ok)).toEqual([true, false, true, false]);
  });

  it("lists paid, unshipped receipts modified since a time, 100 at most a page, and records shipments", async () => {
    const { standin, call } = marketplaceStandin();
    const { access_token } = (await (await connect(call)).json()) as Tokens;
    const shop = [...standin.etsy.users.values()][0].shop_id;
    const old = standin.etsy.seedOrder(orderSeed({ createdAt: standin.clock.nowSec() - 30 * 86_400 }));
    old.update_timestamp = old.updated_timestamp = standin.clock.nowSec() - 30 * 86_400;
    for (let i = 0; i < 130; i++) standin.etsy.seedOrder(orderSeed({ items: [{ title: "Mug" }, { title: "Saucer", quantity: 2 }] }));
    const since = standin.clock.nowSec() - 60;
    const list = (offset: number, limit = 100) => api(call, `/shops/${shop}/receipts?${new URLSearchParams({ min_last_modified: String(since), was_paid: "true", was_shipped: "false", limit: String(limit), offset: String(offset) })}`, access_token);
    const pages = [(await (await list(0)).json()) as { count: number; results: { receipt_id: number }[] }, (await (await list(100)).json()) as { count: number; results: { receipt_id: number }[] }];
    expect(pages.map((p) => [p.count, p.results.length])).toEqual([
      [130, 100],
      [130, 30],
    ]);
    expect(pages.flatMap((p) => p.results.map((r) => r.receipt_id))).not.toContain(old.receipt_id);
    expect((await list(0, 101)).status).toBe(400);

    const receipt = pages[0].results[0].receipt_id;
    const ship = (fields: Record<string, string>) => api(call, `/shops/${shop}/receipts/${receipt}/tracking`, access_token, form(fields));
    const unknown = await ship({ tracking_code: "H01HYA0047123456", carrier_name: "evri-uk" });
    expect(unknown.status).toBe(400);
    const done = await ship({ tracking_code: "H01HYA0047123456", carrier_name: "hermes-uk", send_bcc: "false" });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ receipt_id: receipt, is_shipped: true, shipments: [{ carrier_name: "hermes-uk", tracking_code: "H01HYA0047123456" }] });
    expect((await ship({ tracking_code: "H01HYA0047123456", carrier_name: "hermes-uk" })).status).toBe(409);
    expect((await ship({ tracking_code: "JD014600006101234567", carrier_name: "royal-mail" })).status).toBe(200);
    expect(standin.fulfilments().map((f) => [f.orderId, f.carrier, f.trackingNumber])).toEqual([
      [String(receipt), "hermes-uk", "H01HYA0047123456"],
      [String(receipt), "royal-mail", "JD014600006101234567"],
    ]);
    const after = (await (await list(0)).json()) as { count: number };
    expect(after.count).toBe(129);
    const other = standin.etsy.addUser("AnotherShop");
    expect((await api(call, `/shops/${other.shop_id}/receipts`, access_token)).status).toBe(403);
  });

  it("holds the app to its per-second and per-day allowances with Etsy's headers, 429 and retry-after", async () => {
    const { standin, call } = marketplaceStandin({ etsy: { perSecond: 3, perDay: 5 } });
    const { access_token } = (await (await connect(call)).json()) as Tokens;
    standin.clock.advance(1);
    const burst: Response[] = [];
    for (let i = 0; i < 4; i++) burst.push(await api(call, "/users/me", access_token));
    expect(burst.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    expect(Object.fromEntries(["x-limit-per-second", "x-remaining-this-second", "x-limit-per-day"].map((h) => [h, burst[2].headers.get(h)]))).toEqual({ "x-limit-per-second": "3", "x-remaining-this-second": "0", "x-limit-per-day": "5" });
    expect(burst[3].headers.get("retry-after")).toBe("1");
    standin.clock.advance(1);
    expect((await api(call, "/users/me", access_token)).status).toBe(200);
    const overDay = await api(call, "/users/me", access_token);
    expect(overDay.status).toBe(429);
    expect(overDay.headers.get("x-remaining-today")).toBe("0");
    expect(Number(overDay.headers.get("retry-after"))).toBeGreaterThan(80_000);
  });
});
