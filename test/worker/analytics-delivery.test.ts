import { getDb } from "../../worker/db/client";
import { env } from "cloudflare:workers";
import { eq, inArray } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { deliveryStatement, medianOf } from "../../worker/analytics/delivery";
import { labelTags, labels } from "../../worker/db/schema";
import { deliveryFacts, type DeliveryFactsInput } from "../../worker/tracking/delivery-facts";
import { backfillDeliveryFacts } from "../../worker/tracking/delivery-backfill";
import { refreshLabelTracking } from "../../worker/tracking/tracking";
import { answerEvri, FAST_HTTP, fixtures, json, trackingEnv } from "../fixtures/carriers/carrier-fetch";
import { insertTrackedLabel, labelRow } from "../fixtures/carriers/tracking-labels";
import { insertSeed, makeSeed, query, type Filters, type SeedLabel } from "./analytics-fixtures";
import { call, createUser, db, type TestUser } from "./helpers";

const at = (iso: string) => Date.parse(iso);
const DELIVERY = "/api/v1/labels/analytics/delivery";

afterEach(() => vi.restoreAllMocks());

const base = (over: Partial<DeliveryFactsInput>): DeliveryFactsInput => ({
  courier: "evri",
  service: "Next Day",
  isNextDay: true,
  shippedOn: "2026-11-19",
  createdAt: at("2026-11-19T09:00:00Z"),
  firstScanAt: null,
  lastScanAt: null,
  deliveredAt: null,
  ...over,
});

describe("delivery facts in UK working days", () => {
  it("a next-day parcel scanned on Friday is on time on Monday, late on Tuesday (a weekend between)", () => {
    const p = base({ shippedOn: "2026-11-19", firstScanAt: at("2026-11-20T17:00:00Z"), lastScanAt: at("2026-11-20T17:00:00Z") });
    expect(deliveryFacts({ ...p, deliveredAt: at("2026-11-23T13:00:00Z") })).toEqual({
      firstScanAt: at("2026-11-20T17:00:00Z"),
      scanDays: 1,
      transitDays: 1,
      onTime: true,
      deliveryService: "Next Day",
    });
    expect(deliveryFacts({ ...p, deliveredAt: at("2026-11-24T08:00:00Z") })).toMatchObject({ transitDays: 2, onTime: false });
    // Delivered on the Saturday: no working day has passed, and it is on time.
    expect(deliveryFacts({ ...p, deliveredAt: at("2026-11-21T10:00:00Z") })).toMatchObject({ transitDays: 0, onTime: true });
  });

  it("skips the early May bank holiday: scanned Friday 1 May, next day is Tuesday 5 May", () => {
    const p = base({ shippedOn: "2026-05-01", firstScanAt: at("2026-05-01T16:00:00Z"), lastScanAt: at("2026-05-01T16:00:00Z") });
    expect(deliveryFacts({ ...p, deliveredAt: at("2026-05-05T12:00:00Z") })).toMatchObject({ scanDays: 0, transitDays: 1, onTime: true });
    expect(deliveryFacts({ ...p, deliveredAt: at("2026-05-06T12:00:00Z") })).toMatchObject({ transitDays: 2, onTime: false });
    // Shipped on the Friday, first scanned on the Tuesday: the bank holiday Monday is not a working day.
    expect(deliveryFacts({ ...p, firstScanAt: at("2026-05-05T09:00:00Z"), lastScanAt: at("2026-05-05T09:00:00Z") })).toMatchObject({ scanDays: 1, transitDays: null, onTime: null });
  });

  it("Royal Mail Tracked 48 over Christmas: due Thursday 31 Dec, late on Saturday 2 Jan after the New Year holiday", () => {
    const p = base({ courier: "royalmail", service: "Tracked 48", isNextDay: false, shippedOn: "2026-12-24", firstScanAt: at("2026-12-24T11:00:00Z"), lastScanAt: at("2026-12-24T11:00:00Z") });
    expect(deliveryFacts({ ...p, deliveredAt: at("2026-12-31T15:00:00Z") })).toMatchObject({ transitDays: 3, onTime: true });
    // 1 Jan is a bank holiday and 2 Jan a Saturday: still 3 working days in transit, but after the due day.
    expect(deliveryFacts({ ...p, deliveredAt: at("2027-01-02T10:00:00Z") })).toMatchObject({ transitDays: 3, onTime: false });
  });

  it("counts UK days, not UTC ones: a scan at 23:30 UTC in BST is the next UK day", () => {
    const p = base({ shippedOn: "2026-06-01", firstScanAt: at("2026-06-01T23:30:00Z"), lastScanAt: at("2026-06-01T23:30:00Z") });
    // First scan on Tuesday 2 June (UK); next day is Wednesday 3 June.
    expect(deliveryFacts({ ...p, deliveredAt: at("2026-06-03T20:00:00Z") })).toMatchObject({ scanDays: 1, transitDays: 1, onTime: true });
    expect(deliveryFacts({ ...p, deliveredAt: at("2026-06-03T23:10:00Z") })).toMatchObject({ transitDays: 2, onTime: false });
  });

  it("knows nothing before the first scan", () => {
    expect(deliveryFacts(base({}))).toEqual({ firstScanAt: null, scanDays: null, transitDays: null, onTime: null, deliveryService: "Next Day" });
  });

  it("takes the median of counts per value", () => {
    expect(medianOf([0, 0, 0])).toBeNull();
    expect(medianOf([1, 0, 2])).toBe(2);
    expect(medianOf([1, 1, 0, 0])).toBe(0.5);
    expect(medianOf([0, 3, 1, 1])).toBe(1);
  });
});

