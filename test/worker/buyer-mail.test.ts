import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { maskEmail } from "../../worker/couriers/buyer-email";
import { reachedMoments, type TrackingChange } from "../../worker/buyer-mail/moments";
import { sendBuyerMail } from "../../worker/buyer-mail/send";
import { buyerMails, labels, users } from "../../worker/db/schema";
import type { ApiLabel } from "../../shared/label";
import { parseCsv } from "../../worker/labels/csv";
import type { JobMessage } from "../../worker/lib/jobs";
import { refreshLabelTracking } from "../../worker/tracking/tracking";
import { answerEvri, FAST_HTTP, fixtures, json, trackingEnv } from "../fixtures/carriers/carrier-fetch";
import { insertTrackedLabel, labelRow } from "../fixtures/carriers/tracking-labels";
import { call, createUser, db, type TestUser } from "./helpers";
import { evriCode } from "./labels-fixtures";

// Buyer notifications (issue 25): the buyer's e-mail on a label, the mails at the moments the owner switched on,
// each once, in the seller's name, with a one-click unsubscribe honoured across the seller's labels, and a daily cap.

afterEach(() => vi.restoreAllMocks());

const BUYER = "Jane.Doe@Example.com";
const ALL_MOMENTS = ["shipped", "out_for_delivery", "delivered", "delayed"];

async function seller(opts: { moments?: string[]; company?: string | null } = {}) {
  const u = await createUser({ credits: 20 });
  await db()
    .update(users)
    .set({ companyName: opts.company === undefined ? "Tidewater Tea Co" : opts.company, buyerMailMoments: JSON.stringify(opts.moments ?? ALL_MOMENTS), brandColor: "#0f766e" })
    .where(eq(users.id, u.id));
  return u;
}

/** A label of `u` with a buyer's address, in transit since `created`. */
async function buyerLabel(u: TestUser, extra: Parameters<typeof insertTrackedLabel>[1]["extra"] = {}) {
  return insertTrackedLabel(env.DB, {
    userId: u.id,
    trackingCode: evriCode(),
    createdAt: Date.now() - 86_400_000,
    details: { address: { name: "JANE DOE", address: ["12 Long Street", "Leeds"], postcode: "LS1 4AP", countryCode: "GB" } },
    extra: { buyerEmail: BUYER.toLowerCase(), ...extra },
  });
}

type Sent = { to: string[]; from: { name: string; email: string }; replyTo: string; subject: string; text: string; html: string; headers: Record<string, string> };
const sentMails = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.map((c) => c[0] as Sent);

describe("the buyer's e-mail on a label", () => {
  it("is taken on manual creation, kept lowercased, whole on the label and masked in the list", async () => {
    const u = await seller();
    const res = await call("/api/v1/label/manual", { method: "POST", token: u.token, json: { courier: "evri", trackingCode: evriCode(), fields: { recipientPostcode: "LS1 4AP" }, buyerEmail: ` ${BUYER} ` } });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const one = (await (await call(`/api/v1/label/${id}`, { token: u.token })).json()) as ApiLabel;
    expect(one.buyerEmail).toBe("jane.doe@example.com");
    const list = (await (await call("/api/v1/labels", { token: u.token })).json()) as { results: ApiLabel[] };
    expect(list.results[0].buyerEmail).toBe("j•••@example.com");
    expect(JSON.stringify(list)).not.toContain("jane.doe");
  });

  it("refuses what is not an e-mail address, and saves nothing", async () => {
    const u = await seller();
    const code = evriCode();
    const res = await call("/api/v1/label/manual", { method: "POST", token: u.token, json: { courier: "evri", trackingCode: code, fields: { recipientPostcode: "LS1 4AP" }, buyerEmail: "jane at example" } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "buyerEmail: buyerEmail must be an e-mail address" });
    expect(await db().query.labels.findFirst({ where: eq(labels.trackingCode, code) })).toBeUndefined();
  });

  it("is set, changed and removed in Edit details, with the label's mails switched on and off", async () => {
    const u = await seller();
    const id = await buyerLabel(u, { buyerEmail: null });
    const patch = (json: unknown) => call(`/api/v1/label/${id}/details`, { method: "PATCH", token: u.token, json });
    expect(((await (await patch({ buyerEmail: "Buyer@Shop.test" })).json()) as ApiLabel).buyerEmail).toBe("buyer@shop.test");
    expect(((await (await patch({ buyerNotifications: false })).json()) as ApiLabel).buyerNotifications).toBe(false);
    expect((await patch({ buyerEmail: "nope" })).status).toBe(400);
    expect(((await (await patch({ buyerEmail: null })).json()) as ApiLabel).buyerEmail).toBeNull();
  });

  it("is a column of the CSV import, and of the export only when asked for", async () => {
    const u = await seller();
    const template = await (await call("/api/v1/labels/import/template.csv", { token: u.token })).text();
    expect(template).toContain("buyer_email");
    const code = evriCode();
    const csv = `tracking_code,courier,recipient_postcode,buyer_email\r\n${code},evri,LS1 4AP,Buyer@Shop.test\r\n`;
    const imported = await call("/api/v1/labels/import", { method: "POST", token: u.token, body: csv, headers: { "Content-Type": "text/csv" } });
    expect(imported.status).toBe(200);
    expect((await db().query.labels.findFirst({ where: eq(labels.trackingCode, code) }))!.buyerEmail).toBe("buyer@shop.test");
    const bad = await call("/api/v1/labels/import/preview", { method: "POST", token: u.token, body: `tracking_code,courier,recipient_postcode,buyer_email\r\n${evriCode()},evri,LS1 4AP,not-an-address\r\n`, headers: { "Content-Type": "text/csv" } });
    expect(((await bad.json()) as { rows: { errors: string[] }[] }).rows[0].errors).toEqual(["buyerEmail: buyerEmail must be an e-mail address"]);

    const plain = await (await call("/api/v1/labels/export.csv", { token: u.token })).text();
    expect(plain).not.toContain("buyer_email");
    expect(plain).not.toContain("buyer@shop.test");
    const asked = parseCsv(await (await call("/api/v1/labels/export.csv?columns=buyer_email", { token: u.token })).text()).map((r) => r.cells);
    expect(asked[0].at(-1)).toBe("buyer_email");
    expect(asked[1].at(-1)).toBe("buyer@shop.test");
  });
});

