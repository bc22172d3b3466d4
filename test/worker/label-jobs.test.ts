import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DbSessions } from "../../worker/db/sessions";
import { createManualLabels } from "../../worker/labels/save";
import type { JobMessage } from "../../worker/lib/jobs";
import { LABELS_IN_REQUEST, runLabelJob, startLabelJob } from "../../worker/privacy/label-jobs";
import { callWithEnv, call, type TestUser } from "./helpers";
import { evriCode } from "./labels-fixtures";
import { fakeJobs, sender, SENDER_DATABASE, senderDb, balanceAndLedger } from "./privacy-fixtures";
import { countedD1 } from "./counted-d1";

// Deleting, restoring and purging more labels than one request handles: the queue does it a chunk at a time, each
// message within D1's limit of 1,000 queries an invocation, and the job's progress is there to poll.


/** Sessions whose databases count every statement prepared on them (each is one D1 query). */
function countingSessions() {
  let queries = 0;
  const counted = (d1: D1Database) => countedD1(d1, () => queries++);
  const bindings = SENDER_DATABASE === "DB" ? { DB: counted(env.DB) } : { DB: counted(env.DB), DB_2: counted(env.DB_2) };
  return { sessions: new DbSessions(bindings as Pick<Env, "DB">, () => "first-primary"), queries: () => queries };
}

/** Runs the job's queue messages until none is left; answers the most queries one message made. */
async function runMessages(first: JobMessage[]): Promise<number> {
  const pending = first.filter((m) => m.type === "labels.job");
  let most = 0;
  while (pending.length) {
    const job = pending.shift() as Extract<JobMessage, { type: "labels.job" }>;
    const jobs = fakeJobs();
    const { sessions, queries } = countingSessions();
    await runLabelJob({ FILES: env.FILES, JOBS: jobs.JOBS }, sessions.db(SENDER_DATABASE), job.jobId);
    most = Math.max(most, queries());
    pending.push(...jobs.sent.filter((m) => m.type === "labels.job"));
  }
  return most;
}

async function manualLabels(user: TestUser, n: number) {
  const inputs = Array.from({ length: n }, () => ({ details: { courier: "evri", trackingCode: evriCode(), countryCode: "GB" }, tags: ["bulk"] }));
  return createManualLabels(senderDb(), fakeJobs(), user.id, inputs);
}

const post = async (user: TestUser, path: string, body: unknown) => {
  const jobs = fakeJobs();
  const res = await callWithEnv({ JOBS: jobs.JOBS }, path, { method: "POST", token: user.token, json: body });
  expect(res.status, path).toBe(200);
  return { body: (await res.json()) as { job: { id: string; total: number; status: string } | null } & Record<string, unknown>, sent: jobs.sent };
};

const listTotal = async (user: TestUser, path = "/api/v1/labels") => ((await (await call(path, { token: user.token })).json()) as { total: number }).total;

describe("bulk jobs", () => {
  it("deletes everything matching the filters in the queue, then restores and purges all of it, each message within D1's limits", async () => {
    const count = LABELS_IN_REQUEST + 160;
    const user = await sender(count + 10);
    await manualLabels(user, count);
    const ledger = await balanceAndLedger(senderDb(), user.id);

    const deleted = await post(user, "/api/v1/labels/delete", { filters: { tags: "bulk" } });
    expect(deleted.body).toMatchObject({ deleted: 0, job: { kind: "delete", total: count, done: 0, status: "running" } });
    // A label made after the request is not the request's to delete.
    await manualLabels(user, 1);
    const most = await runMessages(deleted.sent);
    expect(most).toBeLessThan(1000);
    const progress = await (await call(`/api/v1/labels/jobs/${deleted.body.job!.id}`, { token: user.token })).json();
    expect(progress).toMatchObject({ total: count, done: count, status: "done" });
    expect(await listTotal(user)).toBe(1);
    expect(await listTotal(user, "/api/v1/labels/deleted")).toBe(count);

    const restored = await post(user, "/api/v1/labels/deleted/restore", { all: true });
    expect(restored.body).toMatchObject({ restored: 0, job: { kind: "restore", total: count } });
    expect(await runMessages(restored.sent)).toBeLessThan(1000);
    expect(await listTotal(user)).toBe(count + 1);
    expect(await listTotal(user, "/api/v1/labels?tags=bulk")).toBe(count + 1);
    expect(await listTotal(user, "/api/v1/labels/deleted")).toBe(0);

    await runMessages((await post(user, "/api/v1/labels/delete", { filters: { tags: "bulk" } })).sent);
    const purged = await post(user, "/api/v1/labels/deleted/purge", { all: true });
    expect(purged.body).toMatchObject({ purged: 0, job: { kind: "purge", total: count + 1 } });
    expect(await runMessages(purged.sent)).toBeLessThan(1000);
    expect(await listTotal(user)).toBe(0);
    expect(await listTotal(user, "/api/v1/labels/deleted")).toBe(0);
    // Credits were spent on the labels and are not given back; the balance is still its ledger's sum.
    const after = await balanceAndLedger(senderDb(), user.id);
    expect(after.balance).toBe(ledger.balance - 1);
    expect(after.balance).toBe(after.ledger);
  });

  it("answers another user's job as not found", async () => {
    const user = await sender();
    const other = await sender();
    const job = await startLabelJob(fakeJobs(), senderDb(), user.id, { kind: "purge", total: 0, asOf: Date.now() });
    expect((await call(`/api/v1/labels/jobs/${job.id}`, { token: user.token })).status).toBe(200);
    expect((await call(`/api/v1/labels/jobs/${job.id}`, { token: other.token })).status).toBe(404);
    // Few labels matching are deleted in the request itself, with no job.
    const { body } = await post(user, "/api/v1/labels/delete", { filters: { tags: "none-such" } });
    expect(body).toMatchObject({ deleted: 0, job: null });
  });
});
