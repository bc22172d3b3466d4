import { getDb } from "../../worker/db/client";
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { webhookDeliveries, webhookEndpoints } from "../../worker/db/schema";
import { handleQueue } from "../../worker/handlers/queue";
import { RetryJobLater, type JobMessage } from "../../worker/lib/jobs";
import { markOutcome } from "../../worker/claims/outcome";
import { createManualLabel } from "../../worker/labels/save";
import { refreshLabelTracking } from "../../worker/tracking/tracking";
import { logAttempt, MAX_DELIVERY_ATTEMPTS, RETRY_DELAYS_SECONDS, runWebhookDelivery } from "../../worker/webhooks/delivery";
import { webhookUrlProblem } from "../../worker/webhooks/url-safety";
import { answerEvri, FAST_HTTP, fixtures, json, trackingEnv } from "../fixtures/carriers/carrier-fetch";
import { insertTrackedLabel } from "../fixtures/carriers/tracking-labels";
import { call, createUser, db, type TestUser } from "./helpers";
import { evriCode } from "./labels-fixtures";

const RECEIVER = "http://127.0.0.1:9/hooks/parcelhive";
type Deliver = Extract<JobMessage, { type: "webhook.deliver" }>;

afterEach(() => vi.restoreAllMocks());

/** A JOBS binding that keeps what is sent. */
function fakeJobs() {
  const sent: JobMessage[] = [];
  const JOBS = {
    send: async (body: JobMessage) => void sent.push(body),
    sendBatch: async (msgs: { body: JobMessage }[]) => void sent.push(...msgs.map((m) => m.body)),
  } as unknown as Queue;
  return { JOBS, sent, deliveries: () => sent.filter((j): j is Deliver => j.type === "webhook.deliver") };
}

async function register(u: TestUser, events: string[] = ["label.created"], url = RECEIVER) {
  const res = await call("/api/v1/webhooks", { method: "POST", token: u.token, json: { url, events } });
  expect(res.status).toBe(201);
  return (await res.json()) as { endpoint: { id: string; secretHint: string }; secret: string };
}

/** Spies on fetch: each call answers the next status (the last repeats); keeps what was sent. */
function receiver(...statuses: number[]) {
  const requests: { url: string; body: string; headers: Headers; redirect?: string }[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push({ url: String(input), body: String(init?.body), headers: new Headers(init?.headers), redirect: init?.redirect });
    const status = statuses.length > 1 ? statuses.shift()! : statuses[0];
    return new Response(status === 204 ? null : "ok", { status, headers: status >= 300 && status < 400 ? { Location: "http://10.0.0.1/" } : {} });
  });
  return requests;
}

const log = (endpointId: string) => db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)).orderBy(webhookDeliveries.id);

describe("webhook URLs (SSRF)", () => {
  it.each([
    ["http in production", "http://hooks.example.com/x"],
    ["10.x", "https://10.1.2.3/x"],
    ["127.x", "https://127.0.0.1/x"],
    ["127.x spelled as one number", "https://2130706433/x"],
    ["127.x in hex", "https://0x7f.1/x"],
    ["169.254.x (cloud metadata)", "https://169.254.169.254/latest/meta-data"],
    ["172.16/12", "https://172.20.0.5/x"],
    ["192.168.x", "https://192.168.1.1/x"],
    ["100.64/10 (carrier NAT)", "https://100.100.1.1/x"],
    ["0.0.0.0", "https://0.0.0.0/x"],
    ["[::1]", "https://[::1]/x"],
    ["[::]", "https://[::]/x"],
    ["fc00::", "https://[fc00::1]/x"],
    ["fd unique-local", "https://[fd12:3456::1]/x"],
    ["fe80:: link-local", "https://[fe80::1]/x"],
    ["IPv4-mapped 127.0.0.1", "https://[::ffff:127.0.0.1]/x"],
    ["IPv4-mapped 10.x", "https://[::ffff:a00:1]/x"],
    ["localhost", "https://localhost/x"],
    ["*.localhost", "https://api.localhost/x"],
    ["*.local", "https://printer.local/x"],
    ["*.internal", "https://metadata.google.internal/x"],
    ["a one-label name", "https://intranet/x"],
    ["credentials in the URL", "https://user:pass@hooks.example.com/x"],
    ["a user name in the URL", "https://user@hooks.example.com/x"],
    ["an odd port", "https://hooks.example.com:8443/x"],
    ["port 22", "https://hooks.example.com:22/x"],
    ["another scheme", "ftp://hooks.example.com/x"],
    ["not a URL", "hooks.example.com/x"],
  ])("refuses %s in production", (_name, url) => {
    expect(webhookUrlProblem(url, "production")).not.toBeNull();
  });

  it.each([
    ["https on the default port", "https://hooks.example.com/parcelhive"],
    ["https on 443", "https://hooks.example.com:443/x"],
    ["a public IPv4 literal", "https://93.184.216.34/x"],
    ["a public IPv6 literal", "https://[2606:4700::1111]/x"],
  ])("accepts %s in production", (_name, url) => {
    expect(webhookUrlProblem(url, "production")).toBeNull();
  });

  it("allows a loopback receiver over http outside production only, and nothing else private", () => {
    expect(webhookUrlProblem("http://127.0.0.1:4567/hook", "development")).toBeNull();
    expect(webhookUrlProblem("http://[::1]:4567/hook", "test")).toBeNull();
    expect(webhookUrlProblem("http://127.0.0.1:4567/hook", "production")).not.toBeNull();
    expect(webhookUrlProblem("http://10.0.0.1:4567/hook", "development")).not.toBeNull();
    expect(webhookUrlProblem("http://localhost:4567/hook", "development")).not.toBeNull();
    expect(webhookUrlProblem("http://hooks.example.com:8080/hook", "development")).not.toBeNull();
  });
});

