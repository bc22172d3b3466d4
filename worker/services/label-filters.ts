import { and, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { labelTags, labels } from "../db/schema";

/**
 * The label filters the analytics screen sends, shared by GET /labels and the analytics calls
 * (SPEC §2 'Analytics screen'). Dates are UK calendar days (YYYY-MM-DD), inclusive, and apply to
 * labels.shipped_on (the shipping date, falling back to the label's creation day).
 * `tags` is a comma list: a label matches when it has ANY of the tags.
 */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date as YYYY-MM-DD")
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), "is not a real date");
const flag = z.enum(["0", "1"], { message: "must be 0 or 1" });

export const labelFilterSchema = z.object({
  from: day.optional(),
  to: day.optional(),
  courier: z.string().trim().max(40).optional(),
  lost: flag.optional(),
  next_day: flag.optional(),
  tags: z.string().max(1000).optional(),
  time_on: z.literal("shipping_label_created").optional(),
});
export type LabelFilters = z.infer<typeof labelFilterSchema>;

/** Normalises a courier name: case, spaces, underscores and hyphens are ignored (SPEC §5). */
export const courierKey = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, "");

export function parseTags(tags: string | undefined): string[] {
  return [...new Set((tags ?? "").split(",").map((t) => t.trim()).filter(Boolean))];
}

/** The WHERE conditions for one user's labels under `filters` (use with and(...)). */
export function labelFilterConditions(userId: number, filters: LabelFilters): SQL[] {
  const conds: SQL[] = [eq(labels.userId, userId)];
  if (filters.from) conds.push(gte(labels.shippedOn, filters.from));
  if (filters.to) conds.push(lte(labels.shippedOn, filters.to));
  if (filters.courier && courierKey(filters.courier) !== "all") conds.push(eq(labels.courier, courierKey(filters.courier)));
  if (filters.lost) conds.push(eq(labels.potentiallyLost, filters.lost === "1"));
  if (filters.next_day) conds.push(eq(labels.isNextDay, filters.next_day === "1"));
  const tags = parseTags(filters.tags);
  if (tags.length) {
    // Parenthesised by hand: drizzle's exists() does not wrap a raw sql subquery.
    conds.push(
      sql`exists (select 1 from ${labelTags} where ${and(
        eq(labelTags.labelId, labels.id),
        eq(labelTags.userId, userId),
        inArray(labelTags.tag, tags),
      )})`,
    );
  }
  return conds;
}
