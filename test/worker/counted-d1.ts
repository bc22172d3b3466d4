/**
 * A D1 binding that counts its queries: every statement prepared in one of its sessions is one D1 query, as D1 counts
 * them against an invocation's 1,000. The app reaches D1 only through sessions (d1-sessions.test.ts), so that is all
 * it serves. Used by the tests and benches that hold a job to its query budget.
 */
export function countedD1(d1: D1Database, onQuery: () => void): D1Database {
  return {
    withSession: (start: D1SessionConstraint | D1SessionBookmark) => {
      const s = d1.withSession(start);
      const prepare = (q: string) => {
        onQuery();
        return s.prepare(q);
      };
      return { prepare, batch: (b: D1PreparedStatement[]) => s.batch(b), getBookmark: () => s.getBookmark() };
    },
  } as unknown as D1Database;
}