describe("/api/v1/webhooks", () => {
  it("registers an endpoint, shows its whsec_ secret once and lists it without the secret", async () => {
    const u = await createUser();
    const created = await register(u, ["label.created", "parcel.delivered"]);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    const list = await call("/api/v1/webhooks", { token: u.token });
    const body = (await list.json()) as { results: { id: string; url: string; events: string[]; enabled: boolean; secretHint: string }[]; limit: number };
    expect(body.results).toEqual([expect.objectContaining({ id: created.endpoint.id, url: RECEIVER, events: ["label.created", "parcel.delivered"], enabled: true })]);
    expect(JSON.stringify(body)).not.toContain(created.secret);
    expect(created.secret.startsWith(body.results[0].secretHint.replace("…", ""))).toBe(true);
    expect(body.limit).toBe(5);
  });

  it("refuses a private address and an unknown event with 400, and stores nothing", async () => {
    const u = await createUser();
    const res = await call("/api/v1/webhooks", { method: "POST", token: u.token, json: { url: "https://169.254.169.254/", events: ["label.created"] } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/^url: .*private or local/);
    const odd = await call("/api/v1/webhooks", { method: "POST", token: u.token, json: { url: RECEIVER, events: ["label.exploded"] } });
    expect(odd.status).toBe(400);
    const none = await call("/api/v1/webhooks", { method: "POST", token: u.token, json: { url: RECEIVER, events: [] } });
    expect(none.status).toBe(400);
    expect(await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, u.id))).toEqual([]);
  });

  it("allows at most 5 endpoints per user (409 for the sixth)", async () => {
    const u = await createUser();
    for (let i = 0; i < 5; i++) await register(u, ["label.created"], `${RECEIVER}/${i}`);
    const sixth = await call("/api/v1/webhooks", { method: "POST", token: u.token, json: { url: RECEIVER, events: ["label.created"] } });
    expect(sixth.status).toBe(409);
    expect(await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, u.id))).toHaveLength(5);
  });

  it("switches an endpoint off and on, changes its events, and deletes it with its log", async () => {
    const u = await createUser();
    const { endpoint } = await register(u);
    const off = await call(`/api/v1/webhooks/${endpoint.id}`, { method: "PATCH", token: u.token, json: { enabled: false } });
    expect(await off.json()).toMatchObject({ enabled: false, events: ["label.created"] });
    const events = await call(`/api/v1/webhooks/${endpoint.id}`, { method: "PATCH", token: u.token, json: { events: ["tracking.updated"] } });
    expect(await events.json()).toMatchObject({ enabled: false, events: ["tracking.updated"] });
    expect((await call(`/api/v1/webhooks/${endpoint.id}`, { method: "PATCH", token: u.token, json: {} })).status).toBe(400);
    await logAttempt(db(), endpoint.id, { id: "evt_1", type: "ping" }, 1, { ok: true, statusCode: 200, error: null, durationMs: 5 });
    expect((await call(`/api/v1/webhooks/${endpoint.id}`, { method: "DELETE", token: u.token })).status).toBe(204);
    expect(await log(endpoint.id)).toEqual([]);
    expect((await call(`/api/v1/webhooks/${endpoint.id}`, { method: "DELETE", token: u.token })).status).toBe(404);
  });

  it("answers 404 for another user's endpoint on every call, and changes nothing", async () => {
    const owner = await createUser();
    const other = await createUser();
    const { endpoint } = await register(owner);
    const id = endpoint.id;
    const calls: [string, string, unknown?][] = [
      ["PATCH", `/api/v1/webhooks/${id}`, { enabled: false }],
      ["DELETE", `/api/v1/webhooks/${id}`],
      ["GET", `/api/v1/webhooks/${id}/deliveries`],
      ["POST", `/api/v1/webhooks/${id}/test`, {}],
    ];
    for (const [method, path, json] of calls) {
      const res = await call(path, { method, token: other.token, json });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect(((await (await call("/api/v1/webhooks", { token: other.token })).json()) as { results: unknown[] }).results).toEqual([]);
    const row = await db().query.webhookEndpoints.findFirst({ where: eq(webhookEndpoints.id, id) });
    expect(row?.enabled).toBe(true);
  });

  it("cannot be managed with a developer API key", async () => {
    const u = await createUser();
    const key = ((await (await call("/api/v1/generate-developer-key", { method: "POST", token: u.token, json: {} })).json()) as { developer_api_key: string }).developer_api_key;
    const res = await call("/api/v1/webhooks", { method: "POST", headers: { "X-API-Key": key }, json: { url: RECEIVER, events: ["label.created"] } });
    expect(res.status).toBe(403);
  });
});

