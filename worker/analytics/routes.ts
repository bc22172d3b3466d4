import { Hono } from "hono";
import type { AppEnv } from "../context";
import { describe } from "../lib/openapi-meta";
import { validate } from "../lib/validate";
import { requireAuth } from "../auth/require-auth";
import { analyticsQuerySchema, analyticsSummary, analyticsTimeseries } from "./analytics";
import { buyerAnalytics } from "./buyers";
import { deliveryAnalytics } from "./delivery";
import { analyticsSummarySchema, analyticsTimeseriesSchema, buyerAnalyticsSchema, deliveryAnalyticsSchema } from "./model";

/** What the analytics calls take, for the API reference. */
const FILTERS_DOC =
  "Only the caller's labels. Query: from and to are UK calendar days (YYYY-MM-DD, Europe/London), inclusive, " +
  "at most 366 days apart; they default to the last 30 days up to today. time_on can only be " +
  "shipping_label_created: the label's shipping date, falling back to the day it was created. courier: all or " +
  "a courier id from GET /couriers. lost and next_day: 1 or 0. tags: a comma-separated list of at most 20 tags; a label matches when " +
  "it has ANY of them (each label is counted once, however many of them it has).";
const ROLLUP_DOC = " The numbers come from daily rollups and answer in milliseconds with or without tags, even for a year of 1,000,000 labels.";

const routes = new Hono<AppEnv>()
  .get(
    "/labels/analytics/summary",
    describe({
      summary: "Analytics summary: totals, average weight, lost mix and Evri next-day mix",
      description: FILTERS_DOC + ROLLUP_DOC,
      tag: "Analytics",
      response: analyticsSummarySchema,
    }),
    requireAuth({ apiKey: true }),
    validate("query", analyticsQuerySchema),
    async (c) => c.json(await analyticsSummary(c.get("db"), c.get("user").id, c.req.valid("query"))),
  )
  .get(
    "/labels/analytics/timeseries",
    describe({
      summary: "Labels per UK day (bucket=day, metric=count), every day of the range present",
      description: `${FILTERS_DOC}${ROLLUP_DOC} bucket can only be day and metric only count.`,
      tag: "Analytics",
      response: analyticsTimeseriesSchema,
    }),
    requireAuth({ apiKey: true }),
    validate("query", analyticsQuerySchema),
    async (c) => c.json(await analyticsTimeseries(c.get("db"), c.get("user").id, c.req.valid("query"))),
  )
  .get(
    "/labels/analytics/delivery",
    describe({
      summary: "On-time analytics: on-time rate against each service's aim, days to the first scan, transit days per courier and service, lost and claimed",
      description:
        `${FILTERS_DOC} ` +
        "Days are UK working days (Monday to Friday, England and Wales bank holidays excluded): to the first scan from the " +
        "shipping day, in transit from the first scan's day to the delivery's. A parcel is on time when delivered by the last day " +
        "of its service's delivery aim (the label's deadlines' expectedBy). The delivery figures count a label once its tracking has been saved; lost and claimed count every label.",
      tag: "Analytics",
      response: deliveryAnalyticsSchema,
    }),
    requireAuth({ apiKey: true }),
    validate("query", analyticsQuerySchema),
    async (c) => c.json(await deliveryAnalytics(c.get("db"), c.get("user").id, c.req.valid("query"))),
  )
  .get(
    "/labels/analytics/buyers",
    describe({
      summary: "What buyers saw: tracking page views, pages opened and shared, and tracking e-mails sent, for the matching labels",
      description: `${FILTERS_DOC} Counts only: no buyer's e-mail address is part of analytics.`,
      tag: "Analytics",
      response: buyerAnalyticsSchema,
    }),
    requireAuth({ apiKey: true }),
    validate("query", analyticsQuerySchema),
    async (c) => c.json(await buyerAnalytics(c.get("db"), c.get("user").id, c.req.valid("query"))),
  );

export default routes;
