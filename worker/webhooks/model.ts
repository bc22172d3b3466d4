import { z } from "zod";

/**
 * What a developer can subscribe an endpoint to, and the test event Settings sends. `label.updated`: what the label
 * holds changed through the save path (an import of a code the user has, a manual save of it, a correction of
 * its details, its reading finished).
 */
export const WEBHOOK_EVENT_TYPES = ["label.created", "label.updated", "tracking.updated", "parcel.delivered", "parcel.potentially_lost", "label.deleted", "label.restored"] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const TEST_EVENT_TYPE = "ping";

/** Endpoints per user. */
export const MAX_ENDPOINTS_PER_USER = 5;
/** Delivery attempts kept per endpoint; older ones are pruned with each new attempt. */
export const DELIVERY_LOG_KEEP = 50;

/** What a `label.deleted` event says of its label, taken when it was deleted (the label is no longer there to read). */
export interface DeletedLabelSnapshot {
  id: string;
  trackingCode: string;
  courier: string;
  deleted: true;
  deletedAt: string;
  restorableUntil: string;
}

/**
 * One event as it travels in a `webhook.deliver` job: the label is read when the attempt is sent, but for
 * `label.deleted`, which carries what the label was when deleted (it is no longer there to read).
 */
export interface WebhookEvent {
  id: string;
  type: WebhookEventType | typeof TEST_EVENT_TYPE;
  /** Unix seconds. */
  created: number;
  labelId: string | null;
  label?: DeletedLabelSnapshot;
}

/** An endpoint as the API answers it: never its secret, only a hint to recognise it. */
export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  secretHint: z.string(),
  createdAt: z.string(),
});
export type ApiWebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  eventId: z.string(),
  eventType: z.string(),
  attempt: z.number().int(),
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  ok: z.boolean(),
  durationMs: z.number().int(),
  createdAt: z.string(),
});
export type ApiWebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookListSchema = z.object({
  results: z.array(webhookEndpointSchema),
  eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  limit: z.number().int(),
});

/** POST /webhooks: the endpoint and its signing secret, shown this once. */
export const webhookCreatedSchema = z.object({ endpoint: webhookEndpointSchema, secret: z.string() });

export const webhookDeliveriesSchema = z.object({ results: z.array(webhookDeliverySchema) });
export const webhookTestSchema = z.object({ queued: z.literal(true), eventId: z.string() });
export type ApiWebhookList = z.infer<typeof webhookListSchema>;
export type ApiWebhookCreated = z.infer<typeof webhookCreatedSchema>;