describe("delivery facts kept when tracking is saved", () => {
  it("stores first scan, working days and on time from the carrier's events, and the analytics count them", async () => {
    const user = await createUser();
    // Created Monday 16 Nov; Evri's next-day parcel scanned Monday evening, delivered Tuesday.
    const id = await insertTrackedLabel(env.DB, { userId: user.id, createdAt: at("2026-11-16T10:00:00Z"), details: { isNextDay: true } });
    answerEvri([json(fixtures.evriDelivered)]);
    await refreshLabelTracking(trackingEnv(env), getDb(env.DB), id, { now: at("2026-11-18T09:00:00Z"), http: FAST_HTTP });
    const row = await labelRow(env.DB, id);
    expect(row.firstScanAt).toBe(at("2026-11-16T17:42:20Z"));
    expect(row).toMatchObject({ scanDays: 0, transitDays: 1, onTime: true, deliveryService: "Next Day" });

    const res = await call(`${DELIVERY}?from=2026-11-01&to=2026-11-30`, { token: user.token });
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body.totals).toEqual({ labels: 1, delivered: 1, onTime: 1, lost: 0, claimed: 0 });
    expect(body.onTimeRate).toBe(1);
    expect(body.services).toEqual([expect.objectContaining({ courier: "evri", service: "Next Day", transitDays: [0, 1, 0, 0, 0, 0] })]);
  });
});

describe("the cron's backfill of delivered labels saved before delivery facts were kept", () => {
  it("fills them from their stored events, once, through the partial index", async () => {
    const user = await createUser();
    const evri = fixtures.evriDelivered.results[0];
    const id = await insertTrackedLabel(env.DB, {
      userId: user.id,
      createdAt: at("2026-11-16T10:00:00Z"),
      details: { isNextDay: true },
      extra: { trackingJson: JSON.stringify({ results: [evri] }), trackingStatus: "delivered", deliveredAt: at("2026-11-17T13:02:11Z"), nextTrackingAt: null },
    });
    let filled = 0;
    for (let n = await backfillDeliveryFacts(db()); n > 0; n = await backfillDeliveryFacts(db())) filled += n;
    expect(filled).toBeGreaterThanOrEqual(1);
    expect(await labelRow(env.DB, id)).toMatchObject({ firstScanAt: at("2026-11-16T17:42:20Z"), scanDays: 0, transitDays: 1, onTime: true, deliveryService: "Next Day" });
    expect(await backfillDeliveryFacts(db())).toBe(0);

    const { results } = await env.DB.prepare("EXPLAIN QUERY PLAN SELECT id FROM labels WHERE delivered_at IS NOT NULL AND on_time IS NULL LIMIT 200").all<{ detail: string }>();
    expect(results.map((r) => r.detail).join(" | ")).toContain("labels_delivery_backfill");
  });
});

