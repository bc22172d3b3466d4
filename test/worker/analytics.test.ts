import { eq, inArray, sql } from "drizzle-orm";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { labelTagDayStats, labelTags, labels, users } from "../../worker/db/schema";
import { sha256Hex } from "../../worker/lib/crypto";
import { addDays, ukDayOf as ukDay } from "../../shared/uk-calendar";
import {
  expectedPoints,
  expectedSummary,
  insertSeed,
  makeSeed,
  query,
  TAG_POOL,
  type Filters,
  type SeedLabel,
} from "./analytics-fixtures";
import { allPairs } from "./all-pairs";
import { call, createUser, db, type TestUser } from "./helpers";

const SUMMARY = "/api/v1/labels/analytics/summary";
const SERIES = "/api/v1/labels/analytics/timeseries";

async function get(path: string, f: Record<string, string | undefined>, token: string) {
  const res = await call(`${path}?${query(f)}`, { token });
  return { status: res.status, body: (await res.json()) as any };
}

describe("analytics summary and time series over seeded labels", () => {
  let user: TestUser;
  let seed: SeedLabel[];

  beforeAll(async () => {
    user = await createUser();
    // About five months, across the spring BST change, both couriers, tags, lost and next-day mixes.
    seed = makeSeed(420, "2026-01-15", 150);
    await insertSeed(user.id, seed);
    // Another user's labels on the same days must never be counted.
    const other = await createUser();
    await insertSeed(other.id, makeSeed(120, "2026-01-15", 150, 99));
  });

  const ranges: [string, string][] = [
    ["2026-01-15", "2026-06-13"],
    ["2026-03-20", "2026-04-10"],
  ];
  const couriers = [undefined, "All", "evri", "royalmail", "Royal Mail"];
  const flags = [undefined, "0", "1"];
  // One tag reads the per-tag rollup; several the tag-set rollup.
  const tagFilters = [undefined, "ebay", "ebay, Fragile", "etsy, gift ,Fragile", "nosuchtag"];

  it("matches numbers computed independently for every pair of filter values", async () => {
    // Every value of each filter beside every value of each other one (test/worker/all-pairs.ts): 26 combinations, where
    // the full product was 450 (900 calls, most of the file's 54 s in a clean-clone CI) and held no more pairs.
    const dimensions = [ranges, couriers, flags, flags, tagFilters] as const;
    const combinations = allPairs(dimensions);
    expect(combinations.length).toBeLessThan(30);
    for (let i = 0; i < dimensions.length; i++)
      for (let j = i + 1; j < dimensions.length; j++)
        for (const a of dimensions[i])
          for (const b of dimensions[j]) expect(combinations.some((c) => c[i] === a && c[j] === b), `${i}=${a} beside ${j}=${b}`).toBe(true);
    for (const [[from, to], courier, lost, next_day, tags] of combinations) {
      const f: Filters = { from, to, courier, lost, next_day, tags };
      const [summary, series] = await Promise.all([
        get(SUMMARY, { ...f, time_on: "shipping_label_created" }, user.token),
        get(SERIES, { ...f, time_on: "shipping_label_created", bucket: "day", metric: "count" }, user.token),
      ]);
      const label = JSON.stringify(f);
      expect(summary.status, label).toBe(200);
      expect(summary.body, label).toEqual(expectedSummary(seed, f));
      expect(series.status, label).toBe(200);
      expect(series.body, label).toEqual({ points: expectedPoints(seed, f) });
    }
    // The seed is not degenerate: the full range sees every kind of label.
    const all = expectedSummary(seed, { from: "2026-01-15", to: "2026-06-13" });
    expect(all.totals.rows).toBe(420);
    expect(all.lostMix.every((m) => m.count > 0) && all.nextDayMixEvri.every((m) => m.count > 0)).toBe(true);
  }, 120_000);

  it("fills every day of the range with zeros where there are no labels, in order", async () => {
    const { body } = await get(SERIES, { from: "2025-12-30", to: "2026-01-20" }, user.token);
    expect(body.points).toHaveLength(22);
    expect(body.points.slice(0, 16).every((p: { value: number }) => p.value === 0)).toBe(true);
    expect(body.points.map((p: { ts: string }) => p.ts)).toEqual(
      Array.from({ length: 22 }, (_, i) => addDays("2025-12-30", i)),
    );
  });

  it("answers an empty summary for a range without labels", async () => {
    const { body } = await get(SUMMARY, { from: "2025-01-01", to: "2025-01-31" }, user.token);
    expect(body).toEqual({
      totals: { rows: 0 },
      weightStats: { avg: null },
      lostMix: [
        { lost: true, count: 0 },
        { lost: false, count: 0 },
      ],
      nextDayMixEvri: [
        { isNextDay: true, count: 0 },
        { isNextDay: false, count: 0 },
      ],
    });
  });

  it("defaults to the last 30 UK days up to today", async () => {
    const before = ukDay(Date.now());
    const { status, body } = await get(SERIES, {}, user.token);
    const after = ukDay(Date.now());
    expect(status).toBe(200);
    expect(body.points).toHaveLength(30);
    // The request's today: the UK day before or after it (the same one unless the call ran across UK midnight).
    expect([before, after]).toContain(body.points.at(-1).ts);
    expect(body.points[0].ts).toBe(addDays(body.points.at(-1).ts, -29));
  });
});

