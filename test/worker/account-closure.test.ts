import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { databaseNames, d1Binding } from "../../worker/db/databases";
import { primarySessions } from "../../worker/db/sessions";
import { buyerAddressMac, unsubscribeToken } from "../../worker/buyer-mail/address";
import { buyerUnsubscribes } from "../../worker/db/schema";
import { signAccessToken } from "../../worker/auth/tokens";
import { sendBuyerMail } from "../../worker/buyer-mail/send";
import { storeInbound } from "../../worker/mail/mailbox";
import { DIRECTORY_TABLES, SENDER_STEPS, runAccountErasure } from "../../worker/privacy/account-erasure";
import { TABLES } from "../../worker/privacy/data-map";
import { plainText } from "../fixtures/mail/messages";
import * as stripeFx from "../fixtures/stripe";
import { call, callWithEnv, createUser, type TestUser } from "./helpers";
import { fakeJobs, fullLabel, home, labelNeedles, sender, senderDb, traces } from "./privacy-fixtures";
import { evriCode } from "./labels-fixtures";

// Closing an account (issue 32 item 2): Stripe's subscription is cancelled first, the account is unusable at once,
// and the queue removes everything of it from every database and R2. Runs in both worker projects (DB and DB_2).

afterEach(() => vi.restoreAllMocks());

const configured = (path: string, init: Parameters<typeof callWithEnv>[2] = {}) => callWithEnv({ ...stripeFx.STRIPE_TEST_ENV, JOBS: fakeJobs().JOBS }, path, init);

/** The Stripe stand-in behind fetch, its events delivered to the worker as Stripe's POSTs. */
function stripe() {
  const api = stripeFx.fakeStripeApi({
    deliver: async (req) => configured(new URL(req.url).pathname, { method: "POST", body: await req.text(), headers: Object.fromEntries(req.headers) }),
  });
  vi.spyOn(globalThis, "fetch").mockImplementation(api.handler);
  return api;
}

/** Subscribes the user to the monthly plan through the stand-in's Checkout page: answers the subscription's id. */
async function subscribe(api: ReturnType<typeof stripe>, user: TestUser): Promise<string> {
  const res = await configured("/api/v1/create-checkout-session", { method: "POST", token: user.token, json: { sku: "basic_plan", quantity: 1 } });
  expect(res.status).toBe(200);
  const { checkout_url } = (await res.json()) as { checkout_url: string };
  const paid = await api.standin.fetch(new Request(checkout_url, { method: "POST", body: new URLSearchParams({ action: "pay" }).toString(), headers: { "Content-Type": "application/x-www-form-urlencoded" } }));
  expect(paid.status).toBe(303);
  await api.standin.settled();
  const [sub] = [...api.standin.account.subscriptions.values()];
  expect(sub.status).toBe("active");
  return sub.id;
}

/** Runs the closing queue's messages until the account is gone; answers how many messages it took. */
async function erase(userId: number): Promise<number> {
  for (let messages = 1; messages < 200; messages++) {
    if (await runAccountErasure({ ...env, JOBS: fakeJobs().JOBS }, primarySessions(env).db(), userId)) return messages;
  }
  throw new Error("the closing queue never finished");
}

/** Rows that name the user by id, in every table of every database that has a user column. */
async function rowsOf(userId: number): Promise<string[]> {
  const hits: string[] = [];
  for (const name of databaseNames(env)) {
    const d1 = d1Binding(env, name)!;
    for (const table of Object.keys(TABLES)) {
      const { results: columns } = await d1.prepare("select name from pragma_table_info(?)").bind(table).all<{ name: string }>();
      const column = table === "users" ? "id" : columns.some((c) => c.name === "user_id") ? "user_id" : null;
      if (!column) continue;
      const row = await d1.prepare(`select count(*) as n from "${table}" where "${column}" = ?`).bind(userId).first<{ n: number }>();
      if (row?.n) hits.push(`${name}.${table}: ${row.n}`);
    }
  }
  const keys = (await env.FILES.list()).objects.map((o) => o.key).filter((k) => k.includes(`/${userId}/`));
  return [...hits, ...keys.map((k) => `R2 ${k}`)];
}

const post = (path: string, token: string | undefined, json: unknown, headers: Record<string, string> = {}) => call(path, { method: "POST", token, json, headers });

