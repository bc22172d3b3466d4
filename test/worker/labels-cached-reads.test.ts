// GET /api/v1/labels and GET /api/v1/label/:id build their SQL once per isolate and filter shape and bind the
// values on each call (worker/db/prepared.ts). Every answer must be the one the query built per call gave: here
// checked against the labels filtered and paged in plain code and serialized from rows Drizzle read, for many
// filter shapes in sequence in one isolate, for two users, on several pages, twice over (the second time every
// statement comes from the cache, in the opposite order), so a value frozen into a statement shows.
import { eq, sql } from "drizzle-orm";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { cachedRead, readBatch } from "../../worker/db/prepared";
import { labelFiles, labelTags, labels, users, type LabelRow } from "../../worker/db/schema";
import { serializeLabel } from "../../worker/labels/serialise";
import { createUser, call, db, insertLabelRows, type TestUser } from "./helpers";

const TAG_SETS = [[], ["ebay"], ["gift"], ["ebay", "gift"], ["etsy"], [], ["gift", "etsy"]];
const N = 45;

/** Labels of every kind the answer distinguishes: couriers, days, flags, tags, tracking, files, OCR states. */
async function seed(user: TestUser, prefix: string) {
  const base = Date.UTC(2026, 0, 10, 12);
  const fileIds = [0, 1, 2].map((f) => `f_${prefix}${f}`);
  await db()
    .insert(labelFiles)
    .values(fileIds.map((id, f) => ({ id, userId: user.id, r2Key: `labels/${id}`, name: `sheet ${f}.pdf`, mime: "application/pdf", size: f === 2 ? 0 : 1000 + f, pages: 2 })));
  const rows: (typeof labels.$inferInsert)[] = [];
  const tagRows: (typeof labelTags.$inferInsert)[] = [];
  for (let i = 0; i < N; i++) {
    const courier = i % 3 === 0 ? "royalmail" : "evri";
    const id = `lbl_${prefix}${String(i).padStart(4, "0")}`;
    const tags = TAG_SETS[i % TAG_SETS.length];
    const createdAt = base + i * 60_000;
    rows.push({
      id,
      userId: user.id,
      courier,
      trackingCode: `${prefix.toUpperCase()}CODE${i}`,
      detailsJson: JSON.stringify({ courier, trackingCode: `${prefix.toUpperCase()}CODE${i}`, address: { name: `Recipient ${i}`, address: ["1 High St"], postcode: "sw1a1aa" }, weightInGrams: 100 + i }),
      notes: i % 5 === 0 ? `note ${i}` : "",
      tagsJson: JSON.stringify(tags),
      source: i % 4 === 0 ? "upload" : "manual",
      fileId: i % 4 === 0 ? fileIds[(i / 4) % 3] : null,
      filePage: i % 4 === 0 ? 1 : null,
      ocrStatus: (["none", "pending", "done", "failed"] as const)[i % 4],
      shippedOn: `2026-01-${String(1 + (i % 9)).padStart(2, "0")}`,
      weightGrams: 100 + i,
      isNextDay: i % 3 === 0 ? null : i % 2 === 0,
      trackingJson: i % 6 === 1 ? JSON.stringify({ results: [{ trackingEvents: [{ status: "in_transit", dateTime: "2026-01-11T10:00:00Z" }] }] }) : null,
      trackingStatus: i % 6 === 1 ? "in_transit" : null,
      trackingCheckedAt: i % 6 === 1 ? createdAt + 1000 : null,
      potentiallyLost: i % 7 === 0,
      potentiallyLostAt: i % 7 === 0 ? createdAt + 5000 : null,
      lostReason: i % 7 === 0 ? "no_new_scan" : null,
      lostEmailSentAt: i % 14 === 0 ? createdAt + 6000 : null,
      createdAt,
      updatedAt: createdAt + i,
    });
    tagRows.push(...tags.map((tag) => ({ labelId: id, userId: user.id, tag })));
  }
  // A few batched statements, not a round trip a row (D1 binds at most 100 values a statement).
  await insertLabelRows(rows);
  for (let i = 0; i < tagRows.length; i += 30) await db().insert(labelTags).values(tagRows.slice(i, i + 30));
}

