import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VIEWPORTS, launchBrowser, screenshot, uniqueEmail } from "./browser";
import { setEvriStory, type StandinEvent } from "./evri-standin";
import { mailArriving, mailBody, mailsTo } from "./mail";
import { standins } from "./standins";

// Buyers end to end (issue 25). The tracking page: a seller shares a label from its page, the buyer opens the link on
// a phone and sees the status and timeline with nothing private on it, a real tracking update (the carrier's API, here
// a stand-in in Evri's format) changes the page, and a switched-off link answers 404. The mails: with the moments
// switched on in Settings, the buyer gets one mail at each (shipped, out for delivery, delivered, delayed), in the
// seller's name, and none after unsubscribing.
//
// Tracking needs a carrier: this file works on the stand-ins' server (test/e2e/standins-server.ts), whose Evri is the
// Evri stand-in; each parcel's story is told to it as the test goes on.

const CODE = "H04AQA0004726589";
/** Two more labels of the same buyer (valid Evri check digits). */
const CODE_LATE = "H01AB00000000010";
const CODE_AFTER = "H01AB00000000022";
/** A parcel of the same seller to another buyer: its mail shows that the queue has sent what came before it. */
const CODE_OTHER = "H01AB00000000034";
const OTHER_BUYER = "sam.other@example.com";
const STREET = "12 Long Street";
const PHONE = "07700 900123";
const BUYER_EMAIL = "jane.doe@example.com";
const NOTE = "gift wrap please";
const TAG = "vip-customer";
const HOUR = 3_600_000;

const server = { base: standins.base(), d1: standins.d1, cron: standins.cron };
let browser: Browser;
let seller: { email: string; access_token: string; refresh_token: string };
let labelId = "";

async function call<T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<T> {
  const res = await fetch(server.base + path, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: { ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}), ...(init.body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json().catch(() => undefined)) as T;
}

async function account(email: string) {
  const password = "e2e-password-123";
  await call("/api/v1/signup", { body: { email, password, marketing_consent: false } });
  return { email, ...(await call<{ access_token: string; refresh_token: string }>("/api/v1/login", { body: { email, password } })) };
}

async function until<T>(what: string, find: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

const story = (...events: StandinEvent[]) => setEvriStory(standins.evriStandin(), CODE, events);
const now = Date.now();
const REGISTERED: StandinEvent = { at: now - 30 * HOUR, code: "PRE", text: "The sender has told us your parcel is on its way" };
const COLLECTED: StandinEvent = { at: now - 20 * HOUR, code: "COL", text: "We've got it" };
const HUB: StandinEvent = { at: now - 10 * HOUR, code: "HUB", text: "It's at our national hub", location: "Rugby" };

/** The mails the server sent to `address`, with their text. */
const mailsWithText = async (address: string) =>
  Promise.all((await mailsTo(address, server.base)).map(async (m) => ({ subject: m.subject, text: (await mailBody(m, server.base)).text })));

/** Waits until `subject` has reached the buyer (the queue sends it: a second or two), and answers it with its text. */
const mailArrives = async (subject: string) => {
  const mail = await mailArriving(BUYER_EMAIL, subject, server.base);
  return { subject, text: (await mailBody(mail, server.base)).text };
};

/** A label's next cron pass refreshes it now (the refresh route allows one a minute). */
async function refreshByCron(id: string) {
  await server.d1(`UPDATE labels SET next_tracking_at = 0, tracking_checked_at = 0 WHERE id = '${id}'`);
  await server.cron();
}

/** The seller's one page for the file (a context and a page opened cost more than a screen loaded in it). */
let sellerTab: Page | undefined;

/** The seller's browser on a screen of the app (the label's page by default), loaded afresh. */
async function sellerPage(path = `/label/${labelId}`): Promise<Page> {
  if (!sellerTab) {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: "en-GB", timezoneId: "Europe/London" });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.base });
    await context.addInitScript(
      ([a, r]) => {
        localStorage.setItem("access_token", a);
        localStorage.setItem("refresh_token", r);
      },
      [seller.access_token, seller.refresh_token],
    );
    sellerTab = await context.newPage();
  }
  const page = sellerTab;
  await page.goto(server.base + path);
  if (path.startsWith("/label/")) await page.getByRole("heading", { name: "Buyer tracking page" }).waitFor();
  return page;
}

