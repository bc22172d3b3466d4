import { getDb, type Db } from "./client";
import { d1Binding, HOME_DATABASE, userDatabase } from "./databases";

/** The database each session's Db works on and the sessions it belongs to, for the jobs it queues (lib/jobs.ts). */
const opener = new WeakMap<Db, { name: string; sessions: DbSessions }>();

/** The name of the database `db` works on (a Db made outside sessions, in a test, is the home database). */
export function databaseOf(db: Db): string {
  return opener.get(db)?.name ?? HOME_DATABASE;
}

/**
 * An account across databases: the directory (who the user is, their Stripe customer, Stripe's tables) and the
 * user's own database (their balance, ledger and labels); `both` lists each once (one database: the same one).
 */
export interface AccountDbs {
  directory: Db;
  user: Db;
  both: Db[];
}

export const accountDbs = (directory: Db, user: Db): AccountDbs => ({ directory, user, both: [...new Set([directory, user])] });

/**
 * The directory (home database) of the same unit of work as `db`: what is kept once across databases (the carrier
 * call budget) is reached from wherever the work runs. A Db made outside sessions (a test's) is its own directory.
 */
export function directoryOf(db: Db): Db {
  return opener.get(db)?.sessions.db() ?? db;
}

/**
 * Every D1 query goes through a Sessions API session (D1 read replication): reads are served by a nearby replica
 * that is at least as new as where the session started, writes go to the primary, and the session's bookmark says
 * how new a later session must be to see everything this one did.
 *
 * A request starts each database's session from the bookmark the client sent back (the `x-d1-bookmark` header, kept
 * by the web client and sent on every call): a user reads their own writes from the previous request even when a
 * replica serves the read. A request that writes (any method but GET/HEAD) starts at the primary ('first-primary'),
 * so what it reads to decide (a balance, a refresh token, whether a code exists) is the latest. Background work
 * (queue messages, cron passes, inbound mail) starts at the primary for the same reason. A GET without a bookmark
 * (a new browser) may read any replica ('first-unconstrained').
 */
export const BOOKMARK_HEADER = "x-d1-bookmark";

/**
 * A D1 bookmark as Cloudflare documents it (Time Travel, 'Bookmarks') and as the local runtime returns it: three
 * 8-digit hex counters and a 32-digit hex hash. Bookmarks of one database sort lexicographically, oldest first.
 */
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;
const DATABASE_NAME = /^[A-Z][A-Z0-9_]{0,63}$/;
const MAX_HEADER_LENGTH = 4096;

/**
 * The header lists one bookmark per database (`DB=<bookmark>,DB_2=<bookmark>`), since a user's data and the
 * directory may live in different databases (worker/db/databases.ts). An entry that is not a well-formed name and
 * bookmark is dropped: it never reaches D1, and that database's session starts as if none was sent.
 */
export function parseBookmarks(header: string | null | undefined): Map<string, string> {
  const bookmarks = new Map<string, string>();
  if (!header || header.length > MAX_HEADER_LENGTH) return bookmarks;
  for (const entry of header.split(",")) {
    const [name, bookmark, extra] = entry.trim().split("=");
    if (extra === undefined && DATABASE_NAME.test(name ?? "") && BOOKMARK.test(bookmark ?? "")) {
      const earlier = bookmarks.get(name);
      if (earlier === undefined || bookmark > earlier) bookmarks.set(name, bookmark);
    }
  }
  return bookmarks;
}

type SessionStart = D1SessionConstraint | D1SessionBookmark;

/** The databases one unit of work (a request, a queue message, a cron pass, a mail) reads and writes, one session each. */
export class DbSessions {
  private readonly opened = new Map<string, { session: D1DatabaseSession; db: Db }>();

  constructor(
    private readonly env: Pick<Env, "DB">,
    private readonly startOf: (database: string) => SessionStart,
  ) {}

  /** The database called `name`, through this work's session on it (opened on first use). */
  db(name: string = HOME_DATABASE): Db {
    let open = this.opened.get(name);
    if (!open) {
      const d1 = d1Binding(this.env, name);
      if (!d1) throw new Error(`No D1 database '${name}' is configured`);
      const session = d1.withSession(this.startOf(name));
      open = { session, db: getDb(session) };
      opener.set(open.db, { name, sessions: this });
      this.opened.set(name, open);
    }
    return open.db;
  }

  /** The database holding `userId`'s data (the one routing function, worker/db/databases.ts), through its session. */
  async ofUser(userId: number): Promise<Db> {
    return this.db(await userDatabase(this.env, this.db(), userId));
  }

  /** `userId`'s account across the directory and their own database. */
  async account(userId: number): Promise<AccountDbs> {
    return accountDbs(this.db(), await this.ofUser(userId));
  }

  /** The header value naming each touched database's newest bookmark, or null when none has one yet. */
  bookmarks(): string | null {
    const entries: string[] = [];
    for (const [name, { session }] of this.opened) {
      const bookmark = session.getBookmark();
      if (bookmark) entries.push(`${name}=${bookmark}`);
    }
    return entries.length ? entries.join(",") : null;
  }
}

/** A request's sessions: reads continue from the client's bookmarks, writes start at the primary. */
export function requestSessions(env: Pick<Env, "DB">, request: Request): DbSessions {
  if (request.method !== "GET" && request.method !== "HEAD") return primarySessions(env);
  const sent = parseBookmarks(request.headers.get(BOOKMARK_HEADER));
  return new DbSessions(env, (name) => sent.get(name) ?? "first-unconstrained");
}

/** Sessions for background work (a queue message, a cron pass, an inbound mail): they decide on what they read and write, so they start at the primary. */
export function primarySessions(env: Pick<Env, "DB">): DbSessions {
  return new DbSessions(env, () => "first-primary");
}
