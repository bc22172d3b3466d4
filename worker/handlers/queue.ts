import type { JobMessage } from "../services/jobs";
import { log } from "../lib/log";
import { runTrackingRefreshJob } from "../services/tracking";
import { sendLostNotice } from "../services/lost";
import { runLabelOcrJob } from "../labels/ocr-job";

/** Runs one job. Throwing makes the message retry (with backoff); returning acks it. */
async function runJob(job: JobMessage, env: Env): Promise<void> {
  switch (job.type) {
    case "tracking.refresh":
      return runTrackingRefreshJob(env, job.labelId);
    case "label.ocr":
      return runLabelOcrJob(env, job.labelId);
    case "lost.notify":
      await sendLostNotice(env, job.labelId);
      return;
    default:
      log("warn", "job type not handled", { type: (job as { type: string }).type });
  }
}

/** Acks or retries each message on its own, so one failing job does not redo the others. */
export async function handleQueue(batch: MessageBatch<JobMessage>, env: Env): Promise<void> {
  for (const msg of batch.messages) {
    try {
      await runJob(msg.body, env);
      msg.ack();
    } catch (err) {
      log("error", "job failed", { id: msg.id, type: msg.body?.type, attempts: msg.attempts, error: String(err) });
      msg.retry({ delaySeconds: Math.min(600, 10 * 2 ** msg.attempts) });
    }
  }
}
