import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context";
import { badRequest } from "../lib/errors";
import { describe } from "../lib/openapi-meta";
import { validate } from "../lib/validate";
import { requireAdmin, requireAuth } from "../auth/require-auth";
import {
  MAIL_PAGE_SIZE,
  getAttachment,
  getMailDetail,
  getRawMail,
  isMailKey,
  listMail,
} from "./mailbox";
import { replyTo, sendAndStore } from "./compose";
import { bareAddress, emailAddress, replyMailBody, sendMailBody } from "./model";

/** The admin mailbox. Admins only. It is the product's, kept in the directory whichever database the admin's own data is in. */
const routes = new Hono<AppEnv>();

routes.use("/admin/mail", requireAuth(), requireAdmin);
routes.use("/admin/mail/*", requireAuth(), requireAdmin);

const REQUIRED = "From and at least one To are required";
const MAX_RECIPIENTS = 50;
const keyQuery = z.object({ key: z.string().refine(isMailKey, "Invalid message key") });

/**
 * The sender: the admin mailbox unless the admin chose another address at the product's domain
 * (the only domain Email Routing lets the Worker send from).
 */
function senderFor(env: Env, from: string | undefined): string {
  const mailbox = env.ADMIN_MAILBOX;
  if (!from) return mailbox;
  const addr = bareAddress(from);
  if (!emailAddress.safeParse(addr).success) throw badRequest(`Invalid email address: ${from}`);
  const domain = mailbox.split("@")[1]?.toLowerCase();
  if (addr.split("@")[1]?.toLowerCase() !== domain) throw badRequest(`From must be an address at ${domain}`);
  return from;
}

function checkRecipients(to: string[], cc: string[], bcc: string[]) {
  if (to.length + cc.length + bcc.length > MAX_RECIPIENTS) throw badRequest(`At most ${MAX_RECIPIENTS} recipients`);
}

const app = routes
  .get(
    "/admin/mail",
    describe({ summary: "The mailbox, newest first, 50 a page (`cursor` from the answer for the next), searchable by subject, sender and snippet." }),
    validate(
      "query",
      z.object({
        max: z.coerce.number().int().min(1).max(MAIL_PAGE_SIZE).default(MAIL_PAGE_SIZE),
        cursor: z.string().max(500).optional(),
        q: z.string().trim().max(200).optional(),
      }),
    ),
    async (c) => {
      const { max, cursor, q } = c.req.valid("query");
      const page = await listMail(c.get("directory"), { max, cursor: cursor || undefined, q: q || undefined });
      // The mailbox address lets Reply all leave our own address out of the recipients.
      return c.json({ ...page, mailbox: c.env.ADMIN_MAILBOX });
    },
  )
  .get("/admin/mail/view", describe({ summary: "One message: its addresses, date, sanitized HTML or text, and its attachments." }), validate("query", keyQuery), async (c) => {
    return c.json(await getMailDetail(c.env, c.get("directory"), c.req.valid("query").key));
  })
  .get("/admin/mail/raw", describe({ summary: "One message as it arrived (EML)." }), validate("query", keyQuery), async (c) => {
    const { key } = c.req.valid("query");
    const obj = await getRawMail(c.env, c.get("directory"), key);
    const name = key.split("/").pop()!;
    return c.body(obj.body, 200, {
      "Content-Type": "message/rfc822",
      "Content-Disposition": `attachment; filename="${name}"`,
    });
  })
  .get(
    "/admin/mail/attachment",
    describe({ summary: "One attachment of a message, always as a download." }),
    validate("query", keyQuery.extend({ idx: z.coerce.number().int().min(0).max(10_000) })),
    async (c) => {
      const { key, idx } = c.req.valid("query");
      const { attachment, body: file } = await getAttachment(c.env, c.get("directory"), key, idx);
      // Always a download, never rendered on our origin (an attachment may be HTML or SVG).
      const ascii = attachment.filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
      return c.body(file.body, 200, {
        "Content-Type": "application/octet-stream",
        "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(attachment.filename)}`,
      });
    },
  )
  .post("/admin/mail/send", describe({ summary: "Send a new message from the mailbox (or another address on its domain); it is kept as sent mail.", description: "Bcc recipients are never in the message's headers. Subject and From are one line." }), validate("json", sendMailBody), async (c) => {
    const m = c.req.valid("json");
    if (!m.to.length) throw badRequest(REQUIRED);
    checkRecipients(m.to, m.cc, m.bcc);
    const from = senderFor(c.env, m.from);
    const sent = await sendAndStore(c.env, c.get("directory"), { ...m, from });
    return c.json({ ok: true, ...sent }, 201);
  })
  .post("/admin/mail/reply", describe({ summary: "Reply to a message of the mailbox: `Re:` subject, threading headers and the original quoted." }), validate("json", replyMailBody), async (c) => {
    const m = c.req.valid("json");
    if (!m.key) throw badRequest("No original selected");
    if (!isMailKey(m.key)) throw badRequest("Invalid message key");
    checkRecipients(m.to, m.cc, m.bcc);
    const from = senderFor(c.env, m.from);
    const sent = await replyTo(c.env, c.get("directory"), { ...m, key: m.key, from });
    return c.json({ ok: true, ...sent }, 201);
  });

export default app;
