import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { deletedLabels, labels } from "../../worker/db/schema";
import { refreshLabelTracking } from "../../worker/tracking/tracking";
import { sendBuyerMail } from "../../worker/buyer-mail/send";
import { runWebhookDelivery } from "../../worker/webhooks/delivery";
import type { JobMessage } from "../../worker/lib/jobs";
import { purgeDueLabels } from "../../worker/privacy/label-deletion";
import { saveImportedLabels } from "../../worker/labels/save";
import { call, callWithEnv, type TestUser } from "./helpers";
import { balanceAndLedger, fakeJobs, fullLabel, labelNeedles, sender, senderDb, traces } from "./privacy-fixtures";
import { trackingEnv } from "../fixtures/carriers/carrier-fetch";

// Deleting a label (issue 32): it leaves everything at once, waits 30 days in Recently deleted from where it comes
// back whole, then the purge leaves nothing of it in any table of any database or in R2. This file also runs in the
// worker-databases project, where the sender's data is in DB_2.

afterEach(() => vi.restoreAllMocks());

const json = async <T = Record<string, unknown>>(res: Response) => (await res.json()) as T;
const get = async (user: TestUser, path: string) => {
  const res = await call(path, { token: user.token });
  expect(res.status, path).toBe(200);
  return res;
};
const total = async (user: TestUser, query = "") => (await json<{ total: number }>(await get(user, `/api/v1/labels${query}`))).total;
const rows = async (user: TestUser) =>
  (await json<{ totals: { rows: number } }>(await get(user, "/api/v1/labels/analytics/summary"))).totals.rows;

/** The label as its owner reads it, without what a restore must change (the page's address). */
const asRead = async (user: TestUser, id: string) => {
  const { trackingPageUrl, ...rest } = await json<{ trackingPageUrl: string | null }>(await get(user, `/api/v1/label/${id}`));
  return { label: rest, pageUrl: trackingPageUrl };
};

/** A page answer without what differs between two requests anyway. */
async function pageAnswer(path: string) {
  const res = await call(path);
  const headers = Object.fromEntries([...res.headers].filter(([k]) => !["date", "x-request-id", "cf-ray"].includes(k)));
  return { status: res.status, headers, body: await res.text() };
}

async function deleteOne(user: TestUser, id: string, jobs = fakeJobs()) {
  const res = await callWithEnv({ JOBS: jobs.JOBS }, `/api/v1/label/${id}`, { method: "DELETE", token: user.token });
  expect(res.status).toBe(200);
  return json<{ deleted: number; restorableUntil: string }>(res);
}

