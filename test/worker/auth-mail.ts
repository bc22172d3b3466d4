// Captures the product's outgoing mail in auth tests: a spy on the send_email binding (the network
// edge), which still lets miniflare deliver the message.
import { env } from "cloudflare:workers";
import { vi } from "vitest";

export interface SentMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html?: string;
}

export function captureMail() {
  const spy = vi.spyOn(env.EMAIL, "send");
  const sent = () => spy.mock.calls.map(([m]) => m as unknown as SentMail);
  return {
    sent,
    to: (address: string) => sent().filter((m) => m.to.includes(address)),
    /** Waits for the n-th message to `address` (work after the answer runs in waitUntil; on a loaded machine it can take seconds). */
    async waitFor(address: string, n = 1): Promise<SentMail> {
      await vi.waitFor(() => {
        if (sent().filter((m) => m.to.includes(address)).length < n) throw new Error(`no mail #${n} to ${address} yet`);
      }, { timeout: 30_000, interval: 10 });
      return sent().filter((m) => m.to.includes(address))[n - 1];
    },
    restore: () => spy.mockRestore(),
  };
}

/** The token in a mail's link to `path` (/verify-email or /reset-password). */
export function tokenFrom(mail: SentMail, path: string): string {
  const m = mail.text.match(new RegExp(`http://localhost:5173${path}\\?token=([A-Za-z0-9_-]+)`));
  if (!m) throw new Error(`no ${path} link in: ${mail.text}`);
  return m[1];
}
