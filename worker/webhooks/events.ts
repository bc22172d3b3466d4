import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { webhookEndpoints } from "../db/schema";
import { newId } from "../lib/crypto";
import { enqueueMany, type JobMessage } from "../lib/jobs";
import { log } from "../lib/log";
import type { DeletedLabelSnapshot, WebhookEventType } from "./model";

/** Whether the endpoint's stored event list holds the type (read without the schemas, which the cron and queue never load). */
function subscribes(eventsJson: string, type: WebhookEventType): boolean {
  try {
    const list = JSON.parse(eventsJson) as unknown;
    return Array.isArray(list) && list.includes(type);
  } catch {
    return false;
  }
}

/** Something that happened to one of a user's labels, for the endpoints subscribed to it. */
export interface LabelEvent {
  type: WebhookEventType;
  labelId: string;
  /** `label.deleted`: the label as it was (the event's payload). */
  label?: DeletedLabelSnapshot;
}

/**
 * Queues one `webhook.deliver` job per event and subscribed endpoint. One indexed read of the user's enabled
 * endpoints; a user without any pays only that read. Never throws: the label is saved whatever happens here.
 */
export async function queueWebhookEvents(env: Pick<Env, "JOBS">, db: Db, userId: number, events: LabelEvent[], now = Date.now()): Promise<number> {
  if (!events.length) return 0;
  try {
    const endpoints = await db
      .select({ id: webhookEndpoints.id, eventsJson: webhookEndpoints.eventsJson })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.userId, userId), eq(webhookEndpoints.enabled, true)));
    if (!endpoints.length) return 0;
    const jobs: JobMessage[] = [];
    for (const e of events) {
      const subscribed = endpoints.filter((ep) => subscribes(ep.eventsJson, e.type));
      if (!subscribed.length) continue;
      // One event id for every endpoint that receives it, so a receiver can de-duplicate retries.
      const event = { id: newId("evt"), type: e.type, created: Math.floor(now / 1000), labelId: e.labelId, ...(e.label ? { label: e.label } : {}) };
      for (const ep of subscribed) jobs.push({ type: "webhook.deliver", endpointId: ep.id, event });
    }
    if (jobs.length) await enqueueMany(env, db, jobs);
    return jobs.length;
  } catch (err) {
    log("warn", "could not queue webhook events", { userId, events: events.length, error: String(err) });
    return 0;
  }
}
