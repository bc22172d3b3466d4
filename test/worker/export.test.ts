import { env } from "cloudflare:workers";
import { createExecutionContext, createMessageBatch, createScheduledController, getQueueResult } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { handleScheduled } from "../../worker/handlers/scheduled";
import { creditLedger, dataExports, labelFiles, users } from "../../worker/db/schema";
import { parseCsv } from "../../worker/labels/csv";
import type { JobMessage } from "../../worker/lib/jobs";
import { sha256Hex } from "../../worker/lib/crypto";
import { runExportSlice } from "../../worker/privacy/export-build";
import { runExportJob } from "../../worker/privacy/export-job";
import { LABEL_CSV_COLUMNS } from "../../worker/privacy/export-labels";
import type { ApiDataExport } from "../../worker/privacy/export-model";
import { PART_BYTES } from "../../worker/privacy/export-archive";
import { captureMail } from "./auth-mail";
import { call, createUser, db } from "./helpers";
import { seedAccount } from "./export-fixtures";
import { readZip, text } from "./zip-reader";

// 'Download my data' (issue 32, item 3): the archive holds every label, field and file of the account (checksums
// compared), never a secret, is built a slice at a time (resumed inside a file), and is offered by a signed link.

/** A JOBS binding that keeps what is queued, for the test to deliver. */
function jobsKept() {
  const sent: JobMessage[] = [];
  const JOBS = {
    send: async (b: JobMessage) => void sent.push(b),
    sendBatch: async (ms: Iterable<{ body: JobMessage }>) => void sent.push(...[...ms].map((m) => m.body)),
  } as unknown as Queue;
  return { sent, JOBS };
}

async function askForExport(token: string, JOBS: Queue): Promise<ApiDataExport> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request("http://localhost/api/v1/user/export", { method: "POST", headers: { Authorization: `Bearer ${token}` } }), { ...env, JOBS }, ctx);
  expect(res.status).toBe(202);
  return ((await res.json()) as { export: ApiDataExport }).export;
}

