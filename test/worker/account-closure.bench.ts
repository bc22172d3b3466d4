/**
 * Closing a large account: 100,000 labels (a tenth tagged, half with a buyer's e-mail, 1% with a shared buyer page),
 * one original in R2 per ten labels, 2,000 labels in Recently deleted, a debit per label in the ledger, webhooks and
 * buyer unsubscribes, seeded by SQL in workerd's real D1 and R2. Then the closing as the app runs it: the request's
 * part (closeAccount), and the queue's `account.close` messages one after another until the account is gone. Counts
 * every D1 query each message makes (a statement prepared on a counting session) and times both parts.
 *
 *   node bench/account-closure.ts      (BENCH_LABELS, BENCH_FILES to change; bench/README.md 'Closing an account')
 * Not part of the worker suite (not a *.test.ts).
 */
import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect, it } from "vitest";
import { DbSessions } from "../../worker/db/sessions";
import { closeAccount } from "../../worker/privacy/account-closure";
import { runAccountErasure } from "../../worker/privacy/account-erasure";
import { countedD1 } from "./counted-d1";

const vars = env as unknown as { BENCH_LABELS?: string; BENCH_FILES?: string };
const LABELS = Number(vars.BENCH_LABELS ?? 100_000);
const FILES = Number(vars.BENCH_FILES ?? LABELS / 10);
const DELETED = Math.min(2_000, Math.floor(LABELS / 50));

/** Sessions whose D1 statements are counted (each prepared statement is one D1 query). */
function counting() {
  let queries = 0;
  const counted = (d1: D1Database) => countedD1(d1, () => queries++);
  const bindings = { ...env, DB: counted(env.DB) };
  return { env: bindings as Env, sessions: new DbSessions(bindings, () => "first-primary"), queries: () => queries };
}

