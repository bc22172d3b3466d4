/**
 * HTTP for the carriers' tracking APIs: a timeout per attempt, retries with exponential backoff
 * on 429/5xx and network failures (honouring a short Retry-After), and one error type whose
 * `kind` tells the tracking service what to do with the label.
 */

/** A carrier's calls per minute from its configuration (e.g. EVRI_CALLS_PER_MINUTE), defaulting to a polite 600. */
export function callsPerMinuteSetting(raw: string | undefined): number {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : 600;
}

export type CarrierErrorKind =
  /** Timeouts, network failures, 429 and 5xx after the retries: worth trying again later. */
  | "unavailable"
  /** The carrier answered something we cannot read (not JSON, or not the documented shape). */
  | "malformed"
  /** The carrier refused the request itself (401/403/400): configuration, not the parcel. */
  | "rejected";

export class CarrierError extends Error {
  /** How long the carrier asked us to wait (Retry-After), when it did. */
  retryAfterMs?: number;
  constructor(
    readonly kind: CarrierErrorKind,
    message: string,
    readonly httpStatus?: number,
    /** The carrier's own error code (e.g. Royal Mail's E1307), for the logs. */
    readonly code?: string,
  ) {
    super(message);
    this.name = "CarrierError";
  }
  get retryable() {
    return this.kind === "unavailable";
  }
}

export interface CarrierHttpOptions {
  /** Per attempt. */
  timeoutMs?: number;
  /** Extra attempts after the first, on 429/5xx/network errors only. */
  retries?: number;
  /** First backoff delay; doubles each retry. */
  backoffMs?: number;
  /** A longer Retry-After than this ends the retries (the queue tries again later). */
  maxRetryAfterMs?: number;
}

export const DEFAULT_HTTP: Required<CarrierHttpOptions> = {
  timeoutMs: 10_000,
  retries: 2,
  backoffMs: 500,
  maxRetryAfterMs: 5_000,
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function retryAfterMs(res: Response): number | null {
  const v = res.headers.get("Retry-After");
  if (!v) return null;
  const secs = Number(v);
  if (Number.isFinite(secs)) return Math.max(0, secs * 1000);
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

export interface CarrierResponse {
  status: number;
  /** Parsed JSON, or undefined when the body was empty or not JSON on a non-2xx answer. */
  body: unknown;
}

/**
 * GETs JSON from a carrier. Answers 2xx and 4xx (other than 429) to the caller, which knows what a
 * 404 means for its API; throws CarrierError for everything else.
 */
export async function getCarrierJson(
  carrier: string,
  url: string,
  headers: Record<string, string>,
  options: CarrierHttpOptions = {},
): Promise<CarrierResponse> {
  const opts = { ...DEFAULT_HTTP, ...options };
  let lastProblem = "";
  let lastRetryAfter: number | null = null;
  for (let attempt = 0; attempt <= opts.retries; attempt++) {
    if (attempt > 0) await sleep(opts.backoffMs * 2 ** (attempt - 1));
    let res: Response;
    try {
      res = await fetch(url, { headers: { Accept: "application/json", ...headers }, signal: AbortSignal.timeout(opts.timeoutMs) });
    } catch (err) {
      const timedOut = (err as Error)?.name === "TimeoutError" || (err as Error)?.name === "AbortError";
      lastProblem = timedOut ? `${carrier} did not answer in time` : `${carrier} could not be reached`;
      continue;
    }
    if (res.status === 429 || res.status >= 500) {
      lastProblem = res.status === 429 ? `${carrier} is limiting requests (HTTP 429)` : `${carrier} had a problem (HTTP ${res.status})`;
      const wait = res.status === 429 ? retryAfterMs(res) : null;
      lastRetryAfter = res.status === 429 ? (wait ?? 60_000) : null;
      await res.body?.cancel();
      if (wait !== null && wait > opts.maxRetryAfterMs) break;
      if (wait !== null && attempt < opts.retries) await sleep(wait);
      continue;
    }
    const text = await res.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      if (res.ok) throw new CarrierError("malformed", `${carrier} sent an answer that is not JSON`, res.status);
      body = undefined;
    }
    return { status: res.status, body };
  }
  const error = new CarrierError("unavailable", `${lastProblem}. Earlier tracking events are kept; we will try again later.`);
  if (lastRetryAfter !== null) error.retryAfterMs = lastRetryAfter;
  throw error;
}

/** A refused request (bad key, bad request) as a CarrierError. */
export function rejected(carrier: string, status: number, hint: string) {
  return new CarrierError("rejected", `${carrier} refused the tracking request (HTTP ${status}). ${hint}`, status);
}
