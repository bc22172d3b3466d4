import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VIEWPORTS, baseURL, launchBrowser, screenshot } from "./browser";
import { d1 } from "./d1";
import { grantCredits, newUser, signInBrowser, type Session } from "./session";

// Labels meet orders (issue 34): a label uploaded for the seller's order awaiting dispatch is linked to it by the
// queue's matching; one that fits two orders asks 'Which order is this label for?', and the seller's pick is linked.
// The orders are written into D1 as the sync keeps them (connecting a shop through a marketplace's stand-in is
// tested in the worker tests); the shop is marked broken, so nothing is sent to a marketplace from here.

const FIXTURES = path.join(import.meta.dirname, "../fixtures/labels");
// evri.pdf: Jane Smith, M1 1AE, printed on 12 Nov 2026 (test/fixtures/labels/expected.json).
const CODE = "H04AQA0004726589";
const ORDERED = Date.parse("2026-11-11T10:00:00Z");
const DUE = Date.parse("2026-11-14T23:00:00Z");

/** The seller's Etsy shop (broken: no marketplace is reached) with an order for each reference, all to Jane Smith. */
async function seedOrders(user: Session, references: string[]) {
  const uid = `(SELECT id FROM users WHERE email = '${user.email}')`;
  const connection = `mpc_e2e_${references[0]}`;
  const orders = references.map(
    (ref) => `INSERT INTO marketplace_orders (id, user_id, connection_id, marketplace, external_id, reference, recipient_name, recipient_postcode, address_json, buyer_ref, items_json, ordered_at, dispatch_by, status, changed_at)
      VALUES ('mpo_e2e_${ref}', ${uid}, '${connection}', 'etsy', '${ref}', '${ref}', 'Jane Smith', 'M1 1AE', '["14 Acacia Avenue","Manchester"]', 'jane_s', '[{"id":"t${ref}","title":"Stoneware mug","quantity":1}]', ${ORDERED}, ${DUE}, 'awaiting', ${ORDERED});`,
  );
  await d1(`INSERT INTO marketplace_connections (id, user_id, marketplace, shop_id, shop_name, access_token, scope, status, problem)
      VALUES ('${connection}', ${uid}, 'etsy', '${connection}', 'HollowOakCeramics', 'x', 'transactions_r transactions_w', 'broken', 'Reconnect it');
    ${orders.join("\n")}`);
}

/** The label's order answer once the queue's matching has written what it found. */
async function matched(user: Session, labelId: string, done: (a: { order: { reference: string } | null; candidates: unknown[] }) => boolean) {
  for (;;) {
    const res = await fetch(`${baseURL()}/api/v1/label/${labelId}/order`, { headers: { Authorization: `Bearer ${user.access_token}` } });
    const text = await res.text();
    // Asked again until the matching has run; an answer that is not the API's JSON is printed (one such HTML page
    // was seen once in three runs at load 20, its cause not found) and asked again, the test's timeout bounding it.
    if (!res.ok || !text.startsWith("{")) console.warn(`GET /label/${labelId}/order answered ${res.status}: ${text.slice(0, 300)}`);
    else {
      const answer = JSON.parse(text) as { order: { reference: string } | null; candidates: unknown[] };
      if (done(answer)) return answer;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function upload(user: Session): Promise<string> {
  const form = new FormData();
  form.append("files", new Blob([readFileSync(path.join(FIXTURES, "evri.pdf"))], { type: "application/pdf" }), "evri.pdf");
  const res = await fetch(`${baseURL()}/api/v1/label`, { method: "POST", headers: { Authorization: `Bearer ${user.access_token}` }, body: form });
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: string; trackingCode: string }[]).find((l) => l.trackingCode === CODE)!.id;
}

describe("labels meet orders", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  async function signedIn(user: Session): Promise<Page> {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    await signInBrowser(context, user);
    return context.newPage();
  }

  it("links a label to the one order it fits, and asks when it fits two", async () => {
    const [one, two] = [await newUser("orders1"), await newUser("orders2")];
    await Promise.all([grantCredits(one.email, 1), grantCredits(two.email, 1)]);
    await seedOrders(one, ["1001"]);
    await seedOrders(two, ["2001", "2002"]);

    // One order fits: linked, and the Orders view shows the label under it.
    const linked = await upload(one);
    expect((await matched(one, linked, (a) => a.order !== null)).order?.reference).toBe("1001");
    const page = await signedIn(one);
    await page.goto(`${baseURL()}/orders`);
    const order = page.getByRole("listitem", { name: "Etsy order 1001" });
    await order.getByRole("link", { name: CODE }).click();
    await page.getByRole("region", { name: "Order" }).getByText("Linked by recipient and postcode.").waitFor();

    // Two orders fit (a buyer who ordered twice): the label asks, and the seller's pick is linked.
    const asking = await upload(two);
    await matched(two, asking, (a) => a.candidates.length === 2);
    const other = await signedIn(two);
    await other.goto(`${baseURL()}/label/${asking}`);
    const question = other.getByRole("group", { name: "Which order is this label for?" });
    await question.getByRole("radio", { name: /Etsy order 2002/ }).check();
    await screenshot(other, "orders-question-phone");
    await question.getByRole("button", { name: "Link to this order" }).click();
    await other.getByRole("region", { name: "Order" }).getByText("Linked by you.").waitFor();
    expect(await other.getByRole("region", { name: "Order" }).getByRole("heading").allTextContents()).toContain("Etsy order 2002");
  });
});