/** Seeded labels with delivery facts, and the answer computed from them in plain JS. */
interface DeliverySeed extends SeedLabel {
  service: string | null;
  scanDays: number | null;
  transitDays: number | null;
  onTime: boolean | null;
  claimed: boolean;
}

function withFacts(seed: SeedLabel[]): DeliverySeed[] {
  return seed.map((l, i) => {
    const scanned = i % 7 !== 0;
    const delivered = scanned && i % 5 !== 0;
    const service = l.courier === "evri" ? (i % 3 === 0 ? null : l.isNextDay ? "Next Day" : "Standard") : i % 2 ? "Tracked 24" : "Tracked 48";
    const transitDays = delivered ? (i * 7) % 13 : null;
    return {
      ...l,
      service,
      scanDays: scanned ? (i * 3) % 12 : null,
      transitDays,
      onTime: delivered ? transitDays! <= (l.isNextDay || service === "Tracked 24" ? 1 : 3) : null,
      claimed: i % 11 === 0,
    };
  });
}

/** The facts and outcome as the tracking save and the user's mark write them: by update, through the triggers. */
async function writeFacts(seed: DeliverySeed[]) {
  const d = db();
  const updates = seed.map((l) =>
    d
      .update(labels)
      .set({ deliveryService: l.service, scanDays: l.scanDays, transitDays: l.transitDays, onTime: l.onTime, outcome: l.claimed ? "claimed" : null })
      .where(eq(labels.id, l.id)),
  );
  for (let i = 0; i < updates.length; i += 50) {
    const part = updates.slice(i, i + 50);
    await d.batch(part as [(typeof part)[0], ...typeof part]);
  }
}

/** The answer's figures the tests compare, from the API and from the seed. */
async function compare(token: string, seed: DeliverySeed[], f: Filters, label: string) {
  const res = await call(`${DELIVERY}?${query({ ...f })}`, { token });
  expect(res.status, label).toBe(200);
  const body = (await res.json()) as any;
  const want = expected(seed, f);
  expect(body.totals, label).toEqual(want.totals);
  if (want.onTimeRate === null) expect(body.onTimeRate, label).toBeNull();
  else expect(body.onTimeRate, label).toBeCloseTo(want.onTimeRate, 10);
  expect(body.firstScan, label).toEqual(want.firstScan);
  expect(body.transit, label).toEqual(want.transit);
  expect(body.couriers.find((c: any) => c.courier === "evri")?.transitDays ?? [0, 0, 0, 0, 0, 0], label).toEqual(want.evriTransit);
  expect(body.services.find((s: any) => s.courier === "royalmail" && s.service === "Tracked 24")?.labels ?? 0, label).toBe(want.tracked24);
}

function expected(seed: DeliverySeed[], f: Filters) {
  const tags = (f.tags ?? "").split(",").map((t) => t.trim()).filter(Boolean);
  const courier = f.courier && f.courier.toLowerCase() !== "all" ? f.courier : undefined;
  const rows = seed.filter(
    (l) =>
      l.shippedOn >= f.from! &&
      l.shippedOn <= f.to! &&
      (!courier || l.courier === courier) &&
      (f.lost === undefined || l.potentiallyLost === (f.lost === "1")) &&
      (f.next_day === undefined || l.isNextDay === (f.next_day === "1")) &&
      (tags.length === 0 || l.tags.some((t) => tags.includes(t))),
  );
  const bucket = (days: (number | null)[]) => [0, 1, 2, 3, 4, 5].map((b) => days.filter((d) => d !== null && (b < 5 ? d === b : d >= 5)).length);
  const median = (days: (number | null)[]) => {
    const v = days.filter((d): d is number => d !== null).map((d) => Math.min(d, 10)).sort((a, b) => a - b);
    if (!v.length) return null;
    return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  };
  const delivered = rows.filter((l) => l.onTime !== null);
  const onTime = delivered.filter((l) => l.onTime).length;
  return {
    totals: { labels: rows.length, delivered: delivered.length, onTime, lost: rows.filter((l) => l.potentiallyLost).length, claimed: rows.filter((l) => l.claimed).length },
    onTimeRate: delivered.length ? onTime / delivered.length : null,
    firstScan: { scanned: rows.filter((l) => l.scanDays !== null).length, medianDays: median(rows.map((l) => l.scanDays)), days: bucket(rows.map((l) => l.scanDays)) },
    transit: { medianDays: median(rows.map((l) => l.transitDays)), days: bucket(rows.map((l) => l.transitDays)) },
    evriTransit: bucket(rows.filter((l) => l.courier === "evri").map((l) => l.transitDays)),
    tracked24: rows.filter((l) => l.courier === "royalmail" && l.service === "Tracked 24").length,
  };
}

