import { applyD1Migrations, createMessageBatch, getQueueResult, createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb, type Db } from "../../worker/db/client";
import { databaseNames, userDatabase } from "../../worker/db/databases";
import { buyerUnsubscribes, carrierCallBudget, carrierPauses, creditLedger, labelImportAddresses, trackingPageTokens, labels, labelTags, stripeEvents, userDatabases, users } from "../../worker/db/schema";
import { primarySessions } from "../../worker/db/sessions";
import { grantCredits } from "../../worker/credits/credits";
import { handleEmail } from "../../worker/handlers/email";
import { handleQueue } from "../../worker/handlers/queue";
import { newImportToken } from "../../worker/label-mail/address";
import { unsubscribeToken } from "../../worker/buyer-mail/address";
import { enqueue, type JobMessage } from "../../worker/lib/jobs";
import { sha256Hex } from "../../worker/lib/crypto";
import { signAccessToken } from "../../worker/auth/tokens";
import { labelMail } from "../fixtures/mail/label-mail";
import { answerCarrier, FAST_HTTP, fixtures, json, trackingEnv } from "../fixtures/carriers/carrier-fetch";
import { insertTrackedLabel } from "../fixtures/carriers/tracking-labels";
import { pauseCarrier } from "../../worker/tracking/carrier-budget";
import { refreshLabelTracking } from "../../worker/tracking/tracking";
import { inboundMessage, plainText } from "../fixtures/mail/messages";
import { storeInbound } from "../../worker/mail/mailbox";
import { captureMail, tokenFrom } from "./auth-mail";
import { call, callWithEnv, createUser, type TestUser } from "./helpers";
import * as stripeFx from "../fixtures/stripe";
import { evriCode } from "./labels-fixtures";
import { fixture } from "./import-fixtures";

// Two local D1 databases, as production has once a second one is opened (worker/db/databases.ts): DB, the home
// database and directory, and DB_2 (this project's miniflare config). A user moved to DB_2 has their account row
// copied there (same id) and a directory row naming it.

const home = () => getDb(env.DB);
const second = () => getDb(env.DB_2);

beforeAll(async () => {
  await applyD1Migrations(env.DB_2, env.TEST_MIGRATIONS);
});

/** A user whose data is in DB_2: their directory row names it, and their account row is there too. */
async function movedUser(credits = 5): Promise<TestUser> {
  const user = await createUser();
  const [row] = await home().select().from(users).where(eq(users.id, user.id));
  await second().insert(users).values(row);
  await grantCredits(second(), { userId: user.id, delta: credits, reason: "admin_grant", reference: "test" });
  await home().insert(userDatabases).values({ userId: user.id, database: "DB_2" });
  return user;
}

/** The one admin account (ADMIN_EMAILS), made by the first test that needs it. */
async function theAdmin(): Promise<{ id: number; token: string }> {
  const [row] = await home().select().from(users).where(eq(users.email, "admin@parcelhive.test"));
  return row ? { id: row.id, token: await signAccessToken(env, row.id) } : createUser({ admin: true });
}

const labelsIn = (db: Db, userId: number) => db.select().from(labels).where(eq(labels.userId, userId));
const creditsIn = async (db: Db, userId: number) => (await db.select({ credits: users.credits }).from(users).where(eq(users.id, userId)))[0]?.credits;

