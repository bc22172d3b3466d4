import { Hono, type Context } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { AppEnv } from "../context";
import { pageTokenDatabase } from "../db/databases";
import { log } from "../lib/log";
import { cachedPage, keepPage, purgePages } from "../labels/tracking-page-cache";
import { pageNotFoundHtml, tooManyRequestsHtml, trackingPageHtml, unsubscribeHtml } from "./html";
import { unsubscribeBuyer, unsubscribeSeller } from "../buyer-mail/unsubscribe";
import { countPageView, pageBanner, readTrackingPage } from "./pages";
import { PAGE_TOKEN } from "../labels/tracking-page-token";
import { buyerView } from "./view";

/**
 * /t/<token>: the buyer's tracking page, server-rendered (no SPA bundle), public. No cookie is read or set, nothing
 * is fetched from anyone else (CSP default-src 'none': no script at all, styles inline, images from this origin),
 * search engines are told not to index it, and no referrer leaves it (the token is in the address). Every request
 * is rate limited per client IP before anything is read; a token that is unknown, switched off or malformed gets
 * the same 404 page, status and headers. A buyer mail's unsubscribe link lives here too (/t/unsubscribe/<token>).
 */

const pageHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'none'"],
    styleSrc: ["'unsafe-inline'"],
    imgSrc: ["'self'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
  referrerPolicy: "no-referrer",
  crossOriginResourcePolicy: "same-origin",
  xFrameOptions: "DENY",
  strictTransportSecurity: false,
});

/** Link previews (chat apps unfurling the link) and crawlers fetch the page too: they are not a buyer opening it. */
const NOT_A_VIEW = /bot|crawl|spider|preview|slurp|facebookexternalhit|whatsapp|telegram|discord|skype|embedly/i;

const clientIp = (c: Context<AppEnv>) => c.req.header("cf-connecting-ip") ?? "unknown";

/** The browser's copy is always checked again (tracking moves); only the edge keeps pages for a while. */
function answer(c: Context<AppEnv>, body: string | ReadableStream, status: 200 | 404 | 429, from?: Response) {
  const headers = new Headers(from?.headers ?? { "Content-Type": "text/html; charset=utf-8" });
  headers.set("Cache-Control", "no-cache");
  headers.set("X-Robots-Tag", "noindex, nofollow, noarchive");
  if (status === 429) headers.set("Retry-After", "60");
  return c.body(body, status, Object.fromEntries(headers));
}

const notFoundPage = (c: Context<AppEnv>) => answer(c, pageNotFoundHtml().toString(), 404);

/** The owner's database of the label behind `token` (the directory's entry names them), or null for no entry. */
async function pageDb(c: Context<AppEnv>, token: string) {
  const name = await pageTokenDatabase(c.env, c.get("directory"), token);
  return name === null ? null : c.get("sessions").db(name);
}

/** Counts a view after the answer; a cached copy whose token is gone is dropped here. */
function afterView(c: Context<AppEnv>, token: string, fromCache: boolean) {
  if (c.req.method !== "GET" || NOT_A_VIEW.test(c.req.header("User-Agent") ?? "")) return;
  c.executionCtx.waitUntil(
    pageDb(c, token)
      .then((db) => (db ? countPageView(db, token) : false))
      .then((found) => (!found && fromCache ? purgePages(c.env, [token]) : undefined))
      .catch((err) => log("warn", "tracking page view not counted", { error: String(err) })),
  );
}

const routes: Hono<AppEnv> = new Hono<AppEnv>()
  .use("*", pageHeaders, async (c, next) => {
    if (c.env.ENVIRONMENT === "production") c.header("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    const { success } = await c.env.TRACKING_PAGE_LIMITER.limit({ key: `page:${clientIp(c)}` });
    if (!success) return answer(c, tooManyRequestsHtml().toString(), 429);
    await next();
  })
  // A buyer mail's unsubscribe link: the page asks; its button, or the mail client's one-click POST (RFC 8058), does it.
  .get("/unsubscribe/:token", async (c) => {
    const found = await unsubscribeSeller(c.env, c.get("sessions"), c.req.param("token"));
    return found ? answer(c, unsubscribeHtml(found.seller, "ask").toString(), 200) : notFoundPage(c);
  })
  .post("/unsubscribe/:token", async (c) => {
    const token = c.req.param("token");
    if (!(await unsubscribeBuyer(c.env, c.get("sessions"), token))) return notFoundPage(c);
    const found = await unsubscribeSeller(c.env, c.get("sessions"), token);
    return answer(c, unsubscribeHtml(found?.seller ?? null, "done").toString(), 200);
  })
  .get("/:token", async (c) => {
    const token = c.req.param("token");
    if (!PAGE_TOKEN.test(token)) return notFoundPage(c);
    const cached = await cachedPage(token);
    if (cached) {
      afterView(c, token, true);
      return answer(c, cached.body ?? "", 200, cached);
    }
    const db = await pageDb(c, token);
    const found = db ? await readTrackingPage(db, token) : null;
    if (!found) return notFoundPage(c);
    const page = answer(c, trackingPageHtml(token, buyerView(found.label, found.owner)).toString(), 200);
    c.executionCtx.waitUntil(keepPage(token, page).catch((err) => log("warn", "tracking page not cached", { error: String(err) })));
    afterView(c, token, false);
    return page;
  })
  // The seller's banner for their pages. Its address carries the banner's version, so a browser keeps it for good.
  .get("/:token/banner", async (c) => {
    const token = c.req.param("token");
    const db = PAGE_TOKEN.test(token) ? await pageDb(c, token) : null;
    const banner = db ? await pageBanner(db, token) : null;
    const object = banner ? await c.env.FILES.get(banner.key) : null;
    if (!banner || !object) return notFoundPage(c);
    const current = banner.key.endsWith(`/${c.req.query("v") ?? ""}`);
    return c.body(object.body, 200, {
      "Content-Type": banner.mime ?? object.httpMetadata?.contentType ?? "application/octet-stream",
      "Content-Length": String(object.size),
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "no-cache",
      "X-Content-Type-Options": "nosniff",
    });
  })
  .all("*", notFoundPage);

export default routes;
