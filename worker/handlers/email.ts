import { userDatabase } from "../db/databases";
import { primarySessions } from "../db/sessions";
import { log } from "../lib/log";
import { accountOfImportToken, importTokenOf } from "../label-mail/address";
import { MAX_INBOUND_BYTES, storeInbound } from "../mail/mailbox";

const TOO_LARGE = `Message too large (limit ${MAX_INBOUND_BYTES / 1024 / 1024} MB)`;

/** Reads the message stream once, stopping as soon as it passes `limit` bytes. */
async function readAtMost(stream: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array | null> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}

/**
 * Inbound mail (Email Workers). Mail to a user's import address (labels+<token>@IMPORT_MAIL_DOMAIN) is read
 * for label files and not kept; ADMIN_MAILBOX receives the rest; anything else (an unknown or replaced
 * import token included), and anything over 25 MB, is rejected with a reason the sender sees. Mailbox mail
 * is stored whole (raw EML), even when it cannot be parsed; a storage failure throws so the sending server
 * retries later.
 */
export async function handleEmail(message: ForwardableEmailMessage, env: Env): Promise<void> {
  const importToken = importTokenOf(env, message.to);
  if (importToken !== null) return receiveLabelMail(message, env, importToken);
  const mailbox = env.ADMIN_MAILBOX.trim().toLowerCase();
  if (!mailbox || message.to.trim().toLowerCase() !== mailbox) {
    message.setReject("Unknown recipient");
    return;
  }
  if (message.rawSize > MAX_INBOUND_BYTES) {
    message.setReject(TOO_LARGE);
    return;
  }
  const raw = await readAtMost(message.raw, MAX_INBOUND_BYTES);
  if (!raw) {
    message.setReject(TOO_LARGE);
    return;
  }
  const { key, parseStatus } = await storeInbound(env, primarySessions(env).db(), raw, {
    from: message.from,
    to: message.to,
    headers: message.headers,
  });
  log("info", "inbound mail stored", { key, size: raw.byteLength, parseStatus });
}

/** Mail to an import address: refused unless its token is a user's current one; nothing of it is stored. */
async function receiveLabelMail(message: ForwardableEmailMessage, env: Env, token: string): Promise<void> {
  // Sessions started at the primary: the token is checked against the latest addresses (one replaced a moment
  // ago is refused) in the directory, and the labels the mail brings are saved in the owner's database.
  const sessions = primarySessions(env);
  const directory = sessions.db();
  const account = await accountOfImportToken(directory, token);
  if (!account) {
    message.setReject("Unknown recipient");
    return;
  }
  const raw = message.rawSize > MAX_INBOUND_BYTES ? null : await readAtMost(message.raw, MAX_INBOUND_BYTES);
  if (!raw) {
    message.setReject(TOO_LARGE);
    return;
  }
  // The label readers and the MIME parser load with the first mail that needs them.
  const { importLabelMail } = await import("../label-mail/inbound");
  const db = sessions.db(await userDatabase(env, directory, account.id));
  await importLabelMail(env, db, account, raw, message.headers);
}
