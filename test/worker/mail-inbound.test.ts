import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailAttachments, mailMessages } from "../../worker/db/schema";
import { handleEmail } from "../../worker/handlers/email";
import {
  inboundMessage,
  latin1,
  maliciousHtml,
  plainText,
  tooDeeplyNested,
  windows1252QuotedPrintable,
  withAttachments,
} from "../fixtures/mail/messages";
import { call, createUser, db } from "./helpers";

let adminPromise: ReturnType<typeof createUser> | undefined;
const admin = () => (adminPromise ??= createUser({ admin: true }));

/** Delivers `raw` through the real email() handler and answers the stored row. */
async function deliver(raw: Uint8Array, opts: Parameters<typeof inboundMessage>[1] = {}) {
  const { message, outcome } = inboundMessage(raw, opts);
  const before = await db().select({ key: mailMessages.key }).from(mailMessages);
  await handleEmail(message, env);
  const after = await db().select().from(mailMessages);
  const row = after.find((r) => !before.some((b) => b.key === r.key));
  return { outcome, row };
}

async function view(key: string) {
  const res = await call(`/api/v1/admin/mail/view?key=${encodeURIComponent(key)}`, { token: (await admin()).token });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown> & {
    text: string | null;
    html_sanitized: string | null;
    attachments: { filename: string; content_type: string; size: number; url: string }[];
  };
}

