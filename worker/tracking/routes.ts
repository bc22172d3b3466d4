import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context";
import { ApiError, notFound } from "../lib/errors";
import { describe } from "../lib/openapi-meta";
import { validate } from "../lib/validate";
import { requireAuth } from "../auth/require-auth";
import { courierById } from "../couriers/registry";
import { findOwnLabel, refreshLabelTracking, trackingClientFor } from "./tracking";

/** An interactive refresh waits for the carrier at most ~10 s: one retry, shorter timeouts. */
const INTERACTIVE_HTTP = { timeoutMs: 4_000, retries: 1, backoffMs: 300, maxRetryAfterMs: 1_000 };

const routes = new Hono<AppEnv>().post(
  "/label/:id/refresh-tracking",
  requireAuth({ apiKey: true }),
  describe({ summary: "Ask the carrier for the label's tracking now (at most once a minute per label), and answer the label as it is then." }),
  validate("param", z.object({ id: z.string().trim().min(1).max(100) })),
  async (c) => {
    const { id } = c.req.valid("param");
    const label = await findOwnLabel(c.get("db"), c.get("user").id, id);
    if (!label) throw notFound("Label not found.");
    if (!trackingClientFor(c.env, label.courier)) {
      const courier = courierById(label.courier);
      throw new ApiError(409, courier?.trackingUnavailable ?? "Tracking is not available for this courier.");
    }
    const { success } = await c.env.TRACKING_REFRESH_LIMITER.limit({ key: `label:${label.id}` });
    if (!success) throw new ApiError(429, "Tracking for this label was refreshed moments ago. Please wait a minute and try again.");

    const result = await refreshLabelTracking(c.env, c.get("db"), label.id, { force: true, http: INTERACTIVE_HTTP });
    if (result.kind === "busy") throw new ApiError(409, "This label's tracking is being refreshed right now. Please try again in a moment.");
    if (result.kind === "failed") throw new ApiError(502, result.error.message);
    if (result.kind === "deferred") throw new ApiError(429, "Tracking look-ups with this carrier are at their limit for this minute. Please try again shortly.");
    if (result.kind !== "refreshed" && result.kind !== "unknown") throw notFound("Label not found.");

    const row = (await findOwnLabel(c.get("db"), c.get("user").id, label.id))!;
    const iso = (v: number | null) => (v === null ? null : new Date(v).toISOString());
    return c.json({
      tracking: { status: row.trackingStatus, checkedAt: iso(row.trackingCheckedAt), error: row.trackingError },
      events: result.events,
      lostStatus: {
        potentiallyLost: row.potentiallyLost,
        potentiallyLostAt: iso(row.potentiallyLostAt),
        lostEmailSentAt: iso(row.lostEmailSentAt),
        reason: row.lostReason,
      },
    });
  },
);

export default routes;
