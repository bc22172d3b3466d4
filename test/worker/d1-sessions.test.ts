import { createExecutionContext, createMessageBatch, createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import app from "../../worker/app";
import { BOOKMARK_HEADER, parseBookmarks } from "../../worker/db/sessions";
import { handleEmail } from "../../worker/handlers/email";
import { handleQueue } from "../../worker/handlers/queue";
import { handleScheduled } from "../../worker/handlers/scheduled";
import type { ApiLabel } from "../../shared/label";
import type { JobMessage } from "../../worker/lib/jobs";
import { inboundMessage, plainText } from "../fixtures/mail/messages";
import { call, createUser } from "./helpers";
import { evriCode } from "./labels-fixtures";

/** One bookmark as D1 documents it and the local runtime returns it. */
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

/** The home database's bookmark in an answer (the header names each database: `DB=<bookmark>`). */
function homeBookmark(res: Response): string {
  const header = res.headers.get(BOOKMARK_HEADER);
  expect(header, `${BOOKMARK_HEADER} on ${res.url}`).toMatch(/^DB=/);
  const bookmark = header!.slice("DB=".length);
  expect(bookmark).toMatch(BOOKMARK);
  return bookmark;
}

const withBookmark = (bookmark: string) => ({ [BOOKMARK_HEADER]: `DB=${bookmark}` });

describe("read your own writes across requests, through the bookmark", () => {
  it("create, then list, then edit, then read: each answer carries a bookmark at least as new as the one sent", async () => {
    const u = await createUser({ credits: 5 });
    const code = evriCode();

    const created = await call("/api/v1/label/manual", { method: "POST", token: u.token, json: { courier: "evri", trackingCode: code, fields: { recipientPostcode: "SW1A 1AA" } } });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const afterCreate = homeBookmark(created);

    const listed = await call("/api/v1/labels", { token: u.token, headers: withBookmark(afterCreate) });
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { results: ApiLabel[] }).results.map((l) => l.id)).toEqual([id]);
    const afterList = homeBookmark(listed);
    expect(afterList >= afterCreate).toBe(true);

    const edited = await call(`/api/v1/label/${id}`, { method: "PUT", token: u.token, headers: withBookmark(afterList), json: { notes: "Left with the neighbour", tags: ["ebay"] } });
    expect(edited.status).toBe(200);
    const afterEdit = homeBookmark(edited);
    // A write moves the database on: the next read must start at or after it.
    expect(afterEdit > afterList).toBe(true);

    const read = await call(`/api/v1/label/${id}`, { token: u.token, headers: withBookmark(afterEdit) });
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ id, notes: "Left with the neighbour", tags: ["ebay"] });
    expect(homeBookmark(read) >= afterEdit).toBe(true);
  });

  it("starts a read from the bookmark it was sent: a call that reads nothing answers that same bookmark", async () => {
    const u = await createUser();
    const sent = homeBookmark(await call("/api/v1/user", { token: u.token }));
    // The couriers call reads no table: its session never moved from where it started.
    const res = await call("/api/v1/couriers", { headers: withBookmark(sent) });
    expect(res.status).toBe(200);
    expect(homeBookmark(res)).toBe(sent);
    // Without a bookmark such a call has none to give.
    expect((await call("/api/v1/couriers")).headers.get(BOOKMARK_HEADER)).toBeNull();
  });

  it("answers a bookmark at least as new as the one sent, on reads and on writes", async () => {
    const u = await createUser();
    const sent = homeBookmark(await call("/api/v1/user", { token: u.token }));
    const read = await call("/api/v1/labels", { token: u.token, headers: withBookmark(sent) });
    expect(homeBookmark(read) >= sent).toBe(true);
    const write = await call("/api/v1/user/profile", { method: "PUT", token: u.token, headers: withBookmark(sent), json: { company_name: "Parcel & Co" } });
    expect(write.status).toBe(200);
    expect(homeBookmark(write) > sent).toBe(true);
  });

  it("never hands D1 a malformed bookmark: the call is answered and its bookmark is D1's own", async () => {
    const u = await createUser();
    // Sorts after every real bookmark: had it reached D1, the session would have kept it as its newest.
    for (const header of ["DB=zzzz-not-a-bookmark", "DB=ffffffff-ffffffff-ffffffff-0000000000000000000000000000000g", "garbage", `DB=${"0".repeat(5000)}`]) {
      const res = await call("/api/v1/labels", { token: u.token, headers: { [BOOKMARK_HEADER]: header } });
      expect(res.status, header).toBe(200);
      expect(homeBookmark(res)).toMatch(BOOKMARK);
    }
  });
});

