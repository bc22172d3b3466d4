import { BOOKMARK_HEADER, bookmarks } from "./bookmarks";
import { takeEarlyCall } from "./early";
import { tokens } from "./tokens";

/**
 * The one API client. Every call goes to the site's own origin with cookies, and
 * carries the stored access token as a bearer header unless the request sets its own. A 401 on
 * any call but /refresh triggers one refresh and one retry; a failed refresh logs out and sends
 * the browser to /login. No response at all is 'Network error or CORS issue'. Every call carries this browser's D1
 * bookmarks and keeps the ones its answer brings (web/api/bookmarks.ts): a user reads their own writes.
 */

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const NETWORK_ERROR = "Network error or CORS issue";
const REFRESH_PATH = "/api/v1/refresh";
/** Calls where a 401 means wrong credentials or a bad link, not an expired session: never refreshed. */
const NO_REFRESH = /^\/api\/v1\/(login|signup|refresh|logout|verify-email|resend-verification|password-reset\/)/;

type Json = Record<string, unknown> | unknown[];
export interface RequestOptions {
  method?: string;
  /** A plain object is sent as JSON; FormData/Blob as is. */
  body?: Json | FormData | Blob;
  headers?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
}

let refreshing: Promise<string | null> | null = null;
let onLoggedOut: () => void = () => window.location.assign("/login");

/** The app frame sets this so a failed refresh navigates inside the SPA. */
export function setLoggedOutHandler(handler: () => void) {
  onLoggedOut = handler;
}

/** The address a call goes to: `path` with the set query parameters, in their order ('/api/v1/labels?page=1'). */
export function buildUrl(path: string, query?: RequestOptions["query"]): string {
  const url = new URL(path, window.location.origin);
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null && v !== "") url.searchParams.set(k, String(v));
  }
  return url.pathname + url.search;
}

async function send(path: string, opts: RequestOptions, accessToken: string | null): Promise<Response> {
  const headers = new Headers(opts.headers);
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData || opts.body instanceof Blob) body = opts.body;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  }
  if (!headers.has("Authorization") && accessToken) headers.set("Authorization", `Bearer ${accessToken}`);
  const bookmark = bookmarks.current();
  if (bookmark) headers.set(BOOKMARK_HEADER, bookmark);
  const url = buildUrl(path, opts.query);
  const method = opts.method ?? (body ? "POST" : "GET");
  // The page's HTML may have asked already (web/api/early.ts): its answer, unless it never came.
  const early = method === "GET" && !opts.headers?.Authorization ? takeEarlyCall(url, accessToken) : undefined;
  if (early !== undefined) {
    try {
      const res = await unlessAborted(early, opts.signal);
      bookmarks.keep(res.headers.get(BOOKMARK_HEADER));
      return res;
    } catch (err) {
      if (isAborted(err)) throw err;
    }
  }
  try {
    const res = await fetch(url, {
      method,
      headers,
      body,
      credentials: "include",
      signal: opts.signal,
    });
    bookmarks.keep(res.headers.get(BOOKMARK_HEADER));
    return res;
  } catch (err) {
    if (isAborted(err)) throw err;
    throw new ApiError(NETWORK_ERROR);
  }
}

/** `promise`, or the abort of `signal` if that comes first (an early answer cannot be aborted itself). */
function unlessAborted<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/**
 * One renewal per browser. Tabs share the tokens (local storage), so a browser restoring several tabs with an expired
 * access token would otherwise send one refresh token several times at once. Concurrent 401s in a tab wait for the
 * same renewal; across tabs a Web Lock lets one renew while the others wait, and a tab that gets the lock after another
 * renewed uses those tokens instead of presenting the replaced refresh token. (The server also answers a token replaced
 * seconds ago with the same successor, for a browser without Web Locks.) Never retried.
 */
function refreshTokens(rejected: string | null): Promise<string | null> {
  refreshing ??= withRenewalLock(async () => {
    const current = tokens.access();
    if (current && current !== rejected) return current;
    const refresh = tokens.refresh();
    if (!refresh) return null;
    try {
      const res = await send(REFRESH_PATH, { method: "POST", headers: { Authorization: `Bearer ${refresh}` } }, null);
      if (!res.ok) return null;
      const data = (await res.json()) as { access_token?: string; refresh_token?: string };
      if (!data.access_token || !data.refresh_token) return null;
      tokens.set(data.access_token, data.refresh_token);
      return data.access_token;
    } catch {
      return null;
    }
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

const RENEWAL_LOCK = "parcelhive-token-renewal";

function withRenewalLock<T>(renew: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  return locks ? locks.request(RENEWAL_LOCK, renew) : renew();
}

/** Sends a request with the refresh-once rule and returns the raw Response (for blobs). */
export async function apiFetch(path: string, opts: RequestOptions = {}): Promise<Response> {
  const ownAuth = Boolean(opts.headers?.Authorization);
  const used = tokens.access();
  let res = await send(path, opts, used);
  if (res.status === 401 && !NO_REFRESH.test(path) && !ownAuth) {
    const fresh = await refreshTokens(used);
    if (!fresh) {
      tokens.clear();
      onLoggedOut();
      throw new ApiError(await errorMessage(res), 401);
    }
    res = await send(path, opts, fresh);
  }
  if (!res.ok) {
    const body = await res.clone().json().catch(() => undefined);
    throw new ApiError(await errorMessage(res, body), res.status, body);
  }
  return res;
}

async function errorMessage(res: Response, body?: unknown): Promise<string> {
  const parsed = body ?? (await res.clone().json().catch(() => undefined));
  const error = (parsed as { error?: unknown } | undefined)?.error;
  if (typeof error === "string" && error) return error;
  return `Request failed with status code ${res.status}`;
}

/** JSON call: answers the parsed body (undefined for an empty body). */
export async function api<T = unknown>(path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await apiFetch(path, opts);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * The one rule for the text a failed call shows: the answer's `error`, else its `message`, else
 * the error's own message (network failure, 'Request failed with status code N'), else the
 * screen's fallback text.
 */
export function errorText(err: unknown, fallback: string): string {
  if (err instanceof ApiError) {
    const body = err.body as { error?: unknown; message?: unknown } | undefined;
    if (typeof body?.error === "string" && body.error) return body.error;
    if (typeof body?.message === "string" && body.message) return body.message;
  }
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}

/** A request the app itself gave up on (its screen went away, a newer one replaced it): not a failure. */
export function isAborted(err: unknown): boolean {
  return (err as Error | undefined)?.name === "AbortError";
}

/** Logs a call a screen can do without (the user, the couriers) when it failed, not when it was aborted. */
export function warnFailed(what: string, err: unknown): void {
  if (!isAborted(err)) console.warn(what, err);
}

/** Saves a downloaded file under `filename` (an object URL clicked through a temporary link). */
export function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = href;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Some browsers read the URL after click() returns: revoke it a little later.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
