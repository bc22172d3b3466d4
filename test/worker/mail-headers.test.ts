import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sendBuyerMail } from "../../worker/buyer-mail/send";
import { sendDueAlerts } from "../../worker/claims/alerts";
import { getDb } from "../../worker/db/client";
import { mailMessages, users } from "../../worker/db/schema";
import { handleEmail } from "../../worker/handlers/email";
import { importTokenOf } from "../../worker/label-mail/address";
import { replyTo, sendAndStore } from "../../worker/mail/compose";
import { mailExportReady, requestExport } from "../../worker/privacy/export";
import { sendLostNotice } from "../../worker/tracking/lost-notice";
import { trackingEnv } from "../fixtures/carriers/carrier-fetch";
import { insertTrackedLabel } from "../fixtures/carriers/tracking-labels";
import { labelMail } from "../fixtures/mail/label-mail";
import { inboundMessage, plainText } from "../fixtures/mail/messages";
import { call, createUser, db, type TestUser } from "./helpers";

/**
 * Mail header injection (issue 33 item 8): every mail the product sends, made with a CR/LF in every value a seller
 * (or a sender from outside) sets, hands the mail service headers with no line break in them. These values are
 * written straight to D1, as stored before the inputs refused them (seller-text.test.ts checks the refusals).
 */
const BREAK = "\r\nBcc: intruder@evil.test";
const CONTROL = /[\p{Cc}\u2028\u2029]/u;

/** A message as the mailer hands it to the send_email binding (the builder form). */
interface Built {
  from: string | { name: string; email: string };
  to: string[];
  cc?: string[];
  bcc?: string[];
  replyTo?: string;
  subject: string;
  headers?: Record<string, string>;
}

let send = vi.spyOn(env.EMAIL, "send");
afterEach(() => {
  vi.restoreAllMocks();
  send = vi.spyOn(env.EMAIL, "send");
});
const built = () => send.mock.calls.map(([m]) => m as unknown as Built);

/** Every header value of a built message is one clean line, and no Bcc was added. */
function expectCleanHeaders(m: Built) {
  const from = typeof m.from === "string" ? [m.from] : [m.from.name, m.from.email];
  const values = [...from, ...m.to, ...(m.cc ?? []), m.subject, m.replyTo ?? "", ...Object.entries(m.headers ?? {}).flat()];
  for (const v of values) expect(v, JSON.stringify(v)).not.toMatch(CONTROL);
  expect(m.bcc).toBeUndefined();
  for (const name of Object.keys(m.headers ?? {})) expect(name).toMatch(/^[A-Za-z0-9-]+$/);
}

/** The header block of raw MIME: each (unfolded) header a `Name: value` line, none a Bcc. */
function expectCleanRawHeaders(raw: string) {
  const block = raw.slice(0, raw.indexOf("\r\n\r\n")).replace(/\r\n[ \t]+/g, " ");
  const lines = block.split("\r\n");
  for (const line of lines) expect(line, JSON.stringify(line)).toMatch(/^[A-Za-z0-9-]+: [^\r\n]*$/);
  expect(lines.filter((l) => /^bcc:/i.test(l))).toEqual([]);
}

/** A seller whose company name, tagline and every label text carry a line break. */
async function seller(): Promise<TestUser> {
  const u = await createUser({ credits: 10 });
  await db()
    .update(users)
    .set({ companyName: `Yew Tree${BREAK}`, companyTagline: `Loose leaf${BREAK}`, buyerMailMoments: JSON.stringify(["shipped", "out_for_delivery", "delivered", "delayed"]) })
    .where(eq(users.id, u.id));
  return u;
}

let codes = 0;
const label = (u: TestUser, extra: Parameters<typeof insertTrackedLabel>[1]["extra"] = {}, createdAt = Date.now() - 86_400_000) =>
  insertTrackedLabel(env.DB, {
    userId: u.id,
    trackingCode: `H04AQA${String(++codes).padStart(10, "0")}${BREAK}`,
    createdAt,
    details: { address: { name: `JANE DOE${BREAK}`, address: [`12 Long Street${BREAK}`], postcode: `LS1 4AP${BREAK}`, countryCode: "GB" } },
    extra: { buyerEmail: "jane.doe@example.com", ...extra },
  });

