import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { webhookDeliveries, webhookEndpoints } from "../db/schema";
import { newId } from "../lib/crypto";
import { ApiError, badRequest, notFound } from "../lib/errors";
import { DELIVERY_LOG_KEEP, MAX_ENDPOINTS_PER_USER, WEBHOOK_EVENT_TYPES, type ApiWebhookDelivery, type ApiWebhookEndpoint, type WebhookEventType } from "./model";
import { newWebhookSecret, secretHint } from "./signature";
import { webhookUrlProblem } from "./url-safety";

/** The user's webhook endpoints: registering, listing, switching on and off, deleting, and their delivery log. */

type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** The stored event list, keeping only the types this version knows. */
export function endpointEvents(row: Pick<EndpointRow, "eventsJson">): WebhookEventType[] {
  try {
    const list = JSON.parse(row.eventsJson) as unknown;
    return Array.isArray(list) ? WEBHOOK_EVENT_TYPES.filter((t) => list.includes(t)) : [];
  } catch {
    return [];
  }
}

function apiEndpoint(row: EndpointRow): ApiWebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: endpointEvents(row),
    enabled: row.enabled,
    secretHint: secretHint(row.secret),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

export async function listEndpoints(db: Db, userId: number): Promise<ApiWebhookEndpoint[]> {
  const rows = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId)).orderBy(webhookEndpoints.createdAt);
  return rows.map(apiEndpoint);
}

/** The user's own endpoint row; another user's endpoint is not found. */
export async function ownEndpoint(db: Db, userId: number, id: string): Promise<EndpointRow> {
  const row = await db.query.webhookEndpoints.findFirst({ where: and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)) });
  if (!row) throw notFound("Webhook endpoint not found");
  return row;
}

/**
 * Registers an endpoint and answers its secret (shown once). The limit is checked inside the insert, so two
 * registrations at once cannot pass it together.
 */
export async function createEndpoint(
  db: Db,
  environment: string,
  userId: number,
  input: { url: string; events: WebhookEventType[] },
): Promise<{ endpoint: ApiWebhookEndpoint; secret: string }> {
  const problem = webhookUrlProblem(input.url, environment);
  if (problem) throw badRequest(`url: ${problem}`);
  const events = WEBHOOK_EVENT_TYPES.filter((t) => input.events.includes(t));
  const secret = newWebhookSecret();
  const now = Date.now();
  const id = newId("whe");
  const inserted = await db.$client
    .prepare(
      `INSERT INTO webhook_endpoints (id, user_id, url, events_json, secret, enabled, created_at, updated_at)
       SELECT ?1, ?2, ?3, ?4, ?5, 1, ?6, ?6 WHERE (SELECT count(*) FROM webhook_endpoints WHERE user_id = ?2) < ?7`,
    )
    .bind(id, userId, new URL(input.url).href, JSON.stringify(events), secret, now, MAX_ENDPOINTS_PER_USER)
    .run();
  if (!inserted.meta.changes) throw new ApiError(409, `You can register at most ${MAX_ENDPOINTS_PER_USER} webhook endpoints.`);
  return { endpoint: apiEndpoint(await ownEndpoint(db, userId, id)), secret };
}

export async function updateEndpoint(db: Db, userId: number, id: string, change: { enabled?: boolean; events?: WebhookEventType[] }): Promise<ApiWebhookEndpoint> {
  await ownEndpoint(db, userId, id);
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      ...(change.enabled !== undefined ? { enabled: change.enabled } : {}),
      ...(change.events ? { eventsJson: JSON.stringify(WEBHOOK_EVENT_TYPES.filter((t) => change.events!.includes(t))) } : {}),
      updatedAt: Date.now(),
    })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning();
  if (!row) throw notFound("Webhook endpoint not found");
  return apiEndpoint(row);
}

/** Deletes the endpoint and its delivery log together. */
export async function deleteEndpoint(db: Db, userId: number, id: string): Promise<void> {
  await ownEndpoint(db, userId, id);
  await db.batch([
    db.delete(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id)),
    db.delete(webhookEndpoints).where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId))),
  ]);
}

/** The endpoint's delivery attempts, newest first. */
export async function listDeliveries(db: Db, userId: number, id: string): Promise<ApiWebhookDelivery[]> {
  await ownEndpoint(db, userId, id);
  const rows = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id)).orderBy(desc(webhookDeliveries.id)).limit(DELIVERY_LOG_KEEP);
  return rows.map((r) => ({
    id: r.id,
    eventId: r.eventId,
    eventType: r.eventType,
    attempt: r.attempt,
    statusCode: r.statusCode,
    error: r.error,
    ok: r.ok,
    durationMs: r.durationMs,
    createdAt: new Date(r.createdAt).toISOString(),
  }));
}
