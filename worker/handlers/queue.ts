import { RetryJobLater, type JobMessage } from "../lib/jobs";
import { log } from "../lib/log";
import { runTrackingRefreshJob } from "../tracking/tracking";
import { runLatestTrackingJob } from "../tracking/batch";
import { sendLostNotice } from "../tracking/lost-notice";

/** Runs one job. Throwing makes the message retry (with backoff); returning acks it. */
async function runJob(job: JobMessage, env: Env, attempt: number): Promise<void> {
  switch (job.type) {
    case "tracking.refresh":
      return runTrackingRefreshJob(env, job.labelId);
    case "tracking.latest":
      await runLatestTrackingJob(env, job.courier, job.labelIds);
      return;
    case "label.ocr": {
      // OCR (Tesseract, PDFium, zxing) loads only when a batch holds an OCR job.
      const { runLabelOcrJob } = await import("../label-import/ocr-job");
      return runLabelOcrJob(env, job.labelId);
    }
    case "lost.notify":
      await sendLostNotice(env, job.labelId);
      return;
    case "buyer.mail": {
      const { runBuyerMailJob } = await import("../buyer-mail/send");
      await runBuyerMailJob(env, job.labelId, job.kind);
      return;
    }
    case "webhook.deliver": {
      const { runWebhookDelivery } = await import("../webhooks/delivery");
      await runWebhookDelivery(env, job, attempt);
      return;
    }
    default:
      log("warn", "job type not handled", { type: (job as { type: string }).type });
  }
}

/** Deliveries per message: the first plus wrangler.toml's max_retries (5). */
export const MAX_ATTEMPTS = 6;

/** What a job leaves behind when the queue gives up on it (the message then goes to the DLQ). */
async function giveUp(job: JobMessage, env: Env): Promise<void> {
  if (job.type !== "label.ocr") return;
  const { giveUpLabelOcr } = await import("../label-import/ocr-job");
  await giveUpLabelOcr(env, job.labelId);
}

/** Acks or retries each message on its own, so one failing job does not redo the others. */
export async function handleQueue(batch: MessageBatch<JobMessage>, env: Env): Promise<void> {
  for (const msg of batch.messages) {
    try {
      await runJob(msg.body, env, msg.attempts);
      msg.ack();
    } catch (err) {
      log("error", "job failed", { id: msg.id, type: msg.body?.type, attempts: msg.attempts, error: String(err) });
      if (msg.attempts >= MAX_ATTEMPTS) {
        await giveUp(msg.body, env).catch((e) => log("error", "job give-up failed", { id: msg.id, error: String(e) }));
      }
      msg.retry({ delaySeconds: err instanceof RetryJobLater ? err.delaySeconds : Math.min(600, 10 * 2 ** msg.attempts) });
    }
  }
}