/** The user's labels as Drizzle reads them, newest first, and the answer serializeLabel gives for each. */
async function reference(userId: number) {
  const owner = (await db().query.users.findFirst({ where: eq(users.id, userId) }))!;
  const files = new Map((await db().select().from(labelFiles).where(eq(labelFiles.userId, userId))).map((f) => [f.id, f]));
  const rows = (await db().select().from(labels).where(eq(labels.userId, userId))).sort((a, b) => b.createdAt - a.createdAt);
  const tagsOf = new Map<string, string[]>();
  for (const t of await db().select().from(labelTags).where(eq(labelTags.userId, userId))) {
    tagsOf.set(t.labelId, [...(tagsOf.get(t.labelId) ?? []), t.tag]);
  }
  const answer = (r: LabelRow) => JSON.parse(JSON.stringify(serializeLabel(r, r.fileId ? files.get(r.fileId) : null, owner)));
  return { rows, tagsOf, answer };
}

type Reference = Awaited<ReturnType<typeof reference>>;

/** GET /labels of `q`, worked out in plain code from the reference rows. */
function expectedList(ref: Reference, q: URLSearchParams) {
  const tags = (q.get("tags") ?? "").split(",").map((t) => t.trim()).filter(Boolean);
  const courier = q.get("courier")?.toLowerCase().replace(/[\s_-]+/g, "");
  const matching = ref.rows.filter(
    (r) =>
      (!q.get("from") || r.shippedOn >= q.get("from")!) &&
      (!q.get("to") || r.shippedOn <= q.get("to")!) &&
      (!courier || courier === "all" || r.courier === courier) &&
      (!q.get("lost") || r.potentiallyLost === (q.get("lost") === "1")) &&
      (!q.get("next_day") || r.isNextDay === (q.get("next_day") === "1")) &&
      (!tags.length || (ref.tagsOf.get(r.id) ?? []).some((t) => tags.includes(t))),
  );
  const perPage = Number(q.get("per_page") ?? 15);
  const page = Number(q.get("page") ?? 1);
  return { results: matching.slice((page - 1) * perPage, page * perPage).map(ref.answer), total: matching.length };
}

// Shapes, and the same shape with other values one after another (courier, days, tags, pages).
const QUERIES = [
  "",
  "per_page=25",
  "per_page=50&page=1",
  "page=2",
  "page=3&per_page=15",
  "page=99",
  "courier=evri",
  "courier=Royal Mail",
  "courier=all",
  "courier=dhl",
  "courier=evri&page=2",
  "lost=1",
  "lost=0",
  "lost=0&page=2&per_page=25",
  "next_day=1",
  "next_day=0",
  "from=2026-01-03",
  "from=2026-01-07",
  "to=2026-01-04",
  "to=2026-01-08",
  "from=2026-01-02&to=2026-01-05",
  "from=2026-01-06&to=2026-01-09",
  "tags=ebay",
  "tags=gift",
  "tags=nope",
  "tags=ebay,gift",
  "tags=gift,etsy",
  "tags=etsy, ebay ,gift",
  "tags=ebay&courier=evri",
  "tags=gift&courier=royalmail",
  "tags=ebay,gift&lost=1&per_page=25",
  "tags=gift&next_day=0&from=2026-01-02",
  "tags=etsy&next_day=1&to=2026-01-06&page=2&per_page=15",
  "from=2026-01-02&to=2026-01-08&courier=evri&lost=0&next_day=1&tags=ebay,gift&per_page=50",
];

