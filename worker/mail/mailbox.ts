import { and, desc, eq, lt, or, type SQL } from "drizzle-orm";
import type { Address, Email } from "postal-mime";
import type { Db } from "../db/client";
import { containsText } from "../db/d1-limits";
import { mailAttachments, mailMessages } from "../db/schema";
import { badRequest, notFound } from "../lib/errors";
import { log } from "../lib/log";
import type { MailDetail, MailDirection, MailListItem } from "../admin/model";
import { sanitizeHtml } from "./html-sanitizer";

/**
 * The admin mailbox. Every message, received or sent,
 * is a raw EML in R2 under its key plus one indexed row in mail_messages; attachments of received
 * mail are stored apart in R2 so they download without re-parsing. Bodies are parsed from the raw
 * EML when a message is opened, and its HTML is sanitized then.
 */

export const MAX_INBOUND_BYTES = 25 * 1024 * 1024;
export const MAIL_PAGE_SIZE = 50;
const SNIPPET_CHARS = 200;

type MailRow = typeof mailMessages.$inferSelect;

const MAIL_KEY = /^mail\/(in|out)\/\d{13}-[0-9a-f]{16}\.eml$/;

/** Keys are made here and nowhere else; anything else a client sends is refused (no path tricks). */
export function isMailKey(key: string): boolean {
  return MAIL_KEY.test(key);
}

export function newMailKey(direction: MailDirection, now: number): string {
  const rand = [...crypto.getRandomValues(new Uint8Array(8))].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `mail/${direction}/${String(now).padStart(13, "0")}-${rand}.eml`;
}

const attachmentR2Key = (mailKey: string, idx: number) => `${mailKey.slice(0, -4)}/att/${idx}`;

// ---------- Parsing helpers ----------

/** Flattens address groups into 'Name <addr>' / 'addr' strings. */
function formatAddresses(list: Address[] | Address | undefined): string[] {
  const out: string[] = [];
  for (const a of Array.isArray(list) ? list : list ? [list] : []) {
    if (a.group) out.push(...formatAddresses(a.group));
    else if (a.address) out.push(a.name ? `${a.name} <${a.address}>` : a.address);
  }
  return out;
}