async function createLabel(user: TestUser, code = evriCode()) {
  const res = await call("/api/v1/label/manual", { method: "POST", token: user.token, json: { courier: "evri", trackingCode: code, fields: { recipientPostcode: "SW1A 1AA" } } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** A label written straight into `db` for `userId`, which the routing must never show them. */
async function decoy(db: Db, userId: number) {
  const id = `lbl_decoy${crypto.randomUUID().slice(0, 8)}`;
  await db.insert(labels).values({ id, userId, courier: "evri", trackingCode: evriCode(), source: "manual", shippedOn: "2026-11-20", notes: "decoy" });
  return id;
}

const listIds = async (user: TestUser, headers: Record<string, string> = {}) => {
  const res = await call("/api/v1/labels", { token: headers["X-API-Key"] ? undefined : user.token, headers });
  expect(res.status).toBe(200);
  return ((await res.json()) as { results: { id: string }[] }).results.map((l) => l.id);
};

describe("the databases", () => {
  it("are the home database and every D1 binding named DB_…", () => {
    expect(databaseNames(env)).toEqual(["DB", "DB_2"]);
    expect(databaseNames({ ...env, DB_2: undefined, DB_EU: env.DB_2, DB_NOTES: "text", DBX: env.DB_2 })).toEqual(["DB", "DB_EU"]);
  });

  it("put a user without a directory row in the home database, and refuse a row naming one not configured", async () => {
    const user = await createUser();
    expect(await userDatabase(env, home(), user.id)).toBe("DB");
    await home().insert(userDatabases).values({ userId: user.id, database: "DB_9" });
    await expect(userDatabase(env, home(), user.id)).rejects.toThrow(/'DB_9', which is not configured/);
    // With one database configured there is nothing to look up (and no row is read).
    expect(await userDatabase({ DB: env.DB }, home(), user.id)).toBe("DB");
  });
});

describe("a user's data is read and written only in their database", () => {
  it("create, list, edit, read: a moved user's labels, tags and credits are in DB_2 alone", async () => {
    const moved = await movedUser(5);
    const code = evriCode();
    const id = await createLabel(moved, code);
    expect((await labelsIn(second(), moved.id)).map((l) => l.trackingCode)).toEqual([code]);
    expect(await labelsIn(home(), moved.id)).toEqual([]);
    // The credit was taken in the same batch as the label: in DB_2's account row, not the directory's.
    expect(await creditsIn(second(), moved.id)).toBe(4);
    expect(await creditsIn(home(), moved.id)).toBe(0);

    expect(await listIds(moved)).toEqual([id]);
    const edited = await call(`/api/v1/label/${id}`, { method: "PUT", token: moved.token, json: { notes: "Side gate", tags: ["ebay"] } });
    expect(edited.status).toBe(200);
    expect(await second().select({ tag: labelTags.tag }).from(labelTags).where(eq(labelTags.labelId, id))).toEqual([{ tag: "ebay" }]);
    expect(await home().select().from(labelTags).where(eq(labelTags.labelId, id))).toEqual([]);
    const read = await call(`/api/v1/label/${id}`, { token: moved.token });
    expect(await read.json()).toMatchObject({ id, notes: "Side gate", tags: ["ebay"] });
    // The analytics read DB_2's rollups, which its triggers kept.
    const summary = await call("/api/v1/labels/analytics/summary", { token: moved.token });
    expect(summary.status).toBe(200);
    expect(await summary.json()).toMatchObject({ totals: { rows: 1 } });
  });

  it("never reads a user's rows from the other database", async () => {
    const moved = await movedUser();
    const stay = await createUser({ credits: 5 });
    // A stale copy of the staying user's account in DB_2, with a label: as if left behind by a move back.
    const [stayRow] = await home().select().from(users).where(eq(users.id, stay.id));
    await second().insert(users).values(stayRow);
    const strayOfStay = await decoy(second(), stay.id);
    const strayOfMoved = await decoy(home(), moved.id);

    const mine = await createLabel(moved);
    const theirs = await createLabel(stay);
    expect(await listIds(moved)).toEqual([mine]);
    expect(await listIds(stay)).toEqual([theirs]);
    expect((await call(`/api/v1/label/${strayOfMoved}`, { token: moved.token })).status).toBe(404);
    expect((await call(`/api/v1/label/${strayOfStay}`, { token: stay.token })).status).toBe(404);
    expect((await labelsIn(home(), stay.id)).map((l) => l.id)).toEqual([theirs]);
    expect((await labelsIn(second(), moved.id)).map((l) => l.id)).toEqual([mine]);
  });

  it("routes a developer API key too: the key is found in the directory, the labels in the key owner's database", async () => {
    const moved = await movedUser();
    const generated = await call("/api/v1/generate-developer-key", { method: "POST", token: moved.token, json: {} });
    expect(generated.status).toBe(200);
    const { developer_api_key: key, developer_api_key_masked: masked } = (await generated.json()) as { developer_api_key: string; developer_api_key_masked: string };
    // Found by its hash in the directory; shown masked from the user's own row.
    const [listed] = await home().select({ hash: users.developerKeyHash }).from(users).where(eq(users.id, moved.id));
    expect(listed.hash).toBe(await sha256Hex(key));
    expect(await (await call("/api/v1/user", { token: moved.token })).json()).toMatchObject({ developer_api_key: masked });
    const mine = await createLabel(moved);
    await decoy(home(), moved.id);
    expect(await listIds(moved, { "X-API-Key": key })).toEqual([mine]);
  });

  it("answers an error, reading nothing, when the directory names a database the Worker does not have", async () => {
    const lost = await createUser({ credits: 5 });
    await decoy(home(), lost.id);
    await home().insert(userDatabases).values({ userId: lost.id, database: "DB_9" });
    const ctx = createExecutionContext();
    const { default: app } = await import("../../worker/app");
    const res = await app.fetch(new Request("http://localhost/api/v1/labels", { headers: { Authorization: `Bearer ${lost.token}` } }), env, ctx);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: "Something went wrong. Please try again." });
  });
});

describe("background work follows the data", () => {
  it("a job queued on a user's database names it, and the consumer works in that database", async () => {
    const send = vi.spyOn(env.JOBS, "send").mockResolvedValue(undefined as never);
    const sessions = primarySessions(env);
    await enqueue(env, sessions.db("DB_2"), { type: "lost.notify", labelId: "lbl_x" });
    await enqueue(env, sessions.db(), { type: "lost.notify", labelId: "lbl_y" });
    expect(send.mock.calls.map(([body]) => body)).toEqual([
      { type: "lost.notify", labelId: "lbl_x", database: "DB_2" },
      { type: "lost.notify", labelId: "lbl_y" },
    ]);
    send.mockRestore();

    // A flag whose notice is due, in DB_2: the job for it sends the owner's notice and marks it sent there.
    const mail = captureMail();
    const moved = await movedUser();
    const flagged = await decoy(second(), moved.id);
    const longAgo = Date.now() - 6 * 3_600_000;
    await second().update(labels).set({ potentiallyLost: true, potentiallyLostAt: longAgo, lostReason: "no_new_scan", createdAt: longAgo }).where(eq(labels.id, flagged));
    const run = async (database: string) => {
      const batch = createMessageBatch<JobMessage>("parcelhive-jobs", [{ id: "m1", timestamp: new Date(), attempts: 1, body: { type: "lost.notify", labelId: flagged, database } }]);
      await handleQueue(batch, env);
      return getQueueResult(batch, createExecutionContext());
    };
    // Named for a database this Worker does not have: retried, never run against another one.
    expect((await run("DB_9")).retryMessages.map((m) => m.msgId)).toEqual(["m1"]);
    expect(mail.to(moved.email)).toEqual([]);
    expect((await run("DB_2")).explicitAcks).toEqual(["m1"]);
    expect(mail.to(moved.email)).toHaveLength(1);
    const [row] = await second().select().from(labels).where(eq(labels.id, flagged));
    expect(row.lostEmailSentAt).not.toBeNull();
    mail.restore();
  });

  it("a carrier's call budget and pauses are one across databases, kept in the directory", async () => {
    const moved = await movedUser();
    const stay = await createUser();
    const created = Date.parse("2026-11-16T10:00:00Z");
    const at = Date.parse("2026-11-18T07:30:10Z");
    const there = await insertTrackedLabel(env.DB_2, { userId: moved.id, courier: "royalmail", createdAt: created });
    const here = await insertTrackedLabel(env.DB, { userId: stay.id, courier: "royalmail", trackingCode: "ZW924750388GB", createdAt: created });
    const e = trackingEnv(env, { ROYALMAIL_CLIENT_ID: "rm-id", ROYALMAIL_CLIENT_SECRET: "rm-secret", ROYALMAIL_CALLS_PER_MINUTE: "1" });
    const { calls } = answerCarrier([[/mailpieces/, [json(fixtures.royalMailEvents)]]]);
    // The minute's one call goes to DB_2's label; the home database's job then finds the allowance spent.
    const sessions = primarySessions(env);
    expect(await refreshLabelTracking(e, sessions.db("DB_2"), there, { now: at, http: FAST_HTTP })).toMatchObject({ kind: "refreshed" });
    expect(await refreshLabelTracking(e, sessions.db(), here, { now: at, http: FAST_HTTP })).toEqual({ kind: "deferred" });
    expect(calls.filter((c) => c.url.includes("mailpieces"))).toHaveLength(1);
    const minute = Math.floor(at / 60_000);
    expect(await home().select().from(carrierCallBudget).where(eq(carrierCallBudget.minute, minute))).toEqual([{ carrier: "royalmail", minute, used: 1 }]);
    expect(await second().select().from(carrierCallBudget)).toEqual([]);
    // A pause asked for during a job on DB_2 holds every database's jobs.
    await pauseCarrier(primarySessions(env).db("DB_2"), "evri", at + 60_000);
    expect(await home().select().from(carrierPauses).where(eq(carrierPauses.carrier, "evri"))).toEqual([{ carrier: "evri", until: at + 60_000 }]);
    expect(await second().select().from(carrierPauses)).toEqual([]);
  });

  it("mail to a moved user's import address saves the labels in their database", async () => {
    const mail = captureMail();
    const moved = await movedUser(5);
    const token = newImportToken();
    await home().insert(labelImportAddresses).values({ userId: moved.id, token });
    const to = `labels+${token}@parcelhive.test`;
    const { message, outcome } = inboundMessage(labelMail({ to, attachments: [{ name: "evri.pdf", type: "application/pdf", bytes: fixture("evri.pdf") }] }), { from: "orders@shop.example", to });
    await handleEmail(message, env);
    expect(outcome.rejected).toBeNull();
    expect((await labelsIn(second(), moved.id)).map((l) => l.trackingCode)).toEqual(["H04AQA0004726589"]);
    expect(await labelsIn(home(), moved.id)).toEqual([]);
    expect(await creditsIn(second(), moved.id)).toBe(4);
    mail.restore();
  }, 120_000); // the first label file of the run loads the label readers (PDFium, zxing): slow on a loaded machine
});

describe("money and accounts are kept in the sender's database", () => {
  const ledgerIn = (db: Db, userId: number) => db.select({ delta: creditLedger.delta, reason: creditLedger.reason }).from(creditLedger).where(eq(creditLedger.userId, userId));
  const rowIn = async (db: Db, userId: number) => (await db.select().from(users).where(eq(users.id, userId)))[0];

  it("places a new sender where PH_NEW_USER_DATABASE says, and grants the first verification's 50 credits there", async () => {
    const mail = captureMail();
    const email = `placed-${crypto.randomUUID().slice(0, 8)}@example.com`;
    // A database the Worker does not have: refused before anything is written.
    const { default: app } = await import("../../worker/app");
    const request = new Request("http://localhost/api/v1/signup", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email, password: "secret12" }) });
    const refused = await app.fetch(request, { ...env, PH_NEW_USER_DATABASE: "DB_9" }, createExecutionContext());
    expect(refused.status).toBe(500);
    expect(await home().select().from(users).where(eq(users.email, email))).toEqual([]);

    const signup = await callWithEnv({ PH_NEW_USER_DATABASE: "DB_2" }, "/api/v1/signup", { method: "POST", json: { email, password: "secret12" } });
    expect(signup.status).toBe(201);
    const [account] = await home().select().from(users).where(eq(users.email, email));
    expect(await home().select().from(userDatabases).where(eq(userDatabases.userId, account.id))).toEqual([{ userId: account.id, database: "DB_2" }]);
    expect((await rowIn(second(), account.id))?.email).toBe(email);
    // The password's hash lives only in the directory, which alone signs in; the copy holds none.
    expect(account.passwordHash).toMatch(/\S{20,}/);
    expect((await rowIn(second(), account.id))?.passwordHash).toBe("");

    const token = tokenFrom(await mail.waitFor(email), "/verify-email");
    expect((await call("/api/v1/verify-email", { method: "POST", json: { token } })).status).toBe(200);
    expect(await ledgerIn(second(), account.id)).toEqual([{ delta: 50, reason: "free_verification" }]);
    expect(await ledgerIn(home(), account.id)).toEqual([]);
    expect(await rowIn(second(), account.id)).toMatchObject({ credits: 50, emailVerified: true });
    expect(await rowIn(home(), account.id)).toMatchObject({ credits: 0, emailVerified: true });
    // A second click grants nothing more.
    expect(await (await call("/api/v1/verify-email", { method: "POST", json: { token } })).json()).toEqual({ message: "Already verified" });
    expect(await creditsIn(second(), account.id)).toBe(50);

    // Signed in (the directory knows the password), the sender sees their own database's balance.
    const login = await call("/api/v1/login", { method: "POST", json: { email, password: "secret12" } });
    const { access_token } = (await login.json()) as { access_token: string };
    expect(await (await call("/api/v1/user", { token: access_token })).json()).toMatchObject({ email, credits: 50 });
    mail.restore();
  });

  it("Stripe's webhook credits the pack and the plan, and records the subscription, in the sender's database", async () => {
    const moved = await movedUser(5);
    const deliver = async (evt: object) => {
      const { payload, header } = await stripeFx.signed(evt);
      const res = await callWithEnv(stripeFx.STRIPE_TEST_ENV, "/api/v1/stripe/webhook", { method: "POST", body: payload, headers: { "Stripe-Signature": header, "Content-Type": "application/json" } });
      expect(res.status).toBe(200);
      return ((await res.json()) as { outcome: string }).outcome;
    };
    const cus = `cus_${crypto.randomUUID().slice(0, 12)}`;
    const paid = stripeFx.event("checkout.session.completed", stripeFx.checkoutSession({ customer: cus, userId: moved.id, mode: "payment" }));
    expect(await deliver(paid)).toBe("handled");
    expect(await deliver(paid)).toBe("duplicate");
    expect(await creditsIn(second(), moved.id)).toBe(205);
    expect(await ledgerIn(home(), moved.id)).toEqual([]);
    // Stripe's own tables and the customer link are in the directory, where the next event finds the account.
    expect(await home().select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, paid.id))).toHaveLength(1);
    expect(await second().select().from(stripeEvents)).toEqual([]);
    expect((await rowIn(home(), moved.id)).stripeCustomerId).toBe(cus);
    expect((await rowIn(second(), moved.id)).stripeCustomerId).toBe(cus);

    // An invoice that names no user: found by its customer in the directory, credited in DB_2.
    const sub = `sub_${crypto.randomUUID().slice(0, 12)}`;
    expect(await deliver(stripeFx.event("invoice.paid", stripeFx.invoice({ customer: cus, subscription: sub })))).toBe("handled");
    expect(await rowIn(second(), moved.id)).toMatchObject({ credits: 335, subscriptionId: sub, subscriptionStatus: "active" });
    // Ended, found by the subscription alone: the sender's row says so, as the directory's does.
    expect(await deliver(stripeFx.event("customer.subscription.deleted", stripeFx.subscription({ id: sub, customer: "cus_other", status: "canceled" })))).toBe("handled");
    expect((await rowIn(second(), moved.id)).subscriptionStatus).toBe("canceled");
    expect((await rowIn(home(), moved.id)).subscriptionStatus).toBe("canceled");
    expect(await creditsIn(home(), moved.id)).toBe(0);
  });

  it("the admin grants into the sender's database and lists each sender's own balance", async () => {
    const admin = await theAdmin();
    const moved = await movedUser(5);
    const stay = await createUser({ credits: 7 });
    const grant = await call("/api/v1/admin/grant-credits", { method: "POST", token: admin.token, json: { user_id: moved.id, amount: 10 } });
    expect(grant.status).toBe(200);
    expect(await grant.json()).toMatchObject({ granted: 10, user: { id: moved.id, credits: 15 } });
    expect(await creditsIn(second(), moved.id)).toBe(15);
    expect(await ledgerIn(home(), moved.id)).toEqual([]);
    expect((await call("/api/v1/admin/grant-credits", { method: "POST", token: admin.token, json: { user_id: 999_999, amount: 1 } })).status).toBe(404);

    const list = await call(`/api/v1/admin/users?per_page=500`, { token: admin.token });
    const { results } = (await list.json()) as { results: { id: number; email: string; credits: number }[] };
    expect(results.find((u) => u.id === moved.id)).toMatchObject({ email: moved.email, credits: 15 });
    expect(results.find((u) => u.id === stay.id)).toMatchObject({ email: stay.email, credits: 7 });
  });
});

