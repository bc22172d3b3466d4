import { StripeAccount } from "./account.ts";
import { answerApi } from "./api.ts";
import { StripeError, type StripeErrorType } from "./errors.ts";
import { bodyText, decodeForm } from "./form.ts";
import { API_VERSION, newId, type StripeEvent } from "./objects.ts";
import { answerPage } from "./pages.ts";
import { attemptDelivery, type DeliverFn, type Delivery } from "./webhooks.ts";

/**
 * A local Stripe: the core of `npm run stripe:standin` (serve.ts puts it on a loopback port) and of the worker
 * tests, which call its handler directly. `fetch(request)` answers
 * - Stripe's API under /v1 (api.ts): form-encoded requests, `Authorization: Bearer sk_test_…` (or Basic), Stripe's
 *   error envelope, `Idempotency-Key` replays (a key reused with other parameters is refused), `Request-Id`;
 * - the hosted Checkout page, the customer portal and a dashboard (pages.ts);
 * and POSTs each event Stripe would raise, signed as Stripe signs them, to `webhookUrl`, one at a time in order.
 * A delivery that fails is tried again after `retryDelaysMs` (none by default: tests resend what they mean to).
 */
export interface StandinOptions {
  /** Where events are POSTed: the app's /api/v1/stripe/webhook. Null: events are kept, not sent. */
  webhookUrl: string | null;
  /** The endpoint's signing secret (the app's STRIPE_WEBHOOK_SECRET). */
  webhookSecret: string;
  /** How a delivery reaches the app: fetch by default; a test passes its worker. */
  deliver?: DeliverFn;
  retryDelaysMs?: number[];
  /** The one secret key accepted; by default any test-mode key (`sk_test_…`, `rk_test_…`). */
  apiKey?: string;
}

export interface ApiRequestRecord {
  method: string;
  path: string;
  /** The parameters as sent (form body, or the query of a GET/DELETE), keys like `line_items[0][price]`. */
  params: URLSearchParams;
  headers: Headers;
}

export interface Fault {
  method?: string;
  /** The request path, or a pattern it matches. */
  path: string | RegExp;
  status: number;
  type: StripeErrorType;
  message: string;
  code?: string;
  /** How many matching calls it refuses (1 by default). */
  times?: number;
}

interface Stored {
  method: string;
  path: string;
  params: string;
  status: number;
  body: string;
}

const NO_KEY =
  "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.";

function keyOf(req: Request): string | null {
  const auth = req.headers.get("Authorization") ?? "";
  if (/^Bearer /i.test(auth)) return auth.slice(7).trim() || null;
  if (/^Basic /i.test(auth)) {
    try {
      return atob(auth.slice(6).trim()).split(":")[0] || null;
    } catch {
      return null;
    }
  }
  return null;
}

const masked = (key: string) => `${key.slice(0, key.indexOf("_", 3) + 1)}${"*".repeat(Math.max(0, key.length - key.indexOf("_", 3) - 5))}${key.slice(-4)}`;

export class StripeStandin {
  readonly account = new StripeAccount();
  readonly options: StandinOptions;
  /** Every event raised, oldest first, with its delivery attempts. */
  readonly deliveries: Delivery[] = [];
  /** Every API request received, oldest first. */
  readonly requests: ApiRequestRecord[] = [];
  private faults: Fault[] = [];
  private idempotent = new Map<string, Stored>();
  private chain: Promise<void> = Promise.resolve();

  constructor(options: StandinOptions) {
    this.options = options;
  }

  /** The stand-in's handler: Stripe's API, its pages and the dashboard's controls. */
  fetch = async (req: Request): Promise<Response> => {
    const url = new URL(req.url);
    if (url.pathname.startsWith("/v1/")) return this.api(req, url);
    return answerPage(this, req, url);
  };

  /** The next matching API calls are refused with this error (a test's or the dashboard's fault). */
  failNext(fault: Fault) {
    this.faults.push({ times: 1, ...fault });
  }

  /** Resolves once every event raised so far has had its delivery attempt. */
  settled(): Promise<void> {
    return this.chain;
  }

  /** Hands the events raised since the last call to the deliverer, in order; resolves when they have been tried. */
  flush(): Promise<void> {
    const events = this.account.takeRaised();
    if (!events.length) return this.chain;
    const deliveries = events.map((event) => ({ event, attempts: [], delivered: false }) as Delivery);
    this.deliveries.push(...deliveries);
    this.chain = this.chain.then(async () => {
      for (const d of deliveries) await this.attempt(d, 0);
    });
    return this.chain;
  }

