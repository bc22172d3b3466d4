/**
 * 'Download my data' benchmark, inside workerd with the real D1 (SQLite) and R2: one account of BENCH_LABELS labels
 * (100,000: addresses, three tracking events each, a tenth tagged, a fifth with a buyer's e-mail) and BENCH_FILES
 * originals of BENCH_FILE_KB each (2,000 × 1,024 KB: 2 GB), exported by the build's own slices (DEFAULT_SLICE, as the
 * queue runs them) until done. Counts every D1 statement and R2 call the build makes (the bindings wrapped), times each
 * slice, and streams the archive to the driver (bench/export.ts), which checks it with unzip and Python and samples
 * workerd's memory. Not part of the worker suite: bench/export.ts runs it through bench/workerd-bench.config.ts.
 */
import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect, inject, it } from "vitest";
import { getDb } from "../../worker/db/client";
import { DEFAULT_SLICE, runExportSlice } from "../../worker/privacy/export-build";
import { requestExport } from "../../worker/privacy/export";

// The address of bench/export-receiver.ts, the driver's loopback server.
declare module "vitest" {
  // biome-ignore lint/suspicious/noExportsInTest: vitest's provided values are typed by augmenting its module
  export interface ProvidedContext {
    exportReceiver: string;
  }
}

const vars = env as unknown as { BENCH_LABELS?: string; BENCH_FILES?: string; BENCH_FILE_KB?: string };
const LABELS = Number(vars.BENCH_LABELS ?? 100_000);
const FILES = Number(vars.BENCH_FILES ?? 2_000);
const FILE_BYTES = Number(vars.BENCH_FILE_KB ?? 1024) * 1024;

/** D1 with every executed statement counted (a batch counts each of its statements). */
function countingD1(db: D1Database) {
  const counts = { statements: 0, batches: 0 };
  const watch = (s: D1PreparedStatement): D1PreparedStatement => {
    for (const m of ["all", "raw", "run", "first"] as const) {
      const original = (s[m] as (...a: unknown[]) => unknown).bind(s);
      (s as unknown as Record<string, unknown>)[m] = (...a: unknown[]) => {
        counts.statements++;
        return original(...a);
      };
    }
    const bind = s.bind.bind(s);
    s.bind = (...values: unknown[]) => watch(bind(...values));
    return s;
  };
  const wrapped = Object.create(db) as D1Database;
  wrapped.prepare = (query: string) => watch(db.prepare(query));
  wrapped.batch = (statements: D1PreparedStatement[]) => {
    counts.batches++;
    counts.statements += statements.length;
    return db.batch(statements);
  };
  return { db: wrapped, counts };
}

/** R2 with every call counted (parts uploaded too). */
function countingR2(bucket: R2Bucket) {
  const counts: Record<string, number> = {};
  const counted =
    <A extends unknown[], R>(name: string, fn: (...a: A) => R) =>
    (...a: A): R => {
      counts[name] = (counts[name] ?? 0) + 1;
      return fn(...a);
    };
  const upload = (u: R2MultipartUpload): R2MultipartUpload => ({
    key: u.key,
    uploadId: u.uploadId,
    uploadPart: counted("uploadPart", u.uploadPart.bind(u)),
    abort: counted("abort", u.abort.bind(u)),
    complete: counted("complete", u.complete.bind(u)),
  });
  const wrapped = {
    head: counted("head", bucket.head.bind(bucket)),
    get: counted("get", bucket.get.bind(bucket)),
    put: counted("put", bucket.put.bind(bucket)),
    delete: counted("delete", bucket.delete.bind(bucket)),
    list: counted("list", bucket.list.bind(bucket)),
    createMultipartUpload: counted("createMultipartUpload", async (k: string, o?: R2MultipartOptions) => upload(await bucket.createMultipartUpload(k, o))),
    resumeMultipartUpload: counted("resumeMultipartUpload", (k: string, id: string) => upload(bucket.resumeMultipartUpload(k, id))),
  } as unknown as R2Bucket;
  return { bucket: wrapped, counts };
}