describe("UK calendar days across the clock changes", () => {
  it("puts late-evening UTC instants on the UK day they fall on", () => {
    expect(ukDay(Date.parse("2026-03-28T23:30:00Z"))).toBe("2026-03-28"); // GMT
    expect(ukDay(Date.parse("2026-03-29T23:30:00Z"))).toBe("2026-03-30"); // BST: 00:30 next day
    expect(ukDay(Date.parse("2026-10-24T23:30:00Z"))).toBe("2026-10-25"); // still BST
    expect(ukDay(Date.parse("2026-10-25T23:30:00Z"))).toBe("2026-10-25"); // GMT again
  });

  it("counts labels on the BST change days once each, with no day lost or doubled", async () => {
    const user = await createUser();
    const instants = [
      "2026-03-28T23:30:00Z",
      "2026-03-29T00:30:00Z",
      "2026-03-29T01:30:00Z",
      "2026-03-29T23:30:00Z",
      "2026-10-24T22:59:00Z",
      "2026-10-24T23:30:00Z",
      "2026-10-25T00:30:00Z",
      "2026-10-25T01:30:00Z",
      "2026-10-25T23:30:00Z",
    ];
    const seed: SeedLabel[] = instants.map((at, i) => ({
      id: `bst_${user.id}_${i}`,
      courier: "evri",
      shippedOn: ukDay(Date.parse(at)),
      weightGrams: 100,
      isNextDay: false,
      potentiallyLost: false,
      tags: [],
    }));
    await insertSeed(user.id, seed);

    const spring = await get(SERIES, { from: "2026-03-28", to: "2026-03-30" }, user.token);
    expect(spring.body.points).toEqual([
      { ts: "2026-03-28", value: 1 },
      { ts: "2026-03-29", value: 2 },
      { ts: "2026-03-30", value: 1 },
    ]);
    const autumn = await get(SERIES, { from: "2026-10-24", to: "2026-10-26" }, user.token);
    expect(autumn.body.points).toEqual([
      { ts: "2026-10-24", value: 1 },
      { ts: "2026-10-25", value: 4 },
      { ts: "2026-10-26", value: 0 },
    ]);
    // A range over both changes has every calendar day exactly once.
    const year = await get(SERIES, { from: "2026-03-01", to: "2026-10-31" }, user.token);
    const days = year.body.points.map((p: { ts: string }) => p.ts);
    expect(days).toHaveLength(245);
    expect(new Set(days).size).toBe(245);
    expect(days.filter((d: string) => d === "2026-03-29" || d === "2026-10-25")).toHaveLength(2);
    expect(year.body.points.reduce((a: number, p: { value: number }) => a + p.value, 0)).toBe(instants.length);
    const oneDay = await get(SUMMARY, { from: "2026-10-25", to: "2026-10-25" }, user.token);
    expect(oneDay.body.totals.rows).toBe(4);
  });
});

