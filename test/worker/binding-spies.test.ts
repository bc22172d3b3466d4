import { env } from "cloudflare:workers";
import { expect, it, vi } from "vitest";
import { sendMail } from "../../worker/lib/mailer";

const mail = { to: "buyer@example.com", subject: "Your parcel", text: "On its way." };

// test/worker/setup.ts' pinRpcMethod: without it, the spy at the end gets no call (vitest's restore deleted the first
// spy, and the app's call site, having run since with no spy, keeps asking the RPC stub).
it("a spy on env.EMAIL.send sees the app's mail after earlier spies were restored and mail went out unspied", async () => {
  const first = vi.spyOn(env.EMAIL, "send");
  await sendMail(env, mail);
  expect(first).toHaveBeenCalledTimes(1);
  first.mockRestore();
  for (let i = 0; i < 25; i++) await sendMail(env, mail);

  const later = vi.spyOn(env.EMAIL, "send");
  await sendMail(env, mail);
  expect(later).toHaveBeenCalledTimes(1);
});
