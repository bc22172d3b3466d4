import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serverMac } from "../../worker/auth/tokens";
import { fromBase64url } from "../../worker/lib/crypto";
import { buyerAddressMac } from "../../worker/buyer-mail/address";
import { sendBuyerMail } from "../../worker/buyer-mail/send";
import { buyerUnsubscribes, labels, users } from "../../worker/db/schema";
import { insertTrackedLabel } from "../fixtures/carriers/tracking-labels";
import { call, createUser, db, type TestUser } from "./helpers";
import { evriCode } from "./labels-fixtures";

/**
 * What a seller types that can reach a mail (issue 33 item 8): one-line fields refuse line breaks and control
 * characters with a clear 400 and change nothing; notes keep their lines but refuse other control characters. And a
 * buyer mail's unsubscribe link no longer shows the seller's sequential account id.
 */
const INJECTED = "Yew Tree\r\nBcc: intruder@evil.test";
const userRow = async (id: number) => (await db().query.users.findFirst({ where: eq(users.id, id) }))!;

afterEach(() => vi.restoreAllMocks());

describe("PUT /api/v1/user/profile", () => {
  it("refuses a company name or tagline with a line break or control character, in JSON and in a form, and keeps the old one", async () => {
    const u = await createUser();
    expect((await call("/api/v1/user/profile", { method: "PUT", token: u.token, json: { company_name: "Yew Tree", company_tagline: "Tea" } })).status).toBe(200);
    for (const [field, value] of [
      ["company_name", INJECTED],
      ["company_name", "Yew\nTree"],
      ["company_name", "Yew\u0000Tree"],
      ["company_name", "Yew\u2028Tree"],
      ["company_tagline", "Loose leaf\r\nX-Evil: 1"],
      ["company_tagline", "Loose\u007fleaf"],
    ]) {
      const res = await call("/api/v1/user/profile", { method: "PUT", token: u.token, json: { [field]: value } });
      expect(res.status, JSON.stringify(value)).toBe(400);
      expect(await res.json()).toEqual({ error: `${field}: ${field} must be one line of text, without line breaks or control characters` });
      const form = new FormData();
      form.set(field, value);
      expect((await call("/api/v1/user/profile", { method: "PUT", token: u.token, body: form })).status).toBe(400);
    }
    expect(await userRow(u.id)).toMatchObject({ companyName: "Yew Tree", companyTagline: "Tea" });
    // Spaces around a name are trimmed, as before; accents and symbols are text.
    expect((await call("/api/v1/user/profile", { method: "PUT", token: u.token, json: { company_name: "  Café & Crème – Ltd  " } })).status).toBe(200);
    expect((await userRow(u.id)).companyName).toBe("Café & Crème – Ltd");
  });
});

describe("label texts", () => {
  it("keeps the lines of notes but refuses their other control characters, and refuses line breaks in tags", async () => {
    const u = await createUser({ credits: 5 });
    const create = (json: object) => call("/api/v1/label/manual", { method: "POST", token: u.token, json: { courier: "evri", trackingCode: evriCode(), fields: { recipientPostcode: "LS1 4AP" }, ...json } });
    const made = await create({ notes: "Gift wrap\r\nLeave with neighbour\tat 12" });
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: string };
    expect((await db().query.labels.findFirst({ where: eq(labels.id, id) }))!.notes).toBe("Gift wrap\r\nLeave with neighbour\tat 12");

    const badNotes = await create({ notes: "Gift\u0000wrap" });
    expect(badNotes.status).toBe(400);
    expect(await badNotes.json()).toEqual({ error: "notes: notes must not contain control characters" });
    const badTag = await create({ tags: ["vip\r\nBcc: x@evil.test"] });
    expect(badTag.status).toBe(400);
    expect(await badTag.json()).toEqual({ error: "tags.0: a tag must be one line of text, without line breaks or control characters" });

    const put = (json: object) => call(`/api/v1/label/${id}`, { method: "PUT", token: u.token, json: { notes: "", tags: [], ...json } });
    expect((await put({ notes: "\u001b[31mred" })).status).toBe(400);
    expect((await put({ tags: ["a\u2029b"] })).status).toBe(400);
    expect((await db().query.labels.findFirst({ where: eq(labels.id, id) }))!.notes).toBe("Gift wrap\r\nLeave with neighbour\tat 12");
  });

  it("refuses a line break in a corrected name, address line, postcode or service", async () => {
    const u = await createUser({ credits: 5 });
    const made = await call("/api/v1/label/manual", { method: "POST", token: u.token, json: { courier: "evri", trackingCode: evriCode(), fields: { recipientPostcode: "LS1 4AP" } } });
    const { id } = (await made.json()) as { id: string };
    const patch = (json: object) => call(`/api/v1/label/${id}/details`, { method: "PATCH", token: u.token, json });
    const good = { name: "Jane Doe", address: ["12 Long Street"], postcode: "LS1 4AP" };
    for (const address of [{ ...good, name: INJECTED }, { ...good, address: ["12 Long Street\nLeeds"] }, { ...good, postcode: "LS1\r\n4AP" }]) {
      const res = await patch({ address });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/must be one line of text, without line breaks or control characters$/);
    }
    expect((await patch({ service: "Next Day\r\nX-Evil: 1" })).status).toBe(400);
    expect((await patch({ address: good })).status).toBe(200);
  });
});