describe("the rollup follows label changes", () => {
  it("stays exact when labels are flagged, re-dated, re-weighed, re-tagged and deleted", async () => {
    const user = await createUser();
    const seed = makeSeed(60, "2026-05-01", 20, 3);
    await insertSeed(user.id, seed);
    const d = db();
    const f = { from: "2026-05-01", to: "2026-05-31" };
    const check = async () => {
      for (const extra of [{}, { lost: "1" }, { lost: "0", courier: "evri", next_day: "1" }, { tags: "gift" }]) {
        const q = { ...f, ...extra };
        expect((await get(SUMMARY, q, user.token)).body, JSON.stringify(q)).toEqual(expectedSummary(seed, q));
        expect((await get(SERIES, q, user.token)).body.points, JSON.stringify(q)).toEqual(expectedPoints(seed, q));
      }
    };
    await check();

    const [a, b, c, e] = seed;
    a.potentiallyLost = !a.potentiallyLost;
    await d.update(labels).set({ potentiallyLost: a.potentiallyLost }).where(eq(labels.id, a.id));
    b.shippedOn = "2026-05-25";
    b.weightGrams = null;
    await d.update(labels).set({ shippedOn: b.shippedOn, weightGrams: null }).where(eq(labels.id, b.id));
    c.courier = "evri";
    c.isNextDay = true;
    c.weightGrams = 1234;
    await d.update(labels).set({ courier: "evri", isNextDay: true, weightGrams: 1234 }).where(eq(labels.id, c.id));
    // An update that changes nothing analytics reads.
    await d.update(labels).set({ notes: "hello" }).where(eq(labels.id, e.id));
    // Tags re-written by hand: the per-tag rollup follows label_tags.
    e.tags = ["gift"];
    await d.delete(labelTags).where(eq(labelTags.labelId, e.id));
    await d.insert(labelTags).values({ labelId: e.id, userId: user.id, tag: "gift" });
    const gone = seed.splice(5, 3);
    await d.delete(labels).where(inArray(labels.id, gone.map((l) => l.id)));
    await check();
  });
});