describe("delivering a webhook", () => {
  async function endpointWithLabel(events = ["label.created"]) {
    const u = await createUser({ credits: 5 });
    const { endpoint, secret } = await register(u, events);
    const jobs = fakeJobs();
    const { label } = await createManualLabel(db(), { JOBS: jobs.JOBS }, u.id, { details: { courier: "evri", trackingCode: evriCode(), countryCode: "GB" } });
    return { u, endpoint, secret, label, jobs };
  }

  it("POSTs the label signed as t=<unix>,v1=HMAC-SHA256(secret, '<t>.<body>'), checked with node's own HMAC", async () => {
    const { endpoint, secret, label, jobs } = await endpointWithLabel();
    const [job] = jobs.deliveries();
    const requests = receiver(200);
    expect(await runWebhookDelivery(env, getDb(env.DB), job, 1)).toBe("delivered");
    expect(requests).toHaveLength(1);
    const [req] = requests;
    expect(req.url).toBe(RECEIVER);
    expect(req.redirect).toBe("manual");
    const m = req.headers.get("Parcelhive-Signature")!.match(/^t=(\d+),v1=([0-9a-f]{64})$/)!;
    expect(Math.abs(Number(m[1]) - Date.now() / 1000)).toBeLessThan(60);
    expect(m[2]).toBe(createHmac("sha256", secret).update(`${m[1]}.${req.body}`).digest("hex"));
    expect(m[2]).not.toBe(createHmac("sha256", `${secret}x`).update(`${m[1]}.${req.body}`).digest("hex"));
    const body = JSON.parse(req.body);
    expect(body).toMatchObject({ id: job.event.id, type: "label.created", created: job.event.created, data: { label: { id: label.id, trackingCode: label.trackingCode } } });
    expect(req.headers.get("Content-Type")).toBe("application/json");
    expect(await log(endpoint.id)).toEqual([expect.objectContaining({ eventId: job.event.id, attempt: 1, statusCode: 200, ok: true, error: null })]);
  });

  it("retries a failing receiver through the queue with growing delays, logging each attempt, and gives up after 6", async () => {
    const { endpoint, jobs } = await endpointWithLabel();
    const [job] = jobs.deliveries();
    receiver(500);
    const delays: number[] = [];
    for (let attempt = 1; attempt <= MAX_DELIVERY_ATTEMPTS; attempt++) {
      const batch = createMessageBatch<JobMessage>("parcelhive-jobs", [{ id: `m${attempt}`, timestamp: new Date(), attempts: attempt, body: job }]);
      const ctx = createExecutionContext();
      // The harness records which messages were retried; the delay asked for is read from the call itself.
      const retry = vi.spyOn(batch.messages[0], "retry");
      await handleQueue(batch, env);
      const result = await getQueueResult(batch, ctx);
      if (attempt < MAX_DELIVERY_ATTEMPTS) {
        expect(result.retryMessages.map((m) => m.msgId)).toEqual([`m${attempt}`]);
        expect(retry).toHaveBeenCalledTimes(1);
        delays.push(retry.mock.calls[0][0]!.delaySeconds!);
      } else {
        expect(result.retryMessages).toEqual([]);
        expect(result.explicitAcks).toEqual([`m${attempt}`]);
      }
    }
    expect(delays).toEqual([30, 120, 600, 3600, 10800]);
    expect(delays).toEqual(RETRY_DELAYS_SECONDS);
    const rows = await log(endpoint.id);
    expect(rows.map((r) => [r.attempt, r.statusCode, r.ok, r.error])).toEqual([1, 2, 3, 4, 5, 6].map((a) => [a, 500, false, "HTTP 500"]));
    expect(rows.every((r) => r.eventId === job.event.id && r.durationMs >= 0)).toBe(true);
  });

  it("counts a redirect as a failure and does not follow it", async () => {
    const { endpoint, jobs } = await endpointWithLabel();
    const requests = receiver(302);
    await expect(runWebhookDelivery(env, getDb(env.DB), jobs.deliveries()[0], 1)).rejects.toBeInstanceOf(RetryJobLater);
    expect(requests).toHaveLength(1);
    expect((await log(endpoint.id))[0]).toMatchObject({ statusCode: 302, ok: false, error: "Redirect (302) not followed" });
  });

  it("logs a connection error without a status code and retries", async () => {
    const { endpoint, jobs } = await endpointWithLabel();
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("connection refused"));
    await expect(runWebhookDelivery(env, getDb(env.DB), jobs.deliveries()[0], 2)).rejects.toMatchObject({ delaySeconds: 120 });
    expect((await log(endpoint.id))[0]).toMatchObject({ statusCode: null, ok: false, attempt: 2, error: expect.stringMatching(/^Could not connect/) });
  });

  it("waits WEBHOOK_RETRY_SECONDS before every retry when it is set (a test server's), the schedule otherwise", async () => {
    const { jobs } = await endpointWithLabel();
    receiver(500);
    const job = jobs.deliveries()[0];
    await expect(runWebhookDelivery({ ...env, WEBHOOK_RETRY_SECONDS: "2" }, getDb(env.DB), job, 1)).rejects.toMatchObject({ delaySeconds: 2 });
    await expect(runWebhookDelivery({ ...env, WEBHOOK_RETRY_SECONDS: "2" }, getDb(env.DB), job, 4)).rejects.toMatchObject({ delaySeconds: 2 });
    await expect(runWebhookDelivery({ ...env, WEBHOOK_RETRY_SECONDS: "" }, getDb(env.DB), job, 4)).rejects.toMatchObject({ delaySeconds: 3600 });
  });

  it("checks the address again before sending: a receiver now refused is never called and not retried", async () => {
    const { endpoint, jobs } = await endpointWithLabel();
    const requests = receiver(200);
    expect(await runWebhookDelivery({ ...env, ENVIRONMENT: "production" }, getDb(env.DB), jobs.deliveries()[0], 1)).toBe("gave-up");
    expect(requests).toEqual([]);
    expect((await log(endpoint.id))[0]).toMatchObject({ ok: false, statusCode: null, error: expect.stringMatching(/private or local/) });
  });

  it("sends nothing to an endpoint switched off after the event was queued", async () => {
    const { u, endpoint, jobs } = await endpointWithLabel();
    await call(`/api/v1/webhooks/${endpoint.id}`, { method: "PATCH", token: u.token, json: { enabled: false } });
    const requests = receiver(200);
    expect(await runWebhookDelivery(env, getDb(env.DB), jobs.deliveries()[0], 1)).toBe("skipped");
    expect(requests).toEqual([]);
  });

  it("keeps the newest 50 attempts per endpoint, and lists them newest first", async () => {
    const { u, endpoint } = await endpointWithLabel();
    const other = await endpointWithLabel();
    await logAttempt(db(), other.endpoint.id, { id: "evt_other", type: "ping" }, 1, { ok: true, statusCode: 200, error: null, durationMs: 1 });
    for (let i = 1; i <= 56; i++) await logAttempt(db(), endpoint.id, { id: `evt_${i}`, type: "ping" }, 1, { ok: true, statusCode: 200, error: null, durationMs: i });
    const rows = await log(endpoint.id);
    expect(rows).toHaveLength(50);
    expect(rows[0].eventId).toBe("evt_7");
    expect(rows.at(-1)!.eventId).toBe("evt_56");
    expect(await log(other.endpoint.id)).toHaveLength(1);
    const listed = (await (await call(`/api/v1/webhooks/${endpoint.id}/deliveries`, { token: u.token })).json()) as { results: { eventId: string }[] };
    expect(listed.results).toHaveLength(50);
    expect(listed.results[0].eventId).toBe("evt_56");
  });

  it("queues a signed test event from the send-test call", async () => {
    const u = await createUser();
    const { endpoint, secret } = await register(u);
    const res = await call(`/api/v1/webhooks/${endpoint.id}/test`, { method: "POST", token: u.token, json: {} });
    const { eventId } = (await res.json()) as { eventId: string };
    expect(eventId).toMatch(/^evt_/);
    const requests = receiver(204);
    const job: Deliver = { type: "webhook.deliver", endpointId: endpoint.id, event: { id: eventId, type: "ping", created: 1, labelId: null } };
    expect(await runWebhookDelivery(env, getDb(env.DB), job, 1)).toBe("delivered");
    const [, t, v1] = requests[0].headers.get("Parcelhive-Signature")!.match(/^t=(\d+),v1=(\w+)$/)!;
    expect(v1).toBe(createHmac("sha256", secret).update(`${t}.${requests[0].body}`).digest("hex"));
    expect(JSON.parse(requests[0].body)).toEqual({ id: eventId, type: "ping", created: 1, data: { label: null } });
  });
});

