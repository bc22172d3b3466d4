import { hidePrivate } from "./account.ts";
import { bodyText } from "./form.ts";
import { esc, redirect, when } from "../standin-pages.ts";
import { money } from "./objects.ts";
import { page } from "./pages.ts";
import type { Fault, StripeStandin } from "./standin.ts";

/**
 * The stand-in's own dashboard (/) and its controls: what Stripe's dashboard and test clocks do for a test
 * account. Each control answers JSON to a caller that asks for it (`Accept: application/json`), else goes back to
 * the dashboard.
 *   POST /_standin/subscriptions/<id>/renew   the clock moves to the subscription's period end: the next invoice
 *                                             is paid (`decline=1`: declined) and the events are delivered
 *   POST /_standin/clock/advance              `days=N`: renews, ends and expires whatever falls due
 *   POST /_standin/events/<id>/resend         delivers an event again (as Stripe's 'Resend')
 *   POST /_standin/faults                     JSON { method?, path, status, type, message, code?, times? }: the
 *                                             next matching API calls are refused with Stripe's error envelope
 *   GET  /_standin/events                     every event with its delivery attempts
 */
const wantsJson = (req: Request) => (req.headers.get("Accept") ?? "").includes("application/json");
const json = (status: number, body: unknown) => new Response(JSON.stringify(body, hidePrivate), { status, headers: { "Content-Type": "application/json" } });

async function input(req: Request): Promise<Record<string, string>> {
  const text = await bodyText(req);
  if ((req.headers.get("Content-Type") ?? "").includes("json")) return text ? JSON.parse(text) : {};
  return Object.fromEntries(new URLSearchParams(text));
}

export async function answerControl(standin: StripeStandin, req: Request, url: URL): Promise<Response> {
  const { account } = standin;
  const done = (body: unknown) => (wantsJson(req) ? json(200, body) : redirect("/"));
  const refuse = (status: number, message: string) => (wantsJson(req) ? json(status, { error: message }) : page("Stand-in", `<div class="card"><p class="bad">${esc(message)}</p><p><a href="/">Back</a></p></div>`, status));
  if (req.method === "GET" && url.pathname === "/_standin/events") {
    return json(200, standin.deliveries.map((d) => ({ id: d.event.id, type: d.event.type, created: d.event.created, object: d.event.data.object, delivered: d.delivered, attempts: d.attempts })));
  }
  if (req.method !== "POST") return refuse(405, "Use POST");
  let body: Record<string, string>;
  try {
    body = await input(req);
  } catch {
    return refuse(400, "The body is not JSON");
  }
  const renew = url.pathname.match(/^\/_standin\/subscriptions\/([^/]+)\/renew$/);
  if (renew) {
    const sub = account.subscriptions.get(decodeURIComponent(renew[1]));
    if (!sub) return refuse(404, "No such subscription");
    if (sub.status !== "active" && sub.status !== "past_due") return refuse(409, `The subscription is ${sub.status}: it does not renew`);
    if (body.decline === "1" || body.decline === "true" || (body.decline as unknown) === true) account.declineNext.add(sub.id);
    account.billing.advanceTo(sub.items.data[0].current_period_end);
    await standin.flush();
    return done({ subscription: sub, invoice: sub.latest_invoice ? account.invoices.get(sub.latest_invoice) : null });
  }
  if (url.pathname === "/_standin/clock/advance") {
    const days = Number(body.days);
    if (!Number.isFinite(days) || days <= 0 || days > 3660) return refuse(400, "days must be a number of days from 1 to 3660");
    account.billing.advanceTo(account.now() + Math.round(days * 86_400));
    await standin.flush();
    return done({ now: account.now() });
  }
  const resend = url.pathname.match(/^\/_standin\/events\/([^/]+)\/resend$/);
  if (resend) {
    const id = decodeURIComponent(resend[1]);
    if (!standin.delivery(id)) return refuse(404, "No such event");
    await standin.resend(id);
    return done(standin.delivery(id));
  }
  if (url.pathname === "/_standin/faults") {
    const f = body as unknown as Fault & { path: string };
    if (typeof f.path !== "string" || !Number.isInteger(f.status) || typeof f.message !== "string" || typeof f.type !== "string") {
      return refuse(400, "A fault needs path, status, type and message");
    }
    standin.failNext({ ...f, path: f.path.startsWith("^") ? new RegExp(f.path) : f.path });
    return done({ ok: true });
  }
  return refuse(404, "No such control");
}

