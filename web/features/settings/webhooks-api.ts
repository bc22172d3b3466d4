import { useQuery } from "@tanstack/react-query";
import { api } from "../../api/client";
import type { ApiWebhookCreated, ApiWebhookDelivery, ApiWebhookEndpoint, ApiWebhookList, WebhookEventType } from "../../../worker/webhooks/model";

// The webhook endpoints card's calls, through the one API client.

export type { ApiWebhookDelivery, ApiWebhookEndpoint, WebhookEventType };

export const WEBHOOKS_QUERY_KEY = ["webhooks"] as const;
const deliveriesKey = (id: string) => ["webhooks", id, "deliveries"] as const;

export const useWebhooks = () => useQuery({ queryKey: WEBHOOKS_QUERY_KEY, queryFn: ({ signal }) => api<ApiWebhookList>("/api/v1/webhooks", { signal }) });

/** The endpoint's last attempts; loaded only while its log is open, and refreshed every few seconds then. */
export const useDeliveries = (id: string, open: boolean) =>
  useQuery({
    queryKey: deliveriesKey(id),
    queryFn: ({ signal }) => api<{ results: ApiWebhookDelivery[] }>(`/api/v1/webhooks/${encodeURIComponent(id)}/deliveries`, { signal }),
    enabled: open,
    refetchInterval: open ? 5_000 : false,
  });

export const createWebhook = (url: string, events: WebhookEventType[]) =>
  api<ApiWebhookCreated>("/api/v1/webhooks", { method: "POST", body: { url, events } });

export const setWebhookEnabled = (id: string, enabled: boolean) =>
  api<ApiWebhookEndpoint>(`/api/v1/webhooks/${encodeURIComponent(id)}`, { method: "PATCH", body: { enabled } });

export const deleteWebhook = (id: string) => api(`/api/v1/webhooks/${encodeURIComponent(id)}`, { method: "DELETE" });

export const sendTestEvent = (id: string) => api<{ eventId: string }>(`/api/v1/webhooks/${encodeURIComponent(id)}/test`, { method: "POST", body: {} });