describe("the tag rollups follow label and tag changes", () => {
  /** label_tag_set_day_stats of a user, and the same rows counted afresh: each tagged label once, under its set. */
  async function tagSetRows(userId: number) {
    const grouped = (from: string) =>
      env.DB.prepare(
        `SELECT tag_set AS tagSet, day, courier, lost, next_day AS nextDay, sum(labels) AS labels,
                sum(weight_sum) AS weightSum, sum(weight_count) AS weightCount FROM (${from})
         GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`,
      )
        .bind(userId)
        .all();
    const stored = await grouped(`SELECT * FROM label_tag_set_day_stats WHERE user_id = ?1`);
    const counted = await grouped(
      `SELECT (SELECT json_group_array(tag) FROM (SELECT t.tag FROM label_tags t
                 WHERE t.label_id = l.id AND t.user_id = l.user_id ORDER BY t.tag)) AS tag_set,
              l.shipped_on AS day, l.courier, l.potentially_lost AS lost, coalesce(l.is_next_day, -1) AS next_day,
              1 AS labels, coalesce(l.weight_grams, 0) AS weight_sum, l.weight_grams IS NOT NULL AS weight_count
       FROM labels l WHERE l.user_id = ?1
         AND EXISTS (SELECT 1 FROM label_tags t WHERE t.label_id = l.id AND t.user_id = l.user_id)`,
    );
    // Every stored set is listed under each of its tags.
    const { results: unlisted } = await env.DB.prepare(
      `SELECT s.tag_set, j.value FROM label_tag_set_day_stats s, json_each(s.tag_set) j WHERE s.user_id = ?1
         AND NOT EXISTS (SELECT 1 FROM tag_set_tags m WHERE m.user_id = ?1 AND m.tag = j.value AND m.tag_set = s.tag_set)`,
    )
      .bind(userId)
      .all();
    return { stored: stored.results, counted: counted.results, unlisted };
  }

  /** label_tag_day_stats of a user, and the same rows counted afresh from labels and label_tags. */
  async function rollupRows(userId: number) {
    const s = labelTagDayStats;
    const stored = await db()
      .select({ tag: s.tag, day: s.day, courier: s.courier, lost: s.lost, nextDay: s.nextDay, labels: s.labels, weightSum: s.weightSum, weightCount: s.weightCount })
      .from(s)
      .where(eq(s.userId, userId))
      .orderBy(s.tag, s.day, s.courier, s.lost, s.nextDay);
    const { results } = await env.DB.prepare(
      `SELECT t.tag, l.shipped_on AS day, l.courier, l.potentially_lost AS lost, coalesce(l.is_next_day, -1) AS nextDay,
              count(*) AS labels, coalesce(sum(l.weight_grams), 0) AS weightSum, count(l.weight_grams) AS weightCount
       FROM label_tags t JOIN labels l ON l.id = t.label_id AND l.user_id = t.user_id
       WHERE l.user_id = ? GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`,
    )
      .bind(userId)
      .all();
    return { stored, counted: results };
  }

  it("answers exactly what the labels say after flags, weights, days, couriers, PUT tag edits and deletes", async () => {
    const user = await createUser();
    const seed = makeSeed(90, "2026-05-01", 20, 5);
    await insertSeed(user.id, seed);
    // Another user's labels with the same tags on the same days.
    await insertSeed((await createUser()).id, makeSeed(30, "2026-05-01", 20, 6));
    const d = db();
    const tagFilters = [...TAG_POOL, "gift,ebay", "Fragile, etsy, ebay", "nosuchtag"];
    const extras: Record<string, string>[] = [
      {},
      { lost: "1" },
      { lost: "0", courier: "evri", next_day: "1" },
      { courier: "Royal Mail" },
      { next_day: "0" },
    ];
    // Every tag filter beside every other filter and both ranges (test/worker/all-pairs.ts), not the full product.
    const ranges = [["2026-05-01", "2026-05-31"], ["2026-05-06", "2026-05-12"]] as const;
    const combinations = allPairs([ranges, tagFilters, extras]);
    let checks = 0;
    const check = async (when: string) => {
      const { stored, counted } = await rollupRows(user.id);
      expect(stored, when).toEqual(counted);
      expect(stored.length, when).toBeGreaterThan(0);
      const sets = await tagSetRows(user.id);
      expect(sets.stored, when).toEqual(sets.counted);
      expect(sets.stored.some((r) => JSON.parse(String(r.tagSet)).length >= 2), when).toBe(true);
      expect(sets.unlisted, when).toEqual([]);
      for (const [[from, to], tags, extra] of combinations) {
        const f = { from, to, tags, ...extra };
        const label = `${when} ${JSON.stringify(f)}`;
        const [summary, series] = await Promise.all([get(SUMMARY, f, user.token), get(SERIES, f, user.token)]);
        expect(summary.body, label).toEqual(expectedSummary(seed, f));
        expect(series.body.points, label).toEqual(expectedPoints(seed, f));
        checks++;
      }
    };
    await check("as seeded");

    // Label updates of every counted column, on tagged labels.
    const tagged = seed.filter((l) => l.tags.length >= 2);
    expect(tagged.length).toBeGreaterThanOrEqual(6);
    const [a, b, c, e, g] = tagged;
    a.potentiallyLost = !a.potentiallyLost;
    await d.update(labels).set({ potentiallyLost: a.potentiallyLost }).where(eq(labels.id, a.id));
    b.weightGrams = b.weightGrams === null ? 777 : null;
    await d.update(labels).set({ weightGrams: b.weightGrams }).where(eq(labels.id, b.id));
    c.shippedOn = c.shippedOn === "2026-05-10" ? "2026-05-11" : "2026-05-10";
    await d.update(labels).set({ shippedOn: c.shippedOn }).where(eq(labels.id, c.id));
    e.courier = e.courier === "evri" ? "royalmail" : "evri";
    e.isNextDay = e.courier === "evri" ? true : null;
    await d.update(labels).set({ courier: e.courier, isNextDay: e.isNextDay }).where(eq(labels.id, e.id));
    g.weightGrams = 4321;
    g.shippedOn = "2026-05-07";
    g.potentiallyLost = true;
    await d.update(labels).set({ weightGrams: 4321, shippedOn: g.shippedOn, potentiallyLost: true }).where(eq(labels.id, g.id));
    // Updates that change nothing counted.
    await d.update(labels).set({ notes: "hello", courier: a.courier }).where(eq(labels.id, a.id));
    await check("after label updates");

    // Tag edits through the API: replaced, cleared, added to an untagged label, case kept apart.
    const untagged = seed.find((l) => !l.tags.length)!;
    for (const [l, tags] of [
      [tagged[0], ["etsy", "Fragile"]],
      [tagged[1], []],
      [untagged, ["gift", "ebay", "Gift"]],
      [tagged[2], [...tagged[2].tags]],
    ] as [SeedLabel, string[]][]) {
      const res = await call(`/api/v1/label/${l.id}`, { method: "PUT", token: user.token, json: { notes: "", tags } });
      expect(res.status, l.id).toBe(200);
      l.tags = tags;
    }
    await check("after PUT /label tag edits");
    expect((await get(SUMMARY, { from: "2026-05-01", to: "2026-05-31", tags: "Gift" }, user.token)).body.totals.rows).toBe(1);

    // Deletes: tagged labels (their tags go with them) and an untagged one.
    const gone = [tagged[3], tagged[4], tagged[0], untagged, seed.find((l) => !l.tags.length && l !== untagged)!];
    await d.delete(labels).where(inArray(labels.id, gone.map((l) => l.id)));
    for (const l of gone) seed.splice(seed.indexOf(l), 1);
    const orphans = await d.select({ n: sql<number>`count(*)` }).from(labelTags).where(inArray(labelTags.labelId, gone.map((l) => l.id)));
    expect(orphans[0].n).toBe(0);
    const leftInSets = await env.DB.prepare(
      `SELECT count(*) AS n FROM label_tag_sets WHERE label_id IN (${gone.map(() => "?").join(",")})`,
    )
      .bind(...gone.map((l) => l.id))
      .first<{ n: number }>();
    expect(leftInSets?.n).toBe(0);
    await check("after deletes");
    expect(checks).toBe(4 * combinations.length);
  }, 180_000);
});

