import { bodyText } from "../standin-http.ts";
import { type Clock, type Fault, Faults, type FaultKind, type Fulfilment, json, nextNumber, type OrderSeed, pkceChallenge, randomToken, readFields, redirect, str } from "./common.ts";
import { buildEtsyReceipt, ETSY_CARRIERS, type EtsyReceipt, etsyError, filterReceipts, shipEtsyReceipt } from "./etsy-receipts.ts";
import { consentPage } from "./pages.ts";

/**
 * Etsy's Open API v3 for one app, under the stand-in's `/etsy` prefix (api.etsy.com and www.etsy.com): OAuth 2 with
 * PKCE S256 at /oauth/connect and /v3/public/oauth/token, access tokens of an hour prefixed with the user id,
 * refresh tokens of 90 days that **rotate on every use** (the one sent is revoked: a second refresh with it fails
 * 'refresh_token is revoked'), the `x-api-key: keystring:shared_secret` header on every call, the app's rate limits
 * (per second and per sliding day, on the stand-in's clock) with their headers and 429 + retry-after, getMe,
 * getShop, getShopReceipts / getShopReceipt and createReceiptShipment. Errors as `{ error }` or `{ error, error_description }`.
 */
export interface EtsyApp {
  keystring: string;
  sharedSecret: string;
  /** The callback URLs registered for the app: any other is refused on the consent page. */
  redirectUris: string[];
  perSecond?: number;
  perDay?: number;
}

export interface EtsyUser {
  user_id: number;
  shop_id: number;
  shop_name: string;
  login_name: string;
}

interface Grant {
  userId: number;
  scope: string;
  expiresAt: number;
}

const ACCESS_SECONDS = 3600;
const REFRESH_SECONDS = 90 * 86_400;
const SCOPES = ["transactions_r", "transactions_w", "shops_r", "email_r", "listings_r"];

export class EtsyStandin {
  readonly users = new Map<number, EtsyUser>();
  readonly receipts = new Map<number, { receipt: EtsyReceipt; shopId: number }>();
  readonly faults = new Faults();
  /** Every shipment recorded, through the API or by hand: what tests and the dashboard read back. */
  readonly fulfilments: Fulfilment[] = [];
  readonly app: EtsyApp;
  readonly clock: Clock;
  readonly prefix: string;
  /** Every refresh-token grant answered, in order: tests read how many rotations happened. */
  readonly refreshes: { sent: string; ok: boolean }[] = [];
  private codes = new Map<string, Grant & { challenge: string; redirectUri: string }>();
  private accessTokens = new Map<string, Grant>();
  private refreshTokens = new Map<string, Grant & { revoked: boolean }>();
  private recent: number[] = [];

  constructor(app: EtsyApp, clock: Clock, prefix: string) {
    this.app = app;
    this.clock = clock;
    this.prefix = prefix;
    this.addUser("HollowOakCeramics");
  }

  addUser(shopName: string): EtsyUser {
    const existing = [...this.users.values()].find((u) => u.shop_name === shopName);
    if (existing) return existing;
    const user = { user_id: nextNumber(81_000_000), shop_id: nextNumber(31_000_000), shop_name: shopName, login_name: shopName.toLowerCase() };
    this.users.set(user.user_id, user);
    return user;
  }

  seedOrder(seed: OrderSeed, shopName = "HollowOakCeramics"): EtsyReceipt {
    const user = this.addUser(shopName);
    const receipt = buildEtsyReceipt(seed, user, this.clock.nowSec());
    this.receipts.set(receipt.receipt_id, { receipt, shopId: user.shop_id });
    return receipt;
  }

  /** The seller marks the order dispatched on etsy.com, not through the API. */
  shipByHand(receiptId: number, trackingCode: string, carrier = "royal-mail") {
    const stored = this.receipts.get(receiptId);
    if (!stored) return null;
    shipEtsyReceipt(stored.receipt, trackingCode, carrier, this.clock.nowSec());
    this.record(stored, trackingCode, carrier, true);
    return stored.receipt;
  }

  fail(fault: Fault) {
    this.faults.add(fault);
  }

  private record(stored: { receipt: EtsyReceipt; shopId: number }, code: string, carrier: string, byHand: boolean) {
    const shop = [...this.users.values()].find((u) => u.shop_id === stored.shopId)?.shop_name ?? String(stored.shopId);
    const lineItems = stored.receipt.transactions.map((t) => ({ id: String(t.transaction_id), quantity: t.quantity }));
    this.fulfilments.push({ marketplace: "etsy", shop, orderId: String(stored.receipt.receipt_id), trackingNumber: code, carrier, lineItems, at: this.clock.nowSec(), byHand });
  }

  async handle(req: Request, url: URL, path: string): Promise<Response> {
    if (path === "/oauth/connect") return this.connect(req, url);
    if (!path.startsWith("/v3/")) return etsyError(404, "Not found");
    const limits = this.rateLimit();
    if (limits.refused) return etsyError(429, "You have exceeded your quota of requests. Please try again later.", limits.headers);
    const answer = await this.api(req, url, path);
    for (const [k, v] of Object.entries(limits.headers)) answer.headers.set(k, v);
    return answer;
  }

