import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DeliveryAttempt } from "../../scripts/stripe-standin/webhooks.ts";
import { VIEWPORTS, launchBrowser, screenshot, uniqueEmail } from "./browser";
import { standins } from "./standins";

// Buying credits end to end (issue 33, item 6), as `npm run dev` with the Stripe stand-in does it: the stand-ins'
// server of the run's build (test/e2e/standins-server.ts) talks to the stand-in through the stripe SDK
// (STRIPE_API_BASE), the browser pays on the stand-in's Checkout page, and the stand-in's signed events reach the app's
// /api/v1/stripe/webhook. A subscription renews from the stand-in's dashboard and is cancelled in its portal. Desktop
// and phone.

const server = { base: standins.base() };
const stripe = { base: standins.stripeStandin() };
let browser: Browser;

async function api<T>(path: string, init: { body?: unknown; token?: string } = {}): Promise<T> {
  const res = await fetch(server.base + path, {
    method: init.body === undefined ? "GET" : "POST",
    headers: { ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}), ...(init.body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function seller(prefix: string) {
  const email = uniqueEmail(prefix);
  const password = "e2e-password-123";
  await api("/api/v1/signup", { body: { email, password, marketing_consent: false } });
  return { email, ...(await api<{ access_token: string; refresh_token: string }>("/api/v1/login", { body: { email, password } })) };
}

const userOf = (token: string) => api<{ credits: number; subscription_status: string | null }>("/api/v1/user", { token });

/** A signed-in seller's browser on Settings, at the viewport's size. */
async function settingsPage(viewport: keyof typeof VIEWPORTS, tokens: { access_token: string; refresh_token: string }): Promise<Page> {
  const context = await browser.newContext(viewport === "phone" ? { viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true, locale: "en-GB" } : { viewport: VIEWPORTS.desktop, locale: "en-GB" });
  await context.addInitScript(
    ([a, r]) => {
      if (!localStorage.getItem("access_token")) {
        localStorage.setItem("access_token", a);
        localStorage.setItem("refresh_token", r);
      }
    },
    [tokens.access_token, tokens.refresh_token],
  );
  const page = await context.newPage();
  await page.goto(`${server.base}/settings`);
  // Both offers with their prices, read from the stand-in's prices.
  await page.getByText("£15.00", { exact: true }).waitFor();
  await page.getByText("£10.00 a month", { exact: true }).waitFor();
  return page;
}

/** The events of a type the stand-in raised, oldest first, with its attempts to deliver each and the app's answers. */
async function delivered(type: string): Promise<{ id: string; attempts: DeliveryAttempt[] }[]> {
  const events = (await (await fetch(`${stripe.base}/_standin/events`)).json()) as { id: string; type: string; attempts: DeliveryAttempt[] }[];
  return events.filter((e) => e.type === type);
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe.each(["desktop", "phone"] as const)("buying credits through the Stripe stand-in (%s)", (viewport) => {
  it("grants the one-off pack's 200 credits once, through the signed webhook", async () => {
    const tokens = await seller(`pack-${viewport}`);
    const page = await settingsPage(viewport, tokens);
    await page.getByRole("button", { name: "Buy now" }).click();
    await page.waitForURL(`${stripe.base}/c/pay/**`);
    await page.getByRole("heading", { name: "One-off Pack" }).waitFor();
    await screenshot(page, `stripe-standin-checkout-${viewport}`);

    const before = (await delivered("checkout.session.completed")).length;
    await page.getByRole("button", { name: "Pay £15.00" }).click();
    await page.waitForURL(`${server.base}/checkout/success**`);
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
    expect((await userOf(tokens.access_token)).credits).toBe(200);
    // The balance in the header followed; the Credits page has the purchase in its history, and both offers' prices.
    await page.getByRole("link", { name: "200 credits" }).waitFor();
    await page.getByRole("link", { name: "See your credits" }).click();
    const history = page.getByRole("region", { name: "History" });
    await history.getByText("One-off Pack bought").waitFor();
    expect(await history.getByRole("listitem").first().textContent()).toContain("added 200 credits");
    await page.getByText("£10.00 a month", { exact: true }).waitFor();
    await screenshot(page, `stripe-standin-credits-page-${viewport}`);

    const [completed] = (await delivered("checkout.session.completed")).slice(before);
    expect(completed.attempts.map((a) => a.status)).toEqual([200]);
    // Stripe may deliver an event twice: the stand-in's dashboard sends it again, and nothing more is granted.
    const dashboard = await page.context().newPage();
    await dashboard.goto(`${stripe.base}/`);
    // The stand-in answers the button's POST once the app has answered the delivery.
    await Promise.all([
      dashboard.waitForResponse((r) => r.url().endsWith(`/_standin/events/${completed.id}/resend`)),
      dashboard.getByRole("row").filter({ hasText: completed.id }).getByRole("button", { name: "Resend" }).click(),
    ]);
    const resent = (await delivered("checkout.session.completed")).find((e) => e.id === completed.id)!;
    expect(resent.attempts.map((a) => a.status)).toEqual([200, 200]);
    expect(resent.attempts[1].body).toContain('"duplicate"');
    expect((await userOf(tokens.access_token)).credits).toBe(200);
    await page.context().close();
  });

  it("starts a subscription for 130 credits, renews it for 130 more, and cancels it in the stand-in's portal", async () => {
    const tokens = await seller(`plan-${viewport}`);
    const page = await settingsPage(viewport, tokens);
    await page.getByRole("button", { name: "Subscribe" }).click();
    await page.waitForURL(`${stripe.base}/c/pay/**`);
    await page.getByRole("button", { name: "Pay £10.00 a month" }).click();
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
    expect(await userOf(tokens.access_token)).toMatchObject({ credits: 130, subscription_status: "active" });

    // A month passes: the stand-in's dashboard renews the subscription now; the paid invoice grants 130 more.
    // The dashboard's row of this seller's subscription (it names the customer's e-mail).
    await page.goto(`${stripe.base}/`);
    await Promise.all([
      page.waitForResponse((r) => /\/_standin\/subscriptions\/[^/]+\/renew$/.test(r.url())),
      page.getByRole("row").filter({ hasText: tokens.email }).getByRole("button", { name: "Renew now" }).click(),
    ]);
    await screenshot(page, `stripe-standin-dashboard-${viewport}`);
    expect(await userOf(tokens.access_token)).toMatchObject({ credits: 260, subscription_status: "active" });

    await page.goto(`${server.base}/settings`);
    await page.getByRole("button", { name: "Manage subscription" }).click();
    await page.waitForURL(`${stripe.base}/p/session/**`);
    await page.getByRole("heading", { name: "Monthly Subscription" }).waitFor();
    await screenshot(page, `stripe-standin-portal-${viewport}`);
    await page.getByRole("button", { name: "Cancel subscription" }).click();
    await page.getByText("Cancelled on").waitFor();
    await page.getByRole("link", { name: "Return to Parcelhive" }).click();
    await page.waitForURL(`${server.base}/settings`);
    expect(await userOf(tokens.access_token)).toMatchObject({ credits: 260, subscription_status: "canceled" });
    // Not subscribed any more: the plan can be bought again, and there is nothing to manage.
    await page.getByRole("button", { name: "Subscribe" }).waitFor();
    expect(await page.getByRole("button", { name: "Subscribe" }).isEnabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Manage subscription" }).count()).toBe(0);
    await page.context().close();
  });
});
