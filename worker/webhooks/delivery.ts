import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { webhookDeliveries, webhookEndpoints } from "../db/schema";
import { getLabel } from "../labels/read";
import { maskEmail } from "../couriers/buyer-email";
import { RetryJobLater, type JobMessage } from "../lib/jobs";
import { log } from "../lib/log";
import { DELIVERY_LOG_KEEP, TEST_EVENT_TYPE, type WebhookEvent } from "./model";
import { SIGNATURE_HEADER, signatureHeader } from "./signature";
import { webhookUrlProblem } from "./url-safety";

/**
 * The queue's `webhook.deliver` job: one POST of one event to one endpoint. A 2xx answer within 10 seconds is a
 * delivery; anything else (another status, a redirect, a timeout, a refused address) is logged and retried by the
 * queue after 30 s, 2 min, 10 min, 1 h and 3 h: six attempts in all, each one a row of the endpoint's delivery log.
 */

export const DELIVERY_TIMEOUT_MS = 10_000;
/** Seconds to wait after the attempt of that number (1-based) failed. */
export const RETRY_DELAYS_SECONDS = [30, 120, 600, 3600, 3 * 3600];
/** The first attempt and one per retry delay: the same six the queue allows (max_retries = 5). */
export const MAX_DELIVERY_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;
const MAX_ERROR_LENGTH = 200;

type DeliverJob = Extract<JobMessage, { type: "webhook.deliver" }>;
type DeliveryEnv = Pick<Env, "ENVIRONMENT" | "WEBHOOK_RETRY_SECONDS">;

/** The wait after attempt `attempt` failed: the schedule, or every retry WEBHOOK_RETRY_SECONDS apart when set (tests). */
function retryDelaySeconds(env: DeliveryEnv, attempt: number): number {
  const configured = Number(env.WEBHOOK_RETRY_SECONDS || Number.NaN);
  if (Number.isInteger(configured) && configured >= 0) return configured;
  return RETRY_DELAYS_SECONDS[attempt - 1] ?? RETRY_DELAYS_SECONDS.at(-1)!;
}

/** The JSON body of an event: the label as it is when the attempt is sent (null for the test event). */
async function eventBody(db: Db, userId: number, event: WebhookEvent): Promise<string | null> {
  if (event.type === TEST_EVENT_TYPE || !event.labelId) {
    return JSON.stringify({ id: event.id, type: event.type, created: event.created, data: { label: null } });
  }
  // A deleted label is no longer there to read: the event carries what it was.
  if (event.label) return JSON.stringify({ id: event.id, type: event.type, created: event.created, data: { label: event.label } });
  const label = await getLabel(db, userId, event.labelId);
  if (!label) return null;
  // The buyer's e-mail is personal data: a feed to another system carries it masked, as lists do.
  return JSON.stringify({ id: event.id, type: event.type, created: event.created, data: { label: { ...label, buyerEmail: maskEmail(label.buyerEmail) } } });
}

interface Attempt {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/** POSTs the body, never following a redirect, giving up after 10 seconds. */
async function post(url: string, body: string, signature: string, eventId: string, eventType: string): Promise<Attempt> {
  const started = Date.now();
  try {
    const res = await fetch(url, {
      method: "POST",
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      headers: {
        "Content-Type": "application/json",
        "User-Agent": "Parcelhive-Webhooks/1",
        [SIGNATURE_HEADER]: signature,
        "Parcelhive-Event-Id": eventId,
        "Parcelhive-Event-Type": eventType,
      },
    });
    await res.body?.cancel().catch(() => {});
    const ok = res.status >= 200 && res.status < 300;
    const error = ok ? null : res.status >= 300 && res.status < 400 ? `Redirect (${res.status}) not followed` : `HTTP ${res.status}`;
    return { ok, statusCode: res.status, error, durationMs: Date.now() - started };
  } catch (err) {
    const name = (err as Error)?.name;
    const error = name === "TimeoutError" || name === "AbortError" ? "No answer within 10 seconds" : `Could not connect: ${String((err as Error)?.message ?? err)}`;
    return { ok: false, statusCode: null, error: error.slice(0, MAX_ERROR_LENGTH), durationMs: Date.now() - started };
  }
}

/** Records one attempt and keeps only the newest DELIVERY_LOG_KEEP of the endpoint, in one batch. */
export async function logAttempt(db: Db, endpointId: string, event: Pick<WebhookEvent, "id" | "type">, attempt: number, result: Attempt): Promise<void> {
  await db.batch([
    db.insert(webhookDeliveries).values({
      endpointId,
      eventId: event.id,
      eventType: event.type,
      attempt,
      statusCode: result.statusCode,
      error: result.error,
      ok: result.ok,
      durationMs: result.durationMs,
      createdAt: Date.now(),
    }),
    db
      .delete(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.endpointId, endpointId),
          lt(
            webhookDeliveries.id,
            sql`(select coalesce(min(id), 0) from (select id from ${webhookDeliveries} where endpoint_id = ${endpointId} order by id desc limit ${DELIVERY_LOG_KEEP}))`,
          ),
        ),
      ),
  ]);
}

export async function runWebhookDelivery(env: DeliveryEnv, db: Db, job: DeliverJob, attempt: number): Promise<"delivered" | "failed" | "gave-up" | "skipped"> {
  const event = job.event as WebhookEvent;
  const endpoint = await db.query.webhookEndpoints.findFirst({ where: eq(webhookEndpoints.id, job.endpointId) });
  // Deleted meanwhile, or switched off (the test event is sent to a switched-off endpoint too: it was asked for).
  if (!endpoint || (!endpoint.enabled && event.type !== TEST_EVENT_TYPE)) return "skipped";

  const none = { statusCode: null, durationMs: 0, ok: false };
  const problem = webhookUrlProblem(endpoint.url, env.ENVIRONMENT);
  if (problem) {
    // Rules tightened since it was registered: retrying cannot help.
    await logAttempt(db, endpoint.id, event, attempt, { ...none, error: problem });
    return "gave-up";
  }
  const body = await eventBody(db, endpoint.userId, event);
  if (body === null) {
    await logAttempt(db, endpoint.id, event, attempt, { ...none, error: "The label no longer exists" });
    return "gave-up";
  }

  const signature = await signatureHeader(endpoint.secret, body, Math.floor(Date.now() / 1000));
  const result = await post(endpoint.url, body, signature, event.id, event.type);
  await logAttempt(db, endpoint.id, event, attempt, result);
  if (result.ok) return "delivered";
  if (attempt >= MAX_DELIVERY_ATTEMPTS) {
    log("warn", "webhook delivery gave up", { endpointId: endpoint.id, eventId: event.id, attempts: attempt });
    return "gave-up";
  }
  throw new RetryJobLater(retryDelaySeconds(env, attempt), `webhook ${event.id}: ${result.error}`);
}
