import { and } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { labelTags, labels } from "../../worker/db/schema";
import { filterTerms, labelFilterSchema, termConditions } from "../../worker/labels/filters";
import { createUser, db } from "./helpers";

async function seed(userId: number, id: string, shippedOn: string, tags: string[], extra: Partial<typeof labels.$inferInsert> = {}) {
  await db().insert(labels).values({ id, userId, courier: "evri", trackingCode: id.toUpperCase(), source: "manual", shippedOn, tagsJson: JSON.stringify(tags), ...extra });
  if (tags.length) await db().insert(labelTags).values(tags.map((tag) => ({ labelId: id, userId, tag })));
}

const ids = async (userId: number, query: Record<string, string>) => {
  const filters = labelFilterSchema.parse(query);
  const rows = await db().select({ id: labels.id }).from(labels).where(and(...termConditions(userId, filterTerms(filters))));
  return rows.map((r) => r.id).sort();
};

describe("label filters", () => {
  it("filters by inclusive day range, courier, flags and any of the tags", async () => {
    const u = await createUser();
    const other = await createUser();
    await seed(u.id, "a", "2026-03-01", ["gift", "ebay"], { isNextDay: true });
    await seed(u.id, "b", "2026-03-02", ["ebay"], { potentiallyLost: true, courier: "royalmail" });
    await seed(u.id, "c", "2026-03-03", []);
    await seed(other.id, "d", "2026-03-02", ["ebay"]);
    expect(await ids(u.id, {})).toEqual(["a", "b", "c"]);
    expect(await ids(u.id, { from: "2026-03-02", to: "2026-03-03" })).toEqual(["b", "c"]);
    expect(await ids(u.id, { tags: "ebay" })).toEqual(["a", "b"]);
    expect(await ids(u.id, { tags: "gift, nope" })).toEqual(["a"]);
    expect(await ids(u.id, { courier: "Royal Mail" })).toEqual(["b"]);
    expect(await ids(u.id, { courier: "All" })).toEqual(["a", "b", "c"]);
    expect(await ids(u.id, { lost: "1" })).toEqual(["b"]);
    expect(await ids(u.id, { next_day: "1" })).toEqual(["a"]);
  });

  it("refuses dates that are not real days and flags other than 0/1", () => {
    expect(labelFilterSchema.safeParse({ from: "2026-02-30" }).success).toBe(false);
    expect(labelFilterSchema.safeParse({ to: "yesterday" }).success).toBe(false);
    expect(labelFilterSchema.safeParse({ lost: "yes" }).success).toBe(false);
  });
});
