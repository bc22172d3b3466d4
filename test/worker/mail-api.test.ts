import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import PostalMime from "postal-mime";
import { describe, expect, it } from "vitest";
import { mailMessages } from "../../worker/db/schema";
import { handleEmail } from "../../worker/handlers/email";
import { storeInbound } from "../../worker/mail/mailbox";
import { inboundMessage, plainText, withAttachments } from "../fixtures/mail/messages";
import { call, createUser, db } from "./helpers";

let adminPromise: ReturnType<typeof createUser> | undefined;
const admin = () => (adminPromise ??= createUser({ admin: true }));

interface ListPage {
  results: { key: string; subject: string; from: string; snippet: string; size: number; date: string | null; last_modified: string; direction: string }[];
  next_cursor: string | null;
  is_truncated: boolean;
}

async function list(query: string): Promise<ListPage> {
  const res = await call(`/api/v1/admin/mail${query}`, { token: (await admin()).token });
  expect(res.status).toBe(200);
  return (await res.json()) as ListPage;
}

async function post(path: string, json: unknown) {
  return call(`/api/v1/admin/mail/${path}`, { method: "POST", json, token: (await admin()).token });
}

async function storedRaw(key: string) {
  const obj = await env.FILES.get(key);
  const text = await obj!.text();
  return { text, parsed: await PostalMime.parse(text) };
}

/** Delivers `raw` through the real email() handler and answers the row it stored. */
async function deliver(raw: Uint8Array) {
  const before = new Set((await db().select({ key: mailMessages.key }).from(mailMessages)).map((r) => r.key));
  const { message } = inboundMessage(raw);
  await handleEmail(message, env);
  const rows = await db().select().from(mailMessages);
  return rows.find((r) => !before.has(r.key))!;
}

describe("GET /api/v1/admin/mail", () => {
  it("pages 120 messages newest first, 50 at a time, with a stable cursor", async () => {
    const base = Date.UTC(2026, 0, 1);
    // Stored side by side: each message has its own key and arrival time. Three share each millisecond, so ties must be
    // broken by key.
    const made = await Promise.all(
      Array.from({ length: 120 }, async (_, i) => {
        const raw = plainText({ subject: `Paging batch ${i}`, body: `pagingbody ${i}` });
        return (await storeInbound(env, db(), raw, { from: "a@example.com", to: "support@parcelhive.test" }, base + Math.floor(i / 3))).key;
      }),
    );
    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(`?q=pagingbody${cursor ? `&cursor=${cursor}` : ""}`);
      sizes.push(page.results.length);
      seen.push(...page.results.map((r) => r.key));
      expect(page.is_truncated).toBe(page.next_cursor !== null);
      // A message arriving between pages must not shift or repeat the next page.
      if (cursor === null) {
        await storeInbound(env, db(), plainText({ subject: "late", body: "pagingbody late" }), { from: "b@example.com", to: "x" }, base + 10_000);
      }
      cursor = page.next_cursor;
    } while (cursor);
    expect(sizes).toEqual([50, 50, 20]);
    expect(new Set(seen).size).toBe(120);
    const expected = [...made].sort((a, b) => (a < b ? 1 : -1));
    expect(seen).toEqual(expected);
  }, 60_000); // 120 stored messages: slow on a busy shared machine

  it("searches subject, from and snippet on the server", async () => {
    await storeInbound(env, db(), plainText({ subject: "Zebra crossing", body: "nothing" }), { from: "x", to: "y" });
    await storeInbound(env, db(), plainText({ from: "Zed Quokka <quokka@example.com>", body: "hi" }), { from: "x", to: "y" });
    await storeInbound(env, db(), plainText({ body: "the wombat ate it" }), { from: "x", to: "y" });
    expect((await list("?q=zebra")).results.map((r) => r.subject)).toEqual(["Zebra crossing"]);
    expect((await list("?q=quokka")).results.map((r) => r.from)).toEqual(["Zed Quokka <quokka@example.com>"]);
    expect((await list("?q=WOMBAT")).results.map((r) => r.snippet)).toEqual(["the wombat ate it"]);
    expect((await list("?q=100%25")).results).toEqual([]);
  });

  it("gives list items the spec's fields", async () => {
    const page = await list("?max=1");
    expect(Object.keys(page.results[0]).sort()).toEqual(
      ["date", "direction", "from", "key", "last_modified", "size", "snippet", "subject", "to"].sort(),
    );
    expect(page.results).toHaveLength(1);
  });

  it("refuses max over 50, a bad cursor and a bad key", async () => {
    const token = (await admin()).token;
    expect((await call("/api/v1/admin/mail?max=51", { token })).status).toBe(400);
    expect((await call("/api/v1/admin/mail?cursor=bm9wZQ", { token })).status).toBe(400);
    for (const key of ["../../etc/passwd", "mail/in/../out/x.eml", "mail/in/1.eml", "labels/abc", ""]) {
      const res = await call(`/api/v1/admin/mail/view?key=${encodeURIComponent(key)}`, { token });
      expect(res.status, key).toBe(400);
      expect(await res.json()).toEqual({ error: "key: Invalid message key" });
    }
    const unknown = await call("/api/v1/admin/mail/view?key=mail/in/0000000000001-0000000000000000.eml", { token });
    expect(unknown.status).toBe(404);
    expect((await call("/api/v1/admin/mail/raw?key=mail/in/0000000000001-0000000000000000.eml", { token })).status).toBe(404);
  });
});