describe("a buyer mail's unsubscribe link", () => {
  async function seller(): Promise<TestUser> {
    const u = await createUser();
    await db().update(users).set({ companyName: "Tidewater Tea Co" }).where(eq(users.id, u.id));
    return u;
  }
  const labelFor = (u: TestUser) =>
    insertTrackedLabel(env.DB, { userId: u.id, trackingCode: evriCode(), createdAt: Date.now() - 86_400_000, extra: { buyerEmail: "jane.doe@example.com" } });
  const unsubscribed = async (u: TestUser) => (await db().select().from(buyerUnsubscribes).where(eq(buyerUnsubscribes.userId, u.id))).length;
  const post = (path: string) =>
    call(path, { method: "POST", body: "List-Unsubscribe=One-Click", headers: { "Content-Type": "application/x-www-form-urlencoded", "cf-connecting-ip": "198.51.100.30" } });

  it("carries no account id, and unsubscribes the buyer from that seller", async () => {
    const u = await seller();
    const send = vi.spyOn(env.EMAIL, "send");
    await sendBuyerMail(env, db(), await labelFor(u), "link");
    const text = (send.mock.calls[0][0] as unknown as { text: string }).text;
    const path = text.match(/http:\/\/localhost:5173(\/t\/unsubscribe\/[^\s]+)/)![1];
    const token = path.split("/").pop()!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{80,120}$/);
    // Sealed: neither the account id nor the address's MAC can be read from it.
    const mac = await buyerAddressMac(env, u.id, "jane.doe@example.com");
    const bytes = new TextDecoder("latin1").decode(fromBase64url(token)!);
    expect(bytes).not.toContain(mac);
    expect(token).not.toContain(mac);
    expect((await call(path)).status).toBe(200);
    expect((await post(path)).status).toBe(200);
    expect(await unsubscribed(u)).toBe(1);
    // One character changed: not a link this server made.
    const altered = path.slice(0, -2) + (path.at(-2) === "A" ? "B" : "A") + path.at(-1);
    expect((await post(altered)).status).toBe(404);
  });

  it("keeps working in mails sent before, which carried <account id>.<address MAC>.<signature>", async () => {
    const u = await seller();
    const mac = await buyerAddressMac(env, u.id, "jane.doe@example.com");
    const signature = (id: number) => serverMac(env, `buyer-unsubscribe:${id}.${mac}`).then((m) => m.slice(0, 22));
    expect((await post(`/t/unsubscribe/${u.id}.${mac}.${await signature(u.id)}`)).status).toBe(200);
    expect(await unsubscribed(u)).toBe(1);
    // Another account's id under this signature is refused.
    expect((await post(`/t/unsubscribe/${u.id + 1}.${mac}.${await signature(u.id)}`)).status).toBe(404);
  });
});
