import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AT_LOAD_MS, launchBrowser, screenshot, uniqueEmail, VIEWPORTS } from "./browser";
import { type Session, signInBrowser } from "./session";
import { standins } from "./standins";

// Marketplace orders in, tracking out (issue 34's 'Done means'), in Chromium against the marketplace stand-in, as
// `npm run dev` with `npm run marketplaces:standin` runs it: the stand-ins' server (test/e2e/standins-server.ts) has
// eBay, Etsy and Shopify pointed at the stand-in, whose consent pages send the browser back to it. The seller connects
// a shop of each kind from Settings; the orders the stand-in holds appear in Orders; a label file whose recipient fits
// one order marks it dispatched on eBay with eBay's carrier name and the label's code, once; a label that fits two
// Etsy orders asks which, and the answer sends its tracking there; a Shopify order the seller marked dispatched by hand
// is left alone and shown so; disconnecting deletes each shop's row, tokens and all.

const FIXTURES = path.join(import.meta.dirname, "../fixtures/labels");
// multi.pdf (test/fixtures/labels/expected.json): an Evri label to Jane Smith, M1 1AE, printed 12 Nov 2026; a Royal
// Mail one to Ann Lee, BS1 4DJ, no date (made when imported); a Royal Mail one to Tom Jones, printed 2019, whom no
// order fits.
const JANE = { code: "H04AQA0004726589", recipient: { name: "Jane Smith", line1: "Flat 2, 14 Acacia Avenue", city: "Manchester", postcode: "M1 1AE" } };
const ANN = { code: "SG577041359GB", recipient: { name: "Ann Lee", line1: "3 High Street", city: "Bristol", postcode: "BS1 4DJ" } };
// A label made by hand (no file) for the order the seller dispatched on Shopify's own site.
const ADA = { code: "H0IOS08561275718", recipient: { name: "Ada Lovelace", line1: "12 Analytical Row", city: "London", postcode: "N1 9GU" } };
const sec = (iso: string) => Date.parse(iso) / 1000;

const server = () => standins.base();
const market = () => standins.marketplaceStandin();
let browser: Browser;
let seller: Session;