describe("when tracking reaches a moment", () => {
  const NOW = Date.parse("2026-11-17T09:00:00Z");

  /** Refreshes with Evri's answer and answers the buyer mails queued. */
  async function refreshWith(id: string, parcels: unknown, now = NOW) {
    const sent: JobMessage[] = [];
    const jobs = { send: async (m: JobMessage) => void sent.push(m), sendBatch: async (ms: { body: JobMessage }[]) => void sent.push(...ms.map((m) => m.body)) };
    answerEvri([json(parcels)]);
    await refreshLabelTracking({ ...trackingEnv(env), JOBS: jobs as unknown as Queue }, db(), id, { now, force: true, http: FAST_HTTP });
    vi.restoreAllMocks();
    return sent.filter((m) => m.type === "buyer.mail");
  }

  it("queues 'shipped' at the first carrier scan, and nothing more for the next scans", async () => {
    const u = await seller();
    const id = await buyerLabel(u);
    expect(await refreshWith(id, fixtures.evriInTransit)).toEqual([{ type: "buyer.mail", labelId: id, kind: "shipped" }]);
    expect(await refreshWith(id, fixtures.evriInTransit, NOW + 3_600_000)).toEqual([]);
  });

  it("queues nothing for a label without a buyer's address or with its mails off", async () => {
    const u = await seller();
    expect(await refreshWith(await buyerLabel(u, { buyerEmail: null }), fixtures.evriInTransit)).toEqual([]);
    expect(await refreshWith(await buyerLabel(u, { buyerNotifications: false }), fixtures.evriInTransit)).toEqual([]);
  });

  it("says only the furthest moment, and only news", () => {
    const before: TrackingChange["before"] = { firstScanAt: null, status: null, delivered: false, lost: false };
    const at = Date.parse("2026-11-17T09:00:00Z");
    const delivered: TrackingChange["after"] = { firstScanAt: at - 30 * 3_600_000, lastScanAt: at - 3_600_000, status: "delivered", deliveredAt: at - 3_600_000, lost: false };
    expect(reachedMoments({ before, after: delivered }, at)).toEqual(["delivered"]);
    // A backlog of old labels: delivered three days ago is not news.
    expect(reachedMoments({ before, after: delivered }, at + 3 * 86_400_000)).toEqual([]);
    const out: TrackingChange["after"] = { ...delivered, status: "out_for_delivery", deliveredAt: null };
    expect(reachedMoments({ before: { ...before, firstScanAt: at - 30 * 3_600_000, status: "in_transit" }, after: out }, at)).toEqual(["out_for_delivery"]);
    const lost: TrackingChange["after"] = { ...out, status: "in_transit", lost: true };
    expect(reachedMoments({ before: { ...before, firstScanAt: at - 30 * 3_600_000, status: "in_transit" }, after: lost }, at)).toEqual(["delayed"]);
  });
});

