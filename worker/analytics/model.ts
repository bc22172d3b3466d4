import { z } from "zod";

/**
 * The analytics answers: schemas for the API reference,
 * types for the web app (which imports this file's types only, so nothing of the worker is bundled).
 */
export const analyticsSummarySchema = z.object({
  totals: z.object({ rows: z.number().int().describe("Labels matching the filters") }),
  weightStats: z.object({
    avg: z.number().nullable().describe("Mean weight in grams of the matching labels that have one; null when none has"),
  }),
  lostMix: z.array(z.object({ lost: z.boolean(), count: z.number().int() })).describe("Potentially lost or not"),
  nextDayMixEvri: z
    .array(z.object({ isNextDay: z.boolean(), count: z.number().int() }))
    .describe("Evri labels by service, next-day or standard; labels whose service is not known are left out"),
});
export const analyticsTimeseriesSchema = z.object({
  points: z
    .array(z.object({ ts: z.string().describe("UK day, YYYY-MM-DD"), value: z.number().int().describe("Labels that day") }))
    .describe("Every day of the range in order, 0 for days without labels"),
});
export type AnalyticsSummary = z.infer<typeof analyticsSummarySchema>;
export type AnalyticsTimeseries = z.infer<typeof analyticsTimeseriesSchema>;

/** The transit and first-scan buckets: 0 to 4 working days, then 5 or more. */
export const TRANSIT_BUCKETS = ["0", "1", "2", "3", "4", "5+"] as const;
const bucketCounts = (what: string) =>
  z.array(z.number().int()).length(TRANSIT_BUCKETS.length).describe(`${what}: counts for 0, 1, 2, 3, 4 and 5 or more UK working days`);
const median = (what: string) => z.number().nullable().describe(`${what}, in UK working days (10 means 10 or more); null when no label has one`);
const rate = z.number().min(0).max(1).nullable().describe("Delivered on time / delivered (0 to 1); null when none was delivered");

const deliveryGroupSchema = z.object({
  courier: z.string().describe("Courier id"),
  service: z.string().nullable().describe("The service's name as the carrier (else the label) gives it; null: not known, or every service of the courier"),
  labels: z.number().int().describe("Labels matching the filters"),
  delivered: z.number().int().describe("Delivered (or collected) labels with a carrier scan"),
  onTime: z.number().int().describe("Delivered by the last day of the service's delivery aim, counted from the first scan"),
  onTimeRate: rate,
  medianTransitDays: median("Median time from the first scan to delivery"),
  transitDays: bucketCounts("Delivered labels by time from the first scan to delivery"),
});
export const deliveryAnalyticsSchema = z.object({
  totals: z.object({
    labels: z.number().int().describe("Labels matching the filters"),
    delivered: z.number().int().describe("Delivered (or collected) labels with a carrier scan"),
    onTime: z.number().int().describe("Delivered by their service's expected day"),
    lost: z.number().int().describe("Flagged potentially lost"),
    claimed: z.number().int().describe("Marked as claimed by the user"),
  }),
  onTimeRate: rate,
  firstScan: z.object({
    scanned: z.number().int().describe("Labels with a carrier scan"),
    medianDays: median("Median time from the shipping day to the first scan"),
    days: bucketCounts("Scanned labels by time from the shipping day to the first scan"),
  }),
  transit: z.object({
    medianDays: median("Median time from the first scan to delivery"),
    days: bucketCounts("Delivered labels by time from the first scan to delivery"),
  }),
  couriers: z.array(deliveryGroupSchema).describe("Per courier (service null), by courier id"),
  services: z.array(deliveryGroupSchema).describe("Per courier and service: by courier id, then most delivered first"),
});
export type DeliveryGroup = z.infer<typeof deliveryGroupSchema>;
export type DeliveryAnalytics = z.infer<typeof deliveryAnalyticsSchema>;

export const buyerAnalyticsSchema = z.object({
  pageViews: z.number().int().describe("Times buyers opened the tracking pages of the matching labels (link previews and crawlers not counted)"),
  pagesOpened: z.number().int().describe("Matching labels whose tracking page was opened at least once"),
  pagesShared: z.number().int().describe("Matching labels whose tracking page is shared now"),
  mailsSent: z.number().int().describe("Tracking e-mails sent to the buyers of the matching labels (each moment and 'Send to buyer')"),
});
export type BuyerAnalytics = z.infer<typeof buyerAnalyticsSchema>;