describe("label_tag_sets", () => {
  it("refuses updates: its rows are only ever replaced, so the rollup cannot drift", async () => {
    const user = await createUser();
    await insertSeed(user.id, makeSeed(6, "2026-05-01", 3, 41));
    const before = await env.DB.prepare("SELECT * FROM label_tag_set_day_stats WHERE user_id = ? ORDER BY 1, 2, 3, 4, 5, 6").bind(user.id).all();
    expect(before.results.length).toBeGreaterThan(0);
    await expect(env.DB.prepare("UPDATE label_tag_sets SET day = '2026-01-01' WHERE user_id = ?").bind(user.id).run()).rejects.toThrow(
      /label_tag_sets rows are replaced, not updated/,
    );
    const after = await env.DB.prepare("SELECT * FROM label_tag_set_day_stats WHERE user_id = ? ORDER BY 1, 2, 3, 4, 5, 6").bind(user.id).all();
    expect(after.results).toEqual(before.results);
  });
});

describe("who may ask", () => {
  it("requires an access token or an API key", async () => {
    for (const path of [SUMMARY, SERIES]) {
      const res = await call(path);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: "Authentication required" });
    }
  });

  it("accepts the owner's developer API key and counts only the owner's labels", async () => {
    const owner = await createUser();
    await insertSeed(owner.id, makeSeed(25, "2026-02-01", 10, 11));
    const key = `phk_test_${crypto.randomUUID()}`;
    await db().update(users).set({ developerKeyHash: await sha256Hex(key) }).where(eq(users.id, owner.id));
    const res = await call(`${SUMMARY}?from=2026-02-01&to=2026-02-28`, { headers: { "X-API-Key": key } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as any).totals.rows).toBe(25);

    const stranger = await createUser();
    const theirs = await get(SUMMARY, { from: "2026-02-01", to: "2026-02-28" }, stranger.token);
    expect(theirs.body.totals.rows).toBe(0);
  });
});

