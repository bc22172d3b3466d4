import { baseURL } from "./browser";

/** miniflare's local explorer lists what the send_email binding sent since the server started. */
const MAIL_API = "/cdn-cgi/local/explorer/api/local/email/sending";

export interface SentMail {
  messageId: string;
  to: string[];
  subject: string;
}

/**
 * Every mail the server sent to `address`, paged through: e2e files run side by side on one server, so another
 * file's mail can push this one's off the first page.
 */
export async function mailsTo(address: string, server = baseURL()): Promise<SentMail[]> {
  const found: SentMail[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 50; page++) {
    const url = new URL(MAIL_API, server);
    url.searchParams.set("per_page", "100");
    if (cursor) url.searchParams.set("cursor", cursor);
    const body = (await (await fetch(url)).json()) as { result: SentMail[]; result_info?: { cursor?: string; has_more?: boolean } };
    found.push(...body.result.filter((m) => m.to.includes(address)));
    cursor = body.result_info?.cursor;
    if (!body.result_info?.has_more || !cursor) break;
  }
  return found;
}

/** A sent mail's text and HTML. */
export async function mailBody(mail: SentMail, server = baseURL()): Promise<{ text: string; html?: string }> {
  const url = new URL(MAIL_API, server);
  url.searchParams.set("email_id", mail.messageId);
  return ((await (await fetch(url)).json()) as { result: { text: string; html?: string } }).result;
}

/** Waits for the mail to `address` with `subject` (the queue sends most: a second or two). */
export async function mailArriving(address: string, subject: string, server = baseURL(), ms = 30_000): Promise<SentMail> {
  const deadline = Date.now() + ms;
  for (;;) {
    const mail = (await mailsTo(address, server)).find((m) => m.subject === subject);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail '${subject}' to ${address} within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