describe("every mail the product sends has clean headers", () => {
  it("account mails: verification and password reset", async () => {
    const u = await seller();
    await db().update(users).set({ emailVerified: false }).where(eq(users.id, u.id));
    expect((await call("/api/v1/resend-verification", { method: "POST", json: { email: u.email } })).status).toBe(200);
    expect((await call("/api/v1/password-reset/request", { method: "POST", json: { email: u.email } })).status).toBeLessThan(300);
    await vi.waitFor(() => expect(built().filter((m) => m.to.includes(u.email))).toHaveLength(2), { timeout: 3000, interval: 10 });
    for (const m of built()) expectCleanHeaders(m);
  });

  it("the mail that says a copy of the account's data is ready", async () => {
    const u = await seller();
    const jobs = { send: async () => {}, sendBatch: async () => {} } as unknown as Queue;
    const row = await requestExport({ ...env, JOBS: jobs }, db(), u);
    await mailExportReady(env, u, { ...row, status: "ready", size: 2_000_000, expiresAt: Date.now() + 86_400_000 });
    const [m] = built();
    expect(m.to).toEqual([u.email]);
    expectCleanHeaders(m);
  });

  it("the confirmation that an account is closed", async () => {
    const u = await seller();
    const res = await call("/api/v1/user/close", { method: "POST", token: u.token, json: { password: u.password } });
    expect(res.status).toBe(200);
    const [m] = built().filter((b) => b.to.includes(u.email));
    expect(m.subject).toBe("Your Parcelhive account is closed");
    expectCleanHeaders(m);
  });

  it.each(["link", "shipped", "out_for_delivery", "delivered", "delayed"] as const)("buyer mail '%s': the seller's name in From and Subject is one line", async (kind) => {
    const u = await seller();
    const id = await label(u);
    expect(await sendBuyerMail(env, db(), id, kind)).toBe("sent");
    const [m] = built();
    expectCleanHeaders(m);
    expect(m.from).toEqual({ name: "Yew Tree Bcc: intruder@evil.test", email: env.MAIL_FROM });
    expect(m.subject).toContain("Yew Tree Bcc: intruder@evil.test");
    expect(m.headers?.["List-Unsubscribe"]).toMatch(/^<http:\/\/localhost:5173\/t\/unsubscribe\/[A-Za-z0-9_-]+>$/);
  });

  it("lost-parcel notices: one flag, and many in one mail", async () => {
    const u = await seller();
    const now = Date.now();
    const flagged = { potentiallyLost: true, potentiallyLostAt: now - 3 * 3_600_000, lostReason: "no_first_scan" };
    const one = await label(u, flagged);
    const envWithJobs = { ...trackingEnv(env), JOBS: { send: async () => {}, sendBatch: async () => {} } as unknown as Queue };
    expect(await sendLostNotice(envWithJobs, getDb(env.DB), one, now)).toBe("sent");
    await label(u, flagged);
    const many = await label(u, { ...flagged, potentiallyLostAt: now - 4 * 3_600_000 });
    expect(await sendLostNotice(envWithJobs, getDb(env.DB), many, now)).toBe("sent");
    expect(built().map((m) => m.subject)).toEqual([expect.stringMatching(/^Parcel H04AQA\d+ Bcc: intruder@evil\.test may be delayed or lost$/), "2 parcels may be delayed or lost"]);
    for (const m of built()) expectCleanHeaders(m);
  });

  it("carrier deadline alerts: one alert, and many in one mail", async () => {
    const scan = { dateTime: "2026-11-23T10:00:00Z", trackingPoint: { description: "At the depot" }, trackingStage: { trackingStageCode: "3" } };
    const due = { trackingJson: JSON.stringify({ results: [{ trackingEvents: [scan] }] }), trackingStatus: "in_transit", alertDueAt: 0 };
    const created = Date.parse("2026-11-22T09:00:00Z");
    const single = await seller();
    await label(single, due, created);
    const several = await seller();
    await label(several, due, created);
    await label(several, due, created);
    await sendDueAlerts(env, getDb(env.DB), Date.parse("2026-11-30T08:00:00Z"));
    const subjects = (u: TestUser) => built().filter((m) => m.to.includes(u.email)).map((m) => m.subject);
    expect(subjects(single)).toEqual([expect.stringMatching(/^Parcel H04AQA\d+ Bcc: intruder@evil\.test: raise it with Evri by 3 Dec$/)]);
    expect(subjects(several)).toEqual(["2 parcels need you before their carrier deadlines"]);
    for (const m of built()) expectCleanHeaders(m);
  });

  it("the reply to a mail sent to a label import address, whose subject held a line break", async () => {
    const u = await seller();
    const res = await call("/api/v1/user/import-address", { token: u.token });
    const address = ((await res.json()) as { address: string }).address;
    expect(importTokenOf(env, address)).toBeTruthy();
    const subject = `=?utf-8?B?${btoa(`My labels${BREAK}`)}?=`;
    const { message } = inboundMessage(labelMail({ to: address, subject, attachments: [] }), { from: "orders@shop.example", to: address });
    await handleEmail(message, env);
    const [reply] = built();
    expect(reply.to).toEqual([u.email]);
    expectCleanHeaders(reply);
  });

  it("the admin's mail and reply: subject, From name and threading headers from an inbound mail are one line each", async () => {
    const sent = await sendAndStore(env, db(), { from: `Help${BREAK} <support@parcelhive.test>`, to: ["a@example.com"], cc: [], bcc: [], subject: `Your parcel${BREAK}`, text: "x", html: undefined });
    expectCleanRawHeaders(await (await env.FILES.get(sent.key))!.text());

    const subject = `=?utf-8?B?${btoa(`Where is it?${BREAK}`)}?=`;
    const { message } = inboundMessage(plainText({ subject, messageId: "<orig-7@example.com>" }));
    await handleEmail(message, env);
    const original = (await db().select().from(mailMessages)).find((r) => r.messageId === "<orig-7@example.com>")!;
    expect(original.subject).toContain("\r\n");
    const reply = await replyTo(env, db(), { key: original.key, from: "support@parcelhive.test", to: ["alice@example.com"], cc: [], bcc: [], text: "On it.", html: undefined, includeQuoted: true });
    const raw = await (await env.FILES.get(reply.key))!.text();
    expectCleanRawHeaders(raw);
    expect(raw).toMatch(/^Subject: /m);
  });
});
