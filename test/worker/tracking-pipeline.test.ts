import { createExecutionContext, createMessageBatch, createScheduledController, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import type { JobMessage } from "../../worker/lib/jobs";
import { answerEvri, fixtures, json, trackingEnv } from "../fixtures/carriers/carrier-fetch";
import { insertTrackedLabel, labelRow } from "../fixtures/carriers/tracking-labels";
import { createUser } from "./helpers";

// cron -> queue -> carrier -> D1 -> notification mail, through the Worker's real scheduled() and
// queue() handlers. The test is the queue's transport: it collects what the handlers send to JOBS
// and hands it to queue() with createMessageBatch (the local consumer would otherwise run the
// messages with the test pool's env, where Evri is not configured). Carrier answers come from
// recorded JSON at fetch; mail goes through the real send_email binding.

const DAY = 86_400_000;
afterEach(() => vi.restoreAllMocks());

function pipelineEnv() {
  const sent: JobMessage[] = [];
  const delays: (number | undefined)[] = [];
  const JOBS = {
    send: async (body: JobMessage, opts?: QueueSendOptions) => {
      sent.push(body);
      delays.push(opts?.delaySeconds);
    },
    sendBatch: async (msgs: Iterable<MessageSendRequest<JobMessage>>) => void sent.push(...[...msgs].map((m) => m.body)),
  } as unknown as Queue;
  return { sent, delays, env: { ...trackingEnv(env), JOBS } as Env };
}

async function runCron(e: Env, scheduledTime: number) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime, cron: "*/15 * * * *" }), e, ctx);
  await waitOnExecutionContext(ctx);
}

async function deliver(e: Env, jobs: JobMessage[]) {
  const batch = createMessageBatch<JobMessage>(
    "parcelhive-jobs",
    jobs.map((body, i) => ({ id: `msg-${i}-${crypto.randomUUID()}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, e);
  return { batch, result: await getQueueResult(batch, ctx) };
}

describe("cron -> queue -> Evri -> D1 -> mail", () => {
  it("refreshes a due label, flags it when it has no first scan, and mails its owner once", async () => {
    const { sent, delays, env: e } = pipelineEnv();
    const user = await createUser();
    const now = Date.now();
    const id = await insertTrackedLabel(env.DB, { userId: user.id, createdAt: now - 10 * DAY });
    const notDue = await insertTrackedLabel(env.DB, { userId: user.id, trackingCode: "H0595C0000314450", createdAt: now, extra: { nextTrackingAt: now + DAY } });

    // 1. The cron claims the due label and queues its refresh.
    await runCron(e, now);
    const refreshes = sent.splice(0).filter((m) => m.type === "tracking.refresh");
    expect(refreshes.map((m) => m.labelId)).toContain(id);
    expect(refreshes.map((m) => m.labelId)).not.toContain(notDue);
    expect((await labelRow(env.DB, id)).nextTrackingAt).toBeGreaterThan(now);

    // 2. The consumer fetches from Evri (only parcel details, no scan yet), stores and flags.
    const { calls } = answerEvri([json(fixtures.evriRegistered)]);
    const first = await deliver(e, refreshes.filter((m) => m.labelId === id));
    expect(first.result.explicitAcks).toEqual(first.batch.messages.map((m) => m.id));
    expect(calls.map((c) => c.url)).toEqual([expect.stringContaining("/parcels/reference/H04AQA0004726589"), expect.stringContaining("/parcels?uniqueIds=")]);
    const flagged = await labelRow(env.DB, id);
    expect(flagged).toMatchObject({ trackingStatus: "registered", potentiallyLost: true, lostReason: "no_first_scan", lostEmailSentAt: null });
    expect(JSON.parse(flagged.trackingJson!).results[0].trackingEvents).toHaveLength(1);

    // 3. The flag queued one notice, to run once the owner's flags have been quiet for 10 minutes (so flags
    // that come together go out in one mail). Run early, it waits; 10 minutes on, it mails the owner and records it.
    expect(sent).toEqual([{ type: "lost.notify", labelId: id }]);
    expect(delays).toEqual([600]);
    const mailSpy = vi.spyOn(env.EMAIL, "send");
    await deliver(e, sent.splice(0));
    expect(mailSpy).not.toHaveBeenCalled();
    expect(sent.splice(0)).toEqual([{ type: "lost.notify", labelId: id }]);
    await env.DB.prepare("UPDATE labels SET potentially_lost_at = potentially_lost_at - 600000 WHERE id = ?").bind(id).run();
    const notice = await deliver(e, [{ type: "lost.notify", labelId: id }]);
    expect(notice.result.explicitAcks).toHaveLength(1);
    expect(mailSpy).toHaveBeenCalledTimes(1);
    const mail = mailSpy.mock.calls[0][0] as unknown as { to: string[]; subject: string; text: string };
    expect(mail.to).toEqual([user.email]);
    expect(mail.subject).toBe("Parcel H04AQA0004726589 may be delayed or lost");
    expect(mail.text).toContain(`${env.APP_URL}/label/${id}`);
    expect((await labelRow(env.DB, id)).lostEmailSentAt).toBeTypeOf("number");

    // 4. A duplicate delivery of the notice sends nothing more; the next cron pass has nothing to resend.
    await deliver(e, [{ type: "lost.notify", labelId: id }]);
    expect(mailSpy).toHaveBeenCalledTimes(1);
    await runCron(e, now + 60_000);
    expect(sent.filter((m) => "labelId" in m && m.labelId === id)).toEqual([]);
  });

  it("retries the message when Evri is down, keeping the label's data", async () => {
    const { env: e } = pipelineEnv();
    const user = await createUser();
    const id = await insertTrackedLabel(env.DB, { userId: user.id, createdAt: Date.now() - DAY });
    answerEvri([json({}, 502)], [json({}, 502)]);
    const { batch, result } = await deliver(e, [{ type: "tracking.refresh", labelId: id }]);
    expect(result.explicitAcks).toEqual([]);
    expect(result.retryMessages.map((m) => m.msgId)).toEqual([batch.messages[0].id]);
    const row = await labelRow(env.DB, id);
    expect(row.trackingError).toMatch(/^Evri had a problem \(HTTP 502\)/);
    expect(row.potentiallyLost).toBe(false);
  });

  it("queues again a notice whose flag never got its mail", async () => {
    const { sent, env: e } = pipelineEnv();
    const user = await createUser();
    const now = Date.now();
    const id = await insertTrackedLabel(env.DB, {
      userId: user.id,
      createdAt: now - 10 * DAY,
      extra: { nextTrackingAt: now + DAY, potentiallyLost: true, potentiallyLostAt: now - 3 * 3600_000, lostReason: "no_first_scan" },
    });
    // A second flag of the same owner: one notice job for the owner, for the oldest flag.
    await insertTrackedLabel(env.DB, {
      userId: user.id,
      trackingCode: "H0595C0000314450",
      createdAt: now - 10 * DAY,
      extra: { nextTrackingAt: now + DAY, potentiallyLost: true, potentiallyLostAt: now - 2.9 * 3600_000, lostReason: "no_first_scan" },
    });
    await runCron(e, now);
    expect(sent.filter((m) => m.type === "lost.notify" && "labelId" in m)).toEqual([{ type: "lost.notify", labelId: id }]);
  });
});
