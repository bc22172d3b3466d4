import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context";
import { requireAuth } from "../auth/require-auth";
import { newId } from "../lib/crypto";
import { enqueue } from "../lib/jobs";
import { describe } from "../lib/openapi-meta";
import { validate } from "../lib/validate";
import { createEndpoint, deleteEndpoint, listDeliveries, listEndpoints, ownEndpoint, updateEndpoint } from "./endpoints";
import { MAX_ENDPOINTS_PER_USER, TEST_EVENT_TYPE, WEBHOOK_EVENT_TYPES } from "./model";

/**
 * /webhooks: the signed-in user's webhook endpoints. Account only (an access token, not a developer API key):
 * an endpoint outlives the key that could have made it, so a leaked key must not be able to plant a feed of the
 * account's labels that survives regenerating the key.
 */

const eventList = z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1, "Choose at least one event").max(WEBHOOK_EVENT_TYPES.length);
const idParam = validate("param", z.object({ id: z.string().trim().min(1).max(64) }));
const TAG = "webhooks";

const routes = new Hono<AppEnv>()
  .get("/webhooks", requireAuth(), describe({ summary: "Your webhook endpoints and the events they can receive.", tag: TAG }), async (c) => {
    const results = await listEndpoints(c.get("db"), c.get("user").id);
    return c.json({ results, eventTypes: [...WEBHOOK_EVENT_TYPES], limit: MAX_ENDPOINTS_PER_USER });
  })
  .post(
    "/webhooks",
    requireAuth(),
    describe({
      summary: "Register an endpoint. Answers its signing secret (whsec_…) this once.",
      description: "https only, on the standard port; private, loopback and link-local addresses are refused. At most 5 endpoints.",
      tag: TAG,
    }),
    validate("json", z.strictObject({ url: z.string().trim().min(1, "Enter the endpoint's URL").max(2048), events: eventList })),
    async (c) => {
      const created = await createEndpoint(c.get("db"), c.env.ENVIRONMENT, c.get("user").id, c.req.valid("json"));
      return c.json(created, 201);
    },
  )
  .patch(
    "/webhooks/:id",
    requireAuth(),
    describe({ summary: "Switch an endpoint on or off, or change its events.", tag: TAG }),
    idParam,
    validate(
      "json",
      z.strictObject({ enabled: z.boolean().optional(), events: eventList.optional() }).refine((b) => b.enabled !== undefined || b.events !== undefined, "Nothing to update"),
    ),
    async (c) => c.json(await updateEndpoint(c.get("db"), c.get("user").id, c.req.valid("param").id, c.req.valid("json"))),
  )
  .delete("/webhooks/:id", requireAuth(), describe({ summary: "Delete an endpoint and its delivery log.", tag: TAG }), idParam, async (c) => {
    await deleteEndpoint(c.get("db"), c.get("user").id, c.req.valid("param").id);
    return c.body(null, 204);
  })
  .get("/webhooks/:id/deliveries", requireAuth(), describe({ summary: "The endpoint's last 50 delivery attempts, newest first.", tag: TAG }), idParam, async (c) => {
    return c.json({ results: await listDeliveries(c.get("db"), c.get("user").id, c.req.valid("param").id) });
  })
  .post("/webhooks/:id/test", requireAuth(), describe({ summary: "Queue a test event (type 'ping', data.label null) to the endpoint.", tag: TAG }), idParam, async (c) => {
    const endpoint = await ownEndpoint(c.get("db"), c.get("user").id, c.req.valid("param").id);
    const event = { id: newId("evt"), type: TEST_EVENT_TYPE, created: Math.floor(Date.now() / 1000), labelId: null };
    await enqueue(c.env, c.get("db"), { type: "webhook.deliver", endpointId: endpoint.id, event });
    return c.json({ queued: true as const, eventId: event.id });
  });

export default routes;
