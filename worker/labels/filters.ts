import { and, eq, gte, inArray, lte, sql, type Placeholder, type SQL } from "drizzle-orm";
import { z } from "zod";
import { labelTags, labels } from "../db/schema";

/**
 * The label filters the analytics screen sends, shared by GET /labels and the analytics calls.
 * Dates are UK calendar days (YYYY-MM-DD), inclusive, and apply to
 * labels.shipped_on (the shipping date, falling back to the label's creation day).
 * `tags` is a comma list: a label matches when it has ANY of the tags.
 */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date as YYYY-MM-DD")
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), "is not a real date");
const flag = z.enum(["0", "1"], { message: "must be 0 or 1" });

/** Each filter tag is a bound parameter, and D1 binds at most 100 per statement (with the other filters). */
export const MAX_FILTER_TAGS = 20;

export const labelFilterSchema = z.object({
  from: day.optional(),
  to: day.optional(),
  courier: z.string().trim().max(40).optional(),
  lost: flag.optional(),
  next_day: flag.optional(),
  tags: z
    .string()
    .max(1000)
    .refine((tags) => parseTags(tags).length <= MAX_FILTER_TAGS, `at most ${MAX_FILTER_TAGS} tags`)
    .optional(),
  time_on: z.literal("shipping_label_created").optional(),
});
export type LabelFilters = z.infer<typeof labelFilterSchema>;

/** Normalises a courier name: case, spaces, underscores and hyphens are ignored. */
export const courierKey = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, "");

export function parseTags(tags: string | undefined): string[] {
  return [...new Set((tags ?? "").split(",").map((t) => t.trim()).filter(Boolean))];
}

/**
 * The filters as the SQL uses them: a courier as its key ("all" is no filter), the flags as booleans, the tags
 * parsed. `V` is the type of the values: strings, or placeholders for a statement built once (placeholderTerms).
 */
export interface LabelFilterTerms<V = string> {
  from?: V;
  to?: V;
  courier?: V;
  lost?: boolean;
  nextDay?: boolean;
  tags: V[];
}

export function filterTerms(filters: LabelFilters): LabelFilterTerms {
  return {
    from: filters.from || undefined,
    to: filters.to || undefined,
    courier: filters.courier && courierKey(filters.courier) !== "all" ? courierKey(filters.courier) : undefined,
    lost: filters.lost ? filters.lost === "1" : undefined,
    nextDay: filters.next_day ? filters.next_day === "1" : undefined,
    tags: parseTags(filters.tags),
  };
}

/**
 * The same terms with a placeholder for every value, for statements built once per shape (worker/db/prepared.ts):
 * `shape` names everything their SQL text depends on (which filters apply, the flags, how many tags), `values`
 * what each call binds. The flags stay literal: each value is its own shape.
 */
export function placeholderTerms(t: LabelFilterTerms): {
  shape: string;
  terms: LabelFilterTerms<Placeholder>;
  values: Record<string, string>;
} {
  const values: Record<string, string> = {};
  const bind = (name: string, value: string | undefined) => {
    if (value === undefined) return undefined;
    values[name] = value;
    return sql.placeholder(name);
  };
  const terms = {
    from: bind("from", t.from),
    to: bind("to", t.to),
    courier: bind("courier", t.courier),
    lost: t.lost,
    nextDay: t.nextDay,
    tags: t.tags.map((tag, i) => bind(`tag${i}`, tag)!),
  };
  const shape = [
    t.from !== undefined && "from",
    t.to !== undefined && "to",
    t.courier !== undefined && "courier",
    t.lost !== undefined && `lost=${Number(t.lost)}`,
    t.nextDay !== undefined && `next_day=${Number(t.nextDay)}`,
    `tags=${t.tags.length}`,
  ].filter(Boolean).join("&");
  return { shape, terms, values };
}

/** The WHERE conditions for one user's labels under the terms (use with and(...)). */
export function termConditions(userId: number | Placeholder, t: LabelFilterTerms<string | Placeholder>): SQL[] {
  const conds: SQL[] = [eq(labels.userId, userId)];
  if (t.from !== undefined) conds.push(gte(labels.shippedOn, t.from));
  if (t.to !== undefined) conds.push(lte(labels.shippedOn, t.to));
  if (t.courier !== undefined) conds.push(eq(labels.courier, t.courier));
  if (t.lost !== undefined) conds.push(eq(labels.potentiallyLost, t.lost));
  if (t.nextDay !== undefined) conds.push(eq(labels.isNextDay, t.nextDay));
  if (t.tags.length) {
    // Parenthesised by hand: drizzle's exists() does not wrap a raw sql subquery.
    conds.push(
      sql`exists (select 1 from ${labelTags} where ${and(
        eq(labelTags.labelId, labels.id),
        eq(labelTags.userId, userId),
        inArray(labelTags.tag, t.tags),
      )})`,
    );
  }
  return conds;
}

/** The WHERE conditions for one user's labels under `filters` (use with and(...)). */
export function labelFilterConditions(userId: number, filters: LabelFilters): SQL[] {
  return termConditions(userId, filterTerms(filters));
}
