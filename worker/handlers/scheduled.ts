import { backfillActionWindows } from "../deadlines/action-window";
import { sendDueAlerts } from "../claims/alerts";
import { log } from "../lib/log";
import { deleteQueuedR2Objects } from "../lib/r2-deletions";
import { expireExports } from "../privacy/export";
import { runRetention } from "../privacy/retention";
import { queueDuePurge } from "../privacy/label-deletion";
import { pruneLabelJobs } from "../privacy/label-jobs";
import { databaseNames, HOME_DATABASE } from "../db/databases";
import { primarySessions } from "../db/sessions";
import { pruneCarrierBudget } from "../tracking/carrier-budget";
import { enqueueDueRefreshes, enqueueUnsentLostNotices } from "../tracking/cron";
import { backfillDeliveryFacts } from "../tracking/delivery-backfill";
import { enqueueDueSyncs } from "../marketplaces/orders-sync";
import { enqueueStalledDispatches } from "../marketplaces/tracking-out";
import type { TrackingEnv } from "../tracking/tracking";

/**
 * The cron trigger (every 15 minutes): claims the labels whose tracking refresh is due and queues
 * them in bounded batches; the queue consumer fetches, stores and evaluates the lost rules on the
 * fresh events (worker/tracking/cron.ts, tracking.ts, lost.ts). Flags whose notice never went out are
 * queued again here, and the alerts timed to the carriers' deadlines go out (worker/claims/alerts.ts).
 */
export async function handleScheduled(controller: ScheduledController, env: TrackingEnv & Pick<Env, "DB" | "EMAIL" | "MAIL_FROM" | "APP_URL" | "FILES" | "ADMIN_MAIL_RETENTION_DAYS">): Promise<void> {
  const now = controller.scheduledTime;
  const started = Date.now();
  // Sessions started at the primary: what is due is decided on the latest rows. Users' labels are in their own
  // databases, so each database gets its pass; the carrier call budget is one, in the directory.
  const sessions = primarySessions(env);
  await pruneCarrierBudget(sessions.db(), now);
  for (const database of databaseNames(env)) {
    const db = sessions.db(database);
    const refreshes = await enqueueDueRefreshes(env, db, now);
    const notices = await enqueueUnsentLostNotices(env, db, now);
    const alerts = await sendDueAlerts(env, db, now);
    const deliveryFacts = await backfillDeliveryFacts(db);
    const actionWindows = await backfillActionWindows(db);
    // R2 objects whose deletion failed after the write that released them (worker/lib/r2-deletions.ts).
    const r2Deleted = await deleteQueuedR2Objects(db, env.FILES);
    // Deleted labels past their 30 days are purged by the queue; finished bulk jobs go after a week.
    const purgeQueued = await queueDuePurge(env, db, now);
    await pruneLabelJobs(db, now);
    // 'Download my data' copies past their 7 days (worker/privacy/export.ts).
    const exportsExpired = await expireExports(db, env.FILES, now);
    // Personal data kept only as long as needed: a slice of the day's pass (worker/privacy/retention.ts).
    const retention = await runRetention(env, db, now, { mailbox: database === HOME_DATABASE });
    // Connected marketplace shops' orders, every 15 minutes each (worker/marketplaces/orders-sync.ts).
    const marketplaceSyncs = await enqueueDueSyncs(env, db, now);
    // Tracking out whose message was lost goes again (worker/marketplaces/tracking-out.ts).
    const dispatchesStalled = await enqueueStalledDispatches(env, db, now);
    log("info", "cron", { cron: controller.cron, database, scheduledTime: now, refreshes, notices, alertsLooked: alerts.looked, alertsSent: alerts.sent, deliveryFacts, actionWindows, r2Deleted, purgeQueued, exportsExpired, retention, marketplaceSyncs, dispatchesStalled, ms: Date.now() - started });
  }
}
