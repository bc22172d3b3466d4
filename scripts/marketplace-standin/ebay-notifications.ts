import { base64, hex, json, randomToken, sha256 } from "./common.ts";
import type { EbayStandin } from "./ebay.ts";

/**
 * eBay's marketplace account deletion notifications, as eBay sends them to an app's endpoint
 * (https://developer.ebay.com/marketplace-account-deletion):
 * - the endpoint check: `GET <endpoint>?challenge_code=…`, answered `{ challengeResponse: hex(SHA-256(code + token + endpoint)) }`;
 * - each notification: a JSON POST signed with ECDSA (P-256, SHA-1) in `X-EBAY-SIGNATURE`, base64 of
 *   `{ alg, kid, signature (base64 DER), digest }`, the key served at `/commerce/notification/v1/public_key/{kid}`
 *   to a holder of an application token. eBay signs the message's JSON as its SDK re-serialises it.
 */
export interface DeletionSubscription {
  endpoint: string;
  verificationToken: string;
}

export interface DeletionDelivery {
  notificationId: string;
  username: string;
  status: number | null;
}

/** WebCrypto signs ECDSA as r‖s; eBay's signatures (Java) are DER: SEQUENCE { INTEGER r, INTEGER s }. */
function derSignature(raw: Uint8Array): Uint8Array {
  const int = (bytes: Uint8Array) => {
    let b = bytes;
    while (b.length > 1 && b[0] === 0 && b[1] < 0x80) b = b.slice(1);
    if (b[0] >= 0x80) b = Uint8Array.of(0, ...b);
    return Uint8Array.of(0x02, b.length, ...b);
  };
  const r = int(raw.slice(0, raw.length / 2));
  const s = int(raw.slice(raw.length / 2));
  return Uint8Array.of(0x30, r.length + s.length, ...r, ...s);
}

export class EbayNotifications {
  subscription: DeletionSubscription | null = null;
  readonly deliveries: DeletionDelivery[] = [];
  private keys: { kid: string; pair: CryptoKeyPair } | null = null;
  private readonly ebay: EbayStandin;
  private readonly deliver: (req: Request) => Promise<Response>;

  constructor(ebay: EbayStandin, deliver: (req: Request) => Promise<Response>) {
    this.ebay = ebay;
    this.deliver = deliver;
  }

  private async keyPair() {
    if (!this.keys) {
      const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
      this.keys = { kid: crypto.randomUUID(), pair };
    }
    return this.keys;
  }

  async publicKey(req: Request, kid: string): Promise<Response> {
    if (!this.ebay.hasAppToken(req)) return json(401, { errors: [{ errorId: 1001, domain: "OAuth", category: "REQUEST", message: "Invalid access token" }] });
    const keys = await this.keyPair();
    if (kid !== keys.kid) return json(404, { errors: [{ errorId: 195000, domain: "API_NOTIFICATION", category: "REQUEST", message: "Resource not found." }] });
    const spki = new Uint8Array((await crypto.subtle.exportKey("spki", keys.pair.publicKey)) as ArrayBuffer);
    return json(200, { key: `-----BEGIN PUBLIC KEY-----${base64(spki)}-----END PUBLIC KEY-----`, algorithm: "ECDSA", digest: "SHA1" });
  }

  /** eBay's check of the endpoint when it is saved in the developer portal: true when the app answered right. */
  async validateEndpoint(): Promise<boolean> {
    if (!this.subscription) throw new Error("no deletion endpoint is subscribed");
    const code = randomToken(40);
    const url = new URL(this.subscription.endpoint);
    url.searchParams.set("challenge_code", code);
    const res = await this.deliver(new Request(url, { headers: { Accept: "application/json" } }));
    if (res.status !== 200) return false;
    const body = (await res.json().catch(() => null)) as { challengeResponse?: string } | null;
    const expected = hex(await sha256(code + this.subscription.verificationToken + this.subscription.endpoint));
    return body?.challengeResponse === expected;
  }

  /** Sends the notification that eBay user `username` closed their account; `tamper` spoils the signature. */
  async sendAccountDeletion(username: string, userId: string, options: { tamper?: boolean } = {}): Promise<DeletionDelivery> {
    if (!this.subscription) throw new Error("no deletion endpoint is subscribed");
    const keys = await this.keyPair();
    const now = new Date(this.ebay.clock.nowMs()).toISOString();
    const message = {
      metadata: { topic: "MARKETPLACE_ACCOUNT_DELETION", schemaVersion: "1.0", deprecated: false },
      notification: { notificationId: `${crypto.randomUUID()}_${crypto.randomUUID()}`, eventDate: now, publishDate: now, publishAttemptCount: 1, data: { username, userId, eiasToken: base64(crypto.getRandomValues(new Uint8Array(30))) } },
    };
    const body = JSON.stringify(message);
    const raw = new Uint8Array(await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-1" }, keys.pair.privateKey, new TextEncoder().encode(options.tamper ? `${body} ` : body)));
    const header = base64(new TextEncoder().encode(JSON.stringify({ alg: "ECDSA", kid: keys.kid, signature: base64(derSignature(raw)), digest: "SHA1" })));
    let status: number | null = null;
    try {
      const res = await this.deliver(new Request(this.subscription.endpoint, { method: "POST", headers: { "Content-Type": "application/json", "X-EBAY-SIGNATURE": header }, body }));
      status = res.status;
    } catch {
      status = null;
    }
    const delivery = { notificationId: message.notification.notificationId, username, status };
    this.deliveries.push(delivery);
    return delivery;
  }
}