describe("the bookmark header", () => {
  const a = "00000085-0000024c-00004c6d-8e61117bf38d7adb71b934ebbf891683";
  const b = "00000085-0000024d-00000000-00000000000000000000000000000000";

  it("keeps one bookmark per database, the newest when a database is named twice", () => {
    expect(parseBookmarks(`DB=${b},DB_2=${a},DB=${a}`)).toEqual(
      new Map([
        ["DB", b],
        ["DB_2", a],
      ]),
    );
  });

  it("drops entries that are not a database name and a well-formed bookmark", () => {
    expect(parseBookmarks(`db=${a},DB=${a}=x,DB_2=${a.toUpperCase()},DB;DROP=${a},DB_4 = ${b}, DB_3=${b}`)).toEqual(new Map([["DB_3", b]]));
    expect(parseBookmarks(null)).toEqual(new Map());
    expect(parseBookmarks(`DB=${a},`.repeat(200))).toEqual(new Map());
  });
});

/**
 * The app's env with a home database that only answers through sessions: a query on the binding itself throws.
 * `starts` records where each session began.
 */
function sessionsOnly() {
  const starts: string[] = [];
  const refuse = () => {
    throw new Error("queried the D1 binding outside a session");
  };
  const DB = {
    withSession: (start?: string) => {
      starts.push(start ?? "(none)");
      return env.DB.withSession(start);
    },
    prepare: refuse,
    batch: refuse,
    exec: refuse,
  } as unknown as D1Database;
  return { env: { ...env, DB }, starts };
}

describe("every path reaches D1 through a session", () => {
  it("requests: reads start where the client left off or anywhere, writes at the primary", async () => {
    const { env: appEnv, starts } = sessionsOnly();
    const u = await createUser({ credits: 2 });
    const ctx = createExecutionContext();
    const req = (path: string, init: RequestInit = {}) => app.fetch(new Request(`http://localhost${path}`, init), appEnv, ctx);
    const auth = { Authorization: `Bearer ${u.token}` };

    const created = await req("/api/v1/label/manual", {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ courier: "evri", trackingCode: evriCode(), fields: { recipientPostcode: "SW1A 1AA" } }),
    });
    expect(created.status).toBe(201);
    const bookmark = homeBookmark(created);
    expect((await req("/api/v1/labels", { headers: auth })).status).toBe(200);
    expect((await req("/api/v1/labels", { headers: { ...auth, ...withBookmark(bookmark) } })).status).toBe(200);
    expect(starts).toEqual(["first-primary", "first-unconstrained", bookmark]);
  });

  it("the cron pass, a queue message and an inbound mail start at the primary", async () => {
    const { env: jobEnv, starts } = sessionsOnly();
    await handleScheduled(createScheduledController({ scheduledTime: Date.now(), cron: "*/15 * * * *" }), jobEnv);
    expect(starts).toEqual(["first-primary"]);

    const batch = createMessageBatch<JobMessage>("parcelhive-jobs", [{ id: "m1", timestamp: new Date(), attempts: 1, body: { type: "lost.notify", labelId: "lbl_gone" } }]);
    await handleQueue(batch, jobEnv);
    expect(starts).toEqual(["first-primary", "first-primary"]);

    const { message, outcome } = inboundMessage(plainText({ subject: "Sessions", messageId: "<sessions-1@example.com>" }));
    await handleEmail(message, jobEnv);
    expect(outcome.rejected).toBeNull();
    expect(starts).toEqual(["first-primary", "first-primary", "first-primary"]);
  });
});