describe("the admin's views are the product's, whichever database holds the admin's own data", () => {
  it("the mailbox is read in the directory, and the marketing list takes each sender's consent from their database", async () => {
    const admin = await theAdmin();
    const [adminRow] = await home().select().from(users).where(eq(users.id, admin.id));
    await second().insert(users).values(adminRow).onConflictDoNothing();
    await home().insert(userDatabases).values({ userId: admin.id, database: "DB_2" }).onConflictDoNothing();
    await storeInbound(env, home(), plainText({ subject: "Where is my parcel?", body: "directory mail" }), { from: "buyer@example.com", to: "support@parcelhive.test" });
    const inbox = await call("/api/v1/admin/mail", { token: admin.token });
    expect(inbox.status).toBe(200);
    expect(((await inbox.json()) as { results: { subject: string }[] }).results.map((m) => m.subject)).toContain("Where is my parcel?");

    // A moved sender opts in (their database), a staying one opts out: the list follows each one's own row.
    const moved = await movedUser();
    const stay = await createUser();
    await home().update(users).set({ marketingConsent: true }).where(eq(users.id, stay.id));
    for (const u of [moved, stay]) {
      const res = await call("/api/v1/user/profile", { method: "PUT", token: u.token, json: { marketing_consent: u === moved } });
      expect(res.status).toBe(200);
    }
    expect((await home().select({ consent: users.marketingConsent }).from(users).where(eq(users.id, moved.id)))[0].consent).toBe(false);
    const { emails } = (await (await call("/api/v1/admin/marketing-list", { token: admin.token })).json()) as { emails: string[] };
    expect(emails).toContain(moved.email);
    expect(emails).not.toContain(stay.email);
  });
});

