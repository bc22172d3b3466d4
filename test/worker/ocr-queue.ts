// The OCR queue, end to end, for the tests: POST /api/v1/label answers at once (ocrStatus
// 'pending') and queues {type:'label.ocr'}; these helpers are the queue's transport and hand the
// messages to the real queue() handler (createMessageBatch + getQueueResult), which reads the
// original from R2, OCRs it with Tesseract and fills in the label in D1.
import { createExecutionContext, createMessageBatch, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import worker from "../../worker/index";
import type { JobMessage } from "../../worker/lib/jobs";
import type { ApiLabel } from "../../shared/label";
import { call, type TestUser } from "./helpers";

/**
 * An env whose JOBS queue keeps the label.ocr messages for the test to deliver (`sent`) and every message sent
 * (`jobs`: tracking refreshes and webhook deliveries are kept there, never run).
 */
export function captureEnv(overrides: Partial<Env> = {}) {
  const sent: JobMessage[] = [];
  const jobs: JobMessage[] = [];
  const keep = (body: JobMessage) => {
    jobs.push(body);
    if (body.type === "label.ocr") sent.push(body);
  };
  const JOBS = {
    send: async (body: JobMessage) => keep(body),
    sendBatch: async (msgs: Iterable<MessageSendRequest<JobMessage>>) => {
      for (const m of msgs) keep(m.body);
    },
  } as unknown as Queue;
  return { sent, jobs, env: { ...env, JOBS, ...overrides } as Env };
}

export async function upload(e: Env, user: TestUser, name: string, bytes: Uint8Array, type: string) {
  const form = new FormData();
  form.append("files", new File([bytes], name, { type }));
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request("http://localhost/api/v1/label", { method: "POST", body: form, headers: { Authorization: `Bearer ${user.token}` } }),
    e,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

/** Hands the messages to the queue handler as their `attempts`th delivery. */
export async function deliver(e: Env, jobs: JobMessage[], attempts = 1) {
  const batch = createMessageBatch<JobMessage>(
    "parcelhive-jobs",
    jobs.map((body, i) => ({ id: `ocr-${i}-${crypto.randomUUID()}`, timestamp: new Date(), attempts, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, e);
  return getQueueResult(batch, ctx);
}

export const getLabel = async (user: TestUser, id: string) => (await (await call(`/api/v1/label/${id}`, { token: user.token })).json()) as ApiLabel;

/** Upload -> 'pending' answer and one label.ocr job -> queue handler acks -> the label as read back. */
export async function importAndOcr(user: TestUser, name: string, bytes: Uint8Array, type: string) {
  const { sent, env: e } = captureEnv();
  const res = await upload(e, user, name, bytes, type);
  expect(res.status).toBe(200);
  const [answered] = (await res.json()) as ApiLabel[];
  expect(answered.ocrStatus).toBe("pending");
  expect(sent).toEqual([{ type: "label.ocr", labelId: answered.id }]);
  const result = await deliver(e, sent);
  expect(result.retryMessages).toEqual([]);
  expect(result.explicitAcks).toHaveLength(1);
  return { answered, label: await getLabel(user, answered.id) };
}