/** A buyer on a phone, signed in nowhere; every request the page makes is recorded. */
async function buyerPage(url: string) {
  const context = await browser.newContext({ viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true, locale: "en-GB" });
  const page = await context.newPage();
  const requests: string[] = [];
  page.on("request", (r) => requests.push(r.url()));
  const res = await page.goto(url);
  return { context, page, requests, status: res?.status(), html: await page.content() };
}

beforeAll(async () => {
  await story(REGISTERED);
  browser = await launchBrowser();
  const admin = await account("admin@parcelhive.test");
  seller = await account(uniqueEmail("seller"));
  const users = await call<{ results: { id: number; email: string }[] }>(`/api/v1/admin/users?q=${encodeURIComponent(seller.email)}`, { token: admin.access_token });
  await call("/api/v1/admin/grant-credits", { body: { user_id: users.results[0].id, amount: 5 }, token: admin.access_token });
  await call("/api/v1/user/profile", { method: "PUT", body: { company_name: "Tidewater Tea Co", company_tagline: "Loose leaf since 1998", brand_color: "#0f766e" }, token: seller.access_token });
  const made = await call<{ id: string }>("/api/v1/label/manual", {
    body: { courier: "evri", trackingCode: CODE, fields: { recipientPostcode: "LS1 4AP" }, notes: `${NOTE} ${BUYER_EMAIL}`, tags: [TAG], buyerEmail: BUYER_EMAIL },
    token: seller.access_token,
  });
  labelId = made.id;
  await call(`/api/v1/label/${labelId}/details`, {
    method: "PATCH",
    body: { address: { name: "MRS JANE DOE", address: ["Flat 2", STREET, `Tel ${PHONE}`, "Leeds"], postcode: "LS1 4AP" }, fromAddress: { name: "Tidewater Tea Co", address: ["7 Mill Lane", "Bath"], postcode: "BA1 1AA" } },
    token: seller.access_token,
  });
  // The new label's first tracking fetch runs in the queue, from the stand-in.
  await until("the first tracking fetch", async () => {
    const label = await call<{ tracking: { status: string | null } }>(`/api/v1/label/${labelId}`, { token: seller.access_token });
    return label.tracking.status === "registered" ? true : undefined;
  });
});

afterAll(async () => {
  await browser?.close();
});

