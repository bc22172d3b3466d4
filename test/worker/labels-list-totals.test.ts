// GET /api/v1/labels totals come from the label_day_stats and label_status_day_stats rollups (no tags) or the tag
// rows (tags), not from a count(*) over every label: they must equal a count of the matching labels under every
// filter, also after labels change (lost flag, tags, tracking, marks, deletion), and never include another user's
// labels.
import { inArray } from "drizzle-orm";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { labelTags, labels } from "../../worker/db/schema";
import { saveImportedLabels } from "../../worker/labels/save";
import { call, createUser, db } from "./helpers";
import { evriCode, fileFor } from "./labels-fixtures";

interface Seeded {
  id: string;
  status: string;
  courier: string;
  shippedOn: string;
  lost: boolean;
  nextDay: boolean | null;
  tags: string[];
  createdAt: number;
}

const TAG_SETS = [[], ["ebay"], ["gift"], ["ebay", "gift"], ["etsy"], []];
/** Tracking columns giving each parcel status (parcel_status is generated from them). */
const STATES: Array<{ status: string; columns: Partial<typeof labels.$inferInsert> }> = [
  { status: "waiting", columns: {} },
  { status: "in_transit", columns: { trackingStatus: "in_transit", lastScanAt: 1 } },
  { status: "out_for_delivery", columns: { trackingStatus: "out_for_delivery", lastScanAt: 1 } },
  { status: "delivered", columns: { trackingStatus: "delivered", lastScanAt: 1, deliveredAt: 2 } },
  { status: "returned", columns: { trackingStatus: "returned", lastScanAt: 1 } },
  { status: "claimed", columns: { outcome: "claimed" } },
  { status: "delivered", columns: { outcome: "delivered" } },
];

async function seed(userId: number, n: number, prefix: string): Promise<Seeded[]> {
  const rows: Seeded[] = [];
  const base = Date.UTC(2026, 0, 10, 12);
  for (let i = 0; i < n; i++) {
    rows.push({
      id: `lbl_${prefix}${String(i).padStart(6, "0")}`,
      status: STATES[i % STATES.length].status,
      courier: i % 3 === 0 ? "royalmail" : "evri",
      shippedOn: `2026-01-${String(1 + (i % 9)).padStart(2, "0")}`,
      lost: i % 7 === 0,
      nextDay: i % 3 === 0 ? null : i % 2 === 0,
      tags: TAG_SETS[i % TAG_SETS.length],
      createdAt: base + i * 60_000,
    });
  }
  for (let i = 0; i < rows.length; i += 3) {
    // D1 binds at most 100 variables per statement: a few rows per insert.
    const chunk = rows.slice(i, i + 3);
    await db()
      .insert(labels)
      .values(
        chunk.map((r, j) => ({
          id: r.id,
          userId,
          courier: r.courier,
          trackingCode: `${prefix.toUpperCase()}${i + j}`,
          tagsJson: JSON.stringify(r.tags),
          source: "manual" as const,
          shippedOn: r.shippedOn,
          weightGrams: 100 + i + j,
          isNextDay: r.nextDay,
          potentiallyLost: r.lost,
          createdAt: r.createdAt,
          updatedAt: r.createdAt,
          ...STATES[(i + j) % STATES.length].columns,
        })),
      );
    const tagRows = chunk.flatMap((r) => r.tags.map((tag) => ({ labelId: r.id, userId, tag })));
    if (tagRows.length) await db().insert(labelTags).values(tagRows);
  }
  return rows;
}

/** The filters of GET /labels, applied to the seeded labels in plain code. */
function expected(rows: Seeded[], q: URLSearchParams): number {
  const tags = (q.get("tags") ?? "").split(",").map((t) => t.trim()).filter(Boolean);
  const courier = q.get("courier")?.toLowerCase().replace(/[\s_-]+/g, "");
  return rows.filter(
    (r) =>
      (!q.get("from") || r.shippedOn >= q.get("from")!) &&
      (!q.get("to") || r.shippedOn <= q.get("to")!) &&
      (!courier || courier === "all" || r.courier === courier) &&
      (!q.get("lost") || r.lost === (q.get("lost") === "1")) &&
      (!q.get("next_day") || r.nextDay === (q.get("next_day") === "1")) &&
      (!q.get("status") || (q.get("status") === "potentially_lost" ? r.lost : r.status === q.get("status"))) &&
      (!tags.length || r.tags.some((t) => tags.includes(t))),
  ).length;
}

