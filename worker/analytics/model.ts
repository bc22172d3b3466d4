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