async function current(token: string): Promise<ApiDataExport | null> {
  const res = await call("/api/v1/user/export", { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { export: ApiDataExport | null }).export;
}

const download = async (url: string, headers: HeadersInit = {}) => call(new URL(url).pathname + new URL(url).search, { headers });
const sha = async (bytes: Uint8Array | ArrayBuffer) => sha256Hex(bytes);

describe("download my data", () => {
  it("round-trips every label, field and file of an account through slices resumed inside files", async () => {
    // A file larger than one archive part, and a tiny budget: the build stops and resumes many times, inside files too.
    const seeded = await seedAccount({ sizes: [200_000, PART_BYTES + 300_000, 1, 70_000, 3_000_000], manual: 9 });
    const { user } = seeded;
    // One label deleted: it is in Recently deleted for 30 days, so in the copy too, apart.
    const deletedId = seeded.labelIds.at(-1)!;
    const beforeDeletion = (await (await call(`/api/v1/label/${deletedId}`, { token: user.token })).json()) as Record<string, unknown>;
    expect((await call(`/api/v1/label/${deletedId}`, { method: "DELETE", token: user.token })).status).toBe(200);
    seeded.labelIds.pop();
    const deletedData = (beforeDeletion.data as { tracking?: { results: { trackingEvents: unknown[] }[] } | null }[])[0];
    seeded.events -= (deletedData.tracking?.results ?? []).reduce((n, r) => n + r.trackingEvents.length, 0);
    const jobs = jobsKept();
    const asked = await askForExport(user.token, jobs.JOBS);
    expect(asked).toMatchObject({ status: "building", downloadUrl: null, progress: { labelsTotal: seeded.labelIds.length, filesTotal: 5 } });
    expect(jobs.sent).toEqual([{ type: "export.build", exportId: asked.id }]);

    let slices = 0;
    let resumedInsideFile = false;
    for (;;) {
      slices++;
      const result = await runExportSlice(env, db(), asked.id, { ms: 60_000, calls: 3 });
      const row = (await db().query.dataExports.findFirst({ where: eq(dataExports.id, asked.id) }))!;
      if (row.stateJson && (JSON.parse(row.stateJson) as { cursor?: { partial?: unknown } }).cursor?.partial) resumedInsideFile = true;
      if (result === "done") break;
      expect(result).toBe("more");
      expect(slices).toBeLessThan(500);
    }
    expect(slices).toBeGreaterThan(5);
    expect(resumedInsideFile).toBe(true);
    // Nothing of the build is left beside the archive.
    const left = (await env.FILES.list({ prefix: `exports/${user.id}/` })).objects.map((o) => o.key);
    expect(left).toEqual([`exports/${user.id}/${asked.id}/parcelhive-data.zip`]);

    const ready = (await current(user.token))!;
    expect(ready).toMatchObject({ status: "ready", progress: { step: "ready", labels: seeded.labelIds.length, files: 5 } });
    const res = await download(ready.downloadUrl!);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/zip");
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="parcelhive-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const archive = new Uint8Array(await res.arrayBuffer());
    expect(archive.length).toBe(ready.size);
    const entries = readZip(archive);
    const byName = new Map(entries.map((e) => [e.name, e]));

    // Every original, byte for byte (SHA-256 of R2's object and of the archive's entry).
    const files = await db().select().from(labelFiles).where(eq(labelFiles.userId, user.id));
    expect(files).toHaveLength(5);
    for (const f of files) {
      const entry = byName.get(`originals/${f.id}-${f.name}`);
      expect(entry, f.name).toBeDefined();
      expect(await sha(entry!.bytes)).toBe(await sha(await (await env.FILES.get(f.r2Key))!.arrayBuffer()));
    }

    // Every label, every field, as GET /label/:id answers it (the buyer's e-mail whole).
    const lines = text(byName.get("labels.jsonl")).trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => l.id).sort()).toEqual([...seeded.labelIds].sort());
    for (const line of lines) {
      const api = (await (await call(`/api/v1/label/${line.id}`, { token: user.token })).json()) as Record<string, unknown>;
      const { deadlines: _a, ...exported } = line;
      const { deadlines: _b, ...answered } = api;
      expect(exported).toMatchObject(answered);
      if (line.original) expect(byName.has((line.original as { path: string }).path)).toBe(true);
    }
    expect(lines.some((l) => (l.buyerMails as unknown[]).length === 1 && (l.alerts as unknown[]).length === 1)).toBe(true);
    const deleted = text(byName.get("recently-deleted.jsonl")).trim().split("\n").map((l) => JSON.parse(l) as { deletedAt: string; restorableUntil: string; label: Record<string, unknown> });
    expect(deleted).toHaveLength(1);
    const { deadlines: _c, trackingPageUrl: _d, downloadUrl: _e, updatedAt: _f, ...kept } = beforeDeletion;
    expect(deleted[0].label).toMatchObject(kept);
    expect(Date.parse(deleted[0].restorableUntil) - Date.parse(deleted[0].deletedAt)).toBe(30 * 24 * 60 * 60_000);

    // The CSV: one row a label, every column, the same values (a formula-like note defused, quotes kept).
    const csv = parseCsv(text(byName.get("labels.csv")));
    expect(csv[0].cells).toEqual([...LABEL_CSV_COLUMNS]);
    const rows = csv.slice(1).map((r) => Object.fromEntries(r.cells.map((c, i) => [LABEL_CSV_COLUMNS[i], c])));
    expect(rows).toHaveLength(seeded.labelIds.length);
    for (const line of lines) {
      const row = rows.find((r) => r.id === line.id)!;
      const d = (line.data as Record<string, unknown>[])[0] as { address: { name: string; postcode: string } };
      expect(row).toMatchObject({ tracking_code: line.trackingCode, recipient_name: d.address.name, recipient_postcode: d.address.postcode, buyer_email: line.buyerEmail ?? "", tags: (line.tags as string[]).join(", ") });
      expect(row.notes.replace(/^'/, "")).toBe(line.notes);
    }
    expect(csv.slice(1).length).toBe(seeded.labelIds.length);
    expect(parseCsv(text(byName.get("tracking-events.csv"))).length - 1).toBe(seeded.events);

    // The ledger: every row, its running balance ending at the account's, each debit naming its label's code.
    const ledger = parseCsv(text(byName.get("credit-ledger.csv"))).slice(1).map((r) => r.cells);
    const stored = await db().select().from(creditLedger).where(eq(creditLedger.userId, user.id));
    expect(ledger).toHaveLength(stored.length);
    const balance = (await db().query.users.findFirst({ where: eq(users.id, user.id) }))!.credits;
    expect(Number(ledger.at(-1)![2])).toBe(balance);
    const codes = new Set([...lines.map((l) => l.trackingCode), beforeDeletion.trackingCode]);
    for (const r of ledger.filter((r) => r[3] === "label")) expect(codes.has(r[4])).toBe(true);

    // Settings, branding, webhooks; never a secret anywhere.
    const account = JSON.parse(text(byName.get("account.json")));
    expect(account).toMatchObject({ account: { email: user.email }, branding: { companyName: "Rose & Thorn Ltd", banner: "branding/banner.png" }, privacy: { buyerContactDays: 90 } });
    expect(await sha(byName.get("branding/banner.png")!.bytes)).toBe(await sha(await (await env.FILES.get(`banners/${user.id}/b1`))!.arrayBuffer()));
    expect(JSON.parse(text(byName.get("webhooks.json"))).endpoints[0]).toMatchObject({ url: "https://hooks.example.com/parcels", deliveries: [{ statusCode: 200 }] });
    const everything = new TextDecoder().decode(archive);
    for (const secret of seeded.secrets) expect(everything.includes(secret), "a secret in the archive").toBe(false);
    for (const e of entries.filter((e) => !e.name.startsWith("originals/") && !e.name.startsWith("branding/"))) {
      for (const secret of seeded.secrets) expect(text(e).includes(secret), `${e.name} holds a secret`).toBe(false);
    }
    expect(byName.has("README.txt")).toBe(true);
  }, 240_000);

  it("builds through the queue in one message, mails the link, and the link serves byte ranges", async () => {
    const seeded = await seedAccount({ sizes: [5000], manual: 2 });
    const { user } = seeded;
    const jobs = jobsKept();
    await askForExport(user.token, jobs.JOBS);
    const mail = captureMail();
    try {
      const batch = createMessageBatch<JobMessage>("parcelhive-jobs", jobs.sent.map((body, i) => ({ id: `m${i}`, timestamp: new Date(), attempts: 1, body })));
      const ctx = createExecutionContext();
      await worker.queue(batch, { ...env, JOBS: jobs.JOBS } as Env);
      expect((await getQueueResult(batch, ctx)).explicitAcks).toHaveLength(1);
      const ready = (await current(user.token))!;
      expect(ready.status).toBe("ready");
      const sent = await mail.waitFor(user.email);
      expect(sent.subject).toBe("Your Parcelhive data is ready to download");
      expect(sent.text).toContain(ready.downloadUrl);

      const whole = new Uint8Array(await (await download(ready.downloadUrl!)).arrayBuffer());
      const part = await download(ready.downloadUrl!, { Range: "bytes=100-199" });
      expect(part.status).toBe(206);
      expect(part.headers.get("Content-Range")).toBe(`bytes 100-199/${whole.length}`);
      expect(new Uint8Array(await part.arrayBuffer())).toEqual(whole.subarray(100, 200));
    } finally {
      mail.restore();
    }
  }, 60_000);

  it("refuses a link changed, expired or of a deleted copy, the same way as an unknown one", async () => {
    const seeded = await seedAccount({ sizes: [10], manual: 1 });
    const { user } = seeded;
    const jobs = jobsKept();
    const asked = await askForExport(user.token, jobs.JOBS);
    await runExportJob({ ...env, JOBS: jobs.JOBS }, db(), asked.id);
    const url = new URL((await current(user.token))!.downloadUrl!);
    const token = url.searchParams.get("token")!;
    const [uid, id, expires, sig] = token.split(".");
    const other = await createUser();
    const tries = [
      `${other.id}.${id}.${expires}.${sig}`,
      `${uid}.${id}.${Number(expires) + 1}.${sig}`,
      `${uid}.${id}.${expires}.${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`,
      "nonsense",
    ];
    for (const t of tries) {
      const res = await call(`/api/v1/user/export/download?token=${encodeURIComponent(t)}`);
      expect(res.status, t).toBe(404);
      expect(((await res.json()) as { error: string }).error).toMatch(/expired or is no longer valid/);
    }
    expect((await call(url.pathname + url.search)).status).toBe(200);
    // Another user sees no export of theirs and cannot delete this one.
    expect(await current(other.token)).toBeNull();
    expect((await call("/api/v1/user/export", { method: "DELETE", token: other.token })).status).toBe(404);
    // Deleted: the link dies and the archive is gone from R2.
    expect((await call("/api/v1/user/export", { method: "DELETE", token: user.token })).status).toBe(204);
    expect((await call(url.pathname + url.search)).status).toBe(404);
    expect((await env.FILES.list({ prefix: `exports/${user.id}/` })).objects).toEqual([]);
    expect(await current(user.token)).toBeNull();
    expect((await call("/api/v1/user/export", { method: "DELETE", token: user.token })).status).toBe(404);
    // Deleting does not get round the 15 minutes between two copies.
    expect((await call("/api/v1/user/export", { method: "POST", token: user.token })).status).toBe(429);
  }, 60_000);

  it("answers the copy being built when asked twice, at once too, and a new copy only 15 minutes after the last", async () => {
    const user = await createUser();
    const jobs = jobsKept();
    const [first, second] = await Promise.all([askForExport(user.token, jobs.JOBS), askForExport(user.token, jobs.JOBS)]);
    expect(second.id).toBe(first.id);
    expect(await db().select().from(dataExports).where(eq(dataExports.userId, user.id))).toHaveLength(1);
    expect((await askForExport(user.token, jobs.JOBS)).id).toBe(first.id);
    await runExportJob({ ...env, JOBS: jobs.JOBS }, db(), first.id);
    const again = await call("/api/v1/user/export", { method: "POST", token: user.token });
    expect(again.status).toBe(429);
    // An empty account still gets its README, account and empty files.
    const entries = readZip(new Uint8Array(await (await download((await current(user.token))!.downloadUrl!)).arrayBuffer()));
    expect(entries.map((e) => e.name)).toEqual(["README.txt", "account.json", "labels.jsonl", "labels.csv", "tracking-events.csv", "recently-deleted.jsonl", "credit-ledger.csv", "webhooks.json"]);
  }, 60_000);
});

describe("an expired copy of my data", () => {
  it("is deleted by the cron with its archive, and its link dies", async () => {
    const user = await createUser();
    const jobs = jobsKept();
    const asked = await askForExport(user.token, jobs.JOBS);
    await runExportJob({ ...env, JOBS: jobs.JOBS }, db(), asked.id);
    const url = new URL((await current(user.token))!.downloadUrl!);
    const row = (await db().query.dataExports.findFirst({ where: eq(dataExports.id, asked.id) }))!;
    // The cron a minute before its expiry keeps it; at its expiry deletes it.
    await handleScheduled(createScheduledController({ scheduledTime: row.expiresAt! - 60_000, cron: "*/15 * * * *" }), env);
    expect((await current(user.token))?.status).toBe("ready");
    await handleScheduled(createScheduledController({ scheduledTime: row.expiresAt!, cron: "*/15 * * * *" }), env);
    expect(await current(user.token)).toBeNull();
    expect((await env.FILES.list({ prefix: `exports/${user.id}/` })).objects).toEqual([]);
    expect((await call(url.pathname + url.search)).status).toBe(404);
  }, 60_000);

  it("is marked failed, with its pieces removed, when the queue lost its build", async () => {
    const user = await createUser();
    const jobs = jobsKept();
    const asked = await askForExport(user.token, jobs.JOBS);
    await runExportSlice(env, db(), asked.id, { ms: 60_000, calls: 1 });
    const row = (await db().query.dataExports.findFirst({ where: eq(dataExports.id, asked.id) }))!;
    expect(row.stateJson).not.toBeNull();
    await handleScheduled(createScheduledController({ scheduledTime: row.updatedAt + 6 * 60 * 60_000, cron: "*/15 * * * *" }), env);
    expect(await current(user.token)).toMatchObject({ status: "failed", error: "The copy could not be finished. Please ask for a new one." });
    expect((await env.FILES.list({ prefix: `exports/${user.id}/` })).objects).toEqual([]);
    // A failed copy may be asked for again at once.
    expect((await askForExport(user.token, jobs.JOBS)).status).toBe("building");
  }, 60_000);
});
