import { esc } from "../standin-pages.ts";
import { type FaultKind, json, type OrderSeed, readFields, redirect, str } from "./common.ts";
import { page } from "./pages.ts";
import type { MarketplaceStandin } from "./standin.ts";

/**
 * The stand-in's dashboard (/) and its controls, for tests, e2e and a developer. Each control answers JSON to a caller
 * that asks for it (`Accept: application/json`), else goes back to the dashboard.
 *   GET  /_standin/fulfilments                             what each marketplace recorded as dispatched
 *   POST /_standin/orders                                  { marketplace, shop?, recipient: { name, line1, line2?, city,
 *                                                          postcode }, items: [{ title, quantity? }], createdAt?, shipBy?,
 *                                                          buyer? }: a new order awaiting dispatch
 *   POST /_standin/orders/<marketplace>/<id>/ship-by-hand  { trackingNumber, carrier? }: the seller marks it dispatched
 *                                                          on the marketplace's own site
 *   POST /_standin/faults                                  { marketplace, kind: expired_token | rate_limited |
 *                                                          server_error, path?, method?, times? }
 *   POST /_standin/clock                                   { advanceSeconds }: tokens expire, limits refill
 *   POST /_standin/ebay/account-deletion                   { username, userId? }: eBay's signed notification to the app
 *   POST /_standin/ebay/validate-endpoint                  eBay's challenge to the app's deletion endpoint
 *   POST /_standin/shopify/compliance                      { topic, shop, customerId?, orderIds? }: a mandatory privacy webhook
 *   POST /_standin/shopify/<shop>/uninstall                the merchant uninstalls the app
 */
const MARKETPLACES = ["ebay", "etsy", "shopify"] as const;
type Marketplace = (typeof MARKETPLACES)[number];
const KINDS: FaultKind[] = ["expired_token", "rate_limited", "server_error"];

function seedOf(body: Record<string, unknown>): OrderSeed | null {
  const r = (body.recipient ?? body) as Record<string, unknown>;
  const name = str(r.name);
  const line1 = str(r.line1);
  const city = str(r.city);
  const postcode = str(r.postcode);
  if (!name || !line1 || !city || !postcode) return null;
  const items = Array.isArray(body.items) ? (body.items as { title?: unknown; quantity?: unknown; sku?: unknown }[]) : [{ title: str(body.item) ?? "Handmade mug", quantity: Number(body.quantity ?? 1) }];
  return {
    recipient: { name, line1, line2: str(r.line2) || undefined, city, postcode, country: str(r.country) || undefined },
    items: items.map((i) => ({ title: str(i.title) ?? "Item", quantity: Number(i.quantity ?? 1) || 1, sku: str(i.sku) })),
    createdAt: typeof body.createdAt === "number" ? body.createdAt : undefined,
    shipBy: typeof body.shipBy === "number" ? body.shipBy : undefined,
    buyer: str(body.buyer),
  };
}

export async function answerControl(standin: MarketplaceStandin, req: Request, url: URL): Promise<Response> {
  const wantsJson = (req.headers.get("Accept") ?? "").includes("application/json");
  const done = (body: unknown) => (wantsJson ? json(200, body) : redirect("/"));
  const refuse = (status: number, message: string) => (wantsJson ? json(status, { error: message }) : page("Stand-in", `<div class="card"><p class="bad">${esc(message)}</p><p><a href="/">Back</a></p></div>`, status));
  if (req.method === "GET" && url.pathname === "/_standin/fulfilments") return json(200, standin.fulfilments());
  if (req.method !== "POST") return refuse(405, "Use POST");
  let body: Record<string, unknown>;
  try {
    body = await readFields(req);
  } catch {
    return refuse(400, "The body is not JSON");
  }
  const p = url.pathname;
  const market = str(body.marketplace) as Marketplace | undefined;
  if (p === "/_standin/orders") {
    const seed = seedOf(body);
    if (!market || !MARKETPLACES.includes(market) || !seed) return refuse(400, "marketplace (ebay, etsy, shopify) and recipient { name, line1, city, postcode } are required");
    const shop = str(body.shop) || undefined;
    if (market === "ebay") {
      const { order } = standin.ebay.seedOrder(seed, shop);
      return done({ marketplace: market, id: order.orderId, order });
    }
    if (market === "etsy") {
      const receipt = standin.etsy.seedOrder(seed, shop);
      return done({ marketplace: market, id: String(receipt.receipt_id), order: receipt });
    }
    const order = await standin.shopify.seedOrder(seed, shop);
    return done({ marketplace: market, id: String(order.id), order });
  }
  const byHand = p.match(/^\/_standin\/orders\/(ebay|etsy|shopify)\/([^/]+)\/ship-by-hand$/);
  if (byHand) {
    const tracking = str(body.trackingNumber) || `HAND${Date.now().toString().slice(-9)}`;
    const carrier = str(body.carrier) || undefined;
    const id = decodeURIComponent(byHand[2]);
    const shipped = byHand[1] === "ebay" ? standin.ebay.shipByHand(id, tracking, carrier) : byHand[1] === "etsy" ? standin.etsy.shipByHand(Number(id), tracking, carrier) : standin.shopify.shipByHand(Number(id), tracking, carrier);
    return shipped ? done({ shipped }) : refuse(404, "No such order, or nothing left to ship");
  }
  if (p === "/_standin/faults") {
    const kind = str(body.kind) as FaultKind;
    if (!market || !MARKETPLACES.includes(market) || !KINDS.includes(kind)) return refuse(400, "marketplace and kind (expired_token, rate_limited, server_error) are required");
    const path = str(body.path);
    standin[market].fail({ kind, ...(path ? { path: path.startsWith("^") ? new RegExp(path) : path } : {}), method: str(body.method) || undefined, times: Number(body.times ?? 1) || 1 });
    return done({ queued: kind });
  }
  if (p === "/_standin/clock") {
    const seconds = Number(body.advanceSeconds);
    if (!Number.isFinite(seconds) || seconds <= 0) return refuse(400, "advanceSeconds must be a positive number");
    standin.clock.advance(seconds);
    return done({ now: standin.clock.nowSec() });
  }
  if (p === "/_standin/ebay/account-deletion") {
    const username = str(body.username);
    if (!username) return refuse(400, "username is required");
    return done(await standin.ebay.notifications.sendAccountDeletion(username, str(body.userId) ?? standin.ebay.addSeller(username).userId));
  }
  if (p === "/_standin/ebay/validate-endpoint") return done({ ok: await standin.ebay.notifications.validateEndpoint() });
  if (p === "/_standin/shopify/compliance") {
    const topic = str(body.topic);
    const shop = str(body.shop) ?? "hollow-oak";
    const customer = { id: Number(body.customerId ?? 0), email: str(body.email) ?? null, phone: null };
    const orders = Array.isArray(body.orderIds) ? body.orderIds.map(Number) : [];
    const base = { shop_id: 1, shop_domain: `${shop}.myshopify.com` };
    const payload = topic === "customers/data_request" ? { ...base, orders_requested: orders, customer, data_request: { id: Date.now() } } : topic === "customers/redact" ? { ...base, customer, orders_to_redact: orders } : topic === "shop/redact" ? base : null;
    if (!payload || !topic) return refuse(400, "topic must be customers/data_request, customers/redact or shop/redact");
    return done(await standin.shopify.sendWebhook(shop, topic, payload));
  }
  const uninstall = p.match(/^\/_standin\/shopify\/([^/]+)\/uninstall$/);
  if (uninstall) {
    await standin.shopify.uninstall(decodeURIComponent(uninstall[1]));
    return done({ uninstalled: uninstall[1] });
  }
  return refuse(404, "No such control");
}

