import { Hono } from "hono";
import type { AppEnv } from "../context";
import { validate } from "../lib/validate";
import { requireAuth } from "../middleware/auth";
import { analyticsQuerySchema, analyticsSummary, analyticsTimeseries } from "../services/analytics";

/**
 * Analytics of the caller's own labels (SPEC §7), with an access token or a developer API key.
 *
 * Query (both calls): from, to (YYYY-MM-DD, UK calendar days, inclusive; default the last 30 days
 * up to today; at most 366 days), time_on (only shipping_label_created: the label's shipping date,
 * falling back to its creation), courier (all, evri, royalmail), lost (1/0), next_day (1/0),
 * tags (comma list, at most 20: a label matches when it has ANY of them).
 * Timeseries also takes bucket=day and metric=count, the only ones there are.
 */
const routes = new Hono<AppEnv>()
  .get("/labels/analytics/summary", requireAuth({ apiKey: true }), validate("query", analyticsQuerySchema), async (c) =>
    c.json(await analyticsSummary(c.get("db"), c.get("user").id, c.req.valid("query"))),
  )
  .get("/labels/analytics/timeseries", requireAuth({ apiKey: true }), validate("query", analyticsQuerySchema), async (c) =>
    c.json(await analyticsTimeseries(c.get("db"), c.get("user").id, c.req.valid("query"))),
  );

export default routes;
