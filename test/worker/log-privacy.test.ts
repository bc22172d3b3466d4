import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import { sendBuyerMail } from "../../worker/buyer-mail/send";
import { getDb } from "../../worker/db/client";
import { handleEmail } from "../../worker/handlers/email";
import type { ApiLabel } from "../../shared/label";
import type { JobMessage } from "../../worker/lib/jobs";
import { log } from "../../worker/lib/log";
import { runWebhookDelivery } from "../../worker/webhooks/delivery";
import { inboundMessage, plainText } from "../fixtures/mail/messages";
import { fixture } from "./import-fixtures";

// Logs never carry names, addresses or e-mails (issue 32, item 4): the main flows are driven with people of the
// test's own (the account, a label's recipient and sender, a buyer, someone mailing the mailbox) and every line the
// worker logs is searched for them.

afterEach(() => vi.restoreAllMocks());

function captureLogs() {
  const lines: string[] = [];
  for (const level of ["log", "warn", "error", "info"] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" ")));
  }
  return lines;
}

/** A JOBS binding that keeps what is queued. */
function keptJobs() {
  const sent: JobMessage[] = [];
  return { sent, JOBS: { send: async (b: JobMessage) => void sent.push(b), sendBatch: async (ms: { body: JobMessage }[]) => void sent.push(...ms.map((m) => m.body)) } as unknown as Queue };
}

async function fetchApp(e: Env, path: string, init: RequestInit & { token?: string; json?: unknown } = {}) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
  if (init.json !== undefined) headers.set("Content-Type", "application/json");
  const ctx = createExecutionContext();
  const body = init.json !== undefined ? JSON.stringify(init.json) : init.body;
  const res = await worker.fetch(new Request(`http://localhost${path}`, { method: init.method, headers, body }), e, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

describe("the logs", () => {
  it("carry no name, address or e-mail of anyone through sign-up, upload, buyer mail, webhook and mail in", async () => {
    const lines = captureLogs();
    const jobs = keptJobs();
    const e = { ...env, JOBS: jobs.JOBS } as Env;
    const email = `olivia.pemberton-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const buyer = "harriet.quill@example.org";
    const people = [email, buyer, "Jane Smith", "Acacia Avenue", "M1 1AE", "ACME Widgets", "LS11 5TD", "Alice Sender", "alice@example.com", "Oswin Marchetti", "oswin@example.net"];

    // Sign-up (its verification link is logged outside production), login.
    expect((await fetchApp(e, "/api/v1/signup", { method: "POST", json: { email, password: "a long password", marketing_consent: false } })).status).toBe(201);
    const { access_token: token } = (await (await fetchApp(e, "/api/v1/login", { method: "POST", json: { email, password: "a long password" } })).json()) as { access_token: string };
    const db = getDb(env.DB);
    const { grantCredits } = await import("../../worker/credits/credits");
    const me = (await (await fetchApp(e, "/api/v1/user", { token })).json()) as { id: number };
    await grantCredits(db, { userId: me.id, delta: 5, reason: "admin_grant", reference: "test" });

    // A webhook endpoint, then an upload of a label with a recipient, a sender and their addresses.
    const hook = await fetchApp(e, "/api/v1/webhooks", { method: "POST", token, json: { url: "http://127.0.0.1:9/hooks", events: ["label.created"] } });
    expect(hook.status).toBe(201);
    const form = new FormData();
    form.append("files", new File([fixture("evri.pdf")], "Jane Smith - Acacia Avenue.pdf", { type: "application/pdf" }));
    const uploaded = (await (await fetchApp(e, "/api/v1/label", { method: "POST", body: form, token })).json()) as ApiLabel[];
    expect(uploaded[0].data[0].address?.name).toBe("Jane Smith");

    // The webhook's delivery (its receiver refuses it, which is logged), and a buyer's mail.
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("no", { status: 500 }));
    const deliver = jobs.sent.find((j): j is Extract<JobMessage, { type: "webhook.deliver" }> => j.type === "webhook.deliver")!;
    await runWebhookDelivery(e, db, deliver, 6).catch(() => {});
    const details = await fetchApp(e, `/api/v1/label/${uploaded[0].id}/details`, { method: "PATCH", token, json: { buyerEmail: buyer } });
    expect(details.status).toBe(200);
    expect(await sendBuyerMail(e, db, uploaded[0].id, "link")).toBe("sent");

    // Mail in: to the admin mailbox, and to the user's import address from someone else.
    const { message } = inboundMessage(plainText({ from: "Alice Sender <alice@example.com>", subject: "Where is Jane Smith's parcel?", body: "It was for 14 Acacia Avenue, M1 1AE." }), { from: "alice@example.com" });
    await handleEmail(message, e);
    const address = ((await (await fetchApp(e, "/api/v1/user/import-address", { token })).json()) as { address: string }).address;
    const toImport = inboundMessage(plainText({ from: "Oswin Marchetti <oswin@example.net>", subject: "labels" }), { from: "oswin@example.net", to: address });
    await handleEmail(toImport.message, e);

    expect(lines.length).toBeGreaterThan(8);
    expect(lines.some((l) => l.includes('"verification link"'))).toBe(true);
    const leaks = lines.filter((l) => people.some((p) => l.toLowerCase().includes(p.toLowerCase())));
    expect(leaks, "log lines naming a person").toEqual([]);
  }, 120_000);

  it("cleans what a field carries unknowingly: an error's e-mail addresses, a failed query's values", () => {
    const lines = captureLogs();
    const queryError = 'Failed query: insert into "labels" ("buyer_email", "details_json") values (?, ?)\nparams: jane@example.com,{"address":{"name":"Jane Smith"}}';
    log("error", "unhandled", { error: queryError, nested: { to: ["Sam <sam@example.org>"] } });
    const [line] = lines;
    expect(line).not.toMatch(/jane@example\.com|Jane Smith|sam@example\.org/);
    expect(JSON.parse(line)).toMatchObject({ error: 'Failed query: insert into "labels" ("buyer_email", "details_json") values (?, ?)\nparams: [not logged]', nested: { to: ["Sam <[email]>"] } });
  });
});
