import type { Db } from "../db/client";
import { databaseNames, HOME_DATABASE } from "../db/databases";
import { primarySessions } from "../db/sessions";
import { RetryJobLater, type JobMessage } from "../lib/jobs";
import { log } from "../lib/log";
import { runTrackingRefreshJob } from "../tracking/tracking";
import { runLatestTrackingJob } from "../tracking/batch";
import { sendLostNotice } from "../tracking/lost-notice";

/** Runs one job. Throwing makes the message retry (with backoff); returning acks it. */
async function runJob(job: JobMessage, env: Env, db: Db, attempt: number): Promise<void> {
  switch (job.type) {
    case "tracking.refresh":
      return runTrackingRefreshJob(env, db, job.labelId);
    case "tracking.latest":
      await runLatestTrackingJob(env, db, job.courier, job.labelIds);
      return;
    case "label.ocr": {
      // OCR (Tesseract, PDFium, zxing) loads only when a batch holds an OCR job.
      const { runLabelOcrJob } = await import("../label-import/ocr-job");
      return runLabelOcrJob(env, db, job.labelId);
    }
    case "lost.notify":
      await sendLostNotice(env, db, job.labelId);
      return;
    case "buyer.mail": {
      const { runBuyerMailJob } = await import("../buyer-mail/send");
      await runBuyerMailJob(env, db, job.labelId, job.kind);
      return;
    }
    case "webhook.deliver": {
      const { runWebhookDelivery } = await import("../webhooks/delivery");
      await runWebhookDelivery(env, db, job, attempt);
      return;
    }
    case "export.build": {
      const { runExportJob } = await import("../privacy/export-job");
      return runExportJob(env, db, job.exportId);
    }
    case "labels.job": {
      const { runLabelJob } = await import("../privacy/label-jobs");
      await runLabelJob(env, db, job.jobId);
      return;
    }
    case "labels.purge-due": {
      const { purgeDueLabels } = await import("../privacy/label-deletion");
      await purgeDueLabels(env, db);
      return;
    }
    case "marketplace.sync": {
      const { syncConnection } = await import("../marketplaces/orders-sync");
      await syncConnection(env, db, job.connectionId, job.position);
      return;
    }
    case "marketplace.match": {
      const { matchLabels } = await import("../marketplaces/links");
      await matchLabels(env, db, job.labelIds);
      return;
    }
    case "marketplace.dispatch": {
      const { runDispatch } = await import("../marketplaces/tracking-out");
      await runDispatch(env, db, job.dispatchId);
      return;
    }
    case "account.close": {
      const { runAccountErasure } = await import("../privacy/account-erasure");
      await runAccountErasure(env, db, job.userId);
      return;
    }
    default:
      log("warn", "job type not handled", { type: (job as { type: string }).type });
  }
}

/** Deliveries per message: the first plus wrangler.toml's max_retries (5). */
export const MAX_ATTEMPTS = 6;

/** What a job leaves behind when the queue gives up on it (the message then goes to the DLQ). */
async function giveUp(job: JobMessage, env: Env, db: Db): Promise<void> {
  if (job.type === "export.build") {
    const { giveUpExport } = await import("../privacy/export-job");
    return giveUpExport(env, db, job.exportId);
  }
  if (job.type !== "label.ocr") return;
  const { giveUpLabelOcr } = await import("../label-import/ocr-job");
  await giveUpLabelOcr(env, db, job.labelId);
}

/**
 * Acks or retries each message on its own, so one failing job does not redo the others. Each message is its own
 * unit of work with its own D1 session on the database its rows are in, started at the primary: it sees what the
 * request that queued it wrote. A database this Worker does not have (a configuration mistake) is retried, then
 * dead-lettered, never read in another database.
 */
export async function handleQueue(batch: MessageBatch<JobMessage>, env: Env): Promise<void> {
  for (const msg of batch.messages) {
    const database = msg.body?.database ?? HOME_DATABASE;
    if (!databaseNames(env).includes(database)) {
      log("error", "job for a database that is not configured", { id: msg.id, type: msg.body?.type, database });
      msg.retry();
      continue;
    }
    const db = primarySessions(env).db(database);
    try {
      await runJob(msg.body, env, db, msg.attempts);
      msg.ack();
    } catch (err) {
      log("error", "job failed", { id: msg.id, type: msg.body?.type, attempts: msg.attempts, error: String(err) });
      if (msg.attempts >= MAX_ATTEMPTS) {
        await giveUp(msg.body, env, db).catch((e) => log("error", "job give-up failed", { id: msg.id, error: String(e) }));
      }
      msg.retry({ delaySeconds: err instanceof RetryJobLater ? err.delaySeconds : Math.min(600, 10 * 2 ** msg.attempts) });
    }
  }
}