export function dashboard(standin: StripeStandin, url: URL): Response {
  const { account, options } = standin;
  const offsetDays = Math.round(account.clockOffset / 86_400);
  const subs = [...account.subscriptions.values()].sort((a, b) => b.created - a.created);
  const subRows = subs.map((s) => {
    const item = s.items.data[0];
    const live = s.status === "active" || s.status === "past_due";
    const control = (label: string, extra = "") =>
      `<form class="inline" method="post" action="/_standin/subscriptions/${esc(s.id)}/renew">${extra}<button type="submit">${label}</button></form>`;
    return `<tr><td><code>${esc(s.id)}</code><br>${esc(account.customers.get(s.customer)?.email ?? s.customer)}</td><td class="${live ? "ok" : "bad"}">${esc(s.status)}</td><td>${esc(when(item.current_period_end))}</td><td>${live ? `${control("Renew now")} ${control("Renew: card declined", `<input type="hidden" name="decline" value="1">`)}` : ""}</td></tr>`;
  });
  const events = [...standin.deliveries].reverse().slice(0, 50);
  const eventRows = events.map((d) => {
    const last = d.attempts.at(-1);
    const outcome = !options.webhookUrl ? "not sent" : !last ? "sending…" : last.status !== null ? `HTTP ${last.status}` : esc(last.error);
    return `<tr><td>${esc(when(d.event.created))}</td><td>${esc(d.event.type)}<br><code>${esc(d.event.id)}</code></td><td class="${d.delivered ? "ok" : "bad"}">${outcome}${d.attempts.length > 1 ? ` (${d.attempts.length} attempts)` : ""}</td><td><form class="inline" method="post" action="/_standin/events/${esc(d.event.id)}/resend"><button type="submit">Resend</button></form></td></tr>`;
  });
  const prices = [...account.prices.values()].map((p) => `<li><code>${esc(p.id)}</code>: ${esc(account.products.get(p.product)?.name)} ${p.unit_amount === null ? "(customer chooses)" : esc(money(p.unit_amount, p.currency))}${p.recurring ? ` a ${esc(p.recurring.interval)}` : ""}</li>`);
  return page(
    "Stripe stand-in",
    `<h1>Stripe stand-in</h1>
    <div class="card"><h2>Connection</h2>
      <p class="small">API: <code>${esc(url.origin)}</code> (the app's <code>STRIPE_API_BASE</code>); any <code>sk_test_…</code> key${options.apiKey ? ` (only <code>${esc(options.apiKey)}</code>)` : ""}.</p>
      <p class="small">Webhooks to <code>${esc(options.webhookUrl ?? "nowhere (not sent)")}</code>, signed with <code>${esc(options.webhookSecret.slice(0, 12))}…</code></p>
      <ul class="small">${prices.join("")}</ul>
      <p class="small">Clock: ${esc(when(account.now()))}${offsetDays ? ` (${offsetDays} days ahead)` : ""}</p>
      <form method="post" action="/_standin/clock/advance"><label for="days">Advance the clock by days</label><input id="days" name="days" type="number" min="1" max="3660" value="31" style="max-width:120px"> <button type="submit">Advance</button></form>
    </div>
    <div class="card"><h2>Subscriptions</h2>${subRows.length ? `<div class="table"><table><thead><tr><th>Subscription</th><th>Status</th><th>Period ends</th><th>Renewal</th></tr></thead><tbody>${subRows.join("")}</tbody></table></div>` : `<p class="muted">None yet.</p>`}</div>
    <div class="card"><h2>Events (newest first)</h2>${eventRows.length ? `<div class="table"><table><thead><tr><th>When</th><th>Event</th><th>Delivery</th><th></th></tr></thead><tbody>${eventRows.join("")}</tbody></table></div>` : `<p class="muted">None yet.</p>`}</div>`,
  );
}