/** `/`: each marketplace's open orders, what was dispatched, and forms for the controls above. */
export function dashboard(standin: MarketplaceStandin): Response {
  const orderRows = [
    ...[...standin.ebay.orders.values()].map((o) => ["ebay", o.order.orderId, o.order.fulfillmentStartInstructions[0].shippingStep.shipTo.fullName, o.order.fulfillmentStartInstructions[0].shippingStep.shipTo.contactAddress.postalCode, o.order.orderFulfillmentStatus]),
    ...[...standin.etsy.receipts.values()].map(({ receipt: r }) => ["etsy", String(r.receipt_id), r.name, r.zip, r.is_shipped ? "shipped" : "not shipped"]),
    ...[...standin.shopify.shops.values()].flatMap((s) => s.orders.map((o) => ["shopify", String(o.id), o.shippingAddress.name, o.shippingAddress.zip, o.fulfillmentOrders[0].status])),
  ];
  const rows = orderRows
    .map(([m, id, name, postcode, status]) => `<tr><td>${esc(m)}</td><td><code>${esc(id)}</code></td><td>${esc(name)}</td><td>${esc(postcode)}</td><td>${esc(status)}</td><td><form class="inline" method="post" action="/_standin/orders/${esc(m)}/${encodeURIComponent(id)}/ship-by-hand"><button>Mark dispatched by hand</button></form></td></tr>`)
    .join("");
  const shipped = standin
    .fulfilments()
    .map((f) => `<tr><td>${esc(f.marketplace)}</td><td><code>${esc(f.orderId)}</code></td><td><code>${esc(f.trackingNumber)}</code></td><td>${esc(f.carrier)}</td><td>${f.byHand ? "by hand" : "by the app"}</td></tr>`)
    .join("");
  const field = (name: string, label: string, value = "") => `<label for="${name}">${label}</label><input id="${name}" name="${name}" value="${esc(value)}" required>`;
  return page(
    "Marketplace stand-in",
    `<div class="card"><h1>Marketplace stand-in</h1><p class="muted small">eBay under <code>/ebay</code>, Etsy under <code>/etsy</code>, Shopify under <code>/shopify/{shop}</code>. Clock: ${esc(new Date(standin.clock.nowMs()).toISOString())}</p></div>
<div class="card"><h2>Orders</h2><div class="table"><table><thead><tr><th>Marketplace</th><th>Order</th><th>Recipient</th><th>Postcode</th><th>Status</th><th></th></tr></thead><tbody>${rows || `<tr><td colspan="6">No orders yet.</td></tr>`}</tbody></table></div></div>
<div class="card"><h2>Dispatched</h2><div class="table"><table><thead><tr><th>Marketplace</th><th>Order</th><th>Tracking</th><th>Carrier</th><th>How</th></tr></thead><tbody>${shipped || `<tr><td colspan="5">Nothing dispatched yet.</td></tr>`}</tbody></table></div></div>
<div class="card"><h2>New order</h2><form method="post" action="/_standin/orders"><label for="marketplace">Marketplace</label><select id="marketplace" name="marketplace"><option>ebay</option><option>etsy</option><option>shopify</option></select>
${field("name", "Recipient", "Ms Ada Lovelace")}${field("line1", "Address", "12 Analytical Row")}${field("city", "Town", "London")}${field("postcode", "Postcode", "N1 9GU")}${field("item", "Item", "Handmade mug")}
<div class="actions"><button class="primary">Add the order</button></div></form></div>
<div class="card"><h2>eBay account deletion</h2><form method="post" action="/_standin/ebay/account-deletion">${field("username", "eBay user name")}<div class="actions"><button>Send the notification</button></div></form></div>`,
  );
}
