/**
 * The one mailer: every message the product sends (verification, password reset, lost-parcel
 * notices, admin compose/reply) goes through sendMail over the `send_email` binding.
 * Locally miniflare writes each message under .wrangler/tmp/ and lists it at
 * /cdn-cgi/local/explorer/api/local/email/sending.
 *
 * Every value that enters a header passes headerText or headerAddress here, whatever its caller checked: a line
 * break in a header ends it and starts another, so a company name 'Yew Tree\r\nBcc: x@…' handed to a buyer mail's
 * From name and Subject would add a Bcc. Inputs refuse control characters already (lib/text.ts); this is the last
 * line for values stored before that, and for what comes from outside (an inbound mail's subject or Message-ID).
 */
export interface OutgoingMail {
  to: string | string[];
  cc?: string[];
  bcc?: string[];
  subject: string;
  text: string;
  html?: string;
  /** Defaults to MAIL_FROM; with a display name: { name, email }. */
  from?: string | EmailAddress;
  replyTo?: string;
  headers?: Record<string, string>;
}

/** A text as it may stand in a header: control characters and line separators become spaces, runs of spaces one. */
export function headerText(value: string): string {
  return value
    .replace(/[\p{Cc}\u2028\u2029]+/gu, " ")
    .replace(/ {2,}/g, " ")
    .trim();
}

/** An address as it may stand in a header or the envelope: cleaned, and then nothing but an address, else nothing is sent. */
export function headerAddress(value: string): string {
  const clean = headerText(value);
  if (!/^[^\s@<>,;:"()[\]\\]+@[^\s@<>,;:"()[\]\\]+$/.test(clean)) throw new Error(`Not a mail address: ${JSON.stringify(clean.slice(0, 80))}`);
  return clean;
}

const HEADER_NAME = /^[A-Za-z0-9][A-Za-z0-9-]*$/;

export async function sendMail(env: Pick<Env, "EMAIL" | "MAIL_FROM">, mail: OutgoingMail) {
  const to = (Array.isArray(mail.to) ? mail.to : [mail.to]).map(headerAddress);
  const from = mail.from ?? env.MAIL_FROM;
  const headers = Object.entries(mail.headers ?? {}).map(([name, value]) => {
    if (!HEADER_NAME.test(name)) throw new Error(`Not a header name: ${JSON.stringify(name.slice(0, 80))}`);
    return [name, headerText(value)];
  });
  return env.EMAIL.send({
    from: typeof from === "string" ? headerAddress(from) : { name: headerText(from.name), email: headerAddress(from.email) },
    to,
    ...(mail.cc?.length ? { cc: mail.cc.map(headerAddress) } : {}),
    ...(mail.bcc?.length ? { bcc: mail.bcc.map(headerAddress) } : {}),
    subject: headerText(mail.subject),
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
    ...(mail.replyTo ? { replyTo: headerAddress(mail.replyTo) } : {}),
    ...(headers.length ? { headers: Object.fromEntries(headers) } : {}),
  });
}

/** Escapes text for the HTML part of a message. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);
}

/**
 * A plain, readable HTML mail body in the product's style: a heading, paragraphs, one button. A mail sent for a
 * seller (to their buyer) carries the seller's name and colour instead of the product's (`brand.color` a checked
 * #rrggbb, `brand.textColor` the same darkened to read on white), and small print under it.
 */
export function simpleHtmlMail(opts: {
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  brand?: { name: string; color: string; textColor: string };
  footer?: { text: string; link?: { label: string; url: string } }[];
}) {
  const brand = opts.brand ?? { name: "Parcelhive", color: "#d97706", textColor: "#b45309" };
  const p = opts.paragraphs.map((t) => `<p style="margin:0 0 14px;line-height:1.5">${escapeHtml(t)}</p>`).join("");
  const button = opts.action
    ? `<p style="margin:22px 0"><a href="${escapeHtml(opts.action.url)}" style="background:${opts.brand ? brand.textColor : brand.color};color:#fff;padding:11px 18px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(opts.action.label)}</a></p><p style="font-size:13px;color:#555">Or paste this link into your browser:<br>${escapeHtml(opts.action.url)}</p>`
    : "";
  const footer = (opts.footer ?? [])
    .map((f) => `<p style="margin:0 0 8px;font-size:12px;color:#57534e">${escapeHtml(f.text)}${f.link ? ` <a href="${escapeHtml(f.link.url)}" style="color:#57534e">${escapeHtml(f.link.label)}</a>` : ""}</p>`)
    .join("");
  const top = opts.brand ? `border-top:6px solid ${brand.color};` : "";
  return `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#1c1917;background:#fafaf9;padding:24px"><div style="max-width:520px;margin:auto;background:#fff;border:1px solid #e7e5e4;${top}border-radius:12px;padding:28px"><p style="font-weight:700;color:${brand.textColor};margin:0 0 18px">${escapeHtml(brand.name)}</p><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(opts.heading)}</h1>${p}${button}</div>${footer ? `<div style="max-width:520px;margin:16px auto 0">${footer}</div>` : ""}</body></html>`;
}

/** A message built as raw MIME: the admin's compose and reply, with the threading headers the builder form cannot carry. */
export interface RawMail {
  /** 'addr' or 'Name <addr>'. */
  from: string;
  to: string[];
  cc: string[];
  subject: string;
  messageId: string;
  inReplyTo?: string | null;
  references?: string | null;
  text: string;
  html?: string;
}

function base64Utf8(s: string): string {
  const bytes = new TextEncoder().encode(s);
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/.{76}(?=.)/g, "$&\r\n");
}

/** RFC 5322 MIME: text, an optional HTML alternative, threading headers; Bcc never in the headers. */
export async function buildRawMail(mail: RawMail): Promise<string> {
  // mimetext (and the core-js it brings) loads when an admin sends mail, not with every worker start.
  const { createMimeMessage } = await import("mimetext/browser");
  const msg = createMimeMessage();
  msg.setSender(headerText(mail.from));
  msg.setTo(mail.to.map(headerText));
  if (mail.cc.length) msg.setCc(mail.cc.map(headerText));
  msg.setSubject(headerText(mail.subject));
  msg.setHeader("Message-ID", headerText(mail.messageId));
  if (mail.inReplyTo) msg.setHeader("In-Reply-To", headerText(mail.inReplyTo));
  if (mail.references) msg.setHeader("References", headerText(mail.references));
  msg.addMessage({ contentType: "text/plain", encoding: "base64", data: base64Utf8(mail.text) });
  if (mail.html) msg.addMessage({ contentType: "text/html", encoding: "base64", data: base64Utf8(mail.html) });
  return msg.asRaw();
}

/**
 * Sends a message built by buildRawMail. The envelope takes one recipient per EmailMessage, so the same raw
 * message goes once to each of `recipients` (To, Cc and Bcc; Bcc is never in the headers).
 */
export async function sendRawMail(env: Pick<Env, "EMAIL">, from: string, recipients: string[], raw: string) {
  const { EmailMessage } = await import("cloudflare:email");
  const sender = headerAddress(from);
  for (const to of recipients.map(headerAddress)) {
    await env.EMAIL.send(new EmailMessage(sender, to, raw));
  }
}
