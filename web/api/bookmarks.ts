/**
 * D1 bookmarks (worker/db/sessions.ts): the server answers each call with `x-d1-bookmark`, one bookmark per database
 * it used (`DB=<bookmark>,…`), saying where a later read must start to see what this call read and wrote. The
 * browser keeps the newest per database and sends them on every call, so a read served by a nearby replica never
 * goes back before what this browser wrote or saw, in this tab or another (local storage is shared by the tabs;
 * bookmarks of one database sort oldest to newest, so the greater one wins).
 */
export const BOOKMARK_HEADER = "x-d1-bookmark";
const KEY = "d1_bookmarks";

function entries(value: string | null): [string, string][] {
  if (!value) return [];
  return value.split(",").flatMap((entry) => {
    const [name, bookmark, extra] = entry.split("=");
    return name && bookmark && extra === undefined ? [[name.trim(), bookmark.trim()] as [string, string]] : [];
  });
}

function stored(): string | null {
  try {
    const value = localStorage.getItem(KEY);
    // Only what answers brought: anything else (edited by hand) would make every call fail to send.
    return value && /^[\w=,-]+$/.test(value) ? value : null;
  } catch {
    return null; // storage blocked: calls go without, reads may then start at any replica
  }
}

export const bookmarks = {
  /** The header value to send, or null before the first answer. */
  current: stored,
  /** Keeps the newer of each database's stored bookmark and the one an answer carried. */
  keep(answer: string | null) {
    const newer = entries(answer);
    if (!newer.length) return;
    const merged = new Map(entries(stored()));
    for (const [name, bookmark] of newer) {
      const held = merged.get(name);
      if (held === undefined || bookmark > held) merged.set(name, bookmark);
    }
    try {
      localStorage.setItem(KEY, [...merged].map(([name, bookmark]) => `${name}=${bookmark}`).join(","));
    } catch {
      /* storage full or blocked: the next call starts from what was kept before */
    }
  },
};