describe("closing an account", () => {
  it("cancels the subscription, refuses its tokens and key at once, leaves nothing of it, and lets the e-mail sign up again as a new empty account", async () => {
    const api = stripe();
    const user = await sender(20);
    const subscription = await subscribe(api, user);
    const labels = [await fullLabel(user), await fullLabel(user)];
    const deleted = await fullLabel(user);
    expect((await configured(`/api/v1/label/${deleted.id}`, { method: "DELETE", token: user.token })).status).toBe(200);
    const png = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="), (ch) => ch.charCodeAt(0));
    const banner = new FormData();
    banner.append("banner_image", new File([png], "banner.png", { type: "image/png" }));
    expect((await call("/api/v1/user/profile", { method: "PUT", token: user.token, body: banner })).status).toBe(200);
    expect((await post("/api/v1/webhooks", user.token, { url: "http://127.0.0.1:9/hook", events: ["label.created"] })).status).toBe(201);
    const key = ((await (await post("/api/v1/generate-developer-key", user.token, {})).json()) as { developer_api_key: string }).developer_api_key;
    const address = ((await (await call("/api/v1/user/import-address", { token: user.token })).json()) as { address: string }).address;
    const session = (await (await post("/api/v1/login", undefined, { email: user.email, password: user.password })).json()) as { refresh_token: string };
    expect((await call(`/t/${labels[0].pageToken}`)).status).toBe(200);

    const closed = await configured("/api/v1/user/close", { method: "POST", token: user.token, json: { password: user.password } });
    expect(closed.status).toBe(200);
    expect(await closed.json()).toEqual({ closed: true, email: user.email });
    expect(api.standin.account.subscriptions.get(subscription)?.status).toBe("canceled");

    // Unusable at once, before the queue has removed anything.
    expect((await call("/api/v1/user", { token: user.token })).status).toBe(401);
    expect((await call("/api/v1/labels", { token: user.token })).status).toBe(401);
    expect((await call("/api/v1/labels", { headers: { "X-API-Key": key } })).status).toBe(401);
    expect((await post("/api/v1/refresh", undefined, {}, { Authorization: `Bearer ${session.refresh_token}` })).status).toBe(401);
    expect((await post("/api/v1/login", undefined, { email: user.email, password: user.password })).status).toBe(401);
    expect((await call(`/t/${labels[0].pageToken}`)).status).toBe(404);
    expect((await call(`/t/${labels[1].pageToken}`)).status).toBe(404);

    expect(await erase(user.id)).toBeGreaterThan(0);
    expect(await rowsOf(user.id)).toEqual([]);
    const needles = [user.email, address.split("@")[0], key, ...labels.flatMap(labelNeedles), ...labelNeedles(deleted)];
    expect(await traces(needles)).toEqual([]);

    // The same e-mail signs up again: a new account, with nothing of the old one.
    expect((await post("/api/v1/signup", undefined, { email: user.email, password: "a new password 1", marketing_consent: false })).status).toBe(201);
    const again = (await (await post("/api/v1/login", undefined, { email: user.email, password: "a new password 1" })).json()) as { access_token: string };
    const me = (await (await call("/api/v1/user", { token: again.access_token })).json()) as { id: number; credits: number; developer_api_key: string | null; company_name: string | null };
    expect(me).toMatchObject({ credits: 0, developer_api_key: null, company_name: null });
    expect(me.id).not.toBe(user.id);
    expect(((await (await call("/api/v1/labels", { token: again.access_token })).json()) as { total: number }).total).toBe(0);
    expect(((await (await call("/api/v1/labels/deleted", { token: again.access_token })).json()) as { total: number }).total).toBe(0);
    expect(((await (await call("/api/v1/webhooks", { token: again.access_token })).json()) as { results: unknown[] }).results).toEqual([]);
  });

  it("stops with a clear error and changes nothing when Stripe refuses to cancel the subscription", async () => {
    const api = stripe();
    const user = await sender();
    const subscription = await subscribe(api, user);
    const label = await fullLabel(user);
    api.standin.failNext({ method: "DELETE", path: /^\/v1\/subscriptions\//, status: 500, type: "api_error", message: "An unknown error occurred", times: 5 });
    const res = await configured("/api/v1/user/close", { method: "POST", token: user.token, json: { password: user.password } });
    expect(res.status).toBe(502);
    expect(((await res.json()) as { error: string }).error).toMatch(/^Stripe did not cancel the subscription .*nothing was closed/);
    expect(api.standin.account.subscriptions.get(subscription)?.status).toBe("active");
    expect((await call("/api/v1/user", { token: user.token })).status).toBe(200);
    expect((await call(`/api/v1/label/${label.id}`, { token: user.token })).status).toBe(200);
    expect((await call(`/t/${label.pageToken}`)).status).toBe(200);
  });

  it("asks for the password again, and never lets an API key close the account", async () => {
    const user = await sender();
    const wrong = await post("/api/v1/user/close", user.token, { password: "not my password" });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ error: "That password is not right. Nothing was closed." });
    const key = ((await (await post("/api/v1/generate-developer-key", user.token, {})).json()) as { developer_api_key: string }).developer_api_key;
    expect((await post("/api/v1/user/close", undefined, { password: user.password }, { "X-API-Key": key })).status).toBe(403);
    expect((await call("/api/v1/user", { token: user.token })).status).toBe(200);
  });

  it("lets an admin close an account from Cheats, taking the mailbox's threads with it only when chosen", async () => {
    const admin = await theAdmin();
    const users = [await sender(), await sender()];
    for (const u of users) await storeInbound(env, home(), plainText({ subject: `Help from ${u.email}`, from: u.email }), { from: u.email, to: "support@parcelhive.test" });
    const mailOf = async (u: TestUser) =>
      (await home().all<{ key: string }>(sql`select key from mail_messages where instr(lower(from_addr), ${u.email}) > 0`)).map((r) => r.key);
    const keptKeys = await mailOf(users[1]);
    expect(await mailOf(users[0])).toHaveLength(1);

    expect((await post(`/api/v1/admin/users/${admin.id}/close`, admin.token, { deleteMail: true })).status).toBe(400);
    expect((await post(`/api/v1/admin/users/${users[0].id}/close`, users[1].token, { deleteMail: true })).status).toBe(403);
    for (const [i, deleteMail] of [true, false].entries()) {
      const res = await callWithEnv({ JOBS: fakeJobs().JOBS }, `/api/v1/admin/users/${users[i].id}/close`, { method: "POST", token: admin.token, json: { deleteMail } });
      expect(res.status).toBe(200);
      await erase(users[i].id);
    }
    expect(await mailOf(users[0])).toEqual([]);
    expect(await traces([users[0].email])).toEqual([]);
    expect(await mailOf(users[1])).toEqual(keptKeys);
    expect(await env.FILES.head(keptKeys[0])).not.toBeNull();
    expect((await post(`/api/v1/admin/users/${users[0].id}/close`, admin.token, {})).status).toBe(404);
  });

  it("keeps its buyers unsubscribed when the same e-mail opens an account again", async () => {
    const user = await sender();
    const buyer = `buyer-${crypto.randomUUID().slice(0, 8)}@example.com`;
    expect((await post(`/t/unsubscribe/${await unsubscribeToken(env, user.id, buyer)}`, undefined, {})).status).toBe(200);
    // Many more, as a seller of years has: they are kept in statements of one bound list, never 4 values a row.
    const others = await Promise.all(Array.from({ length: 60 }, (_, i) => buyerAddressMac(env, user.id, `other-${i}@example.com`)));
    for (const addressMac of others) await senderDb().insert(buyerUnsubscribes).values({ userId: user.id, addressMac, at: Date.now() });
    expect((await callWithEnv({ JOBS: fakeJobs().JOBS }, "/api/v1/user/close", { method: "POST", token: user.token, json: { password: user.password } })).status).toBe(200);
    await erase(user.id);
    expect(await traces([buyer, user.email])).toEqual([]);

    const again = await createUser({ email: user.email, credits: 2 });
    await home().run(sql`update users set buyer_mail_moments = '["delivered"]' where id = ${again.id}`);
    const made = await call("/api/v1/label/manual", { method: "POST", token: again.token, json: { courier: "evri", trackingCode: evriCode(), fields: { recipientPostcode: "LS1 1AA" }, buyerEmail: buyer } });
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: string };
    expect(await sendBuyerMail(env, home(), id, "delivered")).toBe("unsubscribed");
    expect((await home().all(sql`select 1 from closed_unsubscribes where old_user_id = ${user.id}`)).length).toBe(61);
    // Another buyer of the new account is mailed as ever.
    const other = await call("/api/v1/label/manual", { method: "POST", token: again.token, json: { courier: "evri", trackingCode: evriCode(), fields: { recipientPostcode: "LS1 1AA" }, buyerEmail: "someone-else@example.com" } });
    expect(await sendBuyerMail(env, home(), ((await other.json()) as { id: string }).id, "delivered")).toBe("sent");
  });

  it("covers every table the data map says closing deletes", () => {
    const covered = new Set([...SENDER_STEPS.map((s) => s.table), ...DIRECTORY_TABLES]);
    const owned = Object.entries(TABLES).filter(([, e]) => ["deleted", "deleted-at-once", "hashed"].includes(e.closure) && e.owner.by !== "closed-seller");
    expect(owned.map(([t]) => t).filter((t) => !covered.has(t))).toEqual([]);
  });
});

/** The one admin account (ADMIN_EMAILS). */
async function theAdmin(): Promise<TestUser> {
  const [row] = await home().all<{ id: number }>(sql`select id from users where email = 'admin@parcelhive.test'`);
  if (!row) return createUser({ admin: true });
  return { id: row.id, email: "admin@parcelhive.test", password: "", token: await signAccessToken(env, row.id) };
}
