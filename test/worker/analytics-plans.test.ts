import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { analyticsQuerySchema, summaryStatements, timeseriesStatements } from "../../worker/services/analytics";
import { db } from "./helpers";

type Statement = { toSQL(): { sql: string; params: unknown[] } } | { getQuery(): { sql: string; params: unknown[] } };

/** EXPLAIN QUERY PLAN of a drizzle statement, one detail line per step. */
async function plan(statement: Statement): Promise<string[]> {
  const { sql, params } = "toSQL" in statement ? statement.toSQL() : statement.getQuery();
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...params).all<{ detail: string }>();
  return results.map((r) => r.detail);
}

const q = (params: Record<string, string>) => analyticsQuerySchema.parse({ from: "2026-01-01", to: "2026-12-31", ...params });
const both = (params: Record<string, string>) => [summaryStatements(db(), 1, q(params)), timeseriesStatements(db(), 1, q(params))];

// The plans are also written down in bench/README.md ('Analytics').
describe("analytics query plans", () => {
  for (const [name, params] of [
    ["no filter", {}],
    ["courier, lost and next-day", { courier: "evri", lost: "0", next_day: "1" }],
  ] as const) {
    it(`reads only the rollup's primary key with ${name}`, async () => {
      for (const { rollup, surplus } of both(params)) {
        expect(surplus).toBeNull();
        expect(await plan(rollup)).toEqual(["SEARCH label_day_stats USING PRIMARY KEY (user_id=? AND day>? AND day<?)"]);
      }
    });
  }

  for (const [name, params] of [
    ["one tag", { tags: "ebay" }],
    ["one tag, courier, lost and next-day", { tags: "ebay", courier: "royalmail", lost: "1", next_day: "0" }],
  ] as const) {
    it(`reads only the per-tag rollup's primary key with ${name}`, async () => {
      for (const { rollup, surplus } of both(params)) {
        expect(surplus).toBeNull();
        expect(await plan(rollup)).toEqual([
          "SEARCH label_tag_day_stats USING PRIMARY KEY (user_id=? AND tag=? AND day>? AND day<?)",
        ]);
      }
    });
  }

  for (const [name, params] of [
    ["several tags", { tags: "ebay,gift" }],
    ["several tags, courier and lost", { tags: "ebay,gift,etsy", courier: "royalmail", lost: "1" }],
  ] as const) {
    it(`adds up the per-tag rollup and reads only the labels with two of the tags with ${name}`, async () => {
      for (const { rollup, surplus } of both(params)) {
        const sums = await plan(rollup);
        expect(sums[0]).toBe("SEARCH label_tag_day_stats USING PRIMARY KEY (user_id=? AND tag=? AND day>? AND day<?)");
        expect(sums.filter((s) => /\bSCAN\b/.test(s))).toEqual([]);

        const steps = await plan(surplus!);
        // The tag rows of each ranked tag, a probe for a higher-ranked tag on the same label, then that label.
        expect(steps).toContain("SEARCH t USING COVERING INDEX label_tags_analytics (user_id=? AND tag=?)");
        expect(steps).toContain("SEARCH p USING COVERING INDEX label_tags_analytics (user_id=? AND tag=? AND label_id=?)");
        expect(steps).toContain("SEARCH l USING INDEX sqlite_autoindex_labels_1 (id=?)");
        // The ranking reads the per-tag rollup; nothing is scanned but the requested tags (j: json_each, r/r2:
        // the ranked tags) and the already aggregated answer (surplus).
        expect(steps).toContain("SEARCH s USING PRIMARY KEY (user_id=? AND tag=? AND day>? AND day<?)");
        expect(steps.filter((s) => /\bSCAN\b/.test(s) && !/^SCAN (j|r|r2|surplus|\(subquery-\d+\))( |$)/.test(s))).toEqual([]);
        expect(steps.join("\n")).not.toMatch(/labels_analytics|SCAN l\b|SCAN t\b|SCAN p\b/);
      }
    });
  }
});
