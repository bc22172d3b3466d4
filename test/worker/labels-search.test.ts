// The labels list's search box, status filter and sorts (GET /api/v1/labels?q=…&status=…&sort=…), and the CSV
// export and bulk print that share them: what matches, the totals under every combination, the order, the index
// kept up to date as labels change, never another user's label, and hostile input answered 400, never 5xx.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { NeedsAction } from "../../shared/claims";
import { labelTags, labels } from "../../worker/db/schema";
import { parseCsv } from "../../worker/labels/csv";
import type { ApiLabel, TrackingEvent } from "../../shared/label";
import { searchQuery } from "../../worker/labels/search";
import { insertTrackedLabel } from "../fixtures/carriers/tracking-labels";
import { call, createUser, db, type TestUser } from "./helpers";

const DAY = 86_400_000;
const BASE = Date.UTC(2026, 2, 1, 12);

interface Parcel {
  code: string;
  name?: string;
  postcode?: string;
  tags?: string[];
  notes?: string;
  courier?: string;
  extra?: Partial<typeof labels.$inferInsert>;
}

let serial = 0;

/** Labels straight into D1 (the search index is kept by the migration's triggers), created a minute apart. */
async function seed(u: TestUser, parcels: Parcel[]): Promise<string[]> {
  const ids: string[] = [];
  for (const p of parcels) {
    const id = `lbl_s${u.id}_${++serial}`;
    const createdAt = BASE + serial * 60_000;
    const tags = p.tags ?? [];
    await db()
      .insert(labels)
      .values({
        id,
        userId: u.id,
        courier: p.courier ?? "evri",
        trackingCode: p.code,
        detailsJson: JSON.stringify({ courier: p.courier ?? "evri", trackingCode: p.code, address: { name: p.name ?? "", address: ["1 High Street", "London"], postcode: p.postcode ?? "", countryCode: "GB" } }),
        tagsJson: JSON.stringify(tags),
        notes: p.notes ?? "",
        source: "manual",
        shippedOn: "2026-03-01",
        createdAt,
        updatedAt: createdAt,
        ...p.extra,
      });
    if (tags.length) await db().insert(labelTags).values(tags.map((tag) => ({ labelId: id, userId: u.id, tag })));
    ids.push(id);
  }
  return ids;
}

async function list(u: TestUser, query: string) {
  const res = await call(`/api/v1/labels?per_page=50&${query}`, { token: u.token });
  expect(res.status, query).toBe(200);
  return (await res.json()) as { results: ApiLabel[]; total: number };
}

/** The tracking codes a search answers (sorted), checking that the total counts exactly them. */
async function codes(u: TestUser, query: string): Promise<string[]> {
  const body = await list(u, query);
  expect(body.total, query).toBe(body.results.length);
  return body.results.map((l) => l.trackingCode).sort();
}

const q = (text: string) => `q=${encodeURIComponent(text)}`;

const PEOPLE: Parcel[] = [
  { code: "H01AB00000071234", name: "Zoë Müller", postcode: "SW1A 1AA", tags: ["ebay"], notes: "Order 206-7965794-0399534" },
  { code: "H01AB00000089991", name: "John Smith", postcode: "M1 1AE", tags: ["gift", "christmas"] },
  { code: "SG123456785GB", name: "Mary-Jane O'Neill", postcode: "OX18 3UQ", courier: "royalmail", notes: "left with neighbour" },
  { code: "H01AB00000055555", name: "Major Tom", postcode: "EH1 1YZ", tags: ["etsy"] },
];