describe("POST /api/v1/admin/mail/send", () => {
  it("sends proper MIME from the admin mailbox and keeps it as sent mail", async () => {
    const res = await post("send", {
      to: ["Customer <customer@example.com>", " "],
      cc: ["cc@example.com"],
      bcc: ["hidden@example.com"],
      subject: "Your parcel – update",
      text: "It is on its way.",
      html: "<p>It is on its <b>way</b>.</p>",
    });
    expect(res.status).toBe(201);
    const { key, message_id } = (await res.json()) as { key: string; message_id: string };
    expect(key).toMatch(/^mail\/out\//);

    const row = await db().query.mailMessages.findFirst({ where: eq(mailMessages.key, key) });
    expect(row).toMatchObject({ direction: "out", fromAddr: "support@parcelhive.test", subject: "Your parcel – update", snippet: "It is on its way." });
    const { text, parsed } = await storedRaw(key);
    expect(parsed.from?.address).toBe("support@parcelhive.test");
    expect(parsed.to?.map((a) => a.address)).toEqual(["customer@example.com"]);
    expect(parsed.cc?.map((a) => a.address)).toEqual(["cc@example.com"]);
    expect(parsed.subject).toBe("Your parcel – update");
    expect(parsed.messageId).toBe(message_id);
    expect(parsed.text?.trim()).toBe("It is on its way.");
    expect(parsed.html).toBe("<p>It is on its <b>way</b>.</p>");
    expect(text).toMatch(/Content-Type: multipart\/alternative/);
    expect(text).not.toMatch(/hidden@example\.com/);

    const first = (await list("?max=1")).results[0];
    expect(first).toMatchObject({ key, direction: "out", subject: "Your parcel – update" });
  });

  it("uses the admin mailbox when From is blank, and refuses other domains", async () => {
    const blank = await post("send", { from: "", to: "a@example.com", text: "x" });
    expect(blank.status).toBe(201);
    const other = await post("send", { from: "ceo@elsewhere.example", to: "a@example.com", text: "x" });
    expect(other.status).toBe(400);
    expect(await other.json()).toEqual({ error: "From must be an address at parcelhive.test" });
    const alias = await post("send", { from: "Help <help@parcelhive.test>", to: "a@example.com", text: "x" });
    expect(alias.status).toBe(201);
  });

  it("needs at least one To, and valid addresses", async () => {
    for (const to of [[], "", " , ", undefined]) {
      const res = await post("send", { to, subject: "x", text: "y" });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: "From and at least one To are required" });
    }
    const bad = await post("send", { to: "not-an-address", text: "y" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toContain("Invalid email address: not-an-address");
  });
});

describe("POST /api/v1/admin/mail/reply", () => {
  it("threads the reply: Re: subject, In-Reply-To, References, quoted original", async () => {
    const original = await deliver(
      new TextEncoder().encode(
        new TextDecoder()
          .decode(plainText({ subject: "Where is my parcel?", messageId: "<orig-1@example.com>", body: "Line one\r\nLine two" }))
          .replace("MIME-Version", "References: <thread-0@example.com>\r\nMIME-Version"),
      ),
    );
    const res = await post("reply", { key: original.key, to: "alice@example.com", text: "We are on it.", includeQuoted: true });
    expect(res.status).toBe(201);
    const { key } = (await res.json()) as { key: string };
    const { parsed } = await storedRaw(key);
    expect(parsed.subject).toBe("Re: Where is my parcel?");
    expect(parsed.inReplyTo).toBe("<orig-1@example.com>");
    expect(parsed.references).toBe("<thread-0@example.com> <orig-1@example.com>");
    expect(parsed.to?.map((a) => a.address)).toEqual(["alice@example.com"]);
    expect(parsed.text).toContain("We are on it.");
    expect(parsed.text).toMatch(/On .* Alice Sender <alice@example.com> wrote:/);
    expect(parsed.text).toContain("> Line one\n> Line two");

    const row = await db().query.mailMessages.findFirst({ where: eq(mailMessages.key, key) });
    expect(row).toMatchObject({ direction: "out", inReplyTo: "<orig-1@example.com>" });
    expect((await list("?max=1")).results[0].key).toBe(key);
  });

  it("does not stack 'Re:' and answers the Reply-To address when no To is given", async () => {
    const original = await deliver(withAttachments());
    const first = await post("reply", { key: original.key, text: "ok", includeQuoted: false });
    expect(first.status).toBe(201);
    const { parsed } = await storedRaw(((await first.json()) as { key: string }).key);
    expect(parsed.to?.map((a) => a.address)).toEqual(["orders@shop.example"]);
    expect(parsed.subject).toBe("Re: Invoice – order #42");
    expect(parsed.text?.trim()).toBe("ok");

    const sentRow = (await list("?max=1")).results[0];
    const again = await post("reply", { key: sentRow.key, to: "x@example.com", text: "again" });
    const { parsed: p2 } = await storedRaw(((await again.json()) as { key: string }).key);
    expect(p2.subject).toBe("Re: Invoice – order #42");
  });

  it("needs an original: 'No original selected', 404 for an unknown one", async () => {
    const none = await post("reply", { to: "a@example.com", text: "x" });
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual({ error: "No original selected" });
    const unknown = await post("reply", { key: "mail/in/0000000000001-0000000000000000.eml", to: "a@example.com", text: "x" });
    expect(unknown.status).toBe(404);
    const traversal = await post("reply", { key: "../secrets", to: "a@example.com", text: "x" });
    expect(traversal.status).toBe(400);
  });
});
