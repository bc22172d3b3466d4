/**
 * The labels list's choices, shared by the API (its validation and SQL) and the web app (its controls): plain
 * values and one pure function, importing only plain values, so the browser bundle takes them as they are.
 */

import { PARCEL_STATUSES } from "./parcel-statuses";

export { PARCEL_STATUSES, type ParcelStatus } from "./parcel-statuses";

/**
 * The status filter: a parcel status, one of the two flags a parcel carries beside it (worker/labels/status.ts), or
 * the labels asking which marketplace order they are for (issue 34).
 */
export const STATUS_FILTERS = [...PARCEL_STATUSES, "potentially_lost", "needs_action", "order_question"] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** How the labels list can be ordered: newest or oldest first (created), or the most recently updated first. */
export const LIST_SORTS = ["newest", "oldest", "updated"] as const;
export type ListSort = (typeof LIST_SORTS)[number];

/** The longest search: a pasted tracking code or a name and postcode fit many times over. */
export const MAX_SEARCH_LENGTH = 100;
/** Words past this many are left out (each one is another pass over the index). */
const MAX_SEARCH_WORDS = 8;

/**
 * The words a search is made of: lower case, punctuation around each dropped ('smith,' is 'smith'), words of
 * fewer than 2 characters left out, each once, at most 8. None: nothing in the text can be searched.
 */
export function searchWords(q: string | undefined): string[] {
  const words = (q ?? "")
    .normalize("NFKC")
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""))
    .filter((w) => [...w].length >= 2);
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}
