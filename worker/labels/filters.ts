import { and, eq, gte, inArray, isNotNull, lte, ne, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import { ACTION_CHECK_FROM, inActionWindow } from "../deadlines/action-window";
import { z } from "zod";
import { courierKey } from "../../shared/courier-key";
import { inJsonList } from "../db/d1-limits";
import { labelTags, labels } from "../db/schema";
import { LIST_SORTS, MAX_SEARCH_LENGTH, STATUS_FILTERS, type ParcelStatus } from "../../shared/list-options";
import { searchCondition, searchQuery } from "./search";
import { isParcelStatus, parcelStatusCondition } from "./status";

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
  from: day.optional().describe("The first UK day (YYYY-MM-DD) of the labels' shipping date, inclusive"),
  to: day.optional().describe("The last UK day (YYYY-MM-DD), inclusive"),
  courier: z.string().trim().max(40).optional().describe("`evri` or `royalmail` (`all`: any)"),
  lost: flag.optional().describe("1: only parcels flagged potentially lost; 0: only those not flagged"),
  next_day: flag.optional().describe("1: only Evri next-day parcels; 0: only standard ones"),
  tags: z
    .string()
    .max(1000)
    .refine((tags) => parseTags(tags).length <= MAX_FILTER_TAGS, `at most ${MAX_FILTER_TAGS} tags`)
    .optional()
    .describe(`A comma list of tags (at most ${MAX_FILTER_TAGS}): a label matches when it has any of them`),
  time_on: z.literal("shipping_label_created").optional().describe("What `from` and `to` apply to: the shipping date"),
});
export type LabelFilters = z.infer<typeof labelFilterSchema>;

/**
 * The labels list's filters: those above, the search box and the status, and the list's order. GET /labels, its
 * CSV export and bulk printing by filters take them all, so each answers the labels the list shows, in its order.
 */
export const labelListFilterSchema = labelFilterSchema.extend({
  q: z
    .string()
    .max(MAX_SEARCH_LENGTH, `at most ${MAX_SEARCH_LENGTH} characters`)
    .refine((q) => q.trim() === "" || searchQuery(q) !== null, "type at least 2 letters or digits to search")
    .optional()
    .describe(
      "Search: every word must match the tracking code, the recipient's name or postcode (with or without its space), a tag or the notes. Words of 3+ characters match anywhere in them, 2-character words the start of a word; case and accents are ignored.",
    ),
  status: z
    .enum(STATUS_FILTERS, { message: `must be one of ${STATUS_FILTERS.join(", ")}` })
    .optional()
    .describe("Where the parcel is (the status each label answers), or potentially_lost / needs_action (the 'Needs action' list's parcels) / order_question (the labels asking which marketplace order they are for)"),
  sort: z
    .enum(LIST_SORTS, { message: `must be one of ${LIST_SORTS.join(", ")}` })
    .optional()
    .describe("newest (default) or oldest first by creation, or updated: the most recently updated first"),
});
export type LabelListFilters = z.infer<typeof labelListFilterSchema>;

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
  /** The search's FTS5 query (worker/labels/search.ts). */
  search?: V;
  parcelStatus?: V;
  /** Flagged potentially lost (status=potentially_lost; kept apart from `lost`, which may say 0). */
  flagged?: true;
  /** Asking which marketplace order it is for (status=order_question). */
  orderQuestion?: true;
  /** Only these labels: a JSON list of ids. */
  ids?: V;
  /**
   * status=needs_action (worker/labels/list-query.ts): the labels whose action window holds `day` (UK), created
   * since `since` (ms), whose window is exact or whose id is in `unsure` (a JSON list the deadlines decided).
   */
  needsAction?: { day: V; since: V; unsure: V };
}

/** The terms of the filters; a needs_action status is resolved by listTerms (list-query.ts). */
export function filterTerms(filters: LabelFilters & Partial<Pick<LabelListFilters, "q" | "status">>): LabelFilterTerms {
  const status = filters.status;
  return {
    from: filters.from || undefined,
    to: filters.to || undefined,
    courier: filters.courier && courierKey(filters.courier) !== "all" ? courierKey(filters.courier) : undefined,
    lost: filters.lost ? filters.lost === "1" : undefined,
    nextDay: filters.next_day ? filters.next_day === "1" : undefined,
    tags: parseTags(filters.tags),
    search: searchQuery(filters.q) ?? undefined,
    parcelStatus: status && isParcelStatus(status) ? status : undefined,
    flagged: status === "potentially_lost" ? true : undefined,
    orderQuestion: status === "order_question" ? true : undefined,
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
    search: bind("search", t.search),
    parcelStatus: bind("parcelStatus", t.parcelStatus),
    flagged: t.flagged,
    orderQuestion: t.orderQuestion,
    ids: bind("ids", t.ids),
    needsAction: t.needsAction && {
      day: bind("actionDay", t.needsAction.day)!,
      since: bind("actionSince", t.needsAction.since)!,
      unsure: bind("actionUnsure", t.needsAction.unsure)!,
    },
  };
  const shape = [
    t.from !== undefined && "from",
    t.to !== undefined && "to",
    t.courier !== undefined && "courier",
    t.lost !== undefined && `lost=${Number(t.lost)}`,
    t.nextDay !== undefined && `next_day=${Number(t.nextDay)}`,
    `tags=${t.tags.length}`,
    t.search !== undefined && "search",
    t.parcelStatus !== undefined && "status",
    t.flagged && "flagged",
    t.orderQuestion && "order_question",
    t.ids !== undefined && "ids",
    t.needsAction !== undefined && "needs_action",
  ].filter(Boolean).join("&");
  return { shape, terms, values };
}

/**
 * The WHERE conditions for one user's labels under the terms (use with and(...)). `byMatches`: the labels are
 * read from the search's matches, each looked up by rowid: the owner is then checked with SQLite's unary `+`,
 * which keeps the planner off the user_id indexes (it would walk all of the user's labels; bench/README.md).
 * An id list (needs action) is read the same way, each label by its key: walking the user's 100,000 labels to
 * pick out 1,149 took 10x as long as looking them up and sorting them.
 */
export function termConditions(userId: number | Placeholder, t: LabelFilterTerms<string | Placeholder>, opts: { byMatches?: boolean } = {}): SQL[] {
  const byKey = opts.byMatches || t.ids !== undefined;
  const conds: SQL[] = [byKey ? sql`+${labels.userId} = ${userId}` : eq(labels.userId, userId)];
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
  if (t.search !== undefined) conds.push(searchCondition(userId, t.search));
  if (t.parcelStatus !== undefined) conds.push(parcelStatusCondition(t.parcelStatus as ParcelStatus | Placeholder));
  if (t.flagged) conds.push(eq(labels.potentiallyLost, true));
  // The labels_order_question index holds exactly these.
  if (t.orderQuestion) conds.push(isNotNull(labels.orderCandidatesJson));
  if (t.ids !== undefined) conds.push(inJsonList(labels.id, t.ids));
  if (t.needsAction) {
    const { day, since, unsure } = t.needsAction;
    conds.push(...inActionWindow(day, since), or(ne(labels.actionFrom, ACTION_CHECK_FROM), inJsonList(labels.id, unsure))!);
  }
  return conds;
}
