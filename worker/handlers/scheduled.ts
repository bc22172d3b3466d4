import { log } from "../lib/log";

/** The cron trigger: finds work that is due and hands it to the queue. */
export async function handleScheduled(controller: ScheduledController, env: Env): Promise<void> {
  log("info", "cron", { cron: controller.cron, scheduledTime: controller.scheduledTime });
}
