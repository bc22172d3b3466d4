import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { analyticsQuerySchema, summaryStatement, timeseriesStatement } from "../../worker/analytics/analytics";
import { db } from "./helpers";

type Statement = { toSQL(): { sql: string; params: unknown[] } } | { getQuery(): { sql: string; params: unknown[] } };

/** EXPLAIN QUERY PLAN of a drizzle statement, one detail line per step. */
async function plan(statement: Statement): Promise<string[]> {
  const { sql, params } = "toSQL" in statement ? statement.toSQL() : statement.getQuery();
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...params).all<{ detail: string }>();
  return results.map((r) => r.detail);
}

const q = (params: Record<string, string>) => analyticsQuerySchema.parse({ from: "2026-01-01", to: "2026-12-31", ...params });
const both = (params: Record<string, string>) => [summaryStatement(db(), 1, q(params)), timeseriesStatement(db(), 1, q(params))];

// The plans are also written down in bench/README.md ('Analytics').
describe("analytics query plans", () => {
  for (const [name, params] of [
    ["no filter", {}],
    ["courier, lost and next-day", { courier: "evri", lost: "0", next_day: "1" }],
  ] as const) {
    it(`reads only the rollup's primary key with ${name}`, async () => {
      for (const statement of both(params)) {
        expect(await plan(statement)).toEqual(["SEARCH label_day_stats USING PRIMARY KEY (user_id=? AND day>? AND day<?)"]);
      }
    });
  }

  for (const [name, params] of [
    ["one tag", { tags: "ebay" }],
    ["one tag, courier, lost and next-day", { tags: "ebay", courier: "royalmail", lost: "1", next_day: "0" }],
  ] as const) {
    it(`reads only the per-tag rollup's primary key with ${name}`, async () => {
      for (const statement of both(params)) {
        expect(await plan(statement)).toEqual([
          "SEARCH label_tag_day_stats USING PRIMARY KEY (user_id=? AND tag=? AND day>? AND day<?)",
        ]);
      }
    });
  }

  for (const [name, params] of [
    ["several tags", { tags: "ebay,gift" }],
    ["several tags, courier and lost", { tags: "ebay,gift,etsy", courier: "royalmail", lost: "1" }],
  ] as const) {
    it(`reads the tag-set rollup of the sets holding any of the tags with ${name}`, async () => {
      const [summary, timeseries] = both(params);
      const steps = [
        "SEARCH label_tag_set_day_stats USING PRIMARY KEY (user_id=? AND tag_set=? AND day>? AND day<?)",
        "LIST SUBQUERY 1",
        "SEARCH tag_set_tags USING PRIMARY KEY (user_id=? AND tag=?)",
      ];
      expect(await plan(summary)).toEqual(steps);
      // Rows of several sets share a day: the days (at most 366) are grouped in a temporary B-tree.
      expect(await plan(timeseries)).toEqual([...steps, "USE TEMP B-TREE FOR GROUP BY"]);
    });
  }
});