describe("bad parameters", () => {
  let token: string;
  beforeAll(async () => {
    token = (await createUser()).token;
  });

  const cases: [string, Record<string, string>, RegExp][] = [
    ["a malformed date", { from: "2026/01/01", to: "2026-01-31" }, /^from: must be a date as YYYY-MM-DD$/],
    ["a date that does not exist", { from: "2026-02-30", to: "2026-03-31" }, /^from: is not a real date$/],
    ["from after to", { from: "2026-02-02", to: "2026-02-01" }, /^from: must be on or before to$/],
    ["more than 366 days", { from: "2025-01-01", to: "2026-01-02" }, /^to: the range can be at most 366 days$/],
    ["only from, too long ago", { from: "2020-01-01" }, /^to: the range can be at most 366 days$/],
    ["a lost flag other than 0/1", { lost: "yes" }, /^lost: must be 0 or 1$/],
    ["a next_day flag other than 0/1", { next_day: "2" }, /^next_day: must be 0 or 1$/],
    ["an unknown courier", { courier: "dhl" }, /^courier: DHL is not supported\. Parcelhive reads and tracks Evri and Royal Mail labels\. The courier must be all, evri or royalmail\.$/],
    ["another time_on", { time_on: "delivered" }, /^time_on: /],
    ["another bucket", { bucket: "week" }, /^bucket: must be day$/],
    ["another metric", { metric: "sum" }, /^metric: must be count$/],
    ["too many tags", { tags: Array.from({ length: 21 }, (_, i) => `t${i}`).join(",") }, /^tags: at most 20 tags$/],
  ];
  for (const [what, params, message] of cases) {
    it(`refuses ${what} with a 400`, async () => {
      for (const path of [SUMMARY, SERIES]) {
        const { status, body } = await get(path, params, token);
        expect(status).toBe(400);
        expect(body.error).toMatch(message);
      }
    });
  }

  it("accepts exactly 366 days (a leap year)", async () => {
    const { status, body } = await get(SERIES, { from: "2024-01-01", to: "2024-12-31" }, token);
    expect(status).toBe(200);
    expect(body.points).toHaveLength(366);
    expect(body.points.map((p: { ts: string }) => p.ts)).toContain("2024-02-29");
  });
});

describe("the API reference", () => {
  it("documents both calls with their filters, API-key access and the any-of-the-tags rule", async () => {
    const doc = (await (await call("/api/v1/openapi.json")).json()) as any;
    for (const path of [SUMMARY, SERIES]) {
      const op = doc.paths[path]?.get;
      expect(op, path).toBeDefined();
      expect(op.parameters.map((p: { name: string }) => p.name)).toEqual(
        expect.arrayContaining(["from", "to", "time_on", "courier", "lost", "next_day", "tags", "bucket", "metric"]),
      );
      expect(op.description).toContain("a label matches when it has ANY of them");
      expect(op.security).toEqual(expect.arrayContaining([{ apiKeyHeader: [] }]));
    }
    expect(doc.paths[SUMMARY].get.responses["200"].content["application/json"].schema.properties).toHaveProperty("nextDayMixEvri");
  });
});
