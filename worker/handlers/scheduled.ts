import { sendDueAlerts } from "../claims/alerts";
import { log } from "../lib/log";
import { getDb } from "../db/client";
import { pruneCarrierBudget } from "../tracking/carrier-budget";
import { enqueueDueRefreshes, enqueueUnsentLostNotices } from "../tracking/cron";
import { backfillDeliveryFacts } from "../tracking/delivery-backfill";
import type { TrackingEnv } from "../tracking/tracking";

/**
 * The cron trigger (every 15 minutes): claims the labels whose tracking refresh is due and queues
 * them in bounded batches; the queue consumer fetches, stores and evaluates the lost rules on the
 * fresh events (worker/tracking/cron.ts, tracking.ts, lost.ts). Flags whose notice never went out are
 * queued again here, and the alerts timed to the carriers' deadlines go out (worker/claims/alerts.ts).
 */
export async function handleScheduled(controller: ScheduledController, env: TrackingEnv & Pick<Env, "EMAIL" | "MAIL_FROM" | "APP_URL">): Promise<void> {
  const now = controller.scheduledTime;
  const started = Date.now();
  const refreshes = await enqueueDueRefreshes(env, now);
  const notices = await enqueueUnsentLostNotices(env, now);
  const alerts = await sendDueAlerts(env, now);
  await pruneCarrierBudget(getDb(env.DB), now);
  const deliveryFacts = await backfillDeliveryFacts(getDb(env.DB));
  log("info", "cron", { cron: controller.cron, scheduledTime: now, refreshes, notices, alertsLooked: alerts.looked, alertsSent: alerts.sent, deliveryFacts, ms: Date.now() - started });
}