  faultAnswer(kind: FaultKind): Response {
    if (kind === "expired_token") return json(401, { error: "invalid_token", error_description: "access token is expired" });
    if (kind === "rate_limited") return etsyError(429, "You have exceeded your quota of requests. Please try again later.", { "retry-after": "1" });
    return etsyError(500, "An internal error occurred.");
  }

  private async api(req: Request, url: URL, path: string): Promise<Response> {
    if (path === "/v3/public/oauth/token" && req.method === "POST") return this.token(req);
    const key = req.headers.get("x-api-key") ?? "";
    if (key !== `${this.app.keystring}:${this.app.sharedSecret}`) return etsyError(403, "Invalid API key");
    const kind = this.faults.take(req.method, path);
    if (kind) return this.faultAnswer(kind);
    const auth = req.headers.get("Authorization") ?? "";
    const token = /^Bearer /i.test(auth) ? auth.slice(7).trim() : "";
    const grant = this.accessTokens.get(token);
    if (!grant) return json(401, { error: "invalid_token", error_description: "access token is invalid" });
    if (grant.expiresAt <= this.clock.nowSec()) return json(401, { error: "invalid_token", error_description: "access token is expired" });
    const user = this.users.get(grant.userId)!;
    if (path === "/v3/application/users/me" && req.method === "GET") return json(200, { user_id: user.user_id, shop_id: user.shop_id });
    const shop = path.match(/^\/v3\/application\/shops\/(\d+)$/);
    if (shop && req.method === "GET") {
      const owner = [...this.users.values()].find((u) => u.shop_id === Number(shop[1]));
      return owner ? json(200, { shop_id: owner.shop_id, shop_name: owner.shop_name, user_id: owner.user_id, currency_code: "GBP", url: `https://www.etsy.com/shop/${owner.shop_name}` }) : etsyError(404, `Shop with id ${shop[1]} not found.`);
    }
    const m = path.match(/^\/v3\/application\/shops\/(\d+)\/receipts(?:\/(\d+))?(\/tracking)?$/);
    if (!m) return etsyError(404, "Resource not found");
    if (Number(m[1]) !== user.shop_id) return etsyError(403, "The user does not own this shop.");
    if (!grant.scope.split(" ").includes(m[3] ? "transactions_w" : "transactions_r")) return etsyError(403, `This request requires the ${m[3] ? "transactions_w" : "transactions_r"} scope.`);
    if (!m[2] && req.method === "GET") {
      const mine = [...this.receipts.values()].filter((r) => r.shopId === user.shop_id).map((r) => r.receipt);
      const found = filterReceipts(mine, url.searchParams);
      return typeof found === "string" ? etsyError(400, found) : json(200, found);
    }
    const stored = m[2] ? this.receipts.get(Number(m[2])) : undefined;
    if (!stored || stored.shopId !== user.shop_id) return etsyError(404, `Receipt with id ${m[2]} not found.`);
    if (!m[3] && req.method === "GET") return json(200, stored.receipt);
    if (m[3] && req.method === "POST") return this.ship(req, stored);
    return etsyError(405, "Method not allowed");
  }

  private async ship(req: Request, stored: { receipt: EtsyReceipt; shopId: number }): Promise<Response> {
    const { receipt } = stored;
    let body: Record<string, unknown>;
    try {
      body = await readFields(req);
    } catch {
      return etsyError(400, "The request body could not be read.");
    }
    const code = str(body.tracking_code)?.trim() ?? "";
    const carrier = str(body.carrier_name)?.trim() ?? "";
    if (receipt.status === "canceled") return etsyError(400, "This receipt has been canceled.");
    if (!code || !carrier) return etsyError(400, "A tracking number is required");
    // The real service may record an unknown carrier without a link; the stand-in refuses it so an integration
    // that forgets to send `other` is caught (docs/marketplaces.md, stand-in's choice).
    if (!ETSY_CARRIERS.has(carrier)) return etsyError(400, "Invalid carrier_name");
    if (receipt.shipments.some((s) => s.tracking_code === code)) return etsyError(409, "This tracking code has already been submitted for this receipt.");
    shipEtsyReceipt(receipt, code, carrier, this.clock.nowSec());
    this.record(stored, code, carrier, false);
    return json(200, receipt);
  }

  /** The app's per-second and per-day allowances on the stand-in's clock; the headers go on every answer. */
  private rateLimit(): { refused: boolean; headers: Record<string, string> } {
    const now = this.clock.nowMs();
    const perSecond = this.app.perSecond ?? 10;
    const perDay = this.app.perDay ?? 10_000;
    this.recent = this.recent.filter((t) => t > now - 86_400_000);
    const thisSecond = this.recent.filter((t) => t > now - 1000).length;
    const refused = thisSecond >= perSecond || this.recent.length >= perDay;
    if (!refused) this.recent.push(now);
    const headers: Record<string, string> = {
      "x-limit-per-second": String(perSecond),
      "x-remaining-this-second": String(Math.max(0, perSecond - thisSecond - (refused ? 0 : 1))),
      "x-limit-per-day": String(perDay),
      "x-remaining-today": String(Math.max(0, perDay - this.recent.length)),
    };
    if (refused) headers["retry-after"] = String(this.recent.length >= perDay ? Math.ceil((this.recent[0] + 86_400_000 - now) / 1000) : 1);
    return { refused, headers };
  }

