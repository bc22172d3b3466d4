import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { analyticsQuerySchema, summaryStatement, timeseriesStatement } from "../../worker/services/analytics";
import { db } from "./helpers";

/** EXPLAIN QUERY PLAN of a drizzle statement, one detail line per step. */
async function plan(statement: { toSQL(): { sql: string; params: unknown[] } }): Promise<string[]> {
  const { sql, params } = statement.toSQL();
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...params).all<{ detail: string }>();
  return results.map((r) => r.detail);
}

const q = (params: Record<string, string>) => analyticsQuerySchema.parse({ from: "2026-01-01", to: "2026-12-31", ...params });

// The plans are also written down in bench/README.md ('Analytics').
describe("analytics query plans", () => {
  for (const [name, params] of [
    ["no filter", {}],
    ["courier, lost and next-day", { courier: "evri", lost: "0", next_day: "1" }],
  ] as const) {
    it(`reads only the rollup's primary key with ${name}`, async () => {
      for (const statement of [summaryStatement(db(), 1, q(params)), timeseriesStatement(db(), 1, q(params))]) {
        expect(await plan(statement)).toEqual(["SEARCH label_day_stats USING PRIMARY KEY (user_id=? AND day>? AND day<?)"]);
      }
    });
  }

  for (const [name, params] of [
    ["one tag", { tags: "ebay" }],
    ["tags, courier and lost", { tags: "ebay,gift", courier: "royalmail", lost: "1" }],
  ] as const) {
    it(`reads only covering indexes with ${name}, never the labels table, and needs no sort`, async () => {
      for (const statement of [summaryStatement(db(), 1, q(params)), timeseriesStatement(db(), 1, q(params))]) {
        const steps = await plan(statement);
        expect(steps).toContain("SEARCH labels USING COVERING INDEX labels_analytics (user_id=? AND shipped_on>? AND shipped_on<?)");
        expect(steps).toContain("SEARCH label_tags USING COVERING INDEX label_tags_analytics (user_id=? AND tag=?)");
        expect(steps.filter((s) => /\bSCAN\b|TEMP B-TREE/.test(s))).toEqual([]);
      }
    });
  }
});
