/**
 * What the admin sends: the bodies of POST /admin/mail/send and /admin/mail/reply. The routes
 * validate with these schemas and the web app imports their types (types only), so both sides agree.
 */
import { z } from "zod";
import { oneLine } from "../lib/text";

export const emailAddress = z.email();

/** The bare address of 'Name <addr>' or 'addr'. */
export function bareAddress(formatted: string): string {
  const m = formatted.match(/<([^<>]+)>\s*$/);
  return (m ? m[1] : formatted).trim();
}

/** 'a@x, b@y' or ['a@x', ' '] -> ['a@x', 'b@y']: comma-separated, trimmed, blanks removed. */
const recipients = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v, ctx) => {
    const list = (Array.isArray(v) ? v : (v ?? "").split(","))
      .flatMap((s) => s.split(","))
      .map((s) => s.trim())
      .filter(Boolean);
    for (const addr of list) {
      if (!emailAddress.safeParse(bareAddress(addr)).success) {
        ctx.addIssue({ code: "custom", message: `Invalid email address: ${addr}` });
        return z.NEVER;
      }
    }
    return list;
  });

const body = z.string().max(200_000).optional().transform((s) => (s?.trim() ? s : undefined));

const composeFields = {
  from: z.string().trim().max(320).refine(...oneLine("from")).optional(),
  to: recipients,
  cc: recipients,
  bcc: recipients,
  text: body,
  html: body,
};

export const sendMailBody = z.object({ ...composeFields, subject: z.string().max(998).refine(...oneLine("subject")).optional().default("") });
export const replyMailBody = z.object({
  ...composeFields,
  key: z.string().optional(),
  includeQuoted: z.boolean().optional().default(true),
});

/** What the web app may send. */
export type SendMailBody = z.input<typeof sendMailBody>;
export type ReplyMailBody = z.input<typeof replyMailBody>;