const QUERIES = [
  "",
  "courier=evri",
  "courier=Royal Mail",
  "courier=all",
  "courier=dhl",
  "lost=1",
  "lost=0",
  "next_day=1",
  "next_day=0",
  "from=2026-01-03",
  "to=2026-01-04",
  "from=2026-01-02&to=2026-01-05&courier=evri&lost=0",
  "tags=ebay",
  "tags=ebay,gift",
  "tags=gift, etsy ,ebay",
  "tags=none",
  "tags=ebay&courier=evri",
  "tags=ebay,gift&lost=1",
  "tags=gift&next_day=0&from=2026-01-02",
  "tags=ebay,etsy&courier=all",
  "status=waiting",
  "status=delivered",
  "status=in_transit&courier=evri",
  "status=delivered&from=2026-01-02&to=2026-01-05&lost=0",
  "status=claimed&next_day=1",
  "status=returned&tags=ebay,gift",
  "status=delivered&tags=ebay,gift",
  "status=found&tags=gift",
  "status=waiting&tags=ebay,etsy",
  "status=out_for_delivery&tags=gift&courier=evri",
  "status=found",
  "status=potentially_lost",
  "status=potentially_lost&courier=royalmail&lost=0",
];

describe("GET /api/v1/labels totals", () => {
  it("equal the number of matching labels under every filter, and only the caller's", async () => {
    const [u, other] = [await createUser(), await createUser()];
    const mine = await seed(u.id, 84, `t${u.id}_`);
    await seed(other.id, 30, `o${other.id}_`);

    const check = async (rows: Seeded[]) => {
      for (const q of QUERIES) {
        const res = await call(`/api/v1/labels?${q}&per_page=50`, { token: u.token });
        expect(res.status, q).toBe(200);
        const body = (await res.json()) as { results: { id: string }[]; total: number };
        const want = expected(rows, new URLSearchParams(q));
        expect(body.total, q || "(no filter)").toBe(want);
        expect(body.results.length, q).toBe(Math.min(want, 50));
      }
    };
    await check(mine);

    // Flag some as lost, retag some, delete some: the rollup and the tag rows follow.
    const flagged = mine.filter((_, i) => i % 5 === 1).map((r) => r.id);
    await db().update(labels).set({ potentiallyLost: true }).where(inArray(labels.id, flagged));
    for (const r of mine) if (flagged.includes(r.id)) r.lost = true;
    const retag = mine[1];
    expect((await call(`/api/v1/label/${retag.id}`, { method: "PUT", token: u.token, json: { notes: "", tags: ["etsy", "gift"] } })).status).toBe(200);
    retag.tags = ["etsy", "gift"];
    // Tracking moves some on, the user marks some: their status's counts follow.
    const moved = mine.filter((_, i) => i % 7 === 1).map((r) => r.id);
    await db().update(labels).set({ trackingStatus: "delivered", deliveredAt: 3 }).where(inArray(labels.id, moved));
    for (const r of mine) if (moved.includes(r.id)) r.status = "delivered";
    const marked = mine.filter((_, i) => i % 7 === 0).map((r) => r.id);
    await db().update(labels).set({ outcome: "found" }).where(inArray(labels.id, marked));
    for (const r of mine) if (marked.includes(r.id)) r.status = "found";
    const gone = mine.filter((_, i) => i % 11 === 3).map((r) => r.id);
    await db().delete(labelTags).where(inArray(labelTags.labelId, gone));
    await db().delete(labels).where(inArray(labels.id, gone));
    await check(mine.filter((r) => !gone.includes(r.id)));
  });

  it("answers each label with its file (joined into the page query) and the same fields as GET /label/{id}", async () => {
    const u = await createUser({ credits: 2 });
    const fileId = `f_${crypto.randomUUID()}`;
    const [imported] = await saveImportedLabels(db(), env, {
      userId: u.id,
      file: fileFor(fileId, { name: "evri.pdf" }),
      labels: [{ page: 1, details: { courier: "evri", trackingCode: evriCode(), countryCode: "GB" }, ocrPending: false }],
    });
    const manualRes = await call("/api/v1/label/manual", {
      method: "POST",
      token: u.token,
      json: { courier: "evri", trackingCode: evriCode(), fields: { recipientPostcode: "SW1A 1AA" } },
    });
    expect(manualRes.status).toBe(201);
    const list = (await (await call("/api/v1/labels", { token: u.token })).json()) as { results: Record<string, unknown>[]; total: number };
    expect(list.total).toBe(2);
    const listed = list.results.find((l) => l.id === imported.id)!;
    expect(listed).toMatchObject({ file: { name: "evri.pdf", mime: "application/pdf", hasBytes: true }, downloadUrl: `/api/v1/label/${imported.id}/download` });
    for (const l of list.results) {
      expect(l).toEqual(await (await call(`/api/v1/label/${l.id}`, { token: u.token })).json());
    }
    expect(list.results.find((l) => l.id !== imported.id)).toMatchObject({ file: null, downloadUrl: null });
  });

  it("is 0 for a user without labels, whatever the filter", async () => {
    const u = await createUser();
    for (const q of ["", "lost=1", "tags=ebay", "tags=ebay&courier=evri"]) {
      expect(await (await call(`/api/v1/labels?${q}`, { token: u.token })).json()).toEqual({ results: [], total: 0 });
    }
  });

  it("reads the lost-filtered page through labels_user_lost_created, without a sort", async () => {
    const plan = await env.DB.prepare(
      "EXPLAIN QUERY PLAN select * from labels where user_id = ? and potentially_lost = ? order by created_at desc, labels.rowid desc limit 15 offset 0",
    )
      .bind(1, 1)
      .all<{ detail: string }>();
    const details = plan.results.map((r) => r.detail).join("\n");
    expect(details).toContain("labels_user_lost_created");
    expect(details).not.toContain("TEMP B-TREE FOR ORDER BY");
  });

  it("counts a status with tags in the tag rows alone (their status kept by triggers: the totals above)", async () => {
    const u = await createUser();
    const plan = await env.DB.prepare(
      `EXPLAIN QUERY PLAN select count(distinct label_id) from label_tags where user_id = ? and tag in ('ebay', 'gift') and status = ?`,
    )
      .bind(u.id, "delivered")
      .all<{ detail: string }>();
    const details = plan.results.map((r) => r.detail).join("\n");
    expect(details).toContain("SEARCH label_tags USING COVERING INDEX label_tags_status (user_id=? AND tag=? AND status=?)");
    expect(details).not.toMatch(/ labels /);
  });

  it("counts tag matches from the tag rows outwards", async () => {
    const plan = await env.DB.prepare(
      `EXPLAIN QUERY PLAN select count(distinct label_tags.label_id) from label_tags cross join labels
       where label_tags.user_id = ? and label_tags.tag in ('ebay', 'gift') and labels.id = label_tags.label_id and labels.user_id = ? and labels.courier = ?`,
    )
      .bind(1, 1, "evri")
      .all<{ detail: string }>();
    const details = plan.results.map((r) => r.detail);
    // Either covering index of the tag rows by user and tag (label_tags_status carries their status too).
    expect(details[details.findIndex((d) => d.startsWith("SEARCH"))]).toMatch(/COVERING INDEX label_tags_(analytics|status) \(user_id=\? AND tag=\?\)/);
    expect(details.join("\n")).not.toMatch(/SCAN labels|labels_analytics|labels_user_created/);
  });
});
