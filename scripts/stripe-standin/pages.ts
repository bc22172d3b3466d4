import { answerControl, dashboard } from "./dashboard.ts";
import { bodyText } from "./form.ts";
import { esc, pagesUnder, redirect, when } from "../standin-pages.ts";
import { money, type CheckoutSession } from "./objects.ts";
import type { StripeStandin } from "./standin.ts";

/** Every page of the Stripe stand-in, under its banner. */
export const page = pagesUnder("Stripe stand-in: test mode, no real money moves");

/**
 * The pages Stripe hosts, as the stand-in serves them:
 * - Checkout (`session.url`, /c/pay/<session>): what is bought and its price, 'Pay' and 'Cancel'. Pay completes
 *   the session (billing-cycle.ts), delivers its events to the app and then sends the browser to success_url
 *   (`{CHECKOUT_SESSION_ID}` filled in); Cancel sends it to cancel_url and leaves the session open, as Stripe does.
 * - The customer portal (/p/session/<portal session>): the customer's subscriptions, each with 'Cancel
 *   subscription' (the portal configured to cancel at once), and the way back to return_url.
 * - The dashboard (/) and its controls (/_standin/…): dashboard.ts.
 */
export async function answerPage(standin: StripeStandin, req: Request, url: URL): Promise<Response> {
  const checkout = url.pathname.match(/^\/c\/pay\/([^/]+)$/);
  if (checkout) return checkoutPage(standin, req, decodeURIComponent(checkout[1]));
  const portal = url.pathname.match(/^\/p\/session\/([^/]+)$/);
  if (portal) return portalPage(standin, req, decodeURIComponent(portal[1]));
  if (url.pathname === "/" && req.method === "GET") return dashboard(standin, url);
  if (url.pathname.startsWith("/_standin/")) return answerControl(standin, req, url);
  return page("Not found", `<div class="card"><h1>Not found</h1><p><a href="/">The stand-in's dashboard</a></p></div>`, 404);
}

function describe(standin: StripeStandin, session: CheckoutSession) {
  const line = session._line_items[0];
  const price = standin.account.prices.get(line.price)!;
  const product = standin.account.products.get(price.product);
  const every = price.recurring ? ` a ${price.recurring.interval}` : "";
  return { name: product?.name ?? price.id, detail: product?.description ?? "", amount: `${money(session.amount_total, session.currency)}${every}` };
}

async function checkoutPage(standin: StripeStandin, req: Request, id: string): Promise<Response> {
  const { account } = standin;
  const session = account.sessions.get(id);
  if (!session) return page("Checkout", `<div class="card"><h1>Something went wrong</h1><p>This checkout link is not valid.</p></div>`, 404);
  if (session.status === "open" && session.expires_at <= account.now()) {
    account.billing.expire(session);
    await standin.flush();
  }
  if (req.method === "POST") {
    const action = new URLSearchParams(await bodyText(req)).get("action");
    if (action === "cancel") return session.cancel_url ? redirect(session.cancel_url) : redirect(`/c/pay/${id}`);
    if (action === "pay" && session.status === "open") {
      account.billing.pay(session);
      // The app hears of the payment before the browser comes back to it (Stripe's order is not promised; this
      // one makes the success page's balance right at once, and the webhook path is the same).
      await standin.flush();
      return session.success_url ? redirect(session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", session.id)) : redirect(`/c/pay/${id}`);
    }
    return redirect(`/c/pay/${id}`);
  }
  const { name, detail, amount } = describe(standin, session);
  const email = session.customer ? account.customers.get(session.customer)?.email : session.customer_email;
  if (session.status !== "open") {
    const done = session.status === "complete";
    const back = done ? session.success_url : session.cancel_url;
    return page(
      "Checkout",
      `<div class="card"><h1>${done ? "Payment complete" : "This checkout has expired"}</h1><p>${esc(name)}: ${esc(amount)}</p>${back ? `<p><a class="btn" href="${esc(back)}">Back to the shop</a></p>` : ""}</div>`,
    );
  }
  return page(
    `Pay: ${name}`,
    `<div class="card">
      <p class="muted small">Parcelhive · ${esc(session.mode === "subscription" ? "Subscribe" : "Pay once")}</p>
      <h1>${esc(name)}</h1>
      <p class="amount">${esc(amount)}</p>
      <p class="muted">${esc(detail)}</p>
    </div>
    <form class="card" method="post">
      <h2>Payment details</h2>
      <label for="email">Email</label><input id="email" value="${esc(email ?? "")}" readonly>
      <label for="card">Card (test card: always approved)</label><input id="card" value="4242 4242 4242 4242" readonly>
      <div class="actions">
        <button class="primary" type="submit" name="action" value="pay">Pay ${esc(amount)}</button>
        <button type="submit" name="action" value="cancel">Cancel</button>
      </div>
      <p class="muted small">Expires ${esc(when(session.expires_at))}</p>
    </form>`,
  );
}

async function portalPage(standin: StripeStandin, req: Request, id: string): Promise<Response> {
  const { account } = standin;
  const portal = account.portals.get(id);
  if (!portal) return page("Billing", `<div class="card"><h1>Something went wrong</h1><p>This portal link is not valid.</p></div>`, 404);
  if (req.method === "POST") {
    const form = new URLSearchParams(await bodyText(req));
    const sub = account.subscriptions.get(form.get("subscription") ?? "");
    if (form.get("action") === "cancel" && sub && sub.customer === portal.customer && sub.status !== "canceled") {
      account.billing.cancel(sub, "cancellation_requested");
      await standin.flush();
    }
    return redirect(`/p/session/${id}`);
  }
  const customer = account.customers.get(portal.customer);
  const subs = [...account.subscriptions.values()].filter((s) => s.customer === portal.customer).sort((a, b) => b.created - a.created);
  const rows = subs.map((s) => {
    const item = s.items.data[0];
    const product = account.products.get(item.price.product)?.name ?? item.price.id;
    const state =
      s.status === "canceled"
        ? `<p class="bad">Cancelled on ${esc(when(s.canceled_at))}</p>`
        : `<p>${s.status === "past_due" ? `<span class="bad">Payment failed: </span>` : ""}Renews on ${esc(when(item.current_period_end))}</p>
           <form method="post"><input type="hidden" name="subscription" value="${esc(s.id)}"><button class="danger" type="submit" name="action" value="cancel">Cancel subscription</button></form>`;
    return `<div class="card"><h2>${esc(product)}</h2><p class="amount">${esc(money((item.price.unit_amount ?? 0) * item.quantity, item.price.currency))} a ${esc(item.price.recurring?.interval ?? "month")}</p>${state}</div>`;
  });
  return page(
    "Manage your subscription",
    `<h1>Manage your subscription</h1>
    <p class="muted">${esc(customer?.email ?? portal.customer)}</p>
    ${rows.join("") || `<div class="card"><p>You have no subscriptions.</p></div>`}
    ${portal.return_url ? `<p><a class="btn" href="${esc(portal.return_url)}">Return to Parcelhive</a></p>` : ""}`,
  );
}