async function seed(now: number): Promise<number> {
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  const { meta } = await env.DB.prepare("INSERT INTO users (email, password_hash, company_name) VALUES ('bench-export@parcelhive.test', 'x', 'Bench Ltd')").run();
  const userId = Number(meta.last_row_id);
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?1 - 1)
     INSERT INTO label_files (id, user_id, r2_key, name, mime, size, pages, created_at)
     SELECT 'file_bench_' || printf('%06d', i), ?2, ?5 || printf('%06d', i), 'label ' || i || '.pdf', 'application/pdf', ?3, 1, ?4 - i FROM n`,
  )
    // The key's prefix built here: a number bound to D1 may be read as a REAL ('labels/1.0/…') in a string.
    .bind(Math.max(FILES, 1), userId, FILE_BYTES, now, `labels/${userId}/file_bench_`)
    .run();
  const events = `json_array(
      json_object('dateTime', '2026-11-0' || (1 + i % 3) || 'T10:00:00Z', 'trackingPoint', json_object('description', 'Delivered to ' || 'Recipient ' || i)),
      json_object('dateTime', '2026-10-31T08:00:00Z', 'trackingPoint', json_object('description', 'Out for delivery')),
      json_object('dateTime', '2026-10-30T18:00:00Z', 'trackingPoint', json_object('description', 'At the hub in Leeds')))`;
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
     INSERT INTO labels (id, user_id, courier, tracking_code, details_json, notes, tags_json, source, file_id, file_page, shipped_on,
                         tracking_json, tracking_status, delivered_at, buyer_email, created_at, updated_at)
     SELECT 'lbl_bench_' || i, ?2, 'evri', 'H01BE' || printf('%011d', i),
            json_object('courier', 'evri', 'trackingCode', 'H01BE' || printf('%011d', i), 'countryCode', 'GB',
              'address', json_object('name', 'Recipient ' || i, 'address', json_array(i || ' High Street', 'Leeds'), 'postcode', 'LS1 4AP', 'countryCode', 'GB'),
              'fromAddress', json_object('name', 'Bench Ltd', 'address', json_array('1 Mill Lane', 'York'), 'postcode', 'YO1 7HH', 'countryCode', 'GB'),
              'weightInGrams', 200 + i % 1800, 'dimensionsCm', json_array(30, 20, 10), 'serviceCode', 'NEXT DAY', 'isNextDay', json('true'),
              'shippingLabelCreatedAt', '2026-10-30T09:00:00Z'),
            CASE WHEN i % 4 = 0 THEN 'leave with neighbour' ELSE '' END,
            CASE WHEN i % 10 = 0 THEN '["ebay"]' ELSE '[]' END, 'upload',
            CASE WHEN ?3 > 0 THEN 'file_bench_' || printf('%06d', i % ?3) END, 1, '2026-10-30',
            json_object('results', json_array(json_object('trackingEvents', ${events}))), 'delivered', ?4 - 86400000,
            CASE WHEN i % 5 = 0 THEN 'buyer' || i || '@example.com' END, ?4 - i * 1000, ?4
     FROM n`,
  )
    .bind(LABELS, userId, FILES, now)
    .run();
  await env.DB.prepare("INSERT INTO label_tags (label_id, user_id, tag) SELECT id, user_id, 'ebay' FROM labels WHERE tags_json = '[\"ebay\"]'").run();
  // Originals: a MiB of noise, each file's first bytes its own (R2 stores each object whole).
  const noise = new Uint8Array(FILE_BYTES);
  for (let o = 0; o < noise.length; o += 65536) crypto.getRandomValues(noise.subarray(o, Math.min(noise.length, o + 65536)));
  for (let i = 0; i < FILES; i++) {
    new DataView(noise.buffer).setUint32(0, i);
    await env.FILES.put(`labels/${userId}/file_bench_${String(i).padStart(6, "0")}`, noise);
  }
  return userId;
}

it(`exports ${LABELS} labels and ${FILES} originals`, async () => {
  const now = Date.now();
  const seedStarted = Date.now();
  const userId = await seed(now);
  console.log(`BENCH seeded ${LABELS} labels and ${FILES} x ${FILE_BYTES / 1024} KB originals in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);

  const d1 = countingD1(env.DB);
  const r2 = countingR2(env.FILES);
  const db = getDb(d1.db);
  const jobs = { send: async () => {}, sendBatch: async () => {} } as unknown as Queue;
  const row = await requestExport({ JOBS: jobs, FILES: r2.bucket }, db, { id: userId }, now + 1);
  const build = { ...env, FILES: r2.bucket };
  const slices: { ms: number; statements: number }[] = [];
  const started = Date.now();
  console.log(`BENCH export-start ${started}`);
  for (;;) {
    const before = d1.counts.statements;
    const t = Date.now();
    const result = await runExportSlice(build, db, row.id, DEFAULT_SLICE);
    slices.push({ ms: Date.now() - t, statements: d1.counts.statements - before });
    if (result === "done") break;
    expect(result).toBe("more");
  }
  const ended = Date.now();
  console.log(`BENCH export-end ${ended}`);
  const done = (await env.DB.prepare("SELECT size, r2_key FROM data_exports WHERE id = ?").bind(row.id).first<{ size: number; r2_key: string }>())!;
  const worst = [...slices].sort((a, b) => b.ms - a.ms)[0];
  console.log(
    `BENCH result ${JSON.stringify({
      labels: LABELS,
      files: FILES,
      fileKB: FILE_BYTES / 1024,
      originalsMB: Math.round((FILES * FILE_BYTES) / 1024 / 1024),
      seconds: (ended - started) / 1000,
      slices: slices.length,
      slowestSliceMs: worst.ms,
      maxStatementsInASlice: Math.max(...slices.map((s) => s.statements)),
      d1Statements: d1.counts.statements,
      d1Batches: d1.counts.batches,
      r2: r2.counts,
      archiveMB: Math.round(done.size / 1024 / 1024),
    })}`,
  );

  // The archive to the driver, for unzip and Python, in pieces of 64 MiB (byte ranges of the R2 object).
  const PIECE = 64 * 1024 * 1024;
  for (let offset = 0; offset < done.size; offset += PIECE) {
    const length = Math.min(PIECE, done.size - offset);
    const object = (await env.FILES.get(done.r2_key, { range: { offset, length } })) as R2ObjectBody;
    const sent = await fetch(`${inject("exportReceiver")}/archive?offset=${offset}`, { method: "PUT", body: object.body, headers: { "content-length": String(length) } });
    expect(await sent.json()).toEqual({ bytes: length });
  }
});
