import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { mailMessages } from "../db/schema";
import { ApiError, badRequest } from "../lib/errors";
import { log } from "../lib/log";
import type { z } from "zod";
import { getMailDetail, newMailKey, snippetOf } from "./mailbox";
import { bareAddress, type replyMailBody, type sendMailBody } from "./model";
import { buildRawMail, escapeHtml, sendRawMail } from "../lib/mailer";
import { ukDateTime } from "../lib/uk-format";

/**
 * Admin mail out: new messages and replies built as MIME, sent through the mailer to every recipient
 * and stored in the mailbox as sent mail (direction 'out'). Reading and inbound mail: ./mailbox.ts.
 */

/** A message as validated, with its sender settled and, for a reply, its threading headers. */
export type ComposedMail = Omit<z.output<typeof sendMailBody>, "from"> & {
  from: string;
  inReplyTo?: string | null;
  references?: string | null;
};

/** Sends a composed message to every recipient and stores it as sent mail (direction 'out'). */
export async function sendAndStore(env: Env, db: Db, mail: ComposedMail, now = Date.now()) {
  const domain = bareAddress(mail.from).split("@")[1] ?? "localhost";
  const messageId = `<${crypto.randomUUID()}@${domain}>`;
  const raw = await buildRawMail({ ...mail, text: mail.text ?? "", messageId });
  const recipients = [...new Set([...mail.to, ...mail.cc, ...mail.bcc].map((a) => bareAddress(a).toLowerCase()))];
  try {
    await sendRawMail(env, bareAddress(mail.from), recipients, raw);
  } catch (err) {
    // The platform refused the message (unverified sender or destination, quota): say so, not a 500.
    log("warn", "admin mail not sent", { error: String(err) });
    throw new ApiError(502, `Send failed: ${String((err as Error)?.message ?? err).slice(0, 200)}`);
  }

  const key = newMailKey("out", now);
  const bytes = new TextEncoder().encode(raw);
  await env.FILES.put(key, bytes, { httpMetadata: { contentType: "message/rfc822" } });
  await db.insert(mailMessages).values({
    key,
    direction: "out",
    messageId,
    inReplyTo: mail.inReplyTo ?? null,
    referencesHeader: mail.references ?? null,
    fromAddr: mail.from,
    toJson: JSON.stringify(mail.to),
    ccJson: JSON.stringify(mail.cc),
    subject: mail.subject,
    date: now,
    lastModified: now,
    snippet: snippetOf(mail.text, mail.html),
    size: bytes.byteLength,
  });
  return { key, message_id: messageId };
}

/** A reply as validated, with the original chosen and the sender settled. */
export type ReplyRequest = Omit<z.output<typeof replyMailBody>, "from" | "key"> & { key: string; from: string };

const quoteText = (text: string) =>
  text
    .trimEnd()
    .split(/\r?\n/)
    .map((l) => (l ? `> ${l}` : ">"))
    .join("\n");

/** A reply to a stored message: 'Re: ' subject, In-Reply-To/References, and the quoted original. */
export async function replyTo(env: Env, db: Db, req: ReplyRequest) {
  const original = await getMailDetail(env, db, req.key);
  const subject = /^re:/i.test(original.subject.trim()) ? original.subject : `Re: ${original.subject}`;
  const to = req.to.length ? req.to : [original.reply_to ?? original.from].filter(Boolean);
  if (!to.length) throw badRequest("From and at least one To are required");

  let text = req.text ?? "";
  let html = req.html;
  if (req.includeQuoted) {
    const when = original.date ?? original.last_modified;
    const intro = `On ${ukDateTime(when)}, ${original.from} wrote:`;
    const quoted = original.text ?? original.snippet;
    text = `${text}\n\n${intro}\n${quoteText(quoted)}`;
    if (html) {
      html += `<p>${escapeHtml(intro)}</p><blockquote style="margin:0 0 0 .8ex;border-left:1px solid #ccc;padding-left:1ex">${
        original.html_sanitized ?? `<pre>${escapeHtml(quoted)}</pre>`
      }</blockquote>`;
    }
  }
  const prior = await db.query.mailMessages.findFirst({ where: eq(mailMessages.key, req.key) });
  const references = [prior?.referencesHeader, prior?.messageId].filter(Boolean).join(" ") || null;
  return sendAndStore(env, db, {
    from: req.from,
    to,
    cc: req.cc,
    bcc: req.bcc,
    subject,
    text,
    html,
    inReplyTo: prior?.messageId ?? null,
    references,
  });
}