describe("deleting a label", () => {
  it("takes it out of the list, search, analytics, Needs action, the CSV export and prints at once; its page answers the unknown token's 404", async () => {
    const user = await sender();
    const kept = await fullLabel(user);
    const gone = await fullLabel(user, { potentiallyLost: true });
    expect(await total(user)).toBe(2);
    expect(await total(user, `?q=${encodeURIComponent(gone.name)}`)).toBe(1);
    expect(await rows(user)).toBe(2);
    const needsAction = async () => (await json<{ results: { id: string }[] }>(await get(user, "/api/v1/labels/needs-action"))).results.map((l) => l.id);
    expect(await needsAction()).toContain(gone.id);
    expect((await pageAnswer(`/t/${gone.pageToken}`)).status).toBe(200);
    const before = await balanceAndLedger(senderDb(), user.id);

    const answer = await deleteOne(user, gone.id);
    expect(answer.deleted).toBe(1);
    expect(Date.parse(answer.restorableUntil) - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);

    expect(await total(user)).toBe(1);
    expect(await total(user, `?q=${encodeURIComponent(gone.name)}`)).toBe(0);
    expect(await total(user, "?lost=1")).toBe(0);
    expect(await rows(user)).toBe(1);
    expect(await needsAction()).not.toContain(gone.id);
    expect((await call(`/api/v1/label/${gone.id}`, { token: user.token })).status).toBe(404);
    const csv = await (await get(user, "/api/v1/labels/export.csv")).text();
    expect(csv).toContain(kept.code);
    expect(csv).not.toContain(gone.code);
    expect((await call("/api/v1/labels/print", { method: "POST", token: user.token, json: { ids: [gone.id] } })).status).toBe(404);
    // The buyer's page: the same answer as a token that never existed.
    const unknown = `${"A".repeat(23)}B`;
    expect(await pageAnswer(`/t/${gone.pageToken}`)).toEqual({ ...(await pageAnswer(`/t/${unknown}`)) });
    // Credits are not refunded: the balance stays, and the ledger still explains it.
    expect(await balanceAndLedger(senderDb(), user.id)).toEqual(before);
  });

  it("stops its pending buyer mails, tracking refreshes and webhook retries, and sends label.deleted with what it was", async () => {
    const user = await sender();
    const label = await fullLabel(user);
    const hook = await call("/api/v1/webhooks", { method: "POST", token: user.token, json: { url: "http://127.0.0.1:9/hook", events: ["label.created", "label.deleted"] } });
    expect(hook.status).toBe(201);
    const { endpoint } = await json<{ endpoint: { id: string } }>(hook);
    const jobs = fakeJobs();
    await deleteOne(user, label.id, jobs);
    const deliveries = jobs.sent.filter((j): j is Extract<JobMessage, { type: "webhook.deliver" }> => j.type === "webhook.deliver");
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0].event).toMatchObject({ type: "label.deleted", labelId: label.id, label: { id: label.id, trackingCode: label.code, courier: "evri", deleted: true } });

    const posted: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (_url, init) => {
      posted.push(String(init?.body));
      return new Response("ok");
    });
    // A label.created retry still queued for it gives up without posting; label.deleted is sent with its snapshot.
    const retry = { type: "webhook.deliver" as const, endpointId: endpoint.id, event: { id: "evt_old", type: "label.created", created: 1, labelId: label.id } };
    expect(await runWebhookDelivery(env, senderDb(), retry, 2)).toBe("gave-up");
    expect(await runWebhookDelivery(env, senderDb(), deliveries[0], 1)).toBe("delivered");
    expect(posted).toHaveLength(1);
    expect(JSON.parse(posted[0])).toMatchObject({ type: "label.deleted", data: { label: { id: label.id, trackingCode: label.code, deleted: true } } });
    expect(posted[0]).not.toContain(label.name);

    expect(await sendBuyerMail(env, senderDb(), label.id, "delivered")).toBe("missing");
    expect(await refreshLabelTracking(trackingEnv(env), senderDb(), label.id, { force: true })).toEqual({ kind: "missing" });
  });

  it("deletes nothing when one of the labels named is another user's or unknown", async () => {
    const user = await sender();
    const other = await sender();
    const mine = await fullLabel(user);
    const theirs = await fullLabel(other);
    for (const ids of [[mine.id, theirs.id], [mine.code, "H01AB00000000000X"]]) {
      const res = await call("/api/v1/labels/delete", { method: "POST", token: user.token, json: { ids } });
      expect(res.status).toBe(404);
    }
    expect((await call(`/api/v1/label/${theirs.id}`, { method: "DELETE", token: user.token })).status).toBe(404);
    expect(await total(user)).toBe(1);
    expect(await total(other)).toBe(1);
  });

  it("deletes a selection by tracking code and everything matching the list's filters", async () => {
    const user = await sender();
    const a = await fullLabel(user);
    const b = await fullLabel(user);
    const c = await fullLabel(user);
    const byCode = await callWithEnv({ JOBS: fakeJobs().JOBS }, "/api/v1/labels/delete", { method: "POST", token: user.token, json: { trackingCodes: [a.code.toLowerCase()] } });
    expect(await json(byCode)).toMatchObject({ deleted: 1, job: null });
    const byFilter = await callWithEnv({ JOBS: fakeJobs().JOBS }, "/api/v1/labels/delete", { method: "POST", token: user.token, json: { filters: { q: b.name } } });
    expect(await json(byFilter)).toMatchObject({ deleted: 1, job: null });
    expect((await json<{ results: { id: string }[] }>(await get(user, "/api/v1/labels"))).results.map((l) => l.id)).toEqual([c.id]);
    const deleted = await json<{ results: { id: string; trackingCode: string; recipient: { name: string } }[]; total: number }>(await get(user, "/api/v1/labels/deleted"));
    expect(deleted.total).toBe(2);
    expect(deleted.results.map((l) => l.recipient.name).sort()).toEqual([a.name, b.name].sort());
  });
});