function htmlToText(html: string): string {
  return html
    .replace(/<(script|style|head|title)[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/gi, " ")
    .replace(/&amp;/gi, "&")
    .replace(/&lt;/gi, "<")
    .replace(/&gt;/gi, ">")
    .replace(/&quot;/gi, '"')
    .replace(/&#39;/gi, "'");
}

export function snippetOf(text: string | undefined, html: string | undefined): string {
  const source = text?.trim() ? text : html ? htmlToText(html) : "";
  return source.replace(/\s+/g, " ").trim().slice(0, SNIPPET_CHARS);
}

function parseDate(value: string | undefined): number | null {
  if (!value) return null;
  const t = Date.parse(value);
  return Number.isFinite(t) ? t : null;
}

/** postal-mime loads with the first inbound message, not with every worker start. */
const postalMime = () => import("postal-mime");

async function parseEml(raw: Uint8Array): Promise<Email> {
  const { default: PostalMime } = await postalMime();
  // Bounded nesting: a hostile message must not make the parser recurse without end.
  return PostalMime.parse(raw, { maxNestingDepth: 50, attachmentEncoding: "arraybuffer" });
}

// ---------- Inbound ----------

export interface InboundEnvelope {
  from: string;
  to: string;
  /** Headers the platform gives with the message, used when the EML cannot be parsed. */
  headers?: Headers;
}

/**
 * Stores one received message: raw EML to R2 first (so nothing is lost), then parse, attachments
 * to R2, and the index row. Unparsable mail is kept raw with its parse_status.
 */
export async function storeInbound(env: Env, db: Db, raw: Uint8Array, envelope: InboundEnvelope, now = Date.now()) {
  const key = newMailKey("in", now);
  await env.FILES.put(key, raw, { httpMetadata: { contentType: "message/rfc822" } });

  let parsed: Email | null = null;
  let parseStatus = "ok";
  try {
    parsed = await parseEml(raw);
  } catch (err) {
    parseStatus = `unparsable: ${String((err as Error)?.message ?? err).slice(0, 200)}`;
    log("warn", "inbound mail kept unparsed", { key, reason: parseStatus });
  }

  const headerSubject = envelope.headers?.get("subject");
  const { decodeWords } = await postalMime();
  const row: typeof mailMessages.$inferInsert = {
    key,
    direction: "in",
    messageId: parsed?.messageId ?? envelope.headers?.get("message-id") ?? null,
    inReplyTo: parsed?.inReplyTo ?? null,
    referencesHeader: parsed?.references ?? null,
    fromAddr: formatAddresses(parsed?.from)[0] ?? envelope.from,
    toJson: JSON.stringify(parsed ? formatAddresses(parsed.to) : [envelope.to]),
    ccJson: JSON.stringify(formatAddresses(parsed?.cc)),
    replyTo: formatAddresses(parsed?.replyTo)[0] ?? null,
    subject: (parsed?.subject ?? (headerSubject ? decodeWords(headerSubject) : "")).slice(0, 998),
    date: parseDate(parsed?.date ?? envelope.headers?.get("date") ?? undefined),
    lastModified: now,
    snippet: parsed ? snippetOf(parsed.text, parsed.html) : "",
    size: raw.byteLength,
    parseStatus,
  };

  const attachments = (parsed?.attachments ?? []).map((a, idx) => ({
    mailKey: key,
    idx,
    filename: (a.filename || `attachment-${idx + 1}`).slice(0, 255),
    contentType: a.mimeType || "application/octet-stream",
    size: typeof a.content === "string" ? a.content.length : a.content.byteLength,
    r2Key: attachmentR2Key(key, idx),
    content: a.content,
  }));

  try {
    for (const a of attachments) {
      await env.FILES.put(a.r2Key, a.content, { httpMetadata: { contentType: a.contentType } });
    }
    await db.batch([
      db.insert(mailMessages).values(row),
      ...attachments.map(({ content: _content, ...a }) => db.insert(mailAttachments).values(a)),
    ]);
  } catch (err) {
    // Leave no half-stored message behind; the sender's server will retry on our error.
    await env.FILES.delete([key, ...attachments.map((a) => a.r2Key)]).catch(() => {});
    throw err;
  }
  return { key, parseStatus };
}

// ---------- Listing ----------


const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function listItem(row: MailRow): MailListItem {
  return {
    key: row.key,
    direction: row.direction,
    from: row.fromAddr,
    to: JSON.parse(row.toJson) as string[],
    subject: row.subject,
    date: iso(row.date),
    last_modified: new Date(row.lastModified).toISOString(),
    snippet: row.snippet,
    size: row.size,
  };
}

function encodeCursor(row: MailRow): string {
  return btoa(`${row.lastModified}|${row.key}`).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function decodeCursor(cursor: string): { lastModified: number; key: string } {
  try {
    const [lm, key] = atob(cursor.replace(/-/g, "+").replace(/_/g, "/")).split("|");
    const lastModified = Number(lm);
    if (Number.isSafeInteger(lastModified) && isMailKey(key)) return { lastModified, key };
  } catch {
    /* fall through */
  }
  throw badRequest("Invalid cursor");
}

/** Newest first, `max` at a time; the cursor is the last row seen, so pages never shift or repeat. */
export async function listMail(db: Db, opts: { max: number; cursor?: string; q?: string }) {
  const conds: SQL[] = [];
  if (opts.q) {
    const q = opts.q;
    conds.push(or(containsText(mailMessages.subject, q), containsText(mailMessages.fromAddr, q), containsText(mailMessages.snippet, q))!);
  }
  if (opts.cursor) {
    const c = decodeCursor(opts.cursor);
    conds.push(
      or(
        lt(mailMessages.lastModified, c.lastModified),
        and(eq(mailMessages.lastModified, c.lastModified), lt(mailMessages.key, c.key)),
      )!,
    );
  }
  const rows = await db
    .select()
    .from(mailMessages)
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(desc(mailMessages.lastModified), desc(mailMessages.key))
    .limit(opts.max + 1);
  const page = rows.slice(0, opts.max);
  const isTruncated = rows.length > opts.max;
  return {
    results: page.map(listItem),
    next_cursor: isTruncated ? encodeCursor(page[page.length - 1]) : null,
    is_truncated: isTruncated,
  };
}

// ---------- One message ----------

async function findMail(db: Db, key: string): Promise<MailRow> {
  if (!isMailKey(key)) throw badRequest("Invalid message key");
  const row = await db.query.mailMessages.findFirst({ where: eq(mailMessages.key, key) });
  if (!row) throw notFound("Message not found");
  return row;
}

async function readRaw(env: Env, key: string): Promise<Uint8Array> {
  const obj = await env.FILES.get(key);
  if (!obj) throw notFound("Message not found");
  return new Uint8Array(await obj.arrayBuffer());
}

const mailUrl = (path: string, key: string, extra = "") =>
  `/api/v1/admin/mail/${path}?key=${encodeURIComponent(key)}${extra}`;

/** One message as the webmail shows it, with the HTML body sanitized on the server. */
export async function getMailDetail(env: Env, db: Db, key: string): Promise<MailDetail> {
  const row = await findMail(db, key);
  const atts = await db.select().from(mailAttachments).where(eq(mailAttachments.mailKey, key)).orderBy(mailAttachments.idx);
  let text: string | null = null;
  let html: string | null = null;
  if (row.parseStatus === "ok") {
    try {
      const parsed = await parseEml(await readRaw(env, key));
      text = parsed.text?.trim() ? parsed.text : null;
      html = parsed.html?.trim() ? parsed.html : null;
    } catch (err) {
      log("warn", "stored mail could not be re-read", { key, error: String(err) });
    }
  }
  const htmlSanitized = html ? await sanitizeHtml(html) : null;
  return {
    ...listItem(row),
    cc: JSON.parse(row.ccJson) as string[],
    reply_to: row.replyTo,
    message_id: row.messageId,
    parse_status: row.parseStatus,
    raw_eml_url: mailUrl("raw", key),
    html_sanitized: htmlSanitized || null,
    text,
    attachments: atts.map((a) => ({
      filename: a.filename,
      content_type: a.contentType,
      size: a.size,
      url: mailUrl("attachment", key, `&idx=${a.idx}`),
    })),
  };
}

/** The raw EML of a message, for download. */
export async function getRawMail(env: Env, db: Db, key: string) {
  const row = await findMail(db, key);
  const obj = await env.FILES.get(row.key);
  if (!obj) throw notFound("Message not found");
  return obj;
}

export async function getAttachment(env: Env, db: Db, key: string, idx: number) {
  await findMail(db, key);
  const att = await db.query.mailAttachments.findFirst({
    where: and(eq(mailAttachments.mailKey, key), eq(mailAttachments.idx, idx)),
  });
  const obj = att ? await env.FILES.get(att.r2Key) : null;
  if (!att || !obj) throw notFound("Attachment not found");
  return { attachment: att, body: obj };
}
