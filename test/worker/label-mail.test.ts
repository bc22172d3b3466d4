import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { labelFiles, labels, mailMessages, users } from "../../worker/db/schema";
import { handleEmail } from "../../worker/handlers/email";
import { importTokenOf, newImportToken } from "../../worker/label-mail/address";
import { labelMail, type MailAttachment } from "../fixtures/mail/label-mail";
import { inboundMessage } from "../fixtures/mail/messages";
import { captureMail, type SentMail } from "./auth-mail";
import { call, createUser, db, type TestUser } from "./helpers";
import { fixture } from "./import-fixtures";
import { loadReadersFirst } from "./readers";

const pdf = (name: string, bytes = fixture(name)): MailAttachment => ({ name, type: "application/pdf", bytes });
/** Sniffs as a PDF and fails fast in the reader: a cheap refused file. */
const brokenPdf = (name: string): MailAttachment => pdf(name, new TextEncoder().encode("%PDF-1.4\n% not really a pdf\n"));

let mail: ReturnType<typeof captureMail>;
beforeEach(() => {
  mail = captureMail();
});
afterEach(() => mail.restore());

async function importAddress(user: TestUser): Promise<string> {
  const res = await call("/api/v1/user/import-address", { token: user.token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { address: string }).address;
}

async function regenerate(user: TestUser): Promise<string> {
  const res = await call("/api/v1/user/import-address/regenerate", { method: "POST", token: user.token, json: {} });
  expect(res.status).toBe(200);
  return ((await res.json()) as { address: string }).address;
}

/** Sends `raw` through the real email() handler. */
async function deliver(raw: Uint8Array, opts: { to: string; from?: string; rawSize?: number }) {
  const { message, outcome } = inboundMessage(raw, { from: opts.from ?? "orders@shop.example", to: opts.to, rawSize: opts.rawSize });
  await handleEmail(message, env);
  return outcome;
}

const balance = async (id: number) => (await db().query.users.findFirst({ where: eq(users.id, id) }))!.credits;
const labelRows = (userId: number) => db().select().from(labels).where(eq(labels.userId, userId));
const fileRows = (userId: number) => db().select().from(labelFiles).where(eq(labelFiles.userId, userId));
const mailboxRows = async () => (await db().select({ key: mailMessages.key }).from(mailMessages)).length;
const mailObjects = async () => (await env.FILES.list({ prefix: "mail/" })).objects.length;
const onlyReply = (to: string): SentMail => {
  expect(mail.sent().map((m) => m.to)).toEqual([[to]]);
  return mail.sent()[0];
};

loadReadersFirst();

describe("the import address", () => {
  it("is labels+<26 lowercase base32 characters>@ the admin mailbox's domain, the same on every read", async () => {
    const user = await createUser();
    const address = await importAddress(user);
    expect(address).toMatch(/^labels\+[a-z2-7]{26}@parcelhive\.test$/);
    expect(await importAddress(user)).toBe(address);
    expect(await importAddress(await createUser())).not.toBe(address);
  });

  it("regenerates to a new address, which reads back", async () => {
    const user = await createUser();
    const old = await importAddress(user);
    const fresh = await regenerate(user);
    expect(fresh).not.toBe(old);
    expect(fresh).toMatch(/^labels\+[a-z2-7]{26}@parcelhive\.test$/);
    expect(await importAddress(user)).toBe(fresh);
  });

  it("is for the account only: signed out 401, a developer API key 403", async () => {
    const user = await createUser();
    const key = ((await (await call("/api/v1/generate-developer-key", { method: "POST", token: user.token, json: {} })).json()) as { developer_api_key: string }).developer_api_key;
    expect((await call("/api/v1/user/import-address")).status).toBe(401);
    expect((await call("/api/v1/user/import-address/regenerate", { method: "POST", json: {} })).status).toBe(401);
    const byKey = await call("/api/v1/user/import-address", { headers: { Authorization: `Bearer ${key}` } });
    expect(byKey.status).toBe(403);
    expect(await byKey.json()).toEqual({ error: "API keys cannot be used for this call" });
    const regenByKey = await call("/api/v1/user/import-address/regenerate", { method: "POST", headers: { "X-API-Key": key }, json: {} });
    expect(regenByKey.status).toBe(403);
  });

  it("draws 128 random bits per token and reads the address in any case and with a display name", () => {
    const tokens = new Set(Array.from({ length: 200 }, newImportToken));
    expect(tokens.size).toBe(200);
    for (const t of tokens) expect(t).toMatch(/^[a-z2-7]{26}$/);
    const cfg = { IMPORT_MAIL_DOMAIN: "", ADMIN_MAILBOX: "support@parcelhive.test" };
    expect(importTokenOf(cfg, "labels+abc@parcelhive.test")).toBe("abc");
    expect(importTokenOf(cfg, "LABELS+ABC@ParcelHive.TEST")).toBe("abc");
    expect(importTokenOf(cfg, '"Label import" <Labels+Abc@parcelhive.test>')).toBe("abc");
    expect(importTokenOf(cfg, "labels+abc@elsewhere.test")).toBeNull();
    expect(importTokenOf(cfg, "labels@parcelhive.test")).toBeNull();
    expect(importTokenOf(cfg, "support@parcelhive.test")).toBeNull();
    expect(importTokenOf({ ...cfg, IMPORT_MAIL_DOMAIN: "In.Parcelhive.test" }, "labels+abc@in.parcelhive.test")).toBe("abc");
  });
});

// The first import of a file loads the label readers (PDFium, zxing): seconds on a shared machine.
describe("mail to an import address", { timeout: 60_000 }, () => {
  it("imports a PDF label attachment for 1 credit and keeps nothing else of the mail", async () => {
    const user = await createUser({ credits: 5 });
    const to = await importAddress(user);
    const [rowsBefore, objectsBefore] = [await mailboxRows(), await mailObjects()];

    const outcome = await deliver(labelMail({ to, attachments: [pdf("evri.pdf")] }), { to });
    expect(outcome.rejected).toBeNull();

    const [label] = await labelRows(user.id);
    expect(label).toMatchObject({ trackingCode: "H04AQA0004726589", courier: "evri", source: "upload" });
    expect(await balance(user.id)).toBe(4);
    const [file] = await fileRows(user.id);
    expect(file).toMatchObject({ name: "evri.pdf", mime: "application/pdf", size: fixture("evri.pdf").length });
    // No mailbox row, no raw message, nothing of the body anywhere.
    expect(await mailboxRows()).toBe(rowsBefore);
    expect(await mailObjects()).toBe(objectsBefore);
    expect((await env.FILES.list({ prefix: `labels/${user.id}/` })).objects).toHaveLength(1);
    expect(JSON.stringify(await labelRows(user.id))).not.toContain("door code");

    const reply = onlyReply(user.email);
    expect(reply.from).toBe("noreply@parcelhive.test");
    expect(reply.subject).toBe("Labels by email: 1 imported");
    expect(reply.text).toContain("1 label imported, 1 credit used.");
    expect(reply.text).toContain("Imported from evri.pdf: H04AQA0004726589 (Evri): new label, 1 credit");
    expect(reply.text).toContain("Credits left: 4.");
    expect(reply.text).toContain("http://localhost:5173/labels");
    expect(reply.html).toContain("H04AQA0004726589 (Evri)");
    expect(reply.text).not.toContain("door code");
  });

  it("charges nothing for a label sent again, and says so", async () => {
    const user = await createUser({ credits: 5 });
    const to = await importAddress(user);
    await deliver(labelMail({ to, attachments: [pdf("evri.pdf")] }), { to });
    mail.restore();
    mail = captureMail();
    await deliver(labelMail({ to, subject: "Fwd: Your shipping label", attachments: [pdf("evri.pdf")] }), { to });
    expect(await balance(user.id)).toBe(4);
    expect(await labelRows(user.id)).toHaveLength(1);
    const reply = onlyReply(user.email);
    expect(reply.text).toContain("1 label imported, 0 credits used.");
    expect(reply.text).toContain("H04AQA0004726589 (Evri): already in your labels, updated for free");
    expect(reply.text).toContain('Your mail "Fwd: Your shipping label"');
  });

  it("imports the labels and lists each refused attachment with its reason, charging only the labels", async () => {
    const user = await createUser({ credits: 5 });
    const to = await importAddress(user);
    const attachments = [
      pdf("not-a-label.pdf"),
      { name: "notes.txt", type: "text/plain", bytes: new TextEncoder().encode("hello") },
      pdf("royalmail.pdf"),
    ];
    await deliver(labelMail({ to, attachments }), { to });
    const rows = await labelRows(user.id);
    expect(rows.map((r) => r.courier)).toEqual(["royalmail"]);
    expect(await balance(user.id)).toBe(4);
    expect(await fileRows(user.id)).toHaveLength(1);
    const reply = onlyReply(user.email);
    expect(reply.subject).toBe("Labels by email: 1 imported, 2 not imported");
    expect(reply.text).toContain(`Imported from royalmail.pdf: ${rows[0].trackingCode} (Royal Mail): new label, 1 credit`);
    expect(reply.text).toContain("Not imported: not-a-label.pdf: This file is not a recognised Evri or Royal Mail label.");
    expect(reply.text).toContain("Not imported: notes.txt: Not a PDF, PNG, JPEG or WEBP file.");
  });

  it("refuses a label the credits do not cover, storing nothing", async () => {
    const user = await createUser({ credits: 0 });
    const to = await importAddress(user);
    await deliver(labelMail({ to, attachments: [pdf("evri.pdf")] }), { to });
    expect(await labelRows(user.id)).toEqual([]);
    expect(await fileRows(user.id)).toEqual([]);
    expect((await env.FILES.list({ prefix: `labels/${user.id}/` })).objects).toEqual([]);
    const reply = onlyReply(user.email);
    expect(reply.subject).toBe("Labels by email: 0 imported, 1 not imported");
    expect(reply.text).toContain("Not imported: evri.pdf: You need 1 credits to process this file");
    expect(reply.text).toContain("Credits left: 0.");
  });

  it("reads at most 10 label files of a mail; the 11th is refused and not charged", async () => {
    const user = await createUser({ credits: 5 });
    const to = await importAddress(user);
    const attachments = [...Array.from({ length: 10 }, (_, i) => brokenPdf(`broken-${i + 1}.pdf`)), pdf("evri.pdf")];
    await deliver(labelMail({ to, attachments }), { to });
    expect(await labelRows(user.id)).toEqual([]);
    expect(await balance(user.id)).toBe(5);
    const reply = onlyReply(user.email);
    expect(reply.text).toContain("Not imported: evri.pdf: Only the first 10 label files of a mail are read: send this one in another mail.");
    expect(reply.text).toContain("Not imported: broken-10.pdf: This PDF is damaged or incomplete and cannot be read.");
    expect(reply.text.match(/Not imported:/g)).toHaveLength(11);
  });

  it("refuses an attachment over 16 MB and a mail over 25 MB", async () => {
    const user = await createUser({ credits: 5 });
    const to = await importAddress(user);
    const big = new Uint8Array(16 * 1024 * 1024 + 1);
    big.set(new TextEncoder().encode("%PDF-1.4\n"));
    await deliver(labelMail({ to, attachments: [pdf("big.pdf", big), pdf("evri.pdf")] }), { to });
    expect((await labelRows(user.id)).map((r) => r.trackingCode)).toEqual(["H04AQA0004726589"]);
    expect(await balance(user.id)).toBe(4);
    expect(onlyReply(user.email).text).toContain("Not imported: big.pdf: File is larger than 16MB");

    mail.restore();
    mail = captureMail();
    const raw = labelMail({ to, attachments: [pdf("royalmail.pdf")] });
    const outcome = await deliver(raw, { to, rawSize: 25 * 1024 * 1024 + 1 });
    expect(outcome.rejected).toBe("Message too large (limit 25 MB)");
    expect(await labelRows(user.id)).toHaveLength(1);
    expect(mail.sent()).toEqual([]);
  });

  it("rejects an unknown token, and the old token once regenerated, storing and sending nothing", async () => {
    const user = await createUser({ credits: 5 });
    const old = await importAddress(user);
    const [rowsBefore, objectsBefore] = [await mailboxRows(), await mailObjects()];

    const unknown = `labels+${newImportToken()}@parcelhive.test`;
    expect((await deliver(labelMail({ to: unknown, attachments: [pdf("evri.pdf")] }), { to: unknown })).rejected).toBe("Unknown recipient");
    const malformed = "labels+nope@parcelhive.test";
    expect((await deliver(labelMail({ to: malformed, attachments: [pdf("evri.pdf")] }), { to: malformed })).rejected).toBe("Unknown recipient");

    const fresh = await regenerate(user);
    expect((await deliver(labelMail({ to: old, attachments: [pdf("evri.pdf")] }), { to: old })).rejected).toBe("Unknown recipient");
    expect(await labelRows(user.id)).toEqual([]);
    expect(await balance(user.id)).toBe(5);
    expect(await mailboxRows()).toBe(rowsBefore);
    expect(await mailObjects()).toBe(objectsBefore);
    expect(mail.sent()).toEqual([]);

    // The new address works at once, in any letter case and with a display name.
    const outcome = await deliver(labelMail({ to: fresh, attachments: [pdf("evri.pdf")] }), { to: `"Labels" <${fresh.toUpperCase()}>` });
    expect(outcome.rejected).toBeNull();
    expect(await labelRows(user.id)).toHaveLength(1);
  });

  it("replies to the account's address on record, never to a forged From", async () => {
    const victim = await createUser({ credits: 5 });
    const attacker = await createUser({ credits: 5 });
    const to = await importAddress(victim);
    const raw = labelMail({ to, from: `Someone <${attacker.email}>`, attachments: [pdf("evri.pdf")] });
    await deliver(raw, { to, from: attacker.email });
    expect(mail.to(attacker.email)).toEqual([]);
    expect(onlyReply(victim.email).text).toContain("H04AQA0004726589");
    expect(await labelRows(attacker.id)).toEqual([]);
    expect(await labelRows(victim.id)).toHaveLength(1);
  });

  it("answers a mail without label files, and never answers its own reply coming back", async () => {
    const user = await createUser({ credits: 5 });
    const to = await importAddress(user);
    await deliver(labelMail({ to, attachments: [] }), { to });
    const reply = onlyReply(user.email);
    expect(reply.subject).toBe("Labels by email: nothing imported");
    expect(reply.text).toContain("No label files were found in this mail.");

    mail.restore();
    mail = captureMail();
    await deliver(labelMail({ to, attachments: [pdf("evri.pdf")], extraHeaders: ["X-Parcelhive-Reply: label-import"] }), { to });
    await deliver(labelMail({ to, attachments: [], extraHeaders: ["Auto-Submitted: auto-replied"] }), { to });
    expect(mail.sent()).toEqual([]);
    // The label in it is still imported.
    expect(await labelRows(user.id)).toHaveLength(1);
  });

  it("leaves the admin mailbox as it was: its mail is still stored", async () => {
    const before = await mailboxRows();
    const outcome = await deliver(labelMail({ to: "support@parcelhive.test", attachments: [pdf("evri.pdf")] }), { to: "support@parcelhive.test" });
    expect(outcome.rejected).toBeNull();
    expect(await mailboxRows()).toBe(before + 1);
    expect((await deliver(labelMail({ to: "labels@parcelhive.test", attachments: [] }), { to: "labels@parcelhive.test" })).rejected).toBe("Unknown recipient");
  });
});