describe("inbound mail through the email() handler", () => {
  it("stores a plain-text message: raw EML in R2, indexed in D1", async () => {
    const raw = plainText({ subject: "Where is my parcel?", messageId: "<plain-1@example.com>" });
    const { outcome, row } = await deliver(raw);
    expect(outcome.rejected).toBeNull();
    expect(row).toMatchObject({
      direction: "in",
      subject: "Where is my parcel?",
      fromAddr: "Alice Sender <alice@example.com>",
      messageId: "<plain-1@example.com>",
      snippet: "Hello, my parcel H01ABC has not arrived.",
      size: raw.byteLength,
      parseStatus: "ok",
      date: Date.parse("2026-11-17T09:30:00Z"),
    });
    expect(JSON.parse(row!.toJson)).toEqual(["support@parcelhive.test"]);
    const stored = await env.FILES.get(row!.key);
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(raw);

    const detail = await view(row!.key);
    expect(detail).toMatchObject({
      key: row!.key,
      subject: "Where is my parcel?",
      from: "Alice Sender <alice@example.com>",
      to: ["support@parcelhive.test"],
      cc: [],
      reply_to: null,
      date: "2026-11-17T09:30:00.000Z",
      html_sanitized: null,
      raw_eml_url: `/api/v1/admin/mail/raw?key=${encodeURIComponent(row!.key)}`,
      attachments: [],
    });
    expect(detail.text).toContain("my parcel H01ABC has not arrived");
  });

  it("accepts the mailbox address in any letter case", async () => {
    const { outcome, row } = await deliver(plainText(), { to: "Support@ParcelHive.test" });
    expect(outcome.rejected).toBeNull();
    expect(row).toBeDefined();
  });

  it("keeps HTML, text, Cc, Reply-To, an encoded subject and downloadable attachments", async () => {
    const { row } = await deliver(withAttachments());
    expect(row!.subject).toBe("Invoice – order #42");
    const detail = await view(row!.key);
    expect(detail.cc).toEqual(["Carol <carol@shop.example>", "dave@shop.example"]);
    expect(detail.reply_to).toBe("orders@shop.example");
    expect(detail.text).toContain("Please find the invoice attached.");
    expect(detail.html_sanitized).toBe("<p>Please find the <b>invoice</b> attached.</p>");
    expect(detail.attachments).toEqual([
      {
        filename: "invoice 42.pdf",
        content_type: "application/pdf",
        size: 16,
        url: `/api/v1/admin/mail/attachment?key=${encodeURIComponent(row!.key)}&idx=0`,
      },
      expect.objectContaining({ filename: "lines.csv", content_type: "text/csv" }),
    ]);
    const rows = await db().select().from(mailAttachments).where(eq(mailAttachments.mailKey, row!.key));
    expect(rows).toHaveLength(2);

    const pdf = await call(detail.attachments[0].url, { token: (await admin()).token });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/octet-stream");
    expect(pdf.headers.get("Content-Disposition")).toContain("attachment;");
    expect(pdf.headers.get("Content-Disposition")).toContain("filename*=UTF-8''invoice%2042.pdf");
    expect(await pdf.text()).toBe("%PDF-1.4\n% tiny\n");

    const missing = await call(`/api/v1/admin/mail/attachment?key=${encodeURIComponent(row!.key)}&idx=7`, {
      token: (await admin()).token,
    });
    expect(missing.status).toBe(404);
  });

  it("decodes an ISO-8859-1 body and encoded-word header", async () => {
    const { row } = await deliver(latin1());
    expect(row!.subject).toBe("Colis arrivé à Zürich");
    expect(row!.fromAddr).toBe("François Müller <francois@example.fr>");
    const detail = await view(row!.key);
    expect(detail.text).toContain("Le colis est arrivé à Zürich, merci beaucoup. Prix: 12£");
  });

  it("decodes Windows-1252 quoted-printable (curly quotes, euro, dash, ellipsis, soft breaks)", async () => {
    const { row } = await deliver(windows1252QuotedPrintable());
    const detail = await view(row!.key);
    expect(detail.text).toContain("“Refund” of €20 – sent to the customer… soft line break joined.");
    expect(row!.snippet).toContain("“Refund” of €20");
  });

  it("serves malicious HTML only sanitized: no scripts, handlers, javascript:/data: URLs or remote images", async () => {
    const { row } = await deliver(maliciousHtml());
    const html = (await view(row!.key)).html_sanitized!;
    expect(html).toContain("Claim your prize");
    expect(html).toContain('<p style="color:red">Safe red text</p>');
    expect(html).toContain("kept text");
    expect(html).toContain('href="https://parcelhive.test/help"');
    expect(html).toContain("[image: tracking pixel]");
    for (const bad of [
      "<script", "alert(", "onload", "onclick", "onerror", "onmouseover", "javascript", "jav&#x61;", "data:text",
      "<img", "evil.example", "<iframe", "<object", "<embed", "<form", "<input", "<style", "<svg", "secret comment",
      "custom-tag", "url(",
    ]) {
      expect(html, `sanitized HTML still contains ${bad}`).not.toContain(bad);
    }
    // Anchors whose URL was refused keep their text but lose the link.
    expect(html).toMatch(/<a[^>]*>js link<\/a>/);
    expect(html).not.toMatch(/<a[^>]*href[^>]*>js link/);
    expect(row!.snippet).toContain("Claim your prize");
    expect(row!.snippet).not.toContain("alert");
  });

  it("keeps unparsable mail raw with its parse status instead of losing it", async () => {
    const raw = tooDeeplyNested();
    const { outcome, row } = await deliver(raw);
    expect(outcome.rejected).toBeNull();
    expect(row!.parseStatus).toMatch(/^unparsable: /);
    expect(row!.subject).toBe("Nested");
    const detail = await view(row!.key);
    expect(detail).toMatchObject({ subject: "Nested", text: null, html_sanitized: null, parse_status: row!.parseStatus });
    const rawRes = await call(detail.raw_eml_url as string, { token: (await admin()).token });
    expect(rawRes.status).toBe(200);
    expect(rawRes.headers.get("Content-Type")).toBe("message/rfc822");
    expect(new Uint8Array(await rawRes.arrayBuffer())).toEqual(raw);
  });

  it("rejects mail for any other address, and stores nothing", async () => {
    const { outcome, row } = await deliver(plainText(), { to: "someone-else@parcelhive.test" });
    expect(outcome.rejected).toBe("Unknown recipient");
    expect(row).toBeUndefined();
  });

  it("rejects mail over 25 MB with a reason, by declared size or by what the stream holds", async () => {
    const declared = await deliver(plainText(), { rawSize: 25 * 1024 * 1024 + 1 });
    expect(declared.outcome.rejected).toBe("Message too large (limit 25 MB)");
    expect(declared.row).toBeUndefined();

    const big = new Uint8Array(25 * 1024 * 1024 + 10).fill(0x61);
    const streamed = await deliver(big, { rawSize: 100 });
    expect(streamed.outcome.rejected).toBe("Message too large (limit 25 MB)");
    expect(streamed.row).toBeUndefined();
  });
});