describe("cached list and label statements", () => {
  it("answer every filter shape and page as before, for each user, the first time and from the cache", async () => {
    const [u, other] = [await createUser(), await createUser()];
    await db().update(users).set({ companyName: "Acme Ltd", companyTagline: "We ship", bannerKey: "banners/acme" }).where(eq(users.id, u.id));
    await seed(u, `c${u.id}_`);
    await seed(other, `c${other.id}_`);
    const refs = new Map([
      [u.id, await reference(u.id)],
      [other.id, await reference(other.id)],
    ]);

    const runs = QUERIES.flatMap((q) => [[u, q], [other, q]] as const);
    let answered = 0;
    for (const [user, q] of [...runs, ...[...runs].reverse()]) {
      const res = await call(`/api/v1/labels?${q}`, { token: user.token });
      expect(res.status, q).toBe(200);
      const want = expectedList(refs.get(user.id)!, new URLSearchParams(q));
      expect(await res.json(), `${user === u ? "user" : "other user"}: ${q || "(no filter)"}`).toEqual(want);
      if (want.results.length) answered++;
    }
    // Not a run of empty pages: most queries answer labels.
    expect(answered).toBeGreaterThan(runs.length * 1.5);
  });

  it("answer one label by id or tracking code for each user, and another user's label as not found", async () => {
    const [u, other] = [await createUser(), await createUser()];
    await db().update(users).set({ companyName: "Other Co" }).where(eq(users.id, other.id));
    await seed(u, `d${u.id}_`);
    await seed(other, `d${other.id}_`);
    for (const user of [u, other, u]) {
      const ref = await reference(user.id);
      for (const row of ref.rows.filter((_, i) => i % 4 === 0 || i % 7 === 0)) {
        for (const key of [row.id, row.trackingCode, row.trackingCode.toLowerCase()]) {
          const res = await call(`/api/v1/label/${encodeURIComponent(key)}`, { token: user.token });
          expect(res.status, key).toBe(200);
          expect(await res.json(), key).toEqual(ref.answer(row));
        }
        const stranger = user === u ? other : u;
        expect((await call(`/api/v1/label/${row.id}`, { token: stranger.token })).status).toBe(404);
      }
    }
  });
});

describe("worker/db/prepared.ts", () => {
  it("maps rows as Drizzle does: field names, nested objects, boolean modes, sql fields", async () => {
    const u = await createUser();
    await seed(u, `p${u.id}_`);
    const query = (userId: number | ReturnType<typeof sql.placeholder>) =>
      db()
        .select({ label: labels, verified: users.emailVerified, answer: sql<number>`40 + 2`.as("answer_") })
        .from(labels)
        .innerJoin(users, eq(users.id, labels.userId))
        .where(eq(labels.userId, userId))
        .orderBy(labels.createdAt);
    const read = cachedRead("test.mapping", () => query(sql.placeholder("userId")));
    const [rows] = await readBatch(env.DB, [read.bind({ userId: u.id })]);
    expect(rows).toHaveLength(N);
    expect(rows).toEqual(await query(u.id));
    expect(rows.some((r) => r.label.potentiallyLost === true) && rows.some((r) => r.label.isNextDay === false)).toBe(true);
  });

  it("builds a statement once per key and binds each call's values", async () => {
    let builds = 0;
    const read = (id: number) =>
      cachedRead("test.once", () => {
        builds++;
        return db().select({ id: users.id }).from(users).where(eq(users.id, sql.placeholder("id")));
      }).bind({ id });
    const [a, b] = [await createUser(), await createUser()];
    const [ra, rb, none] = await readBatch(env.DB, [read(a.id), read(b.id), read(-1)]);
    expect([ra, rb, none]).toEqual([[{ id: a.id }], [{ id: b.id }], []]);
    expect(builds).toBe(1);
  });

  it("refuses a call that leaves a placeholder without a value", () => {
    const read = cachedRead("test.missing", () => db().select({ id: users.id }).from(users).where(eq(users.id, sql.placeholder("id"))));
    expect(() => read.bind({})).toThrow(/No value for placeholder "id"/);
  });
});