  /** Sends an event again (the dashboard's 'Resend'; Stripe's 'Resend' on an event). */
  resend(eventId: string): Promise<void> {
    const delivery = this.deliveries.find((d) => d.event.id === eventId);
    if (!delivery) return Promise.reject(new Error(`no event ${eventId}`));
    this.chain = this.chain.then(() => this.attempt(delivery, -1));
    return this.chain;
  }

  delivery(eventId: string): Delivery | undefined {
    return this.deliveries.find((d) => d.event.id === eventId);
  }

  /** The events of one type, oldest first. */
  eventsOf(type: string): StripeEvent[] {
    return this.deliveries.filter((d) => d.event.type === type).map((d) => d.event);
  }

  private async attempt(delivery: Delivery, retry: number): Promise<void> {
    const { webhookUrl, webhookSecret, deliver = (r: Request) => fetch(r), retryDelaysMs = [] } = this.options;
    if (!webhookUrl) return;
    const result = await attemptDelivery(delivery, webhookUrl, webhookSecret, deliver);
    const ok = result.status !== null && result.status < 300 && result.status >= 200;
    if (!ok && retry >= 0 && retry < retryDelaysMs.length) {
      setTimeout(() => {
        this.chain = this.chain.then(() => this.attempt(delivery, retry + 1));
      }, retryDelaysMs[retry]);
    }
  }

  private async api(req: Request, url: URL): Promise<Response> {
    const requestId = newId("req");
    const headers = { "Content-Type": "application/json", "Request-Id": requestId, "Stripe-Version": req.headers.get("Stripe-Version") ?? API_VERSION };
    const answer = (status: number, body: string, extra: Record<string, string> = {}) => new Response(body, { status, headers: { ...headers, ...extra } });
    const raw = req.method === "GET" || req.method === "DELETE" ? url.search.slice(1) : await bodyText(req);
    const params = new URLSearchParams(raw);
    this.requests.push({ method: req.method, path: url.pathname, params, headers: new Headers(req.headers) });
    try {
      const key = keyOf(req);
      if (!key) throw new StripeError(401, "invalid_request_error", NO_KEY);
      if (this.options.apiKey ? key !== this.options.apiKey : !/^(sk|rk)_test_\w+/.test(key)) {
        throw new StripeError(401, "invalid_request_error", `Invalid API Key provided: ${masked(key)}`);
      }
      this.refuseIfFaulty(req.method, url.pathname);
      const idempotencyKey = req.method === "POST" ? req.headers.get("Idempotency-Key") : null;
      const stored = idempotencyKey ? this.idempotent.get(idempotencyKey) : undefined;
      if (stored && idempotencyKey) {
        if (stored.method !== req.method || stored.path !== url.pathname || stored.params !== raw) {
          throw new StripeError(400, "idempotency_error", `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`);
        }
        return answer(stored.status, stored.body, { "Idempotent-Replayed": "true", "Idempotency-Key": idempotencyKey });
      }
      let status = 200;
      let body: string;
      this.account.currentRequest = { id: requestId, idempotency_key: idempotencyKey };
      try {
        body = JSON.stringify(answerApi(this.account, { method: req.method, path: url.pathname, form: decodeForm(params), origin: url.origin, requestId, idempotencyKey }));
      } catch (err) {
        if (!(err instanceof StripeError)) throw err;
        status = err.status;
        body = JSON.stringify(err.body(requestId));
      } finally {
        this.account.currentRequest = { id: null, idempotency_key: null };
      }
      if (idempotencyKey) this.idempotent.set(idempotencyKey, { method: req.method, path: url.pathname, params: raw, status, body });
      // Stripe sends webhooks after answering, not as part of the call.
      void this.flush();
      return answer(status, body, idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {});
    } catch (err) {
      const error = err instanceof StripeError ? err : new StripeError(500, "api_error", "An unknown error occurred");
      if (!(err instanceof StripeError)) console.error("stripe stand-in:", err);
      return answer(error.status, JSON.stringify(error.body(requestId)));
    }
  }

  private refuseIfFaulty(method: string, path: string) {
    const i = this.faults.findIndex((f) => (!f.method || f.method === method) && (typeof f.path === "string" ? f.path === path : f.path.test(path)));
    if (i < 0) return;
    const fault = this.faults[i];
    if (!fault.times || --fault.times <= 0) this.faults.splice(i, 1);
    throw new StripeError(fault.status, fault.type, fault.message, fault.code ? { code: fault.code } : {});
  }
}

export function createStripeStandin(options: StandinOptions): StripeStandin {
  return new StripeStandin(options);
}