describe("buyers' pages find the label in its owner's database", () => {
  const page = (path: string, init: RequestInit = {}) => call(path, { ...init, headers: { "User-Agent": "Mozilla/5.0 (buyer)" } });

  it("/t/<token>: shared, viewed and switched off through the directory's entry; the same 404 as an unknown token", async () => {
    const moved = await movedUser(5);
    expect((await call("/api/v1/user/profile", { method: "PUT", token: moved.token, json: { company_name: "Second Shard Ltd" } })).status).toBe(200);
    const id = await createLabel(moved);
    const shared = await call(`/api/v1/label/${id}/tracking-page`, { method: "POST", token: moved.token });
    expect(shared.status).toBe(201);
    const token = ((await shared.json()) as { trackingPageUrl: string }).trackingPageUrl.split("/t/")[1];
    expect(await home().select().from(trackingPageTokens).where(eq(trackingPageTokens.token, token))).toEqual([{ token, userId: moved.id }]);
    expect(await second().select().from(trackingPageTokens)).toEqual([]);

    const shown = await page(`/t/${token}`);
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain("Second Shard Ltd");
    await vi.waitFor(async () => expect((await labelsIn(second(), moved.id))[0].pageViews).toBe(1));

    // A live token in the home database that the directory does not name is never read there.
    const stray = await decoy(home(), moved.id);
    const strayToken = "S".repeat(24);
    await home().update(labels).set({ pageToken: strayToken }).where(eq(labels.id, stray));
    const unknown = await page(`/t/${strayToken}`);
    expect(unknown.status).toBe(404);

    expect((await call(`/api/v1/label/${id}/tracking-page`, { method: "DELETE", token: moved.token })).status).toBe(200);
    expect(await home().select().from(trackingPageTokens).where(eq(trackingPageTokens.token, token))).toEqual([]);
    const revoked = await page(`/t/${token}`);
    expect(revoked.status).toBe(404);
    expect(await revoked.text()).toBe(await unknown.text());
    expect(revoked.headers.get("Content-Type")).toBe(unknown.headers.get("Content-Type"));
    expect(revoked.headers.get("Cache-Control")).toBe(unknown.headers.get("Cache-Control"));
  });

  it("an unsubscribe link keeps the buyer's choice in the seller's database", async () => {
    const moved = await movedUser();
    await call("/api/v1/user/profile", { method: "PUT", token: moved.token, json: { company_name: "Second Shard Ltd" } });
    const token = await unsubscribeToken(env, moved.id, "buyer@example.com");
    const ask = await page(`/t/unsubscribe/${token}`);
    expect(ask.status).toBe(200);
    expect(await ask.text()).toContain("Second Shard Ltd");
    expect((await page(`/t/unsubscribe/${token}`, { method: "POST" })).status).toBe(200);
    expect(await second().select({ userId: buyerUnsubscribes.userId }).from(buyerUnsubscribes).where(eq(buyerUnsubscribes.userId, moved.id))).toEqual([{ userId: moved.id }]);
    expect(await home().select().from(buyerUnsubscribes).where(eq(buyerUnsubscribes.userId, moved.id))).toEqual([]);
  });
});
