import { Hono } from "hono";
import { z } from "zod";
import { requireAuth } from "../auth/require-auth";
import type { AppEnv } from "../context";
import { notFound } from "../lib/errors";
import { describe } from "../lib/openapi-meta";
import { validate } from "../lib/validate";
import { isConfigured } from "./config";
import { disconnect, finishConnect, listConnections, startConnect } from "./connections";
import { MARKETPLACE_NAMES, MARKETPLACES, SHOPIFY_SHOP } from "./model";
import { firstSync } from "./orders-sync";
import { resumeDispatches } from "./tracking-out";
import { answerLabelOrder, labelOrder, retryLabelDispatch } from "./links";
import { listOrders } from "./order-views";
import { handleShopifyWebhook } from "./shopify-webhooks";
import { challengeResponse, handleAccountDeletion } from "./ebay-deletion";

/**
 * /marketplaces: the signed-in seller's connected eBay, Etsy and Shopify shops. Account only (an access token, not a
 * developer API key): a connection acts on the seller's marketplace account. Connecting is two calls around the
 * marketplace's consent page: `connect` answers where to send the browser; the marketplace sends it back to the app's
 * screen (/settings/marketplaces/<marketplace>), which hands what came with it to `connected`.
 */
const TAG = "marketplaces";
const marketplaceParam = validate("param", z.object({ marketplace: z.enum(MARKETPLACES) }));
// Shopify's store name as its myshopify.com address starts (a whole address is accepted and cut down to it).
const shopName = z
  .string()
  .trim()
  .toLowerCase()
  .transform((s) => s.replace(/^https?:\/\//, "").replace(/\.myshopify\.com\/?$/, ""))
  .pipe(z.string().regex(SHOPIFY_SHOP, "Enter the store's name as in its myshopify.com address"));
// What the marketplace put on the return address: a few short strings (code, state, and Shopify's signed fields).
const returned = z.record(z.string().max(64), z.string().max(4096)).refine((r) => Object.keys(r).length <= 20, "Too many parameters");

const routes = new Hono<AppEnv>()
  .get("/marketplaces", requireAuth({ apiKey: false }), describe({ summary: "The marketplaces this server can connect, and your connected shops.", tag: TAG }), async (c) => {
    const connections = await listConnections(c.get("db"), c.get("user").id);
    const marketplaces = MARKETPLACES.map((marketplace) => ({ marketplace, name: MARKETPLACE_NAMES[marketplace], configured: isConfigured(c.env, marketplace) }));
    return c.json({ marketplaces, connections });
  })
  .post(
    "/marketplaces/:marketplace/connect",
    requireAuth({ apiKey: false }),
    describe({ summary: "Start connecting a shop: answers the marketplace's consent page to send the browser to.", description: "A Shopify store is named in `shop`. The page's answer comes back to the app's screen within 15 minutes.", tag: TAG }),
    marketplaceParam,
    validate("json", z.strictObject({ shop: shopName.optional() })),
    async (c) => {
      const { marketplace } = c.req.valid("param");
      const authorizeUrl = await startConnect(c.env, c.get("db"), c.get("user").id, marketplace, c.req.valid("json").shop ?? null);
      return c.json({ authorizeUrl });
    },
  )
  .post(
    "/marketplaces/:marketplace/connected",
    requireAuth({ apiKey: false }),
    describe({ summary: "Finish connecting: the parameters the marketplace sent the browser back with. The shop's orders start coming in at once.", tag: TAG }),
    marketplaceParam,
    validate("json", z.strictObject({ params: returned })),
    async (c) => {
      const connection = await finishConnect(c.env, c.get("db"), c.get("user").id, c.req.valid("param").marketplace, c.req.valid("json").params);
      // Its orders start coming in now, not at the next cron; tracking that waited for it (reconnected) goes out.
      c.executionCtx.waitUntil(Promise.all([firstSync(c.env, c.get("db"), connection.id), resumeDispatches(c.env, c.get("db"), connection.id)]));
      return c.json({ connection });
    },
  )
  .delete(
    "/marketplaces/connections/:id",
    requireAuth({ apiKey: false }),
    describe({ summary: "Disconnect a shop: its tokens are deleted at once.", tag: TAG }),
    validate("param", z.object({ id: z.string().trim().min(1).max(64) })),
    async (c) => {
      if (!(await disconnect(c.get("db"), c.get("user").id, c.req.valid("param").id))) throw notFound("Connection not found");
      return c.body(null, 204);
    },
  );

// Labels meet orders: the seller's own orders and labels only (another's id is a 404). An API key may call them too.
const labelParam = validate("param", z.object({ id: z.string().trim().min(1).max(100) }));
routes
  .get(
    "/marketplaces/orders",
    requireAuth(),
    describe({ summary: "Your orders from connected shops in one state (awaiting dispatch by default), soonest due first, each with how long it has awaited dispatch and the labels linked to it.", tag: TAG }),
    validate("query", z.object({ status: z.enum(["awaiting", "dispatched", "cancelled"]).default("awaiting"), cursor: z.string().max(200).optional(), limit: z.coerce.number().int().min(1).max(200).default(50) })),
    async (c) => c.json(await listOrders(c.get("db"), c.get("user").id, c.req.valid("query"), Date.now())),
  )
  .get(
    "/label/:id/order",
    requireAuth(),
    describe({ summary: "The marketplace order a label is linked to, or the orders it may be for ('Which order is this label for?').", tag: TAG }),
    labelParam,
    async (c) => c.json(await labelOrder(c.get("db"), c.get("user").id, c.req.valid("param").id, Date.now())),
  )
  .put(
    "/label/:id/order",
    requireAuth(),
    describe({ summary: "Link the label to one of your orders (by hand; it replaces any link it had). One order may take several labels.", description: "409 for a cancelled order.", tag: TAG }),
    labelParam,
    validate("json", z.strictObject({ orderId: z.string().trim().min(1).max(64) })),
    async (c) => c.json(await answerLabelOrder(c.env, c.get("db"), c.get("user").id, c.req.valid("param").id, c.req.valid("json").orderId, Date.now())),
  )
  .post(
    "/label/:id/order/retry",
    requireAuth(),
    describe({ summary: "Send the label's tracking to its order's marketplace again, after it failed ('Try again').", description: "409 unless the label is linked and its tracking out failed: a parcel pending or sent is never sent twice.", tag: TAG }),
    labelParam,
    async (c) => c.json(await retryLabelDispatch(c.env, c.get("db"), c.get("user").id, c.req.valid("param").id, Date.now())),
  )
  .delete(
    "/label/:id/order",
    requireAuth(),
    describe({ summary: "Unlink the label from its order, or answer 'None of these' to its question: those orders are not offered for it again.", tag: TAG }),
    labelParam,
    async (c) => c.json(await answerLabelOrder(c.env, c.get("db"), c.get("user").id, c.req.valid("param").id, null, Date.now())),
  );

// No auth: Shopify signs the raw body with the app's secret, and the signature is the authentication.
routes.post(
  "/marketplaces/shopify/webhooks",
  describe({ summary: "Shopify's webhooks (orders/create, app/uninstalled and the mandatory privacy topics), verified by their `X-Shopify-Hmac-Sha256`: for Shopify only.", tag: TAG }),
  async (c) => {
    const body = await c.req.text();
    const ok = await handleShopifyWebhook(c.env, c.get("sessions"), c.req.header("X-Shopify-Topic") ?? "", c.req.header("X-Shopify-Shop-Domain") ?? "", body, c.req.header("X-Shopify-Hmac-Sha256"));
    if (!ok) return c.json({ error: "The webhook's signature is not Shopify's" }, 401);
    return c.json({ received: true });
  },
);

// No auth: eBay's check of the endpoint is a hash with the verification token; its notifications are signed (ECDSA).
routes.get(
  "/marketplaces/ebay/account-deletion",
  describe({ summary: "eBay's check of the account deletion endpoint: for eBay only.", tag: TAG }),
  validate("query", z.object({ challenge_code: z.string().min(1).max(512) })),
  async (c) => {
    const answer = await challengeResponse(c.env, c.req.valid("query").challenge_code);
    if (!answer) return c.json({ error: "eBay account deletion is not configured" }, 503);
    return c.json({ challengeResponse: answer });
  },
);
routes.post("/marketplaces/ebay/account-deletion", describe({ summary: "eBay's marketplace account deletion notifications, verified by their `X-EBAY-SIGNATURE`: for eBay only.", tag: TAG }), async (c) => {
  const ok = await handleAccountDeletion(c.env, c.get("sessions"), await c.req.text(), c.req.header("X-EBAY-SIGNATURE"));
  if (!ok) return c.json({ error: "The notification's signature is not eBay's" }, 412);
  return c.body(null, 204);
});

export default routes;