async function seed(now: number): Promise<number> {
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  const user = await env.DB.prepare("INSERT INTO users (email, password_hash, email_verified) VALUES ('big@parcelhive.test', 'x', 1) RETURNING id").first<{ id: number }>();
  const id = user!.id;
  const run = (q: string, ...args: unknown[]) => env.DB.prepare(q).bind(...args).run();
  await run("INSERT INTO credit_ledger (user_id, delta, reason, reference) VALUES (?1, ?2, 'purchase', 'bench')", id, LABELS * 2);
  await run(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
     INSERT INTO label_files (id, user_id, r2_key, name, mime, size, pages) SELECT 'file_' || i, ?1, 'labels/' || ?1 || '/file_' || i, 'sheet-' || i || '.pdf', 'application/pdf', 2048, 10 FROM n`,
    id,
    FILES,
  );
  await run(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
     INSERT INTO labels (id, user_id, courier, tracking_code, details_json, tags_json, source, file_id, file_page, shipped_on, weight_grams, is_next_day,
                         buyer_email, page_token, created_at, updated_at)
     SELECT 'lbl_big_' || i, ?1, 'evri', 'H01BG' || printf('%011d', i),
            json_object('address', json_object('name', 'Recipient ' || i, 'address', json_array('1 High Street'), 'postcode', 'LS1 1AA')),
            CASE WHEN i % 10 = 0 THEN '["ebay"]' ELSE '[]' END, 'upload', 'file_' || (1 + (i % CAST(?3 AS INTEGER))), 1 + (i % 10),
            date('2026-01-01', '+' || (i % 300) || ' days'), 100 + i % 2000, i % 2,
            CASE WHEN i % 2 = 0 THEN 'buyer' || i || '@example.com' END, CASE WHEN i % 100 = 0 THEN 'page' || printf('%020d', i) END, ?4, ?4
     FROM n`,
    id,
    LABELS,
    FILES,
    now,
  );
  await run("INSERT INTO label_tags (label_id, user_id, tag) SELECT id, user_id, 'ebay' FROM labels WHERE user_id = ?1 AND tags_json = '[\"ebay\"]'", id);
  await run("INSERT INTO credit_ledger (user_id, delta, reason, reference) SELECT user_id, -1, 'label', id FROM labels WHERE user_id = ?1", id);
  await run("INSERT INTO tracking_page_tokens (token, user_id) SELECT page_token, user_id FROM labels WHERE user_id = ?1 AND page_token IS NOT NULL", id);
  // Recently deleted: the first labels moved there as a deletion moves them.
  const { trashStatements } = await import("../../worker/labels/trash");
  const { sqlBatch } = await import("../../worker/db/prepared");
  const ids = (await env.DB.prepare("SELECT id FROM labels WHERE user_id = ?1 ORDER BY id LIMIT ?2").bind(id, DELETED).all<{ id: string }>()).results.map((r) => r.id);
  for (let i = 0; i < ids.length; i += 250) await sqlBatch(env.DB, trashStatements(id, JSON.stringify(ids.slice(i, i + 250)), now));
  await run("INSERT INTO webhook_endpoints (id, user_id, url, events_json, secret) VALUES ('whe_big', ?1, 'https://hooks.example.com/x', '[\"label.created\"]', 'whsec_x')", id);
  await run(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200)
     INSERT INTO buyer_unsubscribes (user_id, address_mac, at) SELECT ?1, 'mac' || printf('%040d', i), ?2 FROM n`,
    id,
    now,
  );
  const body = new Uint8Array(2048).fill(37);
  for (let i = 1; i <= FILES; i += 50) await Promise.all(Array.from({ length: Math.min(50, FILES - i + 1) }, (_, k) => env.FILES.put(`labels/${id}/file_${i + k}`, body)));
  return id;
}

it(`closes an account of ${LABELS} labels and ${FILES} originals within D1's limits`, async () => {
  const now = Date.now();
  const t0 = Date.now();
  const userId = await seed(now);
  const seedMs = Date.now() - t0;
  console.log(`BENCH-MARK closing-start ${Date.now()}`);

  const request = counting();
  const t1 = Date.now();
  await closeAccount({ ...request.env, JOBS: { send: async () => {}, sendBatch: async () => {} } as unknown as Queue }, request.sessions, userId, { byAdmin: false, deleteMail: false });
  const requestMs = Date.now() - t1;
  const requestQueries = request.queries();

  const messages: { ms: number; queries: number }[] = [];
  const t2 = Date.now();
  for (let done = false; !done; ) {
    const m = counting();
    const started = Date.now();
    done = await runAccountErasure({ ...m.env, JOBS: { send: async () => {}, sendBatch: async () => {} } as unknown as Queue }, m.sessions.db(), userId);
    messages.push({ ms: Date.now() - started, queries: m.queries() });
    expect(messages.length).toBeLessThan(10_000);
  }
  const queueMs = Date.now() - t2;
  console.log(`BENCH-MARK closing-end ${Date.now()}`);

  const left = await env.DB.prepare("SELECT (SELECT count(*) FROM labels) + (SELECT count(*) FROM deleted_labels) + (SELECT count(*) FROM credit_ledger) + (SELECT count(*) FROM users) AS n").first<{ n: number }>();
  const objects = (await env.FILES.list()).objects.length;
  const queries = messages.map((m) => m.queries);
  const result = {
    labels: LABELS,
    originals: FILES,
    recentlyDeleted: DELETED,
    seedMs,
    request: { ms: requestMs, d1Queries: requestQueries },
    queue: {
      messages: messages.length,
      ms: queueMs,
      d1Queries: queries.reduce((a, b) => a + b, 0),
      maxQueriesPerMessage: Math.max(...queries),
      maxMessageMs: Math.max(...messages.map((m) => m.ms)),
      medianMessageMs: [...messages.map((m) => m.ms)].sort((a, b) => a - b)[Math.floor(messages.length / 2)],
    },
    rowsLeft: left?.n,
    objectsLeft: objects,
  };
  console.log(JSON.stringify(result, null, 2));
  expect(result.rowsLeft).toBe(0);
  expect(objects).toBe(0);
  expect(result.queue.maxQueriesPerMessage).toBeLessThan(1000);
});
