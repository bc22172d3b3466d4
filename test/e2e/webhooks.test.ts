import { createHmac } from "node:crypto";
import { writeFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { AT_LOAD_MS, VIEWPORTS, baseURL, launchBrowser, screenshot } from "./browser";
import { grantCredits, newUser, signInBrowser, type Session } from "./session";

// Webhooks end to end: a receiver on 127.0.0.1 registered in Settings gets a correctly signed label.created when a
// label is made; a receiver that answers 500 shows the failed attempt in the delivery log and is tried again (after the
// e2e server's WEBHOOK_RETRY_SECONDS: the product's schedule, 30 s first, is the worker tests').

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** When it arrived (Date.now()). */
  at: number;
}

/** A webhook receiver: /ok answers 200, /fail answers 500; every request is kept with its raw body. */
function startReceiver(): Promise<{ server: Server; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() });
      res.statusCode = req.url === "/fail" ? 500 : 200;
      res.end(res.statusCode === 200 ? "ok" : "receiver down");
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({ server, port: (server.address() as { port: number }).port, received })));
}

async function until<T>(what: string, find: () => T | undefined, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The verification example from the API reference page, run as a receiver would run it. */
async function documentedVerifier(): Promise<(raw: string, header: string, secret: string) => boolean> {
  const html = await (await fetch(`${baseURL()}/api/docs`)).text();
  const pre = [...html.matchAll(/<pre>([\s\S]*?)<\/pre>/g)].map((m) => m[1]).find((p) => p.includes("verifyParcelhive"));
  if (!pre) throw new Error("no verification example in /api/docs");
  const code = pre.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, "&");
  const file = path.join(tmpdir(), `parcelhive-verify-${process.pid}-${Date.now()}.mjs`);
  writeFileSync(file, code);
  return ((await import(pathToFileURL(file).href)) as { verifyParcelhive: (raw: string, header: string, secret: string) => boolean }).verifyParcelhive;
}

/** A real-format Evri code with a valid check digit; each run has a new user, so it is new to them. */
const EVRI_CODE = "H04AQA0004726589";

async function register(page: Page, url: string): Promise<string> {
  await page.getByLabel("Endpoint URL").fill(url);
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await page.getByRole("listitem", { name: `Webhook endpoint ${url}` }).waitFor();
  return page.getByRole("textbox", { name: "Signing secret" }).inputValue();
}

describe("webhooks", () => {
  let browser: Browser;
  let context: BrowserContext;
  let session: Session;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    browser = await launchBrowser();
    receiver = await startReceiver();
    session = await newUser("webhooks");
    await grantCredits(session.email, 3);
    context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    await signInBrowser(context, session);
  });
  afterAll(async () => {
    await browser?.close();
    receiver?.server.close();
  });

  it("registers a loopback receiver in Settings, which gets a correctly signed label.created", async () => {
    const page = await context.newPage();
    await page.goto(`${baseURL()}/settings`);
    await page.getByRole("heading", { name: "Webhooks" }).waitFor();
    await page.getByText("No webhook endpoints yet.").waitFor();
    const url = `http://127.0.0.1:${receiver.port}/ok`;
    const secret = await register(page, url);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    await screenshot(page, "webhooks-registered-desktop");

    const code = EVRI_CODE;
    const res = await fetch(`${baseURL()}/api/v1/label/manual`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${session.access_token}` },
      body: JSON.stringify({ courier: "evri", trackingCode: code, fields: { recipientPostcode: "SW1A 1AA" } }),
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };

    const hit = await until("label.created at the receiver", () => receiver.received.find((r) => r.path === "/ok" && r.body.includes('"label.created"')), AT_LOAD_MS);
    const header = String(hit.headers["parcelhive-signature"]);
    const [, t, v1] = header.match(/^t=(\d+),v1=([0-9a-f]{64})$/) ?? [];
    expect(v1).toBe(createHmac("sha256", secret).update(`${t}.${hit.body}`).digest("hex"));
    expect((await documentedVerifier())(hit.body, header, secret)).toBe(true);
    expect((await documentedVerifier())(hit.body.replace(code, "H01XX0000000000"), header, secret)).toBe(false);
    const event = JSON.parse(hit.body) as { id: string; type: string; created: number; data: { label: { id: string; trackingCode: string } } };
    expect(event).toMatchObject({ type: "label.created", data: { label: { id, trackingCode: code } } });
    expect(event.id).toMatch(/^evt_/);
    expect(hit.headers["content-type"]).toBe("application/json");
    expect(receiver.received.filter((r) => r.body.includes(event.id))).toHaveLength(1);

    // The delivery shows in the endpoint's log.
    const item = page.getByRole("listitem", { name: `Webhook endpoint ${url}` });
    await item.getByRole("button", { name: "Delivery log" }).click();
    const row = item.getByRole("listitem").filter({ hasText: "label.created" });
    await row.waitFor();
    expect(await row.getByText("Delivered", { exact: true }).isVisible()).toBe(true);
    expect(await row.textContent()).toMatch(/200 label\.created · attempt 1 · \d+ ms/);
    await page.close();
  });

  it("logs a failing receiver's attempt and retries it after the queue's delay", async () => {
    const delay = inject("webhookRetrySeconds");
    const page = await context.newPage();
    await page.goto(`${baseURL()}/settings`);
    await page.getByRole("heading", { name: "Webhooks" }).waitFor();
    const url = `http://127.0.0.1:${receiver.port}/fail`;
    await register(page, url);
    const item = page.getByRole("listitem", { name: `Webhook endpoint ${url}` });
    await item.getByRole("button", { name: "Send test event" }).click();
    await item.getByText(/Test event queued/).waitFor();

    // The first attempt fails (500) and is logged.
    const first = await until("the test event at the failing receiver", () => receiver.received.find((r) => r.path === "/fail"), AT_LOAD_MS);
    const eventId = (JSON.parse(first.body) as { id: string; type: string }).id;
    expect(JSON.parse(first.body)).toMatchObject({ type: "ping", data: { label: null } });
    await item.getByText("Failed", { exact: true }).first().waitFor({ timeout: AT_LOAD_MS });
    expect(await item.getByText("HTTP 500").count()).toBeGreaterThan(0);
    await screenshot(page, "webhooks-failed-desktop");

    // The queue sends it again once the delay has passed, with the same event id, and the log shows attempt 2.
    const second = await until("the retry", () => receiver.received.filter((r) => r.path === "/fail" && r.body.includes(eventId))[1], AT_LOAD_MS);
    // The delay runs from after the first answer came back (a timer's few ms of slack aside).
    expect(second.at - first.at).toBeGreaterThanOrEqual(delay * 1000 - 20);
    await item.getByText(/attempt 2/).waitFor({ timeout: AT_LOAD_MS });

    // At phone width the card, its endpoints and the log fit the screen.
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, "webhooks-log-phone");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await page.close();
  });
});