async function call<T>(url: string, init: { method?: string; body?: unknown; token?: string; form?: FormData } = {}): Promise<T> {
  const json = init.body !== undefined;
  const res = await fetch(url, {
    method: init.method ?? (json || init.form ? "POST" : "GET"),
    headers: { Accept: "application/json", ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}), ...(json ? { "Content-Type": "application/json" } : {}) },
    body: init.form ?? (json ? JSON.stringify(init.body) : undefined),
  });
  const text = await res.text();
  // An answer that is not JSON (an HTML page) says so, with what came, rather than failing in JSON.parse.
  if (!res.ok || !/^[[{]/.test(text)) throw new Error(`${init.method ?? "GET"} ${url}: ${res.status} ${res.headers.get("content-type")} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}
const api = <T>(p: string, init: { method?: string; body?: unknown; form?: FormData } = {}) => call<T>(server() + p, { ...init, token: seller.access_token });

/** Asks `find` again until it answers something; the test's timeout bounds the wait. */
async function until<T>(find: () => Promise<T | undefined>): Promise<T> {
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
}

interface Fulfilment {
  marketplace: string;
  orderId: string;
  trackingNumber: string;
  carrier: string;
  byHand: boolean;
}
const fulfilmentsOf = async (orderId: string) => (await call<Fulfilment[]>(`${market()}/_standin/fulfilments`)).filter((f) => f.orderId === orderId);
/** The first fulfilment the stand-in records for the order, once there is one. */
const firstFulfilment = (orderId: string) => until(async () => (await fulfilmentsOf(orderId))[0]);

type Seeded = { id: string };
const seed = (marketplace: string, recipient: object, extra: object = {}) => call<Seeded>(`${market()}/_standin/orders`, { body: { marketplace, recipient, items: [{ title: "Stoneware mug" }], ...extra } });

interface LabelOrder {
  order: { reference: string; marketplace: string } | null;
  candidates: { id: string; reference: string }[];
  dispatch: { state: string } | null;
}
const labelOrder = (id: string) => api<LabelOrder>(`/api/v1/label/${id}/order`);

/** Connects the seller's shop from Settings through the marketplace's consent page, and comes back to Settings. */
async function connect(page: Page, name: string, agree: string, shop: string) {
  const card = page.getByRole("listitem", { name });
  if (name === "Shopify") await card.getByLabel("Shopify store").fill(shop);
  await card.getByRole("button", { name: `Connect ${name}` }).click();
  await page.getByRole("button", { name: agree }).click();
  await page.getByRole("status").getByText(`${name} shop ${shop}`).waitFor();
  await page.getByRole("link", { name: "Back to Settings" }).click();
}

describe("marketplace orders in, tracking out, against the marketplace stand-in", () => {
  beforeAll(async () => {
    browser = await launchBrowser();
    const password = "e2e-password-123";
    const email = uniqueEmail("shops");
    await call(`${server()}/api/v1/signup`, { body: { email, password, marketing_consent: false } });
    seller = { email, password, ...(await call<{ access_token: string; refresh_token: string }>(`${server()}/api/v1/login`, { body: { email, password } })) };
    // Credits as an admin's grant writes them (the ledger's trigger keeps the balance).
    await standins.d1(`INSERT INTO credit_ledger (user_id, delta, reason) SELECT id, 5, 'admin_grant' FROM users WHERE email = '${email}'`);
  });
  afterAll(async () => browser?.close());

  it("connects a shop of each kind, dispatches a matching label once, asks when two fit, leaves a hand-dispatched order alone", async () => {
    const ebay = await seed("ebay", JANE.recipient, { createdAt: sec("2026-11-11T10:00:00Z"), shipBy: sec("2026-11-14T23:00:00Z"), buyer: "jane_s" });
    const [annFirst, annSecond] = [await seed("etsy", ANN.recipient), await seed("etsy", ANN.recipient, { items: [{ title: "Teapot" }] })];
    const shopify = await seed("shopify", ADA.recipient);

    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: "en-GB", timezoneId: "Europe/London" });
    await signInBrowser(context, seller);
    const page = await context.newPage();
    await page.goto(`${server()}/settings#marketplaces`);
    await connect(page, "eBay", "Agree", "parcelhive_test_seller");
    await connect(page, "Etsy", "Grant access", "HollowOakCeramics");
    await connect(page, "Shopify", "Install app", "hollow-oak.myshopify.com");

    // Each shop's first sync runs after its connection is answered: the four orders come in.
    await until(async () => ((await api<{ orders: unknown[] }>("/api/v1/marketplaces/orders")).orders.length === 4 ? true : undefined));
    await page.getByRole("navigation").getByRole("link", { name: "Orders" }).first().click();
    const awaiting = page.getByRole("list", { name: "Awaiting dispatch" });
    for (const name of [/^eBay order /, /^Etsy order /, /^Shopify order /]) await awaiting.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) }).first().waitFor();
    expect(await awaiting.getByRole("heading", { level: 2 }).count()).toBe(4);

    // The seller dispatches the Shopify order on Shopify's own site before its label reaches us.
    await call(`${market()}/_standin/orders/shopify/${shopify.id}/ship-by-hand`, { body: { trackingNumber: "HANDMADE123", carrier: "Royal Mail" } });

    const form = new FormData();
    form.append("files", new Blob([readFileSync(path.join(FIXTURES, "multi.pdf"))], { type: "application/pdf" }), "multi.pdf");
    const labels = await api<{ id: string; trackingCode: string }[]>("/api/v1/label", { form });
    const idOf = (code: string) => labels.find((l) => l.trackingCode === code)!.id;
    const ada = await api<{ id: string }>("/api/v1/label/manual", { body: { courier: "evri", trackingCode: ADA.code, fields: { recipientPostcode: ADA.recipient.postcode } } });
    await api(`/api/v1/label/${ada.id}/details`, { method: "PATCH", body: { address: { name: ADA.recipient.name, address: [ADA.recipient.line1, ADA.recipient.city], postcode: ADA.recipient.postcode } } });

    // Jane's label fits one eBay order: linked, and the order marked dispatched with eBay's name for Evri and the code.
    expect(await firstFulfilment(ebay.id)).toMatchObject({ marketplace: "ebay", trackingNumber: JANE.code, carrier: "Hermes", byHand: false });

    // Ann's label fits both of her Etsy orders: it asks which, and the seller's answer sends the tracking to that one.
    const annLabel = idOf(ANN.code);
    await until(async () => ((await labelOrder(annLabel)).candidates.length === 2 ? true : undefined));
    // The labels list marks it; its page asks.
    await page.getByRole("navigation").getByRole("link", { name: "View Labels" }).first().click();
    const annCard = page.getByRole("article", { name: `Label ${ANN.code}` });
    await annCard.getByText("Which order?").waitFor();
    expect(await page.getByText("Which order?").count()).toBe(1);
    await annCard.getByRole("link", { name: "More Info" }).click();
    const question = page.getByRole("group", { name: "Which order is this label for?" });
    await question.getByRole("radio", { name: new RegExp(`Etsy order ${annSecond.id}`) }).check();
    await screenshot(page, "marketplaces-question-desktop");
    await question.getByRole("button", { name: "Link to this order" }).click();
    await page.getByRole("region", { name: "Order" }).getByText("Linked by you.").waitFor();
    expect(await firstFulfilment(annSecond.id)).toMatchObject({ marketplace: "etsy", trackingNumber: ANN.code, carrier: "royal-mail", byHand: false });

    // Ada's order was dispatched by hand on Shopify: left alone, and shown so.
    await until(async () => ((await labelOrder(ada.id)).dispatch?.state === "dispatched_elsewhere" ? true : undefined));
    await page.getByRole("navigation").getByRole("link", { name: "Orders" }).first().click();
    // Nothing of those three is left to ship: they moved to Dispatched, each with its label's tracking out; Ann's other
    // order still awaits.
    const stillAwaiting = page.getByRole("list", { name: "Awaiting dispatch" }).getByRole("heading", { level: 2 });
    await expect.poll(() => stillAwaiting.allTextContents(), { timeout: AT_LOAD_MS }).toEqual([`Etsy order ${annFirst.id}`]);
    await page.getByRole("tab", { name: "Dispatched" }).click();
    const dispatched = page.getByRole("list", { name: "Dispatched" });
    for (const [order, text] of [["Shopify order", "Already dispatched on Shopify: left as it was"], [`eBay order ${ebay.id}`, "Marked dispatched on eBay"], [`Etsy order ${annSecond.id}`, "Marked dispatched on Etsy"]])
      await dispatched.getByRole("listitem").filter({ has: page.getByRole("heading", { name: order }) }).getByText(text).waitFor();
    await screenshot(page, "marketplaces-orders-desktop");

    // Once: each order was marked dispatched by the app exactly once, the other Etsy order and the Shopify one never.
    expect((await fulfilmentsOf(ebay.id)).length).toBe(1);
    expect((await fulfilmentsOf(annSecond.id)).length).toBe(1);
    expect(await fulfilmentsOf(annFirst.id)).toEqual([]);
    expect((await fulfilmentsOf(`gid://shopify/Order/${shopify.id}`)).map((f) => f.byHand)).toEqual([true]);
    expect((await labelOrder(idOf("VB442550835GB"))).order).toBeNull();

    // Disconnecting each shop deletes its row, tokens and all.
    const connections = `SELECT count(*) AS n FROM marketplace_connections WHERE user_id = (SELECT id FROM users WHERE email = '${seller.email}') AND access_token <> ''`;
    expect((await standins.d1Rows<{ n: number }>(connections))[0].n).toBe(3);
    await page.getByRole("navigation").getByRole("link", { name: "Settings" }).first().click();
    for (const shop of ["eBay shop parcelhive_test_seller", "Etsy shop HollowOakCeramics", "Shopify shop hollow-oak.myshopify.com"]) {
      await page.getByLabel(shop).getByRole("button", { name: "Disconnect" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Disconnect" }).click();
      await page.getByLabel(shop).waitFor({ state: "detached" });
    }
    expect((await standins.d1Rows<{ n: number }>(connections))[0].n).toBe(0);
    await context.close();
  });
});
