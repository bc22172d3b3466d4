import type { StripeEvent } from "./objects.ts";

/**
 * Webhook events as Stripe sends them: a POST of the event as pretty-printed JSON with
 * `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, keyed with the endpoint's whole
 * `whsec_…` secret (what the stripe SDK's constructEvent checks). A delivery that does not answer 2xx within
 * 10 seconds is failed, kept in the event's attempts, and tried again later (Stripe retries for up to three days;
 * the stand-in after the delays it is given, or when 'Resend' is pressed on its dashboard).
 */
export interface DeliveryAttempt {
  at: number;
  status: number | null;
  error: string | null;
  /** What the app answered, cut to 300 characters. */
  body: string;
}

export interface Delivery {
  event: StripeEvent;
  attempts: DeliveryAttempt[];
  delivered: boolean;
}

const toHex = (buf: ArrayBuffer) => Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, "0")).join("");

export async function signatureHeader(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${timestamp}.${payload}`));
  return `t=${timestamp},v1=${toHex(mac)}`;
}

export type DeliverFn = (request: Request) => Promise<Response>;

/** One attempt at delivering `delivery`'s event to `url`, recorded on it. */
export async function attemptDelivery(delivery: Delivery, url: string, secret: string, deliver: DeliverFn): Promise<DeliveryAttempt> {
  const payload = JSON.stringify(delivery.event, null, 2);
  const attempt: DeliveryAttempt = { at: Date.now(), status: null, error: null, body: "" };
  try {
    const res = await deliver(
      new Request(url, {
        method: "POST",
        headers: {
          "Content-Type": "application/json; charset=utf-8",
          "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          "Stripe-Signature": await signatureHeader(payload, secret),
        },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      }),
    );
    attempt.status = res.status;
    attempt.body = (await res.text()).slice(0, 300);
  } catch (err) {
    attempt.error = String((err as Error)?.message ?? err);
  }
  delivery.attempts.push(attempt);
  delivery.delivered ||= attempt.status !== null && attempt.status >= 200 && attempt.status < 300;
  return attempt;
}