  private async connect(req: Request, url: URL): Promise<Response> {
    const q = req.method === "POST" ? new URLSearchParams(await bodyText(req)) : url.searchParams;
    const redirectUri = q.get("redirect_uri") ?? "";
    if (q.get("client_id") !== this.app.keystring) return consentPage.error("Etsy", "The application could not be found.");
    if (!this.app.redirectUris.includes(redirectUri)) return consentPage.error("Etsy", "The requested redirect URL is not permitted.");
    const problem =
      q.get("response_type") !== "code" ? "response_type must be code." : !q.get("state") ? "A state is required." : !q.get("code_challenge") || q.get("code_challenge_method") !== "S256" ? "PKCE with code_challenge_method=S256 is required." : !(q.get("scope") ?? "").split(" ").every((s) => SCOPES.includes(s)) ? "The scope is not valid." : null;
    if (problem) return consentPage.error("Etsy", problem);
    if (req.method === "POST") {
      const back = new URL(redirectUri);
      if (q.get("action") !== "agree") {
        back.searchParams.set("error", "access_denied");
        back.searchParams.set("error_description", "The user denied the request");
        back.searchParams.set("state", q.get("state")!);
        return redirect(back.toString());
      }
      const user = this.users.get(Number(q.get("user"))) ?? [...this.users.values()][0];
      const code = randomToken(64);
      this.codes.set(code, { userId: user.user_id, scope: q.get("scope")!, expiresAt: this.clock.nowSec() + 300, challenge: q.get("code_challenge")!, redirectUri });
      back.searchParams.set("code", code);
      back.searchParams.set("state", q.get("state")!);
      return redirect(back.toString());
    }
    return consentPage.render({
      marketplace: "Etsy",
      heading: "Allow access to your shop?",
      detail: "Parcelhive would like to see your orders and add their tracking (transactions_r, transactions_w).",
      accounts: [...this.users.values()].map((u) => ({ value: String(u.user_id), label: `${u.shop_name} (${u.login_name})` })),
      accountField: "user",
      hidden: Object.fromEntries(q),
      action: `${this.prefix}/oauth/connect`,
      agree: "Grant access",
      decline: "Deny",
    });
  }

  private async token(req: Request): Promise<Response> {
    let f: Record<string, unknown>;
    try {
      f = await readFields(req);
    } catch {
      return json(400, { error: "invalid_request", error_description: "The request body could not be read" });
    }
    if (str(f.client_id) !== this.app.keystring) return json(401, { error: "invalid_client", error_description: "Invalid API key" });
    const now = this.clock.nowSec();
    if (f.grant_type === "authorization_code") {
      const code = str(f.code) ?? "";
      const grant = this.codes.get(code);
      this.codes.delete(code);
      if (!grant || grant.expiresAt <= now) return json(400, { error: "invalid_grant", error_description: "code has expired or is invalid" });
      if (str(f.redirect_uri) !== grant.redirectUri) return json(400, { error: "invalid_grant", error_description: "redirect_uri does not match" });
      if ((await pkceChallenge(str(f.code_verifier) ?? "")) !== grant.challenge) return json(400, { error: "invalid_grant", error_description: "code_verifier is invalid" });
      return json(200, this.mint(grant.userId, grant.scope));
    }
    if (f.grant_type === "refresh_token") {
      const sent = str(f.refresh_token) ?? "";
      const grant = this.refreshTokens.get(sent);
      const ok = !!grant && !grant.revoked && grant.expiresAt > now;
      this.refreshes.push({ sent, ok });
      if (!grant) return json(400, { error: "invalid_grant", error_description: "refresh_token is invalid" });
      if (grant.revoked) return json(400, { error: "invalid_grant", error_description: "refresh_token is revoked" });
      if (grant.expiresAt <= now) return json(400, { error: "invalid_grant", error_description: "refresh_token has expired" });
      grant.revoked = true;
      return json(200, this.mint(grant.userId, grant.scope));
    }
    return json(400, { error: "unsupported_grant_type", error_description: "grant_type must be authorization_code or refresh_token" });
  }

  private mint(userId: number, scope: string) {
    const now = this.clock.nowSec();
    const access = `${userId}.${randomToken(90)}`;
    const refresh = `${userId}.${randomToken(90)}`;
    this.accessTokens.set(access, { userId, scope, expiresAt: now + ACCESS_SECONDS });
    this.refreshTokens.set(refresh, { userId, scope, expiresAt: now + REFRESH_SECONDS, revoked: false });
    return { access_token: access, token_type: "Bearer", expires_in: ACCESS_SECONDS, refresh_token: refresh };
  }
}