describe("the API reference", () => {
  it("documents the webhooks: events, payload, signature header and a verification example", async () => {
    const html = await (await call("/api/docs")).text();
    expect(html).toContain('id="webhooks"');
    for (const e of ["label.created", "tracking.updated", "parcel.delivered", "parcel.potentially_lost", "Parcelhive-Signature", "verifyParcelhive", "timingSafeEqual"]) {
      expect(html).toContain(e);
    }
    expect(html).toContain("/api/v1/webhooks");
  });
});

describe("where events are fired", () => {
  it("queues label.created once per new label and subscribed endpoint, none for an update of the same code", async () => {
    const u = await createUser({ credits: 5 });
    const a = await register(u, ["label.created"]);
    await register(u, ["tracking.updated"]);
    const jobs = fakeJobs();
    const code = evriCode();
    const { label } = await createManualLabel(db(), { JOBS: jobs.JOBS }, u.id, { details: { courier: "evri", trackingCode: code, countryCode: "GB" } });
    expect(jobs.deliveries()).toEqual([{ type: "webhook.deliver", endpointId: a.endpoint.id, event: expect.objectContaining({ type: "label.created", labelId: label.id }) }]);
    await createManualLabel(db(), { JOBS: jobs.JOBS }, u.id, { details: { courier: "evri", trackingCode: code, countryCode: "GB" }, notes: "again" });
    expect(jobs.deliveries()).toHaveLength(1);
  });

  it("queues nothing for a user without endpoints, or whose endpoints are switched off", async () => {
    const u = await createUser({ credits: 5 });
    const jobs = fakeJobs();
    await createManualLabel(db(), { JOBS: jobs.JOBS }, u.id, { details: { courier: "evri", trackingCode: evriCode(), countryCode: "GB" } });
    expect(jobs.sent.map((j) => j.type)).toEqual(["tracking.refresh"]);
    const { endpoint } = await register(u);
    await call(`/api/v1/webhooks/${endpoint.id}`, { method: "PATCH", token: u.token, json: { enabled: false } });
    await createManualLabel(db(), { JOBS: jobs.JOBS }, u.id, { details: { courier: "evri", trackingCode: evriCode(), countryCode: "GB" } });
    expect(jobs.deliveries()).toEqual([]);
  });

  const ALL = ["label.created", "tracking.updated", "parcel.delivered", "parcel.potentially_lost"];
  const CREATED = Date.parse("2026-11-16T10:00:00Z"); // Monday

  it("queues tracking.updated when new events are stored, and parcel.delivered once when the parcel becomes delivered", async () => {
    const u = await createUser();
    const { endpoint } = await register(u, ALL);
    const id = await insertTrackedLabel(env.DB, { userId: u.id, createdAt: CREATED });
    const jobs = fakeJobs();
    const tEnv = trackingEnv({ ...env, JOBS: jobs.JOBS });
    const types = () => jobs.deliveries().map((j) => j.event.type);

    answerEvri([json(fixtures.evriInTransit)]);
    await refreshLabelTracking(tEnv, getDb(env.DB), id, { now: Date.parse("2026-11-17T09:00:00Z"), http: FAST_HTTP });
    expect(types()).toEqual(["tracking.updated"]);
    // The same events again: nothing changed, nothing sent.
    await refreshLabelTracking(tEnv, getDb(env.DB), id, { now: Date.parse("2026-11-17T11:00:00Z"), http: FAST_HTTP, force: true });
    expect(types()).toEqual(["tracking.updated"]);

    vi.restoreAllMocks();
    answerEvri([json(fixtures.evriDelivered)]);
    await refreshLabelTracking(tEnv, getDb(env.DB), id, { now: Date.parse("2026-11-17T16:00:00Z"), http: FAST_HTTP, force: true });
    expect(types()).toEqual(["tracking.updated", "tracking.updated", "parcel.delivered"]);
    await refreshLabelTracking(tEnv, getDb(env.DB), id, { now: Date.parse("2026-11-17T18:00:00Z"), http: FAST_HTTP, force: true });
    expect(types().filter((t) => t === "parcel.delivered")).toHaveLength(1);
    expect(jobs.deliveries().every((j) => j.endpointId === endpoint.id && j.event.labelId === id)).toBe(true);
  });

  it("queues parcel.potentially_lost once when the lost flag is set", async () => {
    const u = await createUser();
    await register(u, ["parcel.potentially_lost"]);
    const id = await insertTrackedLabel(env.DB, { userId: u.id, createdAt: CREATED });
    const jobs = fakeJobs();
    const tEnv = trackingEnv({ ...env, JOBS: jobs.JOBS });
    answerEvri([json(fixtures.evriRegistered)]);
    expect(await refreshLabelTracking(tEnv, getDb(env.DB), id, { now: Date.parse("2026-11-20T09:00:00Z"), http: FAST_HTTP })).toMatchObject({ flagged: true });
    await refreshLabelTracking(tEnv, getDb(env.DB), id, { now: Date.parse("2026-11-20T12:00:00Z"), http: FAST_HTTP, force: true });
    expect(jobs.deliveries().map((j) => j.event.type)).toEqual(["parcel.potentially_lost"]);
    expect(jobs.sent.filter((j) => j.type === "lost.notify")).toHaveLength(1);
  });

  it("queues parcel.delivered once when the user marks a parcel delivered that the carrier never showed delivered", async () => {
    const u = await createUser();
    const { endpoint } = await register(u, ["parcel.delivered"]);
    const id = await insertTrackedLabel(env.DB, { userId: u.id, createdAt: CREATED });
    const jobs = fakeJobs();
    await markOutcome({ JOBS: jobs.JOBS }, db(), u.id, id, "delivered");
    await markOutcome({ JOBS: jobs.JOBS }, db(), u.id, id, "delivered");
    expect(jobs.deliveries().map((j) => [j.endpointId, j.event.type, j.event.labelId])).toEqual([[endpoint.id, "parcel.delivered", id]]);
    await markOutcome({ JOBS: jobs.JOBS }, db(), u.id, id, "found");
    expect(jobs.deliveries()).toHaveLength(1);
  });

  it("queues no tracking events for a user without endpoints", async () => {
    const u = await createUser();
    const id = await insertTrackedLabel(env.DB, { userId: u.id, createdAt: CREATED });
    const jobs = fakeJobs();
    answerEvri([json(fixtures.evriDelivered)]);
    await refreshLabelTracking(trackingEnv({ ...env, JOBS: jobs.JOBS }), getDb(env.DB), id, { now: Date.parse("2026-11-17T16:00:00Z"), http: FAST_HTTP });
    expect(jobs.deliveries()).toEqual([]);
  });
});
