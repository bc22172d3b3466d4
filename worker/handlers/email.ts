import { getDb } from "../db/client";
import { log } from "../lib/log";
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
 * Inbound mail (Email Workers). Only ADMIN_MAILBOX receives mail; anything else, and anything over
 * 25 MB, is rejected with a reason the sender sees. Accepted mail is stored whole (raw EML), even
 * when it cannot be parsed; a storage failure throws so the sending server retries later.
 */
export async function handleEmail(message: ForwardableEmailMessage, env: Env): Promise<void> {
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
  const { key, parseStatus } = await storeInbound(env, getDb(env.DB), raw, {
    from: message.from,
    to: message.to,
    headers: message.headers,
  });
  log("info", "inbound mail stored", { key, size: raw.byteLength, parseStatus });
}