describe("GET /labels/analytics/delivery over seeded labels", () => {
  let user: TestUser;
  let seed: DeliverySeed[];

  beforeAll(async () => {
    user = await createUser();
    seed = withFacts(makeSeed(300, "2026-01-15", 120, 21));
    await insertSeed(user.id, seed);
    await writeFacts(seed);
    const other = await createUser();
    await insertSeed(other.id, makeSeed(60, "2026-01-15", 120, 22));
  });

  const cases: Filters[] = [
    { from: "2026-01-15", to: "2026-05-14" },
    { from: "2026-02-01", to: "2026-03-15", courier: "evri" },
    { from: "2026-01-15", to: "2026-05-14", courier: "royalmail", lost: "0" },
    { from: "2026-01-15", to: "2026-05-14", next_day: "1" },
    { from: "2026-01-15", to: "2026-05-14", lost: "1" },
    { from: "2026-01-15", to: "2026-05-14", tags: "ebay" },
    { from: "2026-01-15", to: "2026-05-14", tags: "ebay, gift", courier: "evri", next_day: "0" },
    { from: "2026-03-01", to: "2026-03-31", tags: "etsy,Fragile", lost: "0" },
  ];

  it("matches counts computed independently, with and without tags", async () => {
    for (const f of cases) await compare(user.token, seed, f, JSON.stringify(f));
    // The seed is not degenerate.
    const all = expected(seed, cases[0]);
    expect(all.totals.delivered).toBeGreaterThan(100);
    expect(all.totals.onTime).toBeLessThan(all.totals.delivered);
    expect(all.totals.claimed && all.totals.lost).toBeGreaterThan(0);
  });

  it("counts a tag added after the label's facts, and follows the facts when they change", async () => {
    const delivered = seed.find((l) => l.onTime === true && l.shippedOn >= "2026-02-01")!;
    await db().insert(labelTags).values({ labelId: delivered.id, userId: user.id, tag: "late-tag" });
    const ask = async () => (await (await call(`${DELIVERY}?from=2026-01-15&to=2026-05-14&tags=late-tag`, { token: user.token })).json()) as any;
    expect((await ask()).totals).toMatchObject({ labels: 1, delivered: 1, onTime: 1 });
    await db().update(labels).set({ onTime: false }).where(eq(labels.id, delivered.id));
    expect((await ask()).totals).toMatchObject({ labels: 1, delivered: 1, onTime: 0 });
    await db().update(labels).set({ onTime: true }).where(eq(labels.id, delivered.id));
    await db().delete(labelTags).where(eq(labelTags.tag, "late-tag"));
  });

  it("reads the rollup without a tag, one index range with one, and the tag-set rollup with several", async () => {
    const plan = async (tags: string[]) => {
      const stmt = deliveryStatement(db(), user.id, { from: "2026-01-15", to: "2026-05-14", courier: undefined, lost: undefined, next_day: undefined, tags }).toSQL();
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${stmt.sql}`).bind(...stmt.params).all<{ detail: string }>();
      return results.map((r) => r.detail).join(" | ");
    };
    expect(await plan([])).toContain("label_delivery_day_stats USING PRIMARY KEY");
    expect(await plan(["ebay"])).toContain("USING COVERING INDEX label_tags_delivery");
    expect(await plan(["ebay", "gift"])).toMatch(/SEARCH label_tag_set_delivery_day_stats USING PRIMARY KEY \(user_id=\? AND tag_set=\? AND day>\? AND day<\?\)/);
    expect(await plan(["ebay", "gift"])).toMatch(/SEARCH tag_set_tags USING PRIMARY KEY \(user_id=\? AND tag=\?\)/);
    expect(await plan(["ebay", "gift"])).not.toMatch(/SCAN (labels|label_tags|label_tag_set)/);
  });

  it("answers an empty range with zeros and nulls", async () => {
    const res = await call(`${DELIVERY}?from=2025-01-01&to=2025-01-31`, { token: user.token });
    expect(await res.json()).toEqual({
      totals: { labels: 0, delivered: 0, onTime: 0, lost: 0, claimed: 0 },
      onTimeRate: null,
      firstScan: { scanned: 0, medianDays: null, days: [0, 0, 0, 0, 0, 0] },
      transit: { medianDays: null, days: [0, 0, 0, 0, 0, 0] },
      couriers: [],
      services: [],
    });
  });

  it("validates its query like the summary", async () => {
    for (const q of ["from=2026-02-01&to=2026-01-01", "from=2025-01-01&to=2026-03-01", "courier=dhl", "lost=2", "next_day=yes", "from=2026-13-01", `tags=${Array.from({ length: 21 }, (_, i) => `t${i}`).join(",")}`]) {
      const res = await call(`${DELIVERY}?${q}`, { token: user.token });
      expect(res.status, q).toBe(400);
      expect(typeof ((await res.json()) as any).error, q).toBe("string");
    }
  });

  it("needs a signed-in user", async () => {
    expect((await call(DELIVERY)).status).toBe(401);
  });
});

describe("the on-time rollup per tag set (label_tag_set_delivery_day_stats)", () => {
  /** Its rows, and the same counted from labels and their tags. */
  async function rollupRows(userId: number) {
    const key = "user_id, tag_set, day, courier, lost, next_day, claimed, service, scan_days, transit_days, on_time";
    const { results: stored } = await env.DB.prepare(`SELECT ${key}, labels FROM label_tag_set_delivery_day_stats WHERE user_id = ? ORDER BY ${key}`)
      .bind(userId)
      .all();
    const { results: counted } = await env.DB.prepare(
      `SELECT l.user_id, (SELECT json_group_array(tag) FROM (SELECT t.tag FROM label_tags t WHERE t.label_id = l.id AND t.user_id = l.user_id ORDER BY t.tag)) AS tag_set,
              l.shipped_on AS day, l.courier, l.potentially_lost AS lost, coalesce(l.is_next_day, -1) AS next_day, l.outcome IS 'claimed' AS claimed,
              coalesce(l.delivery_service, '') AS service, coalesce(min(l.scan_days, 10), -1) AS scan_days,
              coalesce(min(l.transit_days, 10), -1) AS transit_days, coalesce(l.on_time, -1) AS on_time, count(*) AS labels
       FROM labels l WHERE l.user_id = ? AND EXISTS (SELECT 1 FROM label_tags t WHERE t.label_id = l.id AND t.user_id = l.user_id)
       GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11`,
    )
      .bind(userId)
      .all();
    return { stored, counted };
  }

  it("answers several tags exactly after on-time facts, outcomes, days, couriers, PUT tag edits and deletes", async () => {
    const user = await createUser();
    const seed = withFacts(makeSeed(90, "2026-05-01", 20, 5));
    await insertSeed(user.id, seed);
    await writeFacts(seed);
    // Another user's labels with the same tags on the same days.
    const other = withFacts(makeSeed(30, "2026-05-01", 20, 6));
    await insertSeed((await createUser()).id, other);
    await writeFacts(other);
    const d = db();
    const tagFilters = ["gift,ebay", "Fragile, etsy, ebay", "etsy,gift", "ebay,nosuchtag"];
    const extras: Partial<Filters>[] = [{}, { lost: "1" }, { courier: "evri", next_day: "1" }, { courier: "royalmail", lost: "0" }];
    const check = async (when: string) => {
      const { stored, counted } = await rollupRows(user.id);
      expect(stored, when).toEqual(counted);
      expect(stored.length, when).toBeGreaterThan(0);
      for (const [from, to] of [["2026-05-01", "2026-05-31"], ["2026-05-06", "2026-05-12"]])
        for (const tags of tagFilters)
          for (const extra of extras) {
            const f: Filters = { from, to, tags, ...extra };
            await compare(user.token, seed, f, `${when} ${JSON.stringify(f)}`);
          }
    };
    await check("as seeded");

    // Updates of every column of the on-time key, and of the day and courier, on labels with several tags.
    const tagged = seed.filter((l) => l.tags.length >= 2);
    expect(tagged.length).toBeGreaterThanOrEqual(7);
    // One column each, so a trigger that misses a column leaves its label where it was.
    const pick = (ok: (l: DeliverySeed) => boolean) => tagged.splice(tagged.findIndex(ok), 1)[0];
    const a = pick((l) => l.onTime !== null);
    const g = pick((l) => l.transitDays !== null);
    const [b, c, e, h, k] = tagged.splice(0, 5);
    tagged.push(a, g, b, c, e, h, k);
    a.onTime = !a.onTime;
    await d.update(labels).set({ onTime: a.onTime }).where(eq(labels.id, a.id));
    g.transitDays = g.transitDays === 0 ? 3 : 0;
    await d.update(labels).set({ transitDays: g.transitDays }).where(eq(labels.id, g.id));
    b.scanDays = b.scanDays === null ? 4 : null;
    await d.update(labels).set({ scanDays: b.scanDays }).where(eq(labels.id, b.id));
    c.service = c.service === "Tracked 24" ? "Tracked 48" : "Tracked 24";
    await d.update(labels).set({ deliveryService: c.service }).where(eq(labels.id, c.id));
    e.claimed = !e.claimed;
    await d.update(labels).set({ outcome: e.claimed ? "claimed" : null }).where(eq(labels.id, e.id));
    h.shippedOn = h.shippedOn === "2026-05-10" ? "2026-05-11" : "2026-05-10";
    await d.update(labels).set({ shippedOn: h.shippedOn }).where(eq(labels.id, h.id));
    k.courier = k.courier === "evri" ? "royalmail" : "evri";
    k.isNextDay = k.courier === "evri" ? true : null;
    await d.update(labels).set({ courier: k.courier, isNextDay: k.isNextDay }).where(eq(labels.id, k.id));
    // Updates that change nothing counted: another outcome that is not a claim, the same facts.
    await d.update(labels).set({ notes: "hello", outcome: a.claimed ? "claimed" : "found", onTime: a.onTime }).where(eq(labels.id, a.id));
    await check("after label updates");

    // Tag edits through the API: replaced, cleared, added to an untagged label.
    const untagged = seed.find((l) => !l.tags.length && l.onTime !== null)!;
    for (const [l, tags] of [
      [tagged[0], ["etsy", "Fragile"]],
      [tagged[1], []],
      [untagged, ["gift", "ebay"]],
      [tagged[2], [...tagged[2].tags]],
    ] as [DeliverySeed, string[]][]) {
      const res = await call(`/api/v1/label/${l.id}`, { method: "PUT", token: user.token, json: { notes: "", tags } });
      expect(res.status, l.id).toBe(200);
      l.tags = tags;
    }
    await check("after PUT /label tag edits");

    // Deletes: tagged labels (their tags go with them) and an untagged one.
    const gone = [tagged[3], tagged[4], tagged[0], untagged, seed.find((l) => !l.tags.length && l !== untagged)!];
    await d.delete(labels).where(inArray(labels.id, gone.map((l) => l.id)));
    for (const l of gone) seed.splice(seed.indexOf(l), 1);
    await check("after deletes");
  }, 180_000);
});
