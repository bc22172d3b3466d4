import { sql, type Placeholder, type SQL } from "drizzle-orm";
import { labels } from "../db/schema";
import { searchWords } from "../../shared/list-options";

/**
 * The labels list's search box (GET /labels?q=…), over the full-text index labels_search (migration 0019): each
 * label's tracking code, the recipient's name and postcode (with and without its space), its tags and its notes.
 *
 * How what a user types matches:
 *  - every word must match (AND), in any of those fields, in any order: 'smith m1' finds John Smith in M1 1AE;
 *  - a word of 3 or more characters matches anywhere inside a field: part of a tracking code ('0399'), of a
 *    postcode written with or without its space ('sw1a1aa', 'sw1a 1aa'), of a name, tag or note;
 *  - a 2-character word matches the start of a word only ('jo' finds Jones, not Major): inside words, two
 *    letters would match almost everything;
 *  - 1-character words are left out, and words past the 8th (a search made of them only is refused);
 *  - case and accents are ignored ('zoe' finds Zoë), and a tracking code may be typed with dashes or dots.
 * Everything a user types goes into quoted FTS5 strings: no character of theirs is query syntax.
 */

const quoted = (s: string) => `"${s.replaceAll('"', '""')}"`;

/** One word (searchWords) as an FTS5 expression. */
function wordQuery(word: string): string {
  // The index starts each field with a space: ' jo' is 'jo' at the start of a word.
  if ([...word].length === 2) return quoted(` ${word}`);
  // A tracking code is stored without its separators (H01-712-98 → H0171298).
  const bare = word.replace(/[-.]/g, "");
  return bare !== word && [...bare].length >= 3 ? `(${quoted(word)} OR ${quoted(bare)})` : quoted(word);
}

/** The FTS5 query for what the user typed, or null when nothing in it can be searched (searchWords). */
export function searchQuery(q: string | undefined): string | null {
  const words = searchWords(q);
  return words.length ? words.map(wordQuery).join(" AND ") : null;
}

// The index's rowid is the owner's id * 2^32 + the label's rowid (migration 0019): one user's labels are one
// range, computed by SQLite from the bound user id (exact 64-bit integers).
const rangeStart = (userId: number | Placeholder) => sql`(${userId} * 4294967296)`;
const inUserRange = (userId: number | Placeholder) => sql`labels_search.rowid between ${rangeStart(userId)} and ${rangeStart(userId)} + 4294967295`;

/** The labels of `userId` whose indexed text matches `match` (a searchQuery answer, or placeholders bound to them). */
export const searchCondition = (userId: number | Placeholder, match: string | Placeholder): SQL =>
  sql`${labels}.rowid in (select labels_search.rowid - ${rangeStart(userId)} from labels_search where ${searchMatches(userId, match)})`;

/** The index's rows of the user's labels that match (use in a read from `labels_search`). */
export const searchMatches = (userId: number | Placeholder, match: string | Placeholder): SQL => sql`labels_search match ${match} and ${inUserRange(userId)}`;