describe("a buyer mail", () => {
  it("goes in the seller's name and colour, replies to the seller, links the page, and offers one-click unsubscribe", async () => {
    const u = await seller();
    const id = await buyerLabel(u, { trackingStatus: "out_for_delivery", lastScanAt: Date.now() - 3_600_000 });
    const send = vi.spyOn(env.EMAIL, "send");
    expect(await sendBuyerMail(env, db(), id, "out_for_delivery")).toBe("sent");
    const [mail] = sentMails(send);
    expect(mail.to).toEqual(["jane.doe@example.com"]);
    expect(mail.from).toEqual({ name: "Tidewater Tea Co", email: env.MAIL_FROM });
    expect(mail.replyTo).toBe(u.email);
    expect(mail.subject).toBe("Your parcel from Tidewater Tea Co is out for delivery");
    expect(mail.text).toContain("Hi Jane,");
    const page = (await labelRow(env.DB, id)).pageToken;
    expect(page).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(mail.text).toContain(`http://localhost:5173/t/${page}`);
    expect(mail.html).toContain("border-top:6px solid #0f766e");
    expect(mail.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.headers["List-Unsubscribe"]).toMatch(/^<http:\/\/localhost:5173\/t\/unsubscribe\/[A-Za-z0-9_-]{80,120}>$/);
    // Nothing private of the label in it: no street, no notes.
    expect(mail.text + mail.html).not.toContain("Long Street");
  });

  it("goes at most once per moment, even when two jobs run at once", async () => {
    const u = await seller();
    const id = await buyerLabel(u, { lastScanAt: Date.now() - 3_600_000 });
    const send = vi.spyOn(env.EMAIL, "send");
    const outcomes = await Promise.all([sendBuyerMail(env, db(), id, "shipped"), sendBuyerMail(env, db(), id, "shipped")]);
    expect(outcomes.sort()).toEqual(["already-sent", "sent"]);
    expect(await sendBuyerMail(env, db(), id, "shipped")).toBe("already-sent");
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("does not announce an earlier moment after a later one went", async () => {
    const u = await seller();
    const id = await buyerLabel(u);
    vi.spyOn(env.EMAIL, "send");
    expect(await sendBuyerMail(env, db(), id, "delivered")).toBe("sent");
    expect(await sendBuyerMail(env, db(), id, "shipped")).toBe("already-sent");
  });

  it("goes only at the moments the seller switched on, and not for a label switched off", async () => {
    const u = await seller({ moments: ["delivered"] });
    const send = vi.spyOn(env.EMAIL, "send");
    const id = await buyerLabel(u);
    expect(await sendBuyerMail(env, db(), id, "shipped")).toBe("not-wanted");
    expect(await sendBuyerMail(env, db(), await buyerLabel(u, { buyerNotifications: false }), "delivered")).toBe("not-wanted");
    expect(send).not.toHaveBeenCalled();
  });

  it("gives its claim back when the mail could not go, so the queue's retry sends it", async () => {
    const u = await seller();
    const id = await buyerLabel(u);
    vi.spyOn(env.EMAIL, "send").mockRejectedValueOnce(new Error("mail service unavailable"));
    await expect(sendBuyerMail(env, db(), id, "shipped")).rejects.toThrow("mail service unavailable");
    expect(await db().select().from(buyerMails).where(eq(buyerMails.labelId, id))).toEqual([]);
    expect(await sendBuyerMail(env, db(), id, "shipped")).toBe("sent");
  });

  it("stops at the seller's daily cap and records what was not sent", async () => {
    const u = await seller();
    const capped = { ...env, BUYER_MAIL_DAILY_CAP: "2" };
    const send = vi.spyOn(env.EMAIL, "send");
    const ids = [await buyerLabel(u), await buyerLabel(u), await buyerLabel(u)];
    expect(await Promise.all(ids.map((id) => sendBuyerMail(capped, db(), id, "shipped")))).toEqual(expect.arrayContaining(["sent", "sent", "capped"]));
    expect(send).toHaveBeenCalledTimes(2);
    const rows = await db().select().from(buyerMails).where(eq(buyerMails.userId, u.id));
    expect(rows.map((r) => r.status).sort()).toEqual(["capped", "sent", "sent"]);
    // Another seller's buyers are not held back.
    expect(await sendBuyerMail(capped, db(), await buyerLabel(await seller()), "shipped")).toBe("sent");
  });
});

describe("unsubscribing", () => {
  async function unsubscribeLink(u: TestUser) {
    const id = await buyerLabel(u);
    const send = vi.spyOn(env.EMAIL, "send");
    await sendBuyerMail(env, db(), id, "shipped");
    const link = sentMails(send)[0].headers["List-Unsubscribe"].slice(1, -1);
    vi.restoreAllMocks();
    return new URL(link).pathname;
  }

  it("asks on the link's page and does it with one click (RFC 8058), for every label of that seller", async () => {
    const u = await seller();
    const path = await unsubscribeLink(u);
    const asked = await call(path, { headers: { "cf-connecting-ip": "198.51.100.20" } });
    expect(asked.status).toBe(200);
    const page = await asked.text();
    expect(page).toContain("Stop e-mails about your parcels?");
    expect(page).toContain("Tidewater Tea Co");
    // Opening the page (a mail scanner following links does) unsubscribes nobody.
    const send = vi.spyOn(env.EMAIL, "send");
    expect(await sendBuyerMail(env, db(), await buyerLabel(u), "shipped")).toBe("sent");

    const done = await call(path, { method: "POST", body: "List-Unsubscribe=One-Click", headers: { "Content-Type": "application/x-www-form-urlencoded", "cf-connecting-ip": "198.51.100.20" } });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("You are unsubscribed");
    // The address in another case on another label of the seller: nothing goes.
    expect(await sendBuyerMail(env, db(), await buyerLabel(u, { buyerEmail: "JANE.DOE@example.com".toLowerCase() }), "delivered")).toBe("unsubscribed");
    expect(send).toHaveBeenCalledTimes(1);
    // Another seller's mails to the same buyer still go.
    expect(await sendBuyerMail(env, db(), await buyerLabel(await seller()), "shipped")).toBe("sent");
  });

  it("refuses a link this server did not make", async () => {
    const u = await seller();
    const path = await unsubscribeLink(u);
    const forged = `${path.slice(0, -3)}AAA`;
    const res = await call(forged, { method: "POST", body: "List-Unsubscribe=One-Click", headers: { "Content-Type": "application/x-www-form-urlencoded", "cf-connecting-ip": "198.51.100.21" } });
    expect(res.status).toBe(404);
    // In the form links had before they were sealed, with a signature this server did not make.
    const other = `/t/unsubscribe/${u.id}.${"A".repeat(43)}.${"A".repeat(22)}`;
    expect((await call(other, { method: "POST", headers: { "cf-connecting-ip": "198.51.100.21" } })).status).toBe(404);
    vi.spyOn(env.EMAIL, "send");
    expect(await sendBuyerMail(env, db(), await buyerLabel(u), "shipped")).toBe("sent");
  });
});

describe("Send to buyer and the mails sent", () => {
  it("e-mails the link now, once per address, and lists what went", async () => {
    const u = await seller({ moments: [] });
    const id = await buyerLabel(u);
    const send = vi.spyOn(env.EMAIL, "send");
    const res = await call(`/api/v1/label/${id}/send-to-buyer`, { method: "POST", token: u.token });
    expect(res.status).toBe(200);
    const { mails } = (await res.json()) as { mails: { kind: string; status: string }[] };
    expect(mails).toEqual([expect.objectContaining({ kind: "link", status: "sent" })]);
    expect(sentMails(send)[0].subject).toBe("Track your parcel from Tidewater Tea Co");
    const again = await call(`/api/v1/label/${id}/send-to-buyer`, { method: "POST", token: u.token });
    expect(again.status).toBe(409);
    // A corrected address may be sent the link again.
    await call(`/api/v1/label/${id}/details`, { method: "PATCH", token: u.token, json: { buyerEmail: "jane@other.test" } });
    expect((await call(`/api/v1/label/${id}/send-to-buyer`, { method: "POST", token: u.token })).status).toBe(200);
    expect(sentMails(send).map((m) => m.to[0])).toEqual(["jane.doe@example.com", "jane@other.test"]);
    const listed = (await (await call(`/api/v1/label/${id}/buyer-mails`, { token: u.token })).json()) as { mails: unknown[] };
    expect(listed.mails).toHaveLength(1);
  });

  it("says why nothing went without an address, and never acts on another user's label", async () => {
    const u = await seller();
    const other = await seller();
    const none = await buyerLabel(u, { buyerEmail: null });
    const res = await call(`/api/v1/label/${none}/send-to-buyer`, { method: "POST", token: u.token });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: "Add the buyer's e-mail to this label first (Edit details)." });
    const theirs = await buyerLabel(other);
    const send = vi.spyOn(env.EMAIL, "send");
    for (const [method, path] of [["POST", `/api/v1/label/${theirs}/send-to-buyer`], ["GET", `/api/v1/label/${theirs}/buyer-mails`]]) {
      expect((await call(path, { method, token: u.token })).status).toBe(404);
    }
    expect(send).not.toHaveBeenCalled();
  });
});