describe("restoring a deleted label", () => {
  it("brings back every field, tag, file, alert and buyer mail, and the buyer page under a new address", async () => {
    const user = await sender();
    const label = await fullLabel(user);
    const before = await asRead(user, label.id);
    const mailsBefore = await (await get(user, `/api/v1/label/${label.id}/buyer-mails`)).json();
    const analyticsBefore = await rows(user);
    await deleteOne(user, label.id);
    expect(await rows(user)).toBe(analyticsBefore - 1);

    const res = await callWithEnv({ JOBS: fakeJobs().JOBS }, "/api/v1/labels/deleted/restore", { method: "POST", token: user.token, json: { ids: [label.code] } });
    expect(await json(res)).toEqual({ restored: 1, notRestored: [], job: null });
    const after = await asRead(user, label.id);
    expect(after.label).toEqual(before.label);
    expect(after.pageUrl).not.toBe(before.pageUrl);
    expect(await (await get(user, `/api/v1/label/${label.id}/buyer-mails`)).json()).toEqual(mailsBefore);
    expect(await rows(user)).toBe(analyticsBefore);
    expect(await total(user, `?q=${encodeURIComponent(label.name)}`)).toBe(1);
    expect(await total(user, "?tags=ebay")).toBe(1);
    const download = await get(user, `/api/v1/label/${label.id}/download`);
    expect(await download.text()).toContain(label.name);
    // The new address answers the page; the old one stays dead.
    expect((await pageAnswer(new URL(after.pageUrl!).pathname)).status).toBe(200);
    expect((await pageAnswer(`/t/${label.pageToken}`)).status).toBe(404);
    expect(await senderDb().select().from(deletedLabels).where(eq(deletedLabels.labelId, label.id))).toEqual([]);
  });

  it("leaves a label whose tracking code is in use again in Recently deleted, and says so", async () => {
    const user = await sender();
    const old = await fullLabel(user);
    await deleteOne(user, old.id);
    const again = await fullLabel(user, { code: old.code });
    const res = await callWithEnv({ JOBS: fakeJobs().JOBS }, "/api/v1/labels/deleted/restore", { method: "POST", token: user.token, json: { all: true } });
    expect(await json(res)).toEqual({ restored: 0, notRestored: [{ id: old.id, trackingCode: old.code, reason: "tracking_code_in_use" }], job: null });
    expect((await json<{ id: string }>(await get(user, `/api/v1/label/${old.code}`))).id).toBe(again.id);
    expect((await json<{ total: number }>(await get(user, "/api/v1/labels/deleted"))).total).toBe(1);
  });

  it("keeps a deleted label's original while a re-upload moves its sheet's other label to a newer file", async () => {
    const user = await sender();
    const first = await fullLabel(user);
    const second = await fullLabel(user, { file: { id: first.fileId, r2Key: first.r2Key } });
    await deleteOne(user, first.id);
    // The other label of the sheet is imported again from a new file: the old file is still the deleted label's.
    const newer = { id: "file_newer", r2Key: `labels/${user.id}/file_newer`, name: "again.pdf", mime: "application/pdf", size: 10, pages: 1 };
    await env.FILES.put(newer.r2Key, "again");
    await saveImportedLabels(senderDb(), fakeJobs(), { userId: user.id, file: newer, labels: [{ page: 1, ocrPending: false, details: { courier: "evri", trackingCode: second.code, countryCode: "GB" } }] });
    expect(await env.FILES.head(first.r2Key)).not.toBeNull();
    await callWithEnv({ JOBS: fakeJobs().JOBS }, "/api/v1/labels/deleted/restore", { method: "POST", token: user.token, json: { ids: [first.id] } });
    expect(await (await get(user, `/api/v1/label/${first.id}/download`)).text()).toContain(first.name);
  });
});

describe("purging deleted labels", () => {
  const purgeDue = async (now: number) => purgeDueLabels({ FILES: env.FILES, JOBS: fakeJobs().JOBS }, senderDb(), now);

  it("leaves nothing of the label in any table of any database or in R2 once its 30 days are over", async () => {
    const user = await sender();
    const label = await fullLabel(user);
    const neighbour = await fullLabel(user);
    const before = await balanceAndLedger(senderDb(), user.id);
    await deleteOne(user, label.id);
    // Within its 30 days the purge leaves it be.
    await purgeDue(Date.now() + 29 * 24 * 3600_000);
    expect(await traces([label.name])).not.toEqual([]);

    await purgeDue(Date.now() + 31 * 24 * 3600_000);
    expect(await traces(labelNeedles(label))).toEqual([]);
    // The neighbour is whole, the ledger still adds up to the balance (the debit stays: credits are not refunded).
    expect((await traces([neighbour.name])).length).toBeGreaterThan(0);
    expect((await json<{ id: string }>(await get(user, `/api/v1/label/${neighbour.id}`))).id).toBe(neighbour.id);
    expect(await balanceAndLedger(senderDb(), user.id)).toEqual(before);
    const restore = await call("/api/v1/labels/deleted/restore", { method: "POST", token: user.token, json: { ids: [label.id] } });
    expect(restore.status).toBe(404);
  });

  it("keeps an original another label still uses, and removes it with the last one", async () => {
    const user = await sender();
    const first = await fullLabel(user);
    const second = await fullLabel(user, { file: { id: first.fileId, r2Key: first.r2Key } });
    await deleteOne(user, first.id);
    const now = Date.now() + 31 * 24 * 3600_000;
    await purgeDue(now);
    expect(await env.FILES.head(first.r2Key)).not.toBeNull();
    expect((await get(user, `/api/v1/label/${second.id}/download`)).status).toBe(200);
    await deleteOne(user, second.id);
    const res = await call("/api/v1/labels/deleted/purge", { method: "POST", token: user.token, json: { ids: [second.id] } });
    expect(await json(res)).toEqual({ purged: 1, job: null });
    expect(await env.FILES.head(first.r2Key)).toBeNull();
    expect(await traces([first.fileId, second.id, second.code])).toEqual([]);
    expect(await senderDb().select().from(labels).where(eq(labels.userId, user.id))).toEqual([]);
  });
});
