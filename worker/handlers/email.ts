import { log } from "../lib/log";

/** Inbound mail for the admin mailbox (Email Workers). */
export async function handleEmail(message: ForwardableEmailMessage, env: Env): Promise<void> {
  if (message.to.toLowerCase() !== env.ADMIN_MAILBOX.toLowerCase()) {
    message.setReject("Unknown recipient");
    return;
  }
  log("warn", "inbound mail not stored yet", { to: message.to });
}
