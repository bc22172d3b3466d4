import { BOOKMARK_HEADER, bookmarks } from "./bookmarks";

/**
 * API calls the HTML starts before the app's code arrives (web/shell/boot.ts, issue 26): a screen's first GETs go
 * out while the scripts download, and the API client (send in ./client.ts) answers the app's first GET of the same
 * address with the same token from here instead of asking again. Each answer is used once, and only shortly after
 * the page loaded: a later visit to the screen asks the server. They carry the stored D1 bookmark as every call does
 * (./bookmarks.ts), and the client keeps the one their answer brings when it takes it.
 */
interface EarlyCall {
  url: string;
  token: string;
  at: number;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __phEarly?: EarlyCall[];
  }
}

/** An early answer is only for the app's first render, which follows the page's load within seconds. */
const EARLY_FOR_MS = 15_000;

/** Starts GET `url` with the bearer `token`, as the API client would send it. */
export function startEarlyCall(url: string, token: string): void {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  const bookmark = bookmarks.current();
  if (bookmark) headers[BOOKMARK_HEADER] = bookmark;
  const response = fetch(url, { headers, credentials: "include" });
  // A failed early call is asked again by the app; never an unhandled rejection here.
  response.catch(() => {});
  window.__phEarly ??= [];
  window.__phEarly.push({ url, token, at: Date.now(), response });
}

/** The early answer to GET `url` with `token`, once; undefined when there is none (or it is too old). */
export function takeEarlyCall(url: string, token: string | null): Promise<Response> | undefined {
  const calls = window.__phEarly;
  if (!calls || !token) return undefined;
  const i = calls.findIndex((c) => c.url === url && c.token === token);
  if (i < 0) return undefined;
  const [call] = calls.splice(i, 1);
  return Date.now() - call.at < EARLY_FOR_MS ? call.response : undefined;
}

/**
 * The JSON of the early answer to GET `url`, for the app shell to draw from (web/shell/first-cards.ts): read from a
 * copy, so the API client still takes the answer itself; rejected for an error status or a call not started.
 */
export function peekEarlyCall(url: string): Promise<unknown> {
  const call = window.__phEarly?.find((c) => c.url === url);
  if (!call) return Promise.reject(new Error(`no early call to ${url}`));
  return call.response.then((r) => (r.ok ? r.clone().json() : Promise.reject(new Error(`${url}: ${r.status}`))));
}
