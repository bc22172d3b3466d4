import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { ApiError } from "../lib/errors";
import { log } from "../lib/log";
import { sendMail } from "../lib/mailer";
import { importLabelUpload } from "../label-import/import-file";
import { sniff } from "../images/sniff";
import { importReply, REPLY_MARKER, REPLY_TEXT, type AttachmentOutcome } from "./reply";

/**
 * Mail to a user's import address: each attachment that is a PDF, PNG, JPEG or WEBP goes through the same
 * import as an upload (same limits, 1 credit per new tracking code, a refused file charges nothing), at
 * most MAX_LABEL_ATTACHMENTS of them per mail. Nothing else of the mail is kept: no body, no mailbox
 * row, no raw message. The outcome goes back in a reply to the account's email on record.
 */

export const MAX_LABEL_ATTACHMENTS = 10;

interface Account {
  id: number;
  email: string;
}

/** Auto-replies (ours or anyone's) are not answered: two automatic senders must not mail each other for ever. */
function isAutomaticReply(headers: Headers | undefined): boolean {
  if (headers?.get(REPLY_MARKER)) return true;
  return /^\s*auto-replied\b/i.test(headers?.get("auto-submitted") ?? "");
}

async function parseAttachments(raw: Uint8Array) {
  const { default: PostalMime } = await import("postal-mime");
  try {
    const parsed = await PostalMime.parse(raw, { maxNestingDepth: 50, attachmentEncoding: "arraybuffer" });
    return { subject: parsed.subject ?? "", attachments: parsed.attachments, headers: parsed.headers };
  } catch (err) {
    log("warn", "label mail could not be parsed", { error: String((err as Error)?.message ?? err).slice(0, 200) });
    return { subject: "", attachments: [], headers: [] };
  }
}

async function importAttachment(db: Db, env: Env, account: Account, name: string, bytes: Uint8Array): Promise<AttachmentOutcome> {
  try {
    const saved = await importLabelUpload(db, env, { userId: account.id, bytes, name, logContext: { via: "mail" } });
    return {
      name,
      imported: saved.map((l) => ({ trackingCode: l.trackingCode, courier: l.courier, isNew: l.created })),
    };
  } catch (err) {
    if (err instanceof ApiError && err.status < 500) return { name, reason: err.message };
    log("error", "label mail attachment not saved", { userId: account.id, error: String(err) });
    return { name, reason: REPLY_TEXT.notSaved };
  }
}

export async function importLabelMail(env: Env, db: Db, account: Account, raw: Uint8Array, headers?: Headers): Promise<AttachmentOutcome[]> {
  const mail = await parseAttachments(raw);
  const outcomes: AttachmentOutcome[] = [];
  let files = 0;
  for (const [i, a] of mail.attachments.entries()) {
    const name = (a.filename || `attachment-${i + 1}`).slice(0, 200);
    const bytes = typeof a.content === "string" ? new TextEncoder().encode(a.content) : new Uint8Array(a.content);
    if (!sniff(bytes)) {
      outcomes.push({ name, reason: REPLY_TEXT.notAFileType });
      continue;
    }
    if (++files > MAX_LABEL_ATTACHMENTS) {
      outcomes.push({ name, reason: REPLY_TEXT.tooMany(MAX_LABEL_ATTACHMENTS) });
      continue;
    }
    outcomes.push(await importAttachment(db, env, account, name, bytes));
  }

  const automatic = isAutomaticReply(headers) || mail.headers.some((h) => h.key === REPLY_MARKER.toLowerCase());
  log("info", "label mail read", { userId: account.id, attachments: mail.attachments.length, files, replied: !automatic });
  if (automatic) return outcomes;

  try {
    const [row] = await db.select({ credits: users.credits }).from(users).where(eq(users.id, account.id));
    await sendMail(
      env,
      importReply({
        to: account.email,
        subject: mail.subject,
        outcomes,
        creditsLeft: row?.credits ?? null,
        appUrl: env.APP_URL,
        maxAttachments: MAX_LABEL_ATTACHMENTS,
      }),
    );
  } catch (err) {
    // The labels are saved; a lost reply must not make the sending server deliver (and import) the mail again.
    log("error", "label mail reply not sent", { userId: account.id, error: String(err) });
  }
  return outcomes;
}