describe("the seller's choice of moments", () => {
  it("is saved in the profile and answered with the user", async () => {
    const u = await createUser();
    const put = (buyer_mail_moments: unknown) => call("/api/v1/user/profile", { method: "PUT", token: u.token, json: { buyer_mail_moments } });
    expect((await put(["delivered", "shipped", "delivered"])).status).toBe(200);
    const me = (await (await call("/api/v1/user", { token: u.token })).json()) as { buyer_mail_moments: string[] };
    expect(me.buyer_mail_moments).toEqual(["shipped", "delivered"]);
    expect((await put(["lost"])).status).toBe(400);
  });
});

describe("what other systems see of the buyer", () => {
  it("masks the address", () => {
    expect(maskEmail("jane.doe@example.com")).toBe("j•••@example.com");
    expect(maskEmail(null)).toBeNull();
  });
});

describe("the buyers' analytics", () => {
  it("counts page views, pages opened and shared, and mails sent, under the analytics filters, of the caller's labels only", async () => {
    const u = await seller();
    const other = await seller();
    const day = Date.parse("2026-03-10T12:00:00Z");
    const shared = await buyerLabel(u, { pageToken: "AnalyticsPageToken000001", pageViews: 5 });
    await db()
      .update(labels)
      .set({ shippedOn: "2026-03-10", createdAt: day })
      .where(eq(labels.id, shared));
    const mail = (kind: string, status: "sent" | "capped") => ({ labelId: shared, kind, userId: u.id, day: "2026-03-11", status, at: day });
    await db().insert(buyerMails).values([mail("link", "sent"), mail("shipped", "sent"), mail("delivered", "capped")]);
    // Opened once, then switched off; lost.
    const revoked = await buyerLabel(u, { buyerEmail: null, pageViews: 1, potentiallyLost: true });
    // Never shared and no buyer: not a buyer's label at all.
    await buyerLabel(u, { buyerEmail: null });
    await buyerLabel(other, { pageToken: "AnalyticsPageToken000002", pageViews: 40 });
    await db().update(labels).set({ shippedOn: "2026-03-12" }).where(eq(labels.id, revoked));
    await db().update(labels).set({ shippedOn: "2026-03-11" }).where(eq(labels.userId, other.id));

    const get = async (query: string) => {
      const res = await call(`/api/v1/labels/analytics/buyers?from=2026-03-01&to=2026-03-31${query}`, { token: u.token });
      expect(res.status).toBe(200);
      return res.json();
    };
    expect(await get("")).toEqual({ pageViews: 6, pagesOpened: 2, pagesShared: 1, mailsSent: 2 });
    expect(await get("&lost=1")).toEqual({ pageViews: 1, pagesOpened: 1, pagesShared: 0, mailsSent: 0 });
    expect(await get("&lost=0&courier=evri")).toEqual({ pageViews: 5, pagesOpened: 1, pagesShared: 1, mailsSent: 2 });
    expect(await get("&courier=royalmail")).toEqual({ pageViews: 0, pagesOpened: 0, pagesShared: 0, mailsSent: 0 });
    // A tag filter: the label carries none of them.
    expect(await get("&tags=ebay")).toEqual({ pageViews: 0, pagesOpened: 0, pagesShared: 0, mailsSent: 0 });
    expect((await call("/api/v1/labels/analytics/buyers?from=2026-03-31&to=2026-03-01", { token: u.token })).status).toBe(400);
  });

  it("reads only the partial index of the labels a buyer could have seen, and each label's mails by their primary key", async () => {
    const { analyticsQuerySchema } = await import("../../worker/analytics/analytics");
    const { buyerStatement } = await import("../../worker/analytics/buyers");
    const { sql, params } = buyerStatement(db(), 1, analyticsQuerySchema.parse({ from: "2026-01-01", to: "2026-12-31", courier: "evri", lost: "0" })).toSQL();
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...params)
      .all<{ detail: string }>();
    expect(results.map((r) => r.detail)).toEqual([
      "SEARCH labels USING INDEX labels_buyers (user_id=? AND shipped_on>? AND shipped_on<?)",
      "CORRELATED SCALAR SUBQUERY 1",
      "SEARCH buyer_mails USING INDEX sqlite_autoindex_buyer_mails_1 (label_id=?)",
    ]);
  });
});