describe("the buyer's tracking page and mails", () => {
  let link = "";

  it("has the moments the seller switches on in Settings", async () => {
    const page = await sellerPage("/settings");
    for (const moment of ["Shipped", "Out for delivery", "Delivered", "Delayed"]) {
      const box = page.getByRole("checkbox", { name: new RegExp(`^${moment}`) });
      await box.check();
      await page.getByText("Buyer e-mails updated.").waitFor();
      expect(await box.isChecked()).toBe(true);
    }
    await page.getByRole("heading", { name: "Buyer tracking e-mails" }).scrollIntoViewIfNeeded();
    await screenshot(page, "buyer-mails-settings");
    const me = await call<{ buyer_mail_moments: string[] }>("/api/v1/user", { token: seller.access_token });
    expect(me.buyer_mail_moments).toEqual(["shipped", "out_for_delivery", "delivered", "delayed"]);
  });

  it("is shared from the label's page and shows the status and timeline, nothing private", async () => {
    const page = await sellerPage();
    await page.getByRole("button", { name: "Create link" }).click();
    const field = page.getByLabel("Link for your buyer");
    await field.waitFor();
    link = await field.inputValue();
    expect(link).toMatch(new RegExp(`^${server.base}/t/[A-Za-z0-9_-]{24}$`));
    expect(await page.getByText("Not opened yet").count()).toBe(1);
    await page.getByRole("button", { name: "Link copied" }).or(page.getByRole("button", { name: "Copy buyer tracking link" })).first().click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await screenshot(page, "buyer-page-seller-card");

    const buyer = await buyerPage(link);
    expect(buyer.status).toBe(200);
    expect(await buyer.page.getByRole("heading", { level: 1 }).textContent()).toBe("Label created");
    expect(await buyer.page.getByText("For Jane, LS1").count()).toBe(1);
    expect(await buyer.page.getByText("Tidewater Tea Co").first().textContent()).toBeTruthy();
    expect(await buyer.page.locator(".events li").count()).toBe(1);
    for (const secret of [STREET, "Flat 2", PHONE, BUYER_EMAIL, "LS1 4AP", "Doe", "DOE", NOTE, TAG, "7 Mill Lane", "BA1 1AA", labelId]) {
      expect(buyer.html, secret).not.toContain(secret);
    }
    // Nothing but its own origin: no script, font or analytics from anyone; no cookie.
    expect(buyer.requests.filter((u) => !u.startsWith(server.base))).toEqual([]);
    expect(await buyer.context.cookies()).toEqual([]);
    // Fits the phone: nothing wider than the screen.
    expect(await buyer.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await screenshot(buyer.page, "buyer-page-created-phone");
    await buyer.context.close();
  });

  it("changes when the carrier's tracking changes, and the buyer is told it is on its way", async () => {
    // Only registered so far: no mail yet.
    expect(await mailsWithText(BUYER_EMAIL)).toEqual([]);
    await story(REGISTERED, COLLECTED, HUB);
    const page = await sellerPage();
    await page.getByRole("button", { name: /Refresh tracking/ }).click();
    await page.getByText("It's at our national hub").first().waitFor();
    const shipped = await mailArrives("Your parcel from Tidewater Tea Co is on its way");
    expect(shipped.text).toContain("Hi Jane,");
    expect(shipped.text).toContain(link);
    expect(shipped.text).not.toContain(STREET);

    const buyer = await buyerPage(link);
    expect(await buyer.page.getByRole("heading", { level: 1 }).textContent()).toBe("With Evri");
    expect(await buyer.page.locator(".events li").allTextContents()).toEqual([
      expect.stringContaining("It's at our national hub · Rugby"),
      expect.stringContaining("We've got it"),
      expect.stringContaining("The sender has told us your parcel is on its way"),
    ]);
    expect(await buyer.page.getByText(/^Expected by \w{3} \d{1,2} \w{3}/).count()).toBe(1);
    await screenshot(buyer.page, "buyer-page-in-transit-phone");
    await buyer.context.close();

    // The seller sees the buyer's visits.
    const label = await call<{ trackingPageViews: number }>(`/api/v1/label/${labelId}`, { token: seller.access_token });
    expect(label.trackingPageViews).toBeGreaterThanOrEqual(2);
  });

  it("mails the buyer once at each moment after, and the seller sees what went", async () => {
    await story(REGISTERED, COLLECTED, HUB, { at: Date.now() - HOUR, code: "OFD", text: "Your courier has your parcel and it's out for delivery" });
    await refreshByCron(labelId);
    await mailArrives("Your parcel from Tidewater Tea Co is out for delivery");
    await story(REGISTERED, COLLECTED, HUB, { at: Date.now() - HOUR, code: "OFD", text: "Out for delivery" }, { at: Date.now() - 60_000, code: "DEL", text: "Delivered: handed to the recipient" });
    await refreshByCron(labelId);
    await mailArrives("Your parcel from Tidewater Tea Co has been delivered");
    const buyer = await buyerPage(link);
    expect(await buyer.page.getByRole("heading", { level: 1 }).textContent()).toBe("Delivered");
    await screenshot(buyer.page, "buyer-page-delivered-phone");
    await buyer.context.close();

    // Once each, however often the tracking is looked at again: the delivered parcel's pass is over once its tracking
    // was checked after the cron ran. A second mail it queued would go before the late parcel's below (the queue hands
    // its jobs on in order, and the late parcel's are queued after this pass), so that mail's arrival shows the end.
    const lookedAgain = Date.now();
    await refreshByCron(labelId);
    await until("the delivered parcel's tracking looked at again", async () => {
      const [row] = await standins.d1Rows<{ tracking_checked_at: number }>(`SELECT tracking_checked_at FROM labels WHERE id = '${labelId}'`);
      return row.tracking_checked_at >= lookedAgain ? true : undefined;
    });

    // A second parcel to the same buyer, never scanned for days: the lost rules' early signal, worded calmly.
    await setEvriStory(standins.evriStandin(), CODE_LATE, [REGISTERED]);
    const late = await call<{ id: string }>("/api/v1/label/manual", { body: { courier: "evri", trackingCode: CODE_LATE, fields: { recipientPostcode: "LS1 4AP" }, buyerEmail: BUYER_EMAIL }, token: seller.access_token });
    await server.d1(`UPDATE labels SET created_at = created_at - ${8 * 24 * HOUR} WHERE id = '${late.id}'`);
    await refreshByCron(late.id);
    const delayed = await mailArrives("Your parcel from Tidewater Tea Co is taking a little longer");
    expect(delayed.text).toContain("there is nothing you need to do");

    const subjects = (await mailsWithText(BUYER_EMAIL)).map((m) => m.subject).sort();
    expect(subjects).toEqual(
      [
        "Your parcel from Tidewater Tea Co has been delivered",
        "Your parcel from Tidewater Tea Co is on its way",
        "Your parcel from Tidewater Tea Co is out for delivery",
        "Your parcel from Tidewater Tea Co is taking a little longer",
      ].sort(),
    );

    const page = await sellerPage();
    const mails = page.locator(".buyer-mails li");
    await mails.first().waitFor();
    expect(await mails.allTextContents()).toEqual([expect.stringMatching(/^Shipped /), expect.stringMatching(/^Out for delivery /), expect.stringMatching(/^Delivered /)]);
    await page.getByRole("heading", { name: "Buyer tracking page" }).scrollIntoViewIfNeeded();
    await screenshot(page, "buyer-mails-seller-card");
  });

  it("stops the mails for every parcel of the seller once the buyer unsubscribes", async () => {
    const [mail] = await mailsWithText(BUYER_EMAIL);
    const unsubscribe = mail.text.match(/Stop these e-mails: (\S+)/)![1];
    const buyer = await buyerPage(unsubscribe);
    expect(await buyer.page.getByRole("heading", { level: 1 }).textContent()).toBe("Stop e-mails about your parcels?");
    await buyer.page.getByRole("button", { name: "Unsubscribe" }).click();
    await buyer.page.getByRole("heading", { name: "You are unsubscribed" }).waitFor();
    await screenshot(buyer.page, "buyer-unsubscribed-phone");
    await buyer.context.close();

    const before = (await mailsWithText(BUYER_EMAIL)).length;
    await setEvriStory(standins.evriStandin(), CODE_AFTER, [REGISTERED, { ...COLLECTED, at: Date.now() - HOUR }]);
    const after = await call<{ id: string }>("/api/v1/label/manual", { body: { courier: "evri", trackingCode: CODE_AFTER, fields: { recipientPostcode: "LS1 4AP" }, buyerEmail: BUYER_EMAIL }, token: seller.access_token });
    await until("the new label's first scan", async () => {
      const label = await call<{ tracking: { status: string | null } }>(`/api/v1/label/${after.id}`, { token: seller.access_token });
      return label.tracking.status === "in_transit" ? true : undefined;
    });
    // Its 'on its way' job is queued by now; a parcel to another buyer, scanned after it, queues its own after that one:
    // once that mail has gone, the unsubscribed buyer's job has been done (the queue hands its jobs on in order).
    await setEvriStory(standins.evriStandin(), CODE_OTHER, [REGISTERED, { ...COLLECTED, at: Date.now() - HOUR }]);
    await call("/api/v1/label/manual", { body: { courier: "evri", trackingCode: CODE_OTHER, fields: { recipientPostcode: "M1 1AE" }, buyerEmail: OTHER_BUYER }, token: seller.access_token });
    await mailArriving(OTHER_BUYER, "Your parcel from Tidewater Tea Co is on its way", server.base);
    expect((await mailsWithText(BUYER_EMAIL)).length).toBe(before);
  });

  it("answers 404 once the seller switches the link off", async () => {
    const page = await sellerPage();
    await page.getByRole("button", { name: "Switch off link" }).click();
    await page.getByRole("button", { name: "Switch off", exact: true }).click();
    await page.getByRole("button", { name: "Create link" }).waitFor();

    const buyer = await buyerPage(link);
    expect(buyer.status).toBe(404);
    expect(await buyer.page.getByRole("heading", { level: 1 }).textContent()).toBe("This tracking page is not available");
    await screenshot(buyer.page, "buyer-page-switched-off-phone");
    await buyer.context.close();
  });
});
