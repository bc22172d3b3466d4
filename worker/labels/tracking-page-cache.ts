import { log } from "../lib/log";
import { publicOrigin, trackingPageUrl } from "./tracking-page-token";

/**
 * Buyer pages in the edge cache (the Workers Cache API, `caches.default`): a page is kept for EDGE_TTL_SECONDS in
 * the data centre that rendered it, so a buyer refreshing, or a link opened by many, costs no D1 read and no
 * render. Every request still runs the Worker (rate limit, view count), which then answers from the cache.
 *
 * Purging when tracking changes or the owner switches the page off: the Cache API lives in one data centre, so
 * `cache.delete` empties only the copy where the change was made (where the queue consumer or the API call ran).
 * With CACHE_PURGE_ZONE_ID and the CACHE_PURGE_API_TOKEN secret set, the page's URL is also purged through
 * Cloudflare's purge-by-URL API, which empties every data centre within seconds. Without them, a copy elsewhere
 * lives out its TTL: a buyer may see a page up to 60 s old, and a switched-off page may answer up to 60 s more
 * there (the first view of it then finds the token gone and drops that copy too).
 *
 * Kept with the label (the page itself is worker/tracking-page/): whatever changes a label purges its page.
 */
export const EDGE_TTL_SECONDS = 60;

/** One key per page, whatever the query string or host the buyer used: nobody can fill the cache with variants. */
const cacheKey = (token: string) => new Request(`${publicOrigin()}/t/${token}`);

export async function cachedPage(token: string): Promise<Response | undefined> {
  return caches.default.match(cacheKey(token));
}

/** Keeps a copy of a page for EDGE_TTL_SECONDS (the copy's own Cache-Control tells the cache how long). */
export async function keepPage(token: string, page: Response): Promise<void> {
  const copy = new Response(page.clone().body, page);
  copy.headers.set("Cache-Control", `public, max-age=${EDGE_TTL_SECONDS}`);
  await caches.default.put(cacheKey(token), copy);
}

type PurgeEnv = Partial<Pick<Env, "CACHE_PURGE_ZONE_ID" | "CACHE_PURGE_API_TOKEN">>;

/** Drops the pages' cached copies: here, and everywhere when the purge API is configured. Never throws. */
export async function purgePages(env: PurgeEnv, tokens: (string | null | undefined)[]): Promise<void> {
  const shared = tokens.filter((t): t is string => Boolean(t));
  if (!shared.length) return;
  try {
    await Promise.all(shared.map((t) => caches.default.delete(cacheKey(t))));
    if (!env.CACHE_PURGE_ZONE_ID || !env.CACHE_PURGE_API_TOKEN) return;
    const res = await fetch(`https://api.cloudflare.com/client/v4/zones/${encodeURIComponent(env.CACHE_PURGE_ZONE_ID)}/purge_cache`, {
      method: "POST",
      headers: { Authorization: `Bearer ${env.CACHE_PURGE_API_TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({ files: shared.map((t) => trackingPageUrl(t)) }),
      signal: AbortSignal.timeout(5000),
    });
    await res.body?.cancel().catch(() => {});
    if (!res.ok) log("warn", "tracking page purge refused", { status: res.status, pages: shared.length });
  } catch (err) {
    // The copies elsewhere live out their 60 s.
    log("warn", "tracking page purge failed", { pages: shared.length, error: String(err) });
  }
}