describe("GET /api/v1/labels?q= (search)", () => {
  it("finds a label by part of its tracking code, the recipient's name or postcode, a tag or its notes", async () => {
    const u = await createUser();
    await seed(u, PEOPLE);
    // Any part of a tracking code: its start, middle or end, any case, with the separators a printed code has.
    expect(await codes(u, q("71234"))).toEqual(["H01AB00000071234"]);
    expect(await codes(u, q("h01ab0000008"))).toEqual(["H01AB00000089991"]);
    expect(await codes(u, q("456785"))).toEqual(["SG123456785GB"]);
    expect(await codes(u, q("SG 1234 5678 5GB"))).toEqual(["SG123456785GB"]);
    expect(await codes(u, q("H01-AB-000-000-71234"))).toEqual(["H01AB00000071234"]);
    // A postcode with or without its space, or its outward code.
    expect(await codes(u, q("sw1a1aa"))).toEqual(["H01AB00000071234"]);
    expect(await codes(u, q("SW1A 1AA"))).toEqual(["H01AB00000071234"]);
    expect(await codes(u, q("m1"))).toEqual(["H01AB00000089991"]);
    expect(await codes(u, q("ox183uq"))).toEqual(["SG123456785GB"]);
    // A name: accents and case ignored, a word's start, or 3+ characters anywhere.
    expect(await codes(u, q("zoe"))).toEqual(["H01AB00000071234"]);
    expect(await codes(u, q("MULLER"))).toEqual(["H01AB00000071234"]);
    expect(await codes(u, q("o'neill"))).toEqual(["SG123456785GB"]);
    expect(await codes(u, q("jo"))).toEqual(["H01AB00000089991"]);
    expect(await codes(u, q("ma"))).toEqual(["H01AB00000055555", "SG123456785GB"]);
    // A tag, and a reference kept in the notes.
    expect(await codes(u, q("christmas"))).toEqual(["H01AB00000089991"]);
    expect(await codes(u, q("etsy"))).toEqual(["H01AB00000055555"]);
    expect(await codes(u, q("206-7965794"))).toEqual(["H01AB00000071234"]);
    expect(await codes(u, q("neighbour"))).toEqual(["SG123456785GB"]);
  });

  it("needs every word to match, and finds nothing for words that do not", async () => {
    const u = await createUser();
    await seed(u, PEOPLE);
    expect(await codes(u, q("smith m1"))).toEqual(["H01AB00000089991"]);
    expect(await codes(u, q("smith sw1a"))).toEqual([]);
    expect(await codes(u, q("  john   gift  "))).toEqual(["H01AB00000089991"]);
    // 'jo' is the start of a word only: not the 'jo' inside 'Major'.
    expect(await codes(u, q("jo tom"))).toEqual([]);
    // A 1-character word beside others is left out.
    expect(await codes(u, q("john a"))).toEqual(["H01AB00000089991"]);
    expect(await codes(u, q("nobody"))).toEqual([]);
    expect((await list(u, q("nobody"))).total).toBe(0);
  });

  it("never answers another user's label, in the list, its total, the CSV or a print", async () => {
    const u = await createUser();
    const other = await createUser();
    await seed(u, [{ code: "H01AB00000011111", name: "Alice Jones", postcode: "B1 1AA" }]);
    await seed(other, [
      { code: "H01AB00000022222", name: "Alice Jones", postcode: "B1 1AA" },
      { code: "H01AB00000011112", name: "Alice Brown", postcode: "B1 1AB" },
    ]);
    expect(await codes(u, q("alice"))).toEqual(["H01AB00000011111"]);
    expect(await codes(u, q("H01AB000000"))).toEqual(["H01AB00000011111"]);
    expect(await codes(other, q("alice jones"))).toEqual(["H01AB00000022222"]);
    const csv = await call(`/api/v1/labels/export.csv?${q("alice")}`, { token: u.token });
    expect(parseCsv(await csv.text()).slice(1).map((r) => r.cells[0])).toEqual(["H01AB00000011111"]);
    // A print of 'every label matching the filters' takes only the caller's.
    const print = await call("/api/v1/labels/print", { method: "POST", token: u.token, json: { filters: { q: "brown" }, format: "zpl" } });
    expect(print.status).toBe(400);
    expect(((await print.json()) as { error: string }).error).toBe("No labels match these filters.");
  });

  it("keeps the index up to date when notes, tags or the recipient change", async () => {
    const u = await createUser();
    const [id] = await seed(u, [{ code: "H01AB00000033333", name: "Ann Lee", postcode: "LS1 4AP" }]);
    expect(await codes(u, q("wedding"))).toEqual([]);
    const put = await call(`/api/v1/label/${id}`, { method: "PUT", token: u.token, json: { notes: "Wedding present", tags: ["vip"] } });
    expect(put.status).toBe(200);
    expect(await codes(u, q("wedding"))).toEqual(["H01AB00000033333"]);
    expect(await codes(u, q("vip"))).toEqual(["H01AB00000033333"]);
    const patch = await call(`/api/v1/label/${id}/details`, { method: "PATCH", token: u.token, json: { address: { name: "Ann Kowalski", address: ["2 Park Row"], postcode: "ls2 8ny" } } });
    expect(patch.status).toBe(200);
    expect(await codes(u, q("kowal"))).toEqual(["H01AB00000033333"]);
    expect(await codes(u, q("ls28ny"))).toEqual(["H01AB00000033333"]);
    expect(await codes(u, q("ann lee"))).toEqual([]);
    await db().delete(labels).where(eq(labels.id, id));
    expect(await codes(u, q("kowal"))).toEqual([]);
  });

  it("combines with the other filters, and the total counts every page", async () => {
    const u = await createUser();
    const many: Parcel[] = Array.from({ length: 60 }, (_, i) => ({
      code: `H01AB000001${String(i).padStart(5, "0")}`,
      name: i % 2 ? "Sam Green" : "Sam Brown",
      postcode: "BS1 4DJ",
      courier: i % 3 === 0 ? "royalmail" : "evri",
      tags: i % 4 === 0 ? ["ebay"] : [],
    }));
    await seed(u, many);
    const first = await list(u, q("sam"));
    expect(first.total).toBe(60);
    expect(first.results).toHaveLength(50);
    expect((await list(u, `${q("sam")}&page=2`)).results).toHaveLength(10);
    const want = (f: (p: Parcel, i: number) => boolean) => many.filter(f).length;
    expect((await list(u, `${q("green")}&courier=evri`)).total).toBe(want((p, i) => i % 2 === 1 && p.courier === "evri"));
    expect((await list(u, `${q("sam bs1")}&tags=ebay`)).total).toBe(want((p) => Boolean(p.tags?.includes("ebay"))));
    expect((await list(u, `${q("brown")}&tags=ebay&courier=royalmail`)).total).toBe(want((p, i) => i % 2 === 0 && Boolean(p.tags?.includes("ebay")) && p.courier === "royalmail"));
  });

  it("answers a search with thousands of matches as one with a few (the two ways a page is read)", async () => {
    const u = await createUser();
    // 2,050 labels for 'Pat Lee' (more than are looked up one by one), 4 for 'Pat Kim', in one statement.
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2054)
       INSERT INTO labels (id, user_id, courier, tracking_code, details_json, source, shipped_on, created_at, updated_at, last_scan_at)
       SELECT 'lbl_many' || ?1 || '_' || i, ?1, CASE WHEN i % 2 THEN 'evri' ELSE 'royalmail' END, 'H01MN' || (1000000000 + i) || '7',
         json_object('address', json_object('name', CASE WHEN i > 2050 THEN 'Pat Kim' ELSE 'Pat Lee' END, 'address', json_array(), 'postcode', 'TR1 1AA')),
         'manual', '2026-03-01', ${BASE} + i * 60000, ${BASE} + (2054 - i) * 60000, CASE WHEN i % 3 = 0 THEN ${BASE} END FROM n`,
    )
      .bind(u.id)
      .run();
    const many = await list(u, q("pat"));
    expect(many.total).toBe(2054);
    expect(many.results.map((l) => l.trackingCode)).toEqual(Array.from({ length: 50 }, (_, k) => `H01MN${1000000000 + 2054 - k}7`));
    expect((await list(u, `${q("pat")}&page=42`)).results.map((l) => l.trackingCode)).toEqual([`H01MN${1000000000 + 4}7`, `H01MN${1000000000 + 3}7`, `H01MN${1000000000 + 2}7`, `H01MN${1000000000 + 1}7`]);
    expect((await list(u, `${q("pat")}&sort=updated`)).results[0].trackingCode).toBe(`H01MN${1000000000 + 1}7`);
    expect((await list(u, `${q("pat")}&courier=evri`)).total).toBe(1027);
    expect((await list(u, `${q("pat")}&status=in_transit`)).total).toBe(684);
    expect((await list(u, `${q("pat lee")}&status=in_transit&courier=royalmail`)).total).toBe(341);
    // Few matches: the same answers.
    const few = await list(u, q("pat kim"));
    expect(few.total).toBe(4);
    expect(few.results.map((l) => l.trackingCode)).toEqual([2054, 2053, 2052, 2051].map((i) => `H01MN${1000000000 + i}7`));
    expect((await list(u, `${q("kim")}&sort=oldest`)).results.map((l) => l.trackingCode)).toEqual([2051, 2052, 2053, 2054].map((i) => `H01MN${1000000000 + i}7`));
    expect((await list(u, `${q("kim")}&status=in_transit`)).total).toBe(1);
    expect((await list(u, `${q("kim")}&courier=royalmail`)).total).toBe(2);
  });

  it("refuses hostile or meaningless searches with a 400 and treats query syntax as text", async () => {
    const u = await createUser();
    await seed(u, [{ code: "H01AB00000044444", name: 'Rob "Bobby" Tables', postcode: "CF10 1AA", notes: "NEAR(a b) OR * ^start" }]);
    for (const text of ['"', '""', "*", "a*", "NEAR(a b)", "x OR y", "- -", "^abc", "body:abc", "'; DROP TABLE labels; --", "\u0000\u0001", "🙂🙂", "(((", "AND", "ab\"cd", "%_%"]) {
      const res = await call(`/api/v1/labels?${q(text)}`, { token: u.token });
      expect([200, 400], text).toContain(res.status);
      if (res.status === 400) expect(((await res.json()) as { error: string }).error).toBe("q: type at least 2 letters or digits to search");
    }
    // Quotes and FTS5 operators are text: they match the note and name that hold them.
    expect(await codes(u, q('"bobby"'))).toEqual(["H01AB00000044444"]);
    expect(await codes(u, q("near(a"))).toEqual(["H01AB00000044444"]);
    expect(await codes(u, q("OR"))).toEqual(["H01AB00000044444"]);
    expect((await call(`/api/v1/labels?${q("a")}`, { token: u.token })).status).toBe(400);
    expect((await call(`/api/v1/labels?${q("x".repeat(101))}`, { token: u.token })).status).toBe(400);
    expect((await call(`/api/v1/labels/export.csv?${q("!")}`, { token: u.token })).status).toBe(400);
    // Blank is no search.
    expect((await list(u, q("   "))).total).toBe(1);
    expect(await codes(u, "q=")).toEqual(["H01AB00000044444"]);
  });

  it("builds one quoted FTS5 string per word", () => {
    expect(searchQuery("Smith, SW1A")).toBe('"smith" AND "sw1a"');
    expect(searchQuery("jo")).toBe('" jo"');
    expect(searchQuery('a "b" c')).toBeNull();
    expect(searchQuery('x"yz')).toBe('"x""yz"');
    expect(searchQuery("10-712-98")).toBe('("10-712-98" OR "1071298")');
    expect(searchQuery("one two three four five six seven eight nine ten")?.split(" AND ")).toHaveLength(8);
  });
});

const scan = (at: number): TrackingEvent => ({ dateTime: new Date(at).toISOString(), trackingPoint: { description: "At the depot" }, trackingStage: { trackingStageCode: "3" } });

/** An Evri label with tracking, created `ageDays` ago (the deadlines are counted from real dates). */
function tracked(u: TestUser, code: string, ageDays: number, lastScanDaysAgo: number | null, extra: Partial<typeof labels.$inferInsert> = {}) {
  const now = Date.now();
  const events = lastScanDaysAgo === null ? [] : [scan(now - lastScanDaysAgo * DAY)];
  return insertTrackedLabel(env.DB, {
    userId: u.id,
    trackingCode: code,
    createdAt: now - ageDays * DAY,
    extra: {
      trackingJson: JSON.stringify({ results: [{ trackingEvents: events }] }),
      trackingStatus: events.length ? "in_transit" : null,
      // As the tracking service stores them (the deadlines read these, not the events, when they are set).
      firstScanAt: events.length ? Date.parse(events[0].dateTime) : null,
      lastScanAt: events.length ? Date.parse(events[0].dateTime) : null,
      nextTrackingAt: now + DAY,
      ...extra,
    },
  });
}

describe("GET /api/v1/labels?status= (status filter)", () => {
  it("filters by where the parcel is, each label answering the same status", async () => {
    const u = await createUser();
    const other = await createUser();
    await tracked(u, "H01AB00000060001", 1, null);
    await tracked(u, "H01AB00000060002", 2, 1);
    await tracked(u, "H01AB00000060003", 2, 0, { trackingStatus: "out_for_delivery" });
    await tracked(u, "H01AB00000060004", 3, 0, { trackingStatus: "delivered", deliveredAt: Date.now() });
    await tracked(u, "H01AB00000060005", 3, 1, { trackingStatus: "collected" });
    await tracked(u, "H01AB00000060006", 6, 2, { trackingStatus: "returned" });
    await tracked(u, "H01AB00000060007", 6, 5, { outcome: "claimed" });
    await tracked(u, "H01AB00000060008", 6, 5, { outcome: "delivered" });
    // A manual label with a delivery date is delivered, tracked or not.
    await tracked(u, "H01AB00000060009", 6, null, {}).then((id) =>
      db().update(labels).set({ detailsJson: JSON.stringify({ courier: "evri", trackingCode: "H01AB00000060009", deliveredAt: "2026-03-02T10:00:00Z" }) }).where(eq(labels.id, id)),
    );
    await tracked(u, "H01AB00000060010", 7, 6, { potentiallyLost: true, potentiallyLostAt: Date.now(), lostReason: "no_new_scan" });
    await tracked(other, "H01AB00000060011", 2, 1);

    const expected: Record<string, string[]> = {
      waiting: ["H01AB00000060001"],
      in_transit: ["H01AB00000060002", "H01AB00000060010"],
      out_for_delivery: ["H01AB00000060003"],
      delivered: ["H01AB00000060004", "H01AB00000060005", "H01AB00000060008", "H01AB00000060009"],
      returned: ["H01AB00000060006"],
      claimed: ["H01AB00000060007"],
      found: [],
      potentially_lost: ["H01AB00000060010"],
    };
    for (const [status, want] of Object.entries(expected)) {
      expect(await codes(u, `status=${status}`), status).toEqual(want);
      const body = await list(u, `status=${status}`);
      if (!status.includes("_lost")) expect(body.results.every((l) => l.status === status), status).toBe(true);
    }
    expect((await list(u, "status=in_transit&courier=royalmail")).total).toBe(0);
    expect((await list(u, "status=potentially_lost&lost=0")).total).toBe(0);
    expect((await call("/api/v1/labels?status=lost", { token: u.token })).status).toBe(400);
  });

  it("status=needs_action answers the labels the 'Needs action' card lists, with its total", async () => {
    const u = await createUser();
    const other = await createUser();
    // Evri investigates until 10 days after the last scan: late and in its window, or only a claim left.
    const soon = await tracked(u, "H01AB00000070001", 9, 8);
    const claim = await tracked(u, "H01AB00000070002", 14, 12);
    const flagged = await tracked(u, "H01AB00000070003", 4, null, { potentiallyLost: true, potentiallyLostAt: Date.now(), lostReason: "no_first_scan" });
    await tracked(u, "H01AB00000070004", 1, 0);
    await tracked(u, "H01AB00000070005", 9, 8, { trackingStatus: "delivered", deliveredAt: Date.now() - DAY });
    await tracked(u, "H01AB00000070006", 9, 8, { outcome: "claimed" });
    await tracked(u, "H01AB00000070007", 40, 38, { potentiallyLost: true, potentiallyLostAt: Date.now(), lostReason: "no_new_scan" });
    await tracked(other, "H01AB00000070008", 9, 8);

    const card = (await (await call("/api/v1/labels/needs-action", { token: u.token })).json()) as NeedsAction;
    const filtered = await list(u, "status=needs_action");
    expect(filtered.total).toBe(3);
    expect(filtered.results.map((l) => l.id).sort()).toEqual([soon, claim, flagged].sort());
    expect(card.results.map((r) => r.id).sort()).toEqual(filtered.results.map((l) => l.id).sort());
    // Newest first, as the list orders everything; with other filters on top.
    expect(filtered.results.map((l) => l.id)).toEqual([flagged, soon, claim]);
    expect((await list(u, "status=needs_action&lost=1")).results.map((l) => l.id)).toEqual([flagged]);
    expect((await list(u, `status=needs_action&${q("70002")}`)).results.map((l) => l.id)).toEqual([claim]);
    expect((await list(other, "status=needs_action")).total).toBe(1);
  });
});

describe("GET /api/v1/labels?sort=", () => {
  it("orders newest first by default, oldest first, or by the last update, in the list and the CSV", async () => {
    const u = await createUser();
    const [a, b, c] = await seed(u, [
      { code: "H01AB00000080001", name: "First" },
      { code: "H01AB00000080002", name: "Second" },
      { code: "H01AB00000080003", name: "Third" },
    ]);
    await db().update(labels).set({ updatedAt: BASE + 10 * DAY }).where(eq(labels.id, a));
    const ids = async (query: string) => (await list(u, query)).results.map((l) => l.id);
    expect(await ids("")).toEqual([c, b, a]);
    expect(await ids("sort=newest")).toEqual([c, b, a]);
    expect(await ids("sort=oldest")).toEqual([a, b, c]);
    expect(await ids("sort=updated")).toEqual([a, c, b]);
    const csv = await call("/api/v1/labels/export.csv?sort=updated", { token: u.token });
    expect(parseCsv(await csv.text()).slice(1).map((r) => r.cells[0])).toEqual(["H01AB00000080001", "H01AB00000080003", "H01AB00000080002"]);
    expect((await call("/api/v1/labels?sort=name", { token: u.token })).status).toBe(400);
  });
});
